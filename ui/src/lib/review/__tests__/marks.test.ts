import { describe, expect, it } from 'vitest';
import { accuracyByLevel, accuracyByRuleset, meanAccuracy } from '../stats';
import { decisionAt, markOf, mistakes, nextSpot, prevSpot } from '../marks';
import { AUCTION_REVIEW, REVIEW, reviewed } from './fixtures';

describe('review marks', () => {
  it('puts each decision on the step that shows its action and steps between mistakes', () => {
    expect(mistakes(REVIEW)).toEqual([{ hand: 0, step: 1 }]);
    expect(decisionAt(REVIEW, 0, 1)?.action).toEqual({ kind: 'play', card: 'Ad' });
    expect(decisionAt(REVIEW, 0, 3)?.action).toEqual({ kind: 'play', card: '7s' });
    expect(decisionAt(REVIEW, 0, 2)).toBeNull();
    const spots = [
      { hand: 0, step: 3 },
      { hand: 1, step: 1 },
      { hand: 1, step: 7 },
    ];
    expect(nextSpot(spots, { hand: 0, step: 0 })).toEqual({ hand: 0, step: 3 });
    expect(nextSpot(spots, { hand: 0, step: 3 })).toEqual({ hand: 1, step: 1 });
    expect(nextSpot(spots, { hand: 1, step: 7 })).toBeNull();
    expect(prevSpot(spots, { hand: 1, step: 7 })).toEqual({ hand: 1, step: 1 });
    expect(prevSpot(spots, { hand: 1, step: 0 })).toEqual({ hand: 0, step: 3 });
    expect(prevSpot(spots, { hand: 0, step: 3 })).toBeNull();
  });

  it('leaves forced and unreviewed decisions unmarked', () => {
    expect(AUCTION_REVIEW.hands[0].decisions.map(markOf)).toEqual([null, null]);
    expect(mistakes(AUCTION_REVIEW)).toEqual([]);
  });
});

describe('review statistics', () => {
  const matches = [reviewed('1', 80, ['easy']), reviewed('2', 60, ['easy', 'hard'], 'briscola', 4), reviewed('3', null, ['hard']), reviewed('4', 40, ['hard'], 'brisca')];

  it('averages rated matches only', () => {
    expect(meanAccuracy(matches)).toBe(60);
    expect(meanAccuracy([reviewed('3', null, ['hard'])])).toBeNull();
  });

  it('counts a match for each of its levels, easiest first', () => {
    expect(accuracyByLevel(matches)).toEqual([
      { key: 'easy', accuracy: 70, matches: 2 },
      { key: 'hard', accuracy: 50, matches: 2 },
    ]);
  });

  it('groups by preset and player count, most reviewed first', () => {
    const groups = accuracyByRuleset([...matches, reviewed('5', 90, ['easy'], 'brisca')]);
    expect(groups.map((g) => [g.key.preset, g.key.players, g.accuracy, g.matches])).toEqual([
      ['brisca', 2, 65, 2],
      ['briscola', 2, 80, 1],
      ['briscola', 4, 60, 1],
    ]);
  });
});
