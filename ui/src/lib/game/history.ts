import { MAX_HAND_POINTS } from '../bindings/constants';
import type { Level } from '../bindings/Level';
import type { Preset } from '../bindings/Preset';

/** Plain data behind the Statistics screen: the shell's `history_stats` (SQL aggregates in the store), see `records.ts`. */
export interface StatsData {
  played: number;
  won: number;
  lost: number;
  /** The running win rate after matches in date order: a few hundred points at most, the last match included. */
  rate: { date: string; percent: number }[];
  byLevel: { level: Level; won: number; played: number }[];
  byPreset: { preset: Preset; won: number; played: number }[];
  /** `handPoints[p]`: how many finished hands your side scored `p` card points in (the last index: that many or more). */
  handPoints: number[];
  bestStreak: number;
}

/** Histogram of hand points in bins of `width`, from 0 to every card point of a hand, from counts per point. */
export function pointsHistogram(counts: number[], width = 20): { from: number; to: number; count: number }[] {
  const bins: { from: number; to: number; count: number }[] = [];
  const all = MAX_HAND_POINTS;
  for (let from = 0; from < all; from += width) bins.push({ from, to: from + width >= all ? all : from + width - 1, count: 0 });
  counts.forEach((n, p) => {
    if (n > 0) bins[Math.min(bins.length - 1, Math.floor(p / width))].count += n;
  });
  return bins;
}

/** A match's date on a chart's axis, in the UI language ("3 dic", "Dec 3"). */
export function chartDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** A whole percentage (0–100) in the UI language ("45 %" in Italian, "45%" in English). */
export function percentText(value: number, lang: string): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}
