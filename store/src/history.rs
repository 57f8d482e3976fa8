//! The match history: an append-only JSON-Lines log of finished matches plus a derived index
//! that makes listing thousands of matches cheap.
//!
//! * `history/records.jsonl` is the source of truth, one line per match:
//!   `{"v":2,"summary":{…},"record":{…}}` (older lines keep their version; their summaries are
//!   upgraded when read, see [`crate::summary::read_summary`]). Lines are only ever appended; the
//!   one exception is a torn last line (a crash mid-append), whose bytes are first saved to a side
//!   file `records.jsonl.torn-<timestamp>` (renamed there when it is the whole file, else copied a
//!   chunk at a time) and then cut off, so the next append starts clean. A last line that is
//!   complete but lacks only its newline is a valid entry: the newline is added.
//! * `history/index.jsonl` holds, per record line, its byte range, a hash of its bytes and its
//!   summary; a run of unreadable lines is one index line (range, hash, line count) with no text.
//!   It is checked against the log's *content* (every line's hash) whenever it is read from disk,
//!   extended for lines appended by another process, and rebuilt from the log whenever it does
//!   not fit — with an `index-rebuilt` warning if it was a valid index of some other log.
//!
//! Both files are read incrementally ([`crate::lines`]): memory holds one chunk, one line of at
//! most [`MAX_LINE_BYTES`] and the summaries. A log over [`MAX_LOG_BYTES`] is not read at all (the
//! store then saves nothing in this run and says why); an index over [`MAX_INDEX_BYTES`] is
//! rebuilt. Lines longer than [`MAX_LINE_BYTES`], from an unsupported format or unparsable stay in
//! the log, are left out of listings and are reported as one warning (how many, and where the
//! first is). [`HistoryListing`] applies the same rules without writing, for the command line.
//! Deliberately absent: deleting or editing matches.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::atomic::{parent_dir, write_atomic};
use crate::disk::{Disk, too_large};
use crate::lines::{
    FNV_START, Line, copy_range, fnv1a, fnv1a_from, for_each_line, last_newline_end,
};
use crate::quarantine::{fresh_side_path, move_aside};
use crate::summary::{MatchSummary, read_summary};
use crate::warning::StoreWarning;

/// The history-line format (`"v"`) this build writes.
pub const HISTORY_VERSION: u32 = 2;

/// Longest history line (with its newline) that is written or parsed: far above any real match
/// record; a longer line is left unread and reported, and a record that long is refused.
pub const MAX_LINE_BYTES: u64 = 1024 * 1024;

/// Largest history log that is read: about 80,000 real matches (3 KB each). A larger log is left
/// untouched and unread, and nothing is saved in that run; an append that would pass it is refused.
pub const MAX_LOG_BYTES: u64 = 256 * 1024 * 1024;

/// Largest index that is read; a larger one is rebuilt from the log.
pub const MAX_INDEX_BYTES: u64 = 256 * 1024 * 1024;

/// Whether a history line of format `v` can be read by this build (`1..=HISTORY_VERSION`).
pub const fn supported_history_version(v: u64) -> bool {
    v >= 1 && v <= HISTORY_VERSION as u64
}

const INDEX_VERSION: u32 = 3;

/// Longest index line read: a summary as long as the longest log line, with its range.
const MAX_INDEX_LINE_BYTES: u64 = MAX_LINE_BYTES + 1024;

/// A finished match: its summary and the full replayable record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HistoryEntry<R> {
    /// What the history list shows.
    pub summary: MatchSummary,
    /// Everything needed to replay the match.
    pub record: R,
}

#[derive(Serialize)]
struct LineOut<'a, R> {
    v: u32,
    summary: &'a MatchSummary,
    record: &'a R,
}

#[derive(Deserialize)]
struct LineVersion {
    v: u64,
}

#[derive(Deserialize)]
struct LineRecord<R> {
    record: R,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum IndexLine {
    Header {
        index: u32,
        history: u32,
    },
    Entry {
        at: u64,
        len: u64,
        h: u64,
        summary: MatchSummary,
    },
    /// A run of `lines` consecutive unreadable log lines, hashed as one range.
    Skip {
        at: u64,
        len: u64,
        h: u64,
        lines: u64,
    },
}

impl IndexLine {
    /// Byte range and hash of the log line this index line describes.
    fn span(&self) -> Option<(u64, u64, u64)> {
        match self {
            Self::Entry { at, len, h, .. } | Self::Skip { at, len, h, .. } => Some((*at, *len, *h)),
            Self::Header { .. } => None,
        }
    }
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

/// The history files in one data folder. All methods expect the caller to hold the
/// data-folder lock.
#[derive(Debug)]
pub struct HistoryLog {
    records: PathBuf,
    index: PathBuf,
    cache: Option<Cache>,
}

/// The checked index, valid while the log and index files keep the size and modification
/// time they had when it was read: listing again then costs no file reads. Without a key
/// (no modification times) it is reloaded on every use.
#[derive(Debug)]
struct Cache {
    key: Option<CacheKey>,
    lines: Vec<IndexLine>,
}

/// Log length, then the index's length and modification time.
type CacheKey = (u64, u64, SystemTime);

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

impl HistoryLog {
    /// The log under `<data dir>/history/` (created on first write).
    pub fn new(data_dir: &Path) -> Self {
        let dir = data_dir.join("history");
        Self {
            records: dir.join("records.jsonl"),
            index: dir.join("index.jsonl"),
            cache: None,
        }
    }

    /// The log file (the source of truth).
    pub fn records_path(&self) -> &Path {
        &self.records
    }

    /// Repairs a torn tail, brings the index up to date and returns the readable matches in
    /// log order, adding to `warnings` what was worked around. A log over [`MAX_LOG_BYTES`] is
    /// an error and is left untouched.
    pub fn reconcile(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<Vec<Indexed>> {
        disk.create_dir_all(parent_dir(&self.records)?)?;
        if let Some(len) = disk.file_len(&self.records)?
            && len > MAX_LOG_BYTES
        {
            return Err(too_large(len, MAX_LOG_BYTES));
        }
        if let Some((moved_to, bytes)) =
            repair_tail(disk, &self.records, MAX_LINE_BYTES, |t| classify(t).is_ok())?
        {
            warnings.push(StoreWarning::TornLine {
                moved_to: moved_to.display().to_string(),
                bytes,
            });
        }
        let records_len = disk.file_len(&self.records)?.unwrap_or(0);
        let key = self.cache_key(disk, records_len);
        let cache = match self.cache.take() {
            Some(cache) if key.is_some() && cache.key == key => cache,
            _ => Cache {
                lines: self.load_index(disk, records_len, warnings)?,
                key: self.cache_key(disk, records_len),
            },
        };
        let lines = &self.cache.insert(cache).lines;
        let mut readable = Vec::with_capacity(lines.len());
        let mut unreadable = Unreadable::default();
        for line in lines {
            match line {
                IndexLine::Entry {
                    at,
                    len,
                    h,
                    summary,
                } => readable.push(Indexed {
                    at: *at,
                    len: *len,
                    h: *h,
                    summary: summary.clone(),
                }),
                IndexLine::Skip { at, lines, .. } => unreadable.add(*at, *lines),
                IndexLine::Header { .. } => {}
            }
        }
        unreadable.report(
            warnings,
            |w| matches!(w, StoreWarning::UnreadableLines { .. }),
            |lines, first_at| StoreWarning::UnreadableLines { lines, first_at },
        );
        Ok(readable)
    }

    /// The cache key, or `None` where the disk keeps no modification times (the simulated
    /// disk of the power-loss test): then every call reloads and re-checks the index.
    fn cache_key(&self, disk: &dyn Disk, records_len: u64) -> Option<CacheKey> {
        let index_len = disk.file_len(&self.index).ok()??;
        // The log's modification time is folded into the key: an outside edit that keeps the
        // length still changes it.
        let stamp = disk
            .modified(&self.index)?
            .max(disk.modified(&self.records)?);
        Some((records_len, index_len, stamp))
    }

    /// The index lines, after extending or rebuilding the index file to fit the log.
    fn load_index(
        &self,
        disk: &dyn Disk,
        records_len: u64,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<Vec<IndexLine>> {
        match read_index(disk, &self.index)? {
            IndexState::Fits(mut lines, end)
                if end <= records_len && fits(disk, &self.records, &lines, end)? =>
            {
                if end < records_len {
                    let fresh = scan(disk, &self.records, end, records_len)?;
                    append_index(disk, &self.index, &fresh)?;
                    lines.extend(fresh);
                }
                Ok(lines)
            }
            state => {
                if matches!(state, IndexState::Fits(..)) {
                    warnings.push(StoreWarning::IndexRebuilt {
                        path: self.records.display().to_string(),
                    });
                }
                let lines = scan(disk, &self.records, 0, records_len)?;
                write_index(disk, &self.index, &lines)?;
                Ok(lines)
            }
        }
    }

    /// Appends new matches. `known` must be the result of [`HistoryLog::reconcile`] under the
    /// same lock; matches whose id is already there are skipped. Returns how many were added,
    /// once they are durable. A line over [`MAX_LINE_BYTES`], or an append that would take the
    /// log over [`MAX_LOG_BYTES`], is refused (nothing is written).
    pub fn append<R: Serialize>(
        &mut self,
        disk: &dyn Disk,
        known: &[Indexed],
        entries: &[HistoryEntry<R>],
    ) -> io::Result<u32> {
        let mut ids: HashSet<&str> = known.iter().map(|i| i.summary.id.as_str()).collect();
        let mut start = disk.file_len(&self.records)?.unwrap_or(0);
        let created = start == 0 && !disk.exists(&self.records);
        let mut bytes = Vec::new();
        let mut index_lines = Vec::new();
        for entry in entries {
            if !ids.insert(entry.summary.id.as_str()) {
                continue;
            }
            let line = entry_line(entry)?;
            let len = line.len() as u64;
            index_lines.push(IndexLine::Entry {
                at: start,
                len,
                h: fnv1a(&line),
                summary: entry.summary.clone(),
            });
            start = start.saturating_add(len);
            bytes.extend_from_slice(&line);
        }
        if index_lines.is_empty() {
            return Ok(0);
        }
        if start > MAX_LOG_BYTES {
            return Err(too_large(start, MAX_LOG_BYTES));
        }
        disk.append(&self.records, &bytes)?;
        disk.sync_file(&self.records)?;
        if created {
            disk.sync_dir(parent_dir(&self.records)?)?;
        }
        append_index(disk, &self.index, &index_lines)?;
        let added = u32::try_from(index_lines.len()).unwrap_or(u32::MAX);
        let key = self.cache_key(disk, start);
        match self.cache.as_mut() {
            Some(cache) if key.is_some() => {
                cache.lines.extend(index_lines);
                cache.key = key;
            }
            _ => self.cache = None,
        }
        Ok(added)
    }

    /// The full entry of match `id`, if it is in `known`. A line whose bytes no longer match
    /// the index (changed since it was checked) is an error, never another match's data.
    pub fn read_entry<R: DeserializeOwned>(
        &self,
        disk: &dyn Disk,
        known: &[Indexed],
        id: &str,
    ) -> io::Result<Option<HistoryEntry<R>>> {
        read_entry(disk, &self.records, known, id)
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
        let records = HistoryLog::new(data_dir).records;
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

/// The log line for an entry, with its newline; refused over [`MAX_LINE_BYTES`].
pub(crate) fn entry_line<R: Serialize>(entry: &HistoryEntry<R>) -> io::Result<Vec<u8>> {
    json_line(
        &LineOut {
            v: HISTORY_VERSION,
            summary: &entry.summary,
            record: &entry.record,
        },
        MAX_LINE_BYTES,
    )
}

/// `value` as one JSON line with its newline, refused over `cap` bytes (shared with the review
/// log).
pub(crate) fn json_line<T: Serialize>(value: &T, cap: u64) -> io::Result<Vec<u8>> {
    let mut line = serde_json::to_vec(value).map_err(io::Error::other)?;
    line.push(b'\n');
    let len = line.len() as u64;
    if len > cap {
        return Err(too_large(len, cap));
    }
    Ok(line)
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

/// Saves an incomplete last line of the JSON-Lines log `log` to a side file and cuts it off —
/// unless it is at most `cap` bytes and `complete` says it is a whole entry lacking only its
/// newline, which then gets one. Returns the side file and how many bytes it holds. The tail is
/// never read whole: a log that is all tail is renamed aside, otherwise the tail is copied a
/// chunk at a time (and the copy removed again if that fails, say on a full disk). Shared with
/// the review log.
pub(crate) fn repair_tail(
    disk: &dyn Disk,
    log: &Path,
    cap: u64,
    complete: impl Fn(&[u8]) -> bool,
) -> io::Result<Option<(PathBuf, u64)>> {
    let Some(len) = disk.file_len(log)? else {
        return Ok(None);
    };
    if len == 0 || disk.read_at(log, len - 1, 1)? == b"\n" {
        return Ok(None);
    }
    let keep = last_newline_end(disk, log, len)?;
    let torn = len - keep;
    if torn <= cap && complete(&disk.read_at(log, keep, torn)?) {
        disk.append(log, b"\n")?;
        disk.sync_file(log)?;
        return Ok(None);
    }
    if keep == 0 {
        return Ok(Some((move_aside(disk, log, "torn")?, torn)));
    }
    let side = fresh_side_path(disk, log, "torn")?;
    let copied = disk
        .create_new(&side, b"")
        .and_then(|()| copy_range(disk, log, keep, torn, &side))
        .and_then(|()| disk.sync_file(&side))
        .and_then(|()| disk.sync_dir(parent_dir(&side)?));
    if let Err(error) = copied {
        // Best effort: the bytes are still in the log, which is left as it was.
        let _ = disk.remove(&side);
        return Err(error);
    }
    disk.truncate(log, keep)?;
    disk.sync_file(log)?;
    Ok(Some((side, torn)))
}

/// What was found in the index file.
enum IndexState {
    /// A well-formed index of contiguous lines covering the log's first `end` bytes (not yet
    /// checked against the log's content).
    Fits(Vec<IndexLine>, u64),
    /// Missing, too large, unparsable or from another format: rebuilt without a warning.
    Unusable,
}

/// The index file's lines, read incrementally: any line that does not parse, a gap, a header of
/// another version or a file over [`MAX_INDEX_BYTES`] makes it unusable.
fn read_index(disk: &dyn Disk, index: &Path) -> io::Result<IndexState> {
    let len = match disk.file_len(index)? {
        Some(len) if len <= MAX_INDEX_BYTES => len,
        _ => return Ok(IndexState::Unusable),
    };
    let mut parsed = Vec::new();
    let mut header = false;
    let mut usable = true;
    let mut end = 0u64;
    let complete = for_each_line(disk, index, 0, len, MAX_INDEX_LINE_BYTES, |line| {
        if !usable {
            return Ok(());
        }
        let Some(Ok(entry)) = line.bytes.map(serde_json::from_slice::<IndexLine>) else {
            usable = false;
            return Ok(());
        };
        if !header {
            header = matches!(
                entry,
                IndexLine::Header {
                    index: INDEX_VERSION,
                    history: HISTORY_VERSION
                }
            );
            usable = header;
            return Ok(());
        }
        match entry.span() {
            Some((at, len, _)) if at == end => end = at.saturating_add(len),
            _ => usable = false,
        }
        parsed.push(entry);
        Ok(())
    })?;
    Ok(if usable && header && complete == len {
        IndexState::Fits(parsed, end)
    } else {
        IndexState::Unusable
    })
}

/// The hash of a run of unreadable lines: the FNV-1a of their hashes, so a run can be checked
/// line by line without holding any line.
fn run_hash(run: u64, line_hash: u64) -> u64 {
    fnv1a_from(run, &line_hash.to_le_bytes())
}

/// Index lines for every complete line of the log between `start` and `end`, consecutive
/// unreadable lines joined into one.
fn scan(disk: &dyn Disk, log: &Path, start: u64, end: u64) -> io::Result<Vec<IndexLine>> {
    let mut lines = Vec::new();
    if end == 0 {
        return Ok(lines);
    }
    for_each_line(disk, log, start, end, MAX_LINE_BYTES, |line| {
        match line.bytes.map(classify) {
            Some(Ok(summary)) => lines.push(IndexLine::Entry {
                at: line.at,
                len: line.len,
                h: line.hash,
                summary,
            }),
            _ => match lines.last_mut() {
                Some(IndexLine::Skip { len, h, lines, .. }) => {
                    *len += line.len;
                    *h = run_hash(*h, line.hash);
                    *lines += 1;
                }
                _ => lines.push(IndexLine::Skip {
                    at: line.at,
                    len: line.len,
                    h: run_hash(FNV_START, line.hash),
                    lines: 1,
                }),
            },
        }
        Ok(())
    })?;
    Ok(lines)
}

/// Whether the index lines (contiguous from byte 0 to `end`) describe the log's content: every
/// entry's line hashes as recorded, every run of unreadable lines has its count and run hash.
/// The log is streamed once.
fn fits(disk: &dyn Disk, log: &Path, index: &[IndexLine], end: u64) -> io::Result<bool> {
    let mut spans = index.iter().filter_map(|line| match line {
        IndexLine::Entry { at, len, h, .. } => Some((*at, *len, *h, None)),
        IndexLine::Skip { at, len, h, lines } => Some((*at, *len, *h, Some(*lines))),
        IndexLine::Header { .. } => None,
    });
    let mut current = spans.next();
    let (mut run, mut count) = (FNV_START, 0u64);
    let mut ok = true;
    let reached = for_each_line(disk, log, 0, end, 0, |line| {
        let Some((at, len, h, run_lines)) = current else {
            ok = false;
            return Ok(());
        };
        match run_lines {
            None => ok &= line.at == at && line.len == len && line.hash == h,
            Some(expected) => {
                run = run_hash(run, line.hash);
                count += 1;
                if line.at + line.len == at + len {
                    ok &= run == h && count == expected;
                } else {
                    ok &= line.at + line.len < at + len;
                    return Ok(());
                }
            }
        }
        (run, count) = (FNV_START, 0);
        current = spans.next();
        Ok(())
    })?;
    Ok(ok && reached == end && current.is_none())
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

fn index_bytes(lines: &[IndexLine]) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    for line in lines {
        serde_json::to_writer(&mut bytes, line).map_err(io::Error::other)?;
        bytes.push(b'\n');
    }
    Ok(bytes)
}

fn write_index(disk: &dyn Disk, index: &Path, lines: &[IndexLine]) -> io::Result<()> {
    let mut bytes = index_bytes(&[IndexLine::Header {
        index: INDEX_VERSION,
        history: HISTORY_VERSION,
    }])?;
    bytes.extend(index_bytes(lines)?);
    write_atomic(disk, index, &bytes)
}

fn append_index(disk: &dyn Disk, index: &Path, lines: &[IndexLine]) -> io::Result<()> {
    if !disk.exists(index) {
        return write_index(disk, index, lines);
    }
    disk.append(index, &index_bytes(lines)?)?;
    disk.sync_file(index)
}
