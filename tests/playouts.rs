//! Random playouts of every variant with the validity checker run after every action (cozy-chess style),
//! plus the property `legal_actions().contains(a) == apply(a).is_ok()` (for a seña,
//! `legal_senas()`) checked on every position against every candidate action, legal or not. The
//! random player makes señas where the rules allow them.
//!
//! Games per preset: `BRISCOLA_PLAYOUTS` (default 600, enough for a debug `cargo test`), shared among the
//! preset's variants (player counts and options); the CI script runs this file in release mode with
//! 100,000 games per preset.

mod common;

use briscola::{Action, Bid, Card, Deal, Game, Phase, Rank, Rng, Sena};
use common::{random_action, variants};

fn games_per_preset() -> u64 {
    std::env::var("BRISCOLA_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(600)
}

/// Every action that could be attempted: all cards played and exchanged, mano negra, passes, bids, calls.
fn candidate_actions() -> Vec<Action> {
    let mut all = vec![Action::ManoNegra, Action::Pass];
    for card in Card::all() {
        all.extend([
            Action::Play(card),
            Action::Exchange(card),
            Action::Call(card),
        ]);
    }
    for rank in Rank::ALL {
        for points in [61, 62, 70, 120] {
            all.push(Action::Bid(Bid { rank, points }));
        }
    }
    all.extend(Sena::ALL.map(Action::Signal));
    all
}

#[test]
fn random_playouts_keep_every_invariant_and_legality_matches_apply() {
    let candidates = candidate_actions();
    let mut per_preset = std::collections::BTreeMap::new();
    let all = variants();
    for (_, rules) in &all {
        *per_preset.entry(rules.preset.id()).or_insert(0u64) += 1;
    }
    let mut played = std::collections::BTreeMap::new();
    for (name, rules) in all {
        let games = games_per_preset().div_ceil(per_preset[rules.preset.id()]);
        let mut rng = Rng::new(0xB15C);
        for g in 0..games {
            let dealer = (g % u64::from(rules.players)) as u8;
            let mut game =
                Game::new(rules, dealer, &Deal::Seed(g)).unwrap_or_else(|e| panic!("{name}: {e}"));
            // The full legality sweep is slow: do it on a few games per variant.
            let sweep = g < 4;
            let mut steps = 0;
            while game.phase() != Phase::Finished {
                if let Err(e) = game.check_invariants() {
                    panic!("{name} game {g} step {steps}: {e}");
                }
                if sweep {
                    let legal = game.legal_actions();
                    for &a in &candidates {
                        let mut copy = game.clone();
                        let applied = copy.apply(a);
                        // A seña is a free move, listed apart from the moves that pass the turn.
                        let listed = match a {
                            Action::Signal(sena) => game.legal_senas().contains(&sena),
                            _ => legal.contains(&a),
                        };
                        assert_eq!(
                            listed,
                            applied.is_ok(),
                            "{name} game {g}: {a} ({applied:?})"
                        );
                        if applied.is_err() {
                            assert_eq!(copy.check_invariants(), Ok(()));
                            assert_eq!(copy.to_move(), game.to_move());
                            assert_eq!(copy.hand(copy.to_move()), game.hand(game.to_move()));
                        }
                    }
                }
                let action = random_action(&game, &mut rng);
                game.apply(action)
                    .unwrap_or_else(|e| panic!("{name}: legal action {action} refused: {e}"));
                steps += 1;
                assert!(steps < 500, "{name}: the hand does not end");
            }
            if let Err(e) = game.check_invariants() {
                panic!("{name} game {g} at the end: {e}");
            }
            let result = game
                .result()
                .unwrap_or_else(|| panic!("{name}: finished without a result"));
            assert_eq!(result.seat_points.len(), usize::from(rules.players));
            *played.entry(rules.preset.id()).or_insert(0u64) += 1;
        }
    }
    println!("random games checked at every step, per preset: {played:?}");
}

#[test]
fn sampled_worlds_look_the_same_to_the_observer() {
    for (name, rules) in variants() {
        let mut rng = Rng::new(77);
        for g in 0..8 {
            let mut game = Game::new(rules, 0, &Deal::Seed(1000 + g))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            while game.phase() != Phase::Finished {
                let seat = game.to_move();
                let obs = game.observation(seat);
                let world = obs.sample_world(&mut rng);
                if let Err(e) = world.check_invariants() {
                    panic!("{name}: sampled world is invalid: {e}");
                }
                assert_eq!(
                    world.observation(seat),
                    obs,
                    "{name}: the sampled world looks different"
                );
                assert_eq!(
                    world.legal_actions().as_slice(),
                    game.legal_actions().as_slice(),
                    "{name}"
                );
                let action = random_action(&game, &mut rng);
                game.apply(action).unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}
