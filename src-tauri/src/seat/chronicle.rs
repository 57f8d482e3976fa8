//! What this player's history keeps of a match at a table, derived from the [`Mirror`]: the
//! player's seat, who sat where when the match started, when it started — and when `match-over`
//! brings the record (everything is public then), the [`FinishedMatch`] for the history: the record
//! seen from the player's seat (the engine renumbers it so the player is seat 0, as the history, its
//! replay and its review expect; the moves the table made for a person stay marked on their moves),
//! who played each seat seen from there too — people by the names the table showed, the player
//! included, AI seats by their level and the name this app gave them (none at a table with friends:
//! the table gives them no name) — and the result for the player.
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

use briscola::Seat;
use briscola_table::protocol::SeatView;

use super::mirror::{Mirror, Over};
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

/// How many moves this player has sent to the table: the link's sender counts, the mirror reads.
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

/// The finished match for the history, once `match-over` brought its record into `mirror`: at most
/// once per start of a match, and only when this player made a move since it started.
pub fn finished(mirror: &mut Mirror, now_ms: i64) -> Option<FinishedMatch> {
    let over = mirror.state().over.clone()?;
    let seat = mirror.your_seat()?;
    // Once per start, and only a match this player made a move in.
    let started = mirror.take_start()?;
    if mirror.moves() <= started.moves {
        return None;
    }
    let undos = mirror.state().game.as_ref().map_or(0, |g| g.undos);
    kept_entry(
        (seat, mirror.seats_played(), mirror.seat_names()),
        started.at_ms,
        &over,
        undos,
        now_ms,
    )
}

/// The entry of a match seen from `seat`, the seats as they were at its start.
fn kept_entry(
    (seat, seats, names): (Seat, &[SeatView], &[String]),
    started_ms: i64,
    over: &Over,
    undos: u32,
    now_ms: i64,
) -> Option<FinishedMatch> {
    let record = &over.record;
    let players = record.ruleset.players;
    if seat >= players || seats.len() != usize::from(players) {
        return None;
    }
    let seen = record.seen_from(seat);
    // Seat 0 is this player's: the seats in playing order from theirs.
    let seats = (0..usize::from(players))
        .map(|k| {
            let at = (usize::from(seat) + k) % usize::from(players);
            // The names this app gave its AI seats and this player's own, where it did; else the
            // table's (a friend's name is theirs).
            let given = names.get(at).map(|n| kept_name(n));
            match seats.get(at) {
                Some(SeatView::Ai { level }) => SeatPlayer::Ai {
                    level: *level,
                    name: given.unwrap_or_default(),
                },
                Some(SeatView::Person { name, .. }) => SeatPlayer::Person {
                    name: given.filter(|_| k == 0).unwrap_or_else(|| kept_name(name)),
                },
                // A seat left empty cannot be in a started match; kept as a person unnamed.
                Some(SeatView::Empty) | None => SeatPlayer::Person {
                    name: String::new(),
                },
            }
        })
        .collect();
    // The table's record replays (the host's engine made it); one that does not, or a match that
    // neither ended nor was given up by this player, is not kept.
    let game = seen.replay().ok()?;
    let resigned = over.resigned == Some(seat);
    if game.outcome().is_none() && !resigned {
        return None;
    }
    Some(FinishedMatch::of(
        &game,
        seats,
        (started_ms, now_ms),
        resigned,
        undos,
    ))
}

#[cfg(test)]
mod tests {
    use briscola::ai::Level;
    use briscola::{Match, MatchFormat, Phase, Preset, Rng, Ruleset};
    use briscola_table::protocol::{LobbyView, SettingsView};

    use super::*;
    use crate::seat::LinkEvent;
    use briscola_table::protocol::{ServerMessage, Stage};

    /// The mirror hears `message` at `now_ms`; the finished match when it brings the record.
    fn hear(mirror: &mut Mirror, message: &ServerMessage, now_ms: i64) -> Option<FinishedMatch> {
        mirror.hear(
            &LinkEvent::Message {
                message: message.clone(),
            },
            now_ms,
        );
        if matches!(message, ServerMessage::MatchOver { .. }) {
            finished(mirror, now_ms)
        } else {
            None
        }
    }
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
                    undo: false,
                    deal_when_asked: false,
                    open_seats: false,
                },
                seats,
                watchers: Vec::new(),
                teams: None,
                waiting: Vec::new(),
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
        let mut chronicle = Mirror::new("you", moves.clone());
        let welcome = ServerMessage::Welcome {
            code: "1RGK4-T8SA9".into(),
            token: "00".repeat(16),
            seat: Some(2),
            host: false,
        };
        assert!(hear(&mut chronicle, &welcome, 1_000).is_none());
        assert!(
            hear(
                &mut chronicle,
                &lobby(Stage::Lobby, seats.clone(), rules),
                1_500
            )
            .is_none()
        );
        assert!(hear(&mut chronicle, &lobby(Stage::Playing, seats, rules), 2_000).is_none());
        let over = ServerMessage::MatchOver {
            standing: game.standing().clone(),
            outcome: game.outcome().cloned(),
            record: record.clone(),
            resigned: None,
        };
        moves.count_one();
        let finished = hear(&mut chronicle, &over, 9_000).expect("kept");
        // The same record again, with no new start: not kept twice.
        assert!(hear(&mut chronicle, &over, 9_500).is_none());
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
        let mut watcher = Mirror::default();
        assert!(hear(&mut watcher, &over, 9_000).is_none());
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
            resigned: None,
        };
        let seats = vec![person("Ada"), person("Bea")];
        let welcome = |seat| ServerMessage::Welcome {
            code: "1RGK4-T8SA9".into(),
            token: "00".repeat(16),
            seat: Some(seat),
            host: false,
        };
        let moves = MovesSent::default();
        let mut chronicle = Mirror::new("you", moves.clone());
        hear(&mut chronicle, &welcome(1), 0);
        // A record with no match started: nothing.
        assert!(hear(&mut chronicle, &over, 1).is_none());
        // Started, but this player never moved: nothing, however often.
        for at in 0..1_000 {
            hear(
                &mut chronicle,
                &lobby(Stage::Playing, seats.clone(), rules),
                at,
            );
            assert!(hear(&mut chronicle, &over, at).is_none());
        }
        // One move, one match: one entry; the same again without a new move, none.
        hear(
            &mut chronicle,
            &lobby(Stage::Playing, seats.clone(), rules),
            2_000,
        );
        moves.count_one();
        assert!(hear(&mut chronicle, &over, 3_000).is_some());
        hear(
            &mut chronicle,
            &lobby(Stage::Playing, seats.clone(), rules),
            4_000,
        );
        assert!(hear(&mut chronicle, &over, 5_000).is_none());
        // A seat past the table (a welcome the guard would have refused) keeps nothing, never panics.
        let mut stray = Mirror::new("you", moves.clone());
        hear(&mut stray, &welcome(255), 0);
        hear(&mut stray, &lobby(Stage::Playing, seats, rules), 1);
        moves.count_one();
        assert!(hear(&mut stray, &over, 2).is_none());
    }
}
