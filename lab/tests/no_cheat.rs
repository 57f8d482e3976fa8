//! No cheating by the lab's players: two worlds sampled from one observation (the same to the seat,
//! different in the hidden cards) get the same action from every public AI and every named
//! configuration of Hard with the same seed. Their only input is `&Observation`, so this holds by
//! construction; the test guards the construction (and that the worlds really differ).

use briscola::ai::{Budget, Level, agent};
use briscola::{Deal, Game, Observation, Phase, Preset, Rng, Ruleset};
use briscola_lab::named::NamedHard;
use briscola_lab::public::PublicAi;

/// One position of a walk, seen from the two sampled worlds, and the seed to decide it with.
struct Twins {
    table: String,
    from_a: Observation,
    from_b: Observation,
    seed: u64,
    hidden_differs: bool,
}

/// Every third position of four hands of every preset and player count played by Medium, each
/// seen from two worlds sampled from its observation.
fn twins() -> Vec<Twins> {
    let mut rng = Rng::new(77);
    let mut all = Vec::new();
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            for deal in 0..4u64 {
                let mut game = Game::new(rules, 0, &Deal::Seed(deal + 1000)).expect("deal");
                let mut medium = agent(Level::Medium, deal);
                for step in 0u64.. {
                    if game.phase() == Phase::Finished {
                        break;
                    }
                    let obs = game.observation(game.to_move());
                    if step % 3 == 0 {
                        let (a, b) = (obs.sample_world(&mut rng), obs.sample_world(&mut rng));
                        let hidden_differs = (0..n).any(|s| a.hand(s) != b.hand(s))
                            || a.stock_from_top().ne(b.stock_from_top());
                        all.push(Twins {
                            table: format!("{preset}-{n}p step {step}"),
                            from_a: a.observation(obs.seat),
                            from_b: b.observation(obs.seat),
                            seed: deal * 31 + step,
                            hidden_differs,
                        });
                    }
                    game.apply(medium.choose(&obs).action).expect("legal");
                }
            }
        }
    }
    all
}

#[test]
fn public_and_named_players_decide_from_the_observation_only() {
    let positions = twins();
    let differing = positions.iter().filter(|t| t.hidden_differs).count();
    assert!(
        differing > 100,
        "{differing} positions with differing worlds"
    );
    for t in &positions {
        for public in PublicAi::ALL {
            let a = public.player(t.seed).choose(&t.from_a);
            let b = public.player(t.seed).choose(&t.from_b);
            assert_eq!(a, b, "{} {public}", t.table);
        }
        for named in NamedHard::ALL {
            let a = named.player(t.seed, Budget::worlds(4)).choose(&t.from_a);
            let b = named.player(t.seed, Budget::worlds(4)).choose(&t.from_b);
            assert_eq!(a, b, "{} {named}", t.table);
        }
    }
}
