//! Hard's decisions on a fixed walk of positions (every preset and player count, two deals each, a
//! position every few moves, a fixed seed and world budget), recorded as action text:
//!
//! - `hard-v1` stays frozen: its decisions are the ones Hard made before issue 12 changed it;
//! - `hard-v4` stays frozen too: its decisions are those of Hard of sessions 10–13 (recorded at
//!   commit c569729, whose search the `docs/runs/hard-cap1600-*` runs played);
//! - and `hard-v5`: those of Hard of session 14 (the `docs/runs/hard-win30-*` runs);
//! - today's Hard makes the decisions the runs in `docs/runs/` of its build measured: a change meant
//!   to be faster or tidier must leave them as they are, and a change to its play re-records them —
//!   and restarts those runs.

use crate::ai::{Agent, Budget, Level, agent};
use crate::{Deal, Game, Phase, Preset, Ruleset, Stakes};

/// `hard-v1`'s actions on the walk below, recorded from the code of commit 7adb67e (before issue 12).
const V1: &str = concat!(
    "5d,7c,Jc,Qd,Qd,As,Ks,7d,4c,4c,7c,Qd,Jd,Jb,2b,Qd,Qs,Ab,5c,3c,7c,6d,5d,3d,Ab,3s,Qd,Ad,",
    "Qd,Jc,Jc,4d,Qd,7d,5s,3b,Ab,3d,3d,Js,Qb,Jc,Qc,Kc,Kb,As,5s,As,As,4b,Kc,Jd,Jb,3d,Qc,Qs,",
    "Kb,As,4s,Qc,Kb,5d,6c,3s,Qs,Ab,Jc,3c,Qc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,5d,7c,Jc,Kb,6d,2s,",
    "Ab,Ac,3b,3b,7c,Qd,Jd,Jd,2b,Jd,2c,7s,Kb,2d,exchange 7c,Ac,3d,4d,5d,As,As,3b,Ab,6b,Jc,",
    "4d,Jd,7d,Qd,3b,3d,3b,3c,Qs,Qb,Jc,Qc,Kc,Kb,As,5s,As,As,4b,exchange 7c,Jc,7d,6d,2d,",
    "exchange 2c,5b,Jc,2c,5c,7c,6c,Ab,Kc,Jb,Jd,4b,5s,5c,Jc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,",
    "7c,Kb,Kd,Kd,Kd,As,Qd,5s,Jd,3s,4d,7b,4d,4d,Jd,Qs,Ab,5c,As,7c,Qs,5d,5d,As,Ks,Ad,4b,Ab,",
    "Qc,3s,Kc,5s,5s,3d,7c,7c,Qs,7c,Js,5b,Qc,3d,Jc,Kb,As,5s,4c,Js,6b,4d,Jd,Qb,2b,2s,6d,2c,",
    "Qc,4s,Kc,7s,7c,Kb,Qd,Kc,As,Ac,Ab,4c,4c,7c,Js,4d,Qb,Qb,6d,Qs,Kb,5c,6d,6c,6d,5d,Ab,Ks,",
    "Qc,Qd,Qc,Ab,3b,3s,4d,5s,7d,5s,3d,3d,4s,3c,6b,Qb,Kb,Qc,3d,Ad,Ac,Ad,Jd,Js,4b,7c,Jd,7c,",
    "2b,2s,Qs,Kb,As,Qc,Ks,7s,Qb,Qs,Qc,Qc,As,Kb,Jd,4b,6b,7c,Kc,Qb,7d,Js,2d,As,Qc,4s,3c,",
    "bid 3,bid Q,call Jd,5d,4d,7b,6d,Jc,Qb,Qd,Qb,6d,Ac,bid 3,pass,call Jd,4c,4d,6s,As,Ad,",
    "3c,Jb,Qb,3s,As,5d,Qc,2d,3d,3d,7b,3d,Qc,3c,4b,7c,7c,Jd,Jb,Ab,6c,Ab,Kb,5c,As",
);

/// `hard-v4`'s actions on the walk, recorded at commit c569729 (then today's Hard).
const V4: &str = concat!(
    "5b,Qc,Jc,3d,Kc,As,Ks,5s,4c,4c,4d,Js,4d,Jb,2b,2s,Qs,Ab,5c,3c,7c,7s,5b,3d,Ks,3s,Qd,Qd,Qd,",
    "Jc,Jc,4d,5s,Qd,Qd,3b,Ab,3d,3d,Js,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,4d,7c,Jb,3d,Ab,7c,Kb,As,",
    "4s,Qc,Qc,5d,6c,3s,Qs,Ab,Jc,3c,Qc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,5b,Qc,Kb,6d,As,2s,6s,Ac,3b,",
    "3b,4d,Qd,4d,Jd,Kc,Ab,2c,7s,Kb,2d,exchange 7c,Ac,7s,4d,2s,7b,Js,3b,Ab,6b,Jc,4d,Qd,7d,3d,",
    "3b,7s,Kb,3c,Qs,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,exchange 7c,Qb,7d,6d,3b,exchange 2c,5b,Jc,",
    "2c,5c,7c,6c,Ab,Qs,Jc,Jd,4b,5s,5c,Jc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Jc,Jc,Qd,Kc,Ad,As,Qd,",
    "5s,Jd,3s,4d,Jd,4d,2b,2s,Qs,Ab,5c,As,7c,Qs,5d,5d,As,6s,Qd,4b,Ab,Qc,Jc,Kc,Jd,7d,Kc,Ac,7c,",
    "Qs,7c,Js,7s,Jc,3d,Jc,Ad,As,7d,4c,Js,6b,7c,Jd,Jb,7d,2s,6d,Kb,Qc,4s,Kc,7s,7c,Jc,Qd,Kc,As,",
    "Ks,5s,4c,4c,7c,Js,Jc,Qb,Qb,6d,Qs,Kb,5c,6d,Qc,Qs,5d,3d,Ks,6s,Qd,Qc,Ab,3b,7c,6d,5s,7d,3d,",
    "3d,3d,4s,3c,6b,5b,Kb,Kb,Kc,Ad,Ac,Ad,Jd,Js,4b,Kc,7c,Jb,3d,Ab,7c,Kb,As,Qc,Ks,5d,5b,Kd,Jc,",
    "Qc,As,6s,Jd,4b,6b,7c,Kc,Qb,7d,Js,Js,As,Qc,4s,3c,bid 3,bid Q,call Jd,5d,Ks,3s,6d,Jc,Qb,",
    "Qd,Qb,6d,Ac,bid 3,pass,call Jd,Jb,Ad,3c,7d,Ad,3c,Jb,Qb,3s,As,5d,Qc,Kd,3d,3d,Ab,3d,Qc,3c,",
    "4b,7c,7c,Ad,4b,Ab,6c,Ab,As,5c,As",
);

/// `hard-v5`'s actions on the walk, recorded in session 14 (then today's Hard) by the commit that
/// lowered the outcome's weight to [`super::DECIDING_WIN_WEIGHT`] (the search of the
/// `docs/runs/hard-win30-*` runs).
const V5: &str = concat!(
    "5b,Qc,Jc,3d,Kc,As,Ks,5s,4c,4c,4d,Js,4d,Jb,2b,2s,Qs,Ab,5c,3c,7c,7s,5b,3d,Ks,3s,3s,Qd,Qd,",
    "Jc,Jc,4d,5s,Qd,Qd,3b,Ab,3d,3d,Js,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,4d,7c,Jb,3d,Ab,7c,Kb,As,",
    "4s,Qc,Qc,5d,6c,3s,Qs,Ab,Jc,3c,Qc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,5b,Qc,Kb,6d,As,2s,6s,Ac,3b,",
    "3b,4d,Qd,Jd,Jd,2b,Ab,2c,7s,Kb,2d,exchange 7c,Ac,7s,4d,2s,7b,As,3b,Ab,6b,Jc,4d,5s,7d,Qd,",
    "3b,7s,Kb,3c,Qs,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,exchange 7c,Qb,7d,6d,3b,exchange 2c,5b,Jc,",
    "2c,5c,7c,6c,4d,Qs,Jc,Jd,4b,5s,5c,Jc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Jc,Jc,Qd,Kc,Ad,As,Qd,",
    "5s,Jd,3s,4d,Jd,4d,2b,2s,Qs,Ab,5c,As,7c,Qs,5d,5d,As,6s,Qd,4b,Ab,Qc,Jc,Kc,Jd,7d,Kc,Ac,7c,",
    "Qs,7c,Js,7s,Jc,3d,Jc,Ad,As,7d,4c,Js,6b,7c,Jd,Jb,7d,2s,6d,Kb,Qc,4s,Kc,7s,7c,Jc,Qd,Kc,As,",
    "Ks,5s,4c,4c,7c,Js,Jc,Qb,Qb,6d,Qs,Kb,5c,6d,6c,Qs,5d,3d,Ks,6s,Qd,Qc,Ab,3b,7c,6d,5s,7d,3d,",
    "3d,3d,4s,3c,6b,5b,Qc,Kb,Kc,Ad,Ac,Ad,Jd,Js,4b,Kc,7c,Jb,3d,Ab,7c,Kb,As,Qc,Ks,5d,5b,Kd,Jc,",
    "Qc,As,6s,Jd,4b,6b,7c,Kc,Qb,7d,Js,Js,As,Qc,4s,3c,bid 3,bid Q,call Jd,5d,7c,3s,6d,Jc,Qb,",
    "Qd,Qb,6d,Ac,bid 3,pass,call Jd,Jb,Ad,3c,7d,Ad,3c,Jb,Qb,3s,As,5d,Qc,Kd,3d,3d,Ab,3d,Qc,3c,",
    "4b,7c,7c,Ad,4b,Ab,6c,Ab,As,5c,As",
);

/// Today's Hard's actions on the walk, recorded in session 15 by the commit that drew its worlds from
/// the filter over the other hand (the search of the `docs/runs/draw-*` runs).
const TODAY: &str = concat!(
    "5b,Qc,Qc,Kd,Kc,As,Ks,5s,4c,4c,4d,Js,4d,Kc,2b,2s,Qs,Ab,5c,3c,7c,7s,5b,3d,Ks,3s,3s,Qd,Qd,",
    "Jc,Jc,4d,5s,Qd,Qd,3b,Ab,3d,3d,Js,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,4d,7c,Jb,3d,Ab,7c,Kb,As,",
    "4s,Qc,Qc,5d,6c,3s,Qs,Ab,Jc,3c,Qc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Qc,Jc,6d,Ab,Ks,6s,Ac,Ac,",
    "3b,4d,Js,4d,Jb,2b,Jd,2c,7s,Kb,2d,exchange 7c,Ac,7s,4d,2s,7b,As,3b,Ab,6b,Jc,4d,5s,7d,Qd,",
    "3b,7s,Kb,3c,Qs,5b,Qc,Qc,Kc,3d,Ac,Qd,As,As,4b,exchange 7c,Qb,7d,6d,3b,exchange 2c,5b,Jc,",
    "2c,5c,7c,6c,4d,Qs,Jc,Jd,4b,5s,5c,Jc,Jd,6d,Ab,Js,4c,Kb,Ac,3d,Ad,7s,Qc,Kb,Qd,Kd,Ad,As,Qd,",
    "5s,Jd,3s,4d,Qd,4d,2b,2s,Qs,Ab,5c,As,7c,Qs,5d,5d,As,6s,Qd,4b,Ab,Qc,Jc,Kc,Jd,7d,Kc,Ac,7c,",
    "Qs,7c,Js,7s,Jc,3d,Jc,Ad,As,7d,4c,Js,6b,7c,Jd,Jb,7d,2s,6d,Kb,Qc,4s,Kc,7s,7c,Jc,Qd,Kc,As,",
    "Ks,5s,4c,4c,7c,Js,Jc,Qb,Qb,6d,Qs,Kb,5c,6d,6c,Qs,5d,3d,Ks,6s,Qd,Qc,Ab,3b,7c,6d,5s,7d,3d,",
    "3d,3d,4s,3c,6b,5b,Qc,Kb,Kc,Ad,Ac,Ad,Jd,Js,4b,Kc,7c,Jb,3d,Ab,7c,Kb,As,Qc,Ks,5d,6d,Qs,Jc,",
    "Qc,As,6s,Jd,4b,6b,4d,Kc,Qb,7d,6d,2d,As,Qc,4s,3c,bid 3,bid Q,call Jd,5d,7c,3s,6d,Jc,Qb,Qd,",
    "Qb,6d,Ac,bid 3,pass,call Jd,Jb,Ad,3c,7d,Ad,3c,Jb,Qb,3s,As,5d,Qc,Kd,3d,3d,Ab,3d,Qc,3c,4b,",
    "7c,7c,Ad,4b,Ab,6c,Ab,As,5c,As",
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
fn hard_v1_repeats_the_recorded_decisions() {
    let actions = walk(|seed| super::v1(seed, Budget::worlds(12)));
    assert!(actions.len() > 200, "{}", actions.len());
    assert_eq!(actions.join(","), V1);
}

#[test]
fn hard_v4_repeats_the_recorded_decisions() {
    let actions = walk(|seed| super::v4(seed, Budget::worlds(12)));
    assert!(actions.len() > 200, "{}", actions.len());
    assert_eq!(actions.join(","), V4);
}

#[test]
fn hard_v5_repeats_the_recorded_decisions() {
    let actions = walk(|seed| super::v5(seed, Budget::worlds(12)));
    assert!(actions.len() > 200, "{}", actions.len());
    assert_eq!(actions.join(","), V5);
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
