//! [`Easy`]: the beginner. The shared heuristics without card memory, spending trumps too readily
//! (it values keeping a trump at a quarter of what Medium does), and now and then (nine turns in
//! twenty where one fits) a plausible mistake: leading a ten-pointer, trumping an empty trick, throwing
//! away a card with points. No endgame search.

use super::heuristic::{Heuristic, Params};
use super::{Agent, Decision, Level};
use crate::{Observation, Stakes};

/// The Easy agent.
pub(crate) struct Easy(Heuristic);

impl Easy {
    /// A seeded Easy agent.
    pub fn new(seed: u64) -> Easy {
        Easy(Heuristic::new(
            seed,
            Params {
                memory: false,
                mistakes: 0.45,
                trump_care: 0.25,
                level: Level::Easy,
                endgame_leaves: 0,
            },
            Stakes::SINGLE_HAND,
        ))
    }
}

impl Agent for Easy {
    fn name(&self) -> &str {
        "easy"
    }

    fn choose(&mut self, obs: &Observation) -> Decision {
        self.0.choose(obs)
    }
}
