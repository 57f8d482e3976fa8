//! The history as JSON Lines, the text format of earlier versions (`{"v":3,"summary":…,"record":…}`
//! per line; a summary a row of an earlier build holds is written upgraded): what `briscola history --export` writes, and where the oldest matches go when the
//! live history reaches its cap (`history-archive/archive-<UTC>.jsonl` in the data folder,
//! created new, written and `fsync`ed before the matches leave the database, so a match is always
//! in one of the two).
//!
//! Deliberately absent: reading archives back (they are plain text for the player to keep).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use crate::disk::{Disk, RealDisk};
use crate::history::HISTORY_VERSION;
use crate::rows;
use crate::stamp::{now_ms, utc_stamp};
use crate::summary::MatchSummary;

/// The archive folder's name in the data folder.
pub const ARCHIVE_DIR: &str = "history-archive";

/// One match as a JSON line of the history's text format. A summary stored by an earlier build (of
/// an earlier format) is written upgraded, so the line is of the version it says; one that does not
/// read is kept as it is.
pub fn line(summary: &str, record: &str) -> String {
    let upgraded = serde_json::from_str::<MatchSummary>(summary)
        .ok()
        .and_then(|read| serde_json::to_string(&read).ok());
    let summary = upgraded.as_deref().unwrap_or(summary);
    format!("{{\"v\":{HISTORY_VERSION},\"summary\":{summary},\"record\":{record}}}\n")
}

/// Writes every stored match, oldest first, to `out`; returns how many.
pub fn export(conn: &Connection, out: &mut dyn Write) -> io::Result<u64> {
    let mut count = 0u64;
    rows::for_each_match(conn, None, |_, summary, record, _| {
        out.write_all(line(summary, record).as_bytes())?;
        count += 1;
        Ok(true)
    })?;
    Ok(count)
}

/// Moves the oldest matches out of the live history until it has room for one more match of
/// `incoming` bytes: they are written to a new archive file (durably) and then deleted from the
/// database in one transaction. Returns the archive file, if one was needed.
pub fn make_room(
    conn: &mut Connection,
    dir: &Path,
    incoming: u64,
    caps: rows::Caps,
) -> io::Result<Option<PathBuf>> {
    let (matches, bytes) = rows::totals(conn)?;
    if matches < caps.matches && bytes.saturating_add(incoming) <= caps.bytes {
        return Ok(None);
    }
    // Archive down to nine tenths of each cap, so archiving is rare.
    let keep_matches = caps.matches / 10 * 9;
    let keep_bytes = caps.bytes / 10 * 9;
    let folder = dir.join(ARCHIVE_DIR);
    RealDisk.create_dir_all(&folder)?;
    let (path, mut file) = new_file(&folder)?;
    let (mut moved, mut moved_bytes, mut last) = (0u64, 0u64, 0i64);
    rows::for_each_match(conn, None, |seq, summary, record, row_bytes| {
        if matches - moved <= keep_matches
            && (bytes - moved_bytes).saturating_add(incoming) <= keep_bytes
        {
            return Ok(false);
        }
        file.write_all(line(summary, record).as_bytes())?;
        moved += 1;
        moved_bytes = moved_bytes.saturating_add(row_bytes.max(0).unsigned_abs());
        last = seq;
        Ok(true)
    })?;
    file.sync_all()?;
    drop(file);
    RealDisk.sync_dir(&folder)?;
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(crate::db::io_error)?;
    rows::delete_through(
        &tx,
        last,
        i64::try_from(moved).unwrap_or(i64::MAX),
        i64::try_from(moved_bytes).unwrap_or(i64::MAX),
    )?;
    tx.commit().map_err(crate::db::io_error)?;
    if moved == 0 {
        let _ = fs::remove_file(&path);
        return Ok(None);
    }
    Ok(Some(path))
}

/// A new archive file `archive-<UTC>[-n].jsonl`, never an existing one.
fn new_file(folder: &Path) -> io::Result<(PathBuf, fs::File)> {
    let stamp = utc_stamp(now_ms());
    for n in 0..1000 {
        let name = if n == 0 {
            format!("archive-{stamp}.jsonl")
        } else {
            format!("archive-{stamp}-{n}.jsonl")
        };
        let path = folder.join(name);
        let mut options = OpenOptions::new();
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        match options.write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "no free archive file name",
    ))
}
