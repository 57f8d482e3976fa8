//! Briscola's local persistence, shared by the desktop app and the `briscola` command line: the
//! data folder and where it is ([`data_dir`]), one SQLite database in it ([`db`]) holding the
//! versioned documents ([`document`], [`documents`]: the preferences, the unfinished match and
//! the friends' table to go back to, [`kept_table`]), the match history ([`rows`], [`summary`])
//! and stored reviews, all behind one entry point, [`Store`] (see `docs/persistence.md`).
//!
//! The crate knows no Tauri and no user interface: problems found in stored data are worked
//! around without destroying anything and reported as typed [`StoreWarning`]s, which the app's UI
//! words. The app's preferences document is the caller's type ([`PreferencesDocument`]).
//! Every read is bounded: documents, summaries, records and reviews have size caps checked by SQL
//! before a value is loaded, and the history is read a page at a time.
//!
//! The files of earlier versions (JSON Lines history and reviews, JSON documents) are read only to
//! upgrade a data folder ([`legacy`], through [`history`], [`reviews`] and [`lines`]).
//!
//! Files named on a command line (records, arena runs, networks) are read through [`input`]: regular
//! files only, size-capped, errors as data.
//!
//! With the `ts` feature the types the app sends to its UI derive `ts_rs::TS`.
//!
//! Deliberately absent: caching across processes, import, any network.

pub mod archive;
pub mod data_dir;
pub mod db;
pub mod disk;
pub mod document;
pub mod documents;
pub mod history;
pub mod input;
pub mod kept_table;
pub mod legacy;
pub mod lines;
pub mod quarantine;
pub mod reviews;
pub mod rows;
mod salvage;
pub mod stamp;
mod store;
pub mod summary;
pub mod warning;

pub use history::HistoryEntry;
pub use kept_table::{KEPT_TABLE, KeptPlace, KeptTable};
pub use store::{
    MAX_MEMORY_MATCHES, NoPreferences, PreferencesDocument, Store, StoreError, UNFINISHED_MATCH,
};
pub use summary::{
    HistoryPage, HistoryQuery, HistoryStats, MatchSummary, Outcome, ReviewedRow, SeatPlayer,
};
pub use warning::{FolderProblem, StoreWarning, WarningKind};

#[cfg(test)]
mod kept_table_tests;
#[cfg(test)]
mod test_prefs;
#[cfg(test)]
mod tests;
