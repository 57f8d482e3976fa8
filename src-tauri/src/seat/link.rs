//! [`Link`]: this player's connection to a friends' table, kept up. It connects, sends the first
//! message (`join`, or `rejoin` with a seat token), forwards every message from the table to a
//! listener in order, and sends what the player does. When the connection drops after the table took
//! the player in, it reconnects and takes the seat back with the token from the last `welcome`
//! (after 1, 2, 4, 8 s, then every 10 s, for [`RECONNECT_FOR_MS`]); it ends for good when the table
//! closes, removes the player or seats them elsewhere, or when the player leaves. It also ends at
//! once, as [`LinkStatus::Gone`], when there is no table left to go back to: the server answers the
//! token with `wrong-code` or `bad-token` (the table is over and gone), nothing listens at the
//! address any more (the connection is refused: the host's app is closed), or the connection
//! dropped after the match ended and one try at once does not take the seat back.
//!
//! Tauri-free: the shell hands it a listener that forwards to the webview. Deliberately absent:
//! anything about what the messages mean beyond the token, and reconnecting before the first
//! `welcome` (a wrong address or code is the player's to fix).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use briscola_relay::link::RelayAddress;

use super::HostInfo;
use briscola_table::client::{self, Received};
use briscola_table::dial::{Destination, DialError, dial};
use briscola_table::protocol::{ClientMessage, ErrorCode, ServerMessage, Stage};
use briscola_table::secret::TableCode;
use briscola_table::server::{LocalConnection, LocalDoor, LocalRefusal};
use serde::Serialize;
use tokio::sync::mpsc;
use ts_rs::TS;

/// How long a dropped link keeps trying to take its seat back.
pub const RECONNECT_FOR_MS: u64 = 120_000;

/// The longest pause between two tries.
const MAX_PAUSE_MS: u64 = 10_000;

/// Messages the player may have waiting to go out.
const OUTBOX: usize = 64;

/// What the listener is told, in order.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum LinkEvent {
    /// A message from the table.
    Message {
        /// The message.
        message: ServerMessage,
    },
    /// The connection changed.
    Status {
        /// How it is now.
        status: LinkStatus,
    },
    /// Where friends reach the table you host changed (the router answered, the relay came or
    /// went). Told by your own app, never by the table.
    Hosting {
        /// Where it is now.
        info: HostInfo,
    },
}

/// The state of the connection.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "state", rename_all = "kebab-case")]
pub enum LinkStatus {
    /// Connected; the first message was sent.
    Connected,
    /// The connection dropped; trying again in `retry_ms` (try number `attempt`).
    Reconnecting {
        /// The try coming, from 1.
        attempt: u32,
        /// Milliseconds until it.
        #[ts(type = "number")]
        retry_ms: u64,
    },
    /// The table could not be reached: nothing answered, or not a table server (`reason`, English,
    /// for logs). The link has ended.
    Unreachable {
        /// Why.
        reason: String,
    },
    /// The table's host runs an older Briscola (an older protocol): the host should update the app.
    /// The link has ended.
    Outdated,
    /// The connection dropped and could not be made again in time. The link has ended.
    Lost,
    /// The connection dropped and there is no table to go back to: the server no longer knows it,
    /// nothing listens at its address any more, or the match had ended. The link has ended.
    Gone,
    /// The link ended: the player left, or the table closed, removed the player or seated them on
    /// another connection (the message before this says which).
    Ended,
}

/// What the player's side asks of the link's task.
#[derive(Debug)]
enum Order {
    Send(ClientMessage),
    Close,
}

/// Where the table is: elsewhere ([`Remote`]), or in this process (a table this player hosts, a
/// match against the computer).
#[derive(Debug, Clone)]
pub enum Endpoint {
    /// Over the network.
    Remote(Remote),
    /// In this process, through the server's door for its own people.
    Local(LocalDoor),
}

/// Where a table elsewhere is: its addresses (`HOST:PORT`, tried in this order, each a little after
/// the one before) and its relay, tried after them; every try, and every reconnection, dials them
/// all again ([`briscola_table::dial`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Remote {
    /// Its direct addresses.
    pub addresses: Vec<String>,
    /// The relay it is registered with.
    pub relay: Option<RelayAddress>,
}

/// One open connection, either way.
enum Wire {
    Remote(client::Sender, client::Receiver),
    Local(LocalConnection),
}

/// Why a connection could not be opened.
enum OpenError {
    /// Nothing listens at the address: the connection was refused (English, for logs).
    Refused(String),
    /// Nothing answered (English, for logs).
    Unreachable(String),
    /// The table refused the first message, or the server refused the connection before it: its
    /// answer.
    Answered(ServerMessage),
    /// The table's host runs an older Briscola.
    Outdated,
}

/// The operating system's words for a refused connection (nothing listens at that port), on
/// Linux, macOS and Windows alike ("Connection refused", "…actively refused it").
fn refused(reason: &str) -> bool {
    reason.to_ascii_lowercase().contains("refused")
}

/// The table's answer to a `rejoin` that says the table is not there to go back to.
fn no_table(message: &ServerMessage) -> bool {
    matches!(
        message,
        ServerMessage::Error {
            error: ErrorCode::WrongCode | ErrorCode::BadToken
        }
    )
}

impl Wire {
    /// Connects and sends `first`.
    async fn open(endpoint: &Endpoint, first: &ClientMessage) -> Result<Option<Wire>, OpenError> {
        match endpoint {
            Endpoint::Remote(remote) => {
                let code = match first {
                    ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. } => {
                        TableCode::parse(code)
                    }
                    _ => None,
                };
                // Not a code: no table has it (the channel is keyed by the code).
                let Some(code) = code else {
                    let error = ErrorCode::WrongCode;
                    return Err(OpenError::Answered(ServerMessage::Error { error }));
                };
                let destination = Destination {
                    addresses: remote.addresses.clone(),
                    relay: remote.relay.clone(),
                    code,
                };
                let (mut sender, receiver, _) = dial(&destination).await.map_err(|e| match e {
                    DialError::Connect(e) => match e {
                        client::ConnectError::WrongCode { .. } => {
                            let error = ErrorCode::WrongCode;
                            OpenError::Answered(ServerMessage::Error { error })
                        }
                        client::ConnectError::Refused { error, .. } => {
                            OpenError::Answered(ServerMessage::Error { error })
                        }
                        client::ConnectError::OutdatedHost { .. } => OpenError::Outdated,
                        client::ConnectError::Unreachable { ref reason, .. } if refused(reason) => {
                            OpenError::Refused(e.to_string())
                        }
                        other => OpenError::Unreachable(other.to_string()),
                    },
                    // A relay that does not have the table now may have it again soon (a relay
                    // that went away, the host registering again): never taken as gone.
                    DialError::Relay(_) | DialError::Nowhere => {
                        OpenError::Unreachable(e.to_string())
                    }
                })?;
                // A connection that drops at once is a dropped connection.
                Ok(sender
                    .send(first)
                    .await
                    .is_ok()
                    .then_some(Wire::Remote(sender, receiver)))
            }
            Endpoint::Local(door) => match door.enter(first).await {
                Ok(connection) => Ok(Some(Wire::Local(connection))),
                Err(LocalRefusal::Gone) => Err(OpenError::Unreachable("the table is gone".into())),
                Err(LocalRefusal::Refused(error)) => {
                    Err(OpenError::Answered(ServerMessage::Error { error }))
                }
            },
        }
    }

    async fn send(&mut self, message: &ClientMessage) -> bool {
        match self {
            Wire::Remote(sender, _) => sender.send(message).await.is_ok(),
            Wire::Local(connection) => connection.send(message).await.is_ok(),
        }
    }

    async fn next(&mut self) -> Option<Received> {
        match self {
            Wire::Remote(_, receiver) => receiver.next().await,
            Wire::Local(connection) => connection.next().await.map(|read| match read {
                Ok(message) => Received::Message(message),
                Err(error) => Received::Unreadable(error),
            }),
        }
    }

    async fn close(self) {
        match self {
            Wire::Remote(sender, _) => sender.close().await,
            Wire::Local(connection) => drop(connection),
        }
    }
}

/// The connection to one table. Dropping it closes the connection.
#[derive(Debug)]
pub struct Link {
    orders: mpsc::Sender<Order>,
    connected: Arc<AtomicBool>,
    ended: Arc<AtomicBool>,
}

/// Why a message was not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// Not connected now (reconnecting, or ended).
    #[error("not connected to the table")]
    NotConnected,
    /// Too many messages are waiting to go out.
    #[error("too many messages waiting")]
    Busy,
}

impl Link {
    /// Opens a link to the table at `address` (`HOST:PORT`), starting with `first` (`join` or
    /// `rejoin`), on the current tokio runtime; `listen` hears every [`LinkEvent`].
    pub fn open(
        endpoint: Endpoint,
        first: ClientMessage,
        listen: impl Fn(LinkEvent) + Send + Sync + 'static,
    ) -> Link {
        let (orders, inbox) = mpsc::channel(OUTBOX);
        let connected = Arc::new(AtomicBool::new(false));
        let task = Task {
            endpoint,
            first,
            inbox,
            connected: connected.clone(),
            listen: Box::new(listen),
        };
        let ended = Arc::new(AtomicBool::new(false));
        let done = ended.clone();
        tokio::spawn(async move {
            task.run().await;
            done.store(true, Ordering::SeqCst);
        });
        Link {
            orders,
            connected,
            ended,
        }
    }

    /// Sends a message to the table.
    pub fn send(&self, message: ClientMessage) -> Result<(), SendError> {
        if !self.connected.load(Ordering::SeqCst) {
            return Err(SendError::NotConnected);
        }
        self.orders
            .try_send(Order::Send(message))
            .map_err(|error| match error {
                mpsc::error::TrySendError::Full(_) => SendError::Busy,
                mpsc::error::TrySendError::Closed(_) => SendError::NotConnected,
            })
    }

    /// Whether the link has ended for good (the listener heard why).
    pub fn has_ended(&self) -> bool {
        self.ended.load(Ordering::SeqCst)
    }

    /// Closes the connection after what was sent before; the listener then hears `ended`.
    pub fn close(&self) {
        let _ = self.orders.try_send(Order::Close);
    }
}

/// The link's task.
struct Task {
    endpoint: Endpoint,
    first: ClientMessage,
    inbox: mpsc::Receiver<Order>,
    connected: Arc<AtomicBool>,
    listen: Box<dyn Fn(LinkEvent) + Send + Sync>,
}

/// How a connection ended.
enum Ending {
    /// For good (the listener was told).
    Done,
    /// The connection dropped.
    Dropped,
}

/// What the link knows of the table beyond the token: whether its match ended (`match-over`, until
/// the next `game` or `lobby` of a match being played).
#[derive(Default)]
struct Seen {
    over: bool,
}

impl Seen {
    fn hear(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::MatchOver { .. } => self.over = true,
            ServerMessage::Lobby { lobby } => self.over = lobby.stage == Stage::Over,
            ServerMessage::Game { .. } => self.over = false,
            _ => {}
        }
    }
}

impl Task {
    fn status(&self, status: LinkStatus) {
        (self.listen)(LinkEvent::Status { status });
    }

    async fn run(mut self) {
        // The seat to take back once the table took the player in: (code, token).
        let mut seat: Option<(String, String)> = None;
        let mut seen = Seen::default();
        let mut dropped_at: Option<tokio::time::Instant> = None;
        let mut attempt = 0u32;
        loop {
            let first = match &seat {
                Some((code, token)) => ClientMessage::Rejoin {
                    code: code.clone(),
                    token: token.clone(),
                },
                None => self.first.clone(),
            };
            let rejoining = seat.is_some();
            match Wire::open(&self.endpoint, &first).await {
                Ok(Some(wire)) => {
                    attempt = 0;
                    dropped_at = None;
                    match self.connected(wire, &mut seat, &mut seen, rejoining).await {
                        Ending::Done => return,
                        Ending::Dropped => {}
                    }
                }
                Ok(None) => {}
                Err(OpenError::Answered(message)) => {
                    let gone = rejoining && no_table(&message);
                    (self.listen)(LinkEvent::Message { message });
                    self.status(if gone {
                        LinkStatus::Gone
                    } else {
                        LinkStatus::Ended
                    });
                    return;
                }
                Err(OpenError::Outdated) => {
                    self.status(LinkStatus::Outdated);
                    return;
                }
                Err(OpenError::Unreachable(reason) | OpenError::Refused(reason))
                    if seat.is_none() =>
                {
                    self.status(LinkStatus::Unreachable { reason });
                    return;
                }
                // Nothing listens where the table was: the host's app is closed, the table with it.
                Err(OpenError::Refused(_)) => {
                    self.status(LinkStatus::Gone);
                    return;
                }
                Err(OpenError::Unreachable(_)) => {}
            }
            if seat.is_none() {
                // Dropped before the table took the player in: nothing to take back.
                self.status(LinkStatus::Lost);
                return;
            }
            // The match had ended: one try at once took nothing back, so there is nothing to wait for.
            if seen.over && attempt > 0 {
                self.status(LinkStatus::Gone);
                return;
            }
            let since = *dropped_at.get_or_insert_with(tokio::time::Instant::now);
            if since.elapsed() >= Duration::from_millis(RECONNECT_FOR_MS) {
                self.status(LinkStatus::Lost);
                return;
            }
            attempt += 1;
            let retry_ms = if seen.over {
                0
            } else {
                (1_000u64 << (attempt - 1).min(4)).min(MAX_PAUSE_MS)
            };
            self.status(LinkStatus::Reconnecting { attempt, retry_ms });
            // The player may leave while the link waits.
            let pause = tokio::time::sleep(Duration::from_millis(retry_ms));
            tokio::pin!(pause);
            loop {
                tokio::select! {
                    () = &mut pause => break,
                    order = self.inbox.recv() => match order {
                        Some(Order::Send(_)) => {}
                        Some(Order::Close) | None => {
                            self.status(LinkStatus::Ended);
                            return;
                        }
                    },
                }
            }
        }
    }

    /// Runs one connection (its first message sent) until it drops or the link ends.
    /// `rejoining`: its first message was a `rejoin`, answered by nothing yet.
    async fn connected(
        &mut self,
        mut wire: Wire,
        seat: &mut Option<(String, String)>,
        seen: &mut Seen,
        mut rejoining: bool,
    ) -> Ending {
        self.connected.store(true, Ordering::SeqCst);
        self.status(LinkStatus::Connected);
        let ending = loop {
            tokio::select! {
                order = self.inbox.recv() => match order {
                    Some(Order::Send(message)) => {
                        if !wire.send(&message).await {
                            break Ending::Dropped;
                        }
                    }
                    Some(Order::Close) | None => {
                        self.connected.store(false, Ordering::SeqCst);
                        wire.close().await;
                        self.status(LinkStatus::Ended);
                        return Ending::Done;
                    }
                },
                received = wire.next() => match received {
                    Some(Received::Message(message)) => {
                        let last = matches!(
                            message,
                            ServerMessage::Closed { .. }
                                | ServerMessage::Removed
                                | ServerMessage::Replaced
                        );
                        if let ServerMessage::Welcome { code, token, .. } = &message {
                            *seat = Some((code.clone(), token.clone()));
                        }
                        // The table this seat was at is not there any more.
                        let gone = rejoining && no_table(&message);
                        rejoining = false;
                        seen.hear(&message);
                        (self.listen)(LinkEvent::Message { message });
                        if gone {
                            self.connected.store(false, Ordering::SeqCst);
                            wire.close().await;
                            self.status(LinkStatus::Gone);
                            return Ending::Done;
                        }
                        if last {
                            self.connected.store(false, Ordering::SeqCst);
                            self.status(LinkStatus::Ended);
                            return Ending::Done;
                        }
                    }
                    // A frame that is not a message of this protocol: not trusted, not passed on.
                    Some(Received::Unreadable(_)) => {}
                    None => break Ending::Dropped,
                },
            }
        };
        self.connected.store(false, Ordering::SeqCst);
        ending
    }
}
