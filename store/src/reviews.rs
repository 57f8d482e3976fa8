//! Stored match reviews of earlier versions, read to upgrade a data folder (see
//! [`crate::legacy`]): `history/reviews.jsonl`, one line per reviewed match,
//! `{"v":1,"match_id":"…","review":{…}}`. A line over [`MAX_REVIEW_LINE_BYTES`], of another
//! version or that does not parse is skipped and counted; the first readable line for a match is
//! its review; a log over [`MAX_REVIEW_LOG_BYTES`] is not read (the upgrade waits, nothing saved).
//!
//! Deliberately absent: writing the old format.

use serde::Deserialize;
use serde::de::IgnoredAny;

/// The review-line format (`"v"`) earlier versions wrote.
pub const REVIEW_VERSION: u32 = 1;

/// Longest review line (with its newline) parsed.
pub const MAX_REVIEW_LINE_BYTES: u64 = 2 * 1024 * 1024;

/// Largest review log that is read.
pub const MAX_REVIEW_LOG_BYTES: u64 = 256 * 1024 * 1024;

/// A review line's parts: the review must be there, its content is the caller's to check.
#[derive(Deserialize)]
struct LineIn {
    match_id: String,
    #[serde(rename = "review")]
    _review: IgnoredAny,
}

/// The match id of a readable review line, or why it is not one.
pub(crate) fn check_line(line: &[u8]) -> Result<String, String> {
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
        Ok(_) => match serde_json::from_slice::<LineIn>(line) {
            Ok(parsed) if parsed.match_id.is_empty() => Err("no match id".into()),
            Ok(parsed) => Ok(parsed.match_id),
            Err(error) => Err(format!("not a review: {error}")),
        },
        Err(error) => Err(format!("not valid: {error}")),
    }
}
