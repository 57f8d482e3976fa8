import type { AuctionView } from '../../bindings/AuctionView';
import type { Bid } from '../../bindings/Bid';
import { describe, expect, it } from 'vitest';
import { handNews, lastTrick } from '../news';
import { newsWords } from '../newsWords';
import type { Names } from '../fromView';
import { setLang } from '../../i18n/index.svelte';
import { seatGame } from './fixtures';
import type { TrickView } from '../../bindings/TrickView';

describe('handNews: what happened between two views of a hand', () => {
  const trick: TrickView = { plays: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], winner: 0, points: 21 };

  it('tells from a first view (none before, or another hand) what the others did before it: the trick so far and the auction, not the tricks taken', () => {
    expect(handNews(null, seatGame())).toEqual([]);
    expect(handNews(seatGame({ hand_number: 1 }), seatGame({ hand_number: 2 }, { current_trick: [{ seat: 1, card: '2c' }] }))).toEqual([{ kind: 'play', seat: 1, card: '2c' }]);
    const taken: TrickView = { plays: [{ seat: 0, card: '7s' }, { seat: 1, card: 'Ks' }], winner: 1, points: 4 };
    expect(handNews(null, seatGame({}, { tricks: [taken], current_trick: [{ seat: 1, card: 'Ad' }] }))).toEqual([{ kind: 'play', seat: 1, card: 'Ad' }]);
    const king: Bid = { rank: 'king', points: 61 };
    const auction: AuctionView = { log: [{ seat: 1, bid: king }, { seat: 2, bid: null }], best: [1, king], passed: [2], declarer: null, called: null, partner: null };
    const news = handNews(null, seatGame({}, { auction }));
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ kind: 'auction', after: auction, before: { log: [] } });
  });

  it('tells a card played into the trick', () => {
    const before = seatGame();
    const after = seatGame({}, { current_trick: [{ seat: 0, card: 'Ad' }] });
    expect(handNews(before, after)).toEqual([{ kind: 'play', seat: 0, card: 'Ad' }]);
  });

  it('tells the plays that completed a trick, then its winner, even several tricks at once', () => {
    const second: TrickView = { plays: [{ seat: 0, card: '7s' }, { seat: 1, card: 'Ks' }], winner: 1, points: 4 };
    const before = seatGame({}, { current_trick: [{ seat: 0, card: 'Ad' }] });
    const after = seatGame({}, { tricks: [trick, second], current_trick: [] });
    const news = handNews(before, after);
    expect(news).toEqual([
      { kind: 'play', seat: 1, card: '3d' },
      { kind: 'trick', trick },
      { kind: 'play', seat: 0, card: '7s' },
      { kind: 'play', seat: 1, card: 'Ks' },
      { kind: 'trick', trick: second },
    ]);
    expect(lastTrick(news)).toBe(second);
    expect(lastTrick([])).toBeNull();
  });

  it('tells exchanges, the auction changing and mano negra first', () => {
    const auction = { log: [], best: null, passed: [], declarer: null, called: null, partner: null };
    const before = seatGame({}, { auction });
    const after = seatGame(
      {},
      {
        auction: { ...auction, log: [{ seat: 1, bid: null }], passed: [1] },
        exchanges: [{ seat: 1, gave: '7c', took: 'Ac', trick: 0 }],
        result: { end: { kind: 'mano-negra', seat: 1 }, seat_points: [0, 0], sides: [[0], [1]], side_points: [0, 0], outcome: { kind: 'won', side: 1 }, chiamata: null },
      },
    );
    expect(handNews(before, after).map((n) => n.kind)).toEqual(['exchange', 'auction', 'mano-negra']);
  });
});

describe('newsWords: the news in words, from your own seat', () => {
  const names: Names = { seat: 2, you: 'You', other: (s) => ['Ann', 'Bea', 'Cleo', 'Dan'][s] };

  it('says you for your seat and the others by name', () => {
    setLang('en');
    expect(newsWords({ kind: 'play', seat: 2, card: 'Ad' }, names, 'italian')).toEqual(['You play ace of coins.']);
    expect(newsWords({ kind: 'play', seat: 0, card: '3c' }, names, 'french')).toEqual(['Ann plays three of hearts.']);
    const trick = { plays: [], winner: 1, points: 0 };
    expect(newsWords({ kind: 'trick', trick }, names, 'italian')).toEqual(['Bea takes the trick, no points.']);
    expect(newsWords({ kind: 'mano-negra', seat: 2 }, names, 'italian')[0]).toMatch(/^You show mano negra/);
  });

  it('words the auction’s news as its turns came', () => {
    setLang('en');
    const before = { log: [], best: null, passed: [], declarer: null, called: null, partner: null };
    const after = { ...before, log: [{ seat: 0, bid: null }, { seat: 1, bid: { rank: 'ace' as const, points: 61 } }], passed: [0] };
    expect(newsWords({ kind: 'auction', before, after }, names, 'italian')).toEqual(['Ann passes.', 'Bea bids Ace.']);
  });
});
