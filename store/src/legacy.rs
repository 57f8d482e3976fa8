//! The upgrade from the files of earlier versions to the database, on the first open of a data
//! folder that has them: `history/records.jsonl` (history lines of version 1 and 2, read through
//! the old listing rules: torn tails and unreadable lines skipped and reported), its index (not
//! needed: the log is the source of truth), `history/reviews.jsonl`, `preferences.json` and
//! `unfinished-match.json` (kept at their version: the store upgrades them through the caller's
//! migrations when it reads them, like any document row).
//!
//! Everything readable is inserted in one transaction, which also marks the import done; only
//! then are the old files moved, byte for byte, into `pre-sqlite-backup/` in the data folder and
//! made read-only, so an upgrade cut short is redone from the same files and a finished one is
//! never redone. What could not be read stays in those backups, named in the warnings.
//!
//! Deliberately absent: writing any file of the old formats.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension, Transaction};
use serde_json::Value;

use crate::db::io_error;
use crate::disk::{Disk, RealDisk, read_capped, too_large};
use crate::document::{DocumentSpec, MAX_DOCUMENT_BYTES};
use crate::history::{HistoryListing, Unreadable};
use crate::lines::for_each_line;
use crate::reviews::{MAX_REVIEW_LINE_BYTES, MAX_REVIEW_LOG_BYTES, check_line};
use crate::rows::{self, NewMatch};
use crate::warning::StoreWarning;

/// The folder the old files are moved into once imported.
pub const BACKUP_DIR: &str = "pre-sqlite-backup";

/// The old files, relative to the data folder, that are moved into the backup once imported.
const OLD_FILES: [&str; 6] = [
    "history/records.jsonl",
    "history/index.jsonl",
    "history/reviews.jsonl",
    "preferences.json",
    "unfinished-match.json",
    ".lock",
];

/// Imports the old files of `dir` (if any and not done yet) and moves them into the backup.
/// `documents` are the versioned documents to import (the preferences, the unfinished match).
pub fn upgrade(
    conn: &mut Connection,
    dir: &Path,
    documents: &[DocumentSpec],
    warnings: &mut Vec<StoreWarning>,
) -> io::Result<()> {
    let present: Vec<&str> = OLD_FILES
        .into_iter()
        .filter(|name| RealDisk.exists(&dir.join(name)))
        .collect();
    if present.is_empty() {
        return Ok(());
    }
    let backup = dir.join(BACKUP_DIR);
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(io_error)?;
    let done: Option<i64> = tx
        .query_row(
            "SELECT value FROM meta WHERE key = 'legacy_imported'",
            [],
            |r| r.get(0),
        )
        .optional()
        .map_err(io_error)?;
    if done != Some(1) {
        let mut found = Vec::new();
        import_history(&tx, dir, &backup, &mut found)?;
        for spec in documents {
            import_document(&tx, dir, &backup, spec, &mut found)?;
        }
        tx.execute(
            "UPDATE meta SET value = 1 WHERE key = 'legacy_imported'",
            [],
        )
        .map_err(io_error)?;
        tx.commit().map_err(io_error)?;
        warnings.extend(found);
    } else {
        drop(tx);
    }
    move_into_backup(dir, &backup, &present)
}

/// The path an old file has in the backup.
fn backed_up(backup: &Path, name: &str) -> PathBuf {
    backup.join(name.replace('/', "-"))
}

/// Moves the imported files into the backup folder and makes them read-only.
fn move_into_backup(dir: &Path, backup: &Path, present: &[&str]) -> io::Result<()> {
    RealDisk.create_dir_all(backup)?;
    for name in present {
        let from = dir.join(name);
        let to = backed_up(backup, name);
        if RealDisk.exists(&to) {
            // Moved by an earlier, interrupted run: the backup is the original, keep it.
            RealDisk.remove(&from)?;
        } else {
            RealDisk.rename(&from, &to)?;
            read_only(&to)?;
        }
    }
    RealDisk.sync_dir(backup)?;
    RealDisk.sync_dir(dir)?;
    if let Ok(entries) = fs::read_dir(dir.join("history")) {
        // Side files of the old repairs (`*.torn-*`, `*.corrupt-*`) go with the logs.
        for entry in entries.flatten() {
            let name = format!("history/{}", entry.file_name().to_string_lossy());
            let to = backed_up(backup, &name);
            RealDisk.rename(&entry.path(), &to)?;
            read_only(&to)?;
        }
        let _ = fs::remove_dir(dir.join("history"));
    }
    Ok(())
}

#[cfg(unix)]
fn read_only(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(0o400))
}

#[cfg(not(unix))]
fn read_only(path: &Path) -> io::Result<()> {
    let mut permissions = fs::metadata(path)?.permissions();
    permissions.set_readonly(true);
    fs::set_permissions(path, permissions)
}

fn import_history(
    tx: &Transaction<'_>,
    dir: &Path,
    backup: &Path,
    warnings: &mut Vec<StoreWarning>,
) -> io::Result<()> {
    let listing = HistoryListing::read(&RealDisk, dir)?;
    let mut unreadable = listing.unreadable;
    let mut ids = HashSet::new();
    for found in &listing.matches {
        let entry = listing.entry::<Value>(&RealDisk, &found.summary.id);
        let added = match entry.map(|e| e.map(|e| NewMatch::new(&e))) {
            Ok(Some(Ok(new))) => rows::insert(tx, &new)?,
            _ => false,
        };
        if added {
            ids.insert(found.summary.id.clone());
        } else {
            unreadable.add(found.at(), 1);
        }
    }
    unreadable.report(
        warnings,
        |_| false,
        |lines, first_at| StoreWarning::UnreadableLines { lines, first_at },
    );
    if listing.torn_bytes > 0 {
        warnings.push(StoreWarning::TornLine {
            moved_to: backed_up(backup, "history/records.jsonl")
                .display()
                .to_string(),
            bytes: listing.torn_bytes,
        });
    }
    import_reviews(tx, dir, &ids, warnings)
}

/// Imports the first readable review of each imported match.
fn import_reviews(
    tx: &Transaction<'_>,
    dir: &Path,
    ids: &HashSet<String>,
    warnings: &mut Vec<StoreWarning>,
) -> io::Result<()> {
    let path = dir.join("history/reviews.jsonl");
    let Some(len) = RealDisk.file_len(&path)? else {
        return Ok(());
    };
    if len > MAX_REVIEW_LOG_BYTES {
        return Err(too_large(len, MAX_REVIEW_LOG_BYTES));
    }
    let mut unreadable = Unreadable::default();
    let mut failure = None;
    for_each_line(&RealDisk, &path, 0, len, MAX_REVIEW_LINE_BYTES, |line| {
        let checked = line
            .bytes
            .map(|bytes| check_line(bytes).map(|id| (id, bytes)));
        match checked {
            Some(Ok((id, bytes))) if ids.contains(&id) => {
                let review = serde_json::from_slice::<ReviewOf>(bytes)
                    .map_err(io::Error::other)
                    .and_then(|line| serde_json::to_string(&line.review).map_err(io::Error::other))
                    .and_then(|json| rows::insert_review(tx, &id, &json, None));
                if let Err(error) = review {
                    failure.get_or_insert(error);
                }
            }
            _ => unreadable.add(line.at, 1),
        }
        Ok(())
    })?;
    if let Some(error) = failure {
        return Err(error);
    }
    unreadable.report(
        warnings,
        |_| false,
        |lines, first_at| StoreWarning::UnreadableReviews { lines, first_at },
    );
    Ok(())
}

#[derive(serde::Deserialize)]
struct ReviewOf {
    review: Value,
}

/// Imports one versioned document as it is, of whatever version (the store upgrades it through
/// its migrations when it is read, so any process can import what only the app knows how to
/// upgrade). One that is not a JSON object, or over the size cap, stays in the backup only.
fn import_document(
    tx: &Transaction<'_>,
    dir: &Path,
    backup: &Path,
    spec: &DocumentSpec,
    warnings: &mut Vec<StoreWarning>,
) -> io::Result<()> {
    let path = spec.path(dir);
    let moved_to = backed_up(backup, spec.file_name).display().to_string();
    let unreadable = |detail: String| StoreWarning::Quarantined {
        file: spec.file_name.into(),
        moved_to: moved_to.clone(),
        detail,
    };
    let bytes = match read_capped(&RealDisk, &path, MAX_DOCUMENT_BYTES) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => return Ok(()),
        Err(error) if error.kind() == io::ErrorKind::InvalidData => {
            warnings.push(unreadable(format!("too large: {error}")));
            return Ok(());
        }
        Err(error) => return Err(error),
    };
    let object = match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(object)) => object,
        Ok(_) => {
            warnings.push(unreadable("not a JSON object".into()));
            return Ok(());
        }
        Err(error) => {
            warnings.push(unreadable(format!("not valid JSON: {error}")));
            return Ok(());
        }
    };
    let (version, data) = match object.get("version").map(Value::as_u64) {
        None => (0, Value::Object(object)),
        Some(Some(version)) => match u32::try_from(version) {
            Ok(version) => (version, object.get("data").cloned().unwrap_or(Value::Null)),
            Err(_) => {
                warnings.push(unreadable(format!("bad version {version}")));
                return Ok(());
            }
        },
        Some(None) => {
            warnings.push(unreadable("bad version".into()));
            return Ok(());
        }
    };
    crate::documents::put(tx, spec.file_name, version, &data)
}

#[cfg(test)]
#[path = "legacy_tests.rs"]
mod tests;
