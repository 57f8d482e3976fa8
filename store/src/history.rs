//! The match history of earlier versions, read to upgrade a data folder (see [`crate::legacy`]):
//! the append-only JSON-Lines log `history/records.jsonl`, one finished match per line,
//! `{"v":2,"summary":{…},"record":{…}}` (version-1 lines have their summaries upgraded when read,
//! see [`crate::summary::read_summary`]).
//!
//! The log is read incrementally ([`crate::lines`]) by the old listing rules: memory holds one
//! chunk, one line of at most [`MAX_LINE_BYTES`] and the summaries; a log over [`MAX_LOG_BYTES`]
//! is not read; lines that are too long, of an unsupported format or unparsable are skipped and
//! counted; a torn last line is left out (or read, if it is a whole entry lacking only its
//! newline). [`HistoryEntry`] is also the store's type for a finished match.
//! Deliberately absent: writing the old format (export writes its text through
//! [`crate::archive`]) and the old index (the log is the source of truth).

use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::disk::{Disk, too_large};
use crate::lines::{Line, fnv1a, for_each_line};
use crate::summary::{MatchSummary, read_summary};
use crate::warning::StoreWarning;

/// The history-line format (`"v"`) this build writes.
pub const HISTORY_VERSION: u32 = 3;

/// Longest history line (with its newline) that is written or parsed: far above any real match
/// record; a longer line is left unread and reported, and a record that long is refused.
pub const MAX_LINE_BYTES: u64 = 1024 * 1024;

/// Largest history log that is read: about 80,000 real matches (3 KB each). A larger log is left
/// untouched and unread, and nothing is saved in that run; an append that would pass it is refused.
pub const MAX_LOG_BYTES: u64 = 256 * 1024 * 1024;

/// Whether a history line of format `v` can be read by this build (`1..=HISTORY_VERSION`).
pub const fn supported_history_version(v: u64) -> bool {
    v >= 1 && v <= HISTORY_VERSION as u64
}

/// A finished match: its summary and the full replayable record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryEntry<R> {
    /// What the history list shows.
    pub summary: MatchSummary,
    /// Everything needed to replay the match.
    pub record: R,
}

#[derive(Deserialize)]
struct LineVersion {
    v: u64,
}

#[derive(Deserialize)]
struct LineRecord<R> {
    record: R,
}

/// A readable match in the log: where its line is and its summary.
#[derive(Debug, Clone)]
pub struct Indexed {
    at: u64,
    len: u64,
    h: u64,
    /// The match's summary.
    pub summary: MatchSummary,
}

/// How many lines of a log could not be read, and where the first one is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Unreadable {
    /// Unreadable lines.
    pub lines: u64,
    /// The byte offset of the first one.
    pub first_at: Option<u64>,
}

impl Unreadable {
    pub(crate) fn add(&mut self, at: u64, lines: u64) {
        self.lines = self.lines.saturating_add(lines);
        self.first_at.get_or_insert(at);
    }

    /// Adds or updates the one warning for these lines, made by `warning` from the count and
    /// the first offset; `same` recognises an earlier one.
    pub(crate) fn report(
        self,
        warnings: &mut Vec<StoreWarning>,
        same: impl Fn(&StoreWarning) -> bool,
        warning: impl FnOnce(u64, u64) -> StoreWarning,
    ) {
        let Some(first_at) = self.first_at else {
            return;
        };
        let fresh = warning(self.lines, first_at);
        match warnings.iter_mut().find(|w| same(w)) {
            Some(known) => *known = fresh,
            None => warnings.push(fresh),
        }
    }
}

impl Indexed {
    /// The byte offset of its line in the log.
    pub fn at(&self) -> u64 {
        self.at
    }
}

fn read_entry<R: DeserializeOwned>(
    disk: &dyn Disk,
    records: &Path,
    known: &[Indexed],
    id: &str,
) -> io::Result<Option<HistoryEntry<R>>> {
    let Some(found) = known.iter().find(|i| i.summary.id == id) else {
        return Ok(None);
    };
    let line = read_checked(disk, records, (found.at, found.len, found.h))?;
    let full: LineRecord<R> = serde_json::from_slice(&line).map_err(io::Error::other)?;
    Ok(Some(HistoryEntry {
        summary: found.summary.clone(),
        record: full.record,
    }))
}

/// The history of a data folder as the store would list it, read without writing anything and
/// without the lock (the log is append-only): for the command line. A torn last line is left
/// out (or listed, if it is a whole entry lacking only its newline), as the store's repair
/// would do; the same caps and line rules apply, and only regular files are read.
#[derive(Debug)]
pub struct HistoryListing {
    records: PathBuf,
    /// The readable matches, in log order.
    pub matches: Vec<Indexed>,
    /// The lines that could not be read.
    pub unreadable: Unreadable,
    /// The bytes of a torn last line, left out.
    pub torn_bytes: u64,
}

impl HistoryListing {
    /// Reads the history of the data folder `data_dir` (an empty listing if there is none).
    pub fn read(disk: &dyn Disk, data_dir: &Path) -> io::Result<Self> {
        let records = data_dir.join("history").join("records.jsonl");
        let mut listing = Self {
            matches: Vec::new(),
            unreadable: Unreadable::default(),
            torn_bytes: 0,
            records,
        };
        let Some(len) = disk.file_len(&listing.records)? else {
            return Ok(listing);
        };
        if len > MAX_LOG_BYTES {
            return Err(too_large(len, MAX_LOG_BYTES));
        }
        let records = listing.records.clone();
        let end = for_each_line(disk, &records, 0, len, MAX_LINE_BYTES, |line| {
            listing.take(line);
            Ok(())
        })?;
        if end < len {
            let tail = if len - end <= MAX_LINE_BYTES {
                disk.read_at(&listing.records, end, len - end)?
            } else {
                Vec::new()
            };
            match classify(&tail) {
                Ok(summary) if !tail.is_empty() => listing.matches.push(Indexed {
                    at: end,
                    len: tail.len() as u64,
                    h: fnv1a(&tail),
                    summary,
                }),
                _ => listing.torn_bytes = len - end,
            }
        }
        Ok(listing)
    }

    fn take(&mut self, line: Line<'_>) {
        match line.bytes.map(classify) {
            Some(Ok(summary)) => self.matches.push(Indexed {
                at: line.at,
                len: line.len,
                h: line.hash,
                summary,
            }),
            _ => self.unreadable.add(line.at, 1),
        }
    }

    /// The full entry of match `id`, if it is listed.
    pub fn entry<R: DeserializeOwned>(
        &self,
        disk: &dyn Disk,
        id: &str,
    ) -> io::Result<Option<HistoryEntry<R>>> {
        read_entry(disk, &self.records, &self.matches, id)
    }
}

/// The bytes of the log line at `(at, len)`, which must still hash to `h` (shared with the review
/// log): a line changed since it was checked is an error, never another entry's data.
pub(crate) fn read_checked(
    disk: &dyn Disk,
    log: &Path,
    (at, len, h): (u64, u64, u64),
) -> io::Result<Vec<u8>> {
    let line = disk.read_at(log, at, len)?;
    if fnv1a(&line) != h {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{} was changed outside the app", log.display()),
        ));
    }
    Ok(line)
}

/// The summary of a readable line, or why it is not one.
fn classify(line: &[u8]) -> Result<MatchSummary, String> {
    let len = line.len() as u64;
    if len > MAX_LINE_BYTES {
        return Err(format!("{len} bytes, longer than {MAX_LINE_BYTES}"));
    }
    match serde_json::from_slice::<LineVersion>(line) {
        Ok(head) if !supported_history_version(head.v) => Err(format!(
            "entry format {} is not supported by this version",
            head.v
        )),
        Ok(head) => {
            let version = u32::try_from(head.v).map_err(|e| e.to_string())?;
            let summary = read_summary(version, line)?;
            summary.validate().map(|()| summary)
        }
        Err(error) => Err(format!("not valid: {error}")),
    }
}
