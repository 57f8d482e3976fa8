//! Problems found in stored data that the app worked around without losing anything, kept
//! in a list the UI fetches (`store_warnings`) and shows to the user.

use serde::Serialize;
use ts_rs::TS;

/// What happened to a stored file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum WarningKind {
    /// The file could not be parsed; it was renamed aside and defaults are used.
    Quarantined,
    /// The file was written by a newer version of the app; it is left untouched, defaults are
    /// used and changes are not saved to it.
    FutureVersion,
    /// The file was in an older format and was upgraded; the original is kept as a backup.
    Migrated,
    /// The last history line was cut short by a crash; its bytes were moved to a side file.
    TornLine,
    /// A history line could not be read; it stays in the log and is left out of listings.
    UnreadableLine,
}

/// One problem, with the file concerned.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct StoreWarning {
    /// What happened.
    pub kind: WarningKind,
    /// The file concerned (for `quarantined` and `torn_line`, where its content now is).
    pub path: String,
    /// A sentence for the user.
    pub message: String,
}
