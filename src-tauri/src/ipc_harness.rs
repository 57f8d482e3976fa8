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

/// The name you sit as at the harness's matches against the computer.
pub(crate) const YOUR_NAME: &str = "Ann";

/// A harness whose reviews run through `jobs` (a clone of it stays with the test).
pub(crate) fn review_harness(dir: &Path, jobs: ReviewJobs) -> Harness {
    let app = app_builder(mock_builder())
        .manage(AppState::open(dir))
        .manage(jobs)
        .manage(crate::commands::table::SeatingState::default())
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

/// What the webview hears from the table it sits at: every event, as JSON.
#[derive(Clone, Default)]
pub(crate) struct Heard(std::sync::Arc<std::sync::Mutex<Vec<Value>>>);

/// How long a test waits for the table.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

impl Heard {
    /// A channel whose events are kept here.
    pub(crate) fn channel(&self) -> tauri::ipc::Channel<crate::seat::SeatEvent> {
        let heard = self.0.clone();
        tauri::ipc::Channel::new(move |body| {
            if let tauri::ipc::InvokeResponseBody::Json(json) = body {
                let event = serde_json::from_str(&json).unwrap();
                heard.lock().unwrap().push(event);
            }
            Ok(())
        })
    }

    /// How many events came so far.
    pub(crate) fn count(&self) -> usize {
        self.0.lock().unwrap().len()
    }

    /// The table as the latest event left it.
    pub(crate) fn state(&self) -> Value {
        self.0
            .lock()
            .unwrap()
            .last()
            .map(|event| event["state"].clone())
            .unwrap_or(Value::Null)
    }

    /// Waits until the table's state is `what` says; that state.
    pub(crate) fn wait(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            let state = self.state();
            if done(&state) {
                return state;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "waited for {what}: {state}"
            );
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// Waits for any event after the first `seen`.
    fn wait_past(&self, seen: usize) {
        let deadline = std::time::Instant::now() + PATIENCE;
        while self.count() <= seen {
            assert!(std::time::Instant::now() < deadline, "nothing more heard");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }
}

/// Whether `state`'s view offers you a move.
pub(crate) fn your_move(state: &Value) -> bool {
    let game = &state["game"];
    state["over"].is_null()
        && game["observation"]["to_move"] == game["observation"]["seat"]
        && game["observation"]["legal_actions"]
            .as_array()
            .is_some_and(|a| !a.is_empty())
}

impl Harness {
    /// The app's managed state, for the commands that take a channel.
    fn states(
        &self,
    ) -> (
        tauri::State<'_, AppState>,
        tauri::State<'_, crate::commands::table::SeatingState>,
    ) {
        use tauri::Manager;
        (
            self.webview.state::<AppState>(),
            self.webview.state::<crate::commands::table::SeatingState>(),
        )
    }

    /// `start_match` with `args` (`newGame`, `opponentNames`, `yourName` — checked by the
    /// command, so the harness sits as [`YOUR_NAME`]), its events heard.
    pub(crate) fn start_computer(&self, args: &Value) -> Result<Heard, Value> {
        let heard = Heard::default();
        let (state, friends) = self.states();
        let new_game = serde_json::from_value(args["newGame"].clone()).map_err(|e| json(&e))?;
        let names = serde_json::from_value(args["opponentNames"].clone()).map_err(|e| json(&e))?;
        tauri::async_runtime::block_on(async {
            crate::commands::game::start(
                &state,
                &mut *friends.lock().await,
                new_game,
                names,
                YOUR_NAME,
                heard.channel(),
            )
            .await
        })
        .map_err(|e| serde_json::to_value(e).unwrap())?;
        Ok(heard)
    }

    /// `resume_match`: the unfinished match's events, if there was one; you sit as [`YOUR_NAME`].
    pub(crate) fn resume(&self) -> Option<Heard> {
        let heard = Heard::default();
        let (state, friends) = self.states();
        let resumed = tauri::async_runtime::block_on(async {
            crate::commands::game::resume(
                &state,
                &mut *friends.lock().await,
                YOUR_NAME,
                heard.channel(),
            )
            .await
        })
        .unwrap();
        resumed.then_some(heard)
    }

    /// `friends_join`, its events heard.
    pub(crate) fn join(&self, address: &str, code: &str, name: &str) -> Result<Heard, Value> {
        let heard = Heard::default();
        let (state, friends) = self.states();
        tauri::async_runtime::block_on(async {
            crate::commands::table::join(
                &state,
                &mut *friends.lock().await,
                address,
                code.into(),
                name.into(),
                heard.channel(),
            )
        })
        .map_err(|e| serde_json::to_value(e).unwrap())?;
        Ok(heard)
    }

    /// `table_return`: its answer, and the events heard.
    pub(crate) fn go_back(&self) -> Result<(Value, Heard), Value> {
        let heard = Heard::default();
        let (state, friends) = self.states();
        let returned = tauri::async_runtime::block_on(async {
            crate::commands::table::go_back(&state, &mut *friends.lock().await, heard.channel())
                .await
        })
        .map_err(|e| serde_json::to_value(e).unwrap())?;
        Ok((serde_json::to_value(returned).unwrap(), heard))
    }

    /// Sends a message to the table (`table_send`).
    pub(crate) fn send(&self, message: Value) {
        self.ok("table_send", serde_json::json!({ "message": message }));
    }

    /// Plays until the match is over: your first legal move whenever it is yours, the next hand as
    /// soon as one ends; the final state (once the history has it, or could not keep it).
    pub(crate) fn play_to_the_end(&self, heard: &Heard) -> Value {
        for _ in 0..5_000 {
            let seen = heard.count();
            let state = heard.state();
            if !state["over"].is_null() && !state["kept"].is_null() {
                return state;
            }
            if state["game"]["awaiting_next_hand"] == true && state["over"].is_null() {
                self.send(serde_json::json!({ "type": "next-hand" }));
            } else if your_move(&state) {
                let action = state["game"]["observation"]["legal_actions"][0].clone();
                self.send(serde_json::json!({ "type": "act", "action": action }));
            }
            heard.wait_past(seen);
        }
        panic!("the match does not end");
    }
}

fn json(error: &serde_json::Error) -> Value {
    serde_json::json!({ "kind": "invalid_input", "message": error.to_string() })
}
