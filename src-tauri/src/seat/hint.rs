//! Hints, only where the table allows them (a match against the computer always does, a host of
//! friends chooses), derived from the [`super::Mirror`]'s state. This player's own app
//! computes a hint from this player's own view — the match review's evaluation of the decision, as
//! the app's hint against the AI is — so a hint knows nothing the player could not see, and says what
//! the review of the match will say. The app keeps a friends' match with the player at seat 0
//! (`MatchRecord::seen_from`) and reviews it there: the hint renumbers the view and the standing the
//! same way, and seeds the worlds from the hand and the actions seen in it
//! ([`HintRequest::of_view`]), never from the match's seed, which the player never learns.

use briscola::ai::{Budget, HintRequest};
use briscola::{MatchFormat, Stakes};

use super::SeatError;
use super::mirror::SeatState;

/// The review's evaluation to run for this player's move, at the review's budget (Hard's), where the
/// table allows hints.
pub fn request(state: &SeatState) -> Result<HintRequest, SeatError> {
    let settings = state.lobby.as_ref().map(|lobby| &lobby.settings);
    if !settings.is_some_and(|s| s.hints) {
        return Err(SeatError::HintsOff);
    }
    let view = state
        .game
        .as_ref()
        .filter(|_| state.over.is_none())
        .ok_or(SeatError::NotYourTurn)?;
    let observation = &view.observation;
    if observation.legal_actions.is_empty() || observation.to_move != observation.seat {
        return Err(SeatError::NotYourTurn);
    }
    let (seat, players) = (observation.seat, observation.ruleset.players);
    let format = settings.map_or(MatchFormat::SingleHand, |s| s.format);
    let stakes = Stakes::of(format, &view.standing.seen_from(seat, players));
    Ok(HintRequest::of_view(
        observation.seen_from(seat),
        view.hand_number.saturating_sub(1),
        stakes,
        Budget::default().worlds,
    ))
}

#[cfg(test)]
mod tests {
    use briscola::ai::HintReason;
    use briscola::ai::review::{self, Flow, Mark, ReviewConfig, Verdict};
    use briscola::{Match, Preset, Rng, Ruleset, Seat};
    use briscola_table::protocol::{
        Absence, GameView, LobbyView, ServerMessage, SettingsView, Stage,
    };

    use super::*;
    use crate::seat::{LinkEvent, Mirror, MovesSent};

    fn hear(mirror: &mut Mirror, message: ServerMessage) {
        mirror.hear(&LinkEvent::Message { message }, 0);
    }

    fn lobby(hints: bool, ruleset: Ruleset, format: MatchFormat) -> ServerMessage {
        ServerMessage::Lobby {
            lobby: LobbyView {
                code: "1RGK4-T8SA9".into(),
                stage: Stage::Playing,
                settings: SettingsView {
                    ruleset,
                    format,
                    turn_seconds: None,
                    absence: Absence::Wait,
                    random_seats: false,
                    name: String::new(),
                    hints,
                    undo: false,
                    deal_when_asked: false,
                    open_seats: false,
                },
                seats: Vec::new(),
                watchers: Vec::new(),
                teams: None,
                waiting: Vec::new(),
            },
        }
    }

    /// The view the table sends `seat` of `game`.
    fn view(game: &Match, seat: Seat) -> ServerMessage {
        ServerMessage::Game {
            view: Box::new(GameView {
                observation: game.game().observation(seat),
                standing: game.standing().clone(),
                hand: game.hand_number(),
                clock: None,
                awaiting_next_hand: game.awaiting_next_hand(),
                can_undo: false,
                can_resign: false,
                undos: 0,
            }),
        }
    }

    #[test]
    fn a_hint_only_where_the_host_allows_it_and_only_for_your_move() {
        let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
        let format = MatchFormat::BestOf { hands: 3 };
        let game = Match::new(rules, format, 0, 9).expect("a match");
        let to_move = game.game().to_move();
        let mut hinting = Mirror::new("you", MovesSent::default());
        hear(&mut hinting, lobby(false, rules, format));
        hear(&mut hinting, view(&game, to_move));
        assert_eq!(request(hinting.state()).err(), Some(SeatError::HintsOff));
        hear(&mut hinting, lobby(true, rules, format));
        let asked = request(hinting.state()).expect("your move, hints allowed");
        assert_eq!(asked.observation.seat, 0, "seen from the player's seat");
        assert_eq!(
            asked.worlds,
            Budget::default().worlds,
            "the review's budget"
        );
        let action = asked.decide().action;
        assert!(game.game().is_legal(action));
        hear(&mut hinting, view(&game, 1 - to_move));
        assert_eq!(request(hinting.state()).err(), Some(SeatError::NotYourTurn));
    }

    #[test]
    fn every_hint_at_the_table_is_what_the_review_of_the_match_says() {
        // Whole matches heard by a seat that is not seat 0, the seat playing every card its hint
        // names and the others random cards; the match is then reviewed as the app reviews a
        // friends' history entry (the record seen from the player's seat, reviewed at seat 0 with
        // the app's seed and budget). Every hinted decision the review rates is marked best, with
        // the win chance the hint quoted.
        let cases = [
            (Preset::Briscola, 2, MatchFormat::FirstTo { hands: 2 }, 1),
            (
                Preset::Briscola,
                4,
                MatchFormat::GamePoints { target: 2 },
                3,
            ),
            (Preset::Chiamata, 5, MatchFormat::SingleHand, 2),
        ];
        let mut compared = 0;
        for (preset, players, format, seat) in cases {
            let rules = Ruleset::preset(preset, players).expect("preset");
            let mut game = Match::new(rules, format, 0, 5).expect("a match");
            let mut rng = Rng::new(5);
            let mut hinting = Mirror::new("you", MovesSent::default());
            hear(&mut hinting, lobby(true, rules, format));
            let mut hinted = Vec::new();
            while game.outcome().is_none() {
                if game.awaiting_next_hand() {
                    game.next_hand().expect("next hand");
                    continue;
                }
                hear(&mut hinting, view(&game, seat));
                let legal = game.game().legal_actions();
                let action = if game.game().to_move() == seat {
                    let hint = request(hinting.state()).expect("the seat's move").decide();
                    let at = (game.hand_number() - 1, game.hand_actions());
                    hinted.push((at, hint.action, hint.hint));
                    hint.action
                } else {
                    legal[rng.below(legal.len())]
                };
                game.apply(action).expect("legal");
            }
            let kept = game.record().seen_from(seat);
            let reviewed = review::review_match(&kept, &ReviewConfig::new(0), |_| Flow::Continue)
                .expect("the review");
            for ((hand, index), action, reason) in hinted {
                let decision = reviewed.hands[hand as usize]
                    .decisions
                    .iter()
                    .find(|d| d.index == index)
                    .expect("the hinted decision");
                assert_eq!(decision.action, action);
                let Verdict::Rated(rating) = &decision.verdict else {
                    continue;
                };
                let why = format!("{preset:?} {players}p: {decision:?} hinted {reason:?}");
                assert_eq!(rating.mark, Mark::Best, "{why}");
                if let HintReason::SearchedWins { win_percent, .. } = reason {
                    assert_eq!(rating.taken.win_percent.round() as u8, win_percent, "{why}");
                }
                compared += 1;
            }
        }
        assert!(compared >= 30, "{compared}");
    }
}
