//! Reviewing finished matches in the app, without Tauri: the running reviews ([`ReviewJobs`]: their
//! progress, cancelling them, one at a time per match) and running the engine's analysis
//! ([`briscola::ai::review`]) of the player's seat with that progress and cancel flag.
//!
//! The commands (`commands/review.rs`) run a review on a blocking thread and store the result with
//! the match (`Store::append_review`); this module holds no files and no threads of its own.
//! Deliberately absent: a queue (a second review of the same match is refused, not queued) and any
//! wording — progress, errors and the review itself are data.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use briscola::ai::Level;
use briscola::ai::review::{
    Flow, HabitStat, HabitTotals, MatchReview, Progress, ReviewConfig, ReviewError, review_match,
};
use briscola::{MatchRecord, Preset, Seat};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::error::CommandError;
use briscola_store::ReviewedRow;

/// The seat whose play is reviewed: the human's (the session always seats the player at 0).
pub const PLAYER_SEAT: Seat = 0;

/// Worlds per decision: Hard's default budget (tests use fewer, through [`ReviewJobs::with_worlds`]).
fn default_worlds() -> u32 {
    briscola::ai::Budget::default().worlds
}

/// One running review: how far it got and whether it was asked to stop.
#[derive(Debug, Default)]
struct Job {
    done: AtomicU32,
    total: AtomicU32,
    cancel: AtomicBool,
}

/// The reviews running now, by match id. Shared by every command (cheap to clone).
#[derive(Debug, Clone)]
pub struct ReviewJobs {
    running: Arc<Mutex<HashMap<String, Arc<Job>>>>,
    worlds: u32,
}

impl Default for ReviewJobs {
    fn default() -> Self {
        Self::with_worlds(default_worlds())
    }
}

/// A running review, registered in [`ReviewJobs`] until it is dropped.
#[derive(Debug)]
pub struct JobHandle {
    id: String,
    job: Arc<Job>,
    jobs: ReviewJobs,
}

impl ReviewJobs {
    /// Reviews that sample `worlds` worlds per decision (the app uses Hard's default budget).
    pub fn with_worlds(worlds: u32) -> Self {
        Self {
            running: Arc::default(),
            worlds,
        }
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Job>>> {
        // The map holds only counters, which a panic cannot leave half-changed.
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Registers a review of match `id`; refused while another review of it runs.
    pub fn begin(&self, id: &str) -> Result<JobHandle, CommandError> {
        let mut running = self.running();
        if running.contains_key(id) {
            return Err(CommandError::ReviewRunning);
        }
        let job = Arc::new(Job::default());
        running.insert(id.to_owned(), job.clone());
        Ok(JobHandle {
            id: id.to_owned(),
            job,
            jobs: self.clone(),
        })
    }

    /// How far the review of match `id` has come, if one is running.
    pub fn progress(&self, id: &str) -> Option<Progress> {
        self.running().get(id).map(|job| Progress {
            done: job.done.load(Ordering::Relaxed),
            total: job.total.load(Ordering::Relaxed),
        })
    }

    /// Asks the review of match `id` to stop; false if none is running.
    pub fn cancel(&self, id: &str) -> bool {
        self.running()
            .get(id)
            .map(|job| job.cancel.store(true, Ordering::Relaxed))
            .is_some()
    }
}

impl Drop for JobHandle {
    fn drop(&mut self) {
        self.jobs.running().remove(&self.id);
    }
}

impl JobHandle {
    /// Reviews the player's decisions in `record`, reporting progress to the registry and
    /// stopping with [`ReviewError::Cancelled`] once cancelled. The worlds are drawn from the
    /// review's one seed ([`briscola::ai::review::SEED`]) as the hints draw them, so reviewing a
    /// match twice gives the same result, and the hints given during it.
    pub fn run(&self, record: &MatchRecord) -> Result<MatchReview, ReviewError> {
        let config = ReviewConfig {
            worlds: self.jobs.worlds,
            ..ReviewConfig::new(PLAYER_SEAT)
        };
        review_match(record, &config, |progress| {
            self.job.total.store(progress.total, Ordering::Relaxed);
            self.job.done.store(progress.done, Ordering::Relaxed);
            if self.job.cancel.load(Ordering::Relaxed) {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
    }
}

/// The command error for a review the engine could not finish.
pub fn review_error(error: &ReviewError) -> CommandError {
    match error {
        ReviewError::Cancelled => CommandError::ReviewCancelled,
        // The app's own records replay and seat 0 is always at the table: either is a broken
        // history line, reported without a reason (the English message keeps it for logs).
        ReviewError::Record { .. } | ReviewError::Seat { .. } => CommandError::ReviewFailed,
    }
}

/// One reviewed match for the Statistics screen: when, what was played against whom, how well.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ReviewedMatch {
    /// The match's id in the history.
    pub id: String,
    /// When it finished (ms since the Unix epoch).
    #[ts(type = "number")]
    pub finished_at_ms: i64,
    /// The preset played.
    pub preset: Preset,
    /// Players at the table.
    pub players: u8,
    /// The AI opponents' levels, seat 1 first (people at a friends' table left out).
    pub opponents: Vec<Level>,
    /// Whether people sat at the table (a match with friends).
    pub with_people: bool,
    /// The match's accuracy (0–100), `None` when no decision was rated.
    pub accuracy: Option<f32>,
    /// Each hand's accuracy, in order.
    pub hands: Vec<Option<f32>>,
}

/// Every stored review for the Statistics screen, and the habits found across them.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
pub struct ReviewStats {
    /// Reviewed matches still in the history, oldest finish first.
    pub matches: Vec<ReviewedMatch>,
    /// The player's habits over those reviews (the engine's aggregation).
    pub habits: Vec<HabitStat>,
}

/// What the Statistics screen needs of one stored review, kept beside it in the store
/// (`Store::append_review`) so that statistics over every review read these few bytes, never the
/// reviews: the accuracies and the habits' sums of the review read on today's scale.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewDigest {
    /// The review format it was made from ([`MatchReview::VERSION`]): one of an earlier format is
    /// made again from its review.
    pub version: u32,
    /// The match's accuracy.
    pub accuracy: Option<f32>,
    /// Each hand's accuracy, in order.
    pub hands: Vec<Option<f32>>,
    /// The habits shown, added up.
    pub habits: HabitTotals,
}

impl ReviewDigest {
    /// The digest of `review`, read on today's scale ([`MatchReview::upgrade`]).
    pub fn of(review: MatchReview) -> ReviewDigest {
        let review = review.upgrade();
        ReviewDigest {
            version: MatchReview::VERSION,
            accuracy: review.accuracy,
            hands: review.hands.iter().map(|hand| hand.accuracy).collect(),
            habits: HabitTotals::of(&review),
        }
    }

    /// Whether it was made from a review on today's scale and holds no more hands than a match
    /// can (one that fails either is made again from its review).
    pub fn is_usable(&self) -> bool {
        self.version == MatchReview::VERSION
            && self.hands.len() <= briscola_store::summary::MAX_HANDS
    }
}

/// The statistics of the reviewed matches, each with its review's digest.
pub fn review_stats(mut reviewed: Vec<(ReviewedRow, ReviewDigest)>) -> ReviewStats {
    reviewed.sort_by_key(|(row, _)| row.finished_at_ms);
    let mut habits = HabitTotals::default();
    for (_, digest) in &reviewed {
        habits.merge(&digest.habits);
    }
    ReviewStats {
        habits: habits.stats(),
        matches: reviewed
            .into_iter()
            .map(|(row, digest)| ReviewedMatch {
                opponents: row.opponents,
                with_people: row.with_people,
                id: row.id,
                finished_at_ms: row.finished_at_ms,
                preset: row.preset,
                players: row.players,
                accuracy: digest.accuracy,
                hands: digest.hands,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests;
