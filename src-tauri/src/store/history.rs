//! The match history: an append-only JSON-Lines log of finished matches plus a derived index
//! that makes listing thousands of matches cheap.
//!
//! * `history/records.jsonl` is the source of truth, one line per match:
//!   `{"v":2,"summary":{…},"record":{…}}` (older lines keep their version; their summaries are
//!   upgraded when read, see [`crate::history::read_summary`]). Lines are only ever appended; the one exception is
//!   a torn last line (a crash mid-append), whose bytes are first saved to a side file
//!   `records.jsonl.torn-<timestamp>` and then cut off, so the next append starts clean.
//! * `history/index.jsonl` holds, per record line, its byte range and its summary (or why the
//!   line is unreadable). It is checked against the log under the data-folder lock before every
//!   use, extended for lines appended by another process, and rebuilt from the log whenever it
//!   does not fit, so losing or corrupting it loses nothing.
//!
//! Unreadable lines (corrupt, or from a newer app version) stay in the log, are left out of
//! listings and are reported once per run. Deliberately absent: deleting or editing matches.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::atomic::{create_new_durable, sync_dir, write_atomic};
use super::quarantine::fresh_side_path;
use super::warning::{StoreWarning, WarningKind};
use crate::history::{MatchSummary, read_summary};

/// The record-line format this build writes; it reads every earlier one.
pub const HISTORY_VERSION: u32 = 2;
/// The first line of an exported history file.
pub const EXPORT_FORMAT: &str = "briscola-history";
const INDEX_VERSION: u32 = 1;
/// Largest history file accepted by import.
const MAX_IMPORT_BYTES: u64 = 256 * 1024 * 1024;

/// A finished match: its summary and the full replayable record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct HistoryEntry<R> {
    /// What the history list shows.
    pub summary: MatchSummary,
    /// Everything needed to replay the match.
    pub record: R,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct ImportReport {
    /// Matches added to the history.
    pub imported: u32,
    /// Matches skipped because their id was already present.
    pub duplicates: u32,
    /// Lines that were not valid matches, with the reason.
    pub rejected: Vec<RejectedLine>,
}

/// A line of an imported file that was refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct RejectedLine {
    /// 1-based line number in the imported file.
    pub line: u32,
    /// Why it was refused.
    pub reason: String,
}

/// Why an import file was refused as a whole.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read.
    #[error("cannot read the file: {0}")]
    Io(#[from] io::Error),
    /// The file is not a Briscola history export.
    #[error("not a Briscola history file: {0}")]
    NotHistory(String),
}

#[derive(Serialize)]
struct LineOut<'a, R> {
    v: u32,
    summary: &'a MatchSummary,
    record: &'a R,
}

#[derive(Deserialize)]
struct LineVersion {
    v: u32,
}

#[derive(Deserialize)]
struct LineRecord<R> {
    record: R,
}

#[derive(Serialize, Deserialize)]
struct ExportHeader {
    format: String,
    version: u32,
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
        summary: MatchSummary,
    },
    Skip {
        at: u64,
        len: u64,
        reason: String,
    },
}

/// A readable match in the log: where its line is and its summary.
#[derive(Debug, Clone)]
pub struct Indexed {
    at: u64,
    len: u64,
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

/// The parsed index, valid while the log and index files keep the size and modification
/// time they had when it was read: listing again then costs no file reads.
#[derive(Debug)]
struct Cache {
    key: CacheKey,
    lines: Vec<IndexLine>,
}

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
    pub fn reconcile(&mut self, warnings: &mut Vec<StoreWarning>) -> io::Result<Vec<Indexed>> {
        if let Some(dir) = self.records.parent() {
            fs::create_dir_all(dir)?;
        }
        if let Some(warning) = repair_torn_tail(&self.records)? {
            warnings.push(warning);
        }
        let records_len = file_len(&self.records)?;
        let fresh = self
            .cache
            .as_ref()
            .is_some_and(|cache| Some(cache.key) == self.cache_key(records_len));
        if !fresh {
            let lines = self.load_index(records_len)?;
            self.cache = self.cache_key(records_len).map(|key| Cache { key, lines });
        }
        let lines = self
            .cache
            .as_ref()
            .map_or(&[][..], |cache| &cache.lines[..]);
        let mut readable = Vec::with_capacity(lines.len());
        for line in lines {
            match line {
                IndexLine::Entry { at, len, summary } => readable.push(Indexed {
                    at: *at,
                    len: *len,
                    summary: summary.clone(),
                }),
                IndexLine::Skip { at, reason, .. } => {
                    if self.reported.insert(*at) {
                        warnings.push(StoreWarning {
                            kind: WarningKind::UnreadableLine,
                            path: self.records.display().to_string(),
                            message: format!(
                                "A history entry (byte {at}) could not be read ({reason}); it is kept in the file and left out of the list."
                            ),
                        });
                    }
                }
                IndexLine::Header { .. } => {}
            }
        }
        Ok(readable)
    }

    fn cache_key(&self, records_len: u64) -> Option<CacheKey> {
        let meta = fs::metadata(&self.index).ok()?;
        Some((records_len, meta.len(), meta.modified().ok()?))
    }

    /// The index lines, after extending or rebuilding the index file to fit the log.
    fn load_index(&self, records_len: u64) -> io::Result<Vec<IndexLine>> {
        Ok(match read_index(&self.index, records_len)? {
            Some((mut lines, end)) => {
                if end < records_len {
                    let fresh = scan(&self.records, end)?;
                    append_index(&self.index, &fresh)?;
                    lines.extend(fresh);
                }
                lines
            }
            None => {
                let lines = scan(&self.records, 0)?;
                write_index(&self.index, &lines)?;
                lines
            }
        })
    }

    /// Appends new matches. `known` must be the result of [`HistoryLog::reconcile`] under the
    /// same lock; matches whose id is already there are skipped. Returns how many were added.
    pub fn append<R: Serialize>(
        &mut self,
        known: &[Indexed],
        entries: &[HistoryEntry<R>],
    ) -> io::Result<u32> {
        let mut ids: HashSet<&str> = known.iter().map(|i| i.summary.id.as_str()).collect();
        let mut start = file_len(&self.records)?;
        let mut bytes = Vec::new();
        let mut index_lines = Vec::new();
        for entry in entries {
            if !ids.insert(entry.summary.id.as_str()) {
                continue;
            }
            let mut line = serde_json::to_vec(&LineOut {
                v: HISTORY_VERSION,
                summary: &entry.summary,
                record: &entry.record,
            })
            .map_err(io::Error::other)?;
            line.push(b'\n');
            let len = line.len() as u64;
            index_lines.push(IndexLine::Entry {
                at: start,
                len,
                summary: entry.summary.clone(),
            });
            start += len;
            bytes.extend_from_slice(&line);
        }
        if index_lines.is_empty() {
            return Ok(0);
        }
        let created = !self.records.exists();
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.records)?;
        file.write_all(&bytes)?;
        file.sync_data()?;
        if created && let Some(dir) = self.records.parent() {
            sync_dir(dir)?;
        }
        append_index(&self.index, &index_lines)?;
        let added = u32::try_from(index_lines.len()).unwrap_or(u32::MAX);
        let key = self.cache_key(start);
        if let (Some(cache), Some(key)) = (self.cache.as_mut(), key) {
            cache.lines.extend(index_lines);
            cache.key = key;
        }
        Ok(added)
    }

    /// The full entry of match `id`, if it is in `known`.
    pub fn read_entry<R: DeserializeOwned>(
        &self,
        known: &[Indexed],
        id: &str,
    ) -> io::Result<Option<HistoryEntry<R>>> {
        let Some(found) = known.iter().find(|i| i.summary.id == id) else {
            return Ok(None);
        };
        let mut file = File::open(&self.records)?;
        file.seek(SeekFrom::Start(found.at))?;
        let mut line = vec![0; usize::try_from(found.len).map_err(io::Error::other)?];
        file.read_exact(&mut line)?;
        let full: LineRecord<R> = serde_json::from_slice(&line).map_err(io::Error::other)?;
        Ok(Some(HistoryEntry {
            summary: found.summary.clone(),
            record: full.record,
        }))
    }

    /// Writes every readable match to `target` (atomically), after a header line. Returns
    /// how many matches were written.
    pub fn export(&self, known: &[Indexed], target: &Path) -> io::Result<u32> {
        let records = match fs::read(&self.records) {
            Err(error) if error.kind() == io::ErrorKind::NotFound => Vec::new(),
            other => other?,
        };
        let mut out = serde_json::to_vec(&ExportHeader {
            format: EXPORT_FORMAT.into(),
            version: HISTORY_VERSION,
        })
        .map_err(io::Error::other)?;
        out.push(b'\n');
        for item in known {
            let range = usize::try_from(item.at).map_err(io::Error::other)?
                ..usize::try_from(item.at + item.len).map_err(io::Error::other)?;
            let line = records
                .get(range)
                .ok_or_else(|| io::Error::other("history index points past the log"))?;
            out.extend_from_slice(line);
        }
        write_atomic(target, &out)?;
        Ok(u32::try_from(known.len()).unwrap_or(u32::MAX))
    }
}

/// Reads and checks an exported file: the entries that can be added (new ids, in file
/// order) and a report of duplicates and refused lines. Nothing is written.
pub fn parse_import<R: DeserializeOwned>(
    source: &Path,
    known: &[Indexed],
) -> Result<(Vec<HistoryEntry<R>>, ImportReport), ImportError> {
    if fs::metadata(source)?.len() > MAX_IMPORT_BYTES {
        return Err(ImportError::NotHistory(format!(
            "larger than {} MiB",
            MAX_IMPORT_BYTES / 1024 / 1024
        )));
    }
    let text = fs::read(source)?;
    let mut lines = text
        .split(|&b| b == b'\n')
        .enumerate()
        .map(|(n, line)| (n + 1, line.strip_suffix(b"\r").unwrap_or(line)))
        .filter(|(_, line)| !line.iter().all(u8::is_ascii_whitespace));
    let header: ExportHeader = lines
        .next()
        .and_then(|(_, line)| serde_json::from_slice(line).ok())
        .ok_or_else(|| ImportError::NotHistory("the first line is not a history header".into()))?;
    if header.format != EXPORT_FORMAT {
        return Err(ImportError::NotHistory(format!(
            "format is {:?}",
            header.format
        )));
    }
    if header.version > HISTORY_VERSION {
        return Err(ImportError::NotHistory(format!(
            "written by a newer version of Briscola (format {})",
            header.version
        )));
    }
    let mut ids: HashSet<String> = known.iter().map(|i| i.summary.id.clone()).collect();
    let mut accepted = Vec::new();
    let mut report = ImportReport {
        imported: 0,
        duplicates: 0,
        rejected: Vec::new(),
    };
    for (number, line) in lines {
        let line_no = u32::try_from(number).unwrap_or(u32::MAX);
        let reject = |reason: String| RejectedLine {
            line: line_no,
            reason,
        };
        let (v, record) = match (
            serde_json::from_slice::<LineVersion>(line),
            serde_json::from_slice::<LineRecord<R>>(line),
        ) {
            (Ok(head), Ok(full)) => (head.v, full.record),
            (Err(error), _) | (_, Err(error)) => {
                report
                    .rejected
                    .push(reject(format!("not a match: {error}")));
                continue;
            }
        };
        let summary = if v == 0 || v > HISTORY_VERSION {
            Err(format!("unsupported entry version {v}"))
        } else {
            read_summary(v, line).and_then(|summary| summary.validate().map(|()| summary))
        };
        match summary {
            Err(reason) => report.rejected.push(reject(reason)),
            Ok(summary) if !ids.insert(summary.id.clone()) => report.duplicates += 1,
            Ok(summary) => accepted.push(HistoryEntry { summary, record }),
        }
    }
    report.imported = u32::try_from(accepted.len()).unwrap_or(u32::MAX);
    Ok((accepted, report))
}

fn file_len(path: &Path) -> io::Result<u64> {
    match fs::metadata(path) {
        Ok(meta) => Ok(meta.len()),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(0),
        Err(error) => Err(error),
    }
}

/// Saves an incomplete last line to a side file and cuts it off the log.
fn repair_torn_tail(records: &Path) -> io::Result<Option<StoreWarning>> {
    let mut file = match OpenOptions::new().read(true).write(true).open(records) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let len = file.metadata()?.len();
    if len == 0 || last_byte(&mut file, len)? == b'\n' {
        return Ok(None);
    }
    let keep = last_newline_end(&mut file, len)?;
    let mut tail = Vec::new();
    file.seek(SeekFrom::Start(keep))?;
    file.read_to_end(&mut tail)?;
    let side = fresh_side_path(records, "torn")?;
    create_new_durable(&side, &tail)?;
    file.set_len(keep)?;
    file.sync_all()?;
    Ok(Some(StoreWarning {
        kind: WarningKind::TornLine,
        path: side.display().to_string(),
        message: format!(
            "The last history entry was cut short (the app stopped while saving it); its {} bytes were moved to this file.",
            tail.len()
        ),
    }))
}

fn last_byte(file: &mut File, len: u64) -> io::Result<u8> {
    let mut byte = [0];
    file.seek(SeekFrom::Start(len - 1))?;
    file.read_exact(&mut byte)?;
    Ok(byte[0])
}

/// The offset just after the last `\n` in the first `len` bytes (0 if there is none).
fn last_newline_end(file: &mut File, len: u64) -> io::Result<u64> {
    const CHUNK: u64 = 64 * 1024;
    let mut end = len;
    let mut buffer = Vec::new();
    while end > 0 {
        let start = end.saturating_sub(CHUNK);
        buffer.resize(usize::try_from(end - start).map_err(io::Error::other)?, 0);
        file.seek(SeekFrom::Start(start))?;
        file.read_exact(&mut buffer)?;
        if let Some(pos) = buffer.iter().rposition(|&b| b == b'\n') {
            return Ok(start + pos as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

/// The index lines (without header) and the log offset they cover, or `None` if the index
/// is missing, unreadable, from another format or does not fit the log.
fn read_index(index: &Path, records_len: u64) -> io::Result<Option<(Vec<IndexLine>, u64)>> {
    let text = match fs::read(index) {
        Ok(text) => text,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(error),
    };
    let Some(body) = text.strip_suffix(b"\n") else {
        return Ok(None);
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
        return Ok(None);
    }
    let mut parsed = Vec::new();
    let mut end = 0;
    for line in lines {
        let Ok(entry) = serde_json::from_slice::<IndexLine>(line) else {
            return Ok(None);
        };
        let (IndexLine::Entry { at, len, .. } | IndexLine::Skip { at, len, .. }) = entry else {
            return Ok(None);
        };
        if at != end {
            return Ok(None);
        }
        end = at + len;
        parsed.push(entry);
    }
    Ok((end <= records_len).then_some((parsed, end)))
}

/// Index lines for every complete log line from byte `start` on.
fn scan(records: &Path, start: u64) -> io::Result<Vec<IndexLine>> {
    let file = match File::open(records) {
        Ok(file) => file,
        Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error),
    };
    let mut reader = BufReader::new(file);
    reader.seek(SeekFrom::Start(start))?;
    let mut lines = Vec::new();
    let mut at = start;
    let mut line = Vec::new();
    loop {
        line.clear();
        let read = reader.read_until(b'\n', &mut line)?;
        if read == 0 || line.last() != Some(&b'\n') {
            return Ok(lines);
        }
        let len = read as u64;
        lines.push(match classify(&line) {
            Ok(summary) => IndexLine::Entry { at, len, summary },
            Err(reason) => IndexLine::Skip { at, len, reason },
        });
        at += len;
    }
}

fn classify(line: &[u8]) -> Result<MatchSummary, String> {
    match serde_json::from_slice::<LineVersion>(line) {
        Ok(head) if head.v > HISTORY_VERSION => Err(format!(
            "written by a newer version of Briscola (format {})",
            head.v
        )),
        Ok(head) if head.v == 0 => Err("entry format 0 is not supported by this version".into()),
        Ok(head) => {
            let summary = read_summary(head.v, line)?;
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

fn write_index(index: &Path, lines: &[IndexLine]) -> io::Result<()> {
    let mut bytes = index_bytes(&[IndexLine::Header {
        index: INDEX_VERSION,
        history: HISTORY_VERSION,
    }])?;
    bytes.extend(index_bytes(lines)?);
    write_atomic(index, &bytes)
}

fn append_index(index: &Path, lines: &[IndexLine]) -> io::Result<()> {
    if !index.exists() {
        return write_index(index, lines);
    }
    let mut file = OpenOptions::new().append(true).open(index)?;
    file.write_all(&index_bytes(lines)?)?;
    file.sync_data()
}
