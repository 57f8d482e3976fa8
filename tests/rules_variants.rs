//! Bisca, scoperta, Briscolone, chiamata and dupla briškula.

mod common;

use briscola::{
    Action, Bid, CardOrder, CardSet, Deal, FollowRule, Game, HandEnd, HandOutcome, Phase, Preset,
    Rank, Ruleset, TrumpRule,
};
use common::{c, preset};

fn finish_with_first_cards(game: &mut Game) {
    while game.phase() == Phase::Playing {
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
}

#[test]
fn bisca_ranks_ace_seven_king_jack_queen_with_points_11_10_4_3_2() {
    let rules = preset(Preset::Bisca, 2);
    assert_eq!(rules.order, CardOrder::Bisca);
    let ranks: String = rules
        .order
        .ranks_by_strength()
        .iter()
        .filter(|r| !matches!(r, Rank::Eight | Rank::Nine))
        .map(|r| r.char())
        .collect();
    assert_eq!(ranks, "A7KJQ65432");
    let pts: Vec<u8> = ["Ad", "7d", "Kd", "Jd", "Qd", "3d"]
        .iter()
        .map(|t| rules.order.card_points(c(t)))
        .collect();
    assert_eq!(pts, vec![11, 10, 4, 3, 2, 0]);
    assert_eq!(rules.total_points(), 120);
    assert_eq!(
        Preset::Bisca.usual_deck_style(),
        briscola::DeckStyle::French
    );
}

#[test]
fn bisca_simplified_option_makes_the_queen_3_and_the_jack_2() {
    let rules = Ruleset {
        order: CardOrder::SevenSecond,
        ..preset(Preset::Bisca, 2)
    };
    assert_eq!(rules.order.card_points(c("Qd")), 3);
    assert_eq!(rules.order.card_points(c("Jd")), 2);
    assert!(rules.order.card_strength(c("Qd")) > rules.order.card_strength(c("Jd")));
}

#[test]
fn bisca_dos_sete_and_dos_nove_deal_seven_and_nine_cards() {
    for (hand, players) in [(7, 2), (9, 2), (9, 4), (7, 3)] {
        let rules = Ruleset {
            hand_size: hand,
            ..preset(Preset::Bisca, players)
        };
        let mut game = Game::new(rules, 0, &Deal::Seed(4)).expect("valid");
        assert_eq!(game.hand(0).len(), usize::from(hand));
        finish_with_first_cards(&mut game);
        assert_eq!(
            game.result().map(|r| r.seat_points.iter().sum::<u16>()),
            Some(120)
        );
    }
}

#[test]
fn bisca_three_players_remove_one_two() {
    assert_eq!(preset(Preset::Bisca, 3).deck_cards().len(), 39);
}

#[test]
fn scoperta_every_hand_and_the_next_stock_card_are_visible() {
    let game = Game::new(preset(Preset::Scoperta, 2), 0, &Deal::Seed(8)).expect("valid");
    let obs = game.observation(1);
    let hands = obs.open_hands.expect("open hands");
    assert_eq!(hands[0], game.hand(0));
    assert_eq!(obs.next_stock_card, game.stock_from_top().next());
    let closed = Game::new(preset(Preset::Briscola, 2), 0, &Deal::Seed(8)).expect("valid");
    assert_eq!(closed.observation(1).open_hands, None);
    assert_eq!(closed.observation(1).next_stock_card, None);
}

#[test]
fn briscolone_has_no_trump_and_the_led_suit_always_wins() {
    let rules = preset(Preset::Briscolone, 2);
    assert_eq!(rules.trump, TrumpRule::NoTrump);
    let mut game = Game::new(rules, 0, &Deal::Seed(2)).expect("valid");
    assert_eq!(game.trump(), None);
    assert_eq!(game.face_up(), None);
    assert_eq!(game.stock_len(), 34);
    finish_with_first_cards(&mut game);
    assert_eq!(
        game.result().map(|r| r.seat_points.iter().sum::<u16>()),
        Some(120)
    );
}

#[test]
fn briscolone_follow_and_beat_in_the_last_three_tricks() {
    let rules = Ruleset {
        follow: FollowRule::FollowAndBeatWhenStockEmpty,
        ..preset(Preset::Briscolone, 2)
    };
    // Seat 1 leads; after the stock is gone the follower must follow suit and win if it can.
    for seed in 0..200 {
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("valid");
        while game.stock_len() > 0 {
            let card = game.legal_cards().first().expect("cards");
            game.apply(Action::Play(card)).expect("legal");
        }
        let lead = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(lead)).expect("legal");
        let hand = game.hand(game.to_move());
        let same = hand & CardSet::suit(lead.suit());
        let s = rules.order.strengths();
        let winners: CardSet = same
            .iter()
            .filter(|x| s[x.rank().index()] > s[lead.rank().index()])
            .collect();
        let expected = if !winners.is_empty() {
            winners
        } else if !same.is_empty() {
            same
        } else {
            hand
        };
        assert_eq!(game.legal_cards(), expected, "seed {seed}");
    }
}

#[test]
fn briscolone_first_card_played_names_the_trump() {
    let rules = Ruleset {
        hand_size: 5,
        trump: TrumpRule::FirstCardPlayed,
        ..preset(Preset::Briscolone, 2)
    };
    let mut game = Game::new(rules, 0, &Deal::Seed(6)).expect("valid");
    assert_eq!(game.hand(1).len(), 5);
    let lead = game.legal_cards().first().expect("cards");
    game.apply(Action::Play(lead)).expect("legal");
    assert_eq!(game.trump(), Some(lead.suit()));
}

/// A chiamata deal: seat 1 (after the dealer) bids first.
fn chiamata() -> Game {
    Game::new(preset(Preset::Chiamata, 5), 0, &Deal::Seed(31)).expect("valid")
}

fn bid(rank: Rank, points: u8) -> Action {
    Action::Bid(Bid { rank, points })
}

#[test]
fn chiamata_deals_eight_cards_each_and_opens_the_auction() {
    let game = chiamata();
    assert!((0..5).all(|s| game.hand(s).len() == 8));
    assert_eq!(game.stock_len(), 0);
    assert_eq!(game.phase(), Phase::Bidding);
    assert_eq!(game.to_move(), 1);
    assert_eq!(game.trump(), None);
}

#[test]
fn chiamata_bids_go_down_in_rank_then_up_in_points_with_the_two() {
    let mut game = chiamata();
    game.apply(bid(Rank::Three, 61)).expect("open with a three");
    assert!(
        !game.is_legal(bid(Rank::Ace, 61)),
        "the ace is a lower bid than the three"
    );
    assert!(!game.is_legal(bid(Rank::Three, 61)));
    assert!(game.is_legal(bid(Rank::King, 61)));
    assert!(!game.is_legal(bid(Rank::King, 70)), "no forcing by default");
    game.apply(bid(Rank::Two, 61)).expect("down to the two");
    assert!(game.is_legal(bid(Rank::Two, 65)), "\"dos con 65 puntos\"");
    assert!(!game.is_legal(bid(Rank::Two, 61)));
}

#[test]
fn chiamata_forcing_raises_points_keeping_the_card() {
    let rules = Ruleset {
        forcing: true,
        ..preset(Preset::Chiamata, 5)
    };
    let mut game = Game::new(rules, 0, &Deal::Seed(31)).expect("valid");
    game.apply(bid(Rank::King, 61)).expect("bid");
    assert!(game.is_legal(bid(Rank::King, 66)));
}

#[test]
fn chiamata_a_player_who_passes_bids_no_more_and_all_passing_voids_the_hand() {
    let mut game = chiamata();
    game.apply(Action::Pass).expect("seat 1 passes");
    game.apply(bid(Rank::King, 61)).expect("seat 2 bids");
    for _ in 0..3 {
        game.apply(Action::Pass).expect("pass");
    }
    assert_eq!(game.to_move(), 2, "seat 1 passed, so it is skipped");
    assert_eq!(game.phase(), Phase::Calling);
    let mut all_pass = chiamata();
    for _ in 0..5 {
        all_pass.apply(Action::Pass).expect("pass");
    }
    assert_eq!(
        all_pass.result().map(|r| (r.end, r.outcome)),
        Some((HandEnd::AllPassed, HandOutcome::Void))
    );
}

/// Auction won by seat 1 with `rank`, everybody else passing; then seat 1 calls `card`.
fn called(rank: Rank, card: &str) -> Game {
    let mut game = chiamata();
    game.apply(bid(rank, 61)).expect("bid");
    for _ in 0..4 {
        game.apply(Action::Pass).expect("pass");
    }
    game.apply(Action::Call(c(card))).expect("call");
    game
}

#[test]
fn chiamata_the_called_card_names_trump_and_the_secret_partner() {
    let probe = chiamata();
    // Call an ace that seat 1 does not hold.
    let card = ["Ad", "Ac", "As", "Ab"]
        .into_iter()
        .find(|t| !probe.hand(1).contains(c(t)))
        .expect("an ace elsewhere");
    let mut game = called(Rank::Ace, card);
    let holder = (0..5)
        .find(|&s| game.hand(s).contains(c(card)))
        .expect("someone holds it");
    assert_eq!(game.trump(), Some(c(card).suit()));
    assert_eq!(game.partner(), Some(holder));
    assert_eq!(game.to_move(), 1, "the player after the dealer leads");
    // Only the partner knows, until the card is played.
    for seat in 0..5 {
        let known = game.observation(seat).auction.and_then(|a| a.partner);
        assert_eq!(known, (seat == holder).then_some(holder), "seat {seat}");
    }
    while game.phase() == Phase::Playing && game.revealed_partner().is_none() {
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
    assert_eq!(
        game.observation(3).auction.and_then(|a| a.partner),
        Some(holder)
    );
    finish_with_first_cards(&mut game);
    let result = game.result().expect("result");
    let chiamata = result.chiamata.expect("chiamata facts");
    assert_eq!((chiamata.declarer, chiamata.partner), (1, holder));
    assert_eq!(result.sides[0], {
        let mut s = vec![1, holder];
        s.sort();
        s
    });
    assert_eq!(chiamata.made, result.side_points[0] >= 61);
}

#[test]
fn chiamata_calling_your_own_card_plays_alone_against_four() {
    let probe = chiamata();
    let own = probe.hand(1).first().expect("a card");
    let mut game = called(own.rank(), &own.to_string());
    assert_eq!(game.partner(), Some(1));
    finish_with_first_cards(&mut game);
    let result = game.result().expect("result");
    assert_eq!(result.sides, vec![vec![1], vec![0, 2, 3, 4]]);
}

#[test]
fn dupla_four_cards_each_and_each_player_plays_two_cards_per_trick_in_turn() {
    let rules = preset(Preset::Dupla, 2);
    let mut game = Game::new(rules, 0, &Deal::Seed(12)).expect("valid");
    assert_eq!(game.hand(0).len(), 4);
    assert_eq!(game.stock_len(), 32);
    let mut order = Vec::new();
    for _ in 0..4 {
        order.push(game.to_move());
        let card = game.legal_cards().first().expect("cards");
        game.apply(Action::Play(card)).expect("legal");
    }
    assert_eq!(
        order,
        vec![1, 0, 1, 0],
        "leader, follower, leader, follower"
    );
    assert_eq!(game.tricks_played(), 1);
    assert_eq!(
        (game.hand(0).len(), game.hand(1).len()),
        (4, 4),
        "each draws two"
    );
    finish_with_first_cards(&mut game);
    assert_eq!(game.tricks_played(), 10);
}

#[test]
fn options_that_do_not_fit_are_refused() {
    let dupla = preset(Preset::Dupla, 2);
    assert!(
        Ruleset {
            follow: FollowRule::FollowAlways,
            ..dupla
        }
        .validate()
        .is_err()
    );
    assert!(
        Ruleset {
            trump: TrumpRule::TurnedUp,
            ..preset(Preset::Chiamata, 5)
        }
        .validate()
        .is_err()
    );
    assert!(
        Ruleset {
            mano_negra: true,
            ..preset(Preset::Briscolone, 2)
        }
        .validate()
        .is_err()
    );
    assert!(
        Ruleset {
            hand_size: 21,
            ..preset(Preset::Briscola, 2)
        }
        .validate()
        .is_err()
    );
}
