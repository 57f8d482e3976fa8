//! Brisca (Spanish): the worked example game of the Italian Brisca text, the trump exchange with the 7
//! and the 2, mano negra, the Valencian follow rule, the Catalan deck and Brisca rápida.

mod common;

use briscola::{
    Action, CardSet, Deal, DeckKind, ExchangeRule, FollowRule, Game, HandEnd, IllegalAction, Phase,
    Preset, Ruleset,
};
use common::{c, cards, order_starting, preset};

fn play(game: &mut Game, card: &str) {
    game.apply(Action::Play(c(card)))
        .unwrap_or_else(|e| panic!("{card}: {e}"));
}

/// "Brisca: una partida de ejemplo": Ada deals (seat 0), you lead (seat 1). You hold A♥ 4♠ Q♣, Ada 3♥ K♦ 7♣,
/// the 5♠ is turned up. Cards are dealt one at a time starting with you.
fn worked_example() -> Game {
    let rules = preset(Preset::Brisca, 2);
    let front = cards("Ac 3c 4s Kd Qb 7b 5s 3s Jc 6d As 2b 7c");
    Game::new(rules, 0, &Deal::Order(order_starting(&rules, &front))).expect("valid deal")
}

#[test]
fn brisca_worked_example_first_tricks_give_26_to_4() {
    let mut game = worked_example();
    assert_eq!(game.trump(), Some(c("5s").suit()));
    assert_eq!(game.face_up(), Some(c("5s")));
    assert_eq!(
        game.hand(1),
        cards("Ac 4s Qb").into_iter().collect::<CardSet>()
    );
    assert_eq!(
        game.hand(0),
        cards("3c Kd 7b").into_iter().collect::<CardSet>()
    );
    assert_eq!(
        game.to_move(),
        1,
        "the player to the right of the dealer leads"
    );
    // "Sales con la Q♣… Ada tira el 7♣. Tres puntos para ti." You draw the 3♠ first, Ada the J♥.
    play(&mut game, "Qb");
    play(&mut game, "7b");
    assert_eq!(game.pile_points(1), 3);
    assert!(game.hand(1).contains(c("3s")) && game.hand(0).contains(c("Jc")));
    // "Vuelves a salir, con el 4♠… Ada tira su carta más barata, la J♥. Dos puntos más."
    play(&mut game, "4s");
    play(&mut game, "Jc");
    assert_eq!(game.pile_points(1), 5);
    // "Robas el 6♦ y Ada el A♠. Sales con el 6♦; Ada se lo lleva con el K♦ por cuatro puntos" and draws first.
    play(&mut game, "6d");
    play(&mut game, "Kd");
    assert_eq!(game.pile_points(0), 4);
    assert!(game.hand(0).contains(c("2b")) && game.hand(1).contains(c("7c")));
    // "Ada sale con el 3♥ … Te llevas su tres con el A♥: veintiún puntos en una baza. Vais 26 a 4."
    assert_eq!(game.to_move(), 0);
    play(&mut game, "3c");
    play(&mut game, "Ac");
    assert_eq!((game.pile_points(1), game.pile_points(0)), (26, 4));
    // "Sales con el 3♠ … ella se lo lleva con el A♠: veintiún puntos para ella."
    play(&mut game, "3s");
    play(&mut game, "As");
    assert_eq!((game.pile_points(1), game.pile_points(0)), (26, 25));
}

#[test]
fn brisca_the_face_up_trump_is_the_last_card_drawn_by_the_trick_loser() {
    // "Ada gana la baza antes de que se acabe el mazo, así que roba la última carta tapada y tú te llevas
    // el 5♠": play first cards until the stock is empty and check who got the face-up card.
    let mut game = worked_example();
    while game.stock_len() > 0 {
        let card = game.legal_cards().first().expect("cards to play");
        game.apply(Action::Play(card)).expect("legal");
    }
    let last_winner = *game.trick_winners().last().expect("tricks played");
    let loser = 1 - last_winner;
    assert!(game.hand(loser).contains(c("5s")));
    assert!(
        game.known_in_hand(loser).contains(c("5s")),
        "everybody saw where the face-up trump went"
    );
    assert_eq!(
        game.hand(0).len(),
        3,
        "the last three tricks are played without drawing"
    );
}

fn exchange_game(front: &str) -> Game {
    let rules = preset(Preset::Brisca, 2);
    let order = order_starting(&rules, &cards(front));
    Game::new(rules, 0, &Deal::Order(order)).expect("valid deal")
}

#[test]
fn brisca_seven_of_trumps_takes_a_face_up_trump_above_the_seven() {
    // Seat 1 leads and holds the 7 of coins; the king of coins is turned up.
    let mut game = exchange_game("7d 4b 5c 5b 6c 6b Kd");
    assert!(game.is_legal(Action::Exchange(c("7d"))));
    game.apply(Action::Exchange(c("7d"))).expect("exchange");
    assert!(game.hand(1).contains(c("Kd")) && !game.hand(1).contains(c("7d")));
    assert_eq!(game.face_up(), Some(c("7d")));
    assert_eq!(
        game.to_move(),
        1,
        "exchanging is done before playing, in the same turn"
    );
    assert_eq!(
        game.observation(0).exchanges.len(),
        1,
        "the exchange is public"
    );
    assert!(game.observation(0).known_in_hands[1].contains(c("Kd")));
}

#[test]
fn brisca_seven_cannot_take_a_face_up_card_below_it() {
    let game = exchange_game("7d 4b 5c 5b 6c 6b 4d");
    assert!(matches!(
        game.clone().apply(Action::Exchange(c("7d"))),
        Err(IllegalAction::SevenTakesHigher { .. })
    ));
}

#[test]
fn brisca_two_of_trumps_takes_only_a_face_up_four_to_seven() {
    for (face_up, allowed) in [("4d", true), ("7d", true), ("Jd", false), ("Ad", false)] {
        let game = exchange_game(&format!("2d 4b 5c 5b 6c 6b {face_up}"));
        assert_eq!(
            game.is_legal(Action::Exchange(c("2d"))),
            allowed,
            "{face_up}"
        );
    }
}

#[test]
fn brisca_exchange_only_on_your_own_turn_and_while_the_face_up_card_lies() {
    // Seat 0 holds the 7 of coins but seat 1 is to move.
    let mut game = exchange_game("4b 7d 5c 5b 6c 6b Kd");
    let refused = game.apply(Action::Exchange(c("7d")));
    assert!(
        matches!(refused, Err(IllegalAction::CardNotHeld { .. })),
        "{refused:?}"
    );
    let mut drained = game.clone();
    while drained.face_up().is_some() {
        let card = drained.legal_cards().first().expect("cards");
        drained.apply(Action::Play(card)).expect("legal");
    }
    assert!(
        drained
            .legal_actions()
            .iter()
            .all(|a| !matches!(a, Action::Exchange(_)))
    );
}

#[test]
fn brisca_exchange_after_winning_only_when_leading_after_a_won_trick() {
    let rules = Ruleset {
        exchange: ExchangeRule::SevenAndTwoAfterWinning,
        ..preset(Preset::Brisca, 2)
    };
    let order = order_starting(&rules, &cards("7d 4b 5c 5b 6c 6b Kd"));
    let mut game = Game::new(rules, 0, &Deal::Order(order)).expect("valid");
    assert!(
        !game.is_legal(Action::Exchange(c("7d"))),
        "not before any trick has been won"
    );
    play(&mut game, "6c"); // seat 1 leads a worthless card
    play(&mut game, "5b"); // seat 0 throws a club: seat 1 wins
    assert_eq!(game.to_move(), 1);
    assert!(game.is_legal(Action::Exchange(c("7d"))));
}

#[test]
fn brisca_mano_negra_wins_the_hand_at_once() {
    let rules = Ruleset {
        mano_negra: true,
        ..preset(Preset::Brisca, 2)
    };
    let order = order_starting(&rules, &cards("Ad 4b 3d 5b Kd 6b 2d"));
    let mut game = Game::new(rules, 0, &Deal::Order(order)).expect("valid");
    game.apply(Action::ManoNegra)
        .expect("seat 1 holds A, 3, K of trumps");
    assert_eq!(game.phase(), Phase::Finished);
    let result = game.result().expect("result");
    assert_eq!(result.end, HandEnd::ManoNegra { seat: 1 });
    assert_eq!(result.winners(), Some(&[1][..]));
    let without = Game::new(
        preset(Preset::Brisca, 2),
        0,
        &Deal::Order(order_starting(&rules, &cards("Ad 4b 3d 5b Kd 6b 2d"))),
    )
    .expect("valid");
    assert!(
        !without.is_legal(Action::ManoNegra),
        "only when the option is on"
    );
}

#[test]
fn brisca_valencian_rule_follow_suit_in_the_last_three_tricks() {
    let rules = Ruleset {
        follow: FollowRule::FollowWhenStockEmpty,
        ..preset(Preset::Brisca, 2)
    };
    let mut game = Game::new(rules, 0, &Deal::Seed(11)).expect("valid");
    while game.stock_len() > 0 {
        assert_eq!(
            game.legal_cards(),
            game.hand(game.to_move()),
            "free while the stock lasts"
        );
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
    let lead = game.legal_cards().first().expect("cards");
    game.apply(Action::Play(lead)).expect("legal");
    let follower = game.hand(game.to_move());
    let same_suit = follower & CardSet::suit(lead.suit());
    let expected = if same_suit.is_empty() {
        follower
    } else {
        same_suit
    };
    assert_eq!(game.legal_cards(), expected);
}

#[test]
fn brisca_catalan_deck_has_48_cards_with_eights_and_nines_worth_nothing_between_seven_and_jack() {
    let rules = Ruleset {
        deck: DeckKind::Catalan,
        ..preset(Preset::Brisca, 2)
    };
    assert_eq!(rules.deck_cards().len(), 48);
    assert_eq!(rules.total_points(), 120);
    let s = rules.order.strengths();
    let idx = |card: &str| c(card).rank().index();
    assert!(
        s[idx("7d")] < s[idx("8d")] && s[idx("8d")] < s[idx("9d")] && s[idx("9d")] < s[idx("Jd")]
    );
    assert_eq!(rules.order.card_points(c("9d")), 0);
}

#[test]
fn brisca_rapida_uses_twenty_cards_all_worth_points() {
    let rules = Ruleset {
        deck: DeckKind::Rapida,
        ..preset(Preset::Brisca, 2)
    };
    assert_eq!(rules.deck_cards().len(), 20);
    assert!(
        rules
            .deck_cards()
            .iter()
            .all(|card| rules.order.card_points(card) > 0)
    );
    assert!(
        Ruleset {
            deck: DeckKind::Rapida,
            ..preset(Preset::Brisca, 3)
        }
        .validate()
        .is_err()
    );
}
