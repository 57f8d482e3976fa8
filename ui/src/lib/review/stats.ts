/**
 * The review part of Statistics from the shell's `review_stats`: accuracy over time, per AI level
 * and per ruleset (means of the matches' accuracies, which the engine computed), and the habits
 * list as the engine ranked it. A match against opponents of mixed levels counts for each of them.
 */
import { LEVELS } from '../bindings/constants';
import type { Level } from '../bindings/Level';
import type { Preset } from '../bindings/Preset';
import type { ReviewedMatch } from '../bindings/ReviewedMatch';

/** A group's mean accuracy and how many rated matches it holds. */
export interface AccuracyGroup<K> {
  key: K;
  accuracy: number;
  matches: number;
}

/** Matches with a rated decision (an accuracy), oldest first as the shell sends them. */
export function rated(matches: ReviewedMatch[]): (ReviewedMatch & { accuracy: number })[] {
  return matches.filter((m): m is ReviewedMatch & { accuracy: number } => m.accuracy !== null);
}

/** The mean accuracy of the rated matches, or null when there is none. */
export function meanAccuracy(matches: ReviewedMatch[]): number | null {
  const r = rated(matches);
  return r.length ? r.reduce((sum, m) => sum + m.accuracy, 0) / r.length : null;
}

function grouped<K>(matches: ReviewedMatch[], keys: (m: ReviewedMatch) => K[], id: (k: K) => string): AccuracyGroup<K>[] {
  const groups = new Map<string, { key: K; sum: number; matches: number }>();
  for (const m of rated(matches)) {
    for (const key of keys(m)) {
      const g = groups.get(id(key)) ?? { key, sum: 0, matches: 0 };
      g.sum += m.accuracy;
      g.matches += 1;
      groups.set(id(key), g);
    }
  }
  return [...groups.values()].map((g) => ({ key: g.key, accuracy: g.sum / g.matches, matches: g.matches }));
}

/** Mean accuracy per opponents' level, easiest first. */
export function accuracyByLevel(matches: ReviewedMatch[]): AccuracyGroup<Level>[] {
  return grouped(matches, (m) => [...new Set(m.opponents)], String).sort((a, b) => LEVELS.indexOf(a.key) - LEVELS.indexOf(b.key));
}

/** Mean accuracy per ruleset (preset and player count), most played first. */
export function accuracyByRuleset(matches: ReviewedMatch[]): AccuracyGroup<{ preset: Preset; players: number }>[] {
  return grouped(matches, (m) => [{ preset: m.preset, players: m.players }], (k) => `${k.preset}-${k.players}`).sort((a, b) => b.matches - a.matches);
}
