//! Where Hard's search choices take effect, and the review with them. The playouts' exact search
//! from two stock cards: in two-player presets with one card a trick the stock holds two cards one
//! trick before it runs out; with more players (or dupla's two cards a trick) it never holds one or
//! two, so there [`HardSearch::HARD`] plays as a search exact only once the stock is empty would.
//! Once it is empty, playouts finish exactly up to four players' hands of three cards.
//! The network plays out the presets it was trained on; the review draws its worlds as Hard does.

use super::HardSearch;
use crate::ai::belief::Belief;
use crate::ai::solver::leaf_bound;
use crate::ai::{Level, agent};
use crate::{Deal, Game, Phase, Preset, Rng, Ruleset, Stakes};

/// The stock sizes seen over a hand of `rules` played by Medium.
fn stock_sizes(rules: Ruleset) -> Vec<usize> {
    let mut game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    let mut walker = agent(Level::Medium, 1);
    let mut sizes = vec![game.stock_len()];
    while game.phase() != Phase::Finished {
        let obs = game.observation(game.to_move());
        game.apply(walker.choose(&obs).action).expect("legal");
        sizes.push(game.stock_len());
    }
    sizes
}

#[test]
fn the_earlier_exact_search_changes_two_player_hands_only() {
    let early = 1..=usize::from(HardSearch::HARD.exact_stock);
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            let sizes = stock_sizes(rules);
            let reached = sizes.iter().any(|s| early.contains(s));
            let two_player = [
                Preset::Briscola,
                Preset::Brisca,
                Preset::Bisca,
                Preset::Briscolone,
            ];
            if n > 2 {
                assert!(!reached, "{preset}-{n}p: {sizes:?}");
            } else if two_player.contains(&preset) {
                assert!(reached, "{preset}-{n}p: {sizes:?}");
            }
        }
    }
}

/// Once the stock is empty, today's playouts finish exactly in four-player hands (four hands of
/// three cards) as in two and three players; six hands of three cards stay with the heuristics for
/// a trick, and the frozen searches' bound left four players to the heuristics for a trick too.
#[test]
fn playouts_are_exact_from_the_empty_stock_up_to_four_players() {
    let exact = HardSearch::HARD.exact_leaves;
    for players in 2..=6u8 {
        let at_empty_stock = leaf_bound(&vec![3; usize::from(players)]);
        assert_eq!(at_empty_stock <= exact, players <= 4, "{players} players");
    }
    assert!(leaf_bound(&[3; 4]) > 400);
}

/// Today's Hard plays its playouts with a network in two-player Briscola, Brisca and Bisca and in
/// four-player Briscola only (the hands each was trained on); a search without the two-player
/// networks plays four-player Briscola with its network still, one without the team network plays
/// two-player hands with theirs, and one without either never uses a network.
#[test]
fn the_network_plays_out_the_trained_presets_only() {
    let two = [Preset::Briscola, Preset::Brisca, Preset::Bisca];
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            let uses = |search: HardSearch| search.playout(&rules).net.is_some();
            let teams = preset == Preset::Briscola && n == 4;
            let pairs = two.contains(&preset) && n == 2;
            assert_eq!(uses(HardSearch::HARD), pairs || teams, "{preset}-{n}p");
            let no_pairs = HardSearch {
                net: false,
                ..HardSearch::HARD
            };
            assert_eq!(uses(no_pairs), teams, "{preset}-{n}p");
            let no_teams = HardSearch {
                team_net: false,
                ..HardSearch::HARD
            };
            assert_eq!(uses(no_teams), pairs, "{preset}-{n}p");
            let neither = HardSearch {
                team_net: false,
                ..no_pairs
            };
            assert!(!uses(neither), "{preset}-{n}p");
        }
    }
}

/// The match review values actions in the worlds today's Hard searches: in two-player Briscola
/// with a stock the other hand is drawn from the filter over all its plays, so every world counts
/// alike; the network's teacher keeps the recent plays' weights it was trained with.
#[test]
fn the_review_draws_the_other_hand_as_hard_does() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let mut game = Game::new(rules, 0, &Deal::Seed(8)).expect("deal");
    let mut walker = agent(Level::Medium, 2);
    while game.stock_len() > 20 {
        let obs = game.observation(game.to_move());
        game.apply(walker.choose(&obs).action).expect("legal");
    }
    let obs = game.observation(game.to_move());
    let actions = game.legal_actions();
    let weights =
        |values: Vec<super::WorldValues>| -> Vec<f64> { values.iter().map(|w| w.weight).collect() };
    let mut rng = Rng::new(1);
    let review = weights(super::action_values(
        &obs,
        actions.as_slice(),
        &mut rng,
        64,
        Stakes::SINGLE_HAND,
    ));
    assert_eq!(review, vec![1.0; 64]);
    let net = HardSearch::HARD.playout(&rules).net;
    let recent = weights(super::action_values_with(
        &obs,
        actions.as_slice(),
        &mut rng,
        64,
        Stakes::SINGLE_HAND,
        net,
        &Belief::new(&obs),
    ));
    assert!(recent.iter().any(|&w| w != 1.0), "{recent:?}");
}
