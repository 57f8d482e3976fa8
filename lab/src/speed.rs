//! Decision speed of one level (`briscola-lab bench-ai`): the positions of a few hands played by Medium,
//! each decided once by the level under test on the calling thread, timed one by one (or only the
//! chiamata auction's bids and calls among them: [`Positions::Auction`]).
//!
//! Positions are collected before timing starts, so the figure is the level's own cost. Deliberately
//! absent: statistics beyond percentiles (criterion in `benches/ai.rs` does that for development).

use std::fmt;
use std::time::Instant;

use serde::Serialize;

use briscola::ai::{AgentConfig, Level, agent, agent_with};
use briscola::{Deal, Game, Observation, Phase, Rng, Ruleset};

use crate::stats::Timing;

/// What one speed run measured. Its `Display` is the printed summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpeedReport {
    /// The ruleset id.
    pub ruleset: String,
    /// Hands whose positions were decided.
    pub hands: usize,
    /// Time percentiles (one entry, the level measured).
    pub timing: Timing,
    /// Decisions per second: decisions divided by the total time spent deciding.
    pub per_second: f64,
}

/// Every position of the seat to move in `hands` hands played by Medium, dealt from `seed`.
pub fn positions(rules: Ruleset, hands: usize, seed: u64) -> Vec<Observation> {
    let mut all = Vec::new();
    for hand in 0..hands {
        let deal = Rng::derive_seed(seed, hand as u64);
        let dealer = (hand % usize::from(rules.players)) as u8;
        let Ok(mut game) = Game::new(rules, dealer, &Deal::Seed(deal)) else {
            continue;
        };
        let mut player = agent(Level::Medium, deal);
        while game.phase() != Phase::Finished {
            let obs = game.observation(game.to_move());
            let decision = player.choose(&obs);
            all.push(obs);
            if game.apply(decision.action).is_err() {
                break;
            }
        }
    }
    all
}

/// Which positions of the hands are timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Positions {
    /// Every position.
    All,
    /// The bids, passes and calls of the chiamata auction with a choice (none in other rulesets).
    Auction,
}

/// Times `config`'s agent on the positions (`which`) of `hands` hands.
pub fn measure(
    config: AgentConfig,
    rules: Ruleset,
    hands: usize,
    seed: u64,
    which: Positions,
) -> SpeedReport {
    let mut obs = positions(rules, hands, seed);
    if which == Positions::Auction {
        obs.retain(|o| {
            matches!(o.phase, Phase::Bidding | Phase::Calling) && o.legal_actions.len() > 1
        });
    }
    let mut player = agent_with(config);
    let mut nanos = Vec::with_capacity(obs.len());
    for o in &obs {
        let start = Instant::now();
        let decision = player.choose(o);
        nanos.push(start.elapsed().as_nanos() as u64);
        std::hint::black_box(decision);
    }
    let total: u64 = nanos.iter().sum();
    let per_second = if total == 0 {
        0.0
    } else {
        nanos.len() as f64 / (total as f64 / 1e9)
    };
    SpeedReport {
        ruleset: crate::arena::ruleset_id(&rules),
        hands,
        timing: Timing::from_nanos(config.level.id(), nanos),
        per_second,
    }
}

impl fmt::Display for SpeedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.timing;
        write!(
            f,
            "{} on {} ({} hands, {} decisions): {:.0} decisions/s; median {:.1} µs, p95 {:.1} µs, \
             p99 {:.1} µs, max {:.1} µs",
            t.player,
            self.ruleset,
            self.hands,
            t.decisions,
            self.per_second,
            t.median_us,
            t.p95_us,
            t.p99_us,
            t.max_us
        )
    }
}
