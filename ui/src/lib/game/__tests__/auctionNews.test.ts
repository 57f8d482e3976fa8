import { describe, expect, it } from 'vitest';
import { auctionNews } from '../auctionNews';
import { partnerText } from '../contractWords';
import { setLang } from '../../i18n/index.svelte';
import type { AuctionView } from '../../bindings/AuctionView';

const empty: AuctionView = { log: [], best: null, passed: [], declarer: null, called: null, partner: null };
const three = { rank: 'three', points: 61 } as const;
const two = (points: number) => ({ rank: 'two', points }) as const;

describe('auctionNews', () => {
  it("reports every other seat's bid and pass in order, not your own", () => {
    const after: AuctionView = {
      ...empty,
      log: [{ seat: 0, bid: { rank: 'ace', points: 61 } }, { seat: 1, bid: null }, { seat: 2, bid: three }, { seat: 3, bid: two(61) }, { seat: 4, bid: null }],
      best: [3, two(61)],
      passed: [1, 4],
    };
    // Seat 2's bid was overtaken before this view: still news, in its place.
    expect(auctionNews(empty, after, 0)).toEqual([
      { kind: 'pass', seat: 1 },
      { kind: 'bid', seat: 2, bid: three },
      { kind: 'bid', seat: 3, bid: two(61) },
      { kind: 'pass', seat: 4 },
    ]);
    expect(auctionNews(empty, { ...empty, log: [{ seat: 0, bid: three }], best: [0, three] }, 0)).toEqual([]);
  });

  it('reports only the turns after the last view, or every turn of a new auction', () => {
    const a: AuctionView = { ...empty, log: [{ seat: 3, bid: two(61) }], best: [3, two(61)] };
    const b: AuctionView = { ...a, log: [...a.log, { seat: 4, bid: null }, { seat: 3, bid: two(70) }], best: [3, two(70)], passed: [4] };
    expect(auctionNews(a, b, 0)).toEqual([
      { kind: 'pass', seat: 4 },
      { kind: 'bid', seat: 3, bid: two(70) },
    ]);
    const fresh: AuctionView = { ...empty, log: [{ seat: 2, bid: null }], passed: [2] };
    expect(auctionNews(b, fresh, 0)).toEqual([{ kind: 'pass', seat: 2 }]);
  });

  it('reports the call and the partner becoming known', () => {
    const won: AuctionView = { ...empty, best: [2, { rank: 'three', points: 61 }], declarer: 2 };
    expect(auctionNews(won, { ...won, called: 'Ac' }, 0)).toEqual([{ kind: 'called', card: 'Ac' }]);
    expect(auctionNews({ ...won, called: 'Ac' }, { ...won, called: 'Ac', partner: 4 }, 0)).toEqual([{ kind: 'partner', declarer: 2, partner: 4 }]);
    expect(auctionNews(won, won, 0)).toEqual([]);
  });
});

describe('partnerText', () => {
  const who = (s: number) => (s === 0 ? 'You' : `Opponent ${s}`);
  it('words the partnership from your point of view', () => {
    setLang('en');
    expect(partnerText(2, 4, 0, who)).toBe('Opponent 4 is Opponent 2’s partner');
    expect(partnerText(2, 0, 0, who)).toBe('You are Opponent 2’s partner');
    expect(partnerText(0, 3, 0, who)).toBe('Opponent 3 is your partner');
    expect(partnerText(0, 0, 0, who)).toBe('You called your own card and play alone');
    expect(partnerText(2, 2, 0, who)).toBe('Opponent 2 called their own card and plays alone');
  });
});
