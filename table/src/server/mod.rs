//! The transport: many [`Table`]s served over WebSocket (tokio and tokio-tungstenite), behind the
//! `server` feature.
//!
//! Tasks: the accept loop (at most [`ServerConfig::max_connections`] at once, no more than the
//! process's open-file limit allows, which [`start`] raises to its hard limit), one reader and one
//! writer per connection, and one hub per table, the only owner of its table. Until a table takes it,
//! a connection *waits* at the door ([`door`]): per address and over the server, waiting connections
//! are capped below the connection cap (the rest is kept for people at tables), the oldest makes room
//! for a newcomer, and one not taken within [`ServerConfig::join_ms`] (the WebSocket handshake within
//! [`ServerConfig::handshake_ms`], the channel's too) is closed. Every connection runs the encrypted
//! channel ([`crate::channel`], [`secure`]): its Hello names a table by its code's nameplate
//! ([`registry`]), an unknown nameplate or another code is refused (`wrong-code`), attempts are
//! limited per network address across the server, and the connection is bound to that table; a table
//! that refuses its `join` or `rejoin` keeps nothing of the connection. Every
//! frame is paced per connection and per address. From then on the
//! reader forwards frames to that table's hub (tungstenite refuses a frame or message over
//! [`ServerConfig::max_frame_bytes`] and the connection ends); the hub feeds the table and queues each
//! outgoing message on its connection's bounded queue without waiting ([`router`]): a client whose
//! queue is full is too slow to read, and is dropped — its seat kept, as for any dropped connection —
//! so a slow or silent client cannot stall its table, let alone the others. AI moves are computed on
//! tokio's blocking threads; the hubs' clock is tokio's, so paused time drives the turn timer in tests.
//! A table closes [`ServerConfig::linger_ms`] after its match is over, or once nobody has been
//! connected to it for [`ServerConfig::empty_ms`]. With [`ServerConfig::snapshots`], each table's
//! latest [`TableSnapshot`] is kept for a host that saves it, and [`Server::restore`] brings a table
//! back from one.
//!
//! The WebSocket handshake is refused (403) for an `Origin` other than the app's own ([`origin`]).
//!
//! A server may serve only its own process at first ([`Server::in_process`]: a match against the
//! computer is a table with AI seats and no network) and start listening later ([`Server::listen`]:
//! the same table, open to friends). The process's own people sit at its tables through a
//! [`LocalDoor`] — the same registry and hub as a WebSocket connection, without a socket and so without
//! the channel: nothing leaves the process ([`local`]).
//!
//! Deliberately absent: creating tables over the wire (the process that runs the server creates
//! them), TLS (the channel encrypts every connection, keyed by the code), discovery on the local
//! network, and HTTP beyond the WebSocket handshake.

mod connection;
mod descriptors;
mod door;
mod events;
mod hub;
mod local;
mod origin;
mod registry;
#[cfg(feature = "relay")]
mod relayed;
mod router;
mod secure;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{Sink, Stream};
use tokio::net::TcpListener;
use tokio::runtime::Handle;
use tokio::sync::{Semaphore, mpsc, watch};
use tokio::task::JoinHandle;
use tokio::time::sleep;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

pub use events::{ServerEvent, TableEvent};

/// A connection that carries WebSocket messages, as [`Server::serve_socket`] takes it: a WebSocket of
/// either role over any stream, or one guest's stream multiplexed over the host's link to a relay.
pub trait MessageSocket:
    Stream<Item = Result<Message, WsError>> + Sink<Message, Error = WsError> + Unpin + Send + 'static
{
}

impl<T> MessageSocket for T where
    T: Stream<Item = Result<Message, WsError>>
        + Sink<Message, Error = WsError>
        + Unpin
        + Send
        + 'static
{
}
pub use local::{LocalConnection, LocalDoor, LocalRefusal};
#[cfg(feature = "relay")]
pub use relayed::Relayed;
#[cfg(all(feature = "relay", feature = "reach"))]
pub use relayed::outcome as relay_outcome;

use crate::protocol::{ClientMessage, ErrorCode, ServerMessage};
use crate::secret::TableCode;
use crate::{ConnId, MAX_FRAME_BYTES, RestoreError, Table, TableSettings, TableSnapshot};
use registry::Registry;

/// The server's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ServerConfig {
    /// The largest frame or message a client may send (64 KiB).
    pub max_frame_bytes: usize,
    /// Messages waiting for one client before it is dropped as too slow.
    pub queue: usize,
    /// Connections open at once, over all tables; more are closed on arrival. Of them, all but
    /// [`ServerConfig::reserve`] may be waiting for a table.
    pub max_connections: usize,
    /// Connections kept for people at tables (at most half of them): waiting connections never
    /// take them.
    pub reserve: usize,
    /// How long the WebSocket handshake may take, in milliseconds.
    pub handshake_ms: u64,
    /// How long a connection may wait until a table takes it (its `join` or `rejoin` accepted), in
    /// milliseconds.
    pub join_ms: u64,
    /// Tables open at once; [`Server::create`] refuses more.
    pub max_tables: usize,
    /// How long a table stays after its match is over, in milliseconds.
    pub linger_ms: u64,
    /// How long a table stays with nobody connected, in milliseconds.
    pub empty_ms: u64,
    /// Whether to report what happens at the tables ([`Server::take_events`]).
    pub events: bool,
    /// Whether to keep each table's latest snapshot ([`Server::snapshots`]).
    pub snapshots: bool,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            max_frame_bytes: MAX_FRAME_BYTES,
            queue: 256,
            max_connections: 4_096,
            reserve: 512,
            handshake_ms: 5_000,
            join_ms: 10_000,
            max_tables: 1_000,
            linger_ms: 10 * 60 * 1_000,
            empty_ms: 10 * 60 * 1_000,
            events: false,
            snapshots: false,
        }
    }
}

/// Why [`Server::create`] made no table.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CreateError {
    /// [`ServerConfig::max_tables`] tables are open.
    #[error("the server holds as many tables as it may")]
    Full,
    /// Restoring: a table whose code has the same nameplate is open here (a connection could not
    /// tell them apart).
    #[error("a table with the nameplate {0} is open here")]
    NameplateTaken(String),
    /// The table refused its settings or the host's name.
    #[error("the table was refused: {0:?}")]
    Table(ErrorCode),
    /// The snapshot could not be restored.
    #[error("the table cannot be restored: {0}")]
    Restore(RestoreError),
}

/// How a match created with its table starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchStart {
    /// Dealt from these seeds.
    Seeds(crate::MatchSeeds),
    /// Not started: dealt from these seeds when the host starts it (people at every seat, each
    /// joining first; a test or bench that replays the same deal at every run).
    WhenStarted(crate::MatchSeeds),
    /// Where a saved match stopped: its record, its AI seed, the moves taken back so far.
    Resume {
        /// The match so far.
        record: Box<briscola::MatchRecord>,
        /// The AI seats' seed.
        ai_seed: u64,
        /// Moves taken back.
        undos: u32,
    },
}

/// A table just created: what the host needs to sit at it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewTable {
    /// The table code to give the others.
    pub code: String,
    /// The host's seat token: the host's own client rejoins with it.
    pub host_token: String,
}

/// What the tasks share.
#[derive(Debug)]
struct Shared {
    config: ServerConfig,
    /// The next connection's number (over the wire or in process).
    next_conn: AtomicU64,
    registry: Mutex<Registry>,
    door: Mutex<door::Door>,
    events: Option<mpsc::Sender<ServerEvent>>,
    runtime: Handle,
    /// Connections open now, over every listener and [`Server::serve_socket`].
    slots: Arc<Semaphore>,
}

/// A running server. Dropping it stops nothing; [`Server::stop`] does.
#[derive(Debug)]
pub struct Server {
    /// Where the server listens (the unspecified address and port 0 while it serves only this
    /// process: [`Server::in_process`]).
    pub local_addr: SocketAddr,
    shared: Arc<Shared>,
    events: Option<mpsc::Receiver<ServerEvent>>,
    accept: Option<JoinHandle<()>>,
}

/// Nameplates there are (three characters of base 32): at most this many tables at once.
const NAMEPLATES: usize = 32 * 32 * 32;

/// The connection a table is created on, before the host's client connects.
const CREATOR: ConnId = 0;

/// Serves tables on `listener`; it holds none until [`Server::create`]. Call it inside a tokio
/// runtime. Raises the process's open-file limit to its hard limit, and holds no more connections
/// than that limit leaves room for.
pub async fn start(listener: TcpListener, config: ServerConfig) -> Server {
    let mut server = Server::in_process(config);
    server.listen(listener);
    server
}

impl Server {
    /// A server whose tables only this process reaches, through [`Server::local_door`], until it
    /// [`Server::listen`]s: a match against the computer is a table here, with no network. Call it
    /// inside a tokio runtime.
    pub fn in_process(config: ServerConfig) -> Server {
        let config = ServerConfig {
            max_connections: descriptors::connections_within(
                config.max_connections,
                descriptors::raise_limit(),
            ),
            ..config
        };
        let (events, receiver) = if config.events {
            let (sender, receiver) = mpsc::channel(events::EVENT_QUEUE);
            (Some(sender), Some(receiver))
        } else {
            (None, None)
        };
        let shared = Arc::new(Shared {
            config,
            next_conn: AtomicU64::new(CREATOR + 1),
            registry: Mutex::new(Registry::new()),
            door: Mutex::new(door::Door::new(
                config.max_connections - config.reserve.min(config.max_connections / 2),
            )),
            events,
            runtime: Handle::current(),
            slots: Arc::new(Semaphore::new(config.max_connections)),
        });
        Server {
            local_addr: SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0),
            shared,
            events: receiver,
            accept: None,
        }
    }

    /// Starts taking connections on `listener` too (its tables, open or to come, are then reached
    /// over the network with their codes); a server that listens already keeps its first listener.
    pub fn listen(&mut self, listener: TcpListener) {
        if self.accept.is_some() {
            return;
        }
        if let Ok(address) = listener.local_addr() {
            self.local_addr = address;
        }
        self.accept = Some(
            self.shared
                .runtime
                .spawn(accept(listener, self.shared.clone())),
        );
    }

    /// Serves a connection that is a WebSocket already, from `address`, as a connection the server
    /// accepted itself is once its WebSocket handshake is done: the door's limits, the channel's
    /// handshake within [`ServerConfig::handshake_ms`], then its table. The socket may be of either
    /// role (a WebSocket the host opened towards a relay, say), over any stream; its message and
    /// frame caps are the opener's, and the server refuses a sealed frame over
    /// [`ServerConfig::max_frame_bytes`] (plus the seal) once read. Returns at once (the connection is
    /// served on its own task); a connection over the server's caps is dropped.
    pub fn serve_socket(&self, socket: impl MessageSocket, address: IpAddr) {
        serve_socket(&self.shared, socket, address);
    }

    /// Whether the server takes connections from the network.
    pub fn listens(&self) -> bool {
        self.accept.is_some()
    }

    /// How this process's own people sit at the server's tables.
    pub fn local_door(&self) -> LocalDoor {
        LocalDoor {
            shared: self.shared.clone(),
        }
    }

    /// Creates a table. The host's own client connects like the others and sends `rejoin` with
    /// [`NewTable::code`] and [`NewTable::host_token`].
    pub fn create(
        &self,
        settings: TableSettings,
        host_name: &str,
    ) -> Result<NewTable, CreateError> {
        self.create_with(settings, host_name, &[])
    }

    /// [`Server::create`], then `setup` handled as the host's first messages before anyone connects
    /// (AI seats, the timer: what `briscola serve` sets from its flags); the first refused makes no
    /// table.
    pub fn create_with(
        &self,
        settings: TableSettings,
        host_name: &str,
        setup: &[ClientMessage],
    ) -> Result<NewTable, CreateError> {
        self.create_started(settings, host_name, setup, None)
    }

    /// [`Server::create_with`], then the match started as `start` says (a match against the computer
    /// starts at once, dealt from its seed, or where its saved record stopped); refused like a
    /// `start` the table refuses.
    pub fn create_started(
        &self,
        settings: TableSettings,
        host_name: &str,
        setup: &[ClientMessage],
        start: Option<MatchStart>,
    ) -> Result<NewTable, CreateError> {
        let shared = &self.shared;
        let mut registry = shared.registry.lock().map_err(|_| CreateError::Full)?;
        // Every nameplate taken: no code would be told apart.
        if registry.len() >= shared.config.max_tables.min(NAMEPLATES) {
            return Err(CreateError::Full);
        }
        let address = self.local_addr.ip();
        // A fresh code whose nameplate no open table has (at most `max_tables` of the 32,768 are
        // taken, so a few draws do).
        let (mut table, out, code) = loop {
            let (table, out) = Table::new(settings.clone(), CREATOR, address, host_name)
                .map_err(CreateError::Table)?;
            if let Some(code) = TableCode::parse(&table.code())
                && !registry.contains(code.nameplate())
            {
                break (table, out, code);
            }
        };
        let host_token = out
            .iter()
            .find_map(|o| match &o.message {
                ServerMessage::Welcome { token, .. } => Some(token.clone()),
                _ => None,
            })
            .ok_or(CreateError::Table(ErrorCode::Unavailable))?;
        for message in setup {
            let refused = table
                .handle(CREATOR, message.clone(), 0)
                .into_iter()
                .find_map(|o| match o.message {
                    ServerMessage::Error { error } => Some(error),
                    _ => None,
                });
            if let Some(error) = refused {
                return Err(CreateError::Table(error));
            }
        }
        let started = match start {
            None => Ok(()),
            Some(MatchStart::WhenStarted(seeds)) => {
                table.set_next_match(seeds);
                Ok(())
            }
            Some(MatchStart::Seeds(seeds)) => {
                table.set_next_match(seeds);
                match table
                    .handle(CREATOR, ClientMessage::Start, 0)
                    .into_iter()
                    .find_map(|o| match o.message {
                        ServerMessage::Error { error } => Some(error),
                        _ => None,
                    }) {
                    Some(error) => Err(error),
                    None => Ok(()),
                }
            }
            Some(MatchStart::Resume {
                record,
                ai_seed,
                undos,
            }) => table.resume_match(&record, ai_seed, undos, 0),
        };
        started.map_err(CreateError::Table)?;
        // The host's seat waits for the host's client.
        table.disconnect(CREATOR, 0);
        let code = self.open(&mut registry, table, code, false);
        Ok(NewTable { code, host_token })
    }

    /// Brings back a table from its snapshot (a host that restarted), with nobody connected: people
    /// rejoin with their tokens. Refused if a table whose code has the same nameplate is open here
    /// ([`CreateError::NameplateTaken`]).
    pub fn restore(&self, snapshot: TableSnapshot) -> Result<NewTable, CreateError> {
        let shared = &self.shared;
        let mut registry = shared.registry.lock().map_err(|_| CreateError::Full)?;
        if registry.len() >= shared.config.max_tables {
            return Err(CreateError::Full);
        }
        let code = TableCode::parse(snapshot.code())
            .ok_or(CreateError::Restore(RestoreError::Invalid("code")))?;
        let nameplate = code.nameplate();
        if registry.contains(nameplate) {
            return Err(CreateError::NameplateTaken(nameplate.as_str().to_string()));
        }
        let host_token = snapshot.host_token().unwrap_or_default().to_string();
        let table = Table::restore(snapshot, 0).map_err(CreateError::Restore)?;
        let code = self.open(&mut registry, table, code, true);
        Ok(NewTable { code, host_token })
    }

    /// A table's latest snapshot, and each change from now on (with [`ServerConfig::snapshots`]);
    /// `None` if no such table is open.
    pub fn snapshots(&self, code: &str) -> Option<watch::Receiver<Arc<TableSnapshot>>> {
        self.shared.registry.lock().ok()?.snapshots(code)
    }

    /// Starts a table's hub and lists it; its code as shown.
    fn open(
        &self,
        registry: &mut Registry,
        table: Table,
        code: TableCode,
        restored: bool,
    ) -> String {
        let shared = &self.shared;
        let mut watch = events::Watch::new(&table, shared.events.clone(), restored);
        // The hub counts the table's time from 0.
        let snapshots = shared.config.snapshots.then(|| watch.snapshots(&table, 0));
        let life = hub::Lifetime {
            after_match: Duration::from_millis(shared.config.linger_ms),
            empty: Duration::from_millis(shared.config.empty_ms),
        };
        let (inputs, receiver) = mpsc::channel(hub::INPUT_QUEUE);
        let ai = inputs.clone();
        let closing = Arc::downgrade(shared);
        let nameplate = code.nameplate();
        let hub = shared.runtime.spawn(async move {
            let watch = hub::run(table, receiver, ai, life, watch).await;
            if let Some(shared) = closing.upgrade()
                && let Ok(mut registry) = shared.registry.lock()
            {
                registry.remove(nameplate);
            }
            watch.closed();
        });
        let shown = code.display();
        registry.insert(registry::Entry {
            code,
            inputs,
            hub: hub.abort_handle(),
            snapshots,
        });
        shown
    }

    /// Tables open now.
    pub fn tables(&self) -> usize {
        self.shared.registry.lock().map_or(0, |r| r.len())
    }

    /// What happens at the tables, one event at a time (with [`ServerConfig::events`]; once).
    pub fn take_events(&mut self) -> Option<mpsc::Receiver<ServerEvent>> {
        self.events.take()
    }

    /// Stops accepting and closes every table.
    pub fn stop(&self) {
        if let Some(accept) = &self.accept {
            accept.abort();
        }
        if let Ok(mut registry) = self.shared.registry.lock() {
            registry.stop_all();
        }
    }
}

/// How long the accept loop pauses when the system refuses a connection for want of resources
/// (open files, memory), so it does not spin while they are short.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// Accepts connections, each with its own reader and writer, each let in at the door first.
async fn accept(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                if descriptors::is_shortage(&e) {
                    sleep(ACCEPT_BACKOFF).await;
                }
                continue;
            }
        };
        let Ok(slot) = shared.slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let place = match shared.door.lock() {
            Ok(mut door) => door.arrive(peer.ip()),
            Err(_) => continue,
        };
        let Ok(place) = place else {
            drop(stream);
            continue;
        };
        let conn = shared.next_conn.fetch_add(1, Ordering::SeqCst);
        let shared = shared.clone();
        tokio::spawn(async move {
            connection::serve(stream, peer.ip(), conn, shared, place).await;
            drop(slot);
        });
    }
}

/// [`Server::serve_socket`] on the server's shared state.
fn serve_socket(shared: &Arc<Shared>, socket: impl MessageSocket, address: IpAddr) {
    let shared = shared.clone();
    let Ok(slot) = shared.slots.clone().try_acquire_owned() else {
        return;
    };
    let place = match shared.door.lock() {
        Ok(mut door) => door.arrive(address),
        Err(_) => return,
    };
    let Ok(place) = place else {
        return;
    };
    let conn = shared.next_conn.fetch_add(1, Ordering::SeqCst);
    let deadline = tokio::time::Instant::now() + Duration::from_millis(shared.config.handshake_ms);
    let runtime = shared.runtime.clone();
    runtime.spawn(async move {
        connection::run(socket, address, conn, shared, place, deadline).await;
        drop(slot);
    });
}

#[cfg(test)]
mod attack;
#[cfg(test)]
mod local_tests;
#[cfg(test)]
mod tests;
