//! Briscola's local persistence, shared by the desktop app and the `briscola` command line: the
//! data folder and where it is ([`data_dir`]), versioned JSON documents ([`document`]), the match
//! history ([`history`], [`summary`]) and stored reviews ([`reviews`]), all behind one entry point,
//! [`Store`] (see `docs/persistence.md`).
//!
//! The crate knows no Tauri and no user interface: problems found in stored files are worked
//! around without destroying anything and reported as typed [`StoreWarning`]s, which the app's UI
//! words. The app's preferences document is the caller's type ([`PreferencesDocument`]).
//! Every read is bounded: documents, log lines and whole logs have size caps, logs are read
//! incrementally, and only regular files are opened (never a link, folder, FIFO or device).
//!
//! Files named on a command line (records, arena runs, networks) are read through [`input`]: regular
//! files only, size-capped, errors as data.
//!
//! With the `ts` feature the types the app sends to its UI derive `ts_rs::TS`.
//!
//! Deliberately absent: caching across processes, deleting history, export/import, any network.

pub mod atomic;
pub mod data_dir;
pub mod disk;
pub mod document;
pub mod history;
pub mod input;
pub mod lines;
pub mod lock;
pub mod quarantine;
pub mod reviews;
pub mod stamp;
mod store;
pub mod summary;
pub mod warning;

pub use history::{HistoryEntry, HistoryListing};
pub use store::{PreferencesDocument, Store, StoreError, UNFINISHED_MATCH};
pub use summary::{HistoryPage, HistoryQuery, MatchSummary, Outcome};
pub use warning::{FolderProblem, StoreWarning, WarningKind};

#[cfg(test)]
mod power_loss;
#[cfg(test)]
mod review_tests;
#[cfg(test)]
mod sim_disk;
#[cfg(test)]
mod test_prefs;
#[cfg(test)]
mod tests;
