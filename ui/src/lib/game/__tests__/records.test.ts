import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '../../bindings/MatchSummary';
import type { ReplayHand } from '../../bindings/ReplayHand';
import { presetOf, replayFromShell, scoreText, statsFromSummaries, summaryFromShell } from '../records';
import { replayAt, replaySteps } from '../replay';
import { ITALIAN_POINTS } from '../../cards';

function summary(n: number, outcome: MatchSummary['outcome'], level = 'easy', ruleset = 'briscola-2p'): MatchSummary {
  return {
    id: `m${n}`,
    started_at_ms: Date.UTC(2026, 0, n),
    finished_at_ms: Date.UTC(2026, 0, n, 1),
    duration_ms: 3_600_000,
    ruleset,
    opponents: [{ name: 'Luca', level }],
    hand_scores: [
      [70, 50],
      [40, 80],
    ],
    outcome,
    resigned: false,
    undos: 0,
  };
}

describe('history records', () => {
  it('maps a summary for the list', () => {
    expect(presetOf('brisca-4p')).toBe('brisca');
    expect(scoreText(summary(1, 'won'))).toBe('110–130');
    expect(summaryFromShell(summary(2, 'lost'))).toEqual({ id: 'm2', date: '2026-01-02 01:00', preset: 'briscola', result: 'lost', score: '110–130' });
  });

  it('computes the statistics', () => {
    const s = statsFromSummaries([summary(3, 'won', 'hard'), summary(1, 'won'), summary(2, 'won'), summary(4, 'lost'), summary(5, 'won', 'easy', 'bisca-2p')]);
    expect(s.results.map((r) => r.result)).toEqual(['won', 'won', 'won', 'lost', 'won']);
    expect(s.bestStreak).toBe(3);
    expect(s.byLevel).toEqual([
      { level: 'easy', won: 3, played: 4 },
      { level: 'medium', won: 0, played: 0 },
      { level: 'hard', won: 1, played: 1 },
    ]);
    expect(s.byPreset).toEqual([
      { preset: 'briscola', won: 3, played: 4 },
      { preset: 'bisca', won: 1, played: 1 },
    ]);
    expect(s.handPoints).toHaveLength(10);
  });

  it('turns replay frames into deal, tricks and draws', () => {
    const f = (action: [number, string] | null, hands: string[][], trick: { seat: number; card: string }[], winner: number | null, stock: number) => ({
      action,
      hands,
      trick,
      trick_winner: winner,
      stock_len: stock,
      face_up: '5c',
      trump: 'cups' as const,
      pile_points: [0, 0],
    });
    const hand: ReplayHand = {
      dealer: 1,
      result: null,
      frames: [
        f(null, [['Ad', '7s'], ['3d', '4b']], [], null, 36),
        f([0, 'Ad'], [['7s'], ['3d', '4b']], [{ seat: 0, card: 'Ad' }], null, 36),
        f([1, '3d'], [['7s', 'Kb'], ['4b', '2s']], [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], 0, 34),
        f([0, 'Kb'], [['7s'], ['4b', '2s']], [{ seat: 0, card: 'Kb' }], null, 34),
      ],
    };
    const rec = replayFromShell([hand], ['You', 'Luca'], ITALIAN_POINTS);
    const h = rec.hands[0];
    expect(h.deal).toEqual([['Ad', '7s'], ['3d', '4b']]);
    expect(h.trumpSuit).toBe('c');
    expect(h.tricks).toEqual([{ plays: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], winner: 0, draws: [{ seat: 0, card: 'Kb' }, { seat: 1, card: '2s' }] }]);
    expect(replaySteps(h)).toBe(2);
    expect(replayAt(h, 2, ITALIAN_POINTS).points).toEqual([21, 0]);
  });
});
