//! Setup and persistence tests: whole matches against the AI played with the engine's runner, as a
//! table plays them, their history entries and replays; bad setups; saved matches that do or do
//! not resume.

use briscola::ai::Level;
use briscola::{Action, MatchFormat, Preset, Ruleset, SeatedMatch};

use super::*;
use crate::history::SeatPlayer;

pub(crate) fn setup(preset: Preset, players: u8, format: MatchFormat) -> MatchSetup {
    let ruleset = Ruleset::preset(preset, players).expect("preset");
    MatchSetup {
        ruleset,
        format,
        opponents: vec![Level::Easy; usize::from(players) - 1],
        first_dealer: 0,
        allow_undo: true,
        opponent_names: Vec::new(),
    }
}

/// Plays the match of `setup` and `seed` to its end as a table against the computer would: the AI
/// seats by their levels, you by `choose` from your legal moves; the finished match at `finished_ms`.
pub(crate) fn play_match_with(
    setup: &MatchSetup,
    seed: u64,
    finished_ms: i64,
    choose: impl Fn(&[Action]) -> Action,
) -> FinishedMatch {
    let mut game = SeatedMatch::new(setup.ruleset, setup.format, setup.first_dealer, seed, seed)
        .expect("a valid setup");
    for _ in 0..10_000 {
        if game.game().outcome().is_some() {
            let seats = std::iter::once(SeatPlayer::Person {
                name: String::new(),
            })
            .chain(setup.opponents.iter().map(|&level| SeatPlayer::Ai {
                level,
                name: String::new(),
            }))
            .collect();
            return FinishedMatch::of(game.game(), seats, (0, finished_ms), false, 0);
        }
        if game.game().awaiting_next_hand() {
            game.next_hand().expect("next hand");
            continue;
        }
        let seat = game.to_move().expect("a seat to move");
        if seat == YOU {
            let legal = game.game().game().observation(YOU).legal_actions;
            game.play(YOU, choose(&legal)).expect("a legal action");
        } else {
            let level = setup.opponents[usize::from(seat) - 1];
            let request = game.request(seat, level).expect("the AI's turn");
            let action = request.decide().action;
            game.apply_ai(&request, action, false)
                .expect("the AI's move is legal");
        }
    }
    panic!("the match does not end");
}

/// [`play_match_with`], you playing your first legal move.
pub(crate) fn play_match(setup: &MatchSetup, seed: u64, finished_ms: i64) -> FinishedMatch {
    play_match_with(setup, seed, finished_ms, |legal| legal[0])
}

#[test]
fn bad_setups_are_refused() {
    let mut s = setup(Preset::Briscola, 2, MatchFormat::SingleHand);
    s.opponents.push(Level::Hard);
    assert!(matches!(
        s.validate(),
        Err(SessionError::OpponentLevels {
            players: 2,
            opponents: 2
        })
    ));
    let mut s = setup(Preset::Briscola, 2, MatchFormat::SingleHand);
    s.first_dealer = 2;
    assert!(matches!(
        s.validate(),
        Err(SessionError::DealerSeat { players: 2 })
    ));
    let s = setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 2 });
    assert!(matches!(s.validate(), Err(SessionError::BadMatch { .. })));
}

#[test]
fn a_saved_match_resumes_only_if_it_replays_as_saved() {
    let setup = setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 3 });
    let mut game = SeatedMatch::new(setup.ruleset, setup.format, 0, 9, 9).expect("a match");
    for _ in 0..5 {
        let seat = game.to_move().expect("a seat");
        let action = game.game().game().observation(seat).legal_actions[0];
        game.play(seat, action).expect("legal");
    }
    let saved = SavedMatch {
        setup: setup.clone(),
        seed: 9,
        started_ms: 0,
        undos: 0,
        record: game.game().record(),
    };
    assert_eq!(saved.check(), Ok(()));
    let other_seed = SavedMatch {
        seed: 10,
        ..saved.clone()
    };
    assert!(matches!(
        other_seed.check(),
        Err(SessionError::BadSave { .. })
    ));
    let mut broken = saved.clone();
    broken.record.hands[0].actions[0] = broken.record.hands[0].actions[1];
    assert!(matches!(broken.check(), Err(SessionError::BadSave { .. })));
}

#[test]
fn a_best_of_three_against_the_ai_finishes_with_its_history_entry() {
    let finished = play_match(
        &setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 3 }),
        3,
        1_000,
    );
    assert!(finished.outcome.is_some());
    assert!(finished.hand_points.len() >= 2);
    let entry = finished.entry();
    assert_eq!(entry.summary.id, history_id(finished.record.seed, 0));
    assert_eq!(entry.summary.hand_scores.len(), finished.hand_points.len());
    assert_eq!(entry.record, finished.record);
}

/// The replay of a finished match ends every hand with the pile points the hand ended with (by
/// seat, and by side as the history stores them), and its frames follow the ruleset's point table.
fn assert_replay_matches_the_result(finished: &FinishedMatch) {
    let rules = finished.record.ruleset;
    let hands = replay_hands(&finished.record).expect("replays");
    assert_eq!(hands.len(), finished.record.hands.len());
    let mut counted = Vec::new();
    for hand in &hands {
        let result = hand.result.as_ref().expect("every hand ended");
        let last = hand.frames.last().expect("frames");
        assert_eq!(
            last.pile_points, result.seat_points,
            "the last frame scores the hand"
        );
        // Each closed trick adds the ruleset's points of its cards to its winner, and nothing else moves.
        for pair in hand.frames.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let mut expected = before.pile_points.clone();
            if let Some(winner) = after.trick_winner {
                let points: u16 = after
                    .trick
                    .iter()
                    .map(|p| u16::from(rules.order.card_points(p.card)))
                    .sum();
                expected[usize::from(winner)] += points;
            }
            assert_eq!(after.pile_points, expected, "after {:?}", after.action);
        }
        if result.outcome != briscola::HandOutcome::Void {
            counted.push(super::sides_yours_first(result));
        }
    }
    assert_eq!(counted, finished.hand_points, "the history's hand scores");
}

#[test]
fn a_simplified_order_bisca_match_replays_with_its_own_points() {
    let mut match_setup = setup(Preset::Bisca, 2, MatchFormat::BestOf { hands: 3 });
    match_setup.ruleset.order = briscola::CardOrder::SevenSecond;
    let finished = play_match(&match_setup, 11, 1);
    assert_replay_matches_the_result(&finished);
    // Under the simplified order the knight (Q) is worth 3 and the jack 2 (Bisca's default swaps them),
    // so a replay scored with the preset's default table would differ.
    let knight = briscola::Card::new(briscola::Suit::Coins, briscola::Rank::Knight);
    assert_eq!(finished.record.ruleset.order.card_points(knight), 3);
    assert_eq!(briscola::CardOrder::Bisca.card_points(knight), 2);
}

#[test]
fn a_brisca_match_with_exchanges_replays_with_its_points() {
    let mut exchanged = false;
    for seed in 0..40 {
        // You take an exchange whenever one is offered.
        let finished = play_match_with(
            &setup(Preset::Brisca, 2, MatchFormat::FirstTo { hands: 2 }),
            seed,
            1,
            |legal| {
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Exchange(_)))
                    .unwrap_or(legal[0])
            },
        );
        assert_replay_matches_the_result(&finished);
        let hands = replay_hands(&finished.record).expect("replays");
        let exchange = hands
            .iter()
            .flat_map(|h| h.frames.windows(2))
            .find(|pair| matches!(pair[1].action, Some((_, Action::Exchange(_)))));
        if let Some(pair) = exchange {
            // The exchange changes hands and the face-up card, never the points.
            assert_eq!(pair[0].pile_points, pair[1].pile_points);
            assert_ne!(pair[0].face_up, pair[1].face_up);
            exchanged = true;
            break;
        }
    }
    assert!(exchanged, "some match has an exchange");
}

#[test]
fn the_replay_shows_which_moves_the_table_made_for_a_person() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game =
        briscola::SeatedMatch::new(rules, MatchFormat::SingleHand, 1, 5, 5).expect("a match");
    let mut moves = 0;
    while let Some(seat) = game.to_move() {
        let action = game.game().game().observation(seat).legal_actions[0];
        if seat == YOU && moves < 4 {
            game.play_for(seat, action).expect("legal");
        } else {
            game.play(seat, action).expect("legal");
        }
        moves += 1;
    }
    let record = game.game().record();
    let marked = record.hands[0].played_for.clone();
    assert!(!marked.is_empty());
    let hands = replay_hands(&record).expect("replays");
    let flagged: Vec<u32> = (0u32..)
        .zip(hands[0].frames.iter().skip(1))
        .filter(|(_, frame)| frame.played_for)
        .map(|(index, _)| index)
        .collect();
    assert_eq!(flagged, marked);
    assert!(!hands[0].frames[0].played_for, "the deal is nobody's move");
}
