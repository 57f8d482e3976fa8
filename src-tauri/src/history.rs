//! Match history as the UI sees it: the store crate's summary, query and page (see
//! `briscola_store::summary`).

pub use briscola_store::summary::{
    HistoryPage, HistoryQuery, HistoryStats, MatchSummary, Outcome, RatePoint, SeatPlayer, WonOf,
};

#[cfg(test)]
pub(crate) mod tests {
    pub(crate) use briscola_store::summary::examples::summary;
}
