//! What the session gives persistence: the unfinished match ([`SavedMatch`], saved after every move and
//! restored by replaying its record) and the finished one ([`FinishedMatch`], for the history).

use briscola::{Match, MatchFormat, MatchOutcome, MatchRecord, MatchStanding, Ruleset, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{MatchSetup, YOU, hand_results, sides_yours_first};
use crate::history::SeatPlayer;

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

/// A finished match, seen from your seat (seat 0): its record and the facts the history lists and
/// filters by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct FinishedMatch {
    /// The complete rules.
    pub ruleset: Ruleset,
    /// How the match was decided.
    pub format: MatchFormat,
    /// Who played each seat, yours first.
    pub seats: Vec<SeatPlayer>,
    /// Start and end (milliseconds since the Unix epoch).
    #[ts(type = "number")]
    pub started_ms: i64,
    /// When it ended.
    #[ts(type = "number")]
    pub finished_ms: i64,
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

impl FinishedMatch {
    /// The finished match `game` (over, or resigned when `resigned`), seen from seat 0, with who
    /// played each seat.
    pub fn of(
        game: &Match,
        seats: Vec<SeatPlayer>,
        (started_ms, finished_ms): (i64, i64),
        resigned: bool,
        undos: u32,
    ) -> FinishedMatch {
        let record = game.record();
        let hand_points = hand_results(&record)
            .iter()
            .map(sides_yours_first)
            .collect();
        let standing = game.standing().clone();
        let side = standing
            .sides
            .iter()
            .position(|side| side.contains(&YOU))
            .unwrap_or(0);
        let outcome = game.outcome().cloned();
        let result = match (&outcome, resigned) {
            (_, true) => YourResult::Resigned,
            (Some(o), false) if o.is_won_by(side) => YourResult::Won,
            (Some(o), false) if o.is_draw() => YourResult::Drawn,
            _ => YourResult::Lost,
        };
        FinishedMatch {
            ruleset: record.ruleset,
            format: record.format,
            seats,
            started_ms,
            finished_ms,
            hand_points,
            your_side: standing.sides.get(side).cloned().unwrap_or_default(),
            standing,
            outcome,
            result,
            undos,
            record,
        }
    }
}
