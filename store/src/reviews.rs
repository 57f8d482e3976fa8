//! Stored match reviews: `history/reviews.jsonl`, an append-only JSON-Lines log beside the
//! history log, one line per reviewed match: `{"v":1,"match_id":"…","review":{…}}`.
//!
//! A review is computed once (it takes seconds) and kept with its match, so reopening it is
//! instant. The log follows the history log's rules: lines are only appended, each append
//! returns once it is `fsync`ed (and the folder, for a new file); a torn last line is saved to
//! `reviews.jsonl.torn-<UTC>` before it is cut off (the shared `history::repair_tail`); lines
//! over [`MAX_REVIEW_LINE_BYTES`], of an unsupported version or that do not parse as a review
//! stay in the file, are skipped and reported as one warning (how many, where the first is). The
//! log is read incrementally; one over [`MAX_REVIEW_LOG_BYTES`] is not read at all. The first readable line for a match
//! is its review: a second one is never appended, so a stored review is never replaced.
//!
//! The review's type belongs to the caller (the engine's analysis); this module checks that each
//! line parses as it. Deliberately absent: an index file (a review log is read whole, once per
//! change of its size or modification time), deleting or re-running reviews.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::atomic::parent_dir;
use crate::disk::{Disk, too_large};
use crate::history::{Unreadable, json_line, read_checked, repair_tail};
use crate::lines::for_each_line;
use crate::warning::StoreWarning;

/// The review-line format (`"v"`) this build writes and reads.
pub const REVIEW_VERSION: u32 = 1;

/// Longest review line (with its newline) written or parsed; a two-player hand's review is
/// about 10 KB (docs/persistence.md).
pub const MAX_REVIEW_LINE_BYTES: u64 = 2 * 1024 * 1024;

/// Largest review log that is read: about 25,000 reviews of 10 KB. A larger one is left
/// untouched and unread, and nothing is saved in that run.
pub const MAX_REVIEW_LOG_BYTES: u64 = 256 * 1024 * 1024;

#[derive(Serialize)]
struct LineOut<'a, R> {
    v: u32,
    match_id: &'a str,
    review: &'a R,
}

#[derive(Deserialize)]
struct LineIn<R> {
    match_id: String,
    review: R,
}

/// Where a readable review line is, and the hash of its bytes when it was checked.
#[derive(Debug, Clone, Copy)]
struct Span {
    at: u64,
    len: u64,
    h: u64,
}

/// The checked lines, valid while the log keeps its length and modification time.
#[derive(Debug)]
struct Cache {
    key: Option<(u64, SystemTime)>,
    /// Match ids in log order with their lines.
    spans: Vec<(String, Span)>,
}

/// The review log in one data folder. All methods expect the caller to hold the data-folder
/// lock.
#[derive(Debug)]
pub struct ReviewLog {
    path: PathBuf,
    cache: Option<Cache>,
}

impl ReviewLog {
    /// The log `<data dir>/history/reviews.jsonl` (created on the first review).
    pub fn new(data_dir: &Path) -> Self {
        Self {
            path: data_dir.join("history").join("reviews.jsonl"),
            cache: None,
        }
    }

    /// The log file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves a torn last line aside and cuts it off (a last line that reads as a review of type
    /// `R` and lacks only its newline gets one). The store calls this when it opens, with any
    /// JSON as `R`, so a crash's leftovers are dealt with before anything else is written.
    pub fn repair<R: DeserializeOwned>(
        &self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<()> {
        if let Some(len) = disk.file_len(&self.path)?
            && len > MAX_REVIEW_LOG_BYTES
        {
            return Err(too_large(len, MAX_REVIEW_LOG_BYTES));
        }
        if let Some((moved_to, bytes)) =
            repair_tail(disk, &self.path, MAX_REVIEW_LINE_BYTES, |t| {
                check::<R>(t).is_ok()
            })?
        {
            warnings.push(StoreWarning::ReviewTornLine {
                moved_to: moved_to.display().to_string(),
                bytes,
            });
        }
        Ok(())
    }

    /// Repairs a torn tail and checks every line as a review of type `R`, adding to `warnings`
    /// what was worked around. Returns the reviewed match ids with their lines, in log order.
    fn reconcile<R: DeserializeOwned>(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<&[(String, Span)]> {
        self.repair::<R>(disk, warnings)?;
        let len = disk.file_len(&self.path)?.unwrap_or(0);
        let key = disk.modified(&self.path).map(|time| (len, time));
        let cache = match self.cache.take() {
            Some(cache) if key.is_some() && cache.key == key => cache,
            _ => Cache {
                spans: self.scan::<R>(disk, len, warnings)?,
                key,
            },
        };
        Ok(&self.cache.insert(cache).spans)
    }

    /// Every readable line of the first `len` bytes; the first line wins for a match id.
    fn scan<R: DeserializeOwned>(
        &self,
        disk: &dyn Disk,
        len: u64,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<Vec<(String, Span)>> {
        if len == 0 {
            return Ok(Vec::new());
        }
        let mut spans: Vec<(String, Span)> = Vec::new();
        let mut ids = HashSet::new();
        let mut unreadable = Unreadable::default();
        for_each_line(disk, &self.path, 0, len, MAX_REVIEW_LINE_BYTES, |line| {
            let span = Span {
                at: line.at,
                len: line.len,
                h: line.hash,
            };
            let checked = line.bytes.map_or_else(|| Err(String::new()), check::<R>);
            match checked {
                Ok(id) if ids.insert(id.clone()) => spans.push((id, span)),
                Ok(_) => {}
                Err(_) => unreadable.add(span.at, 1),
            }
            Ok(())
        })?;
        unreadable.report(
            warnings,
            |w| matches!(w, StoreWarning::UnreadableReviews { .. }),
            |lines, first_at| StoreWarning::UnreadableReviews { lines, first_at },
        );
        Ok(spans)
    }

    /// The review of match `id`, if one is stored. A line whose bytes changed since it was
    /// checked is an error, never another match's review.
    pub fn read<R: DeserializeOwned>(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
        id: &str,
    ) -> io::Result<Option<R>> {
        let Some(span) = self
            .reconcile::<R>(disk, warnings)?
            .iter()
            .find(|(known, _)| known == id)
            .map(|(_, span)| *span)
        else {
            return Ok(None);
        };
        self.read_span(disk, span).map(|(_, review)| Some(review))
    }

    /// Every stored review in log order, with its match id.
    pub fn all<R: DeserializeOwned>(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
    ) -> io::Result<Vec<(String, R)>> {
        let spans: Vec<Span> = self
            .reconcile::<R>(disk, warnings)?
            .iter()
            .map(|(_, span)| *span)
            .collect();
        spans
            .into_iter()
            .map(|span| self.read_span(disk, span))
            .collect()
    }

    fn read_span<R: DeserializeOwned>(
        &self,
        disk: &dyn Disk,
        span: Span,
    ) -> io::Result<(String, R)> {
        let line = read_checked(disk, &self.path, (span.at, span.len, span.h))?;
        let parsed: LineIn<R> = serde_json::from_slice(&line).map_err(io::Error::other)?;
        Ok((parsed.match_id, parsed.review))
    }

    /// Appends the review of match `id`, returning once it is durable. Returns false, writing
    /// nothing, if the match already has a stored review. A line over
    /// [`MAX_REVIEW_LINE_BYTES`] is refused.
    pub fn append<R: Serialize + DeserializeOwned>(
        &mut self,
        disk: &dyn Disk,
        warnings: &mut Vec<StoreWarning>,
        id: &str,
        review: &R,
    ) -> io::Result<bool> {
        disk.create_dir_all(parent_dir(&self.path)?)?;
        if self
            .reconcile::<R>(disk, warnings)?
            .iter()
            .any(|(known, _)| known == id)
        {
            return Ok(false);
        }
        let line = review_line(id, review)?;
        let created = !disk.exists(&self.path);
        disk.append(&self.path, &line)?;
        disk.sync_file(&self.path)?;
        if created {
            disk.sync_dir(parent_dir(&self.path)?)?;
        }
        self.cache = None;
        Ok(true)
    }
}

/// The log line for a review, with its newline; refused over [`MAX_REVIEW_LINE_BYTES`].
fn review_line<R: Serialize>(id: &str, review: &R) -> io::Result<Vec<u8>> {
    json_line(
        &LineOut {
            v: REVIEW_VERSION,
            match_id: id,
            review,
        },
        MAX_REVIEW_LINE_BYTES,
    )
}

/// The match id of a readable review line, or why it is not one.
fn check<R: DeserializeOwned>(line: &[u8]) -> Result<String, String> {
    let len = line.len() as u64;
    if len > MAX_REVIEW_LINE_BYTES {
        return Err(format!("{len} bytes, longer than {MAX_REVIEW_LINE_BYTES}"));
    }
    #[derive(Deserialize)]
    struct Version {
        v: u64,
    }
    match serde_json::from_slice::<Version>(line) {
        Ok(head) if head.v != u64::from(REVIEW_VERSION) => Err(format!(
            "review format {} is not supported by this version",
            head.v
        )),
        Ok(_) => match serde_json::from_slice::<LineIn<R>>(line) {
            Ok(parsed) if parsed.match_id.is_empty() => Err("no match id".into()),
            Ok(parsed) => Ok(parsed.match_id),
            Err(error) => Err(format!("not a review: {error}")),
        },
        Err(error) => Err(format!("not valid: {error}")),
    }
}
