//! Load through a relay (`briscola-lab bench-relay`): synthetic tables of four, each a host and
//! four guests, paired through a relay ([`briscola_relay::HostLink`] and
//! [`briscola_relay::guest_connect_with`]) or directly (the host listening itself), then playing
//! synthetic moves at a steady rate: a move is the host sending a frame to each of its four guests,
//! and one guest (in turn) answering. It measures each frame's delivery time, host to guest and
//! guest to host (every frame carries its send time; both ends are in this process, on one clock).
//!
//! Each table's host and guests connect from their own loopback addresses (Linux routes all of
//! 127/8 to loopback), which spreads the ephemeral ports and meets the relay's per-address limits
//! as people's machines would. Deliberately absent: the table's protocol and its end-to-end
//! encryption (their cost is the same relayed or not); this measures the transport.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use briscola_relay::{HostLink, LinkOptions, Nameplate, RelayAddress, RelayStatus};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::{Semaphore, mpsc};
use tokio::time::{MissedTickBehavior, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::{WebSocketStream, accept_hdr_async_with_config, client_async_with_config};

use crate::serve_load::percentiles;

/// Tables setting up at once.
const SETTING_UP: usize = 64;
/// How long one table may take to set up.
const PATIENCE: Duration = Duration::from_secs(60);

/// What to play.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    /// Tables of four guests.
    pub tables: usize,
    /// Moves per second over all tables.
    pub moves_per_second: f64,
    /// Seconds of play.
    pub seconds: f64,
    /// Bytes of the host's frame to each guest.
    pub move_bytes: usize,
    /// Bytes of the answering guest's frame.
    pub answer_bytes: usize,
}

/// How the tables connect.
#[derive(Clone, Debug)]
pub enum Route {
    /// Through the relay at this address.
    Relay(RelayAddress),
    /// Directly: each guest to its host, which listens itself.
    Direct,
}

/// What one phase measured.
#[derive(Clone, Debug, Default)]
pub struct PhaseReport {
    /// Tables whose host and four guests all connected.
    pub tables: usize,
    /// Seconds to connect them.
    pub connect_seconds: f64,
    /// Moves made.
    pub moves: usize,
    /// Frames from hosts received by guests.
    pub deliveries: usize,
    /// Milliseconds from a host's frame sent to a guest receiving it: median, 99th percentile,
    /// maximum.
    pub delivery_ms: [f64; 3],
    /// Frames from guests received by hosts.
    pub answers: usize,
    /// The same for a guest's answer to its host.
    pub answer_ms: [f64; 3],
}

/// The loopback address number `n` of the block `block` (127.block.x.y, never .0 or .255).
fn address(block: u8, n: usize) -> IpAddr {
    let n = u16::try_from(n).unwrap_or(u16::MAX);
    IpAddr::V4(Ipv4Addr::new(
        127,
        block,
        (n / 250) as u8,
        (n % 250) as u8 + 1,
    ))
}

fn nameplate(table: usize) -> Option<Nameplate> {
    Nameplate::parse(&format!("T{table}")).ok()
}

/// Microseconds since `origin`, as the first eight bytes of a frame of `size` bytes.
fn stamped(origin: Instant, size: usize) -> Message {
    let mut bytes = vec![0u8; size.max(8)];
    let now = u64::try_from(origin.elapsed().as_micros()).unwrap_or(u64::MAX);
    bytes[..8].copy_from_slice(&now.to_be_bytes());
    Message::binary(bytes)
}

/// Microseconds from a stamped frame's sending to now.
fn delay(origin: Instant, message: &Message) -> Option<u64> {
    let Message::Binary(bytes) = message else {
        return None;
    };
    let sent = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let now = u64::try_from(origin.elapsed().as_micros()).unwrap_or(u64::MAX);
    Some(now.saturating_sub(sent))
}

/// One table's sockets: the host's four (one per guest) and the guests' four.
struct Table<H, G> {
    hosts: Vec<WebSocketStream<H>>,
    guests: Vec<WebSocketStream<G>>,
    _link: Option<HostLink>,
}

type Tables<H, G> = Vec<Table<H, G>>;

async fn tcp_from(to: SocketAddr, source: IpAddr) -> Option<tokio::net::TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(source, 0)).ok()?;
    let stream = socket.connect(to).await.ok()?;
    let _ = stream.set_nodelay(true);
    Some(stream)
}

type Tls = tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>;

/// Sets up one table through the relay.
async fn relayed_table(relay: RelayAddress, table: usize) -> Option<Table<Tls, Tls>> {
    let plate = nameplate(table)?;
    let host_options = LinkOptions {
        source: Some(address(2, table)),
        ..LinkOptions::default()
    };
    let (link, mut sockets) = HostLink::spawn_with(relay.clone(), plate.clone(), host_options);
    let mut status = link.status();
    timeout(
        PATIENCE,
        status.wait_for(|s| matches!(s, RelayStatus::Registered { .. })),
    )
    .await
    .ok()?
    .ok()?;
    let guest_options = LinkOptions {
        source: Some(address(3, table)),
        ..LinkOptions::default()
    };
    let mut guests = Vec::new();
    let mut hosts = Vec::new();
    for _ in 0..4 {
        let (guest, _) = briscola_relay::guest_connect_with(&relay, &plate, 0, &guest_options)
            .await
            .ok()?;
        guests.push(guest);
        hosts.push(timeout(PATIENCE, sockets.recv()).await.ok()??);
    }
    Some(Table {
        hosts,
        guests,
        _link: Some(link),
    })
}

type Plain = tokio::net::TcpStream;

/// The direct route's WebSocket settings: the relay's (4 KiB read buffers), so that only the
/// route differs.
fn small() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    briscola_relay::limits::Limits::default().websocket()
}

/// Sets up one table directly: its guests connect to the listener, which hands them to the host.
async fn direct_table(
    listener: SocketAddr,
    waiting: Arc<Mutex<HashMap<usize, mpsc::Sender<WebSocketStream<Plain>>>>>,
    table: usize,
) -> Option<Table<Plain, Plain>> {
    let (arrivals, mut arrived) = mpsc::channel(4);
    waiting.lock().ok()?.insert(table, arrivals);
    let mut guests = Vec::new();
    let mut hosts = Vec::new();
    for _ in 0..4 {
        let stream = tcp_from(listener, address(4, table)).await?;
        let url = format!("ws://{listener}/?t={table}");
        let (guest, _) = timeout(
            PATIENCE,
            client_async_with_config(url, stream, Some(small())),
        )
        .await
        .ok()?
        .ok()?;
        guests.push(guest);
        hosts.push(timeout(PATIENCE, arrived.recv()).await.ok()??);
    }
    waiting.lock().ok()?.remove(&table);
    Some(Table {
        hosts,
        guests,
        _link: None,
    })
}

/// The hosts' listener of the direct route: routes each connection by its `t` to its table.
async fn listen(
    listener: TcpListener,
    waiting: Arc<Mutex<HashMap<usize, mpsc::Sender<WebSocketStream<Plain>>>>>,
) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let waiting = Arc::clone(&waiting);
        tokio::spawn(async move {
            let mut table = None;
            // The error type is tungstenite's (an HTTP response), never built here.
            #[allow(clippy::result_large_err)]
            let callback =
                |request: &Request, response: Response| -> Result<Response, ErrorResponse> {
                    table = request
                        .uri()
                        .query()
                        .and_then(|q| q.strip_prefix("t="))
                        .and_then(|t| t.parse::<usize>().ok());
                    Ok(response)
                };
            let Ok(socket) = accept_hdr_async_with_config(stream, callback, Some(small())).await
            else {
                return;
            };
            let sender = table.and_then(|t| waiting.lock().ok()?.get(&t).cloned());
            if let Some(sender) = sender {
                let _ = sender.send(socket).await;
            }
        });
    }
}

/// What the clients of one phase collected.
#[derive(Default)]
struct Collected {
    deliveries: Vec<u64>,
    answers: Vec<u64>,
    moves: usize,
}

/// Reads a host's socket: the delays of its guest's answers.
async fn host_reader<S>(mut stream: SplitStream<WebSocketStream<S>>, origin: Instant) -> Vec<u64>
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let mut delays = Vec::new();
    while let Some(Ok(message)) = stream.next().await {
        delays.extend(delay(origin, &message));
    }
    delays
}

/// A guest: records each move's delay, and answers every fourth move (its turn).
async fn guest<S>(
    mut socket: WebSocketStream<S>,
    seat: usize,
    origin: Instant,
    answer: usize,
) -> Vec<u64>
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let mut delays = Vec::new();
    let mut moves = 0;
    while let Some(Ok(message)) = socket.next().await {
        let Some(delay) = delay(origin, &message) else {
            continue;
        };
        delays.push(delay);
        if moves % 4 == seat && socket.send(stamped(origin, answer)).await.is_err() {
            break;
        }
        moves += 1;
    }
    delays
}

/// A host: a move every `period` from `start` until `end`, its frame to every guest.
async fn mover<S>(
    mut sinks: Vec<SplitSink<WebSocketStream<S>, Message>>,
    start: tokio::time::Instant,
    period: Duration,
    end: tokio::time::Instant,
    origin: Instant,
    size: usize,
) -> usize
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let mut ticks = tokio::time::interval_at(start, period);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut moves = 0;
    loop {
        let at = ticks.tick().await;
        if at >= end {
            break;
        }
        let frame = stamped(origin, size);
        for sink in &mut sinks {
            let _ = sink.send(frame.clone()).await;
        }
        moves += 1;
    }
    for sink in &mut sinks {
        let _ = sink.close().await;
    }
    moves
}

/// Plays `tables` at `load`'s rate and collects the delays.
async fn play<H, G>(tables: Tables<H, G>, load: &Load) -> Collected
where
    H: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    G: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let origin = Instant::now();
    let period = Duration::from_secs_f64(tables.len() as f64 / load.moves_per_second);
    let begin = tokio::time::Instant::now() + Duration::from_millis(200);
    let end = begin + Duration::from_secs_f64(load.seconds);
    let mut movers = Vec::new();
    let mut readers = Vec::new();
    let mut guests = Vec::new();
    let count = tables.len();
    for (n, table) in tables.into_iter().enumerate() {
        let mut sinks = Vec::new();
        for socket in table.hosts {
            let (sink, stream) = socket.split();
            sinks.push(sink);
            readers.push(tokio::spawn(host_reader(stream, origin)));
        }
        for (seat, socket) in table.guests.into_iter().enumerate() {
            guests.push(tokio::spawn(guest(socket, seat, origin, load.answer_bytes)));
        }
        let start = begin + period.mul_f64(n as f64 / count as f64);
        let link = table._link;
        let size = load.move_bytes;
        movers.push(tokio::spawn(async move {
            let moves = mover(sinks, start, period, end, origin, size).await;
            drop(link);
            moves
        }));
    }
    let mut collected = Collected::default();
    for mover in movers {
        collected.moves += mover.await.unwrap_or(0);
    }
    for guest in guests {
        collected.deliveries.extend(guest.await.unwrap_or_default());
    }
    for reader in readers {
        collected.answers.extend(reader.await.unwrap_or_default());
    }
    collected
}

/// Sets up the tables of one route, then (after `ready`, e.g. reading the relay's memory) plays.
pub async fn run(route: Route, load: Load, ready: impl FnOnce(usize)) -> PhaseReport {
    let setting_up = Arc::new(Semaphore::new(SETTING_UP));
    let started = Instant::now();
    match route {
        Route::Relay(relay) => {
            let mut handles = Vec::new();
            for n in 0..load.tables {
                let (relay, setting_up) = (relay.clone(), Arc::clone(&setting_up));
                handles.push(tokio::spawn(async move {
                    let _permit = setting_up.acquire_owned().await.ok()?;
                    relayed_table(relay, n).await
                }));
            }
            let mut set = Vec::new();
            for handle in handles {
                set.extend(handle.await.ok().flatten());
            }
            let tables = set.len();
            let connect = started.elapsed();
            ready(tables);
            let collected = play(set, &load).await;
            report(tables, connect, collected)
        }
        Route::Direct => {
            let Ok(listener) = TcpListener::bind("127.0.0.1:0").await else {
                return PhaseReport::default();
            };
            let Ok(at) = listener.local_addr() else {
                return PhaseReport::default();
            };
            let waiting = Arc::new(Mutex::new(HashMap::new()));
            let listening = tokio::spawn(listen(listener, Arc::clone(&waiting)));
            let mut handles = Vec::new();
            for n in 0..load.tables {
                let (waiting, setting_up) = (Arc::clone(&waiting), Arc::clone(&setting_up));
                handles.push(tokio::spawn(async move {
                    let _permit = setting_up.acquire_owned().await.ok()?;
                    direct_table(at, waiting, n).await
                }));
            }
            let mut set = Vec::new();
            for handle in handles {
                set.extend(handle.await.ok().flatten());
            }
            let tables = set.len();
            let connect = started.elapsed();
            ready(tables);
            let collected = play(set, &load).await;
            listening.abort();
            report(tables, connect, collected)
        }
    }
}

fn report(tables: usize, connect: Duration, collected: Collected) -> PhaseReport {
    PhaseReport {
        tables,
        connect_seconds: connect.as_secs_f64(),
        moves: collected.moves,
        deliveries: collected.deliveries.len(),
        delivery_ms: percentiles(collected.deliveries),
        answers: collected.answers.len(),
        answer_ms: percentiles(collected.answers),
    }
}
