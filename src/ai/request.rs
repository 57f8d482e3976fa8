//! A move to compute for one seat of a match in progress, apart from the match itself.
//!
//! Whoever runs a match (the app's one-player session, the friends' table) hands the AI only what
//! the seat to move may know: its [`Observation`], with an agent seeded from the match's AI seed and
//! the number of moves made, so that every decision of a match has a seed of its own and a replay
//! decides the same. The driver computes it off its own thread or event loop ([`AiRequest::decide`]:
//! Hard searches) and hands the action back with the request, whose `version` lets the match refuse
//! an answer that comes after it moved on.
//!
//! A hint is a [`HintRequest`]: the match review's evaluation of the decision, seeded as the review
//! of the match will seed it ([`super::review::hint`]), so the hint and the review say one thing.
//!
//! Deliberately absent: threads and clocks (the driver's), and the full game state.

use crate::{Match, Observation, Rng, Seat, Stakes};

use super::review::{self, decision_seed};
use super::{AgentConfig, Decision, Level, agent_with};

/// A move to compute for a seat: what it sees and how its agent is built.
#[derive(Clone, Debug)]
pub struct AiRequest {
    /// The seat to move.
    pub seat: Seat,
    /// What that seat knows.
    pub observation: Observation,
    /// The agent: level, seed and the match's stakes.
    pub config: AgentConfig,
    /// The driver's version of the match the request belongs to.
    pub version: u64,
}

impl AiRequest {
    /// The request for `seat` of `game`: an agent of `level` seeded from `ai_seed` and the `moves`
    /// made so far in the match, playing for the match's stakes.
    pub fn new(
        game: &Match,
        seat: Seat,
        level: Level,
        ai_seed: u64,
        moves: u64,
        version: u64,
    ) -> AiRequest {
        AiRequest {
            seat,
            observation: game.game().observation(seat),
            config: AgentConfig {
                stakes: game.stakes(),
                ..AgentConfig::new(level, Rng::derive_seed(ai_seed, moves))
            },
            version,
        }
    }

    /// Computes the decision (blocking: Hard searches; run it off a UI thread or event loop).
    pub fn decide(&self) -> Decision {
        agent_with(self.config).choose(&self.observation)
    }
}

/// A hint to compute for the seat to move: the review's evaluation of its decision, with the seed the
/// review of the match gives that decision ([`review::SEED`], the hand and the action's index in it:
/// nothing the seat does not know).
#[derive(Clone, Debug)]
pub struct HintRequest {
    /// What the seat knows.
    pub observation: Observation,
    /// What the hand is worth in its match.
    pub stakes: Stakes,
    /// The worlds' seed: [`decision_seed`] of [`review::SEED`], the hand and the action's index.
    pub seed: u64,
    /// Worlds sampled: the review's (its default is Hard's budget, [`super::Budget::default`]).
    pub worlds: u32,
}

impl HintRequest {
    /// The hint for `seat` (which must be to move) of `game`, searched as a review of `worlds`
    /// worlds per decision will search it.
    pub fn new(game: &Match, seat: Seat, worlds: u32) -> HintRequest {
        let hand = game.hand_number().saturating_sub(1);
        HintRequest::of_view(game.game().observation(seat), hand, game.stakes(), worlds)
    }

    /// The hint for the seat of `observation` (which must be to move) in hand `hand` (from 0) of a
    /// match where it is worth `stakes`, from that seat's view alone: seeded from the hand and the
    /// actions the seat has seen taken in it ([`Observation::hand_actions`]).
    pub fn of_view(
        observation: Observation,
        hand: u32,
        stakes: Stakes,
        worlds: u32,
    ) -> HintRequest {
        let seed = decision_seed(review::SEED, hand, observation.hand_actions());
        HintRequest {
            observation,
            stakes,
            seed,
            worlds,
        }
    }

    /// Computes the hint (blocking: it searches; run it off a UI thread or event loop).
    pub fn decide(&self) -> Decision {
        review::hint(&self.observation, self.stakes, self.seed, self.worlds)
    }
}
