//! Session tests: whole matches against the AI, your moves and refusals, stale AI answers, undo,
//! resign, save and restore.

use briscola::ai::Level;
use briscola::{Action, MatchFormat, Phase, Preset, Ruleset};

use super::*;

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

/// Lets the AI move until it is your turn (or the hand/match ends).
fn run_ai(session: &mut Session) {
    while let Some(request) = session.pending_ai() {
        let decision = decide(&request);
        session
            .apply_ai(&request, decision.action)
            .expect("the AI's move is legal");
    }
}

/// Plays your first legal action.
fn play_first(session: &mut Session) {
    let action = session.view().observation.legal_actions[0];
    session.play(action).expect("a legal action");
}

pub(crate) fn play_match(session: &mut Session) {
    for _ in 0..10_000 {
        run_ai(session);
        if session.is_over() {
            return;
        }
        if session.view().awaiting_next_hand {
            session.next_hand().expect("next hand");
        } else {
            play_first(session);
        }
    }
    panic!("the match does not end");
}

#[test]
fn a_best_of_three_against_the_ai_finishes_with_a_result() {
    let mut session = Session::start(
        setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 3 }),
        7,
        1_000,
    )
    .expect("starts");
    play_match(&mut session);
    let finished = session.finished(2_000).expect("finished");
    assert!(matches!(
        finished.result,
        YourResult::Won | YourResult::Lost
    ));
    assert!(finished.hand_points.len() >= 2);
    assert_eq!(
        finished.record.replay().expect("replays").standing(),
        &finished.standing
    );
    assert!(
        session.saved().is_none(),
        "a finished match is not saved as unfinished"
    );
}

#[test]
fn the_view_lists_every_finished_hand_with_your_result() {
    let mut session = Session::start(
        setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 3 }),
        7,
        1_000,
    )
    .expect("starts");
    assert!(session.view().hands.is_empty(), "no hand finished yet");
    play_match(&mut session);
    let view = session.view();
    let finished = session.finished(2_000).expect("finished");
    let points: Vec<Vec<u16>> = view.hands.iter().map(|h| h.points.clone()).collect();
    assert_eq!(points, finished.hand_points, "the history's hand scores");
    // Two sides: you won a hand when your side took more card points (a tie is drawn).
    for hand in &view.hands {
        let want = match hand.points[0].cmp(&hand.points[1]) {
            std::cmp::Ordering::Greater => crate::history::Outcome::Won,
            std::cmp::Ordering::Less => crate::history::Outcome::Lost,
            std::cmp::Ordering::Equal => crate::history::Outcome::Drawn,
        };
        assert_eq!(hand.result, want, "{hand:?}");
    }
    let won = view
        .hands
        .iter()
        .filter(|h| h.result == crate::history::Outcome::Won)
        .count();
    assert_eq!(
        i64::try_from(won).unwrap(),
        i64::from(view.standing.scores[view.your_side as usize]),
        "hands won = your match score"
    );
}

#[test]
fn every_preset_plays_to_the_end_through_the_session() {
    for preset in Preset::ALL {
        let players = preset.player_counts()[0];
        let mut session =
            Session::start(setup(preset, players, MatchFormat::SingleHand), 3, 0).expect("starts");
        play_match(&mut session);
        assert!(session.finished(1).is_some(), "{preset}");
    }
}

#[test]
fn moves_out_of_turn_or_illegal_are_refused_and_change_nothing() {
    // Dealer 0: seat 1 (the AI) leads the first trick.
    let mut session =
        Session::start(setup(Preset::Briscola, 2, MatchFormat::SingleHand), 5, 0).expect("starts");
    let before = session.view();
    let any_card = before.observation.hand.first().expect("cards");
    assert_eq!(
        session.play(Action::Play(any_card)),
        Err(SessionError::NotYourTurn)
    );
    assert_eq!(session.view(), before);
    run_ai(&mut session);
    let before = session.view();
    let not_held = briscola::Card::all()
        .find(|c| !before.observation.hand.contains(*c))
        .expect("a card");
    assert!(matches!(
        session.play(Action::Play(not_held)),
        Err(SessionError::MoveRefused { .. })
    ));
    assert!(matches!(
        session.play(Action::Pass),
        Err(SessionError::MoveRefused { .. })
    ));
    assert_eq!(session.view(), before);
}

#[test]
fn an_ai_answer_for_an_older_position_is_refused() {
    let mut session =
        Session::start(setup(Preset::Briscola, 2, MatchFormat::SingleHand), 5, 0).expect("starts");
    let request = session.pending_ai().expect("the AI leads");
    let decision = decide(&request);
    session
        .apply_ai(&request, decision.action)
        .expect("fresh answer");
    assert_eq!(
        session.apply_ai(&request, decision.action),
        Err(SessionError::Stale)
    );
}

#[test]
fn undo_takes_back_your_move_and_the_ai_replies() {
    let mut session =
        Session::start(setup(Preset::Briscola, 2, MatchFormat::SingleHand), 11, 0).expect("starts");
    run_ai(&mut session);
    assert!(
        !session.view().can_undo,
        "nothing of yours to take back yet"
    );
    assert_eq!(session.undo(), Err(SessionError::NothingToUndo));
    let before = session.view();
    play_first(&mut session);
    run_ai(&mut session);
    session.undo().expect("undo");
    let after = session.view();
    assert_eq!(after.observation, before.observation);
    assert_eq!(after.undos, 1);
    let mut strict = setup(Preset::Briscola, 2, MatchFormat::SingleHand);
    strict.allow_undo = false;
    let mut no_undo = Session::start(strict, 11, 0).expect("starts");
    run_ai(&mut no_undo);
    play_first(&mut no_undo);
    assert_eq!(no_undo.undo(), Err(SessionError::UndoOff));
}

#[test]
fn a_saved_match_resumes_exactly() {
    let mut session = Session::start(
        setup(Preset::Brisca, 4, MatchFormat::FirstTo { hands: 2 }),
        21,
        10,
    )
    .expect("starts");
    run_ai(&mut session);
    play_first(&mut session);
    run_ai(&mut session);
    let saved = session.saved().expect("unfinished");
    let json = serde_json::to_string(&saved).expect("serializes");
    let back: SavedMatch = serde_json::from_str(&json).expect("parses");
    let resumed = Session::restore(back).expect("resumes");
    assert_eq!(resumed.view(), session.view());
    // The AI's next move is the same in both: decisions are seeded by the match and the move number.
    if let (Some(a), Some(b)) = (session.pending_ai(), resumed.pending_ai()) {
        assert_eq!(decide(&a), decide(&b));
    }
    let mut tampered = session.saved().expect("unfinished");
    tampered.seed += 1;
    assert!(matches!(
        Session::restore(tampered),
        Err(SessionError::BadSave { .. })
    ));
}

#[test]
fn resigning_ends_the_match_as_resigned() {
    let mut session = Session::start(
        setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 5 }),
        2,
        0,
    )
    .expect("starts");
    run_ai(&mut session);
    play_first(&mut session);
    let before = session.view();
    session.resign().expect("resign");
    assert!(session.is_over());
    let view = session.view();
    assert!(view.resigned);
    // The table keeps the score of the moment, and nothing can be played on it.
    assert_eq!(view.standing, before.standing);
    assert_eq!(view.observation.hand, before.observation.hand);
    assert!(view.observation.legal_actions.is_empty());
    assert!(!view.ai_to_move && !view.awaiting_next_hand && !view.can_undo);
    let card = before.observation.hand.first().expect("cards in hand");
    assert_eq!(
        session.play(Action::Play(card)),
        Err(SessionError::MatchOver)
    );
    assert_eq!(
        session.finished(5).map(|f| f.result),
        Some(YourResult::Resigned)
    );
    assert_eq!(session.resign(), Err(SessionError::MatchOver));
    assert!(session.pending_ai().is_none());
    assert!(session.saved().is_none());
}

#[test]
fn a_match_resigned_before_any_card_is_abandoned_not_recorded() {
    // Chiamata: bids are moves, but no card has been played yet.
    let mut session =
        Session::start(setup(Preset::Chiamata, 5, MatchFormat::SingleHand), 3, 0).expect("starts");
    run_ai(&mut session);
    if session.view().observation.phase == Phase::Bidding {
        play_first(&mut session);
    }
    assert!(session.view().observation.tricks.is_empty());
    assert!(session.view().observation.current_trick.is_empty());
    session.resign().expect("resign");
    assert!(session.is_over());
    assert!(
        session.finished(5).is_none(),
        "abandoned: not for the history"
    );
    assert!(session.saved().is_none(), "and nothing left to resume");
}

#[test]
fn bad_setups_are_refused() {
    let mut s = setup(Preset::Briscola, 2, MatchFormat::SingleHand);
    s.opponents.push(Level::Hard);
    assert!(matches!(
        Session::start(s, 1, 0),
        Err(SessionError::OpponentLevels {
            players: 2,
            opponents: 2
        })
    ));
    let mut s = setup(Preset::Briscola, 2, MatchFormat::SingleHand);
    s.first_dealer = 2;
    assert!(matches!(
        Session::start(s, 1, 0),
        Err(SessionError::DealerSeat { players: 2 })
    ));
    let s = setup(Preset::Briscola, 2, MatchFormat::BestOf { hands: 2 });
    assert!(matches!(
        Session::start(s, 1, 0),
        Err(SessionError::BadMatch { .. })
    ));
}

#[test]
fn the_view_never_shows_an_opponents_hidden_cards() {
    let session =
        Session::start(setup(Preset::Briscola, 2, MatchFormat::SingleHand), 9, 0).expect("starts");
    let view = session.view();
    assert_eq!(view.observation.seat, YOU);
    assert!(view.observation.open_hands.is_none());
    let json = serde_json::to_string(&view).expect("serializes");
    // The opponent's cards appear nowhere in what the UI receives. Dealer 0: the deal goes to seat 1
    // first, so seat 1 holds deck positions 0, 2 and 4.
    let record = session.record();
    let opponent_cards: Vec<String> = record.hands[0]
        .deal
        .iter()
        .step_by(2)
        .take(3)
        .map(ToString::to_string)
        .collect();
    for card in opponent_cards {
        assert!(!json.contains(&format!("\"{card}\"")), "{card} leaked");
    }
    assert_eq!(view.observation.phase, Phase::Playing);
}

#[test]
fn the_ai_is_told_the_match_stakes() {
    // A match of game points to 5: every AI request carries the format and the standing so far.
    let format = MatchFormat::GamePoints { target: 5 };
    let mut session =
        Session::start(setup(Preset::Briscola, 2, format), 11, 1_000).expect("starts");
    for _ in 0..200 {
        if let Some(request) = session.pending_ai() {
            assert_eq!(request.config.stakes, session.game.game().stakes());
            assert_eq!(request.config.stakes.format(), format);
        }
        run_ai(&mut session);
        if session.is_over() {
            return;
        }
        if session.view().awaiting_next_hand {
            session.next_hand().expect("next hand");
        } else {
            play_first(&mut session);
        }
    }
}

/// Plays a match to the end, taking an exchange (then the first legal action) on your turns.
fn play_match_exchanging(session: &mut Session) {
    for _ in 0..10_000 {
        run_ai(session);
        if session.is_over() {
            return;
        }
        if session.view().awaiting_next_hand {
            session.next_hand().expect("next hand");
            continue;
        }
        let legal = session.view().observation.legal_actions;
        let action = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Exchange(_)))
            .unwrap_or(legal[0]);
        session.play(action).expect("a legal action");
    }
    panic!("the match does not end");
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
    let mut session = Session::start(match_setup, 11, 0).expect("starts");
    play_match(&mut session);
    let finished = session.finished(1).expect("finished");
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
        let mut session = Session::start(
            setup(Preset::Brisca, 2, MatchFormat::FirstTo { hands: 2 }),
            seed,
            0,
        )
        .expect("starts");
        play_match_exchanging(&mut session);
        let finished = session.finished(1).expect("finished");
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
