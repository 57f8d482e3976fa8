//! The match history: an append-only JSON-Lines log of finished matches plus a derived index
//! that makes listing thousands of matches cheap.
//!
//! * `history/records.jsonl` is the source of truth, one line per match:
//!   `{"v":2,"summary":{…},"record":{…}}` (older lines keep their version; their summaries are
//!   upgraded when read, see [`crate::history::read_summary`]). Lines are only ever appended; the
//!   one exception is
//!   a torn last line (a crash mid-append), whose bytes are first saved to a side file
//!   `records.jsonl.torn-<timestamp>` and then cut off, so the next append starts clean. A last
//!   line that is complete but lacks only its newline is a valid entry: the newline is added.
//! * `history/index.jsonl` holds, per record line, its byte range, a hash of its bytes and its
//!   summary (or why the line is unreadable). It is checked against the log's *content* (every
//!   line's hash) whenever it is read from disk, extended for lines appended by another
//!   process, and rebuilt from the log whenever it does not fit — with an `index-rebuilt`
//!   warning if it was a valid index of some other log (the log was edited outside the app).
//!
//! Lines longer than [`MAX_LINE_BYTES`], from an unsupported format or unparsable stay in the
//! log, are left out of listings and are reported once per run. The line rules are shared with
//! the command line through `line_format.rs`. Deliberately absent: deleting or editing matches.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::atomic::{create_new_durable, parent_dir, write_atomic};
use super::disk::{Disk, too_large};
use super::quarantine::fresh_side_path;
use super::warning::StoreWarning;
use crate::history::{MatchSummary, read_summary};

include!("line_format.rs");

const INDEX_VERSION: u32 = 2;

/// A finished match: its summary and the full replayable record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
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
    Skip {
        at: u64,
        len: u64,
        h: u64,
        reason: String,
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
    reported: HashSet<u64>,
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

impl HistoryLog {
    /// The log under `<data dir>/history/` (created on first write).
    pub fn new(data_dir: &Path) -> Self {
        let dir = data_dir.join("history");
        Self {
            records: dir.join("records.jsonl"),
            index: dir.join("index.jsonl"),
            reported: HashSet::new(),
            cache: None,
        }
    }

    /// The log file (the source of truth).
    pub fn records_path(&self) -> &Path {
        &self.records
    }

    /// Repairs a torn tail, brings the index up to date and returns the readable matches in
    /// log order, adding to `warnings` what was worked around.
    pub fn reconcile(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<Vec<Indexed>> {
        disk.create_dir_all(parent_dir(&self.records)?)?;
        if let Some((moved_to, bytes)) = repair_tail(disk, &self.records, |t| classify(t).is_ok())?
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
                IndexLine::Skip { at, reason, .. } => {
                    if self.reported.insert(*at) {
                        warnings.push(StoreWarning::UnreadableLine {
                            at: *at,
                            detail: reason.clone(),
                        });
                    }
                }
                IndexLine::Header { .. } => {}
            }
        }
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
        let log = disk
            .read_at(&self.records, 0, records_len)
            .or_else(|error| {
                if records_len == 0 {
                    Ok(Vec::new())
                } else {
                    Err(error)
                }
            })?;
        match read_index(disk, &self.index)? {
            IndexState::Fits(mut lines, end) if fits(&lines, &log) => {
                if end < records_len {
                    let fresh = scan(&log, end);
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
                let lines = scan(&log, 0);
                write_index(disk, &self.index, &lines)?;
                Ok(lines)
            }
        }
    }

    /// Appends new matches. `known` must be the result of [`HistoryLog::reconcile`] under the
    /// same lock; matches whose id is already there are skipped. Returns how many were added,
    /// once they are durable. A line over [`MAX_LINE_BYTES`] is refused (nothing is written).
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
        let Some(found) = known.iter().find(|i| i.summary.id == id) else {
            return Ok(None);
        };
        let line = read_checked(disk, &self.records, (found.at, found.len, found.h))?;
        let full: LineRecord<R> = serde_json::from_slice(&line).map_err(io::Error::other)?;
        Ok(Some(HistoryEntry {
            summary: found.summary.clone(),
            record: full.record,
        }))
    }
}

/// The log line for an entry, with its newline; refused over [`MAX_LINE_BYTES`].
pub(super) fn entry_line<R: Serialize>(entry: &HistoryEntry<R>) -> io::Result<Vec<u8>> {
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
pub(super) fn json_line<T: Serialize>(value: &T, cap: u64) -> io::Result<Vec<u8>> {
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
pub(super) fn read_checked(
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

/// 64-bit FNV-1a (shared with the review log): a fast, stable fingerprint of a log line (not a defence against forgery, a
/// check that the index describes these bytes).
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether every index line's range lies in the log and hashes to the recorded value.
fn fits(lines: &[IndexLine], log: &[u8]) -> bool {
    lines
        .iter()
        .filter_map(IndexLine::span)
        .all(|(at, len, h)| {
            let range = usize::try_from(at)
                .ok()
                .zip(usize::try_from(at.saturating_add(len)).ok());
            range
                .and_then(|(start, end)| log.get(start..end))
                .is_some_and(|line| fnv1a(line) == h)
        })
}

/// Saves an incomplete last line of the JSON-Lines log `log` to a side file and cuts it off —
/// unless `complete` says it is a whole entry lacking only its newline, which then gets one.
/// Returns the side file and how many bytes it holds. Shared with the review log.
pub(super) fn repair_tail(
    disk: &dyn Disk,
    log: &Path,
    complete: impl Fn(&[u8]) -> bool,
) -> io::Result<Option<(PathBuf, u64)>> {
    let Some(len) = disk.file_len(log)? else {
        return Ok(None);
    };
    if len == 0 || disk.read_at(log, len - 1, 1)? == b"\n" {
        return Ok(None);
    }
    let keep = last_newline_end(disk, log, len)?;
    let tail = disk.read_at(log, keep, len - keep)?;
    if complete(&tail) {
        disk.append(log, b"\n")?;
        disk.sync_file(log)?;
        return Ok(None);
    }
    let side = fresh_side_path(disk, log, "torn")?;
    create_new_durable(disk, &side, &tail)?;
    disk.truncate(log, keep)?;
    disk.sync_file(log)?;
    Ok(Some((side, tail.len() as u64)))
}

/// The offset just after the last `\n` in the first `len` bytes (0 if there is none).
fn last_newline_end(disk: &dyn Disk, records: &Path, len: u64) -> io::Result<u64> {
    const CHUNK: u64 = 64 * 1024;
    let mut end = len;
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        let buffer = disk.read_at(records, start, end - start)?;
        if let Some(pos) = buffer.iter().rposition(|&b| b == b'\n') {
            return Ok(start + pos as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// What was found in the index file.
enum IndexState {
    /// A well-formed index of contiguous lines covering the log's first `end` bytes (not yet
    /// checked against the log's content).
    Fits(Vec<IndexLine>, u64),
    /// Missing, unparsable or from another format: rebuilt without a warning.
    Unusable,
}

fn read_index(disk: &dyn Disk, index: &Path) -> io::Result<IndexState> {
    let text = match disk.file_len(index)? {
        None => return Ok(IndexState::Unusable),
        Some(len) => disk.read_at(index, 0, len)?,
    };
    let Some(body) = text.strip_suffix(b"\n") else {
        return Ok(IndexState::Unusable);
    };
    let mut lines = body.split(|&b| b == b'\n');
    let header_ok = lines.next().is_some_and(|line| {
        matches!(
            serde_json::from_slice::<IndexLine>(line),
            Ok(IndexLine::Header {
                index: INDEX_VERSION,
                history: HISTORY_VERSION
            })
        )
    });
    if !header_ok {
        return Ok(IndexState::Unusable);
    }
    let mut parsed = Vec::new();
    let mut end = 0u64;
    for line in lines {
        let Ok(entry) = serde_json::from_slice::<IndexLine>(line) else {
            return Ok(IndexState::Unusable);
        };
        match entry.span() {
            Some((at, len, _)) if at == end => end = at.saturating_add(len),
            _ => return Ok(IndexState::Unusable),
        }
        parsed.push(entry);
    }
    Ok(IndexState::Fits(parsed, end))
}

/// Index lines for every complete line of `log` from byte `start` on.
fn scan(log: &[u8], start: u64) -> Vec<IndexLine> {
    let from = usize::try_from(start).unwrap_or(usize::MAX);
    let mut at = start;
    log.get(from..)
        .unwrap_or_default()
        .split_inclusive(|&b| b == b'\n')
        .take_while(|line| line.ends_with(b"\n"))
        .map(|line| {
            let len = line.len() as u64;
            let h = fnv1a(line);
            let indexed = match classify(line) {
                Ok(summary) => IndexLine::Entry {
                    at,
                    len,
                    h,
                    summary,
                },
                Err(reason) => IndexLine::Skip { at, len, h, reason },
            };
            at += len;
            indexed
        })
        .collect()
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
