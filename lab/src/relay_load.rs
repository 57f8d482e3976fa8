//! Load through a relay (`briscola-lab bench-relay`): synthetic tables of four, each a host and
//! four guests, paired through a relay ([`briscola_relay::HostLink`], whose guests' streams share
//! its one control connection, and [`briscola_relay::guest_connect_with`]) or directly (the hosts
//! listening themselves, in a process of their own: [`serve_direct`]), then playing synthetic moves
//! at a steady rate: a move is the host sending a frame to each of its four guests, and one guest
//! (in turn) answering. It measures each frame's delivery time, host to guest and guest to host
//! (every frame carries its send time on the system's wall clock, which both processes read).
//!
//! Each table's host and guests connect from their own loopback addresses (Linux routes all of
//! 127/8 to loopback), which spreads the ephemeral ports and meets the relay's per-address limits
//! as people's machines would. Deliberately absent: the table's protocol and its end-to-end
//! encryption (their cost is the same relayed or not); this measures the transport.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use briscola_relay::{HostLink, LinkOptions, Nameplate, RelayAddress, RelayStatus};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::Semaphore;
use tokio::time::{MissedTickBehavior, timeout};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{WebSocketStream, accept_hdr_async_with_config, client_async_with_config};

use crate::serve_load::percentiles;

/// Tables setting up at once.
const SETTING_UP: usize = 64;
/// How long one table may take to set up.
const PATIENCE: Duration = Duration::from_secs(60);
/// How long after the start line play begins.
pub const LEAD: Duration = Duration::from_millis(500);

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

/// One end of a table's connection: a WebSocket, or a guest's stream at its host.
pub trait End:
    Stream<Item = Result<Message, WsError>> + Sink<Message, Error = WsError> + Unpin + Send + 'static
{
}

impl<T> End for T where
    T: Stream<Item = Result<Message, WsError>>
        + Sink<Message, Error = WsError>
        + Unpin
        + Send
        + 'static
{
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

/// Microseconds since the Unix epoch on the system's clock.
pub fn now_micros() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
}

/// The time now, as the first eight bytes of a frame of `size` bytes.
fn stamped(size: usize) -> Message {
    let mut bytes = vec![0u8; size.max(8)];
    bytes[..8].copy_from_slice(&now_micros().to_be_bytes());
    Message::binary(bytes)
}

/// Microseconds from a stamped frame's sending to now.
fn delay(message: &Message) -> Option<u64> {
    let Message::Binary(bytes) = message else {
        return None;
    };
    let sent = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    Some(now_micros().saturating_sub(sent))
}

/// The tokio instant of a time given in Unix microseconds.
fn instant_of(micros: u64) -> tokio::time::Instant {
    let ahead = Duration::from_micros(micros.saturating_sub(now_micros()));
    tokio::time::Instant::now() + ahead
}

/// One table's ends: the host's four (one per guest) and the guests' four.
struct Table<H, G> {
    hosts: Vec<H>,
    guests: Vec<G>,
    _link: Option<HostLink>,
}

async fn tcp_from(to: SocketAddr, source: IpAddr) -> Option<tokio::net::TcpStream> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(source, 0)).ok()?;
    let stream = socket.connect(to).await.ok()?;
    let _ = stream.set_nodelay(true);
    Some(stream)
}

type Guest = briscola_relay::RelaySocket;

/// Sets up one table through the relay.
async fn relayed_table(
    relay: RelayAddress,
    table: usize,
) -> Option<Table<briscola_relay::GuestStream, Guest>> {
    let plate = nameplate(table)?;
    let host_options = LinkOptions {
        source: Some(address(2, table)),
        ..LinkOptions::default()
    };
    let (link, mut streams) = HostLink::spawn_with(relay.clone(), plate.clone(), host_options);
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
        hosts.push(timeout(PATIENCE, streams.recv()).await.ok()??);
    }
    Some(Table {
        hosts,
        guests,
        _link: Some(link),
    })
}

type Plain = WebSocketStream<tokio::net::TcpStream>;

/// The direct route's WebSocket settings: the relay's (4 KiB read buffers), so that only the
/// route differs.
fn small() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
    briscola_relay::limits::Limits::default().websocket()
}

/// Connects one table's four guests directly to the hosts' listener.
async fn direct_guests(listener: SocketAddr, table: usize) -> Option<Vec<Plain>> {
    let mut guests = Vec::new();
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
    }
    Some(guests)
}

/// Reads a host's end: the delays of its guest's answers.
async fn host_reader<H: End>(mut stream: SplitStream<H>) -> Vec<u64> {
    let mut delays = Vec::new();
    while let Some(Ok(message)) = stream.next().await {
        delays.extend(delay(&message));
    }
    delays
}

/// A guest: records each move's delay, and answers every fourth move (its turn).
async fn guest<G: End>(mut socket: G, seat: usize, answer: usize) -> Vec<u64> {
    let mut delays = Vec::new();
    let mut moves = 0;
    while let Some(Ok(message)) = socket.next().await {
        let Some(delay) = delay(&message) else {
            continue;
        };
        delays.push(delay);
        if moves % 4 == seat && socket.send(stamped(answer)).await.is_err() {
            break;
        }
        moves += 1;
    }
    delays
}

/// A host: a move every `period` from `start` until `end`, its frame to every guest.
async fn mover<H: End>(
    mut sinks: Vec<SplitSink<H, Message>>,
    start: tokio::time::Instant,
    period: Duration,
    end: tokio::time::Instant,
    size: usize,
) -> usize {
    let mut ticks = tokio::time::interval_at(start, period);
    ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
    let mut moves = 0;
    loop {
        let at = ticks.tick().await;
        if at >= end {
            break;
        }
        let frame = stamped(size);
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

/// What the hosts of one phase collected: moves made and their guests' answers' delays.
#[derive(Default)]
pub struct Hosted {
    /// Moves made.
    pub moves: usize,
    /// Microseconds of each answer.
    pub answers: Vec<u64>,
}

/// Plays the hosts' side of `tables` (each its four ends, and what to keep alive until it
/// ends) from `begin` (Unix microseconds) at `load`'s rate.
async fn play_hosts<H: End, K: Send + 'static>(
    tables: Vec<(Vec<H>, K)>,
    load: &Load,
    begin: u64,
) -> Hosted {
    let period = Duration::from_secs_f64(tables.len() as f64 / load.moves_per_second);
    let begin = instant_of(begin);
    let end = begin + Duration::from_secs_f64(load.seconds);
    let count = tables.len();
    let mut movers = Vec::new();
    let mut readers = Vec::new();
    for (n, (hosts, keep)) in tables.into_iter().enumerate() {
        let mut sinks = Vec::new();
        for host in hosts {
            let (sink, stream) = host.split();
            sinks.push(sink);
            readers.push(tokio::spawn(host_reader(stream)));
        }
        let start = begin + period.mul_f64(n as f64 / count as f64);
        let size = load.move_bytes;
        movers.push(tokio::spawn(async move {
            let moves = mover(sinks, start, period, end, size).await;
            drop(keep);
            moves
        }));
    }
    let mut hosted = Hosted::default();
    for mover in movers {
        hosted.moves += mover.await.unwrap_or(0);
    }
    for reader in readers {
        hosted.answers.extend(reader.await.unwrap_or_default());
    }
    hosted
}

/// Plays the guests' side: the delays of the hosts' frames.
async fn play_guests<G: End>(tables: Vec<Vec<G>>, load: &Load) -> Vec<u64> {
    let mut guests = Vec::new();
    for table in tables {
        for (seat, socket) in table.into_iter().enumerate() {
            guests.push(tokio::spawn(guest(socket, seat, load.answer_bytes)));
        }
    }
    let mut deliveries = Vec::new();
    for guest in guests {
        deliveries.extend(guest.await.unwrap_or_default());
    }
    deliveries
}

/// Sets up the tables through `relay`, then (after `ready`, e.g. reading the relay's memory)
/// plays both sides in this process.
pub async fn run_relayed(
    relay: RelayAddress,
    load: Load,
    ready: impl FnOnce(usize),
) -> PhaseReport {
    let setting_up = Arc::new(Semaphore::new(SETTING_UP));
    let started = std::time::Instant::now();
    let mut handles = Vec::new();
    for n in 0..load.tables {
        let (relay, setting_up) = (relay.clone(), Arc::clone(&setting_up));
        handles.push(tokio::spawn(async move {
            let _permit = setting_up.acquire_owned().await.ok()?;
            relayed_table(relay, n).await
        }));
    }
    let mut hosts = Vec::new();
    let mut guests = Vec::new();
    for handle in handles {
        if let Some(table) = handle.await.ok().flatten() {
            hosts.push((table.hosts, table._link));
            guests.push(table.guests);
        }
    }
    let tables = hosts.len();
    let connect = started.elapsed();
    ready(tables);
    let begin = now_micros() + u64::try_from(LEAD.as_micros()).unwrap_or(0);
    let (hosted, deliveries) =
        tokio::join!(play_hosts(hosts, &load, begin), play_guests(guests, &load));
    report(tables, connect, hosted, deliveries)
}

/// Connects the direct route's guests to the hosts listening at `listener` (another process),
/// calls `start` with the time play begins (Unix microseconds) and plays the guests' side; the
/// hosts' side (`hosted`) comes from `finish`.
pub async fn run_direct_guests(
    listener: SocketAddr,
    load: Load,
    start: impl FnOnce(u64),
    finish: impl FnOnce() -> Hosted,
) -> PhaseReport {
    let setting_up = Arc::new(Semaphore::new(SETTING_UP));
    let started = std::time::Instant::now();
    let mut handles = Vec::new();
    for n in 0..load.tables {
        let setting_up = Arc::clone(&setting_up);
        handles.push(tokio::spawn(async move {
            let _permit = setting_up.acquire_owned().await.ok()?;
            direct_guests(listener, n).await
        }));
    }
    let mut guests = Vec::new();
    for handle in handles {
        guests.extend(handle.await.ok().flatten());
    }
    let tables = guests.len();
    let connect = started.elapsed();
    start(now_micros() + u64::try_from(LEAD.as_micros()).unwrap_or(0));
    let deliveries = play_guests(guests, &load).await;
    report(tables, connect, finish(), deliveries)
}

/// Tables' host sockets as their guests connect, by the `t` of each guest's request.
type Arrivals = Arc<Mutex<HashMap<usize, Vec<Plain>>>>;

/// The direct route's hosts, in a process of their own: accepts guests on `listener` (four per
/// table, routed by their request's `t`), waits for `start` to give the time play begins, then
/// plays the hosts' side of every full table.
pub async fn serve_direct(
    listener: TcpListener,
    load: Load,
    start: impl Future<Output = Option<u64>>,
) -> Hosted {
    let arrivals: Arrivals = Arc::new(Mutex::new(HashMap::new()));
    let listening = tokio::spawn(listen(listener, Arc::clone(&arrivals)));
    let Some(begin) = start.await else {
        return Hosted::default();
    };
    listening.abort();
    let tables: Vec<(Vec<Plain>, ())> = arrivals
        .lock()
        .map(|mut all| all.drain().map(|(_, hosts)| hosts).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .filter(|hosts| hosts.len() == 4)
        .map(|hosts| (hosts, ()))
        .collect();
    play_hosts(tables, &load, begin).await
}

/// Accepts the direct route's guests.
async fn listen(listener: TcpListener, arrivals: Arrivals) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let _ = stream.set_nodelay(true);
        let arrivals = Arc::clone(&arrivals);
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
            if let (Some(table), Ok(mut all)) = (table, arrivals.lock()) {
                all.entry(table).or_default().push(socket);
            }
        });
    }
}

/// The hosts' side as one line (the direct hosts' process prints it).
pub fn hosted_line(hosted: &Hosted) -> String {
    let answers: Vec<String> = hosted.answers.iter().map(u64::to_string).collect();
    format!("hosted {} {}", hosted.moves, answers.join(","))
}

/// Reads [`hosted_line`]'s line.
pub fn read_hosted(line: &str) -> Option<Hosted> {
    let rest = line.trim().strip_prefix("hosted ")?;
    let (moves, answers) = rest.split_once(' ').unwrap_or((rest, ""));
    let answers = answers
        .split(',')
        .filter(|a| !a.is_empty())
        .map(str::parse)
        .collect::<Result<Vec<u64>, _>>()
        .ok()?;
    Some(Hosted {
        moves: moves.parse().ok()?,
        answers,
    })
}

fn report(tables: usize, connect: Duration, hosted: Hosted, deliveries: Vec<u64>) -> PhaseReport {
    PhaseReport {
        tables,
        connect_seconds: connect.as_secs_f64(),
        moves: hosted.moves,
        deliveries: deliveries.len(),
        delivery_ms: percentiles(deliveries),
        answers: hosted.answers.len(),
        answer_ms: percentiles(hosted.answers),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hosts_line_reads_back() {
        let hosted = Hosted {
            moves: 12,
            answers: vec![5, 700, 3],
        };
        let back = read_hosted(&hosted_line(&hosted)).unwrap_or_default();
        assert_eq!((back.moves, back.answers), (12, vec![5, 700, 3]));
        let empty = read_hosted(&hosted_line(&Hosted::default())).unwrap_or_default();
        assert_eq!((empty.moves, empty.answers.len()), (0, 0));
        assert!(read_hosted("nonsense").is_none());
    }
}
