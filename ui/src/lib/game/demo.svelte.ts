/**
 * DEV FIXTURE — not a game engine. It drives the table components for the
 * `?demo` flag and for component tests until phase 2 wires the real engine
 * commands. Two players, plain Briscola rules, a naive opponent.
 */
import { ITALIAN_POINTS, RANKS, SUITS, cardPoints, type CardCode, type Rank } from '../cards';
import type { TableView } from './view';

const ORDER: Rank[] = ['2', '4', '5', '6', '7', 'J', 'Q', 'K', '3', 'A'];
const strength = (c: CardCode) => ORDER.indexOf(c[0] as Rank);

function seededDeck(seed: number): CardCode[] {
  const deck = SUITS.flatMap((s) => RANKS.filter((r) => r !== '8' && r !== '9').map((r) => `${r}${s}` as CardCode));
  let x = seed;
  for (let i = deck.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const j = x % (i + 1);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

export function trickWinner(lead: CardCode, follow: CardCode, trumpSuit: string): 0 | 1 {
  const lt = lead[1] === trumpSuit;
  const ft = follow[1] === trumpSuit;
  if (ft && !lt) return 1;
  if (lt && !ft) return 0;
  if (follow[1] !== lead[1]) return 0;
  return strength(follow) > strength(lead) ? 1 : 0;
}

export interface DemoNames {
  you: string;
  opponent: string;
}

export class DemoGame {
  view: TableView = $state() as TableView;
  private stock: CardCode[] = [];
  private busy = false;

  constructor(
    names: DemoNames,
    formatLabel: string,
    seed = 7,
    private readonly pauses: () => { ai: number; collect: number } = () => ({ ai: 700, collect: 900 }),
  ) {
    const deck = seededDeck(seed);
    const you = deck.splice(0, 3);
    const opp = deck.splice(0, 3);
    const trump = deck.shift()!;
    this.stock = deck;
    // Pretend a few tricks have gone already so the piles are not empty.
    const wonYou = this.stock.splice(0, 4);
    const wonOpp = this.stock.splice(0, 4);
    const sum = (l: CardCode[]) => l.reduce((a, c) => a + cardPoints(c, ITALIAN_POINTS), 0);
    this.view = {
      seats: [
        { id: 0, name: names.you, isYou: true, hand: you, wonPoints: sum(wonYou), wonCards: 4 },
        { id: 1, name: names.opponent, isYou: false, hand: opp.length, wonPoints: sum(wonOpp), wonCards: 4 },
      ],
      trick: [],
      trickWinner: null,
      stockCount: this.stock.length + 1,
      trump,
      trumpSuit: trump[1] as TableView['trumpSuit'],
      turn: 0,
      values: ITALIAN_POINTS,
      handNo: 2,
      formatLabel,
      scores: [
        { name: names.you, value: 1, you: true },
        { name: names.opponent, value: 0 },
      ],
      canUndo: false,
      canHint: true,
      hint: null,
      lastTrick: [
        { seat: 1, card: wonOpp[0] },
        { seat: 0, card: wonOpp[1] },
      ],
    };
    this.oppHand = opp;
  }

  private oppHand: CardCode[] = [];

  /** True once every card has been played. */
  get over(): boolean {
    return this.view.trick.length === 0 && (this.view.seats[0].hand as CardCode[]).length === 0 && this.view.seats[1].hand === 0;
  }

  hint(reason: string): void {
    const hand = this.view.seats[0].hand as CardCode[];
    if (!hand.length) return;
    const cheapest = [...hand].sort((a, b) => cardPoints(a, ITALIAN_POINTS) - cardPoints(b, ITALIAN_POINTS) || strength(a) - strength(b))[0];
    this.view.hint = { card: cheapest, reason };
  }

  async play(card: CardCode, onEvent?: (e: { kind: 'play' | 'trick'; seat: number; card?: CardCode; points?: number }) => void): Promise<void> {
    if (this.busy || this.view.turn !== 0) return;
    this.busy = true;
    const me = this.view.seats[0];
    me.hand = (me.hand as CardCode[]).filter((c) => c !== card);
    this.view.hint = null;
    this.view.trick = [...this.view.trick, { seat: 0, card }];
    onEvent?.({ kind: 'play', seat: 0, card });
    if (this.view.trick.length === 1) {
      this.view.turn = 1;
      await wait(this.pauses().ai);
      this.oppPlay(onEvent);
    }
    await this.resolve(onEvent);
    this.busy = false;
  }

  private oppPlay(onEvent?: (e: { kind: 'play'; seat: number; card: CardCode }) => void): void {
    const lead = this.view.trick[0]?.card;
    let pick = this.oppHand[0];
    if (lead) {
      const winning = this.oppHand.filter((c) => trickWinner(lead, c, this.view.trumpSuit!) === 1);
      pick = winning.length && cardPoints(lead, ITALIAN_POINTS) > 0 ? winning[0] : [...this.oppHand].sort((a, b) => cardPoints(a, ITALIAN_POINTS) - cardPoints(b, ITALIAN_POINTS))[0];
    }
    this.oppHand = this.oppHand.filter((c) => c !== pick);
    this.view.seats[1].hand = this.oppHand.length;
    this.view.trick = [...this.view.trick, { seat: 1, card: pick }];
    onEvent?.({ kind: 'play', seat: 1, card: pick });
  }

  private async resolve(onEvent?: (e: { kind: 'play' | 'trick'; seat: number; card?: CardCode; points?: number }) => void): Promise<void> {
    if (this.view.trick.length < 2) return;
    const [a, b] = this.view.trick;
    const w = trickWinner(a.card, b.card, this.view.trumpSuit!) === 0 ? a.seat : b.seat;
    const pts = cardPoints(a.card, ITALIAN_POINTS) + cardPoints(b.card, ITALIAN_POINTS);
    this.view.trickWinner = w;
    this.view.turn = null;
    onEvent?.({ kind: 'trick', seat: w, points: pts });
    await wait(this.pauses().collect);
    this.view.lastTrick = this.view.trick;
    this.view.trick = [];
    this.view.trickWinner = null;
    this.view.seats[w].wonPoints += pts;
    this.view.seats[w].wonCards += 2;
    // Draw: winner first; the face-up trump is the last card.
    for (const seat of [w, 1 - w]) {
      let c: CardCode | undefined = this.stock.shift();
      if (!c && this.view.trump) {
        c = this.view.trump;
        this.view.trump = null;
      }
      if (!c) continue;
      if (seat === 0) this.view.seats[0].hand = [...(this.view.seats[0].hand as CardCode[]), c];
      else {
        this.oppHand.push(c);
        this.view.seats[1].hand = this.oppHand.length;
      }
    }
    this.view.stockCount = this.stock.length + (this.view.trump ? 1 : 0);
    this.view.turn = w;
    if (w === 1 && this.oppHand.length) {
      await wait(this.pauses().ai);
      this.oppPlay(onEvent);
      this.view.turn = 0;
    }
  }
}

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** DEV FIXTURE for `?demo`: made-up statistics so the charts can be looked at. */
export function demoStats(): import('./history').StatsData {
  const seq = 'wwlwdwwlwwwlwlwwwwlw';
  const results = [...seq].map((c, i) => ({
    date: `2026-0${1 + Math.floor(i / 7)}-${String(1 + ((i * 3) % 28)).padStart(2, '0')}`,
    result: (c === 'w' ? 'won' : c === 'l' ? 'lost' : 'drawn') as 'won' | 'lost' | 'drawn',
  }));
  return {
    results,
    byLevel: [
      { level: 'easy', won: 7, played: 8 },
      { level: 'medium', won: 6, played: 8 },
      { level: 'hard', won: 1, played: 4 },
    ],
    byPreset: [
      { preset: 'briscola', won: 7, played: 10 },
      { preset: 'brisca', won: 4, played: 5 },
      { preset: 'bisca', won: 1, played: 3 },
      { preset: 'chiamata', won: 2, played: 2 },
    ],
    handPoints: [72, 65, 48, 90, 61, 33, 80, 57, 66, 101, 44, 69, 75, 58, 62, 83, 39, 70, 64, 95, 52, 61, 77, 120, 29],
    bestStreak: 4,
  };
}

/** DEV FIXTURE for `?demo`: a few finished matches for the History list. */
export function demoMatches(): import('./history').MatchSummary[] {
  return [
    { id: 'd1', date: '2026-03-02', preset: 'briscola', result: 'won', score: '2–1' },
    { id: 'd2', date: '2026-03-03', preset: 'brisca', result: 'lost', score: '1–2' },
    { id: 'd3', date: '2026-03-05', preset: 'bisca', result: 'won', score: '2–0' },
    { id: 'd4', date: '2026-03-06', preset: 'chiamata', result: 'drawn', score: '10–10' },
  ];
}

/** DEV FIXTURE for `?demo=4` / `?demo=5`: a still table with more seats (layout check only). */
export function demoStillView(players: 4 | 5 | 6, names: { you: string; other: (n: number) => string }): TableView {
  const hands: CardCode[][] = [
    ['Ad', '7c', 'Kb'],
    ['2s', 'Qd', '5c'],
    ['3b', 'Jd', '4s'],
    ['6c', 'Ks', '2d'],
    ['Qs', '5b', '7d'],
    ['4c', '6s', 'Jb'],
  ];
  const seats = Array.from({ length: players }, (_, i) => ({
    id: i,
    name: i === 0 ? names.you : names.other(i),
    isYou: i === 0,
    team: players === 5 ? undefined : i % 2,
    partner: players !== 5 && i !== 0 && i % 2 === 0,
    hand: i === 0 ? hands[0] : i % 2 === 0 && players !== 5 ? hands[i] : 3,
    wonPoints: [12, 21, 4, 0, 9, 3][i],
    wonCards: [4, 4, 4, 0, 4, 4][i],
  }));
  return {
    seats,
    trick: [
      { seat: 1, card: '3c' },
      { seat: 2, card: 'Ac' },
    ],
    trickWinner: null,
    stockCount: 14,
    trump: 'Jc',
    trumpSuit: 'c',
    turn: 3 % players,
    values: ITALIAN_POINTS,
    handNo: 1,
    formatLabel: '—',
    scores: seats.map((s) => ({ name: s.name, value: 0, you: s.isYou })),
    canUndo: false,
    canHint: true,
    offer: players === 4 ? { kind: 'exchange', own: '7c', trump: 'Jc' } : null,
  };
}

/** DEV FIXTURE for `?demo`: a recorded two-hand match, played by two naive players, for the replay. */
export function demoReplay(players: string[]): import('./replay').ReplayRecord {
  const hands: import('./replay').ReplayHand[] = [];
  for (const [no, seed] of [[1, 11], [2, 23]] as const) {
    const deck = seededDeck(seed);
    const deal = [deck.splice(0, 3), deck.splice(0, 3)];
    const trump = deck.shift()!;
    const stock = [...deck, trump];
    const held = deal.map((h) => [...h]);
    const tricks: import('./replay').ReplayHand['tricks'] = [];
    let leader = no % 2;
    while (held[0].length && held[1].length) {
      const a = held[leader].shift()!;
      const other = 1 - leader;
      const b = held[other].pop()!;
      const w = trickWinner(a, b, trump[1]) === 0 ? leader : other;
      const draws: { seat: number; card: CardCode }[] = [];
      for (const seat of [w, 1 - w]) {
        const c = stock.shift();
        if (c) {
          held[seat].push(c);
          draws.push({ seat, card: c });
        }
      }
      tricks.push({ plays: [{ seat: leader, card: a }, { seat: other, card: b }], winner: w, draws });
      leader = w;
    }
    hands.push({ no, trump, trumpSuit: trump[1] as import('../cards').Suit, deal, tricks });
  }
  return { players, values: ITALIAN_POINTS, hands };
}
