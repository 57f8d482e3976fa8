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

/** Total card points per side over the hands, your side first, e.g. "110–130" in the UI language. */
export function scoreText(s: MatchSummary, lang: string): string {
  const sides = s.hand_scores[0]?.length ?? 0;
  const number = new Intl.NumberFormat(lang);
  const totals = Array.from({ length: sides }, (_, i) => s.hand_scores.reduce((a, h) => a + (h[i] ?? 0), 0));
  return totals.map((n) => number.format(n)).join('–');
}

/** When the match ended, as a short date and time in the UI language. */
export function finishedText(s: MatchSummary, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(s.finished_at_ms);
}

/** Statistics from every finished match (any order). */
export function statsFromSummaries(all: MatchSummary[]): StatsData {
  const sorted = [...all].sort((a, b) => a.finished_at_ms - b.finished_at_ms);
  const results = sorted.map((s) => ({ date: new Date(s.finished_at_ms).toISOString(), result: s.outcome }));
  const byLevel = LEVELS.map((level) => {
    const ms = sorted.filter((s) => s.opponents.includes(level));
    return { level, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  });
  const byPreset = [...new Set(sorted.map((s) => s.ruleset.preset))].map((preset) => {
    const ms = sorted.filter((s) => s.ruleset.preset === preset);
    return { preset, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  });
  const handPoints = sorted.flatMap((s) => (s.ruleset.preset === 'chiamata' ? [] : s.hand_scores.map((h) => h[0] ?? 0)));
  return { results, byLevel, byPreset, handPoints, bestStreak: bestStreak(results) };
}
