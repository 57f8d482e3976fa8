import { describe, expect, it } from 'vitest';
import { auctionNews } from '../auctionNews';
import { partnerText } from '../contractWords';
import { setLang } from '../../i18n/index.svelte';
import type { AuctionView } from '../../bindings/AuctionView';

const empty: AuctionView = { best: null, passed: [], declarer: null, called: null, partner: null };

describe('auctionNews', () => {
  it("reports another seat's bid and passes, not your own", () => {
    const after: AuctionView = { ...empty, best: [2, { rank: 'three', points: 61 }], passed: [0, 1] };
    expect(auctionNews(empty, after, 0)).toEqual([
      { kind: 'bid', seat: 2, bid: { rank: 'three', points: 61 } },
      { kind: 'pass', seat: 1 },
    ]);
    expect(auctionNews(empty, { ...empty, best: [0, { rank: 'ace', points: 61 }] }, 0)).toEqual([]);
  });

  it('reports a raised points bid by the same seat', () => {
    const a: AuctionView = { ...empty, best: [3, { rank: 'two', points: 61 }] };
    const b: AuctionView = { ...empty, best: [3, { rank: 'two', points: 70 }] };
    expect(auctionNews(a, b, 0)).toEqual([{ kind: 'bid', seat: 3, bid: { rank: 'two', points: 70 } }]);
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
