/**
 * Reading a match review (`MatchReview`, from the engine through the shell) for the replay: where
 * each decision sits on the timeline, which ones are mistakes, and stepping between them. Nothing
 * here rates anything — marks, losses, the better action and its reason all come from Rust.
 */
import type { DecisionReview } from '../bindings/DecisionReview';
import type { MatchReview } from '../bindings/MatchReview';
import type { Mark } from '../bindings/Mark';

/** The marks worth stepping to: every decision rated below "good". */
export const MISTAKE_MARKS: readonly Mark[] = ['inaccuracy', 'mistake', 'blunder'];

/** A decision on the replay's timeline: its hand, and the step showing the action just taken. */
export interface Spot {
  hand: number;
  step: number;
}

/** The replay step after a decision's action (frame 0 is the deal). */
export function stepOf(d: DecisionReview): number {
  return d.index + 1;
}

/** The mark of a decision, or null when it was not rated (forced, or not reviewed). */
export function markOf(d: DecisionReview): Mark | null {
  return d.verdict.kind === 'rated' ? d.verdict.mark : null;
}

/** Every mistake of the match in replay order. */
export function mistakes(review: MatchReview): Spot[] {
  return review.hands.flatMap((h, hand) =>
    h.decisions.filter((d) => MISTAKE_MARKS.includes(markOf(d) as Mark)).map((d) => ({ hand, step: stepOf(d) })),
  );
}

const before = (a: Spot, b: Spot) => a.hand < b.hand || (a.hand === b.hand && a.step < b.step);

/** The first mistake after `at`, if any. */
export function nextSpot(spots: Spot[], at: Spot): Spot | null {
  return spots.find((s) => before(at, s)) ?? null;
}

/** The last mistake before `at`, if any. */
export function prevSpot(spots: Spot[], at: Spot): Spot | null {
  return [...spots].reverse().find((s) => before(s, at)) ?? null;
}

/** The decision whose action the replay shows at `step` of hand `hand`, if it was the player's. */
export function decisionAt(review: MatchReview, hand: number, step: number): DecisionReview | null {
  return review.hands[hand]?.decisions.find((d) => stepOf(d) === step) ?? null;
}

/** An accuracy (0–100) as a whole number for display; null stays null. */
export function accuracyShown(a: number | null): number | null {
  return a === null ? null : Math.round(a);
}
