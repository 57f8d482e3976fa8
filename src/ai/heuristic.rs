//! [`Heuristic`]: the agent behind Easy and Medium — special actions, then exact endgame play when
//! allowed and small enough, otherwise the card-play heuristics of [`super::policy`].

use super::policy::{self, Style};
use super::situation::Situation;
use super::solver::{WIN_WEIGHT, solve_endgame};
use super::{Decision, Level, senas, special};
use crate::{Observation, Rng, Stakes};

/// Worlds sampled for an endgame with hidden hands (more than two players).
const ENDGAME_WORLDS: usize = 4;
/// Node budget of one endgame world.
const ENDGAME_NODES: u64 = 20_000;

/// What distinguishes the heuristic levels.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Params {
    /// Remembers finished tricks.
    pub memory: bool,
    /// Chance of a beginner's mistake on a turn that offers one.
    pub mistakes: f64,
    /// How much trumps are kept for later (see [`Style::trump_care`]).
    pub trump_care: f32,
    /// Solves the end of the hand exactly once the stock is empty and at most this many card orders
    /// remain (0: never).
    pub endgame_leaves: u64,
    /// How it makes señas ([`senas::decide`]).
    pub level: Level,
}

/// A seeded heuristic player.
pub(crate) struct Heuristic {
    rng: Rng,
    params: Params,
    stakes: Stakes,
}

impl Heuristic {
    /// A player with these parameters; its exact endgames play for the match's `stakes`.
    pub fn new(seed: u64, params: Params, stakes: Stakes) -> Heuristic {
        Heuristic {
            rng: Rng::new(seed),
            params,
            stakes,
        }
    }

    /// Decides for the observing seat.
    pub fn choose(&mut self, obs: &Observation) -> Decision {
        if let Some(decision) = special::special(obs) {
            return decision;
        }
        if let Some(decision) = senas::decide(self.params.level, obs, &mut self.rng) {
            return decision;
        }
        let s = Situation::from_observation(obs, self.params.memory);
        let solved = if self.params.endgame_leaves > 0 {
            solve_endgame(
                obs,
                &mut self.rng,
                ENDGAME_WORLDS,
                (self.params.endgame_leaves, ENDGAME_NODES),
                None,
                self.stakes,
                WIN_WEIGHT,
            )
            .map(|(card, _)| card)
        } else {
            None
        };
        let style = Style {
            mistakes: self.params.mistakes,
            trump_care: self.params.trump_care,
        };
        let card = solved.or_else(|| policy::choose_card(&s, style, &mut self.rng));
        super::card_decision(obs, &s, card)
    }
}
