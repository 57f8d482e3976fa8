/**
 * The shell's history data → the plain data of the History, Replay and Statistics screens.
 */
import type { MatchSummary as ShellSummary } from '../bindings/MatchSummary';
import type { ReplayHand as ShellReplayHand } from '../bindings/ReplayHand';
import { isCardCode, type CardCode, type PointValues } from '../cards';
import type { MatchSummary, StatsData } from './history';
import { bestStreak } from './history';
import { AI_LEVELS, PRESET_IDS, type AiLevel, type PresetId } from './presets';
import type { ReplayHand, ReplayRecord } from './replay';
import { SUIT_LETTER } from './fromView';

export function presetOf(ruleset: string): PresetId {
  const id = ruleset.split(/[^a-z]/)[0];
  return (PRESET_IDS as readonly string[]).includes(id) ? (id as PresetId) : 'briscola';
}

/** Total points per side over the hands, human's side first: "2–1" style score text. */
export function scoreText(s: ShellSummary): string {
  const sides = s.hand_scores[0]?.length ?? 0;
  if (!sides) return '';
  const totals = Array.from({ length: sides }, (_, i) => s.hand_scores.reduce((a, h) => a + (h[i] ?? 0), 0));
  return totals.join('–');
}

export function summaryFromShell(s: ShellSummary): MatchSummary {
  return {
    id: s.id,
    date: new Date(s.finished_at_ms).toISOString().slice(0, 16).replace('T', ' '),
    preset: presetOf(s.ruleset),
    result: s.outcome,
    score: scoreText(s),
  };
}

/** Statistics from every finished match (any order). */
export function statsFromSummaries(all: ShellSummary[]): StatsData {
  const sorted = [...all].sort((a, b) => a.finished_at_ms - b.finished_at_ms);
  const results = sorted.map((s) => ({ date: new Date(s.finished_at_ms).toISOString(), result: s.outcome }));
  const byLevel = AI_LEVELS.map((level: AiLevel) => {
    const ms = sorted.filter((s) => s.opponents.some((o) => o.level === level));
    return { level, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  });
  const byPreset = PRESET_IDS.map((preset) => {
    const ms = sorted.filter((s) => presetOf(s.ruleset) === preset);
    return { preset, won: ms.filter((s) => s.outcome === 'won').length, played: ms.length };
  }).filter((p) => p.played > 0);
  const handPoints = sorted.flatMap((s) => (s.ruleset.startsWith('chiamata') ? [] : s.hand_scores.map((h) => h[0] ?? 0)));
  return { results, byLevel, byPreset, handPoints, bestStreak: bestStreak(results) };
}

const cc = (xs: readonly string[]): CardCode[] => xs.filter(isCardCode);

/** The shell's replay (every position) → the Replay component's record (deal, tricks, draws). */
export function replayFromShell(hands: ShellReplayHand[], players: string[], values: PointValues): ReplayRecord {
  const out: ReplayHand[] = hands.map((h, no) => {
    const f = h.frames;
    const first = f[0];
    const tricks: ReplayHand['tricks'] = [];
    let plays: { seat: number; card: CardCode }[] = [];
    for (let k = 1; k < f.length; k++) {
      const a = f[k].action;
      if (!a || !isCardCode(a[1])) continue;
      plays.push({ seat: a[0], card: a[1] });
      const winner = f[k].trick_winner;
      if (winner !== null && f[k].trick.length === plays.length) {
        const before = f[k - 1].hands;
        const next = f[k + 1];
        const nextPlay = next?.action && isCardCode(next.action[1]) ? next.action : null;
        const draws: { seat: number; card: CardCode }[] = [];
        const n = before.length;
        for (let j = 0; j < n; j++) {
          const seat = (winner + j) % n;
          const had = new Set(before[seat]);
          const now = new Set([...f[k].hands[seat], ...(next ? next.hands[seat] : []), ...(nextPlay && nextPlay[0] === seat ? [nextPlay[1]] : [])]);
          for (const c of now) if (!had.has(c) && isCardCode(c)) draws.push({ seat, card: c });
        }
        tricks.push({ plays, winner, draws });
        plays = [];
      }
    }
    const trump = first?.face_up && isCardCode(first.face_up) ? first.face_up : null;
    return {
      no: no + 1,
      trump,
      trumpSuit: first?.trump ? SUIT_LETTER[first.trump] : null,
      deal: (first?.hands ?? []).map(cc),
      tricks,
    };
  });
  return { players, values, hands: out };
}
