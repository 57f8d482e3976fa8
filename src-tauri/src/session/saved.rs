//! What the session gives persistence: the unfinished match ([`SavedMatch`], saved after every move and
//! restored by replaying its record) and the finished one ([`FinishedMatch`], for the history).

use briscola::{Match, MatchFormat, MatchOutcome, MatchRecord, MatchStanding, Ruleset, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{MatchSetup, YOU, hand_results, sides_yours_first};
use crate::history::{MatchSummary, Outcome, SeatPlayer};
use crate::store::HistoryEntry;

/// One finished hand: each side's card points and how it went for you.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct HandRecap {
    /// Card points per side, your side first (in chiamata: the declarers or the defenders).
    pub points: Vec<u16>,
    /// Your side's result in that hand.
    pub result: crate::history::Outcome,
}

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

impl SavedMatch {
    /// Refused unless the save resumes: a valid setup, a record of that setup and seed that
    /// replays to a match not over.
    pub fn check(&self) -> Result<(), super::SessionError> {
        let bad = |reason: String| super::SessionError::BadSave { reason };
        self.setup.validate().map_err(|e| bad(e.to_string()))?;
        let record = &self.record;
        if record.ruleset != self.setup.ruleset
            || record.format != self.setup.format
            || record.first_dealer != self.setup.first_dealer
            || record.seed != self.seed
        {
            return Err(bad("the record does not belong to the setup".to_string()));
        }
        let game =
            briscola::SeatedMatch::resume(record, self.seed).map_err(|e| bad(e.to_string()))?;
        if game.game().outcome().is_some() {
            return Err(bad("the match is over".to_string()));
        }
        Ok(())
    }
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

impl FinishedMatch {
    /// The history's entry for this match.
    pub fn entry(&self) -> HistoryEntry<MatchRecord> {
        let finished = self;
        let summary = MatchSummary {
            id: super::history_id(finished.record.seed, finished.started_ms),
            started_at_ms: finished.started_ms,
            // A saved start time can be anything (an edited file, a clock that jumped): the end is
            // never before the start, and the difference never overflows.
            finished_at_ms: finished.finished_ms.max(finished.started_ms),
            duration_ms: finished
                .finished_ms
                .checked_sub(finished.started_ms)
                .and_then(|ms| u64::try_from(ms).ok())
                .unwrap_or(0),
            ruleset: finished.ruleset,
            format: finished.format,
            seats: finished.seats.clone(),
            hand_scores: finished
                .hand_points
                .iter()
                .map(|hand| hand.iter().map(|&p| u32::from(p)).collect())
                .collect(),
            outcome: match finished.result {
                YourResult::Won => Outcome::Won,
                YourResult::Drawn => Outcome::Drawn,
                YourResult::Lost | YourResult::Resigned => Outcome::Lost,
            },
            resigned: finished.result == YourResult::Resigned,
            undos: finished.undos,
        };
        HistoryEntry {
            summary,
            record: finished.record.clone(),
        }
    }
}
