//! Local persistence that never loses data: preferences, the unfinished match, the match history
//! and its reviews, in one SQLite database in the data folder (see `docs/persistence.md`).
//!
//! [`Store`] is the only entry point. It knows no Tauri types; the preferences document is the
//! caller's type ([`PreferencesDocument`]). Several processes (the app, the command line, the
//! lab) share the database: SQLite's locks and write-ahead log keep them apart, and a statement
//! waits at most [`db::BUSY_WAIT`] for another's lock.
//!
//! **The disk never stops play.** When the database cannot be written — held by another process,
//! a read-only folder, a full disk, a database file that is something else — the store says so
//! (`not-saving`, with the kind of problem) and keeps what it was given in memory: the
//! unfinished match, the finished matches (at most [`MAX_MEMORY_MATCHES`], the oldest dropped
//! past that) and their reviews. Every later change first tries to write what is waiting; once
//! everything is written the `not-saving` warning is withdrawn. Values refused for what they are
//! (a summary that fails its checks, a record over its cap) are errors and change nothing.
//!
//! A database file found damaged (not a database, a corrupt page) is moved aside with its
//! write-ahead log, the rows that can still be read are copied into a new one, and a
//! `quarantined` warning names the old file.
//!
//! Deliberately absent: caching across processes, editing stored matches, any network.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::db::{self, DATABASE_FILE, io_error};
use crate::disk::{Disk, RealDisk, TooLarge, WrongKind};
use crate::document::{Decoded, DocumentSpec};
use crate::history::HistoryEntry;
use crate::kept_table::{KEPT_TABLE, KeptTable};
use crate::summary::{HistoryPage, HistoryQuery};
use crate::warning::{FolderProblem, StoreWarning};
use crate::{archive, documents, legacy, quarantine, rows};

/// The caller's preferences document, loaded when the store opens and saved on request.
pub trait PreferencesDocument: Serialize + DeserializeOwned + Default + Clone + fmt::Debug {
    /// Its name, version and migrations (the name is also the file of earlier versions).
    const DOCUMENT: DocumentSpec;
    /// False for a user of the store that has no preferences of its own (the command line, the
    /// lab): the stored preferences are then neither read nor written, whatever their version.
    const KEPT: bool = true;
    /// Puts fields the type cannot bound back in range, naming the fields it changed.
    fn repaired(self) -> (Self, Vec<&'static str>);
}

/// The preferences of a user of the store that has none of its own (the command line, the lab):
/// the stored preferences are never read or written through it.
#[derive(Debug, Clone, Default, serde::Deserialize, Serialize)]
pub struct NoPreferences {}

impl PreferencesDocument for NoPreferences {
    const DOCUMENT: DocumentSpec = DocumentSpec {
        file_name: "preferences.json",
        version: 0,
        migrations: &[],
    };
    const KEPT: bool = false;

    fn repaired(self) -> (Self, Vec<&'static str>) {
        (self, Vec::new())
    }
}

/// The unfinished match, saved after every action. Its content belongs to the session.
pub const UNFINISHED_MATCH: DocumentSpec = DocumentSpec {
    file_name: "unfinished-match.json",
    version: 1,
    migrations: &[],
};

/// Most finished matches kept in memory while nothing can be written; past it the oldest is
/// dropped, so memory stays bounded whatever a run brings.
pub const MAX_MEMORY_MATCHES: usize = 200;

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
            io::ErrorKind::ResourceBusy => FolderProblem::InUse,
            io::ErrorKind::PermissionDenied
            | io::ErrorKind::ReadOnlyFilesystem
            | io::ErrorKind::StorageFull
            | io::ErrorKind::QuotaExceeded => FolderProblem::ReadOnly,
            io::ErrorKind::NotADirectory | io::ErrorKind::IsADirectory => FolderProblem::WrongKind,
            _ => FolderProblem::Other,
        }
    }

    /// Whether the value itself was refused (bad content, over its cap), as opposed to the disk
    /// refusing to store it.
    fn refused_value(&self) -> bool {
        TooLarge::of(&self.source).is_some() || self.source.kind() == io::ErrorKind::InvalidInput
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

/// What was accepted while the database could not be written, waiting to be.
#[derive(Debug, Default)]
struct Waiting {
    /// Finished matches, oldest first.
    matches: Vec<HistoryEntry<Value>>,
    /// Reviews of matches (stored or waiting): the match id, the review and its digest.
    reviews: Vec<(String, Value, Value)>,
    /// A save (`Some`) or a removal (`None`) of the unfinished match.
    unfinished: Option<Option<Value>>,
    /// A save (`Some`) or a removal (`None`) of the kept table.
    kept: Option<Option<Value>>,
    /// Whether the preferences wait to be saved.
    preferences: bool,
}

impl Waiting {
    fn is_empty(&self) -> bool {
        self.matches.is_empty()
            && self.reviews.is_empty()
            && self.unfinished.is_none()
            && self.kept.is_none()
            && !self.preferences
    }
}

/// The data folder and what was loaded from it.
#[derive(Debug)]
pub struct Store<P> {
    dir: PathBuf,
    /// The open database, `None` while it cannot be opened (or there is no folder at all).
    conn: Option<Connection>,
    /// False when there is no data folder at all: nothing is ever tried.
    has_folder: bool,
    preferences: P,
    preferences_writable: bool,
    unfinished_writable: bool,
    kept_writable: bool,
    waiting: Waiting,
    warnings: Vec<StoreWarning>,
    caps: rows::Caps,
}

impl<P: PreferencesDocument> Store<P> {
    /// Opens (creating if needed) the data folder `dir` and its database, upgrading the files of
    /// earlier versions on the first open. Never fails: if the database cannot be used, the store
    /// keeps what it could read, reports `not-saving` and keeps this run's changes in memory.
    pub fn open(dir: impl Into<PathBuf>) -> Self {
        let mut store = Self::new(dir.into(), true);
        match store.connect(db::BUSY_WAIT) {
            Ok(()) => store.load(),
            Err(error) => store.stop_saving(&error),
        }
        store
    }

    /// A store that saves nothing because there is no data folder at all (`detail` says why).
    pub fn without_folder(detail: String) -> Self {
        let mut store = Self::new(PathBuf::new(), false);
        store.warnings.push(StoreWarning::NotSaving {
            path: String::new(),
            problem: FolderProblem::Other,
            detail,
        });
        store
    }

    fn new(dir: PathBuf, has_folder: bool) -> Self {
        Self {
            dir,
            conn: None,
            has_folder,
            preferences: P::default(),
            preferences_writable: true,
            unfinished_writable: true,
            kept_writable: true,
            waiting: Waiting::default(),
            warnings: Vec::new(),
            caps: rows::Caps::default(),
        }
    }

    /// The same store with other caps on the live history (tests of archiving).
    #[cfg(test)]
    pub(crate) fn with_caps(mut self, caps: rows::Caps) -> Self {
        self.caps = caps;
        self
    }

    /// The open connection (tests that make the disk refuse).
    #[cfg(test)]
    pub(crate) fn connection(&self) -> Option<&Connection> {
        self.conn.as_ref()
    }

    /// The database file.
    pub fn database_path(&self) -> PathBuf {
        self.dir.join(DATABASE_FILE)
    }

    /// Opens the database (quarantining a damaged one), upgrades old files and checks that it
    /// can be written.
    fn connect(&mut self, busy: Duration) -> Result<(), StoreError> {
        let path = self.database_path();
        RealDisk
            .create_dir_all(&self.dir)
            .map_err(io_err("creating the data folder", &self.dir))?;
        // A link or a folder in the database's place is refused, never followed or replaced; a
        // new database is created private to the user (SQLite gives its logs the same mode).
        if RealDisk
            .file_len(&path)
            .map_err(io_err("opening the database", &path))?
            .is_none()
        {
            RealDisk
                .create_new(&path, b"")
                .map_err(io_err("creating the database", &path))?;
        }
        let mut conn = match db::open(&path, busy) {
            Err(error) if db::is_corrupt(&error) => self
                .recover(&path, busy)
                .map_err(io_err("opening the database", &path))?,
            opened => opened.map_err(io_err("opening the database", &path))?,
        };
        legacy::upgrade(
            &mut conn,
            &self.dir,
            &[P::DOCUMENT, UNFINISHED_MATCH],
            &mut self.warnings,
        )
        .map_err(io_err("upgrading the data folder", &self.dir))?;
        // A write at every open: a folder made read-only, a full disk or a database held since
        // the last run is found now, not at the first save in the middle of a match. The
        // connection is kept for reading even when it fails.
        let probe = conn.execute(
            "INSERT INTO meta (key, value) VALUES ('opened_ms', ?1) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [crate::stamp::now_ms()],
        );
        self.conn = Some(conn);
        probe
            .map(drop)
            .map_err(io_error)
            .map_err(io_err("writing the database", &path))
    }

    /// Moves a damaged database (and its write-ahead log) aside and opens a new one holding the
    /// rows that could still be read.
    fn recover(&mut self, path: &Path, busy: Duration) -> io::Result<Connection> {
        let moved = quarantine::move_aside(&RealDisk, path, "corrupt")?;
        for suffix in ["-wal", "-shm"] {
            let side = PathBuf::from(format!("{}{suffix}", path.display()));
            if RealDisk.exists(&side) {
                let to = PathBuf::from(format!("{}{suffix}", moved.display()));
                RealDisk.rename(&side, &to)?;
            }
        }
        let conn = db::open(path, busy)?;
        let kept = crate::salvage::copy_rows(&conn, &moved);
        self.warnings.push(StoreWarning::Quarantined {
            file: DATABASE_FILE.into(),
            moved_to: moved.display().to_string(),
            detail: format!("damaged; {kept} readable rows copied into a new database"),
        });
        Ok(conn)
    }

    /// Loads the documents, recording what was worked around.
    fn load(&mut self) {
        if !P::KEPT {
            self.preferences_writable = false;
            return;
        }
        match self.read_document::<P>(&P::DOCUMENT) {
            Ok((value, writable)) => {
                let value = value.map(|value| {
                    let (value, fields) = value.repaired();
                    if !fields.is_empty() {
                        self.warnings.push(StoreWarning::Repaired {
                            file: P::DOCUMENT.file_name.into(),
                            fields: fields.into_iter().map(String::from).collect(),
                        });
                    }
                    value
                });
                self.preferences = value.unwrap_or_default();
                self.preferences_writable = writable;
            }
            Err(error) => self.stop_saving(&error),
        }
    }

    /// Reads a document row through its migrations. An unreadable row is moved into the
    /// `quarantined` warning's detail (kept in the database under `<name>.corrupt`) and the
    /// default is used; a newer one is left alone (not writable).
    fn read_document<T: DeserializeOwned + Serialize>(
        &mut self,
        spec: &DocumentSpec,
    ) -> Result<(Option<T>, bool), StoreError> {
        let path = self.database_path();
        let Some(conn) = &self.conn else {
            return Ok((None, true));
        };
        let bytes = match documents::get(conn, spec.file_name) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::InvalidData => {
                self.set_aside_document(spec, "corrupt", &error.to_string());
                return Ok((None, true));
            }
            Err(error) => return Err(io_err("reading the database", &path)(error)),
        };
        let Some(bytes) = bytes else {
            return Ok((None, true));
        };
        match spec.decode::<T>(&bytes) {
            Decoded::Current(value) => Ok((Some(value), true)),
            Decoded::Migrated { value, from } => {
                // The upgraded document replaces the row; the old one is kept under another name.
                let backup = format!(
                    "{}.v{from}-backup-{}",
                    spec.file_name,
                    crate::stamp::utc_stamp(crate::stamp::now_ms())
                );
                let data = serde_json::to_value(&value).map_err(io::Error::other);
                let saved = data.and_then(|data| {
                    conn.execute(
                        "UPDATE OR REPLACE documents SET name = ?2 WHERE name = ?1",
                        [spec.file_name, backup.as_str()],
                    )
                    .map_err(io_error)?;
                    documents::put(conn, spec.file_name, spec.version, &data)
                });
                if let Err(error) = saved {
                    self.stop_saving(&io_err("upgrading a document", &path)(error));
                }
                self.warnings.push(StoreWarning::Migrated {
                    file: spec.file_name.into(),
                    from,
                    to: spec.version,
                    backup: format!("{}#documents/{backup}", path.display()),
                });
                Ok((Some(value), true))
            }
            Decoded::Future(found) => {
                self.warnings.push(StoreWarning::FutureVersion {
                    file: spec.file_name.into(),
                    found,
                    supported: spec.version,
                });
                Ok((None, false))
            }
            Decoded::Unreadable(detail) => {
                self.set_aside_document(spec, "corrupt", &detail);
                Ok((None, true))
            }
        }
    }

    /// Renames a document row that cannot be used to `<name>.<label>-<UTC>` (kept, never
    /// overwritten) and reports it.
    fn set_aside_document(&mut self, spec: &DocumentSpec, label: &str, detail: &str) {
        let aside = format!(
            "{}.{label}-{}",
            spec.file_name,
            crate::stamp::utc_stamp(crate::stamp::now_ms())
        );
        let moved = self.conn.as_ref().map(|conn| {
            conn.execute(
                "UPDATE OR REPLACE documents SET name = ?2 WHERE name = ?1",
                [spec.file_name, aside.as_str()],
            )
        });
        match moved {
            Some(Ok(_)) => self.warnings.push(StoreWarning::Quarantined {
                file: spec.file_name.into(),
                moved_to: format!("{}#documents/{aside}", self.database_path().display()),
                detail: detail.into(),
            }),
            Some(Err(error)) => {
                let error =
                    io_err("setting a document aside", &self.database_path())(io_error(error));
                self.stop_saving(&error);
            }
            None => {}
        }
    }

    /// Reports that changes are kept in memory, with the problem that stopped them. Until a write
    /// succeeds again, statements do not wait for another process's lock: each change is kept in
    /// memory at once instead of waiting [`db::BUSY_WAIT`] every time.
    fn stop_saving(&mut self, error: &StoreError) {
        if let Some(conn) = &self.conn {
            let _ = conn.busy_timeout(Duration::ZERO);
        }
        let path = WrongKind::of(&error.source).map_or_else(
            || error.path.display().to_string(),
            |wrong| wrong.path.clone(),
        );
        let warning = StoreWarning::NotSaving {
            path,
            problem: error.problem(),
            detail: error.to_string(),
        };
        match self
            .warnings
            .iter_mut()
            .find(|w| matches!(w, StoreWarning::NotSaving { .. }))
        {
            Some(known) => *known = warning,
            None => self.warnings.push(warning),
        }
    }

    /// Whether the database is open: false when it could not be opened at all (a folder in its
    /// place, a newer schema, old files that could not be upgraded…), so nothing stored can be
    /// read in this run.
    pub fn is_open(&self) -> bool {
        self.conn.is_some()
    }

    /// Whether changes are being saved (false while they are kept in memory).
    pub fn is_saving(&self) -> bool {
        !self
            .warnings
            .iter()
            .any(|w| matches!(w, StoreWarning::NotSaving { .. }))
    }

    /// Everything worked around since the store was opened, oldest first; a `not-saving` warning
    /// is withdrawn once what waited in memory was written.
    pub fn warnings(&self) -> &[StoreWarning] {
        &self.warnings
    }

    /// The current preferences.
    pub fn preferences(&self) -> &P {
        &self.preferences
    }

    /// Runs `write` on the database after writing whatever waits in memory. `Ok(None)` when the
    /// disk refused (then the caller keeps its change in memory; `not-saving` says why); an error
    /// when the value itself was refused.
    fn write<T>(
        &mut self,
        action: &'static str,
        mut write: impl FnMut(&mut Connection, &Path, rows::Caps) -> io::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        if !self.catch_up() {
            return Ok(None);
        }
        let path = self.database_path();
        let mut result = match self.conn.as_mut() {
            Some(conn) => write(conn, &self.dir, self.caps),
            None => return Ok(None),
        };
        if result.as_ref().is_err_and(db::is_corrupt) && self.recover_now() {
            result = match self.conn.as_mut() {
                Some(conn) => write(conn, &self.dir, self.caps),
                None => return Ok(None),
            };
        }
        match result.map_err(io_err(action, &path)) {
            Ok(value) => {
                if let Some(conn) = &self.conn {
                    let _ = conn.busy_timeout(db::BUSY_WAIT);
                }
                Ok(Some(value))
            }
            Err(error) if error.refused_value() => Err(error),
            Err(error) => {
                self.refused(&error);
                Ok(None)
            }
        }
    }

    /// Runs `read` on the database (`None` when there is none); a damaged database is set aside
    /// and its readable rows kept before the read is tried again.
    fn read<T>(
        &mut self,
        action: &'static str,
        read: impl Fn(&Connection) -> io::Result<T>,
    ) -> Result<Option<T>, StoreError> {
        let path = self.database_path();
        if self.conn.is_none() && self.has_folder {
            // Closed after a refused write: reopened for reading (its failure is already said).
            let _ = self.connect(Duration::ZERO);
        }
        let Some(conn) = &self.conn else {
            return Ok(None);
        };
        let mut result = read(conn);
        if result.as_ref().is_err_and(db::is_corrupt) && self.recover_now() {
            result = match &self.conn {
                Some(conn) => read(conn),
                None => return Ok(None),
            };
        }
        result.map(Some).map_err(io_err(action, &path))
    }

    /// Closes a database found damaged, moves it aside and opens a new one with its readable
    /// rows; false (and `not-saving`) if that failed.
    fn recover_now(&mut self) -> bool {
        self.conn = None;
        let path = self.database_path();
        match self.recover(&path, db::BUSY_WAIT) {
            Ok(conn) => {
                self.conn = Some(conn);
                true
            }
            Err(error) => {
                self.stop_saving(&io_err("recovering the database", &path)(error));
                false
            }
        }
    }

    /// Writes what waits in memory, reopening the database if needed (without waiting for a
    /// lock). True once nothing waits; the `not-saving` warning is then withdrawn.
    fn catch_up(&mut self) -> bool {
        if !self.has_folder {
            return false;
        }
        if self.conn.is_none()
            && let Err(error) = self.connect(Duration::ZERO)
        {
            self.stop_saving(&error);
            return false;
        }
        if let Err(error) = self.flush() {
            self.refused(&error);
            return false;
        }
        self.warnings
            .retain(|w| !matches!(w, StoreWarning::NotSaving { .. }));
        true
    }

    /// The disk refused a write: not saving, and unless another process only holds a lock, the
    /// connection is closed, so the next attempt starts from a fresh one (after a full disk or a
    /// failed write, SQLite's connection may keep refusing).
    fn refused(&mut self, error: &StoreError) {
        self.stop_saving(error);
        if error.source.kind() != io::ErrorKind::ResourceBusy {
            self.conn = None;
        }
    }

    /// Writes the waiting changes, each removed from memory once it is committed.
    fn flush(&mut self) -> Result<(), StoreError> {
        if self.waiting.is_empty() {
            return Ok(());
        }
        let path = self.database_path();
        let Some(conn) = self.conn.as_mut() else {
            return Ok(());
        };
        if self.waiting.preferences && self.preferences_writable {
            let data = serde_json::to_value(&self.preferences)
                .map_err(|e| io_err("saving preferences", &path)(io::Error::other(e)))?;
            documents::put(conn, P::DOCUMENT.file_name, P::DOCUMENT.version, &data)
                .map_err(io_err("saving preferences", &path))?;
        }
        self.waiting.preferences = false;
        while let Some(entry) = self.waiting.matches.first() {
            append(conn, &self.dir, entry, self.caps)
                .map_err(io_err("appending to the history", &path))?;
            self.waiting.matches.remove(0);
        }
        while let Some((id, review, digest)) = self.waiting.reviews.first() {
            let (review, digest) = (review.to_string(), digest.to_string());
            let stored = immediate(conn).and_then(|tx| {
                rows::insert_review(&tx, id, &review, Some(&digest))?;
                tx.commit().map_err(io_error)
            });
            stored.map_err(io_err("storing a review", &path))?;
            self.waiting.reviews.remove(0);
        }
        if let Some(unfinished) = &self.waiting.unfinished {
            if self.unfinished_writable {
                match unfinished {
                    Some(game) => documents::put(
                        conn,
                        UNFINISHED_MATCH.file_name,
                        UNFINISHED_MATCH.version,
                        game,
                    ),
                    None => documents::remove(conn, UNFINISHED_MATCH.file_name),
                }
                .map_err(io_err("saving the unfinished match", &path))?;
            }
            self.waiting.unfinished = None;
        }
        if let Some(kept) = &self.waiting.kept {
            if self.kept_writable {
                match kept {
                    Some(kept) => {
                        documents::put(conn, KEPT_TABLE.file_name, KEPT_TABLE.version, kept)
                    }
                    None => documents::remove(conn, KEPT_TABLE.file_name),
                }
                .map_err(io_err("keeping the table", &path))?;
            }
            self.waiting.kept = None;
        }
        Ok(())
    }

    /// Replaces the preferences and saves them, unless the stored ones are from a newer app
    /// version (then they apply to this run only). When the disk refuses they are kept in
    /// memory and saved later. Validation is the caller's job.
    pub fn set_preferences(&mut self, preferences: P) -> Result<(), StoreError> {
        self.preferences = preferences;
        if !self.preferences_writable || !P::KEPT {
            return Ok(());
        }
        let data = serde_json::to_value(&self.preferences)
            .map_err(|e| io_err("saving preferences", &self.dir)(io::Error::other(e)))?;
        let saved = self.write("saving preferences", |conn, _, _| {
            documents::put(conn, P::DOCUMENT.file_name, P::DOCUMENT.version, &data)
        })?;
        self.waiting.preferences = saved.is_none();
        Ok(())
    }

    /// Loads the unfinished match, if there is a usable one (the one waiting in memory first).
    pub fn load_unfinished<T: DeserializeOwned + Serialize>(&mut self) -> Option<T> {
        if let Some(waiting) = &self.waiting.unfinished {
            return waiting
                .as_ref()
                .and_then(|game| serde_json::from_value(game.clone()).ok());
        }
        match self.read_document::<T>(&UNFINISHED_MATCH) {
            Ok((value, writable)) => {
                self.unfinished_writable = writable;
                value
            }
            Err(error) => {
                self.stop_saving(&error);
                None
            }
        }
    }

    /// Saves the unfinished match (call after every action). Returns false, writing nothing, if
    /// the stored one is from a newer app version or the disk refused (then it is kept in memory
    /// and written with the next change that can be).
    pub fn save_unfinished<T: Serialize>(&mut self, game: &T) -> Result<bool, StoreError> {
        if !self.unfinished_writable {
            return Ok(false);
        }
        let data = serde_json::to_value(game)
            .map_err(|e| io_err("saving the unfinished match", &self.dir)(io::Error::other(e)))?;
        let saved = self.write("saving the unfinished match", |conn, _, _| {
            documents::put(
                conn,
                UNFINISHED_MATCH.file_name,
                UNFINISHED_MATCH.version,
                &data,
            )
        })?;
        if saved.is_none() {
            self.waiting.unfinished = Some(Some(data));
        }
        Ok(saved.is_some())
    }

    /// Sets an unfinished match that parses but cannot be resumed (say, its record no longer
    /// replays) aside, keeping it, and reports it; a new match can then be saved.
    pub fn set_aside_unfinished(&mut self, reason: &str) {
        self.waiting.unfinished = None;
        self.set_aside_document(&UNFINISHED_MATCH, "unresumable", reason);
        self.unfinished_writable = true;
    }

    /// Removes the unfinished match once it is finished (after it was added to the history) or
    /// abandoned; kept waiting in memory when the disk refuses.
    pub fn clear_unfinished(&mut self) -> Result<(), StoreError> {
        if !self.unfinished_writable {
            return Ok(());
        }
        let done = self.write("removing the unfinished match", |conn, _, _| {
            documents::remove(conn, UNFINISHED_MATCH.file_name)
        })?;
        self.waiting.unfinished = if done.is_some() { None } else { Some(None) };
        Ok(())
    }

    /// The kept table, if there is a usable one (the one waiting in memory first). A stored one
    /// that does not hold together ([`KeptTable::validate`]) is set aside (`quarantined`); one of a
    /// newer version is left alone (`future-version`) and not replaced in this run.
    pub fn kept_table(&mut self) -> Option<KeptTable> {
        if let Some(waiting) = &self.waiting.kept {
            return waiting
                .as_ref()
                .and_then(|kept| serde_json::from_value(kept.clone()).ok());
        }
        match self.read_document::<KeptTable>(&KEPT_TABLE) {
            Ok((value, writable)) => {
                self.kept_writable = writable;
                let kept = value?;
                match kept.validate() {
                    Ok(()) => Some(kept),
                    Err(field) => {
                        let detail = format!("its {field} is not valid");
                        self.set_aside_document(&KEPT_TABLE, "corrupt", &detail);
                        None
                    }
                }
            }
            Err(error) => {
                self.stop_saving(&error);
                None
            }
        }
    }

    /// Keeps `kept` as the table to go back to, replacing any other. Returns false, writing
    /// nothing, if the stored one is from a newer app version or the disk refused (then it waits
    /// in memory and is written with the next change that can be). A record that does not hold
    /// together is an error, and nothing changes.
    pub fn keep_table(&mut self, kept: &KeptTable) -> Result<bool, StoreError> {
        kept.validate().map_err(|field| {
            io_err("keeping the table", &self.dir)(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("the kept table's {field} is not valid"),
            ))
        })?;
        if !self.kept_writable {
            return Ok(false);
        }
        let data = serde_json::to_value(kept)
            .map_err(|e| io_err("keeping the table", &self.dir)(io::Error::other(e)))?;
        let saved = self.write("keeping the table", |conn, _, _| {
            documents::put(conn, KEPT_TABLE.file_name, KEPT_TABLE.version, &data)
        })?;
        if saved.is_none() {
            self.waiting.kept = Some(Some(data));
        }
        Ok(saved.is_some())
    }

    /// Forgets the kept table (the table is over for this player); kept waiting in memory when
    /// the disk refuses.
    pub fn forget_table(&mut self) -> Result<(), StoreError> {
        if !self.kept_writable {
            return Ok(());
        }
        let done = self.write("forgetting the kept table", |conn, _, _| {
            documents::remove(conn, KEPT_TABLE.file_name)
        })?;
        self.waiting.kept = if done.is_some() { None } else { Some(None) };
        Ok(())
    }

    /// Adds a finished match to the history, returning once it is durable (or, when the disk
    /// refuses, kept in memory to be written later: `not-saving` says so). Returns false if its
    /// id was already there. A full history moves its oldest matches to an archive file first,
    /// so a match is never refused for want of room. A summary that fails its checks or a
    /// record over its cap is an error.
    pub fn append_match<R: Serialize>(
        &mut self,
        entry: &HistoryEntry<R>,
    ) -> Result<bool, StoreError> {
        let checked =
            rows::NewMatch::new(entry).map_err(io_err("checking the match", &self.dir))?;
        if self
            .waiting
            .matches
            .iter()
            .any(|m| m.summary.id == checked.id())
        {
            return Ok(false);
        }
        if let Some(added) = self.write("appending to the history", |conn, dir, caps| {
            append_checked(conn, dir, &checked, caps)
        })? {
            return Ok(added);
        }
        if self
            .conn
            .as_ref()
            .is_some_and(|conn| rows::contains(conn, checked.id()).unwrap_or(false))
        {
            return Ok(false);
        }
        let record = serde_json::to_value(&entry.record)
            .map_err(|e| io_err("keeping the match", &self.dir)(io::Error::other(e)))?;
        if self.waiting.matches.len() >= MAX_MEMORY_MATCHES {
            self.waiting.matches.remove(0);
        }
        self.waiting.matches.push(HistoryEntry {
            summary: entry.summary.clone(),
            record,
        });
        Ok(true)
    }

    /// Deletes finished match `id` (with its record and review) from the history; false if it
    /// is not there.
    pub fn delete_match(&mut self, id: &str) -> Result<bool, StoreError> {
        let before = self.waiting.matches.len();
        self.waiting.matches.retain(|m| m.summary.id != id);
        self.waiting.reviews.retain(|(known, ..)| known != id);
        let in_memory = self.waiting.matches.len() < before;
        let deleted = self.write("deleting a match", |conn, _, _| {
            let tx = immediate(conn)?;
            let deleted = rows::delete(&tx, id)?;
            tx.commit().map_err(io_error)?;
            Ok(deleted)
        })?;
        match deleted {
            Some(deleted) => Ok(deleted || in_memory),
            None if in_memory => Ok(true),
            None => Err(io_err("deleting a match", &self.database_path())(
                io::Error::new(
                    io::ErrorKind::ResourceBusy,
                    "the history cannot be changed now",
                ),
            )),
        }
    }

    /// One page of the history, newest first, filtered: SQL over the database's index, with the
    /// matches waiting in memory merged in.
    pub fn history_page(&mut self, query: &HistoryQuery) -> Result<HistoryPage, StoreError> {
        let waiting: Vec<_> = self
            .waiting
            .matches
            .iter()
            .map(|m| m.summary.clone())
            .collect();
        if waiting.is_empty() {
            let Some((page, unreadable)) =
                self.read("reading the history", |conn| rows::page(conn, query))?
            else {
                return Ok(query.apply(Vec::new()));
            };
            self.report_unreadable(unreadable);
            return Ok(page);
        }
        // Enough stored rows to fill the page whatever the waiting ones' places.
        let first = HistoryQuery {
            offset: 0,
            limit: query.offset.saturating_add(query.limit),
            ..query.clone()
        };
        let stored = match self.read("reading the history", |conn| rows::page(conn, &first))? {
            Some((page, unreadable)) => {
                self.report_unreadable(unreadable);
                page
            }
            None => query.apply(Vec::new()),
        };
        let mut merged = query.apply(stored.items.into_iter().chain(waiting).collect());
        let extra = merged
            .total
            .saturating_sub(stored.total.min(query.offset.saturating_add(query.limit)));
        merged.total = stored.total.saturating_add(extra);
        Ok(merged)
    }

    /// The Statistics screen's figures for matches with people or against the AI alone: SQL
    /// aggregates in the database, with the matches waiting in memory added in.
    pub fn history_stats(&mut self, with_people: bool) -> Result<crate::HistoryStats, StoreError> {
        let mut stats = self
            .read("reading the statistics", |conn| {
                rows::stats(conn, with_people)
            })?
            .unwrap_or_default();
        let waiting: Vec<_> = self
            .waiting
            .matches
            .iter()
            .filter(|m| m.summary.with_people() == with_people)
            .map(|m| &m.summary)
            .collect();
        if !waiting.is_empty() {
            rows::add_waiting(&mut stats, &waiting);
        }
        Ok(stats)
    }

    /// Reports stored matches that failed their checks in a page (the largest count seen).
    fn report_unreadable(&mut self, rows: u64) {
        if rows == 0 {
            return;
        }
        let fresh = StoreWarning::UnreadableMatches { matches: rows };
        match self
            .warnings
            .iter_mut()
            .find(|w| matches!(w, StoreWarning::UnreadableMatches { .. }))
        {
            Some(StoreWarning::UnreadableMatches { matches }) => *matches = (*matches).max(rows),
            _ => self.warnings.push(fresh),
        }
    }

    /// The full entry of one finished match (its record is read only now).
    pub fn history_entry<R: DeserializeOwned>(
        &mut self,
        id: &str,
    ) -> Result<Option<HistoryEntry<R>>, StoreError> {
        let path = self.database_path();
        let found = match self.waiting.matches.iter().find(|m| m.summary.id == id) {
            Some(found) => Some(found.clone()),
            None => self
                .read("reading the history", |conn| rows::entry(conn, id))?
                .flatten(),
        };
        found
            .map(|found| {
                serde_json::from_value(found.record)
                    .map(|record| HistoryEntry {
                        summary: found.summary,
                        record,
                    })
                    .map_err(|e| io_err("reading the match", &path)(io::Error::other(e)))
            })
            .transpose()
    }

    /// Stores the review of finished match `id` with it, and the caller's `digest` of the review:
    /// what statistics over every review need of it ([`Store::for_each_review_digest`]), so they
    /// never read the reviews themselves. Returns false, writing nothing, if the match already has
    /// a review (a stored review is never replaced); a match that is not in the history is an
    /// error. Kept in memory when the disk refuses.
    pub fn append_review<R: Serialize, D: Serialize>(
        &mut self,
        id: &str,
        review: &R,
        digest: &D,
    ) -> Result<bool, StoreError> {
        let path = self.database_path();
        let as_value = |value: Result<Value, serde_json::Error>| {
            value.map_err(|e| io_err("storing a review", &path)(io::Error::other(e)))
        };
        let value = as_value(serde_json::to_value(review))?;
        // The digest's text as its own serializer writes it (floats at their own precision), kept
        // as that text's value while it waits in memory.
        let digest_json = serde_json::to_string(digest)
            .map_err(|e| io_err("storing a review", &path)(io::Error::other(e)))?;
        let digest = as_value(serde_json::from_str(&digest_json))?;
        let json = value.to_string();
        for (len, max) in [
            (json.len(), rows::MAX_REVIEW_BYTES),
            (digest_json.len(), rows::MAX_DIGEST_BYTES),
        ] {
            if len > max {
                return Err(io_err("storing a review", &path)(crate::disk::too_large(
                    len as u64, max as u64,
                )));
            }
        }
        if self.waiting.reviews.iter().any(|(known, ..)| known == id) {
            return Ok(false);
        }
        let waiting_match = self.waiting.matches.iter().any(|m| m.summary.id == id);
        if !waiting_match {
            let stored = self.write("storing a review", |conn, _, _| {
                let tx = immediate(conn)?;
                let added = rows::insert_review(&tx, id, &json, Some(&digest_json))?;
                tx.commit().map_err(io_error)?;
                Ok(added)
            })?;
            match stored {
                Some(Some(added)) => return Ok(added),
                Some(None) => {
                    return Err(io_err("storing a review", &path)(io::Error::new(
                        io::ErrorKind::NotFound,
                        format!("no finished match {id}"),
                    )));
                }
                None => {
                    let known = self
                        .conn
                        .as_ref()
                        .is_some_and(|conn| rows::contains(conn, id).unwrap_or(false));
                    if !known {
                        return Err(io_err("storing a review", &path)(io::Error::new(
                            io::ErrorKind::NotFound,
                            format!("no finished match {id}"),
                        )));
                    }
                }
            }
        }
        self.waiting.reviews.push((id.to_owned(), value, digest));
        Ok(true)
    }

    /// Sets the digest of the stored review of match `id` (one imported from an earlier version's
    /// files has none; one made by an earlier build may be out of date): false if there is no
    /// such review or the disk refuses (the caller computes it again next time).
    pub fn set_review_digest<D: Serialize>(
        &mut self,
        id: &str,
        digest: &D,
    ) -> Result<bool, StoreError> {
        let path = self.database_path();
        let json = serde_json::to_string(digest)
            .map_err(|e| io_err("storing a review's digest", &path)(io::Error::other(e)))?;
        let set = self.write("storing a review's digest", |conn, _, _| {
            rows::set_review_digest(conn, id, &json)
        })?;
        Ok(set.unwrap_or(false))
    }

    /// The stored review of match `id`, if there is one.
    pub fn review<R: DeserializeOwned>(&mut self, id: &str) -> Result<Option<R>, StoreError> {
        let path = self.database_path();
        let json = match self.waiting.reviews.iter().find(|(known, ..)| known == id) {
            Some((_, value, _)) => Some(value.to_string()),
            None => self
                .read("reading a review", |conn| rows::review(conn, id))?
                .flatten(),
        };
        json.map(|json| {
            serde_json::from_str(&json)
                .map_err(|e| io_err("reading a review", &path)(io::Error::other(e)))
        })
        .transpose()
    }

    /// Calls `each` with every reviewed match's index columns and its review's digest, oldest
    /// finish first (those waiting in memory last); neither the summaries nor the reviews are read.
    /// The digest is `None` where the review has none yet ([`Store::set_review_digest`]) or it does
    /// not read as `D`.
    pub fn for_each_review_digest<D: DeserializeOwned>(
        &mut self,
        mut each: impl FnMut(crate::ReviewedRow, Option<D>),
    ) -> Result<(), StoreError> {
        let path = self.database_path();
        if let Some(conn) = &self.conn {
            rows::for_each_review_digest(conn, |reviewed, json| {
                each(
                    reviewed,
                    json.and_then(|json| serde_json::from_str(json).ok()),
                );
            })
            .map_err(io_err("reading the reviews", &path))?;
        }
        for (id, _, digest) in &self.waiting.reviews {
            let summary = match self.waiting.matches.iter().find(|m| &m.summary.id == id) {
                Some(found) => Some(found.summary.clone()),
                None => match &self.conn {
                    Some(conn) => rows::entry(conn, id).ok().flatten().map(|e| e.summary),
                    None => None,
                },
            };
            if let Some(summary) = summary {
                each(
                    crate::ReviewedRow::of(&summary),
                    serde_json::from_value(digest.clone()).ok(),
                );
            }
        }
        Ok(())
    }

    /// Writes every stored match, oldest first, as JSON Lines (the history's text format);
    /// returns how many.
    pub fn export(&mut self, out: &mut dyn io::Write) -> Result<u64, StoreError> {
        let path = self.database_path();
        let mut count = 0;
        if let Some(conn) = &self.conn {
            count = archive::export(conn, out).map_err(io_err("exporting the history", &path))?;
        }
        for entry in &self.waiting.matches {
            let summary = serde_json::to_string(&entry.summary).map_err(io::Error::other);
            summary
                .and_then(|summary| {
                    out.write_all(archive::line(&summary, &entry.record.to_string()).as_bytes())
                })
                .map_err(io_err("exporting the history", &path))?;
            count += 1;
        }
        Ok(count)
    }
}

/// An immediate transaction: it takes the write lock at once, so it never fails halfway for a
/// lock another connection took.
fn immediate(conn: &mut Connection) -> io::Result<rusqlite::Transaction<'_>> {
    conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(io_error)
}

/// Checks and appends one match (archiving the oldest first when the history is full).
fn append<R: Serialize>(
    conn: &mut Connection,
    dir: &Path,
    entry: &HistoryEntry<R>,
    caps: rows::Caps,
) -> io::Result<bool> {
    append_checked(conn, dir, &rows::NewMatch::new(entry)?, caps)
}

fn append_checked(
    conn: &mut Connection,
    dir: &Path,
    new: &rows::NewMatch,
    caps: rows::Caps,
) -> io::Result<bool> {
    archive::make_room(conn, dir, new.bytes(), caps)?;
    let tx = immediate(conn)?;
    let added = rows::insert(&tx, new)?;
    tx.commit().map_err(io_error)?;
    Ok(added)
}
