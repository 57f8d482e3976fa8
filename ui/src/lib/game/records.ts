/**
 * The shell's history summaries → what the History and Statistics screens show. The summaries hold
 * the typed `Ruleset` and `MatchFormat`, so nothing here parses an identifier; dates and numbers are
 * formatted with `Intl` in the UI language.
 */
import type { MatchSummary } from '../bindings/MatchSummary';
import type { StatsData } from './history';
import { bestStreak } from './history';

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

/** Statistics from every finished match (any order). */
/** The AI opponents' levels of a match, seat 1 first: a person's seat (`people`) left out. */
export function aiLevels(s: MatchSummary): MatchSummary['opponents'] {
  return s.opponents.filter((_, i) => !s.people.includes(i + 1));
}

/** Whether people sat at the table (a match with friends), or the AI alone. */
export function withPeople(s: { people: number[] }): boolean {
  return s.people.length > 0;
}

export function statsFromSummaries(all: MatchSummary[]): StatsData {
  const sorted = [...all].sort((a, b) => a.finished_at_ms - b.finished_at_ms);
  const results = sorted.map((s) => ({ date: new Date(s.finished_at_ms).toISOString(), result: s.outcome }));
  const byLevel = LEVELS.map((level) => {
    const ms = sorted.filter((s) => aiLevels(s).includes(level));
    return { level, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  });
  const byPreset = [...new Set(sorted.map((s) => s.ruleset.preset))].map((preset) => {
    const ms = sorted.filter((s) => s.ruleset.preset === preset);
    return { preset, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  });
  const handPoints = sorted.flatMap((s) => (s.ruleset.preset === 'chiamata' ? [] : s.hand_scores.map((h) => h[0] ?? 0)));
  return { results, byLevel, byPreset, handPoints, bestStreak: bestStreak(results) };
}
