//! The review commands: thin adapters over [`crate::review`] and the store. `start_review` answers
//! a stored review at once; otherwise it registers the review (refused while one of the same
//! match runs), runs the engine's analysis on a blocking thread without holding any lock, stores
//! the result with the match and answers it. `review_progress` and `cancel_review` are polled by
//! the UI while it waits; `get_review` reads a stored review; `review_stats` gathers the digests
//! of every stored review for the Statistics screen. A review stored by an earlier format is read
//! on today's scale (`MatchReview::upgrade`); the stored review is never rewritten.

use briscola::ai::review::{MatchReview, Progress};
use tauri::State;

use crate::error::{AppError, CommandError, ErrorKind};
use crate::input::Input;
use crate::review::{ReviewDigest, ReviewJobs, ReviewStats, review_error, review_stats as gather};
use crate::state::{AppState, MatchRecord};

/// The stored review of finished match `id`, computing and storing it first if there is none.
/// Runs off the main thread; refused while a review of the same match runs.
#[tauri::command]
pub async fn start_review(
    state: State<'_, AppState>,
    jobs: State<'_, ReviewJobs>,
    id: Input<String>,
) -> Result<MatchReview, AppError> {
    let id = id.get("id")?;
    let job = jobs.begin(&id)?;
    let found = {
        let id = id.clone();
        state
            .with_store_blocking(move |store| {
                if let Some(review) = store.review::<MatchReview>(&id)? {
                    return Ok(Err(review.upgrade()));
                }
                let entry = store
                    .history_entry::<MatchRecord>(&id)?
                    .ok_or(CommandError::MatchNotFound { match_id: id })?;
                Ok(Ok(entry.record))
            })
            .await?
    };
    let record = match found {
        Ok(record) => record,
        Err(stored) => return Ok(stored),
    };
    let (job, review) = tauri::async_runtime::spawn_blocking(move || {
        let review = job.run(&record);
        (job, review)
    })
    .await
    .map_err(|error| AppError::new(ErrorKind::Internal, error.to_string()))?;
    let review = review.map_err(|error| AppError {
        message: format!("reviewing match {id}: {error}"),
        ..review_error(&error).into()
    })?;
    state
        .with_store_blocking(move |store| {
            let digest = ReviewDigest::of(review.clone());
            let stored = if store.append_review(&id, &review, &digest)? {
                Some(review)
            } else {
                // Another app instance stored one first: that one is the match's review.
                store.review::<MatchReview>(&id)?.map(MatchReview::upgrade)
            };
            drop(job);
            stored.ok_or_else(|| AppError::new(ErrorKind::Internal, "review not kept"))
        })
        .await
}

/// How far the running review of match `id` has come; `null` when none runs.
#[tauri::command]
pub fn review_progress(
    jobs: State<'_, ReviewJobs>,
    id: Input<String>,
) -> Result<Option<Progress>, AppError> {
    Ok(jobs.progress(&id.get("id")?))
}

/// Stops the running review of match `id` (its `start_review` then fails as cancelled); false when
/// none runs. Nothing is stored.
#[tauri::command]
pub fn cancel_review(jobs: State<'_, ReviewJobs>, id: Input<String>) -> Result<bool, AppError> {
    Ok(jobs.cancel(&id.get("id")?))
}

/// The stored review of match `id`, if it was reviewed.
#[tauri::command]
pub async fn get_review(
    state: State<'_, AppState>,
    id: Input<String>,
) -> Result<Option<MatchReview>, AppError> {
    let id = id.get("id")?;
    state
        .with_store_blocking(move |store| {
            Ok(store.review::<MatchReview>(&id)?.map(MatchReview::upgrade))
        })
        .await
}

/// Every stored review's accuracy with its match's ruleset, levels and date, and the player's
/// habits added up across them: one query over the reviewed matches' index columns and the
/// reviews' digests (`ReviewDigest`), never a summary, a review or the whole history. A review without a digest of
/// today's format (imported from an earlier version's files, or digested by an earlier build) is
/// read once and its digest kept; one that does not read is left out.
#[tauri::command]
pub async fn review_stats(state: State<'_, AppState>) -> Result<ReviewStats, AppError> {
    state
        .with_store_blocking(|store| {
            let (mut reviewed, mut undigested) = (Vec::new(), Vec::new());
            store.for_each_review_digest::<ReviewDigest>(|row, digest| {
                match digest.filter(ReviewDigest::is_usable) {
                    Some(digest) => reviewed.push((row, digest)),
                    None => undigested.push(row),
                }
            })?;
            for row in undigested {
                let Ok(Some(review)) = store.review::<MatchReview>(&row.id) else {
                    continue;
                };
                let digest = ReviewDigest::of(review);
                // Not kept when the disk refuses: made again next time.
                let _ = store.set_review_digest(&row.id, &digest);
                reviewed.push((row, digest));
            }
            Ok(gather(reviewed))
        })
        .await
}

#[cfg(test)]
mod tests;
