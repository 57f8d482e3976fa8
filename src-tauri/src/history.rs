//! Match history as the UI sees it: the summary stored with every finished match, and the
//! query (filters + page) that `list_history` answers, newest match first.
//!
//! The replayable record stored beside each summary is opaque here (see
//! [`crate::state::MatchRecord`]); phase 2 gives it the engine's type.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The human's result in a finished match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The human (or the human's team) won.
    Won,
    /// The human lost, including by resigning.
    Lost,
    /// Neither side won.
    Drawn,
}

/// A computer opponent and its strength.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Opponent {
    /// Display name.
    pub name: String,
    /// AI level identifier (e.g. `"easy"`).
    pub level: String,
}

/// What the history list shows about one finished match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct MatchSummary {
    /// Unique match id; the key for duplicates on import.
    pub id: String,
    /// Start, in milliseconds since the Unix epoch (UTC).
    #[ts(type = "number")]
    pub started_at_ms: i64,
    /// End, in milliseconds since the Unix epoch (UTC).
    #[ts(type = "number")]
    pub finished_at_ms: i64,
    /// From start to end, in milliseconds.
    #[ts(type = "number")]
    pub duration_ms: u64,
    /// Ruleset identifier.
    pub ruleset: String,
    /// The computer opponents.
    pub opponents: Vec<Opponent>,
    /// Points per hand, one entry per side, human's side first.
    pub hand_scores: Vec<Vec<u32>>,
    /// The human's result.
    pub outcome: Outcome,
    /// Whether the human resigned.
    pub resigned: bool,
    /// Moves the human took back (absent in entries written before undo was recorded).
    #[serde(default)]
    pub undos: u32,
}

impl MatchSummary {
    /// Checks what the type cannot: a usable id and a sane time span.
    pub fn validate(&self) -> Result<(), String> {
        if self.id.trim().is_empty() || self.id.len() > 128 {
            return Err("match id must be 1 to 128 characters".into());
        }
        if self.finished_at_ms < self.started_at_ms {
            return Err("match finishes before it starts".into());
        }
        Ok(())
    }
}

/// Filters and page for `list_history`. Absent filters match everything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(default)]
pub struct HistoryQuery {
    /// Only this ruleset.
    #[ts(optional)]
    pub ruleset: Option<String>,
    /// Only matches with an opponent at this level.
    #[ts(optional)]
    pub level: Option<String>,
    /// Only this result.
    #[ts(optional)]
    pub outcome: Option<Outcome>,
    /// Only matches finished at or after this time (ms since the epoch).
    #[ts(optional, type = "number")]
    pub from_ms: Option<i64>,
    /// Only matches finished before this time (ms since the epoch).
    #[ts(optional, type = "number")]
    pub to_ms: Option<i64>,
    /// Matches to skip, newest first.
    pub offset: u32,
    /// Page size, 1 to [`HistoryQuery::MAX_LIMIT`].
    pub limit: u32,
}

impl Default for HistoryQuery {
    fn default() -> Self {
        Self {
            ruleset: None,
            level: None,
            outcome: None,
            from_ms: None,
            to_ms: None,
            offset: 0,
            limit: 50,
        }
    }
}

/// One page of matching summaries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct HistoryPage {
    /// How many matches pass the filters in all.
    pub total: u32,
    /// The offset this page starts at.
    pub offset: u32,
    /// At most `limit` summaries, newest first.
    pub items: Vec<MatchSummary>,
}

impl HistoryQuery {
    /// The largest page served at once.
    pub const MAX_LIMIT: u32 = 500;

    /// Rejects pages that make no sense.
    pub fn validate(&self) -> Result<(), String> {
        if self.limit == 0 || self.limit > Self::MAX_LIMIT {
            return Err(format!("limit must be 1 to {}", Self::MAX_LIMIT));
        }
        if let (Some(from), Some(to)) = (self.from_ms, self.to_ms)
            && from > to
        {
            return Err("from_ms is after to_ms".into());
        }
        Ok(())
    }

    fn matches(&self, summary: &MatchSummary) -> bool {
        self.ruleset.as_ref().is_none_or(|r| *r == summary.ruleset)
            && self
                .level
                .as_ref()
                .is_none_or(|l| summary.opponents.iter().any(|o| o.level == *l))
            && self.outcome.is_none_or(|o| o == summary.outcome)
            && self.from_ms.is_none_or(|t| summary.finished_at_ms >= t)
            && self.to_ms.is_none_or(|t| summary.finished_at_ms < t)
    }

    /// Filters, sorts newest first (ties by id) and cuts the page.
    pub fn apply(&self, summaries: Vec<MatchSummary>) -> HistoryPage {
        let mut selected: Vec<MatchSummary> =
            summaries.into_iter().filter(|s| self.matches(s)).collect();
        selected.sort_unstable_by(|a, b| {
            b.finished_at_ms
                .cmp(&a.finished_at_ms)
                .then_with(|| a.id.cmp(&b.id))
        });
        let total = u32::try_from(selected.len()).unwrap_or(u32::MAX);
        let start = usize::try_from(self.offset)
            .unwrap_or(usize::MAX)
            .min(selected.len());
        let end = start
            .saturating_add(usize::try_from(self.limit).unwrap_or(usize::MAX))
            .min(selected.len());
        HistoryPage {
            total,
            offset: self.offset,
            items: selected.drain(start..end).collect(),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A summary for tests: match `n`, finished at `n` seconds.
    pub(crate) fn summary(n: i64, ruleset: &str, level: &str, outcome: Outcome) -> MatchSummary {
        MatchSummary {
            id: format!("m{n}"),
            started_at_ms: n * 1000 - 500,
            finished_at_ms: n * 1000,
            duration_ms: 500,
            ruleset: ruleset.into(),
            opponents: vec![Opponent {
                name: "Cpu".into(),
                level: level.into(),
            }],
            hand_scores: vec![vec![61, 59]],
            outcome,
            resigned: false,
            undos: 0,
        }
    }

    fn sample() -> Vec<MatchSummary> {
        (1..=10)
            .map(|n| {
                let ruleset = if n % 2 == 0 { "classic" } else { "chiamata" };
                let level = if n <= 5 { "easy" } else { "hard" };
                let outcome = if n % 3 == 0 {
                    Outcome::Won
                } else {
                    Outcome::Lost
                };
                summary(n, ruleset, level, outcome)
            })
            .collect()
    }

    fn ids(page: &HistoryPage) -> Vec<&str> {
        page.items.iter().map(|s| s.id.as_str()).collect()
    }

    #[test]
    fn pages_newest_first() {
        let query = HistoryQuery {
            offset: 2,
            limit: 3,
            ..HistoryQuery::default()
        };
        let page = query.apply(sample());
        assert_eq!(page.total, 10);
        assert_eq!(ids(&page), ["m8", "m7", "m6"]);
        let past_end = HistoryQuery {
            offset: 50,
            ..HistoryQuery::default()
        };
        assert!(past_end.apply(sample()).items.is_empty());
    }

    #[test]
    fn filters_combine() {
        let query = HistoryQuery {
            ruleset: Some("classic".into()),
            level: Some("hard".into()),
            outcome: Some(Outcome::Lost),
            from_ms: Some(7000),
            to_ms: Some(10_000),
            ..HistoryQuery::default()
        };
        assert_eq!(ids(&query.apply(sample())), ["m8"]);
    }

    #[test]
    fn rejects_bad_pages_and_summaries() {
        let zero = HistoryQuery {
            limit: 0,
            ..HistoryQuery::default()
        };
        assert!(zero.validate().is_err());
        let reversed = HistoryQuery {
            from_ms: Some(5),
            to_ms: Some(4),
            ..HistoryQuery::default()
        };
        assert!(reversed.validate().is_err());
        assert!(HistoryQuery::default().validate().is_ok());
        let mut bad = summary(1, "classic", "easy", Outcome::Won);
        bad.id = " ".into();
        assert!(bad.validate().is_err());
        bad.id = "ok".into();
        bad.finished_at_ms = bad.started_at_ms - 1;
        assert!(bad.validate().is_err());
    }
}
