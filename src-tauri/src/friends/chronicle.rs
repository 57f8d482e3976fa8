//! [`Chronicle`]: what this player's history keeps of a match at a friends' table. It follows the
//! table's messages — the player's seat from `welcome`, who sat where when the match started, when
//! it started — and when `match-over` brings the record (everything is public then), it makes the
//! [`FinishedMatch`] for the history: the record seen from the player's seat (the engine renumbers
//! it so the player is seat 0, as the history, its replay and its review expect; the moves the table
//! made for a person stay marked on their moves), who played each seat seen from there too — people
//! by the names the table showed, the player included, AI seats by their level (the table gives
//! them no name) — and the result for the player.
//!
//! At most one entry a match this player actually played: a record is kept only once per start of
//! a match (each Play again is a new start), and only when this player sent a move of their own
//! since that start ([`MovesSent`]), so a host sending match after match in a loop cannot fill the
//! history. The record itself was replayed by the guard before it came here.
//!
//! Deliberately absent: anything for someone watching without a seat (nothing is kept), and a
//! match that did not end (a table closed mid-match keeps nothing).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use briscola::{MatchRecord, Seat};
use briscola_table::protocol::{SeatView, ServerMessage, Stage};

use crate::history::SeatPlayer;
use crate::preferences::OPPONENT_NAME_CHARS;
use crate::session::FinishedMatch;

/// A name as the history keeps it: the host's table sent it (a remote party, not trusted), so it is
/// cut to a stored name's length, without control characters.
fn kept_name(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(OPPONENT_NAME_CHARS)
        .collect()
}

/// How many moves this player has sent to the table: the link's sender counts, the chronicle reads.
#[derive(Debug, Clone, Default)]
pub struct MovesSent(Arc<AtomicU64>);

impl MovesSent {
    /// One more move sent.
    pub fn count_one(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }

    /// Moves sent so far.
    pub fn get(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A match under way: when it started, and how many moves this player had sent then.
#[derive(Debug, Clone, Copy)]
struct Start {
    at_ms: i64,
    moves: u64,
}

/// What is known of the match so far. See the module docs.
#[derive(Debug, Default)]
pub struct Chronicle {
    seat: Option<Seat>,
    seats: Vec<SeatView>,
    started: Option<Start>,
    moves: MovesSent,
}

impl Chronicle {
    /// A chronicle reading this player's moves from `moves`.
    pub fn new(moves: MovesSent) -> Chronicle {
        Chronicle {
            moves,
            ..Chronicle::default()
        }
    }

    /// Takes a message heard at `now_ms`; the finished match once the record arrives.
    pub fn hear(&mut self, message: &ServerMessage, now_ms: i64) -> Option<FinishedMatch> {
        match message {
            ServerMessage::Welcome { seat, .. } => self.seat = *seat,
            ServerMessage::Lobby { lobby } => match lobby.stage {
                // Back in the lobby (another match at the same table): a new start comes.
                Stage::Lobby => self.started = None,
                Stage::Playing => {
                    let moves = self.moves.get();
                    self.started.get_or_insert(Start {
                        at_ms: now_ms,
                        moves,
                    });
                    self.seats.clone_from(&lobby.seats);
                }
                Stage::Over => {}
            },
            ServerMessage::MatchOver { record, .. } => return self.finished(record, now_ms),
            _ => {}
        }
        None
    }

    fn finished(&mut self, record: &MatchRecord, now_ms: i64) -> Option<FinishedMatch> {
        let seat = self.seat?;
        // Once per start, and only a match this player made a move in.
        let started = self.started.take()?;
        if self.moves.get() <= started.moves {
            return None;
        }
        let started_ms = started.at_ms;
        let players = record.ruleset.players;
        if seat >= players || self.seats.len() != usize::from(players) {
            return None;
        }
        let seen = record.seen_from(seat);
        // Seat 0 is this player's: the seats in playing order from theirs.
        let seats = (0..usize::from(players))
            .map(|k| {
                match self
                    .seats
                    .get((usize::from(seat) + k) % usize::from(players))
                {
                    Some(SeatView::Ai { level }) => SeatPlayer::Ai {
                        level: *level,
                        name: String::new(),
                    },
                    Some(SeatView::Person { name, .. }) => SeatPlayer::Person {
                        name: kept_name(name),
                    },
                    // A seat left empty cannot be in a started match; kept as a person unnamed.
                    Some(SeatView::Empty) | None => SeatPlayer::Person {
                        name: String::new(),
                    },
                }
            })
            .collect();
        // The table's record replays (the host's engine made it); one that does not, or a match
        // that did not end, is not kept.
        let game = seen.replay().ok()?;
        game.outcome()?;
        Some(FinishedMatch::of(
            &game,
            seats,
            (started_ms, now_ms),
            false,
            0,
        ))
    }
}

#[cfg(test)]
mod tests {
    use briscola::ai::Level;
    use briscola::{Match, MatchFormat, Phase, Preset, Rng, Ruleset};
    use briscola_table::protocol::{LobbyView, SettingsView};

    use super::*;
    use crate::session::YourResult;

    fn lobby(stage: Stage, seats: Vec<SeatView>, ruleset: Ruleset) -> ServerMessage {
        ServerMessage::Lobby {
            lobby: LobbyView {
                code: "1RGK4-T8SA9".into(),
                stage,
                settings: SettingsView {
                    ruleset,
                    format: MatchFormat::SingleHand,
                    turn_seconds: None,
                    absence: briscola_table::protocol::Absence::Wait,
                    random_seats: false,
                    name: String::new(),
                    hints: false,
                },
                seats,
                watchers: Vec::new(),
                teams: None,
            },
        }
    }

    fn person(name: &str) -> SeatView {
        SeatView::Person {
            name: name.into(),
            ready: true,
            connected: true,
            host: false,
        }
    }

    #[test]
    fn a_match_at_seat_2_is_kept_as_seen_from_there_with_the_others_names() {
        let rules = Ruleset::preset(Preset::Briscola, 4).expect("preset");
        let mut game = Match::new(rules, MatchFormat::SingleHand, 1, 77).expect("a match");
        let mut rng = Rng::new(3);
        while game.game().phase() != Phase::Finished {
            let legal = game.game().legal_actions();
            game.apply(legal[rng.below(legal.len())]).expect("legal");
        }
        let record = game.record();
        // Cy's name comes from a table that does not hold to the limits: kept cut and clean.
        let long = format!("Cy\u{7}{}", "y".repeat(100));
        let seats = vec![
            person("Ada"),
            SeatView::Ai { level: Level::Hard },
            person("Bea"),
            person(&long),
        ];
        let moves = MovesSent::default();
        let mut chronicle = Chronicle::new(moves.clone());
        let welcome = ServerMessage::Welcome {
            code: "1RGK4-T8SA9".into(),
            token: "00".repeat(16),
            seat: Some(2),
            host: false,
        };
        assert!(chronicle.hear(&welcome, 1_000).is_none());
        assert!(
            chronicle
                .hear(&lobby(Stage::Lobby, seats.clone(), rules), 1_500)
                .is_none()
        );
        assert!(
            chronicle
                .hear(&lobby(Stage::Playing, seats, rules), 2_000)
                .is_none()
        );
        let over = ServerMessage::MatchOver {
            standing: game.standing().clone(),
            outcome: game.outcome().cloned(),
            record: record.clone(),
        };
        moves.count_one();
        let finished = chronicle.hear(&over, 9_000).expect("kept");
        // The same record again, with no new start: not kept twice.
        assert!(chronicle.hear(&over, 9_500).is_none());
        assert_eq!((finished.started_ms, finished.finished_ms), (2_000, 9_000));
        assert_eq!(finished.record, record.seen_from(2));
        // From seat 2: Bea herself, Cy (3), Ada (0), the Hard AI (1); no level stands for a person.
        let cy = format!("Cy{}", "y".repeat(OPPONENT_NAME_CHARS - 2));
        assert_eq!(
            finished.seats,
            [
                SeatPlayer::Person { name: "Bea".into() },
                SeatPlayer::Person { name: cy },
                SeatPlayer::Person { name: "Ada".into() },
                SeatPlayer::Ai {
                    level: Level::Hard,
                    name: String::new()
                },
            ]
        );
        // Seat 2 played with seat 0 (Ada): now seats 0 and 2.
        let won = game.outcome().expect("over").is_won_by(
            game.standing()
                .sides
                .iter()
                .position(|side| side.contains(&2))
                .expect("a side"),
        );
        let drawn = game.outcome().expect("over").is_draw();
        let expected = match (won, drawn) {
            (_, true) => YourResult::Drawn,
            (true, _) => YourResult::Won,
            _ => YourResult::Lost,
        };
        assert_eq!(finished.result, expected);
        // Someone watching keeps nothing.
        let mut watcher = Chronicle::default();
        assert!(watcher.hear(&over, 9_000).is_none());
    }

    #[test]
    fn a_host_cannot_fill_the_history_with_matches_this_player_did_not_play() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let mut game = Match::new(rules, MatchFormat::SingleHand, 0, 5).expect("a match");
        let mut rng = Rng::new(1);
        while game.game().phase() != Phase::Finished {
            let legal = game.game().legal_actions();
            game.apply(legal[rng.below(legal.len())]).expect("legal");
        }
        let over = ServerMessage::MatchOver {
            standing: game.standing().clone(),
            outcome: game.outcome().cloned(),
            record: game.record(),
        };
        let seats = vec![person("Ada"), person("Bea")];
        let welcome = |seat| ServerMessage::Welcome {
            code: "1RGK4-T8SA9".into(),
            token: "00".repeat(16),
            seat: Some(seat),
            host: false,
        };
        let moves = MovesSent::default();
        let mut chronicle = Chronicle::new(moves.clone());
        chronicle.hear(&welcome(1), 0);
        // A record with no match started: nothing.
        assert!(chronicle.hear(&over, 1).is_none());
        // Started, but this player never moved: nothing, however often.
        for at in 0..1_000 {
            chronicle.hear(&lobby(Stage::Playing, seats.clone(), rules), at);
            assert!(chronicle.hear(&over, at).is_none());
        }
        // One move, one match: one entry; the same again without a new move, none.
        chronicle.hear(&lobby(Stage::Playing, seats.clone(), rules), 2_000);
        moves.count_one();
        assert!(chronicle.hear(&over, 3_000).is_some());
        chronicle.hear(&lobby(Stage::Playing, seats.clone(), rules), 4_000);
        assert!(chronicle.hear(&over, 5_000).is_none());
        // A seat past the table (a welcome the guard would have refused) keeps nothing, never panics.
        let mut stray = Chronicle::new(moves.clone());
        stray.hear(&welcome(255), 0);
        stray.hear(&lobby(Stage::Playing, seats, rules), 1);
        moves.count_one();
        assert!(stray.hear(&over, 2).is_none());
    }
}
