//! Match history as the UI sees it: the store crate's summary, query and page (see
//! `briscola_store::summary`).

pub use briscola_store::summary::{HistoryPage, HistoryQuery, MatchSummary, Outcome};

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use briscola::ai::Level;
    use briscola::{MatchFormat, Preset, Ruleset};

    /// A summary for tests: match `n`, finished at `n` seconds, two players.
    pub(crate) fn summary(n: i64, preset: Preset, level: Level, outcome: Outcome) -> MatchSummary {
        let ruleset = Ruleset::preset(preset, 2).unwrap();
        MatchSummary {
            id: format!("m{n}"),
            started_at_ms: n * 1000 - 500,
            finished_at_ms: n * 1000,
            duration_ms: 500,
            format: MatchFormat::usual(&ruleset),
            ruleset,
            opponents: vec![level],
            hand_scores: vec![vec![61, 59]],
            outcome,
            resigned: false,
            undos: 0,
        }
    }
}
