//! Hard's decisions on a fixed walk of positions (every preset and player count, two deals each, a
//! position every few moves, a fixed seed and world budget), recorded as action text: Hard makes
//! the decisions its measured strength was measured with. A change meant to be faster or tidier
//! must leave them as they are, and a change to its play re-records them — and measures again.

use crate::ai::{Agent, Budget, Level, agent};
use crate::{Deal, Game, Phase, Preset, Ruleset, Stakes};

/// Hard's actions on the walk.
const TODAY: &str = concat!(
    "5b,Qc,Qc,Kd,Kc,As,Ks,5s,4c,4c,4d,Js,4d,Kc,2b,2s,Qs,Ab,5c,3c,7c,7s,5b,3d,Ks,3s,3s,Qd,Qd,Jc,",
    "Jc,4d,5s,Qd,Qd,3b,Ab,3d,3d,Js,Qb,Kb,Qc,Kc,Ad,Ac,Jb,As,As,4b,4d,7c,Jb,Jc,Ab,7c,Kc,As,4s,Qc,",
    "Qc,5d,6c,3s,Qs,Ab,Jc,3c,Qc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Qc,Jc,6d,Ab,Ks,6s,Ac,Ac,3b,4d,Js,",
    "4d,Jb,2b,Jd,2c,7s,Kb,2d,exchange 7c,Ac,7s,4d,2s,7b,As,3b,Ab,6b,Jc,4d,5s,7d,Qd,3b,7s,Kb,3c,",
    "Qs,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,exchange 7c,Qb,7d,6d,3b,exchange 2c,5b,Jc,2c,5c,7c,6c,4d,",
    "Qs,Jc,Jd,4b,5s,5c,Jc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Qc,Kb,Qd,Kd,Ad,As,Qd,5s,Jd,3s,4d,Qd,4d,",
    "2b,2s,Qs,Ab,5c,As,7c,Qs,5d,5d,As,6s,Qd,4b,Ab,Qc,Jc,Kc,Jd,7d,Kc,Ac,7c,Qs,7c,Js,7s,Jc,3d,Jc,",
    "Ad,As,7d,4c,Js,6b,7c,Jd,Jb,7d,2s,6d,Kb,Qc,4s,Kc,7s,7c,Jc,Qd,Kc,As,Ks,5s,4c,4c,7c,Js,Jc,Qb,",
    "Qb,6d,Qs,Kb,5c,6d,6c,Qs,5d,3d,Ks,6s,Qd,Qc,Ab,3b,7c,6d,5s,7d,3d,3d,3d,4s,3c,6b,5b,Qc,Kb,Kc,",
    "Ad,Ac,Ad,Jd,Js,4b,4d,7c,Jb,3d,Ab,7c,Kb,As,Qc,Ks,5d,6d,Qs,Jc,Qc,As,6s,Jd,4b,6b,4d,Kc,Qb,7d,",
    "6d,2d,As,Qc,4s,3c,bid 3,bid Q,call Jd,4c,7c,3s,Ad,4d,Qb,Qd,Qb,6d,Ac,bid 3,bid 6,call Jd,",
    "Jb,5d,3c,7d,Ad,3c,Jb,Qb,3s,As,5d,Qc,Kd,3d,3d,Ab,3d,Qc,3c,4b,7c,7c,Ad,Jb,Ab,6c,Ab,As,5c,As",
);

/// The actions the agent `hard(seed)` chooses on the walk.
fn walk(hard: impl Fn(u64) -> Box<dyn Agent + Send>) -> Vec<String> {
    let mut actions = Vec::new();
    for preset in Preset::ALL {
        for &n in preset.player_counts() {
            let rules = Ruleset::preset(preset, n).expect("preset");
            for deal in 0..2u64 {
                let mut game = Game::new(rules, 0, &Deal::Seed(deal + 500)).expect("deal");
                let mut walker = agent(Level::Medium, deal);
                let mut step = 0u64;
                while game.phase() != Phase::Finished {
                    let obs = game.observation(game.to_move());
                    if step % 4 == 1 {
                        let mut agent = hard(deal * 97 + step);
                        actions.push(agent.choose(&obs).action.to_string());
                    }
                    game.apply(walker.choose(&obs).action).expect("legal");
                    step += 1;
                }
            }
        }
    }
    actions
}

#[test]
fn todays_hard_repeats_the_recorded_decisions() {
    let actions = walk(|seed| {
        Box::new(super::Hard::new(
            seed,
            Budget::worlds(12),
            Stakes::SINGLE_HAND,
        ))
    });
    assert!(actions.len() > 200, "{}", actions.len());
    assert_eq!(actions.join(","), TODAY);
}
