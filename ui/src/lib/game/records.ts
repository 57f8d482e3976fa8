/**
 * The shell's history summaries → what the History and Statistics screens show. The summaries hold
 * the typed `Ruleset` and `MatchFormat`, so nothing here parses an identifier; dates and numbers are
 * formatted with `Intl` in the UI language.
 */
import type { MatchSummary } from '../bindings/MatchSummary';
import type { HistoryStats } from '../bindings/HistoryStats';
import type { Level } from '../bindings/Level';
import type { StatsData } from './history';

import { LEVELS } from '../bindings/constants';
export { LEVELS };

/**
 * The match score of a history row, your side first, numbers in the UI language: hands won per side
 * for a best-of or first-to match (a hand goes to the side with the most card points — the rule of
 * every preset played in hands; a tie goes to nobody), otherwise card points summed over the hands.
 */
export function scoreText(s: MatchSummary, lang: string): { unit: 'hands' | 'points'; text: string } {
  const sides = s.hand_scores[0]?.length ?? 0;
  const number = new Intl.NumberFormat(lang);
  const byHands = s.format.kind === 'best-of' || s.format.kind === 'first-to';
  const totals = Array.from({ length: sides }, (_, i) =>
    s.hand_scores.reduce((a, h) => a + (byHands ? (h.every((p, j) => j === i || p < (h[i] ?? 0)) ? 1 : 0) : (h[i] ?? 0)), 0),
  );
  return { unit: byHands ? 'hands' : 'points', text: totals.map((n) => number.format(n)).join('–') };
}

/** When the match ended, as a short date and time in the UI language. */
export function finishedText(s: MatchSummary, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(s.finished_at_ms);
}

/** The levels of a match's AI seats, in seat order (people left out). */
export function aiLevels(s: MatchSummary): Level[] {
  return s.seats.flatMap((seat) => (seat.kind === 'ai' ? [seat.level] : []));
}

/** Whether people other than you sat at the table (a match with friends), or the AI alone. */
export function withPeople(s: MatchSummary): boolean {
  return s.seats.slice(1).some((seat) => seat.kind === 'person');
}

/** The Statistics screen's data from the shell's figures (`history_stats`). */
export function statsData(h: HistoryStats): StatsData {
  return {
    played: h.played,
    won: h.won,
    lost: h.lost,
    rate: h.rate.map((r) => ({ date: new Date(r.finished_at_ms).toISOString(), percent: r.percent })),
    byLevel: h.by_level.map((l) => ({ level: l.key, won: l.won, played: l.played })),
    byPreset: h.by_preset.map((p) => ({ preset: p.key, won: p.won, played: p.played })),
    handPoints: h.hand_points,
    bestStreak: h.best_streak,
  };
}
