//! What the session gives persistence: the unfinished match ([`SavedMatch`], saved after every move and
//! restored by replaying its record) and the finished one ([`FinishedMatch`], for the history).

use briscola::ai::Level;
use briscola::{MatchOutcome, MatchRecord, MatchStanding, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::MatchSetup;

/// An unfinished match, enough to resume it exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SavedMatch {
    /// The setup.
    pub setup: MatchSetup,
    /// The match seed (deals and AI choices derive from it).
    #[ts(type = "number")]
    pub seed: u64,
    /// When the match started (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub started_ms: i64,
    /// Moves taken back so far.
    pub undos: u32,
    /// Every hand so far, replayable.
    pub record: MatchRecord,
}

/// How the match ended for you.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum YourResult {
    /// Your side won.
    Won,
    /// Another side won.
    Lost,
    /// Nobody won (a drawn single hand).
    Drawn,
    /// You resigned.
    Resigned,
}

/// A finished match: its record and the facts the history lists and filters by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FinishedMatch {
    /// The setup.
    pub setup: MatchSetup,
    /// Start and end (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub started_ms: i64,
    /// When it ended.
    #[ts(type = "number")]
    pub finished_ms: i64,
    /// The AI level of each opponent seat (1, 2, …).
    pub opponents: Vec<Level>,
    /// Card points of each side in each counted hand, your side first.
    pub hand_points: Vec<Vec<u16>>,
    /// The final standing.
    pub standing: MatchStanding,
    /// The outcome (absent when you resigned before the end).
    pub outcome: Option<MatchOutcome>,
    /// Your side's seats.
    pub your_side: Vec<Seat>,
    /// The result for you.
    pub result: YourResult,
    /// Moves taken back.
    pub undos: u32,
    /// The whole match, replayable.
    pub record: MatchRecord,
}
