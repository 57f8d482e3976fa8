//! Whole matches through relays (`briscola-lab relay-tables`): N 4-player tables of Briscola a
//! squadre (one hand) in one table server, every seat a person played by a deterministic bot, each
//! person reaching the table with the table crate's `dial` (through a relay only, or straight to
//! the server's port), playing to the end, and reconnecting with `rejoin` and its seat token, by
//! `dial` again, whenever its connection drops (a relay killed under it), as the app's link does.
//!
//! Everything that decides the match is fixed: each table's deal seeds and first dealer by its
//! number ([`MatchStart::WhenStarted`]), each move a pure function of the table number, the seat and
//! the seat's observation, no timer, and absent people waited for (nobody's move is made for them).
//! So a table's final record is the same by every route, however often its people reconnect:
//! [`TableRun::record_hash`] compares them.
//!
//! Each person connects from a loopback address of its own (127/8 is all loopback on Linux), as
//! different people's machines would, so the per-address limits are met as in use.
//!
//! Deliberately absent: think times and latency figures (`bench-serve` measures those), AI seats,
//! and choosing among relays (one address: a cluster sits behind one proxy).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use briscola::{MatchFormat, MatchRecord, Preset, Ruleset, Seat};
use briscola_relay::link::{RelayAddress, RelayStatus};
use briscola_table::client::Received;
use briscola_table::dial::{Destination, dial_from};
use briscola_table::protocol::{
    ClientMessage, LobbyView, PublicEvent, SeatView, ServerMessage, Stage,
};
use briscola_table::secret::TableCode;
use briscola_table::server::{MatchStart, Relayed, Server};
use briscola_table::{MatchSeeds, TableSettings};
use sha2::{Digest, Sha256};
use tokio::sync::watch;

/// Seats at each table.
pub const SEATS: usize = 4;

/// Connection attempts in a row a person makes before giving up its seat.
pub const MAX_ATTEMPTS: u32 = 30;

/// The first wait before connecting again; it doubles up to [`MAX_BACKOFF`].
pub const FIRST_BACKOFF: Duration = Duration::from_millis(250);

/// The longest wait between two connection attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(4);

/// How the people reach their tables.
#[derive(Clone, Debug)]
pub enum Route {
    /// Straight to the server's port.
    Direct(SocketAddr),
    /// Through this relay only (each table registered with it).
    Relay(RelayAddress),
}

/// A process to SIGKILL once this many moves have been played over all tables.
#[derive(Clone, Copy, Debug)]
pub struct Kill {
    /// The process (2 or more: never a group, never every process).
    pub pid: i32,
    /// Moves played before it is killed.
    pub after_moves: usize,
}

/// One run.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Tables.
    pub tables: usize,
    /// Seed of the deals (each table's derived from it by its number).
    pub seed: u64,
    /// How people reach their tables.
    pub route: Route,
    /// A process to kill mid-run.
    pub kill: Option<Kill>,
    /// How long the whole run may take before unfinished tables are given up.
    pub patience: Duration,
}

/// What one table did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRun {
    /// The table's number.
    pub table: usize,
    /// Whether every person saw the match over with the same record.
    pub finished: bool,
    /// SHA-256 of the final record's JSON (first 16 hexadecimal digits), if finished.
    pub record_hash: Option<String>,
    /// Moves in the final record.
    pub moves: usize,
    /// Times a person got back in after a dropped connection.
    pub reconnections: usize,
    /// Whether the table's registration with the relay was lost during play (before its last
    /// person saw the match over).
    pub moved: bool,
}

/// Counters every person shares.
#[derive(Debug)]
struct Shared {
    /// Moves played over all tables (counted by each table's seat 0).
    moves: AtomicUsize,
    kill: Option<Kill>,
    killed: AtomicBool,
}

impl Shared {
    /// One more move played; kills the process if it is time.
    fn moved(&self) {
        let moves = self.moves.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(kill) = self.kill
            && moves >= kill.after_moves
            && kill.pid > 1
            && !self.killed.swap(true, Ordering::Relaxed)
            && let Some(pid) = rustix::process::Pid::from_raw(kill.pid)
        {
            let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
        }
    }
}

/// The settings of every table: Briscola a squadre, one hand, no timer, absent people waited for.
pub fn settings() -> Result<TableSettings, String> {
    let ruleset = Ruleset::preset(Preset::Briscola, SEATS as u8).map_err(|e| e.to_string())?;
    Ok(TableSettings {
        format: MatchFormat::SingleHand,
        ..TableSettings::new(ruleset)
    })
}

/// Table `table`'s deal: seeds and first dealer by its number.
pub fn seeds(seed: u64, table: usize) -> MatchSeeds {
    MatchSeeds {
        deal: briscola::Rng::derive_seed(seed, table as u64),
        ai: 0,
        dealer: (table % SEATS) as Seat,
    }
}

/// The move a seat's bot makes: a pure function of the table, the seat and what the seat sees.
pub fn choose(table: usize, seat: Option<Seat>, observation: &str, legal: usize) -> usize {
    let mut hash = Sha256::new();
    hash.update((table as u64).to_le_bytes());
    hash.update([seat.unwrap_or(u8::MAX)]);
    hash.update(observation.as_bytes());
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    (u64::from_le_bytes(first) % legal.max(1) as u64) as usize
}

/// The first 16 hexadecimal digits of the SHA-256 of a record's JSON.
pub fn record_hash(record: &MatchRecord) -> String {
    let json = serde_json::to_vec(record).unwrap_or_default();
    Sha256::digest(&json)[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The loopback address person `n` connects from (127.2.0.1 onwards, none ending in 0 or above 250).
pub fn source(n: usize) -> IpAddr {
    let octet = |v: usize| (v % 250) as u8;
    IpAddr::V4(Ipv4Addr::new(
        127,
        2 + octet(n / 62_500),
        octet(n / 250),
        octet(n) + 1,
    ))
}

/// Plays the plan's tables on `server` (see the module's docs).
pub async fn run(server: &Server, plan: &Plan) -> Result<Vec<TableRun>, String> {
    let settings = settings()?;
    let mut tables = Vec::new();
    for t in 0..plan.tables {
        let start = MatchStart::WhenStarted(seeds(plan.seed, t));
        let table = server
            .create_started(settings.clone(), "p0", &[], Some(start))
            .map_err(|e| e.to_string())?;
        tables.push(table);
    }
    let mut relayed: Vec<Option<Relayed>> = Vec::new();
    if let Route::Relay(relay) = &plan.route {
        for table in &tables {
            let kept = server
                .through_relay(&table.code, relay.clone())
                .ok_or("a table's code is not a code")?;
            relayed.push(Some(kept));
        }
        for kept in relayed.iter().flatten() {
            let mut status = kept.status();
            let registered = status.wait_for(|s| matches!(s, RelayStatus::Registered { .. }));
            tokio::time::timeout(plan.patience, registered)
                .await
                .map_err(|_| "a table did not register with the relay in time")?
                .map_err(|_| "a table's relay link ended")?;
        }
    }
    let shared = Arc::new(Shared {
        moves: AtomicUsize::new(0),
        kill: plan.kill,
        killed: AtomicBool::new(false),
    });
    let deadline = Instant::now() + plan.patience;
    let mut people = Vec::new();
    let mut watchers = Vec::new();
    for (t, table) in tables.iter().enumerate() {
        let code = TableCode::parse(&table.code).ok_or("a table's code is not a code")?;
        let destination = match &plan.route {
            Route::Direct(address) => Destination::at(address.to_string(), code),
            Route::Relay(relay) => Destination {
                addresses: Vec::new(),
                relay: Some(relay.clone()),
                code,
            },
        };
        watchers.push(
            relayed
                .get(t)
                .and_then(Option::as_ref)
                .map(|kept| tokio::spawn(moved(kept.status()))),
        );
        for k in 0..SEATS {
            let person = Person {
                table: t,
                name: format!("p{k}"),
                token: (k == 0).then(|| table.host_token.clone()),
                destination: destination.clone(),
                source: source(t * SEATS + k),
                shared: shared.clone(),
            };
            let play = tokio::time::timeout_at(deadline.into(), person.play());
            people.push(tokio::spawn(play));
        }
    }
    let mut ends = Vec::new();
    for person in people {
        ends.push(person.await.ok().and_then(Result::ok).unwrap_or_default());
    }
    let mut runs = Vec::new();
    for (t, watcher) in watchers.into_iter().enumerate() {
        if let Some(watcher) = &watcher {
            watcher.abort();
        }
        let seated = &ends[t * SEATS..(t + 1) * SEATS];
        let lost = match watcher {
            Some(watcher) => watcher.await.unwrap_or(None),
            None => None,
        };
        let over = seated.iter().map(|end| end.over_at).max().flatten();
        let moved = match (lost, over) {
            (Some(lost), Some(over)) => lost < over,
            (lost, _) => lost.is_some(),
        };
        let record = seated[0].record.clone();
        let finished = record.is_some() && seated.iter().all(|end| end.record == record);
        runs.push(TableRun {
            table: t,
            finished,
            record_hash: record.as_ref().filter(|_| finished).map(record_hash),
            moves: record.map_or(0, |r| r.hands.iter().map(|h| h.actions.len()).sum()),
            reconnections: seated.iter().map(|end| end.reconnections).sum(),
            moved,
        });
    }
    drop(relayed);
    Ok(runs)
}

/// Waits until a registered table loses its registration (and says when); aborted at the end of
/// the run otherwise.
async fn moved(mut status: watch::Receiver<RelayStatus>) -> Option<Instant> {
    status
        .wait_for(|s| !matches!(s, RelayStatus::Registered { .. }))
        .await
        .ok()
        .map(|_| Instant::now())
}

/// What one person saw.
#[derive(Clone, Debug, Default)]
struct End {
    record: Option<MatchRecord>,
    /// When the match over came.
    over_at: Option<Instant>,
    reconnections: usize,
}

/// One person at a table, played by the deterministic bot.
struct Person {
    table: usize,
    name: String,
    /// The seat token, once welcomed (the host's from the start).
    token: Option<String>,
    destination: Destination,
    source: IpAddr,
    shared: Arc<Shared>,
}

/// Where a person stands between connections.
#[derive(Debug, Default)]
struct Standing {
    seat: Option<Seat>,
    welcomed: bool,
    readied: bool,
    started: bool,
}

impl Person {
    /// Plays until the match is over, or until [`MAX_ATTEMPTS`] connections in a row failed.
    async fn play(mut self) -> End {
        let mut end = End::default();
        let mut standing = Standing::default();
        let mut failures = 0;
        let mut backoff = FIRST_BACKOFF;
        loop {
            match self.session(&mut standing, &mut end).await {
                _ if end.record.is_some() => return end,
                true => {
                    failures = 0;
                    backoff = FIRST_BACKOFF;
                }
                false => failures += 1,
            }
            if failures >= MAX_ATTEMPTS {
                return end;
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }

    /// One connection, until it drops or the match is over; whether the table welcomed us on it.
    async fn session(&mut self, standing: &mut Standing, end: &mut End) -> bool {
        let Ok((mut sender, mut receiver, _)) =
            dial_from(&self.destination, Some(self.source)).await
        else {
            return false;
        };
        let code = self.destination.code.display();
        let first = match &self.token {
            Some(token) => ClientMessage::Rejoin {
                code,
                token: token.clone(),
            },
            None => ClientMessage::Join {
                code,
                name: self.name.clone(),
            },
        };
        let mut outbox = vec![first];
        let mut welcomed = false;
        // The observation last acted on in this connection (a view sent again is not a new turn).
        let mut acted_on = String::new();
        loop {
            for message in outbox.drain(..) {
                if sender.send(&message).await.is_err() {
                    return welcomed;
                }
            }
            let Some(Received::Message(message)) = receiver.next().await else {
                return welcomed;
            };
            match message {
                ServerMessage::Welcome {
                    token, seat, host, ..
                } => {
                    // Welcomed again in this connection (seated at the match's start) is no
                    // reconnection; welcomed in a new one is.
                    if standing.welcomed && !welcomed {
                        end.reconnections += 1;
                    }
                    welcomed = true;
                    standing.welcomed = true;
                    self.token = Some(token);
                    standing.seat = seat;
                    standing.started |= !host;
                    if !host && !standing.readied {
                        standing.readied = true;
                        outbox.push(ClientMessage::Ready { ready: true });
                    }
                }
                ServerMessage::Lobby { lobby } if !standing.started && can_start(&lobby) => {
                    standing.started = true;
                    outbox.push(ClientMessage::Start);
                }
                ServerMessage::Event {
                    event: PublicEvent::Acted { .. },
                } if standing.seat == Some(0) => self.shared.moved(),
                ServerMessage::Game { view } if !view.observation.legal_actions.is_empty() => {
                    let seen = serde_json::to_string(&view.observation).unwrap_or_default();
                    if seen != acted_on {
                        let legal = &view.observation.legal_actions;
                        let k = choose(self.table, standing.seat, &seen, legal.len());
                        outbox.push(ClientMessage::Act { action: legal[k] });
                        acted_on = seen;
                    }
                }
                ServerMessage::MatchOver { record, .. } => {
                    end.record = Some(record);
                    end.over_at = Some(Instant::now());
                    return welcomed;
                }
                _ => {}
            }
        }
    }
}

/// Whether the host may start: every seat a person, every guest ready.
fn can_start(lobby: &LobbyView) -> bool {
    lobby.stage == Stage::Lobby
        && lobby.seats.iter().all(|seat| match seat {
            SeatView::Person { ready, host, .. } => *ready || *host,
            SeatView::Empty | SeatView::Ai { .. } => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_person_has_a_loopback_address_of_its_own() {
        let addresses: std::collections::BTreeSet<IpAddr> = (0..200_000).map(source).collect();
        assert_eq!(addresses.len(), 200_000);
        assert!(addresses.iter().all(IpAddr::is_loopback));
        assert_eq!(source(0), IpAddr::V4(Ipv4Addr::new(127, 2, 0, 1)));
    }

    #[test]
    fn a_bot_move_depends_on_the_table_seat_and_view_only() {
        let a = choose(3, Some(1), "{\"hand\":[1,2,3]}", 3);
        assert_eq!(a, choose(3, Some(1), "{\"hand\":[1,2,3]}", 3));
        assert!(a < 3);
        let spread: std::collections::BTreeSet<usize> =
            (0..64).map(|t| choose(t, Some(1), "{}", 3)).collect();
        assert_eq!(spread.len(), 3, "every legal move gets chosen somewhere");
    }

    #[test]
    fn each_table_is_dealt_by_its_number() {
        assert_eq!(seeds(7, 5), seeds(7, 5));
        assert_ne!(seeds(7, 5).deal, seeds(7, 6).deal);
        assert_eq!(seeds(7, 6).dealer, 2);
    }
}
