//! Load on a table server (`briscola-lab bench-serve`): simulated people over loopback WebSockets,
//! four to a 4-player table, who join, get ready, and answer every view that offers them moves with a
//! random legal one after a think time (drawn between half and one and a half times the one given),
//! until the match is over. Play starts once every client is connected and welcomed, so the
//! handshakes are not measured as play. It measures, for every move, the time
//! from the mover sending it to each player at the table receiving it (the public `acted` event), and
//! the time until all four have.
//!
//! The clients run in this process, the server in another (so its memory is its own): both share the
//! machine's cores, and a client's own decryption and decoding are inside the measured time (every
//! connection runs the table's encrypted channel). Each table's clients
//! connect from their own loopback address (127.1.x.y), as different people's machines would, so the
//! server's per-address join limit is met as it is in use. Deliberately absent: AI seats (the AI's
//! thinking is measured by `bench-ai`; this is the transport's cost), and reconnecting.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use briscola::Rng;
use briscola_table::client::{self, Received, Receiver, Sender};
use briscola_table::protocol::{
    ClientMessage, LobbyView, PublicEvent, SeatView, ServerMessage, Stage,
};
use briscola_table::secret::TableCode;
use serde::Serialize;
use tokio::net::TcpSocket;
use tokio::sync::{Barrier, Semaphore};

/// Handshakes in flight at once (the listener's backlog is finite).
const CONNECTING: usize = 128;

/// The longest wait for every client to connect before play starts anyway.
const CONNECT_PATIENCE: Duration = Duration::from_secs(120);

/// One table to fill: its code and the host's token.
#[derive(Clone, Debug)]
pub struct TableSeat {
    /// The code.
    pub code: String,
    /// The host's token.
    pub host_token: String,
}

/// The moves of one table: when each was sent, and when each player got it.
#[derive(Debug, Default)]
struct Moves {
    /// Per move of the match: sent at, and the delays seen so far (one per player).
    moves: Vec<(Option<Instant>, Vec<u64>)>,
}

impl Moves {
    fn sent(&mut self, index: usize, at: Instant) {
        if self.moves.len() <= index {
            self.moves.resize(index + 1, (None, Vec::new()));
        }
        self.moves[index].0 = Some(at);
    }

    fn received(&mut self, index: usize, at: Instant) {
        if let Some((Some(sent), delays)) = self.moves.get_mut(index) {
            delays.push(at.saturating_duration_since(*sent).as_micros() as u64);
        }
    }
}

/// What one load run measured.
#[derive(Clone, Debug, Serialize)]
pub struct LoadReport {
    /// Tables played.
    pub tables: usize,
    /// Clients connected.
    pub clients: usize,
    /// Matches every client of the table saw to the end.
    pub matches_over: usize,
    /// Moves made.
    pub moves: usize,
    /// Refusals the clients received (a correct run has none).
    pub refused: usize,
    /// Seconds to connect every client.
    pub connect_seconds: f64,
    /// Seconds from the start of play to the last match over.
    pub seconds: f64,
    /// Milliseconds from a move sent to one player's update: median, 99th percentile, maximum.
    pub each_ms: [f64; 3],
    /// Milliseconds from a move sent to the last of the table's players' updates: the same.
    pub all_ms: [f64; 3],
}

/// Median, 99th percentile and maximum of `micros`, in milliseconds (nearest rank).
pub fn percentiles(mut micros: Vec<u64>) -> [f64; 3] {
    micros.sort_unstable();
    let at = |q: f64| -> f64 {
        if micros.is_empty() {
            return 0.0;
        }
        let rank = ((q * micros.len() as f64).ceil() as usize).clamp(1, micros.len());
        micros[rank - 1] as f64 / 1_000.0
    };
    [at(0.5), at(0.99), at(1.0)]
}

/// What one client saw.
#[derive(Debug, Default)]
struct ClientEnd {
    over: bool,
    refused: usize,
}

/// Plays the tables on `server` with four clients each; `think` is the pause before each move.
pub async fn run(
    server: SocketAddr,
    tables: &[TableSeat],
    think: Duration,
    seed: u64,
) -> LoadReport {
    let start = Instant::now();
    let connecting = Arc::new(Semaphore::new(CONNECTING));
    let everyone = Arc::new(Barrier::new(tables.len() * 4 + 1));
    let mut clients = Vec::new();
    let mut boards = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        let moves = Arc::new(Mutex::new(Moves::default()));
        boards.push(moves.clone());
        let source = IpAddr::V4(Ipv4Addr::new(127, 1, (t / 250) as u8, (t % 250 + 1) as u8));
        for seat in 0..4u8 {
            let first = if seat == 0 {
                ClientMessage::Rejoin {
                    code: table.code.clone(),
                    token: table.host_token.clone(),
                }
            } else {
                ClientMessage::Join {
                    code: table.code.clone(),
                    name: format!("p{seat}"),
                }
            };
            let rng = Rng::new(Rng::derive_seed(seed, (t * 4) as u64 + u64::from(seat)));
            let client = Client {
                server,
                source,
                first,
                moves: moves.clone(),
                think,
                rng,
            };
            clients.push(tokio::spawn(
                client.play(connecting.clone(), everyone.clone()),
            ));
        }
    }
    let _ = tokio::time::timeout(CONNECT_PATIENCE, everyone.wait()).await;
    let connect_seconds = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let mut ends = Vec::new();
    for client in clients {
        ends.push(client.await.unwrap_or_default());
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut each = Vec::new();
    let mut all = Vec::new();
    let mut moves = 0;
    let mut matches_over = 0;
    for (t, board) in boards.iter().enumerate() {
        let Ok(board) = board.lock() else { continue };
        for (_, delays) in &board.moves {
            moves += 1;
            each.extend(delays);
            if delays.len() == 4 {
                all.extend(delays.iter().max());
            }
        }
        if ends[t * 4..t * 4 + 4].iter().all(|e| e.over) {
            matches_over += 1;
        }
    }
    LoadReport {
        tables: tables.len(),
        clients: ends.len(),
        matches_over,
        moves,
        refused: ends.iter().map(|e| e.refused).sum(),
        connect_seconds,
        seconds,
        each_ms: percentiles(each),
        all_ms: percentiles(all),
    }
}

/// One simulated person.
struct Client {
    server: SocketAddr,
    source: IpAddr,
    first: ClientMessage,
    moves: Arc<Mutex<Moves>>,
    think: Duration,
    rng: Rng,
}

impl Client {
    async fn play(mut self, connecting: Arc<Semaphore>, everyone: Arc<Barrier>) -> ClientEnd {
        let mut end = ClientEnd::default();
        // Counts this client at the barrier even if it fails to connect, so play still starts.
        let mut waiting = Some(everyone);
        let socket = self.connect(connecting).await;
        let Some(socket) = socket else {
            if let Some(everyone) = waiting.take() {
                let _ = tokio::time::timeout(CONNECT_PATIENCE, everyone.wait()).await;
            }
            return end;
        };
        let (mut sink, mut frames) = socket;
        let mut outbox = vec![self.first.clone()];
        let mut host = false;
        let mut readied = false;
        let mut started = false;
        // Public moves seen so far: the index of the next one.
        let mut seen = 0usize;
        loop {
            for message in outbox.drain(..) {
                if let ClientMessage::Act { .. } = message
                    && let Ok(mut moves) = self.moves.lock()
                {
                    moves.sent(seen, Instant::now());
                }
                if sink.send(&message).await.is_err() {
                    return end;
                }
            }
            let message = match frames.next().await {
                Some(Received::Message(message)) => message,
                _ => return end,
            };
            match message {
                ServerMessage::Welcome { host: h, .. } => {
                    host = h;
                    if let Some(everyone) = waiting.take() {
                        let _ = tokio::time::timeout(CONNECT_PATIENCE, everyone.wait()).await;
                    }
                    if !host && !readied {
                        readied = true;
                        outbox.push(ClientMessage::Ready { ready: true });
                    }
                }
                ServerMessage::Lobby { lobby } if host && !started && can_start(&lobby) => {
                    started = true;
                    outbox.push(ClientMessage::Start);
                }
                ServerMessage::Event {
                    event: PublicEvent::Acted { .. },
                } => {
                    if let Ok(mut moves) = self.moves.lock() {
                        moves.received(seen, Instant::now());
                    }
                    seen += 1;
                }
                ServerMessage::Game { view } if !view.observation.legal_actions.is_empty() => {
                    let legal = &view.observation.legal_actions;
                    let action = legal[self.rng.below(legal.len())];
                    if !self.think.is_zero() {
                        // Between half and one and a half times the think time, so the tables
                        // drift apart instead of moving in lockstep.
                        let spread = self.think.as_micros() as usize;
                        let micros = spread / 2 + self.rng.below(spread.max(1));
                        tokio::time::sleep(Duration::from_micros(micros as u64)).await;
                    }
                    outbox.push(ClientMessage::Act { action });
                }
                ServerMessage::MatchOver { .. } => {
                    end.over = true;
                    return end;
                }
                ServerMessage::Error { .. } => end.refused += 1,
                _ => {}
            }
        }
    }
}

impl Client {
    /// Connects from this client's own address and opens the channel; `None` if it cannot.
    async fn connect(&self, connecting: Arc<Semaphore>) -> Option<(Sender, Receiver)> {
        let _turn = connecting.acquire().await.ok()?;
        let tcp = TcpSocket::new_v4().ok()?;
        tcp.bind(SocketAddr::new(self.source, 0)).ok()?;
        let stream = tcp.connect(self.server).await.ok()?;
        let _ = stream.set_nodelay(true);
        let url = format!("ws://{}/", self.server);
        // A small read buffer, as the server's: tungstenite's default zeroes 128 KiB per client.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_BUFFER_BYTES);
        let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
            .await
            .ok()?;
        let code = match &self.first {
            ClientMessage::Join { code, .. } | ClientMessage::Rejoin { code, .. } => code,
            _ => return None,
        };
        let code = TableCode::parse(code)?;
        client::secure(socket, &code, &self.server.to_string())
            .await
            .ok()
    }
}

/// Each simulated client's read buffer.
const READ_BUFFER_BYTES: usize = 4 * 1024;

/// Whether the host may start: every seat a person, every guest ready.
fn can_start(lobby: &LobbyView) -> bool {
    lobby.stage == Stage::Lobby
        && lobby.seats.iter().all(|seat| match seat {
            SeatView::Person { ready, host, .. } => *ready || *host,
            SeatView::Empty | SeatView::Ai { .. } => false,
        })
}

/// This process's peak and current resident memory, in KiB (`VmHWM`, `VmRSS` of `/proc/self/status`;
/// zeros where there is no such file).
pub fn memory_kib() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmHWM:"), field("VmRSS:"))
}

/// This process's CPU time so far (user and system, all threads), in seconds, from `/proc/self/stat`
/// at the usual 100 ticks a second; zero where there is no such file.
pub fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (which is in parentheses and may hold spaces).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    // utime and stime are the 14th and 15th fields, the 12th and 13th after the name.
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|t| t.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(11) + ticks(12)) as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank_in_milliseconds() {
        let p = percentiles((1..=100).map(|i| i * 1_000).collect());
        assert_eq!(p, [50.0, 99.0, 100.0]);
        assert_eq!(percentiles(Vec::new()), [0.0; 3]);
    }

    #[test]
    fn this_process_has_used_some_cpu_and_memory() {
        // Linux only: elsewhere there is no /proc and both read as zero.
        if std::path::Path::new("/proc/self/stat").exists() {
            // Work the optimiser cannot fold away, until a clock tick of CPU time shows (or 5 s).
            let started = std::time::Instant::now();
            let mut spin = 0u64;
            while cpu_seconds() == 0.0 && started.elapsed().as_secs() < 5 {
                for i in 0..std::hint::black_box(1_000_000u64) {
                    spin = std::hint::black_box(spin ^ i.wrapping_mul(31));
                }
            }
            assert!(cpu_seconds() > 0.0, "CPU time after spinning ({spin})");
            let (peak, now) = memory_kib();
            assert!(peak >= now && now > 0);
        }
    }

    #[test]
    fn a_move_collects_one_delay_per_player() {
        let mut moves = Moves::default();
        let t0 = Instant::now();
        moves.received(0, t0);
        assert!(moves.moves.is_empty(), "a move not sent has no delays");
        moves.sent(1, t0);
        moves.received(1, t0 + Duration::from_millis(2));
        moves.received(1, t0 + Duration::from_millis(3));
        assert_eq!(moves.moves[1].1, vec![2_000, 3_000]);
        assert_eq!(moves.moves[0].0, None);
    }
}
