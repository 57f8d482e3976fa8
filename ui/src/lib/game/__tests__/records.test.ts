import { describe, expect, it } from 'vitest';
import type { Level } from '../../bindings/Level';
import type { MatchSummary } from '../../bindings/MatchSummary';
import type { Preset } from '../../bindings/Preset';
import { aiLevels, finishedText, scoreText, statsData, withPeople } from '../records';
import { ruleset } from './fixtures';

function summary(n: number, outcome: MatchSummary['outcome'], level: Level = 'easy', preset: Preset = 'briscola'): MatchSummary {
  return {
    id: `m${n}`,
    started_at_ms: Date.UTC(2026, 0, n),
    finished_at_ms: Date.UTC(2026, 0, n, 1),
    duration_ms: 3_600_000,
    ruleset: ruleset({ preset }),
    format: { kind: 'best-of', hands: 3 },
    seats: [
      { kind: 'person', name: '' },
      { kind: 'ai', level, name: 'Alice' },
    ],
    hand_scores: [
      [1070, 50],
      [40, 80],
    ],
    outcome,
    resigned: false,
    undos: 0,
  };
}

describe('history records', () => {
  it('formats scores and dates in the UI language', () => {
    const points = { ...summary(1, 'won'), format: { kind: 'card-points', target: 121 } } as MatchSummary;
    expect(scoreText(points, 'en')).toEqual({ unit: 'points', text: '1,110–130' });
    expect(scoreText(points, 'it')).toEqual({ unit: 'points', text: '1110–130' });
    expect(scoreText(points, 'es')).toEqual({ unit: 'points', text: '1110–130' });
    const when = summary(2, 'lost');
    expect(finishedText(when, 'it')).toBe(new Intl.DateTimeFormat('it', { dateStyle: 'medium', timeStyle: 'short' }).format(when.finished_at_ms));
    expect(finishedText(when, 'it')).not.toBe(finishedText(when, 'en'));
  });

  it('scores a best-of or first-to match by hands won, not summed card points', () => {
    // A best-of-3 lost 1–2 with more card points in all (148–212 summed would read as a points match).
    const bo3 = { ...summary(1, 'lost'), hand_scores: [[70, 50], [39, 81], [39, 81]] };
    expect(scoreText(bo3, 'it')).toEqual({ unit: 'hands', text: '1–2' });
    // A 60–60 hand goes to nobody; three sides count each their own.
    const ft = { ...summary(2, 'won'), format: { kind: 'first-to', hands: 2 }, hand_scores: [[60, 60], [50, 40, 30], [45, 40, 35]] } as MatchSummary;
    expect(scoreText(ft, 'en')).toEqual({ unit: 'hands', text: '2–0' });
  });

  it('turns the shell\'s figures into the Statistics screen\'s data', () => {
    const s = statsData({
      played: 6,
      won: 4,
      lost: 2,
      best_streak: 3,
      rate: [{ finished_at_ms: Date.UTC(2026, 0, 2), percent: 67 }],
      by_level: [{ key: 'easy', won: 3, played: 5 }],
      by_preset: [{ key: 'bisca', won: 1, played: 1 }],
      hand_points: [0, 2],
    });
    expect(s).toEqual({
      played: 6,
      won: 4,
      lost: 2,
      bestStreak: 3,
      rate: [{ date: '2026-01-02T00:00:00.000Z', percent: 67 }],
      byLevel: [{ level: 'easy', won: 3, played: 5 }],
      byPreset: [{ preset: 'bisca', won: 1, played: 1 }],
      handPoints: [0, 2],
    });
  });

  it('counts only AI seats by level: a friend’s seat is no level', () => {
    // A friend at seat 1 and a Hard AI at seat 2.
    const friends: MatchSummary = {
      ...summary(7, 'won'),
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'person', name: 'Ben' },
        { kind: 'ai', level: 'hard', name: '' },
      ],
    };
    expect(aiLevels(friends)).toEqual(['hard']);
    expect(aiLevels(summary(1, 'won', 'medium'))).toEqual(['medium']);
    expect(withPeople(friends)).toBe(true);
    expect(withPeople(summary(1, 'won'))).toBe(false);
  });
});
