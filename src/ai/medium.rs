//! [`Medium`]: the attentive player. The shared heuristics with card memory (it knows which cards are
//! still out, so it cashes sure winners and only feeds a partner whose card cannot be beaten), and
//! exact play once the stock is empty and the rest of the hand is small enough to solve in a few
//! sampled worlds (always, in two-player games).

use super::heuristic::{Heuristic, Params};
use super::{Agent, Decision, Level};
use crate::{Observation, Stakes};

/// The Medium agent.
pub(crate) struct Medium(Heuristic);

impl Medium {
    /// A seeded Medium agent (its exact endgames play for the match's `stakes`).
    pub fn new(seed: u64, stakes: Stakes) -> Medium {
        Medium(Heuristic::new(
            seed,
            Params {
                memory: true,
                mistakes: 0.0,
                trump_care: 1.0,
                level: Level::Medium,
                endgame_leaves: 5_000,
            },
            stakes,
        ))
    }
}

impl Agent for Medium {
    fn name(&self) -> &str {
        "medium"
    }

    fn choose(&mut self, obs: &Observation) -> Decision {
        self.0.choose(obs)
    }
}
