//! The relay itself: accepts WebSocket connections on a TCP listener, reads each one's request from
//! its URL, applies the limits, registers hosts and waiting guests in the pairing core, tells a
//! host of each guest, hands the host's accept connection to its guest, and then forwards (the
//! `forward` module). One task per connection until it is paired; one task per pair after.
//!
//! Deliberately absent: reading, storing or logging any payload; anything on disk; TLS (a proxy in
//! front terminates it); knowing which relay of a cluster holds a nameplate (the proxy hashes it).

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinSet;
use tokio::time::{sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request as Http, Response};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::{WebSocketStream, accept_hdr_async_with_config};

use crate::addresses::{Addresses, client_address};
use crate::descriptors;
use crate::forward::forward;
use crate::limits::Limits;
use crate::nameplate::Nameplate;
use crate::pairing::{GuestId, Pairing, PairingError};
use crate::wire::{MAX_QUERY, Notice, Refusal, Request};

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

/// Guest notices a host's control connection may have queued.
const NOTICES: usize = 32;
/// Connections over the cap that are still told `relay full` (beyond, they are dropped unread).
const REFUSING: usize = 64;
/// How long a closing connection is given to answer the close.
const CLOSING: Duration = Duration::from_secs(2);

/// How a waiting guest's wait ends.
pub(crate) enum Outcome {
    /// Its host's accept connection, and how many indices its nameplate spans.
    Paired(Box<Peer>, usize),
    /// Refused.
    Refused(Refusal),
}

type HostHandle = mpsc::Sender<u64>;
type GuestHandle = oneshot::Sender<Outcome>;

/// What every task shares.
pub(crate) struct Shared {
    pub(crate) limits: Limits,
    trusted: Vec<IpAddr>,
    log: bool,
    max_connections: usize,
    connections: AtomicUsize,
    pairing: Mutex<Pairing<HostHandle, GuestHandle>>,
    addresses: Mutex<Addresses>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
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

/// A connection ready to be paired.
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

/// Expires waiting guests and forgets idle addresses, now and then.
async fn sweep(shared: Arc<Shared>) {
    let every = (shared.limits.pairing_timeout / 4)
        .clamp(Duration::from_millis(10), Duration::from_secs(1));
    loop {
        sleep(every).await;
        let now = Instant::now();
        let late = lock(&shared.pairing).expire(now, shared.limits.pairing_timeout);
        for (_, guest) in late {
            let _ = guest.send(Outcome::Refused(Refusal::PairingTimedOut));
        }
        lock(&shared.addresses).sweep(now);
    }
}

/// Closes `socket` with `refusal`, giving the peer a moment to answer.
pub(crate) async fn refuse(mut socket: Socket, refusal: Refusal) {
    let frame = CloseFrame {
        code: refusal.code().into(),
        reason: refusal.reason().into(),
    };
    let _ = socket.close(Some(frame)).await;
    let _ = timeout(CLOSING, async {
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
        Request::Host(nameplate) => host(shared, peer, nameplate).await,
        Request::Guest(nameplate, index) => guest(shared, peer, nameplate, index).await,
        Request::Accept(nameplate, id) => accept(shared, peer, nameplate, id).await,
    }
}

/// Whether `ip` may make one more pairing attempt (logged when not).
fn attempt(shared: &Shared, ip: IpAddr, nameplate: &Nameplate) -> bool {
    let allowed = lock(&shared.addresses).attempt(ip, Instant::now());
    if !allowed {
        shared.log(format_args!(
            "refused {nameplate}: {} (attempts)",
            Refusal::RateLimited.reason()
        ));
    }
    allowed
}

/// A host's control connection: registered, told of its guests, pinged.
async fn host(shared: Arc<Shared>, peer: Peer, nameplate: Nameplate) {
    let Peer {
        mut socket,
        ip,
        _slot,
    } = peer;
    if !attempt(&shared, ip, &nameplate) {
        return refuse(socket, Refusal::RateLimited).await;
    }
    let (notices, mut guests) = mpsc::channel(NOTICES);
    let registered = lock(&shared.pairing).register_host(nameplate.clone(), notices);
    let registration = Notice::Registered {
        index: registered.index,
    };
    let mut end = None;
    if socket
        .send(Message::text(registration.encode()))
        .await
        .is_ok()
    {
        let limits = &shared.limits;
        let mut ping = tokio::time::interval_at(
            tokio::time::Instant::now() + limits.ping_interval,
            limits.ping_interval,
        );
        let mut heard = Instant::now();
        end = loop {
            tokio::select! {
                guest = guests.recv() => {
                    let Some(guest) = guest else { break None };
                    if socket.send(Message::text(Notice::Guest(guest).encode())).await.is_err() {
                        break None;
                    }
                }
                frame = socket.next() => match frame {
                    Some(Ok(Message::Pong(_) | Message::Ping(_))) => heard = Instant::now(),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break None,
                    Some(Ok(_)) => break Some(Refusal::Unexpected),
                },
                _ = ping.tick() => {
                    if heard.elapsed() >= limits.host_timeout {
                        break Some(Refusal::NoPong);
                    }
                    if socket.send(Message::Ping(Default::default())).await.is_err() {
                        break None;
                    }
                }
            }
        };
    }
    let orphans = lock(&shared.pairing).remove_host(registered.host);
    for (_, guest) in orphans {
        let _ = guest.send(Outcome::Refused(Refusal::Gone));
    }
    if let Some(refusal) = end {
        shared.log(format_args!(
            "host {nameplate} closed: {}",
            refusal.reason()
        ));
        refuse(socket, refusal).await;
    }
}

/// A fresh guest id: 53 random bits (a JSON number any client reads exactly).
fn guest_id() -> u64 {
    getrandom::u64().unwrap_or_default() & ((1 << 53) - 1)
}

/// A guest: waits for its host's accept connection, then the pair is forwarded.
async fn guest(shared: Arc<Shared>, peer: Peer, nameplate: Nameplate, index: usize) {
    if !attempt(&shared, peer.ip, &nameplate) {
        return refuse(peer.socket, Refusal::RateLimited).await;
    }
    let (handle, outcome) = oneshot::channel();
    let id = GuestId(guest_id());
    let told = {
        let mut core = lock(&shared.pairing);
        match core.guest_arrives(&nameplate, index, id, handle, Instant::now()) {
            Ok(host) => match host.try_send(id.0) {
                Ok(()) => Ok(()),
                Err(_) => {
                    core.guest_leaves(id);
                    Err(Refusal::RateLimited)
                }
            },
            Err(PairingError::NoHost) => Err(Refusal::NoHost),
            Err(_) => Err(Refusal::Gone),
        }
    };
    if let Err(refusal) = told {
        shared.log(format_args!(
            "refused {nameplate} index {index}: {}",
            refusal.reason()
        ));
        return refuse(peer.socket, refusal).await;
    }
    let Peer {
        mut socket,
        ip,
        _slot,
    } = peer;
    let mut outcome = outcome;
    let ending = loop {
        tokio::select! {
            result = &mut outcome => break result.unwrap_or(Outcome::Refused(Refusal::Gone)),
            frame = socket.next() => match frame {
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    lock(&shared.pairing).guest_leaves(id);
                    return;
                }
                Some(Ok(_)) => {
                    lock(&shared.pairing).guest_leaves(id);
                    break Outcome::Refused(Refusal::Unexpected);
                }
            },
        }
    };
    match ending {
        Outcome::Paired(host, hosts) => {
            shared.log(format_args!("paired {nameplate} index {index} of {hosts}"));
            let guest = Peer { socket, ip, _slot };
            forward(shared, guest, *host, hosts).await;
        }
        Outcome::Refused(refusal) => {
            shared.log(format_args!(
                "refused {nameplate} index {index}: {}",
                refusal.reason()
            ));
            refuse(socket, refusal).await;
        }
    }
}

/// A host's accept connection: handed to its waiting guest.
async fn accept(shared: Arc<Shared>, peer: Peer, nameplate: Nameplate, id: u64) {
    let taken = lock(&shared.pairing).accept(&nameplate, GuestId(id));
    let refused = match taken {
        Ok((guest, hosts)) => match guest.send(Outcome::Paired(Box::new(peer), hosts)) {
            Ok(()) => return,
            Err(Outcome::Paired(peer, _)) => *peer,
            Err(Outcome::Refused(_)) => return,
        },
        Err(_) => peer,
    };
    shared.log(format_args!(
        "refused accept {nameplate}: {}",
        Refusal::Gone.reason()
    ));
    refuse(refused.socket, Refusal::Gone).await;
}
