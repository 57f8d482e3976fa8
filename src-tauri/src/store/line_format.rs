// The history log's line rules, in one file shared by the app (`store::history`) and the
// command line (`src/cli/history.rs`, which cannot depend on the app crate), both through
// `include!`, so the two readers can never disagree on which lines they accept. It holds only
// these items.

/// The history-line format (`"v"`) this build writes.
pub const HISTORY_VERSION: u32 = 2;

/// Longest history line (with its newline) that is written or parsed: far above any real match
/// record; a longer line is left unread and reported, and a record that long is refused.
pub const MAX_LINE_BYTES: u64 = 1024 * 1024;

/// Whether a history line of format `v` can be read by this build (`1..=HISTORY_VERSION`).
pub const fn supported_history_version(v: u64) -> bool {
    v >= 1 && v <= HISTORY_VERSION as u64
}
