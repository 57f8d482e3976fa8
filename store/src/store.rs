//! Local persistence that never loses data: preferences, the unfinished match and the match
//! history, all under one data folder (see `docs/persistence.md`).
//!
//! [`Store`] is the only entry point. It knows no Tauri types; the preferences document is the
//! caller's type ([`PreferencesDocument`]). Every operation that writes takes the data-folder
//! lock ([`lock`]), so several app instances can share a folder; opening never waits for it
//! for more than [`lock::OPEN_WAIT`] (a folder held by another process means running without
//! saving, with an `in-use` warning). Problems found in stored
//! files are worked around without destroying anything and collected as [`StoreWarning`]s.
//!
//! If the folder cannot be used at all, the store does not fail: it reports `not-saving` and
//! keeps this run's changes in memory. File access goes through [`disk::Disk`], so the
//! power-loss test can run the same code on a simulated disk.
//!
//! Deliberately absent: caching across processes (the index is re-checked on every use),
//! deleting history, export/import, and any network or cloud sync.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::disk::{Disk, RealDisk, TooLarge, WrongKind};
use crate::document::DocumentSpec;
use crate::history::{self, HistoryEntry, HistoryLog};
use crate::lock::{self, DirLock};
use crate::quarantine;
use crate::reviews::ReviewLog;
use crate::summary::MatchSummary;
use crate::warning::{FolderProblem, StoreWarning};

/// The caller's preferences document, loaded when the store opens and saved on request.
pub trait PreferencesDocument: Serialize + DeserializeOwned + Default + Clone + fmt::Debug {
    /// Its file name, version and migrations.
    const DOCUMENT: DocumentSpec;
    /// Puts fields the type cannot bound back in range, naming the fields it changed.
    fn repaired(self) -> (Self, Vec<&'static str>);
}

/// The unfinished match, saved after every action. Its content belongs to the session.
pub const UNFINISHED_MATCH: DocumentSpec = DocumentSpec {
    file_name: "unfinished-match.json",
    version: 1,
    migrations: &[],
};

/// A store operation that failed; nothing was changed unless the message says otherwise.
#[derive(Debug, thiserror::Error)]
#[error("{action} in {path}: {source}")]
pub struct StoreError {
    /// What was being done.
    pub action: &'static str,
    /// The file or folder concerned.
    pub path: PathBuf,
    /// The underlying error.
    pub source: io::Error,
}

impl StoreError {
    /// The kind of folder problem, for the `not-saving` warning.
    fn problem(&self) -> FolderProblem {
        if lock::Busy::of(&self.source).is_some() {
            return FolderProblem::InUse;
        }
        if TooLarge::of(&self.source).is_some() {
            return FolderProblem::TooLarge;
        }
        if let Some(wrong) = WrongKind::of(&self.source) {
            return if wrong.link {
                FolderProblem::Symlink
            } else {
                FolderProblem::WrongKind
            };
        }
        match self.source.kind() {
            io::ErrorKind::PermissionDenied
            | io::ErrorKind::ReadOnlyFilesystem
            | io::ErrorKind::StorageFull
            | io::ErrorKind::QuotaExceeded => FolderProblem::ReadOnly,
            io::ErrorKind::NotADirectory | io::ErrorKind::IsADirectory => FolderProblem::WrongKind,
            _ => FolderProblem::Other,
        }
    }
}

fn io_err(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StoreError {
    let path = path.to_path_buf();
    move |source| StoreError {
        action,
        path,
        source,
    }
}

/// The error for a review of a match the history does not hold.
fn no_such_match(id: &str, path: &Path) -> StoreError {
    io_err("storing a review", path)(io::Error::new(
        io::ErrorKind::NotFound,
        format!("no finished match {id}"),
    ))
}

/// The data folder and what was loaded from it.
#[derive(Debug)]
pub struct Store<P> {
    dir: PathBuf,
    disk: Arc<dyn Disk>,
    lock: DirLock,
    preferences: P,
    preferences_writable: bool,
    unfinished_writable: bool,
    history: HistoryLog,
    reviews: ReviewLog,
    /// Reviews kept in memory (with `unsaved`) when the data folder cannot be used.
    unsaved_reviews: Vec<(String, Value)>,
    /// `Some` when the data folder could not be used: nothing is read or written any more,
    /// and the matches finished in this run are kept here, in memory.
    unsaved: Option<Vec<HistoryEntry<Value>>>,
    warnings: Vec<StoreWarning>,
}

impl<P: PreferencesDocument> Store<P> {
    /// Opens (creating if needed) the data folder `dir` on the real file system.
    pub fn open(dir: impl Into<PathBuf>) -> Self {
        Self::open_on(Arc::new(RealDisk), dir)
    }

    /// Opens the data folder `dir` on `disk`: loads the preferences and checks the history,
    /// recording warnings for anything that had to be worked around. Never fails: if the
    /// folder cannot be used (read-only, a file where a folder should be, a symbolic link),
    /// the store keeps what it could read, reports `not-saving` and saves nothing in this run.
    pub fn open_on(disk: Arc<dyn Disk>, dir: impl Into<PathBuf>) -> Self {
        let mut store = Self::new(disk, dir.into());
        if let Err(error) = store.load() {
            store.stop_saving(&error);
        }
        store
    }

    /// A store that saves nothing because there is no data folder at all (`detail` says why).
    pub fn without_folder(detail: String) -> Self {
        let mut store = Self::new(Arc::new(RealDisk), PathBuf::new());
        store.unsaved = Some(Vec::new());
        store.warnings.push(StoreWarning::NotSaving {
            path: String::new(),
            problem: FolderProblem::Other,
            detail,
        });
        store
    }

    fn new(disk: Arc<dyn Disk>, dir: PathBuf) -> Self {
        Self {
            lock: DirLock::new(&dir),
            history: HistoryLog::new(&dir),
            reviews: ReviewLog::new(&dir),
            unsaved_reviews: Vec::new(),
            dir,
            disk,
            preferences: P::default(),
            preferences_writable: true,
            unfinished_writable: true,
            unsaved: None,
            warnings: Vec::new(),
        }
    }

    fn load(&mut self) -> Result<(), StoreError> {
        self.disk
            .create_dir_all(&self.dir)
            .map_err(io_err("creating the data folder", &self.dir))?;
        let _guard = self.lock_within(lock::OPEN_WAIT)?;
        self.probe_writable()?;
        let loaded = P::DOCUMENT
            .load::<P>(&*self.disk, &self.dir)
            .map_err(io_err("loading preferences", &P::DOCUMENT.path(&self.dir)))?
            .repaired(P::DOCUMENT.file_name, P::repaired);
        self.preferences = loaded.value.unwrap_or_default();
        self.preferences_writable = loaded.writable;
        self.warnings.extend(loaded.warnings);
        self.reconcile_history()?;
        self.reviews
            .repair::<serde::de::IgnoredAny>(&*self.disk, &mut self.warnings)
            .map_err(io_err("checking the reviews", self.reviews.path()))?;
        Ok(())
    }

    /// Creates and removes an empty file in the data folder: a folder that cannot be written
    /// (made read-only after the app last ran, a full disk) is found at start-up, not at the
    /// first save in the middle of a match.
    fn probe_writable(&self) -> Result<(), StoreError> {
        let probe = self
            .dir
            .join(format!(".write-probe-{}", std::process::id()));
        let result = self.disk.create_new(&probe, b"");
        if result.is_ok() {
            self.disk
                .remove(&probe)
                .map_err(io_err("removing the write probe", &probe))?;
        }
        result.map_err(io_err("writing in the data folder", &self.dir))
    }

    /// Switches to running without saving, with a warning saying why.
    fn stop_saving(&mut self, error: &StoreError) {
        if self.unsaved.is_none() {
            self.unsaved = Some(Vec::new());
            // The exact file or folder in the way, when the disk layer named it.
            let path = WrongKind::of(&error.source).map_or_else(
                || error.path.display().to_string(),
                |wrong| wrong.path.clone(),
            );
            self.warnings.push(StoreWarning::NotSaving {
                path,
                problem: error.problem(),
                detail: error.to_string(),
            });
        }
    }

    /// Whether changes are saved (false once the data folder turned out unusable).
    pub fn is_saving(&self) -> bool {
        self.unsaved.is_none()
    }

    /// Everything worked around since the store was opened, oldest first.
    pub fn warnings(&self) -> &[StoreWarning] {
        &self.warnings
    }

    /// The current preferences.
    pub fn preferences(&self) -> &P {
        &self.preferences
    }

    /// Replaces the preferences and saves them durably, unless the file on disk is from a
    /// newer app version or nothing is saved in this run (then they apply to this run only; a
    /// warning says so). Validation is the caller's job.
    pub fn set_preferences(&mut self, preferences: P) -> Result<(), StoreError> {
        if self.preferences_writable && self.is_saving() {
            let _guard = self.lock()?;
            P::DOCUMENT
                .save(&*self.disk, &self.dir, &preferences)
                .map_err(io_err("saving preferences", &P::DOCUMENT.path(&self.dir)))?;
        }
        self.preferences = preferences;
        Ok(())
    }

    /// Loads the unfinished match, if there is a usable one. A file that cannot even be
    /// opened (say, a folder in its place) switches the store to not saving.
    pub fn load_unfinished<T: DeserializeOwned + Serialize>(&mut self) -> Option<T> {
        if !self.is_saving() {
            return None;
        }
        let path = UNFINISHED_MATCH.path(&self.dir);
        let loaded = self.lock().and_then(|_guard| {
            UNFINISHED_MATCH
                .load(&*self.disk, &self.dir)
                .map_err(io_err("loading the unfinished match", &path))
        });
        match loaded {
            Ok(loaded) => {
                self.unfinished_writable = loaded.writable;
                self.warnings.extend(loaded.warnings);
                loaded.value
            }
            Err(error) => {
                self.stop_saving(&error);
                None
            }
        }
    }

    /// Saves the unfinished match durably (call after every action). Returns false, writing
    /// nothing, if the file on disk is from a newer app version or nothing is saved.
    pub fn save_unfinished<T: Serialize>(&mut self, game: &T) -> Result<bool, StoreError> {
        if !self.unfinished_writable || !self.is_saving() {
            return Ok(false);
        }
        let _guard = self.lock()?;
        UNFINISHED_MATCH
            .save(&*self.disk, &self.dir, game)
            .map_err(io_err("saving the unfinished match", &self.dir))?;
        Ok(true)
    }

    /// Moves an unfinished match that parses but cannot be resumed (say, its record no longer
    /// replays) aside, keeping its bytes, and reports it; a new match can then be saved. If it
    /// cannot be moved, the store stops saving rather than overwrite it.
    pub fn set_aside_unfinished(&mut self, reason: &str) {
        let path = UNFINISHED_MATCH.path(&self.dir);
        let moved = self.lock().and_then(|_guard| {
            quarantine::move_aside(&*self.disk, &path, "unresumable")
                .map_err(io_err("moving the unfinished match aside", &path))
        });
        match moved {
            Ok(moved) => {
                self.unfinished_writable = true;
                self.warnings.push(StoreWarning::Quarantined {
                    file: UNFINISHED_MATCH.file_name.into(),
                    moved_to: moved.display().to_string(),
                    detail: reason.into(),
                });
            }
            Err(error) => self.stop_saving(&error),
        }
    }

    /// Removes the unfinished match durably once it is finished (after it was added to the
    /// history) or abandoned.
    pub fn clear_unfinished(&mut self) -> Result<(), StoreError> {
        if !self.is_saving() {
            return Ok(());
        }
        let _guard = self.lock()?;
        UNFINISHED_MATCH
            .remove(&*self.disk, &self.dir)
            .map_err(io_err("removing the unfinished match", &self.dir))?;
        self.unfinished_writable = true;
        Ok(())
    }

    /// Adds a finished match to the history, returning once it is durable. Returns false if
    /// its id was already there.
    pub fn append_match<R: Serialize>(
        &mut self,
        entry: &HistoryEntry<R>,
    ) -> Result<bool, StoreError> {
        if let Some(memory) = &mut self.unsaved {
            if memory.iter().any(|m| m.summary.id == entry.summary.id) {
                return Ok(false);
            }
            let record = serde_json::to_value(&entry.record)
                .map_err(|e| io_err("keeping the match", &self.dir)(io::Error::other(e)))?;
            memory.push(HistoryEntry {
                summary: entry.summary.clone(),
                record,
            });
            return Ok(true);
        }
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        let added = self
            .history
            .append(&*self.disk, &known, std::slice::from_ref(entry))
            .map_err(io_err(
                "appending to the history",
                self.history.records_path(),
            ))?;
        Ok(added == 1)
    }

    /// The summaries of every readable finished match, in the order they were added.
    pub fn summaries(&mut self) -> Result<Vec<MatchSummary>, StoreError> {
        if let Some(memory) = &self.unsaved {
            return Ok(memory.iter().map(|m| m.summary.clone()).collect());
        }
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
        if let Some(memory) = &self.unsaved {
            let Some(found) = memory.iter().find(|m| m.summary.id == id) else {
                return Ok(None);
            };
            let record = serde_json::from_value(found.record.clone())
                .map_err(|e| io_err("reading the match", &self.dir)(io::Error::other(e)))?;
            return Ok(Some(HistoryEntry {
                summary: found.summary.clone(),
                record,
            }));
        }
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        self.history
            .read_entry(&*self.disk, &known, id)
            .map_err(io_err("reading the history", self.history.records_path()))
    }

    /// Stores the review of finished match `id` with it, returning once it is durable. Returns
    /// false, writing nothing, if the match already has one (a stored review is never
    /// replaced); a match that is not in the history is an error.
    pub fn append_review<R: Serialize + DeserializeOwned>(
        &mut self,
        id: &str,
        review: &R,
    ) -> Result<bool, StoreError> {
        if self.unsaved.is_some() {
            if self.history_entry::<Value>(id)?.is_none() {
                return Err(no_such_match(id, &self.dir));
            }
            if self.unsaved_reviews.iter().any(|(known, _)| known == id) {
                return Ok(false);
            }
            let value = serde_json::to_value(review)
                .map_err(|e| io_err("keeping the review", &self.dir)(io::Error::other(e)))?;
            self.unsaved_reviews.push((id.to_owned(), value));
            return Ok(true);
        }
        let _guard = self.lock()?;
        let known = self.reconcile_history()?;
        if !known.iter().any(|indexed| indexed.summary.id == id) {
            return Err(no_such_match(id, self.reviews.path()));
        }
        self.reviews
            .append(&*self.disk, &mut self.warnings, id, review)
            .map_err(io_err("appending to the reviews", self.reviews.path()))
    }

    /// The stored review of match `id`, if there is one.
    pub fn review<R: DeserializeOwned>(&mut self, id: &str) -> Result<Option<R>, StoreError> {
        if self.unsaved.is_some() {
            return self
                .unsaved_reviews
                .iter()
                .find(|(known, _)| known == id)
                .map(|(_, value)| {
                    serde_json::from_value(value.clone())
                        .map_err(|e| io_err("reading the review", &self.dir)(io::Error::other(e)))
                })
                .transpose();
        }
        let _guard = self.lock()?;
        self.reviews
            .read(&*self.disk, &mut self.warnings, id)
            .map_err(io_err("reading the reviews", self.reviews.path()))
    }

    /// Every stored review with its match id, oldest first.
    pub fn reviews<R: DeserializeOwned>(&mut self) -> Result<Vec<(String, R)>, StoreError> {
        if self.unsaved.is_some() {
            return self
                .unsaved_reviews
                .iter()
                .map(|(id, value)| {
                    serde_json::from_value(value.clone())
                        .map(|review| (id.clone(), review))
                        .map_err(|e| io_err("reading the reviews", &self.dir)(io::Error::other(e)))
                })
                .collect();
        }
        let _guard = self.lock()?;
        self.reviews
            .all(&*self.disk, &mut self.warnings)
            .map_err(io_err("reading the reviews", self.reviews.path()))
    }

    fn lock(&self) -> Result<lock::LockGuard, StoreError> {
        self.lock_within(lock::OPERATION_WAIT)
    }

    fn lock_within(&self, wait: std::time::Duration) -> Result<lock::LockGuard, StoreError> {
        self.lock
            .acquire(&self.disk, wait)
            .map_err(io_err("locking the data folder", &self.dir))
    }

    /// Must be called with the lock held.
    fn reconcile_history(&mut self) -> Result<Vec<history::Indexed>, StoreError> {
        self.history
            .reconcile(&*self.disk, &mut self.warnings)
            .map_err(io_err("checking the history", self.history.records_path()))
    }
}
