import { MAX_HAND_POINTS } from '../bindings/constants';
import type { Level } from '../bindings/Level';
import type { Preset } from '../bindings/Preset';

/** Plain data behind the Statistics screen, computed from the history summaries (`records.ts`). */
export interface StatsData {
  /** Matches in date order. */
  results: { date: string; result: 'won' | 'lost' | 'drawn' }[];
  byLevel: { level: Level; won: number; played: number }[];
  byPreset: { preset: Preset; won: number; played: number }[];
  /** Your card points in each finished hand. */
  handPoints: number[];
  bestStreak: number;
}

/** Running win rate (percent) after each match. */
export function runningWinRate(results: StatsData['results']): number[] {
  let won = 0;
  return results.map((r, i) => {
    if (r.result === 'won') won++;
    return Math.round((won / (i + 1)) * 100);
  });
}

/** Histogram of hand points in bins of `width`, from 0 to every card point of a hand. */
export function pointsHistogram(points: number[], width = 20): { from: number; to: number; count: number }[] {
  const bins: { from: number; to: number; count: number }[] = [];
  const all = MAX_HAND_POINTS;
  for (let from = 0; from < all; from += width) bins.push({ from, to: from + width >= all ? all : from + width - 1, count: 0 });
  for (const p of points) {
    const b = bins[Math.min(bins.length - 1, Math.floor(Math.max(0, p) / width))];
    b.count++;
  }
  return bins;
}

/** Longest run of consecutive wins. */
export function bestStreak(results: StatsData['results']): number {
  let best = 0;
  let cur = 0;
  for (const r of results) {
    cur = r.result === 'won' ? cur + 1 : 0;
    best = Math.max(best, cur);
  }
  return best;
}

/** A match's date on a chart's axis, in the UI language ("3 dic", "Dec 3"). */
export function chartDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** A whole percentage (0–100) in the UI language ("45 %" in Italian, "45%" in English). */
export function percentText(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}
