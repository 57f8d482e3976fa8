import { describe, expect, it } from 'vitest';
import { auctionFrom, bidAction, callAction, offerAction, offerFrom, partnerOf, summaryFrom, tableViewFrom, type Names } from '../fromView';
import { BISCA_POINTS, ITALIAN_POINTS } from '../../cards';
import { gameView, observation, ruleset } from './fixtures';

const names: Names = { you: 'You', other: (n) => `Opponent ${n}` };
const extra = { names, formatLabel: 'Best of 3' };

describe('tableViewFrom', () => {
  it('maps your hand, the opponents, the stock, trump and playable cards', () => {
    const v = tableViewFrom(gameView({}, { legal_actions: ['Ad', 'Kb'] }), extra);
    expect(v.seats.map((s) => s.name)).toEqual(['You', 'Opponent 1']);
    expect(v.seats[0].hand).toEqual(['Ad', '7s', 'Kb']);
    expect(v.seats[1].hand).toBe(3);
    expect(v.stockCount).toBe(34);
    expect(v.trump).toBe('5c');
    expect(v.trumpSuit).toBe('c');
    expect(v.playable).toEqual([true, false, true]);
    expect(v.turn).toBe(0);
    expect(v.canHint).toBe(true);
    expect(v.values).toEqual(ITALIAN_POINTS);
    expect(v.scores).toEqual([
      { name: 'You', value: 0, you: true },
      { name: 'Opponent 1', value: 0, you: false },
    ]);
  });

  it('takes the point values from the ruleset order', () => {
    const v = tableViewFrom(gameView({}, { ruleset: ruleset({ preset: 'bisca', order: 'bisca' }) }), extra);
    expect(v.values).toEqual(BISCA_POINTS);
  });

  it('nothing is playable while an AI seat is to move', () => {
    const v = tableViewFrom(gameView({ ai_to_move: true }, { to_move: 1, legal_actions: [] }), extra);
    expect(v.playable).toEqual([false, false, false]);
    expect(v.canHint).toBe(false);
    expect(v.turn).toBe(1);
  });

  it('counts won cards, the trick on the table and the last trick', () => {
    const trick = { plays: [{ seat: 1, card: '3d' }, { seat: 0, card: 'Ad' }], winner: 0, points: 21 };
    const v = tableViewFrom(
      gameView({ last_trick: trick, can_undo: true }, { tricks: [trick], pile_points: [21, 0], current_trick: [{ seat: 1, card: '4s' }], hand: ['7s', 'Kb', '2d'] }),
      extra,
    );
    expect(v.seats[0].wonCards).toBe(2);
    expect(v.seats[0].wonPoints).toBe(21);
    expect(v.trick).toEqual([{ seat: 1, card: '4s' }]);
    expect(v.lastTrick).toEqual([{ seat: 1, card: '3d' }, { seat: 0, card: 'Ad' }]);
    expect(v.canUndo).toBe(true);
  });

  it('shows open hands and the next stock card in scoperta', () => {
    const v = tableViewFrom(gameView({}, { open_hands: [['Ad', '7s', 'Kb'], ['2c', '3c', '4c']], next_stock_card: 'Jd' }), extra);
    expect(v.seats[1].hand).toEqual(['2c', '3c', '4c']);
    expect(v.nextStock).toBe('Jd');
  });

  it('marks the partner in partnership games', () => {
    const obs = { ruleset: ruleset({ players: 4, partnerships: true }), teams: [0, 1, 0, 1], hand_sizes: [3, 3, 3, 3], pile_points: [0, 0, 0, 0] };
    const v = tableViewFrom(gameView({ standing: { sides: [[0, 2], [1, 3]], scores: [1, 0], hands_played: 1 } }, obs), extra);
    expect(v.seats.map((s) => !!s.partner)).toEqual([false, false, true, false]);
    expect(v.scores[0]).toEqual({ name: 'You & Opponent 2', value: 1, you: true });
    expect(partnerOf(observation(obs))).toBe(2);
  });
});

describe('offers', () => {
  it('offers the trump exchange from the legal actions', () => {
    const obs = observation({ ruleset: ruleset({ preset: 'brisca', exchange: 'seven-and-two' }), hand: ['7c', 'Ad', 'Kb'], legal_actions: ['7c', 'Ad', 'Kb', 'exchange 7c'] });
    const offer = offerFrom(obs);
    expect(offer).toEqual({ kind: 'exchange', own: '7c', trump: '5c' });
    expect(offerAction(offer!)).toBe('exchange 7c');
    expect(tableViewFrom(gameView({}, obs), extra).offer).toEqual(offer);
  });

  it('offers mano negra with the three cards', () => {
    const obs = observation({ legal_actions: ['Ac', 'mano-negra'] });
    expect(offerFrom(obs)).toEqual({ kind: 'manoNegra', cards: ['Ac', '3c', 'Kc'] });
    expect(offerAction(offerFrom(obs)!)).toBe('mano-negra');
  });

  it('offers nothing otherwise', () => {
    expect(offerFrom(observation())).toBeNull();
  });
});

describe('auction', () => {
  it('lists the rank bids and the points bids', () => {
    const obs = observation({
      phase: 'bidding',
      trump: null,
      legal_actions: ['bid K', 'bid Q', 'bid 2', 'bid 2:62', 'bid 2:63', 'pass'],
      auction: { best: [1, { rank: 'three', points: 61 }], passed: [], declarer: null, called: null, partner: null },
    });
    const a = auctionFrom(obs)!;
    expect(a.ranks).toEqual(['K', 'Q', '2']);
    expect(a.pointsFrom).toBe(62);
    expect(a.canPass).toBe(true);
    expect(a.current).toEqual({ rank: '3', points: 61, seat: 1 });
    expect(bidAction({ rank: 'K' })).toBe('bid K');
    expect(bidAction({ points: 70 })).toBe('bid 2:70');
  });

  it('asks for the called suit', () => {
    const obs = observation({ phase: 'calling', trump: null, legal_actions: ['call Ad', 'call Ac', 'call As', 'call Ab'] });
    expect(auctionFrom(obs)!.calling).toBe('A');
    expect(callAction('A', 's')).toBe('call As');
  });

  it('is null while playing', () => {
    expect(auctionFrom(observation())).toBeNull();
  });
});

describe('summaryFrom', () => {
  const result = {
    end: { kind: 'all-cards-played' as const },
    seat_points: [70, 50],
    sides: [[0], [1]],
    side_points: [70, 50],
    outcome: { kind: 'won' as const, side: 0 },
    chiamata: null,
  };

  it('is null during a hand', () => {
    expect(summaryFrom(gameView(), names)).toBeNull();
  });

  it('summarises a won hand', () => {
    const s = summaryFrom(gameView({ awaiting_next_hand: true, standing: { sides: [[0], [1]], scores: [1, 0], hands_played: 1 } }, { result, phase: 'finished' }), names)!;
    expect(s.outcome).toBe('win');
    expect(s.matchOver).toBe(false);
    expect(s.rows[0]).toMatchObject({ name: 'You', points: 70, you: true });
    expect(s.matchScore).toEqual([
      { name: 'You', value: 1, you: true },
      { name: 'Opponent 1', value: 0, you: false },
    ]);
  });

  it('summarises a lost match', () => {
    const s = summaryFrom(gameView({ outcome: { winner: 1 } }, { result: { ...result, side_points: [40, 80], outcome: { kind: 'won', side: 1 } } }), names)!;
    expect(s.matchOver).toBe(true);
    expect(s.outcome).toBe('lose');
    expect(s.winnerName).toBe('Opponent 1');
  });
});
