//! Italian Briscola: deck and points, rank order, trick resolution, drawing, ties, player counts and
//! partnerships, and the option of taking the face-up trump with the 2.

mod common;

use briscola::{
    Action, Card, CardSet, Deal, ExchangeRule, Game, HandOutcome, Phase, Preset, Rank, Ruleset,
    Suit, TieRule, trick_winner_index,
};
use common::{c, cards, order_starting, preset};

#[test]
fn briscola_deck_has_forty_cards_and_120_points() {
    let rules = preset(Preset::Briscola, 2);
    assert_eq!(rules.deck_cards().len(), 40);
    assert_eq!(rules.total_points(), 120);
}

#[test]
fn briscola_rank_order_is_ace_three_king_knight_jack_seven_down_to_two() {
    let order = preset(Preset::Briscola, 2).order;
    let ranks: Vec<char> = order
        .ranks_by_strength()
        .iter()
        .filter(|r| !matches!(r, Rank::Eight | Rank::Nine))
        .map(|r| r.char())
        .collect();
    assert_eq!(ranks.iter().collect::<String>(), "A3KQJ76542");
    let points: Vec<u8> = ["Ad", "3d", "Kd", "Qd", "Jd", "7d", "2d"]
        .iter()
        .map(|t| order.card_points(c(t)))
        .collect();
    assert_eq!(points, vec![11, 10, 4, 3, 2, 0, 0]);
}

#[test]
fn briscola_highest_trump_wins_else_highest_of_the_suit_led_and_other_suits_never_win() {
    let s = preset(Preset::Briscola, 2).order.strengths();
    let trump = Some(Suit::Swords);
    assert_eq!(
        trick_winner_index(&cards("Ad 2s"), trump, s),
        1,
        "any trump beats a non-trump"
    );
    assert_eq!(
        trick_winner_index(&cards("3s As"), trump, s),
        1,
        "higher trump wins"
    );
    assert_eq!(
        trick_winner_index(&cards("2c Ad"), trump, s),
        0,
        "a card of another suit cannot win"
    );
    assert_eq!(
        trick_winner_index(&cards("Kc 3c"), trump, s),
        1,
        "the three beats the king"
    );
    assert_eq!(trick_winner_index(&cards("4b 2b 7b Ab"), None, s), 3);
}

#[test]
fn briscola_no_duty_to_follow_suit() {
    let game = Game::new(preset(Preset::Briscola, 2), 0, &Deal::Seed(3)).expect("valid");
    let mut game = game;
    let lead = game.legal_cards().first().expect("cards");
    game.apply(Action::Play(lead)).expect("legal");
    assert_eq!(game.legal_cards(), game.hand(game.to_move()));
}

#[test]
fn briscola_three_cards_each_winner_draws_first_last_three_tricks_without_drawing() {
    let rules = preset(Preset::Briscola, 2);
    // Seat 1 leads Ad; seat 0 plays 2b: seat 1 wins and draws the stock's top card (Kc), seat 0 the next (Kb).
    let front = cards("Ad 2b 4c 5c 6c 7c 3s Kc Kb");
    let mut game =
        Game::new(rules, 0, &Deal::Order(order_starting(&rules, &front))).expect("valid");
    assert_eq!(game.stock_len(), 34);
    game.apply(Action::Play(c("Ad"))).expect("legal");
    game.apply(Action::Play(c("2b"))).expect("legal");
    assert!(game.hand(1).contains(c("Kc")) && game.hand(0).contains(c("Kb")));
    let mut tricks_without_draw = 0;
    while game.phase() != Phase::Finished {
        if game.stock_len() == 0 && game.current_trick().next().is_none() {
            tricks_without_draw += 1;
        }
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
    assert_eq!(tricks_without_draw, 3);
    assert_eq!(game.tricks_played(), 20);
}

#[test]
fn briscola_three_players_remove_the_two_of_coins_by_default_or_another_two() {
    let rules = preset(Preset::Briscola, 3);
    assert_eq!(rules.deck_cards().len(), 39);
    assert!(!rules.deck_cards().contains(c("2d")));
    let other = Ruleset {
        removed_two: Suit::Clubs,
        ..rules
    };
    assert!(!other.deck_cards().contains(c("2b")) && other.deck_cards().contains(c("2d")));
    assert_eq!(rules.total_points(), 120);
}

#[test]
fn briscola_six_players_remove_all_twos_and_play_two_teams_of_three() {
    let rules = preset(Preset::Briscola, 6);
    assert_eq!(rules.deck_cards().len(), 36);
    assert!(
        Suit::ALL
            .iter()
            .all(|&s| !rules.deck_cards().contains(Card::new(s, Rank::Two)))
    );
    let game = Game::new(rules, 0, &Deal::Seed(1)).expect("valid");
    assert_eq!(game.sides(), vec![0b010101, 0b101010]);
}

#[test]
fn briscola_four_players_partners_sit_opposite_and_add_their_points() {
    let rules = preset(Preset::Briscola, 4);
    let mut game = Game::new(rules, 0, &Deal::Seed(21)).expect("valid");
    while game.phase() != Phase::Finished {
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
    let result = game.result().expect("result");
    assert_eq!(result.sides, vec![vec![0, 2], vec![1, 3]]);
    assert_eq!(
        result.side_points[0],
        result.seat_points[0] + result.seat_points[2]
    );
    assert_eq!(result.side_points.iter().sum::<u16>(), 120);
}

/// Plays a deal where every trick goes so that the piles end 60–60: we search seeds for one.
fn tied_game(tie: TieRule) -> Option<Game> {
    let rules = Ruleset {
        tie,
        ..preset(Preset::Briscola, 2)
    };
    for seed in 0..20_000 {
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).ok()?;
        while game.phase() != Phase::Finished {
            let card = game.legal_cards().first()?;
            game.apply(Action::Play(card)).ok()?;
        }
        if game.pile_points(0) == 60 {
            return Some(game);
        }
    }
    None
}

#[test]
fn briscola_sixty_all_is_a_draw_or_a_void_hand_by_option() {
    let drawn = tied_game(TieRule::Draw).expect("some seed ties 60-60");
    assert_eq!(drawn.result().map(|r| r.outcome), Some(HandOutcome::Drawn));
    let void = tied_game(TieRule::Replay).expect("some seed ties 60-60");
    assert_eq!(void.result().map(|r| r.outcome), Some(HandOutcome::Void));
}

#[test]
fn briscola_option_the_two_of_trumps_takes_the_face_up_card_in_the_first_trick_only() {
    let rules = Ruleset {
        exchange: ExchangeRule::TwoBeforeFirstTrick,
        ..preset(Preset::Briscola, 2)
    };
    let front = cards("2d 4b 5c 5b 6c 6b Ad");
    let game = Game::new(rules, 0, &Deal::Order(order_starting(&rules, &front))).expect("valid");
    assert!(
        game.is_legal(Action::Exchange(c("2d"))),
        "the 2 takes even the ace"
    );
    let mut later = game.clone();
    later.apply(Action::Play(c("6c"))).expect("legal");
    later.apply(Action::Play(c("5b"))).expect("legal");
    assert!(!later.is_legal(Action::Exchange(c("2d"))));
    let plain = Game::new(
        preset(Preset::Briscola, 2),
        0,
        &Deal::Order(order_starting(&rules, &front)),
    )
    .expect("valid");
    assert!(
        !plain.is_legal(Action::Exchange(c("2d"))),
        "not in default Briscola"
    );
}

#[test]
fn briscola_hidden_cards_never_reach_another_seats_observation() {
    let rules = preset(Preset::Briscola, 2);
    // Two deals that differ only in seat 0's hand and the stock look the same to seat 1.
    let a = order_starting(&rules, &cards("Ad 2b 3d 4b Kd 5b 7s"));
    let b = order_starting(&rules, &cards("Ad 6c 3d 6b Kd Jc 7s"));
    let ga = Game::new(rules, 0, &Deal::Order(a)).expect("valid");
    let gb = Game::new(rules, 0, &Deal::Order(b)).expect("valid");
    assert_ne!(ga.hand(0), gb.hand(0));
    assert_eq!(ga.observation(1), gb.observation(1));
    assert_ne!(ga.observation(0), gb.observation(0));
    let seen: CardSet = ga.observation(1).hand;
    assert_eq!(seen, cards("Ad 3d Kd").into_iter().collect());
}

#[test]
fn briscola_bad_setups_are_refused_with_a_reason() {
    assert!(Ruleset::preset(Preset::Briscola, 5).is_err());
    let rules = preset(Preset::Briscola, 2);
    assert!(
        Game::new(rules, 2, &Deal::Seed(1)).is_err(),
        "dealer out of range"
    );
    let short = cards("Ad 2d");
    assert!(
        Game::new(rules, 0, &Deal::Order(short)).is_err(),
        "incomplete deck order"
    );
    let mut twice = order_starting(&rules, &[]);
    twice[1] = twice[0];
    let err = Game::new(rules, 0, &Deal::Order(twice)).expect_err("duplicate card");
    assert!(err.to_string().contains("twice"), "{err}");
}
