//! Speed of the exact solver (`briscola-lab bench-solver`): one sampled world of each position with a
//! given stock height from a few hands played by Medium, solved exactly (every legal card's value,
//! no node budget) on the calling thread, timed one by one.
//!
//! Worlds are sampled before timing starts, so the figures are the solver's own cost. Deliberately
//! absent: any other player's search around the solver (`briscola-lab bench-ai` times whole decisions).

use std::fmt;
use std::time::Instant;

use serde::Serialize;

use briscola::ai::exact_card_values;
use briscola::{Phase, Rng, Ruleset};

use crate::speed::positions;
use crate::stats::Timing;

/// What one solver speed run measured. Its `Display` is the printed summary.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolverSpeedReport {
    /// The ruleset id.
    pub ruleset: String,
    /// Cards left in the stock in every solved position.
    pub stock: usize,
    /// Time percentiles of one solve.
    pub timing: Timing,
    /// Nodes searched over all solves.
    pub nodes: u64,
    /// Nodes per second over the total time spent solving.
    pub nodes_per_second: f64,
}

/// Solves one world of every position with `stock` cards in the stock, from `hands` hands dealt
/// from `seed`.
pub fn measure(rules: Ruleset, hands: usize, seed: u64, stock: usize) -> SolverSpeedReport {
    let mut rng = Rng::new(seed);
    let worlds: Vec<_> = positions(rules, hands, seed)
        .into_iter()
        .filter(|obs| obs.phase == Phase::Playing && usize::from(obs.stock_len) == stock)
        .map(|obs| (obs.sample_world(&mut rng), obs.seat))
        .collect();
    let (mut nanos, mut nodes) = (Vec::with_capacity(worlds.len()), 0);
    for (world, seat) in &worlds {
        let start = Instant::now();
        let (values, searched) = exact_card_values(world, *seat);
        nanos.push(start.elapsed().as_nanos() as u64);
        std::hint::black_box(values);
        nodes += searched;
    }
    let total: u64 = nanos.iter().sum();
    SolverSpeedReport {
        ruleset: crate::arena::ruleset_id(&rules),
        stock,
        timing: Timing::from_nanos("solver", nanos),
        nodes,
        nodes_per_second: if total == 0 {
            0.0
        } else {
            nodes as f64 / (total as f64 / 1e9)
        },
    }
}

impl fmt::Display for SolverSpeedReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = &self.timing;
        write!(
            f,
            "solver on {} (stock {}, {} solves): {:.0} nodes per solve, {:.2} M nodes/s; median \
             {:.1} µs, p95 {:.1} µs, p99 {:.1} µs, max {:.1} µs",
            self.ruleset,
            self.stock,
            t.decisions,
            self.nodes as f64 / t.decisions.max(1) as f64,
            self.nodes_per_second / 1e6,
            t.median_us,
            t.p95_us,
            t.p99_us,
            t.max_us
        )
    }
}
