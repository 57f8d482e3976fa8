import { describe, expect, it } from 'vitest';
import { replayAt, replaySteps, type ReplayHand } from './replay';
import { ITALIAN_POINTS } from '../cards';

const hand: ReplayHand = {
  no: 1,
  trump: '5s',
  trumpSuit: 's',
  deal: [
    ['Ac', '4s', 'Qb'],
    ['3c', 'Kd', '7b'],
  ],
  tricks: [
    { plays: [{ seat: 0, card: 'Qb' }, { seat: 1, card: '7b' }], winner: 0, draws: [{ seat: 0, card: '3s' }, { seat: 1, card: 'Jc' }] },
    { plays: [{ seat: 0, card: '4s' }, { seat: 1, card: 'Jc' }], winner: 0, draws: [] },
  ],
};

describe('replay', () => {
  it('counts one step per card played', () => {
    expect(replaySteps(hand)).toBe(4);
  });

  it('starts from the deal', () => {
    const s = replayAt(hand, 0, ITALIAN_POINTS, 8);
    expect(s.hands).toEqual(hand.deal);
    expect(s.trick).toEqual([]);
    expect(s.stock).toBe(2);
  });

  it('keeps a complete trick on the table until the next card', () => {
    const s = replayAt(hand, 2, ITALIAN_POINTS, 8);
    expect(s.trick.map((p) => p.card)).toEqual(['Qb', '7b']);
    expect(s.trickWinner).toBe(0);
    expect(s.points).toEqual([3, 0]);
    expect(s.hands[0]).toEqual(['Ac', '4s']);
  });

  it('gathers the trick, scores it and applies the draws', () => {
    const s = replayAt(hand, 3, ITALIAN_POINTS, 8);
    expect(s.points).toEqual([3, 0]);
    expect(s.wonCards).toEqual([2, 0]);
    expect(s.hands[0]).toEqual(['Ac', '3s']);
    expect(s.hands[1]).toEqual(['3c', 'Kd', 'Jc']);
    expect(s.trick).toEqual([{ seat: 0, card: '4s' }]);
    expect(s.stock).toBe(0);
    expect(s.trickNo).toBe(2);
  });

  it('clamps steps past the end', () => {
    const s = replayAt(hand, 99, ITALIAN_POINTS, 8);
    expect(s.trickWinner).toBe(0);
    expect(s.trick).toHaveLength(2);
    expect(s.points).toEqual([5, 0]);
  });
});
