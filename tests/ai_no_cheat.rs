//! No cheating: two full games that look the same to a seat but differ in the hidden cards (two worlds
//! sampled from one observation) get the same decision from every level with the same seed. The agents'
//! only input is `&Observation`, so this holds by construction; the test guards the construction (and
//! that the observations really are identical while the worlds really differ). The decision includes the
//! hint, so Hard's quote of its search (`HintReason::SearchedWins`) is covered too, and so is the
//! playout network Hard uses in two-player Briscola (it reads a seat's view built from a sampled world;
//! `src/ai/net/features.rs` proves that view equals the one built from the seat's observation), and so
//! is the filter over the other hand that Hard draws its worlds from (it reads only the plays in the
//! observation's history, which both worlds share). The match review's verdict on a decision takes the
//! same test (`review_decision`; `tests/ai_review.rs` checks that `review_match` rates every decision by
//! exactly that function of the seat's observation), and so does the app's hint, the review's
//! evaluation of the decision (`review::hint`).

use briscola::ai::review::{Verdict, review_decision};
use briscola::ai::{self, AgentConfig, Budget, HintReason, Level};
use briscola::{Deal, Game, Phase, Preset, Rng, Ruleset, Stakes};

fn config(level: Level, seed: u64) -> AgentConfig {
    AgentConfig {
        budget: Budget::worlds(4),
        ..AgentConfig::new(level, seed)
    }
}

#[test]
fn same_observation_same_decision_whatever_the_hidden_cards() {
    let mut rng = Rng::new(77);
    let mut compared = 0;
    let mut differing_worlds = 0;
    let mut searched = 0;
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            for deal in 0..4u64 {
                let mut game = Game::new(rules, 0, &Deal::Seed(deal + 1000)).expect("deal");
                // Walk the hand with Medium players, checking a position every few moves.
                let mut walker = ai::agent(Level::Medium, deal);
                let mut step = 0;
                while game.phase() != Phase::Finished {
                    let seat = game.to_move();
                    let obs = game.observation(seat);
                    if step % 3 == 0 {
                        let a = obs.sample_world(&mut rng);
                        let b = obs.sample_world(&mut rng);
                        assert_eq!(a.observation(seat), obs);
                        assert_eq!(b.observation(seat), obs);
                        let hidden_differs = (0..rules.players).any(|s| a.hand(s) != b.hand(s))
                            || a.stock_from_top().ne(b.stock_from_top());
                        if hidden_differs {
                            differing_worlds += 1;
                        }
                        for level in Level::ALL {
                            let seed = deal * 31 + step;
                            let da =
                                ai::agent_with(config(level, seed)).choose(&a.observation(seat));
                            let db =
                                ai::agent_with(config(level, seed)).choose(&b.observation(seat));
                            assert_eq!(da, db, "{preset}-{n}p {level} step {step}");
                            compared += 1;
                            if matches!(da.hint, HintReason::SearchedWins { .. }) {
                                searched += 1;
                            }
                        }
                    }
                    let d = walker.choose(&obs);
                    game.apply(d.action).expect("legal");
                    step += 1;
                }
            }
        }
    }
    assert!(compared > 300, "{compared}");
    assert!(differing_worlds > 100, "{differing_worlds}");
    assert!(searched > 50, "{searched} hints quoting a search compared");
}

#[test]
fn the_review_of_a_decision_sees_only_the_observation() {
    let mut rng = Rng::new(78);
    let (mut compared, mut rated) = (0, 0);
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            let mut game = Game::new(rules, 0, &Deal::Seed(2000 + u64::from(n))).expect("deal");
            let mut walker = ai::agent(Level::Medium, 5);
            let mut step = 0u64;
            while game.phase() != Phase::Finished {
                let seat = game.to_move();
                let obs = game.observation(seat);
                let action = walker.choose(&obs).action;
                if step % 4 == 0 {
                    let (a, b) = (obs.sample_world(&mut rng), obs.sample_world(&mut rng));
                    let review = |world: &Game| {
                        review_decision(
                            &world.observation(seat),
                            action,
                            Stakes::SINGLE_HAND,
                            step,
                            4,
                        )
                    };
                    let verdict = review(&a);
                    assert_eq!(verdict, review(&b), "{preset}-{n}p step {step}");
                    // The app's hint is the same evaluation: it too sees only the observation.
                    let hint = |world: &Game| {
                        ai::review::hint(&world.observation(seat), Stakes::SINGLE_HAND, step, 4)
                    };
                    assert_eq!(hint(&a), hint(&b), "{preset}-{n}p step {step}");
                    compared += 1;
                    rated += usize::from(matches!(verdict, Verdict::Rated(_)));
                }
                game.apply(action).expect("legal");
                step += 1;
            }
        }
    }
    assert!(compared > 60, "{compared}");
    assert!(rated > 40, "{rated}");
}

#[test]
fn a_seeded_agent_repeats_its_decisions() {
    let rules = Ruleset::preset(Preset::Briscola, 2).expect("preset");
    let game = Game::new(rules, 0, &Deal::Seed(3)).expect("deal");
    let obs = game.observation(1);
    for level in Level::ALL {
        let first = ai::agent_with(config(level, 9)).choose(&obs);
        for _ in 0..3 {
            assert_eq!(ai::agent_with(config(level, 9)).choose(&obs), first);
        }
    }
}
