//! # AI players
//!
//! Three levels behind one [`Agent`] trait, for every ruleset the engine plays:
//!
//! - [`Level::Easy`]: the heuristic player without card memory, who now and then makes a plausible
//!   beginner's mistake (leads a ten-pointer, trumps an empty trick, throws away the wrong card).
//! - [`Level::Medium`]: the same heuristics with card counting, and exact play once the stock is empty.
//! - [`Level::Hard`]: determinized search (flat Monte Carlo over worlds sampled from the observation and
//!   weighted by a belief about the other players' recent plays, network or Medium-policy playouts,
//!   exact alpha-beta near the end), deciding by win probability and points together at the match's
//!   stakes, under an anytime budget.
//!
//! The no-cheating guarantee is structural: [`Agent::choose`] receives an [`Observation`] and nothing
//! else, and nothing in this module holds a [`crate::Game`] that it did not sample itself from that
//! observation. Agents are seeded and deterministic for a given seed and an iteration budget; only
//! [`Budget::time_ms`] reads a clock, and only to stop searching early.
//!
//! Also here: [`bot`] (a JSON Lines loop so other programs can play against the agents), [`review`]
//! (every decision of a match rated against Hard's search), [`net`] (Hard's playout networks and
//! what training them needs), [`HardSearch`] (the choices that make up Hard's search) and
//! [`exact_card_values`] (the exact solver). The laboratory that measures and trains the levels
//! (arena, other people's AIs, training, speed benches) is the `briscola-lab` crate.
//!
//! Learned models: three small playout networks (two-player Briscola, Brisca, Bisca) ship in the
//! binary as fixed weights, trained offline by imitating Hard's own search (`net`). Deliberately
//! absent: learning while playing, opening books, and any state carried between hands.

mod auction;
mod belief;
pub mod bot;
mod easy;
mod hard;
mod heuristic;
mod hint;
mod medium;
pub mod net;
mod policy;
mod reason;
mod request;
pub mod review;
mod senas;
mod situation;
mod solver;
mod special;
mod tally;
#[cfg(test)]
mod test_deal;
mod transposition;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Action, Observation, Stakes};

pub use hard::{Budget, HardSearch};
pub use reason::HintReason;
pub use request::{AiRequest, HintRequest};
pub use solver::exact_card_values;

/// The strength of an agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Level {
    /// A beginner: sensible, forgetful, sometimes wrong.
    Easy,
    /// An attentive player who counts cards.
    Medium,
    /// Search over sampled worlds.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The id used on the command line and in the bot protocol.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown level name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: choose easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;
    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.id() == s)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

/// An agent's move and a one-sentence explanation of it (for the hint button).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// The action to take; always one of the observation's legal actions, or a seña it may make
    /// (`legal_senas`), after which the same seat decides again.
    pub action: Action,
    /// Why, as data (its `Display` is one short English sentence).
    pub hint: HintReason,
}

/// A player that decides from what one seat knows.
pub trait Agent {
    /// The level name.
    fn name(&self) -> &str;

    /// Chooses one of `obs.legal_actions`, or first a seña where one may be made (the seat is then
    /// asked again). The observation must be for the seat to move and have at least one legal
    /// action; otherwise the agent returns [`Action::Pass`] with a hint saying so.
    fn choose(&mut self, obs: &Observation) -> Decision;
}

/// How to build an agent: its level, its seed and (for Hard) its search budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentConfig {
    /// The level.
    pub level: Level,
    /// Seeds every random choice the agent makes.
    pub seed: u64,
    /// The search budget (used by Hard only).
    pub budget: Budget,
    /// What the hand is worth in its match ([`crate::Match::stakes`]); Hard decides by it, Medium's
    /// exact endgames too. Default: the hand is played for itself.
    pub stakes: Stakes,
}

impl AgentConfig {
    /// A level with a seed and the default budget.
    pub fn new(level: Level, seed: u64) -> AgentConfig {
        AgentConfig {
            level,
            seed,
            budget: Budget::default(),
            stakes: Stakes::SINGLE_HAND,
        }
    }
}

/// An agent of `level` seeded with `seed`, with the default budget.
///
/// ```
/// use briscola::ai::{self, Level};
/// use briscola::{Deal, Game, Phase, Preset, Ruleset};
///
/// let mut game = Game::new(Ruleset::preset(Preset::Briscola, 2)?, 0, &Deal::Seed(9))?;
/// let mut agents = [ai::agent(Level::Medium, 1), ai::agent(Level::Easy, 2)];
/// while game.phase() != Phase::Finished {
///     let seat = game.to_move();
///     let decision = agents[usize::from(seat)].choose(&game.observation(seat));
///     game.apply(decision.action)?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn agent(level: Level, seed: u64) -> Box<dyn Agent + Send> {
    agent_with(AgentConfig::new(level, seed))
}

/// An agent built from a full configuration.
pub fn agent_with(config: AgentConfig) -> Box<dyn Agent + Send> {
    match config.level {
        Level::Easy => Box::new(easy::Easy::new(config.seed)),
        Level::Medium => Box::new(medium::Medium::new(config.seed, config.stakes)),
        Level::Hard => Box::new(hard::Hard::new(config.seed, config.budget, config.stakes)),
    }
}

/// The action every level takes when the decision is not a card play (the chiamata auction and
/// call, mano negra, the trump exchange, nothing to do), or `None` when a card must be chosen.
pub fn special_action(obs: &Observation) -> Option<Action> {
    special::special(obs).map(|decision| decision.action)
}

/// The decision for an observation with nothing to do.
fn no_move() -> Decision {
    Decision {
        action: Action::Pass,
        hint: HintReason::NothingToDo,
    }
}

/// The decision to play `card`, explained; the first legal action when no card was chosen.
fn card_decision(
    obs: &Observation,
    s: &situation::Situation,
    card: Option<crate::Card>,
) -> Decision {
    match card {
        Some(card) => Decision {
            action: Action::Play(card),
            hint: hint::explain(s, card),
        },
        None => {
            let (action, hint) = fallback(obs);
            Decision { action, hint }
        }
    }
}

/// The first legal action, for positions no heuristic covers.
fn fallback(obs: &Observation) -> (Action, HintReason) {
    match obs.legal_actions.first() {
        Some(&action) => (action, HintReason::OnlyChoice { action }),
        None => (Action::Pass, HintReason::NothingToDo),
    }
}
