//! Matches and their records: a [`Match`] of several hands under one [`MatchFormat`] (and the
//! formats a ruleset is offered with, [`FormatChoice`]), the [`SeatedMatch`] a table runs, and the
//! versioned [`Record`]s and [`MatchRecord`]s that replay them, with their typed errors
//! ([`MatchError`], [`RecordError`]).
//!
//! Deliberately absent: storage (records are JSON values the caller keeps) and who sits at a seat.

mod format_choice;
mod match_error;
mod match_play;
mod record;
mod record_error;
mod record_load;
mod seated_match;

pub use format_choice::FormatChoice;
pub use match_error::MatchError;
pub use match_play::{Match, MatchFormat, MatchOutcome, MatchStanding, Stakes};
pub use record::{HandRecord, MatchRecord, Record, RecordSummary, ReplaySummary, summarize};
pub use record_error::RecordError;
pub use seated_match::{SeatError, SeatedMatch};
