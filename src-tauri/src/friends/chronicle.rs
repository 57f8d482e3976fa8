//! [`Chronicle`]: what this player's history keeps of a match at a friends' table. It follows the
//! table's messages — the player's seat from `welcome`, who sat where when the match started, when
//! it started — and when `match-over` brings the record (everything is public then), it makes the
//! [`FinishedMatch`] a match against the AI would have made: the record seen from the player's seat
//! (the engine renumbers it so the player is seat 0, as the history, its replay and its review
//! expect), the others' names, which seats were people, and the result for the player.
//!
//! Deliberately absent: anything for someone watching without a seat (nothing is kept), and a
//! match that did not end (a table closed mid-match keeps nothing).

use briscola::ai::Level;
use briscola::{MatchRecord, Seat};
use briscola_table::protocol::{SeatView, ServerMessage, Stage};

use crate::preferences::OPPONENT_NAME_CHARS;
use crate::session::{FinishedMatch, MatchSetup, SavedMatch, Session};

/// The level standing for a person's seat in the history: the one that played for them when their
/// time ran out.
const PERSON_LEVEL: Level = Level::Medium;

/// A name as the history keeps it: the host's table sent it (a remote party, not trusted), so it is
/// cut to a stored name's length, without control characters.
fn kept_name(name: &str) -> String {
    name.trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(OPPONENT_NAME_CHARS)
        .collect()
}

/// What is known of the match so far. See the module docs.
#[derive(Debug, Default)]
pub struct Chronicle {
    seat: Option<Seat>,
    seats: Vec<SeatView>,
    started_ms: Option<i64>,
}

impl Chronicle {
    /// Takes a message heard at `now_ms`; the finished match once the record arrives.
    pub fn hear(&mut self, message: &ServerMessage, now_ms: i64) -> Option<FinishedMatch> {
        match message {
            ServerMessage::Welcome { seat, .. } => self.seat = *seat,
            ServerMessage::Lobby { lobby } => match lobby.stage {
                // Back in the lobby (another match at the same table): a new start comes.
                Stage::Lobby => self.started_ms = None,
                Stage::Playing => {
                    self.started_ms.get_or_insert(now_ms);
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
        let started_ms = self.started_ms.take().unwrap_or(now_ms);
        let players = record.ruleset.players;
        let seen = record.seen_from(seat);
        let mut opponents = Vec::new();
        let mut opponent_names = Vec::new();
        let mut people = Vec::new();
        for k in 1..players {
            let at = usize::from((seat + k) % players);
            match self.seats.get(at) {
                Some(SeatView::Ai { level }) => {
                    opponents.push(*level);
                    opponent_names.push(String::new());
                }
                Some(SeatView::Person { name, .. }) => {
                    opponents.push(PERSON_LEVEL);
                    opponent_names.push(kept_name(name));
                    people.push(k);
                }
                Some(SeatView::Empty) | None => {
                    opponents.push(PERSON_LEVEL);
                    opponent_names.push(String::new());
                }
            }
        }
        let saved = SavedMatch {
            setup: MatchSetup {
                ruleset: seen.ruleset,
                format: seen.format,
                opponents,
                first_dealer: seen.first_dealer,
                allow_undo: false,
                opponent_names,
                people,
            },
            seed: seen.seed,
            started_ms,
            undos: 0,
            record: seen,
        };
        // The table's record replays (the host's engine made it); one that does not is not kept.
        Session::restore(saved).ok()?.finished(now_ms)
    }
}

#[cfg(test)]
mod tests {
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
        let mut chronicle = Chronicle::default();
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
        let finished = chronicle.hear(&over, 9_000).expect("kept");
        assert_eq!((finished.started_ms, finished.finished_ms), (2_000, 9_000));
        assert_eq!(finished.record, record.seen_from(2));
        // From seat 2: Cy (3), Ada (0), the Hard AI (1).
        let cy = format!("Cy{}", "y".repeat(OPPONENT_NAME_CHARS - 2));
        assert_eq!(finished.setup.opponent_names, [cy.as_str(), "Ada", ""]);
        assert_eq!(
            finished.setup.opponents,
            [Level::Medium, Level::Medium, Level::Hard]
        );
        assert_eq!(finished.setup.people, [1, 2]);
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
}
