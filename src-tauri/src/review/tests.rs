//! Running reviews without Tauri: one at a time per match, progress, cancelling, the same result
//! for the same match, and the statistics gathered from stored reviews.

use briscola::ai::Level;
use briscola::ai::review::{MatchReview, Progress, ReviewError};
use briscola::{MatchFormat, MatchRecord, Preset};

use super::*;
use crate::history::MatchSummary;
use crate::session::tests::{play_match, setup};

/// Few worlds per decision: these tests check the plumbing, not the ratings.
const WORLDS: u32 = 2;

fn finished(seed: u64, finished_ms: i64) -> (MatchSummary, MatchRecord) {
    let entry = play_match(
        &setup(Preset::Briscola, 2, MatchFormat::SingleHand),
        seed,
        finished_ms,
    )
    .entry();
    (entry.summary, entry.record)
}

#[test]
fn a_second_review_of_the_same_match_is_refused_while_one_runs() {
    let jobs = ReviewJobs::with_worlds(WORLDS);
    let first = jobs.begin("m1").expect("first");
    assert_eq!(
        jobs.begin("m1").expect_err("refused"),
        CommandError::ReviewRunning
    );
    let other = jobs.begin("m2").expect("another match may be reviewed");
    drop(first);
    assert!(
        jobs.begin("m1").is_ok(),
        "allowed again once the first ended"
    );
    drop(other);
}

#[test]
fn progress_is_reported_and_the_result_is_the_same_for_the_same_match() {
    let (_, record) = finished(7, 1_000);
    let jobs = ReviewJobs::with_worlds(WORLDS);
    assert_eq!(jobs.progress("m"), None);
    let job = jobs.begin("m").expect("begins");
    assert_eq!(jobs.progress("m"), Some(Progress { done: 0, total: 0 }));
    let review = job.run(&record).expect("reviewed");
    let total = review.hands.iter().map(|h| h.decisions.len() as u32).sum();
    assert!(total > 0);
    assert_eq!(jobs.progress("m"), Some(Progress { done: total, total }));
    drop(job);
    assert_eq!(jobs.progress("m"), None, "gone once the review ended");
    let again = jobs
        .begin("m")
        .expect("begins")
        .run(&record)
        .expect("reviewed");
    assert_eq!(again, review, "deterministic for the match");
    assert_eq!(review.worlds, WORLDS);
    assert_eq!(review.seat, PLAYER_SEAT);
}

#[test]
fn a_cancelled_review_stops_with_cancelled() {
    let (_, record) = finished(8, 1_000);
    let jobs = ReviewJobs::with_worlds(WORLDS);
    assert!(!jobs.cancel("m"), "nothing to cancel");
    let job = jobs.begin("m").expect("begins");
    assert!(jobs.cancel("m"));
    let error = job.run(&record).expect_err("stopped");
    assert_eq!(error, ReviewError::Cancelled);
    assert_eq!(review_error(&error), CommandError::ReviewCancelled);
}

#[test]
fn statistics_from_digests_keep_finishing_order_and_add_up_to_the_reviews_habits() {
    let (early, early_record) = finished(9, 2_000);
    let (late, late_record) = finished(10, 5_000);
    let jobs = ReviewJobs::with_worlds(WORLDS);
    let review = |record: &MatchRecord| -> MatchReview {
        jobs.begin("x")
            .expect("begins")
            .run(record)
            .expect("reviewed")
    };
    let reviews = [
        (late.clone(), review(&late_record)),
        (early.clone(), review(&early_record)),
    ];
    let digested = reviews
        .iter()
        .map(|(summary, review)| (ReviewedRow::of(summary), ReviewDigest::of(review.clone())))
        .collect();
    let stats = review_stats(digested);
    let ids: Vec<&str> = stats.matches.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, [early.id.as_str(), late.id.as_str()]);
    let first = &stats.matches[0];
    assert_eq!(first.preset, Preset::Briscola);
    assert_eq!(first.players, 2);
    assert_eq!(first.opponents, [Level::Easy]);
    assert_eq!(first.accuracy, reviews[1].1.accuracy);
    let hands: Vec<Option<f32>> = reviews[1].1.hands.iter().map(|h| h.accuracy).collect();
    assert_eq!(first.hands, hands);
    let expected = briscola::ai::review::habit_stats([&reviews[1].1, &reviews[0].1]);
    assert_eq!(
        stats.habits, expected,
        "the digests add up to the reviews' habits"
    );
}
