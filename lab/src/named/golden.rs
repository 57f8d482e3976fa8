//! The named configurations' decisions on a fixed walk of positions (every preset and player count,
//! two deals each, a position every few moves, a fixed seed and world budget), recorded as action
//! text: the same walk as the Hard level's own recorded decisions in the engine. A configuration
//! whose decisions change is no longer the one its name and measured results describe.

use briscola::ai::{Budget, Level, agent};
use briscola::{Deal, Game, Observation, Phase, Preset, Ruleset};

use super::NamedHard;

/// `hard-heuristic-auction`'s actions on the walk: the Hard level's before it searched the auction.
const HEURISTIC_AUCTION: &str = concat!(
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
    "6d,2d,As,Qc,4s,3c,bid 3,bid Q,call Jd,4c,7c,3s,Ad,4d,Qb,Qd,Qb,6d,Ac,bid 3,pass,call Jd,Jb,",
    "5d,3c,7d,Ad,3c,Jb,Qb,3s,As,5d,Qc,Kd,3d,3d,Ab,3d,Qc,3c,4b,7c,7c,Ad,Jb,Ab,6c,Ab,As,5c,As",
);

/// `hard-heuristic-late`'s actions on the walk.
const HEURISTIC_LATE: &str = concat!(
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

/// `hard-net-race`'s actions on the walk.
const NET_RACE: &str = concat!(
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

/// `hard-recent-plays`'s actions on the walk.
const RECENT_PLAYS: &str = concat!(
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

/// Every position of the walk, with the seed its decision is made with: every preset and player
/// count, deals 500 and 501 played by Medium, every fourth position from the second.
fn walk() -> Vec<(Observation, u64)> {
    let mut positions = Vec::new();
    let tables = Preset::ALL
        .into_iter()
        .flat_map(|preset| preset.player_counts().iter().map(move |&n| (preset, n)));
    for (preset, n) in tables {
        let rules = Ruleset::preset(preset, n).expect("preset");
        for deal in 0..2u64 {
            let mut game = Game::new(rules, 0, &Deal::Seed(deal + 500)).expect("deal");
            let mut medium = agent(Level::Medium, deal);
            for step in 0u64.. {
                if game.phase() == Phase::Finished {
                    break;
                }
                let obs = game.observation(game.to_move());
                let action = medium.choose(&obs).action;
                if step % 4 == 1 {
                    positions.push((obs, deal * 97 + step));
                }
                game.apply(action).expect("legal");
            }
        }
    }
    positions
}

/// Each configuration makes its recorded decisions on the walk, a fresh player a position.
#[test]
fn the_named_configurations_repeat_their_recorded_decisions() {
    let positions = walk();
    assert!(positions.len() > 200, "{}", positions.len());
    for (named, recorded) in [
        (NamedHard::HeuristicLate, HEURISTIC_LATE),
        (NamedHard::NetRace, NET_RACE),
        (NamedHard::RecentPlays, RECENT_PLAYS),
        (NamedHard::HeuristicAuction, HEURISTIC_AUCTION),
    ] {
        let actions: Vec<String> = positions
            .iter()
            .map(|(obs, seed)| {
                let mut player = named.player(*seed, Budget::worlds(12));
                player.choose(obs).to_string()
            })
            .collect();
        assert_eq!(actions.join(","), recorded, "{named}");
    }
}
