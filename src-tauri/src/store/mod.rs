//! Local persistence that never loses data: preferences, the unfinished match and the match
//! history, all under one data folder (see `docs/persistence.md`).
//!
//! [`Store`] is the only entry point. It knows no Tauri types, so the CLI, tests and the
//! phase-2 `Session` can use it directly. Every operation that writes takes the data-folder
//! lock ([`lock`]), so several app instances can share a folder. Problems found in stored
//! files are worked around without destroying anything and collected as [`StoreWarning`]s.
//!
//! Deliberately absent: caching across processes (the index is re-checked on every use),
//! deleting history, and any network or cloud sync.

pub mod atomic;
pub mod document;
pub mod history;
pub mod lock;
pub mod quarantine;
pub mod stamp;
pub mod warning;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::history::MatchSummary;
use crate::preferences::{PREFERENCES, Preferences};
use document::DocumentSpec;
pub use history::{HistoryEntry, ImportError, ImportReport, RejectedLine};
use history::{HistoryLog, parse_import};
use lock::DirLock;
pub use warning::{StoreWarning, WarningKind};

/// The unfinished match, saved after every action. Its content belongs to the session.
pub const UNFINISHED_MATCH: DocumentSpec = DocumentSpec {
    file_name: "unfinished-match.json",
    version: 1,
    migrations: &[],
};

/// A store operation that failed; nothing was changed unless the message says otherwise.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file system refused an operation.
    #[error("{action} in {path}: {source}")]
    Io {
        /// What was being done.
        action: &'static str,
        /// The file or folder concerned.
        path: PathBuf,
        /// The underlying error.
        source: io::Error,
    },
    /// An imported file was refused as a whole.
    #[error("{0}")]
    Import(#[from] ImportError),
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |source| StoreError::Io {
        action,
        path,
        source,
    }
}

/// The data folder and what was loaded from it.
#[derive(Debug)]
pub struct Store {
    dir: PathBuf,
    lock: DirLock,
    preferences: Preferences,
    preferences_writable: bool,
    unfinished_writable: bool,
    history: HistoryLog,
    warnings: Vec<StoreWarning>,
}

impl Store {
    /// Opens (creating if needed) the data folder `dir`: loads the preferences and checks the
    /// history, recording warnings for anything that had to be worked around.
    pub fn open(dir: impl Into<PathBuf>) -> Result<Self, StoreError> {
        let dir = dir.into();
        fs::create_dir_all(&dir).map_err(io_err("creating the data folder", &dir))?;
        let mut store = Self {
            lock: DirLock::new(&dir),
            history: HistoryLog::new(&dir),
            dir,
            preferences: Preferences::default(),
            preferences_writable: true,
            unfinished_writable: true,
            warnings: Vec::new(),
        };
        let _guard = store.lock()?;
        let loaded = PREFERENCES
            .load::<Preferences>(&store.dir)
            .map_err(io_err("loading preferences", &PREFERENCES.path(&store.dir)))?;
        store.preferences = loaded.value.unwrap_or_default();
        store.preferences_writable = loaded.writable;
        store.warnings.extend(loaded.warnings);
        store.reconcile_history()?;
        Ok(store)
    }

    /// The data folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Everything worked around since the store was opened, oldest first.
    pub fn warnings(&self) -> &[StoreWarning] {
        &self.warnings
    }

    /// The current preferences.
    pub fn preferences(&self) -> &Preferences {
        &self.preferences
    }

    /// Replaces the preferences and saves them, unless the file on disk is from a newer app
    /// version (then they apply to this run only; a warning says so). Validation is the
    /// caller's job.
    pub fn set_preferences(&mut self, preferences: Preferences) -> Result<(), StoreError> {
        if self.preferences_writable {
            let _guard = self.lock()?;
            PREFERENCES
                .save(&self.dir, &preferences)
                .map_err(io_err("saving preferences", &PREFERENCES.path(&self.dir)))?;
        }
        self.preferences = preferences;
        Ok(())
    }

    /// Loads the unfinished match, if there is a usable one.
    pub fn load_unfinished<T: DeserializeOwned + Serialize>(
        &mut self,
    ) -> Result<Option<T>, StoreError> {
        let _guard = self.lock()?;
        let path = UNFINISHED_MATCH.path(&self.dir);
        let loaded = UNFINISHED_MATCH
            .load(&self.dir)
            .map_err(io_err("loading the unfinished match", &path))?;
        self.unfinished_writable = loaded.writable;
        self.warnings.extend(loaded.warnings);
        Ok(loaded.value)
    }

    /// Saves the unfinished match (call after every action). Returns false, writing nothing,
    /// if the file on disk is from a newer app version.
    pub fn save_unfinished<T: Serialize>(&mut self, game: &T) -> Result<bool, StoreError> {
        if !self.unfinished_writable {
            return Ok(false);
        }
        let _guard = self.lock()?;
        UNFINISHED_MATCH
            .save(&self.dir, game)
            .map_err(io_err("saving the unfinished match", &self.dir))?;
        Ok(true)
    }

    /// Moves an unfinished match that parses but cannot be resumed (say, its record no longer
    /// replays) aside, keeping its bytes, and reports it; a new match can then be saved.
    pub fn set_aside_unfinished(&mut self, reason: &str) -> Result<(), StoreError> {
        let _guard = self.lock()?;
        let path = UNFINISHED_MATCH.path(&self.dir);
        let moved = quarantine::move_aside(&path, "unresumable")
            .map_err(io_err("moving the unfinished match aside", &path))?;
        self.unfinished_writable = true;
        self.warnings.push(StoreWarning {
            kind: WarningKind::Quarantined,
            path: moved.display().to_string(),
            message: format!(
                "The unfinished match could not be resumed ({reason}); it was kept aside."
            ),
        });
        Ok(())
    }

    /// Removes the unfinished match once it is finished (after it was added to the history)
    /// or abandoned.
    pub fn clear_unfinished(&mut self) -> Result<(), StoreError> {
        let _guard = self.lock()?;
        UNFINISHED_MATCH
            .remove(&self.dir)
            .map_err(io_err("removing the unfinished match", &self.dir))?;
        self.unfinished_writable = true;
        Ok(())
    }

    /// Adds a finished match to the history. Returns false if its id was already there.
    pub fn append_match<R: Serialize>(
        &mut self,
        entry: &HistoryEntry<R>,
    ) -> Result<bool, StoreError> {
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        let added = self
            .history
            .append(&known, std::slice::from_ref(entry))
            .map_err(io_err(
                "appending to the history",
                self.history.records_path(),
            ))?;
        Ok(added == 1)
    }

    /// The summaries of every readable finished match, in the order they were added.
    pub fn summaries(&mut self) -> Result<Vec<MatchSummary>, StoreError> {
        let _guard = self.lock()?;
        Ok(self
            .reconcile_history()?
            .into_iter()
            .map(|indexed| indexed.summary)
            .collect())
    }

    /// The full entry of one finished match.
    pub fn history_entry<R: DeserializeOwned>(
        &mut self,
        id: &str,
    ) -> Result<Option<HistoryEntry<R>>, StoreError> {
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        self.history
            .read_entry(&known, id)
            .map_err(io_err("reading the history", self.history.records_path()))
    }

    /// Writes the whole readable history to `target`; returns how many matches.
    pub fn export_history(&mut self, target: &Path) -> Result<u32, StoreError> {
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        self.history
            .export(&known, target)
            .map_err(io_err("exporting the history", target))
    }

    /// Adds the matches of an exported file whose ids are new; every line is checked as a
    /// full entry with record type `R` first. A refused file changes nothing.
    pub fn import_history<R: DeserializeOwned + Serialize>(
        &mut self,
        source: &Path,
    ) -> Result<ImportReport, StoreError> {
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        let (entries, report) = parse_import::<R>(source, &known)?;
        self.history.append(&known, &entries).map_err(io_err(
            "appending to the history",
            self.history.records_path(),
        ))?;
        Ok(report)
    }

    fn lock(&self) -> Result<lock::LockGuard, StoreError> {
        self.lock
            .acquire()
            .map_err(io_err("locking the data folder", &self.dir))
    }

    /// Must be called with the lock held.
    fn reconcile_history(&mut self) -> Result<Vec<history::Indexed>, StoreError> {
        self.history
            .reconcile(&mut self.warnings)
            .map_err(io_err("checking the history", self.history.records_path()))
    }
}

#[cfg(test)]
mod tests;
