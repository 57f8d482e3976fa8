//! Test harness: the app's commands called through Tauri's IPC with a mock runtime, as the UI calls
//! them (shared by the command tests).

use std::path::Path;

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{
    INVOKE_KEY, MockRuntime, get_ipc_response, mock_builder, mock_context, noop_assets,
};
use tauri::webview::InvokeRequest;
use tauri::{App, WebviewWindow, WebviewWindowBuilder};

use crate::app_builder;
use crate::review::ReviewJobs;
use crate::state::AppState;

pub(crate) struct Harness {
    _app: App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
}

pub(crate) fn harness(dir: &Path) -> Harness {
    review_harness(dir, ReviewJobs::default())
}

/// A harness whose reviews run through `jobs` (a clone of it stays with the test).
pub(crate) fn review_harness(dir: &Path, jobs: ReviewJobs) -> Harness {
    let app = app_builder(mock_builder())
        .manage(AppState::open(dir))
        .manage(jobs)
        .build(mock_context(noop_assets()))
        .unwrap();
    let webview = WebviewWindowBuilder::new(&app, "main", Default::default())
        .build()
        .unwrap();
    Harness { _app: app, webview }
}

impl Harness {
    pub(crate) fn invoke(&self, cmd: &str, args: Value) -> Result<Value, Value> {
        self.invoke_body(cmd, InvokeBody::Json(args))
    }

    /// A call with any body, JSON or raw bytes.
    pub(crate) fn invoke_body(&self, cmd: &str, body: InvokeBody) -> Result<Value, Value> {
        call(&self.webview, cmd, body)
    }

    /// The window, for a call from another thread (see [`call`]).
    pub(crate) fn webview(&self) -> WebviewWindow<MockRuntime> {
        self.webview.clone()
    }
}

/// A call through `webview`, from any thread.
pub(crate) fn call(
    webview: &WebviewWindow<MockRuntime>,
    cmd: &str,
    body: InvokeBody,
) -> Result<Value, Value> {
    {
        get_ipc_response(
            webview,
            InvokeRequest {
                cmd: cmd.into(),
                callback: CallbackFn(0),
                error: CallbackFn(1),
                url: "tauri://localhost".parse().unwrap(),
                body,
                headers: Default::default(),
                invoke_key: INVOKE_KEY.into(),
            },
        )
        .map(|body| body.deserialize::<Value>().unwrap())
    }
}

impl Harness {
    pub(crate) fn ok(&self, cmd: &str, args: Value) -> Value {
        self.invoke(cmd, args)
            .unwrap_or_else(|error| panic!("{cmd} failed: {error}"))
    }

    pub(crate) fn error_kind(&self, cmd: &str, args: Value) -> String {
        let error = self.invoke(cmd, args).expect_err("expected an error");
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{error}"
        );
        // Every refusal also comes as data the UI words: `{ "id": …, …params }`.
        assert!(
            error["detail"]["id"]
                .as_str()
                .is_some_and(|id| !id.is_empty()),
            "{error}"
        );
        error["kind"].as_str().unwrap().to_string()
    }
}
