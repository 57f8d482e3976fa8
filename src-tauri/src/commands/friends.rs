//! The friends commands: thin adapters over the Tauri-free [`Friends`]. The webview passes a
//! channel when it hosts or joins; every message from the table and every change of the connection
//! reaches it there, in order ([`FriendsEvent`]: game views completed by the engine), and a match
//! that ends goes into the history before the webview hears it was kept. Everything the player does
//! at the table is a [`ClientMessage`] sent with `friends_send`, checked by the table.

use briscola_table::discovery::DiscoveredTable;
use briscola_table::protocol::ClientMessage;
use tauri::State;
use tauri::ipc::Channel;
use tokio::sync::Mutex;

use crate::commands::game::{Hint, history_entry};
use crate::error::{AppError, ErrorKind};
use std::sync::{Arc, Mutex as StdMutex};

use crate::friends::{self, Friends, FriendsEvent, HostInfo, HostRequest, LinkEvent, Mirror};
use crate::input::Input;
use crate::session::history_id;
use crate::state::AppState;
use crate::store::stamp::now_ms;

/// How a link's events reach the webview, a finished match going into the history first.
fn listen(
    state: &AppState,
    events: Channel<FriendsEvent>,
    mirror: Arc<StdMutex<Mirror>>,
) -> impl Fn(LinkEvent) + Send + Sync + use<> {
    let state = state.clone();
    friends::listener(
        move |finished| {
            let entry = history_entry(finished);
            state
                .with_store(|store| Ok(store.append_match(&entry)?))
                .ok()
                .map(|_| history_id(finished.record.seed, finished.started_ms))
        },
        // A webview that went away hears nothing; the table goes on.
        move |event| {
            let _ = events.send(event);
        },
        now_ms,
        mirror,
    )
}

/// The player's table, behind an async lock (hosting waits for the port and the table).
#[derive(Debug, Default)]
pub struct FriendsState(Mutex<Friends>);

/// Hosts a table on the local network with the chosen rules and seats, and sits at it; where it is.
#[tauri::command]
pub async fn friends_host(
    state: State<'_, AppState>,
    friends: State<'_, FriendsState>,
    request: Input<HostRequest>,
    events: Channel<FriendsEvent>,
) -> Result<HostInfo, AppError> {
    let request = request.get("request")?;
    let mut friends = friends.0.lock().await;
    let listen = listen(&state, events, friends.new_mirror(&request.your_name)?);
    Ok(friends.host(&request, listen).await?)
}

/// Joins the table at `address` (`HOST:PORT`) with its code, as `name`; the table's answer comes
/// through `events`.
#[tauri::command]
pub async fn friends_join(
    state: State<'_, AppState>,
    friends: State<'_, FriendsState>,
    address: Input<String>,
    code: Input<String>,
    name: Input<String>,
    events: Channel<FriendsEvent>,
) -> Result<(), AppError> {
    let (address, code, name) = (
        address.get("address")?,
        code.get("code")?,
        name.get("name")?,
    );
    let mut friends = friends.0.lock().await;
    let listen = listen(&state, events, friends.new_mirror(&name)?);
    Ok(friends.join(&address, code, name, listen)?)
}

/// The tables announced on the local network now (the UI asks again every few seconds).
#[tauri::command]
pub async fn friends_tables(
    friends: State<'_, FriendsState>,
) -> Result<Vec<DiscoveredTable>, AppError> {
    Ok(friends.0.lock().await.tables()?)
}

/// A hint for this player's move, where the host allows hints: the match review's evaluation from
/// this player's own view, computed off the main thread.
#[tauri::command]
pub async fn friends_hint(friends: State<'_, FriendsState>) -> Result<Hint, AppError> {
    let request = friends.0.lock().await.hint()?;
    let decision = tauri::async_runtime::spawn_blocking(move || request.decide())
        .await
        .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?;
    Ok(Hint {
        action: decision.action,
        reason: decision.hint,
    })
}

/// Sends what the player does at the table.
#[tauri::command]
pub async fn friends_send(
    friends: State<'_, FriendsState>,
    message: Input<ClientMessage>,
) -> Result<(), AppError> {
    let message = message.get("message")?;
    Ok(friends.0.lock().await.send(message)?)
}

/// Leaves the table; a host closes it for everyone.
#[tauri::command]
pub async fn friends_leave(friends: State<'_, FriendsState>) -> Result<(), AppError> {
    Ok(friends.0.lock().await.leave()?)
}
