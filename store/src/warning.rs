//! Problems found in stored data that the app worked around without losing anything, kept
//! in a list the UI fetches (`store_warnings`) and shows to the user.
//!
//! A warning is data: an `id` (kebab-case) and typed, named parameters, which the UI words in
//! the player's language (`ui/src/lib/i18n/*.ts`, keys `warning.<id>`). The English
//! [`Display`](std::fmt::Display) is for logs and the command line only. Paths are strings.
//! `detail` parameters carry the technical cause (a parser or OS message, English) for the
//! curious; the sentence never depends on them.

use std::fmt;

use serde::Serialize;

/// What went wrong with the data folder as a whole, for [`StoreWarning::NotSaving`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum FolderProblem {
    /// The folder or a file in it may not be written (read-only, no permission, disk full).
    ReadOnly,
    /// Something else is where a store folder or file should be (a file named `history`, a
    /// folder named `preferences.json`).
    WrongKind,
    /// A store file is a symbolic link; links are never followed.
    Symlink,
    /// Another Briscola (or another program) holds the data folder's lock: close it and start
    /// Briscola again to save.
    InUse,
    /// A store file is larger than this version reads (`detail` says which and its limit).
    TooLarge,
    /// Any other failure of the file system.
    Other,
}

/// One problem, worked around.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "id", rename_all = "kebab-case")]
pub enum StoreWarning {
    /// The data folder cannot be used; the app runs without saving anything.
    NotSaving {
        /// The folder or file concerned.
        path: String,
        /// The kind of problem.
        problem: FolderProblem,
        /// The system's message.
        detail: String,
    },
    /// A document could not be read (bad JSON, wrong shape, too large); it was moved aside and
    /// defaults are used.
    Quarantined {
        /// The document's file name.
        file: String,
        /// Where its bytes are now.
        moved_to: String,
        /// Why it was unreadable.
        detail: String,
    },
    /// A document was written by a newer version of the app; it is left untouched, defaults
    /// are used and changes are not saved to it.
    FutureVersion {
        /// The document's file name.
        file: String,
        /// The version found.
        found: u32,
        /// The newest version this build reads.
        supported: u32,
    },
    /// A document was in an older format and was upgraded; the original is kept as a backup.
    Migrated {
        /// The document's file name.
        file: String,
        /// The old version.
        from: u32,
        /// The version it now has.
        to: u32,
        /// Where the original bytes are.
        backup: String,
    },
    /// Settings outside their allowed range were set back to defaults.
    Repaired {
        /// The document's file name.
        file: String,
        /// The fields that were changed.
        fields: Vec<String>,
    },
    /// The last line of a history log of an earlier version was cut short by a crash; it was left
    /// out of the upgrade and its bytes are in the kept log.
    TornLine {
        /// The side file.
        moved_to: String,
        /// How many bytes it holds.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        bytes: u64,
    },
    /// Lines of an earlier version's history log could not be read; they stay in its backup and
    /// are left out of the upgrade.
    UnreadableLines {
        /// How many.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        lines: u64,
        /// The byte offset of the first one in the log.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        first_at: u64,
    },
    /// Stored matches fail their checks on the way out (changed outside the app); they are kept
    /// and left out of the list.
    UnreadableMatches {
        /// How many were found (in the pages read so far).
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        matches: u64,
    },
    /// Match reviews of an earlier version's log could not be read; they stay in its backup and
    /// are not used.
    UnreadableReviews {
        /// How many lines.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        lines: u64,
        /// The byte offset of the first one in the review log.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        first_at: u64,
    },
}

/// The fieldless kind of a warning, for tests and callers that branch on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WarningKind {
    /// [`StoreWarning::NotSaving`].
    NotSaving,
    /// [`StoreWarning::Quarantined`].
    Quarantined,
    /// [`StoreWarning::FutureVersion`].
    FutureVersion,
    /// [`StoreWarning::Migrated`].
    Migrated,
    /// [`StoreWarning::Repaired`].
    Repaired,
    /// [`StoreWarning::TornLine`].
    TornLine,
    /// [`StoreWarning::UnreadableLines`].
    UnreadableLines,
    /// [`StoreWarning::UnreadableMatches`].
    UnreadableMatches,
    /// [`StoreWarning::UnreadableReviews`].
    UnreadableReviews,
}

impl StoreWarning {
    /// Which warning this is.
    pub fn kind(&self) -> WarningKind {
        match self {
            Self::NotSaving { .. } => WarningKind::NotSaving,
            Self::Quarantined { .. } => WarningKind::Quarantined,
            Self::FutureVersion { .. } => WarningKind::FutureVersion,
            Self::Migrated { .. } => WarningKind::Migrated,
            Self::Repaired { .. } => WarningKind::Repaired,
            Self::TornLine { .. } => WarningKind::TornLine,
            Self::UnreadableLines { .. } => WarningKind::UnreadableLines,
            Self::UnreadableMatches { .. } => WarningKind::UnreadableMatches,
            Self::UnreadableReviews { .. } => WarningKind::UnreadableReviews,
        }
    }
}

impl fmt::Display for StoreWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotSaving {
                path,
                problem,
                detail,
            } => write!(
                f,
                "The data folder cannot be used ({problem:?} at {path}: {detail}); nothing is saved in this run."
            ),
            Self::Quarantined {
                file,
                moved_to,
                detail,
            } => write!(
                f,
                "{file} could not be read ({detail}); it was moved to {moved_to} and defaults are used."
            ),
            Self::FutureVersion {
                file,
                found,
                supported,
            } => write!(
                f,
                "{file} was written by a newer version of Briscola (format {found}, this app reads up to {supported}); it is left untouched and changes are not saved."
            ),
            Self::Migrated {
                file,
                from,
                to,
                backup,
            } => write!(
                f,
                "{file} was upgraded from version {from} to {to}; the original is kept in {backup}."
            ),
            Self::Repaired { file, fields } => write!(
                f,
                "{file}: out-of-range settings were reset to their defaults: {}.",
                fields.join(", ")
            ),
            Self::TornLine { moved_to, bytes } => write!(
                f,
                "The last history entry was cut short (the app stopped while saving it); its {bytes} bytes were moved to {moved_to}."
            ),
            Self::UnreadableMatches { matches } => write!(
                f,
                "{matches} stored match(es) could not be read; they are kept and left out of the list."
            ),
            Self::UnreadableLines { lines, first_at } => write!(
                f,
                "{lines} history line(s) could not be read, the first at byte {first_at}; they are kept in the file and left out of the list."
            ),
            Self::UnreadableReviews { lines, first_at } => write!(
                f,
                "{lines} stored match review line(s) could not be read, the first at byte {first_at}; they are kept in the file and not used."
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_an_id_with_named_parameters() {
        let warning = StoreWarning::TornLine {
            moved_to: "/d/history/records.jsonl.torn-x".into(),
            bytes: 12,
        };
        assert_eq!(
            serde_json::to_value(&warning).unwrap(),
            serde_json::json!({"id": "torn-line", "moved_to": "/d/history/records.jsonl.torn-x", "bytes": 12})
        );
        let not_saving = StoreWarning::NotSaving {
            path: "/d".into(),
            problem: FolderProblem::ReadOnly,
            detail: "denied".into(),
        };
        assert_eq!(
            serde_json::to_value(&not_saving).unwrap()["problem"],
            "read-only"
        );
        assert!(not_saving.to_string().contains("nothing is saved"));
    }
}
