import { describe, expect, it } from 'vitest';
import { durations } from './motion.svelte';
import { pointsHistogram } from './game/history';
import { RANKS, RANK_LETTER, cardImageUrl, backImageUrl, cardPoints, cornerLabel, parseCard, pointValues, type Rank, type Suit } from './cards';
import type { Card } from './bindings/Card';

/** True when A and B are the same set of values (each assignable to the other). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe('card codes', () => {
  it('are the notation: the generated Card is exactly rank then suit', () => {
    // A type check: this line does not compile if the generated union and the notation differ.
    const same: Same<Card, `${Rank}${Suit}`> = true;
    expect(same).toBe(true);
  });

  it('map every engine rank name to its own letter of the notation', () => {
    // A type check: this line does not compile if a letter of the generated Card has no engine rank.
    const every: Same<(typeof RANK_LETTER)[keyof typeof RANK_LETTER], Rank> = true;
    expect(every).toBe(true);
    expect(new Set(RANKS).size).toBe(Object.keys(RANK_LETTER).length);
    expect(RANKS).toEqual(['A', '2', '3', '4', '5', '6', '7', '8', '9', 'J', 'Q', 'K']);
  });
});
import { PRESETS, valuesOf } from './game/__tests__/shellData';

describe('animation timing', () => {
  it('scales with the speed setting', () => {
    const n = durations('normal', false);
    expect(durations('slow', false).play).toBeGreaterThan(n.play);
    expect(durations('fast', false).play).toBeLessThan(n.play);
    expect(durations('instant', false).play).toBe(0);
  });
  it('makes every movement instant with reduced motion but keeps a short AI pause', () => {
    const r = durations('normal', true);
    expect([r.deal, r.play, r.collect, r.draw, r.flip]).toEqual([0, 0, 0, 0, 0]);
    expect(r.aiPause).toBeGreaterThan(0);
    expect(r.trickPause).toBeGreaterThan(0);
  });
  it('leaves a finished trick on the table at least 1.5 s at normal speed, longer when slow', () => {
    expect(durations('normal', false).trickPause).toBeGreaterThanOrEqual(1500);
    expect(durations('slow', false).trickPause).toBeGreaterThan(durations('normal', false).trickPause);
    expect(durations('fast', false).trickPause).toBeLessThan(durations('normal', false).trickPause);
  });
});

describe('statistics helpers', () => {
  it('bins hand points from counts per point', () => {
    const counts = Array<number>(131).fill(0);
    for (const p of [0, 19, 20, 61, 120]) counts[p]++;
    const h = pointsHistogram(counts);
    expect(h[0].count).toBe(2);
    expect(h[1].count).toBe(1);
    expect(h[h.length - 1].count).toBe(1);
    expect(h.reduce((a, b) => a + b.count, 0)).toBe(5);
  });
});

describe('cards', () => {
  it('builds asset paths', () => {
    expect(cardImageUrl('italian', 'Ad')).toBe('./cards/italian/Ad.svg');
    expect(backImageUrl('french-4color')).toBe('./cards/french-4color/back.svg');
  });
  it('reads French suit symbols', () => {
    expect(parseCard('5♠')).toEqual({ rank: '5', suit: 's' });
    expect(parseCard('Qd')).toEqual({ rank: 'Q', suit: 'd' });
    expect(() => parseCard('10s')).toThrow();
  });
  it('scores by the card-value table the shell sends', () => {
    expect(cardPoints('7s', valuesOf('briscola'))).toBe(0);
    expect(cardPoints('7s', valuesOf('bisca'))).toBe(10);
    expect(pointValues([{ rank: 'knight', strength: 9, points: 3 }, { rank: 'two', strength: 1, points: 0 }])).toEqual({ Q: 3 });
    // Every default table of every preset adds up to 120 card points over a 40-card deck.
    for (const p of PRESETS)
      for (const d of p.defaults) {
        if (d.ruleset.deck !== 'standard') continue;
        expect(d.card_values.reduce((a, v) => a + v.points * 4, 0), `${p.preset}/${d.ruleset.players}`).toBe(120);
      }
  });
  it('labels the corners per deck', () => {
    expect(cornerLabel('Jd', 'spanish')).toBe('10');
    expect(cornerLabel('Jd', 'italian')).toBe('8');
    expect(cornerLabel('Jd', 'italian-fcr')).toBe('F');
    expect(cornerLabel('Jd', 'french')).toBe('J');
  });
});
