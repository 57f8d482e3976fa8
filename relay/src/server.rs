//! The relay itself: accepts WebSocket connections on a TCP listener, reads each one's request from
//! its URL, applies the limits, and hands a host's control connection to its task (`control`) and
//! a guest to its stream's task (`stream`), which meet in the pairing core. One task per
//! connection.
//!
//! Deliberately absent: reading, storing or logging any payload; anything on disk; TLS (a proxy in
//! front terminates it); knowing which relay of a cluster holds a nameplate (the proxy hashes it).

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinSet;
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request as Http, Response};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{WebSocketStream, accept_hdr_async_with_config};

use crate::addresses::{Addresses, client_address};
use crate::control::{HostHandle, control};
use crate::descriptors;
use crate::limits::Limits;
use crate::nameplate::Nameplate;
use crate::pairing::Pairing;
use crate::stream::guest;
use crate::wire::{MAX_QUERY, Refusal, Request};

/// A relay's configuration.
#[derive(Clone, Debug, Default)]
pub struct RelayConfig {
    /// Its limits.
    pub limits: Limits,
    /// Proxies whose `X-Forwarded-For` names the client (nobody else's is read).
    pub trusted_proxies: Vec<IpAddr>,
    /// Whether to log one line per pairing and refusal on standard error.
    pub log: bool,
}

/// A connection's socket on the relay's side.
pub(crate) type Socket = WebSocketStream<TcpStream>;

/// Connections over the cap that are still told `relay full` (beyond, they are dropped unread).
const REFUSING: usize = 64;
/// How long a closing connection is given to answer the close.
const CLOSING: Duration = Duration::from_secs(2);

/// What every task shares.
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    trusted: Vec<IpAddr>,
    log: bool,
    max_connections: usize,
    connections: AtomicUsize,
    pub(crate) pairing: Mutex<Pairing<HostHandle>>,
    addresses: Mutex<Addresses>,
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Shared {
    pub(crate) fn log(&self, line: std::fmt::Arguments<'_>) {
        if self.log {
            eprintln!("{line}");
        }
    }

    /// How long to wait after `n` bytes from `ip` (its address's share).
    pub(crate) fn bytes(&self, ip: IpAddr, n: usize) -> Duration {
        lock(&self.addresses).bytes(ip, n, Instant::now())
    }
}

/// One held connection: counted in the relay's total and, once its address is known, in its
/// address's (both given back when dropped).
pub(crate) struct Slot {
    shared: Arc<Shared>,
    ip: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.shared.connections.fetch_sub(1, Ordering::Relaxed);
        if let Some(ip) = self.ip {
            lock(&self.shared.addresses).disconnect(ip);
        }
    }
}

/// A connection whose request was read.
pub(crate) struct Peer {
    pub(crate) socket: Socket,
    pub(crate) ip: IpAddr,
    pub(crate) _slot: Slot,
}

/// A running relay; dropping it (or [`Relay::stop`]) closes every connection.
#[derive(Debug)]
pub struct Relay {
    /// Where it listens.
    pub local_addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// Stops accepting and drops every connection.
    pub fn stop(&self) {
        self.task.abort();
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Serves the relay on `listener` until stopped.
pub fn start(listener: TcpListener, config: RelayConfig) -> std::io::Result<Relay> {
    let local_addr = listener.local_addr()?;
    let max_connections =
        descriptors::connections_within(config.limits.max_connections, descriptors::raise_limit());
    let shared = Arc::new(Shared {
        addresses: Mutex::new(Addresses::new(&config.limits)),
        limits: config.limits,
        trusted: config.trusted_proxies,
        log: config.log,
        max_connections,
        connections: AtomicUsize::new(0),
        pairing: Mutex::new(Pairing::default()),
    });
    let task = tokio::spawn(accept_loop(listener, shared));
    Ok(Relay { local_addr, task })
}

async fn accept_loop(listener: TcpListener, shared: Arc<Shared>) {
    let mut tasks = JoinSet::new();
    tasks.spawn(sweep(Arc::clone(&shared)));
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                if descriptors::is_shortage(&error) {
                    sleep(Duration::from_millis(100)).await;
                }
                continue;
            }
        };
        let held = shared.connections.fetch_add(1, Ordering::Relaxed) + 1;
        let slot = Slot {
            shared: Arc::clone(&shared),
            ip: None,
        };
        if held > shared.max_connections + REFUSING {
            continue;
        }
        let full = held > shared.max_connections;
        tasks.spawn(connection(Arc::clone(&shared), stream, peer, slot, full));
        while tasks.try_join_next().is_some() {}
    }
}

/// Forgets idle addresses, now and then.
async fn sweep(shared: Arc<Shared>) {
    loop {
        sleep(Duration::from_secs(1)).await;
        lock(&shared.addresses).sweep(Instant::now());
    }
}

/// The close frame of `refusal`.
pub(crate) fn refusal_frame(refusal: Refusal) -> CloseFrame {
    CloseFrame {
        code: refusal.code().into(),
        reason: refusal.reason().into(),
    }
}

/// Closes `socket` with `refusal`, giving the peer a moment to answer.
pub(crate) async fn refuse(socket: Socket, refusal: Refusal) {
    close(socket, Some(refusal_frame(refusal))).await;
}

/// Closes `socket` with `frame`, giving the peer a moment to answer (a peer that reads nothing
/// does not hold the task).
pub(crate) async fn close(mut socket: Socket, frame: Option<CloseFrame>) {
    let _ = timeout(CLOSING, async {
        let _ = socket.close(frame).await;
        while let Some(Ok(_)) = socket.next().await {}
    })
    .await;
}

async fn connection(
    shared: Arc<Shared>,
    stream: TcpStream,
    peer: SocketAddr,
    mut slot: Slot,
    full: bool,
) {
    let _ = stream.set_nodelay(true);
    let mut query = String::new();
    let mut forwarded = None;
    // The error type is tungstenite's (an HTTP response), never built here.
    #[allow(clippy::result_large_err)]
    let callback = |request: &Http, response: Response| -> Result<Response, ErrorResponse> {
        let asked = request.uri().query().unwrap_or_default();
        if asked.len() <= MAX_QUERY {
            asked.clone_into(&mut query);
        }
        forwarded = request
            .headers()
            .get("x-forwarded-for")
            .and_then(|value| value.to_str().ok())
            .filter(|value| value.len() <= 512)
            .map(str::to_owned);
        Ok(response)
    };
    let handshake = accept_hdr_async_with_config(stream, callback, Some(shared.limits.websocket()));
    let Ok(Ok(socket)) = timeout(shared.limits.handshake_timeout, handshake).await else {
        return;
    };
    if full {
        shared.log(format_args!("refused: {}", Refusal::RelayFull.reason()));
        return refuse(socket, Refusal::RelayFull).await;
    }
    let ip = client_address(peer.ip(), forwarded.as_deref(), &shared.trusted);
    let Ok(request) = Request::parse(&query) else {
        shared.log(format_args!("refused: {}", Refusal::BadRequest.reason()));
        return refuse(socket, Refusal::BadRequest).await;
    };
    if !lock(&shared.addresses).connect(ip, Instant::now()) {
        shared.log(format_args!(
            "refused: {} (connections)",
            Refusal::RateLimited.reason()
        ));
        return refuse(socket, Refusal::RateLimited).await;
    }
    slot.ip = Some(ip);
    let peer = Peer {
        socket,
        ip,
        _slot: slot,
    };
    match request {
        Request::Host(nameplate) => control(shared, peer, nameplate).await,
        Request::Guest(nameplate, index) => guest(shared, peer, nameplate, index).await,
    }
}

/// Whether `ip` may make one more pairing attempt (logged when not).
pub(crate) fn attempt(shared: &Shared, ip: IpAddr, nameplate: &Nameplate) -> bool {
    let allowed = lock(&shared.addresses).attempt(ip, Instant::now());
    if !allowed {
        shared.log(format_args!(
            "refused {nameplate}: {} (attempts)",
            Refusal::RateLimited.reason()
        ));
    }
    allowed
}

/// A fresh guest id: 53 random bits (a JSON number any client reads exactly).
pub(crate) fn guest_id() -> u64 {
    getrandom::u64().unwrap_or_default() & ((1 << 53) - 1)
}
