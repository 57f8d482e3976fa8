//! The table commands: thin adapters over the Tauri-free [`Seating`]. The webview passes a
//! channel when it hosts, joins or starts a match against the computer; every message from the table and every change of the connection
//! reaches it there, in order ([`SeatEvent`]: game views completed by the engine), and a match
//! that ends goes into the history before the webview hears it was kept. Everything the player does
//! at the table is a [`ClientMessage`] sent with `table_send`, checked by the table.

use briscola_table::discovery::DiscoveredTable;
use briscola_table::protocol::ClientMessage;
use tauri::State;
use tauri::ipc::Channel;
use tokio::sync::Mutex;

use crate::commands::game::Hint;
use crate::error::{AppError, ErrorKind};
use std::sync::{Arc, Mutex as StdMutex};

use crate::input::Input;
use crate::invitations::Invitations;
use crate::seat::{
    self, HostInfo, HostRequest, Keep, KeepChange, KeptOffer, LinkEvent, Mirror, Returned, Save,
    Saver, SeatError, SeatEvent, Seating, Ways,
};
use crate::state::AppState;
use crate::store::stamp::now_ms;

/// How a link's events reach the webview, a finished match going into the history first; at a
/// match against the computer, its `saver` writes the unfinished match before each thing heard
/// reaches the webview (and clears it once the match is over).
pub(crate) fn listen(
    state: &AppState,
    events: Channel<SeatEvent>,
    mirror: Arc<StdMutex<Mirror>>,
    saver: Option<Arc<Saver>>,
) -> impl Fn(LinkEvent) + Send + Sync + use<> {
    let keeper = state.clone();
    let saving = state.clone();
    let told = seat::listener(
        move |finished| {
            let entry = finished.entry();
            keeper
                .with_store(|store| Ok(store.append_match(&entry)?))
                .ok()
                .map(|_| entry.summary.id.clone())
        },
        // A webview that went away hears nothing; the table goes on.
        move |event| {
            let _ = events.send(event);
        },
        now_ms,
        mirror,
    );
    move |event| {
        if let Some(save) = saver.as_ref().and_then(|saver| saver.due()) {
            // The store keeps a write it cannot make in memory (`not-saving`) and says so.
            let _ = saving.with_store(|store| match save {
                Save::Unfinished(saved) => Ok(store.save_unfinished(&*saved).map(|_| ())?),
                Save::Over => Ok(store.clear_unfinished()?),
            });
        }
        told(event);
    }
}

/// How the seat this player sits at is kept in the store (and forgotten), for going back after a
/// restart. The store keeps a write it cannot make in memory (`not-saving`) and says so.
pub(crate) fn keep(state: &AppState) -> Keep {
    let state = state.clone();
    Arc::new(move |change| {
        let _ = state.with_store(|store| match change {
            KeepChange::Keep(kept) => Ok(store.keep_table(&kept).map(|_| ())?),
            KeepChange::Forget => Ok(store.forget_table()?),
        });
    })
}

/// The player's table, behind an async lock (hosting waits for the port and the table).
#[derive(Debug, Default)]
pub struct SeatingState(Mutex<Seating>);

impl SeatingState {
    /// The player's table, locked.
    pub async fn lock(&self) -> tokio::sync::MutexGuard<'_, Seating> {
        self.0.lock().await
    }
}

/// Hosts a table on the local network with the chosen rules and seats, and sits at it; where it is.
#[tauri::command]
pub async fn friends_host(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    request: Input<HostRequest>,
    events: Channel<SeatEvent>,
) -> Result<HostInfo, AppError> {
    let request = request.get("request")?;
    let ways = ways(&state).await?;
    let mut friends = friends.0.lock().await;
    friends.set_ways(ways);
    let listen = listen(
        &state,
        events,
        friends.new_mirror(&request.your_name)?,
        None,
    );
    Ok(friends.host(&request, listen, keep(&state), now_ms).await?)
}

/// Joins the table at `address` (`HOST:PORT`) with its code, as `name`; the table's answer comes
/// through `events`.
#[tauri::command]
pub async fn friends_join(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    address: Input<String>,
    code: Input<String>,
    name: Input<String>,
    events: Channel<SeatEvent>,
) -> Result<(), AppError> {
    let (address, code, name) = (
        address.get("address")?,
        code.get("code")?,
        name.get("name")?,
    );
    join(
        &state,
        &mut *friends.0.lock().await,
        &address,
        code,
        name,
        events,
    )
}

/// `friends_join` on the player's table.
pub(crate) fn join(
    state: &AppState,
    friends: &mut Seating,
    address: &str,
    code: String,
    name: String,
    events: Channel<SeatEvent>,
) -> Result<(), AppError> {
    let listen = listen(state, events, friends.new_mirror(&name)?, None);
    Ok(friends.join(address, code, name, listen, keep(state), now_ms)?)
}

/// The table kept to go back to, if there is one (a seat at a friends' table, or a table this app
/// hosted), as the UI offers it.
#[tauri::command]
pub async fn kept_table(state: State<'_, AppState>) -> Result<Option<KeptOffer>, AppError> {
    state
        .with_store_blocking(|store| Ok(store.kept_table().as_ref().map(KeptOffer::from)))
        .await
}

/// Forgets the kept table ("Forget it"): nothing is sent to the table.
#[tauri::command]
pub async fn forget_table(state: State<'_, AppState>) -> Result<(), AppError> {
    state
        .with_store_blocking(|store| Ok(store.forget_table()?))
        .await
}

/// Sits the player at the kept table again (see [`Seating::go_back`]); the table's messages come
/// through `events`.
#[tauri::command]
pub async fn table_return(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    events: Channel<SeatEvent>,
) -> Result<Returned, AppError> {
    go_back(&state, &mut *friends.0.lock().await, events).await
}

/// `table_return` on the player's table.
pub(crate) async fn go_back(
    state: &AppState,
    friends: &mut Seating,
    events: Channel<SeatEvent>,
) -> Result<Returned, AppError> {
    let kept = state
        .with_store_blocking(|store| Ok(store.kept_table()))
        .await?
        .ok_or(SeatError::NoKeptTable)?;
    friends.set_ways(ways(state).await?);
    let listen = listen(state, events, friends.new_mirror(&kept.your_name)?, None);
    Ok(friends.go_back(kept, listen, keep(state), now_ms).await?)
}

/// The tables announced on the local network now (the UI asks again every few seconds).
#[tauri::command]
pub async fn friends_tables(
    friends: State<'_, SeatingState>,
) -> Result<Vec<DiscoveredTable>, AppError> {
    Ok(friends.0.lock().await.tables()?)
}

/// A hint for this player's move, where the table allows hints: the match review's evaluation from
/// this player's own view, computed off the main thread.
#[tauri::command]
pub async fn table_hint(friends: State<'_, SeatingState>) -> Result<Hint, AppError> {
    let request = friends.0.lock().await.hint()?;
    let decision = tauri::async_runtime::spawn_blocking(move || request.decide())
        .await
        .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?;
    Ok(Hint {
        action: decision.action,
        reason: decision.hint,
    })
}

/// Sends what the player does at the table (a move, a chat line, undo, resign, the next hand…).
#[tauri::command]
pub async fn table_send(
    friends: State<'_, SeatingState>,
    message: Input<ClientMessage>,
) -> Result<(), AppError> {
    let message = message.get("message")?;
    Ok(friends.0.lock().await.send(message)?)
}

/// Opens the table you hold to friends on the local network ("Invite friends to this table"),
/// listening on `port` (0: any free one): a friend who joins with its code takes an AI's seat from
/// the next hand on; where it is.
#[tauri::command]
pub async fn table_invite(
    state: State<'_, AppState>,
    friends: State<'_, SeatingState>,
    port: Input<u16>,
) -> Result<HostInfo, AppError> {
    let port = port.get("port")?;
    let ways = ways(&state).await?;
    let mut friends = friends.0.lock().await;
    friends.set_ways(ways);
    Ok(friends.invite(port).await?)
}

/// Leaves the table; a host closes it for everyone (a match against the computer left unfinished
/// stays saved, to resume).
#[tauri::command]
pub async fn table_leave(friends: State<'_, SeatingState>) -> Result<(), AppError> {
    Ok(friends.0.lock().await.leave()?)
}

/// The UI watches for `briscola://` invitations opened from outside the app (one it was started
/// with comes at once); each comes as the link's text, for the Join form to read.
#[tauri::command]
pub fn watch_invitations(
    invitations: State<'_, Invitations>,
    links: Channel<String>,
) -> Result<(), AppError> {
    invitations.watch(move |link| links.send(link.to_owned()).is_ok());
    Ok(())
}

/// The ways beyond the local network the player's settings offer a hosted table by.
async fn ways(state: &AppState) -> Result<Ways, AppError> {
    state
        .with_store_blocking(|store| {
            let preferences = store.preferences();
            Ok(Ways {
                relay: preferences.relay_address(),
                port_mapping: preferences.port_mapping,
            })
        })
        .await
}
