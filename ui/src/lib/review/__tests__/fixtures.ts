/** A hand-built review and the replay it belongs to, typed by the generated bindings. */
import type { Action } from '../../bindings/Action';
import type { Card } from '../../bindings/Card';
import type { DecisionReview } from '../../bindings/DecisionReview';
import type { MatchReview } from '../../bindings/MatchReview';
import type { MatchSummary } from '../../bindings/MatchSummary';
import type { ReplayHand } from '../../bindings/ReplayHand';
import type { ReviewedMatch } from '../../bindings/ReviewedMatch';
import { ruleset } from '../../game/__tests__/fixtures';

const frame = (played: [number, Card] | null, hands: Card[][], trick: { seat: number; card: Card }[], winner: number | null) => ({
  action: played ? ([played[0], { kind: 'play', card: played[1] }] as [number, Action]) : null,
  played_for: false,
  hands,
  trick,
  trick_winner: winner,
  stock_len: 30,
  face_up: '5c' as Card,
  trump: 'cups' as const,
  pile_points: [0, 0],
});

/** One hand: you lead the ace of coins (step 1), Alice answers (step 2), you lead again (step 3), Alice (step 4). */
export const REPLAY: ReplayHand[] = [
  {
    dealer: 1,
    result: null,
    frames: [
      frame(null, [['Ad', '7s', 'Kb'], ['3d', '4b', '2s']], [], null),
      frame([0, 'Ad'], [['7s', 'Kb'], ['3d', '4b', '2s']], [{ seat: 0, card: 'Ad' }], null),
      frame([1, '3d'], [['7s', 'Kb'], ['4b', '2s']], [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], 0),
      frame([0, '7s'], [['Kb'], ['4b', '2s']], [{ seat: 0, card: '7s' }], null),
      frame([1, '2s'], [['Kb'], ['4b']], [{ seat: 0, card: '7s' }, { seat: 1, card: '2s' }], 1),
    ],
  },
];

const NO_COST = { win: 0, win_noise: 0, points: 0, points_noise: 0, of: 'hand', at_stake: true } as const;

const value = (card: Card, win_percent: number, points: number) => ({ action: { kind: 'play', card } as Action, value: points, win_percent, points });

const blunder: DecisionReview = {
  index: 0,
  action: { kind: 'play', card: 'Ad' },
  verdict: {
    kind: 'rated',
    mark: 'blunder',
    cost: { win: 25, win_noise: 1.25, points: 24.5, points_noise: 0, of: 'hand', at_stake: true },
    loss: 50,
    noise: 2.5,
    taken: value('Ad', 30, -12),
    best: value('Kb', 55, 12.5),
    actions: [value('Ad', 30, -12), value('7s', 50, 10), value('Kb', 55, 12.5)],
    reason: { id: 'wins-more-often', better: { kind: 'play', card: 'Kb' }, win_percent: 55, taken_percent: 30 },
    habits: [],
  },
};

const best: DecisionReview = {
  index: 2,
  action: { kind: 'play', card: '7s' },
  verdict: { kind: 'rated', mark: 'best', cost: NO_COST, loss: 0, noise: 0, taken: value('7s', 60, 3), best: value('7s', 60, 3), actions: [value('7s', 60, 3), value('Kb', 58, 2)], reason: null, habits: [] },
};

export const REVIEW: MatchReview = { version: 2, seat: 0, seed: 7, worlds: 200, hands: [{ hand: 0, decisions: [blunder, best], accuracy: 59.6 }], accuracy: 59.6 };

/** A review with a decision the engine did not rate, and a forced one. */
export const AUCTION_REVIEW: MatchReview = {
  ...REVIEW,
  hands: [
    {
      hand: 0,
      decisions: [
        { index: 0, action: { kind: 'play', card: 'Ad' }, verdict: { kind: 'not-reviewed', reason: { id: 'auction' } } },
        { index: 2, action: { kind: 'play', card: '7s' }, verdict: { kind: 'forced' } },
      ],
      accuracy: null,
    },
  ],
  accuracy: null,
};

export function summary(id: string): MatchSummary {
  return {
    id,
    started_at_ms: Date.UTC(2026, 0, 1),
    finished_at_ms: Date.UTC(2026, 0, 1, 1),
    duration_ms: 1000,
    ruleset: ruleset({ preset: 'briscola' }),
    format: { kind: 'single-hand' },
    seats: [
      { kind: 'person', name: '' },
      { kind: 'ai', level: 'easy', name: '' },
    ],
    hand_scores: [[70, 50]],
    outcome: 'won',
    resigned: false,
    undos: 0,
  };
}

export function reviewed(id: string, accuracy: number | null, opponents: ReviewedMatch['opponents'], preset: ReviewedMatch['preset'] = 'briscola', players = 2): ReviewedMatch {
  return { id, finished_at_ms: Date.UTC(2026, 0, Number(id)), preset, players, opponents, accuracy, hands: [accuracy], with_people: false };
}
