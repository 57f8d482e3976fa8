//! Perft-style counts: the number of distinct action sequences from fixed deals to a given depth.
//! Some counts follow from the rules by hand (noted); the others are pinned regression numbers that any
//! change to move generation must explain.

mod common;

use briscola::{Deal, ExchangeRule, FollowRule, Game, Phase, Preset, Ruleset};
use common::preset;

fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 || game.phase() == Phase::Finished {
        return 1;
    }
    let mut total = 0;
    for &action in game.legal_actions().iter() {
        let mut next = game.clone();
        next.apply(action)
            .unwrap_or_else(|e| panic!("legal action refused: {e}"));
        total += perft(&next, depth - 1);
    }
    total
}

/// Plays the first legal card until `stock` cards remain in the stock and the next trick is about to start.
fn advance_to_stock(mut game: Game, stock: usize) -> Game {
    while game.stock_len() > stock || game.current_trick().next().is_some() {
        let card = game
            .legal_cards()
            .first()
            .unwrap_or_else(|| panic!("no cards"));
        game.play_unchecked(card);
    }
    game
}

#[test]
fn perft_briscola_two_players_is_three_to_the_depth_while_the_stock_lasts() {
    // Without exchanges every seat always holds three cards while the stock lasts: 3^d sequences.
    let game = Game::new(preset(Preset::Briscola, 2), 0, &Deal::Seed(1)).expect("valid");
    for depth in 0..=6 {
        assert_eq!(perft(&game, depth), 3u64.pow(depth), "depth {depth}");
    }
}

#[test]
fn perft_briscola_last_three_tricks_have_36_leaves() {
    // 3·3 · 2·2 · 1·1 = 36 (the AI notes: "Last 3 tricks: 36 leaves").
    let game = advance_to_stock(
        Game::new(preset(Preset::Briscola, 2), 0, &Deal::Seed(2)).expect("valid"),
        0,
    );
    assert_eq!(game.hand(0).len(), 3);
    assert_eq!(perft(&game, 6), 36);
}

#[test]
fn perft_four_players_first_trick() {
    // Four players, three cards each: 3^4 ways to play the first trick.
    let game = Game::new(preset(Preset::Briscola, 4), 0, &Deal::Seed(3)).expect("valid");
    assert_eq!(perft(&game, 4), 81);
}

#[test]
fn perft_pinned_counts_for_exchange_and_follow_rules() {
    // Seed 20 deals seat 1 the 2 of trumps with a face-up 4–7, so the exchange is a root action.
    let cases = [
        ("brisca", preset(Preset::Brisca, 2), 20u64, 4, 126u64),
        (
            "briscola-two-takes",
            Ruleset {
                exchange: ExchangeRule::TwoBeforeFirstTrick,
                ..preset(Preset::Briscola, 2)
            },
            20,
            4,
            108,
        ),
        (
            "brisca-valencian-end",
            Ruleset {
                follow: FollowRule::FollowWhenStockEmpty,
                ..preset(Preset::Brisca, 2)
            },
            5,
            6,
            12,
        ),
        // Dupla: leader 4 cards, follower 4, leader 3, follower 3 = 144, by hand.
        ("dupla", preset(Preset::Dupla, 2), 1, 4, 144),
    ];
    for (name, rules, seed, depth, expected) in cases {
        let mut game = Game::new(rules, 0, &Deal::Seed(seed)).expect("valid");
        if name.ends_with("-end") {
            game = advance_to_stock(game, 0);
        }
        let count = perft(&game, depth);
        assert_eq!(count, expected, "{name}: perft({depth})");
    }
}
