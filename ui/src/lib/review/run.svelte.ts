/**
 * Running a match review from the UI: a stored review opens at once; otherwise `start_review` runs
 * in the shell (off its main thread) while this polls `review_progress` for the progress bar, and
 * Cancel asks the shell to stop. One review runs at a time from this window; the shell refuses a
 * second one of the same match anyway.
 */
import type { MatchReview } from '../bindings/MatchReview';
import type { Progress } from '../bindings/Progress';
import { errorKind, errorMessage, shell } from '../shell';

/** The review running now, for the progress bar. */
export const reviewRun: { id: string | null; progress: Progress | null; error: string | null } = $state({
  id: null,
  progress: null,
  error: null,
});

/** How often the progress is asked for, in ms. */
const POLL_MS = 150;

/**
 * The review of match `id`: the stored one, or a new one once it is done. Null when it was
 * cancelled or failed (then `reviewRun.error` says why, in the player's language).
 */
export async function runReview(id: string): Promise<MatchReview | null> {
  reviewRun.error = null;
  try {
    const stored = await shell().getReview(id);
    if (stored) return stored;
  } catch (e) {
    reviewRun.error = errorMessage(e);
    return null;
  }
  reviewRun.id = id;
  reviewRun.progress = { done: 0, total: 0 };
  const timer = setInterval(() => {
    void shell()
      .reviewProgress(id)
      .then((p) => {
        if (p && reviewRun.id === id) reviewRun.progress = p;
      })
      .catch(() => {});
  }, POLL_MS);
  try {
    return await shell().startReview(id);
  } catch (e) {
    if (errorKind(e) !== 'cancelled') reviewRun.error = errorMessage(e);
    return null;
  } finally {
    clearInterval(timer);
    reviewRun.id = null;
    reviewRun.progress = null;
  }
}

/** Asks the shell to stop the running review (its `runReview` then answers null). */
export function cancelReview(): void {
  if (reviewRun.id) void shell().cancelReview(reviewRun.id).catch(() => {});
}
