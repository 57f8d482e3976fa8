//! # briscola-lab
//!
//! The laboratory around the `briscola` engine: what measures and trains its AI, kept apart from
//! the product (the desktop app and the `briscola` command line link none of it).
//!
//! - [`arena`]: duplicate-deal matches between any two players, with 95% intervals and decision
//!   times, and pooling of saved runs;
//! - [`named`]: named configurations of Hard's search ([`briscola::ai::HardSearch`]) that the arena
//!   measures the Hard level against;
//! - [`public`]: other people's Briscola AIs, re-implemented from their published source;
//! - [`learn`]: training Hard's playout network by imitating Hard's search;
//! - [`speed`] and [`solver_speed`]: decisions per second of a level, nodes per second of the exact
//!   solver;
//! - [`serve_load`]: simulated people playing on a table server, for its latency and memory;
//! - [`relay_load`]: synthetic tables paired through a relay and directly, for the relay's latency
//!   and memory;
//! - [`stats`]: the small statistics they report.
//!
//! The `briscola-lab` binary puts them on the command line (`arena`, `pool`, `train`, `bench-ai`,
//! `bench-relay`, `bench-review`, `bench-serve`, `bench-solver`). Deliberately absent: anything the product needs;
//! this crate depends on the engine, never the reverse.

pub mod arena;
pub mod learn;
pub mod named;
pub mod public;
pub mod relay_load;
pub mod relay_tables;
pub mod serve_load;
pub mod solver_speed;
pub mod speed;
pub mod stats;

use briscola::ai::Agent;
use briscola::{Action, Observation};

/// A player the lab runs in its own process: one action for one seat's observation. The engine's
/// agents are players (their hints are the product's and are not kept); the public AIs are players
/// only, with no explanation of their moves.
pub trait Player: Send {
    /// Chooses one of `obs.legal_actions` for the seat to move.
    fn choose(&mut self, obs: &Observation) -> Action;
}

impl Player for Box<dyn Agent + Send> {
    fn choose(&mut self, obs: &Observation) -> Action {
        Agent::choose(self.as_mut(), obs).action
    }
}

#[cfg(test)]
mod test_deal;
