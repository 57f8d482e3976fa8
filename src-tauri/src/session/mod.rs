//! A match's setup and what persistence keeps of it, with no Tauri types: the New game form's
//! choice ([`NewGame`]) and the match it sets up ([`MatchSetup`]), the unfinished match as saved
//! ([`SavedMatch`]) and the finished one as the history keeps it ([`FinishedMatch`]), the replay of a
//! recorded match, and the presets the New game screen offers. The match itself is played at a table
//! (`briscola-table`, held in process for a match against the computer: `crate::seat`).
//!
//! Deliberately absent: files and clocks (the shell passes timestamps in and persists these values),
//! threads, and any access to the full game state from outside.

mod presets;
mod replay;
mod saved;
mod setup;

pub use presets::{EditError, PresetInfo, RulesetEdit, RulesetInfo, edit, presets};
pub use replay::{Replay, ReplayFrame, ReplayHand, replay, replay_hands};
pub use saved::{FinishedMatch, HandRecap, SavedMatch, YourResult};
pub use setup::{MatchSetup, NewGame};

use serde::Serialize;
use ts_rs::TS;

use briscola::{Deal, Game, HandOutcome, MatchRecord, RulesetError, Seat};

/// Your seat.
pub const YOU: Seat = 0;

/// Why a match could not be set up or resumed, as data (`{ "id": …, …params }`, see
/// [`crate::error`]) with an English `Display` for logs. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum SessionError {
    /// The rules cannot be played.
    #[error("bad setup: {reason}")]
    BadRules {
        /// Why.
        reason: RulesetError,
    },
    /// The match format cannot be played.
    #[error("{reason}")]
    BadMatch {
        /// Why.
        reason: briscola::MatchError,
    },
    /// One AI level per opponent is needed.
    #[error("bad setup: {players} players need {} opponents, not {opponents}", players - 1)]
    OpponentLevels {
        /// Players at the table.
        players: u8,
        /// Opponent levels given.
        opponents: u8,
    },
    /// The first dealer is not a seat at the table.
    #[error("bad setup: the first dealer must be a seat from 0 to {}", players - 1)]
    DealerSeat {
        /// Players at the table.
        players: u8,
    },
    /// A saved match that does not replay.
    #[error("the saved match cannot be resumed: {reason}")]
    BadSave {
        /// Why (English, for logs).
        #[serde(skip)]
        #[ts(skip)]
        reason: String,
    },
}

/// A finished match's id in the history: its deal seed and start time.
pub fn history_id(seed: u64, started_ms: i64) -> String {
    format!("{seed:016x}-{started_ms:x}")
}

/// The result of every finished hand of `record` that counted (void hands left out), in order.
pub(crate) fn hand_results(record: &MatchRecord) -> Vec<briscola::HandResult> {
    record
        .hands
        .iter()
        .filter_map(|hand| {
            let mut game =
                Game::new(record.ruleset, hand.dealer, &Deal::Order(hand.deal.clone())).ok()?;
            for &action in &hand.actions {
                game.apply(action).ok()?;
            }
            game.result().filter(|r| r.outcome != HandOutcome::Void)
        })
        .collect()
}

/// A hand's points by side: your side first, then the others in order.
pub(crate) fn sides_yours_first(result: &briscola::HandResult) -> Vec<u16> {
    let yours = result.side_of(YOU).unwrap_or(0);
    let mut points = vec![result.side_points[yours]];
    points.extend(
        result
            .side_points
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != yours)
            .map(|(_, &p)| p),
    );
    points
}

#[cfg(test)]
pub(crate) mod tests;
