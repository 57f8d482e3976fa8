//! [`TableSnapshot`]: a table as data, so that a host that restarts can bring it back. It holds the
//! settings, the code, the seats and the people with their tokens, and the match as its record, which
//! the engine replays to the same position; a restored table has every person disconnected, and they
//! come back with `rejoin` and their tokens.
//!
//! The snapshot holds every seat token and, during a match, every deal: it is as secret as the host's
//! machine, and is never sent to a client.
//!
//! The turn clock keeps the time it had left when the snapshot was taken: a restart neither gives the
//! player to move a fresh turn nor counts the time the table was down against them (the server
//! refreshes the snapshot every few seconds while a clock runs).
//!
//! Friends who joined the match in progress keep their claims on AI seats, and friends who took an
//! AI's seat the level it goes back to (see `invite.rs`).
//!
//! Deliberately absent: connections, rate-limit buckets and an open proposal to turn the timer off
//! (none survives a restart).

use std::collections::{BTreeMap, BTreeSet};

use briscola::ai::Level;
use briscola::{MAX_PLAYERS, MatchRecord, RecordError, Seat, SeatedMatch};
use serde::{Deserialize, Serialize};

use super::members::{LAST_MEMBER, MAX_MEMBERS, Member, MemberId, Occupant};
use super::{HAND_PAUSE_MS, Play, Table, TableSettings};
use crate::limit::PerAddress;
use crate::protocol::Stage;
use crate::secret::{Entropy, SeatToken, TableCode};
use crate::timer::TurnTimer;

/// The snapshot format this build writes and reads.
pub const SNAPSHOT_VERSION: u32 = 1;

/// A table as data. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableSnapshot {
    version: u32,
    settings: TableSettings,
    code: String,
    stage: Stage,
    seats: Vec<SeatSnapshot>,
    members: Vec<MemberSnapshot>,
    next_member: MemberId,
    host: MemberId,
    expiries: Vec<u8>,
    play: Option<PlaySnapshot>,
    turn: u64,
    /// The turn clock: its seat and the time it had left.
    #[serde(default)]
    clock: Option<ClockSnapshot>,
    /// Whether the host opened the match in progress to friends.
    #[serde(default)]
    open_seats: bool,
}

/// The turn clock when the snapshot was taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ClockSnapshot {
    seat: Seat,
    remaining_ms: u64,
}

/// Who sits at a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum SeatSnapshot {
    Empty,
    Person { member: MemberId },
    Ai { level: Level },
}

/// A person at the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct MemberSnapshot {
    id: MemberId,
    name: String,
    token: String,
    seat: Option<Seat>,
    ready: bool,
    muted: Vec<MemberId>,
    /// The AI seat they wait for, having joined the match in progress.
    #[serde(default)]
    claim: Option<Seat>,
    /// The AI level whose seat they took during the match.
    #[serde(default)]
    seat_ai: Option<Level>,
}

/// The match so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct PlaySnapshot {
    record: MatchRecord,
    ai_seed: u64,
    /// Moves taken back so far.
    #[serde(default)]
    undos: u32,
    /// The seat that gave the match up.
    #[serde(default)]
    resigned: Option<Seat>,
}

/// Why a snapshot could not be restored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    /// Written by another version of the format.
    #[error("snapshot version {found}, this build reads {SNAPSHOT_VERSION}")]
    Version {
        /// The version found.
        found: u32,
    },
    /// The match record does not replay.
    #[error("the match does not replay: {0}")]
    Record(RecordError),
    /// Something in it is not what a table holds (the field named).
    #[error("the snapshot's {0} is not valid")]
    Invalid(&'static str),
}

impl TableSnapshot {
    /// The table's code, as shown.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The table's settings (its rules and name).
    pub fn settings(&self) -> &TableSettings {
        &self.settings
    }

    /// Where the table was.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The match so far, if one is under way (not over): its record, its AI seats' seed and the
    /// moves taken back — what a match against the computer is saved as.
    pub fn match_under_way(&self) -> Option<(&MatchRecord, u64, u32)> {
        let play = self
            .play
            .as_ref()
            .filter(|_| self.stage == Stage::Playing)?;
        Some((&play.record, play.ai_seed, play.undos))
    }

    /// The host's seat token (the snapshot is the host's own secret data).
    pub fn host_token(&self) -> Option<&str> {
        self.members
            .iter()
            .find(|m| m.id == self.host)
            .map(|m| m.token.as_str())
    }
}

impl Table {
    /// The table as data at `now`.
    pub fn snapshot(&self, now: u64) -> TableSnapshot {
        TableSnapshot {
            version: SNAPSHOT_VERSION,
            // The timer as it is now (the players may have agreed to turn it off).
            settings: TableSettings {
                turn_seconds: self.timer.seconds(),
                ..self.settings.clone()
            },
            code: self.code.display(),
            stage: self.stage,
            seats: self
                .seats
                .iter()
                .map(|o| match *o {
                    Occupant::Empty => SeatSnapshot::Empty,
                    Occupant::Person(member) => SeatSnapshot::Person { member },
                    Occupant::Ai(level) => SeatSnapshot::Ai { level },
                })
                .collect(),
            members: self
                .members
                .iter()
                .map(|(&id, m)| MemberSnapshot {
                    id,
                    name: m.name.clone(),
                    token: m.token.to_hex(),
                    seat: m.seat,
                    ready: m.ready,
                    muted: m.muted.iter().copied().collect(),
                    claim: m.claim,
                    seat_ai: m.seat_ai,
                })
                .collect(),
            next_member: self.next_member,
            host: self.host,
            expiries: self.timer.all_expiries().to_vec(),
            play: self.play.as_ref().map(|p| PlaySnapshot {
                record: p.seated.game().record(),
                ai_seed: p.seated.ai_seed(),
                undos: p.undos,
                resigned: p.resigned,
            }),
            turn: self.turn,
            clock: self
                .timer
                .clock(now)
                .map(|(seat, remaining_ms, _)| ClockSnapshot { seat, remaining_ms }),
            open_seats: self.open_seats,
        }
    }

    /// The table a snapshot holds, at `now`, with nobody connected: the match replayed from its
    /// record, the turn clock running with the time it had left, a finished hand's pause begun
    /// again.
    pub fn restore(snapshot: TableSnapshot, now: u64) -> Result<Table, RestoreError> {
        use RestoreError::Invalid;
        if snapshot.version != SNAPSHOT_VERSION {
            return Err(RestoreError::Version {
                found: snapshot.version,
            });
        }
        let settings = snapshot.settings;
        settings
            .ruleset
            .validate()
            .map_err(|_| Invalid("ruleset"))?;
        settings.format.validate().map_err(|_| Invalid("format"))?;
        if !settings.name.is_empty() && crate::text::name(&settings.name).is_err() {
            return Err(Invalid("name"));
        }
        super::lobby::check_timer(settings.turn_seconds).map_err(|_| Invalid("timer"))?;
        // A table that could still take people: member numbers left, no more people than a table
        // holds.
        if snapshot.next_member > LAST_MEMBER || snapshot.members.len() > MAX_MEMBERS {
            return Err(Invalid("members"));
        }
        let code = TableCode::parse(&snapshot.code).ok_or(Invalid("code"))?;
        let players = usize::from(settings.ruleset.players);
        let mut members = BTreeMap::new();
        let ids: BTreeSet<MemberId> = snapshot.members.iter().map(|m| m.id).collect();
        for m in snapshot.members {
            let token = SeatToken::from_hex(&m.token).ok_or(Invalid("token"))?;
            // Names by the table's own rules: valid as given, and no two that read the same.
            let name = crate::text::name(&m.name).map_err(|_| Invalid("name"))?;
            if name != m.name
                || members
                    .values()
                    .any(|other: &Member| crate::text::same_name(&other.name, &name))
            {
                return Err(Invalid("name"));
            }
            if m.muted
                .iter()
                .any(|muted| !ids.contains(muted) || *muted == m.id)
            {
                return Err(Invalid("muted"));
            }
            let mut member = Member::new(name, token, m.seat);
            member.ready = m.ready;
            member.muted = m.muted.into_iter().collect();
            member.claim = m.claim;
            member.seat_ai = m.seat_ai;
            if m.id >= snapshot.next_member || members.insert(m.id, member).is_some() {
                return Err(Invalid("members"));
            }
        }
        if snapshot.seats.len() != players || !members.contains_key(&snapshot.host) {
            return Err(Invalid("seats"));
        }
        let mut seats = Vec::with_capacity(players);
        for (index, seat) in snapshot.seats.iter().enumerate() {
            seats.push(match *seat {
                SeatSnapshot::Empty => Occupant::Empty,
                SeatSnapshot::Ai { level } => Occupant::Ai(level),
                SeatSnapshot::Person { member } => {
                    let sits_here = members
                        .get(&member)
                        .is_some_and(|m| m.seat.map(usize::from) == Some(index));
                    if !sits_here {
                        return Err(Invalid("seats"));
                    }
                    Occupant::Person(member)
                }
            });
        }
        // Seats and people agree both ways: whoever has a seat sits there.
        let seated_elsewhere = members.iter().any(|(&id, m)| {
            m.seat
                .is_some_and(|s| seats.get(usize::from(s)) != Some(&Occupant::Person(id)))
        });
        // The host sits (the host stays at the table); tokens are each one person's.
        let host_seated = members
            .get(&snapshot.host)
            .is_some_and(|m| m.seat.is_some());
        if seated_elsewhere || !host_seated {
            return Err(Invalid("seats"));
        }
        // A claim is a newcomer's, during the match, on an AI seat nobody else claimed.
        let mut claimed = BTreeSet::new();
        for m in members.values() {
            if let Some(seat) = m.claim {
                let on_ai = matches!(seats.get(usize::from(seat)), Some(Occupant::Ai(_)));
                if snapshot.stage != Stage::Playing
                    || m.seat.is_some()
                    || !on_ai
                    || !claimed.insert(seat)
                {
                    return Err(Invalid("claim"));
                }
            }
        }
        // An AI level behind a seat is a friend's (never the host's), seated, and only until the
        // table is back in the lobby.
        let ai_behind_a_seat = members.iter().any(|(&id, m)| {
            m.seat_ai.is_some()
                && (id == snapshot.host || m.seat.is_none() || snapshot.stage == Stage::Lobby)
        });
        if ai_behind_a_seat {
            return Err(Invalid("seat_ai"));
        }
        let tokens: BTreeSet<String> = members.values().map(|m| m.token.to_hex()).collect();
        if tokens.len() != members.len() {
            return Err(Invalid("token"));
        }
        let past_the_seats = snapshot
            .expiries
            .iter()
            .skip(players)
            .any(|&count| count != 0);
        if snapshot.expiries.len() > MAX_PLAYERS || past_the_seats {
            return Err(Invalid("expiries"));
        }
        if let Some(clock) = snapshot.clock {
            let limit = settings
                .turn_seconds
                .map(|s| u64::from(s).saturating_mul(1_000));
            let fits = limit.is_some_and(|limit| clock.remaining_ms <= limit);
            if usize::from(clock.seat) >= players || !fits {
                return Err(Invalid("clock"));
            }
        }
        let mut expiries = [0u8; MAX_PLAYERS];
        for (slot, &count) in expiries.iter_mut().zip(&snapshot.expiries) {
            *slot = count;
        }
        let play = match snapshot.play {
            Some(p) => {
                if p.record.ruleset != settings.ruleset || p.record.format != settings.format {
                    return Err(Invalid("record"));
                }
                let seated =
                    SeatedMatch::resume(&p.record, p.ai_seed).map_err(RestoreError::Record)?;
                if p.resigned.is_some_and(|seat| usize::from(seat) >= players) {
                    return Err(Invalid("resigned"));
                }
                let next_deal_at = (snapshot.stage == Stage::Playing
                    && !settings.deal_when_asked
                    && seated.game().awaiting_next_hand())
                .then_some(now.saturating_add(HAND_PAUSE_MS));
                Some(Play {
                    next_deal_at,
                    undos: p.undos,
                    resigned: p.resigned,
                    ..Play::new(seated)
                })
            }
            None => None,
        };
        // A match in play is not over, and a match over is (decided, or given up).
        let over = play
            .as_ref()
            .map(|p| p.seated.game().outcome().is_some() || p.resigned.is_some());
        let holds = match snapshot.stage {
            Stage::Lobby => over.is_none(),
            Stage::Playing => over == Some(false),
            Stage::Over => over == Some(true),
        };
        if !holds {
            return Err(Invalid("stage"));
        }
        let mut table = Table {
            timer: TurnTimer::new(settings.turn_seconds).with_expiries(expiries),
            settings,
            code,
            entropy: Entropy::os(),
            stage: snapshot.stage,
            seats,
            members,
            next_member: snapshot.next_member,
            host: snapshot.host,
            conns: BTreeMap::new(),
            joins: PerAddress::default(),
            play,
            turn: snapshot.turn,
            last_lobby: None,
            next_match: None,
            open_seats: snapshot.open_seats,
            closed: false,
            out: Vec::new(),
        };
        // The clock runs for the seat to move, with the time it had left.
        table.refresh_clock(now);
        if let Some(clock) = snapshot.clock {
            table.timer.resume(clock.seat, clock.remaining_ms, now);
        }
        Ok(table)
    }
}
