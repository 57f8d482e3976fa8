import { cardPoints, type CardCode, type PointValues, type Suit } from '../cards';

/**
 * A recorded hand in plain data (phase 2 maps the engine's match record to it):
 * the cards each seat started with, the trump, and every trick with the cards
 * drawn after it.
 */
export interface ReplayHand {
  no: number;
  trump: CardCode | null;
  trumpSuit: Suit | null;
  /** Cards dealt to each seat, by seat index. */
  deal: CardCode[][];
  tricks: {
    plays: { seat: number; card: CardCode }[];
    winner: number;
    /** Cards drawn after the trick, in drawing order. */
    draws: { seat: number; card: CardCode }[];
  }[];
}

export interface ReplayRecord {
  players: string[];
  values: PointValues;
  hands: ReplayHand[];
}

export interface ReplayState {
  /** Cards in each seat's hand at this step. */
  hands: CardCode[][];
  /** The trick on the table (cards played so far in the current trick). */
  trick: { seat: number; card: CardCode }[];
  /** Winner of the trick on the table once it is complete. */
  trickWinner: number | null;
  points: number[];
  wonCards: number[];
  trickNo: number;
  /** Cards still in the stock (face-up trump included). */
  stock: number;
  trumpShown: boolean;
}

/** Number of steps in a hand: one per card played. */
export function replaySteps(hand: ReplayHand): number {
  return hand.tricks.reduce((n, t) => n + t.plays.length, 0);
}

/**
 * The table after `step` cards have been played (0 = just dealt). A complete
 * trick is scored at once and stays on the table until the next card is played;
 * then it is gathered and the draws are applied.
 */
export function replayAt(hand: ReplayHand, step: number, values: PointValues, totalCards = 40): ReplayState {
  const seats = hand.deal.length;
  const hands = hand.deal.map((h) => [...h]);
  const points = Array(seats).fill(0);
  const wonCards = Array(seats).fill(0);
  let drawn = hand.deal.reduce((n, h) => n + h.length, 0);
  let trick: { seat: number; card: CardCode }[] = [];
  let trickWinner: number | null = null;
  let trickNo = 0;
  let left = Math.min(Math.max(0, step), replaySteps(hand));
  for (const t of hand.tricks) {
    if (left === 0) break;
    trick = [];
    trickWinner = null;
    for (const p of t.plays) {
      if (left === 0) break;
      hands[p.seat] = hands[p.seat].filter((c) => c !== p.card);
      trick.push(p);
      left--;
    }
    trickNo++;
    if (trick.length === t.plays.length) {
      trickWinner = t.winner;
      points[t.winner] += t.plays.reduce((a, p) => a + cardPoints(p.card, values), 0);
      wonCards[t.winner] += t.plays.length;
      if (left > 0) {
        for (const d of t.draws) hands[d.seat].push(d.card);
        drawn += t.draws.length;
        trick = [];
        trickWinner = null;
      }
    }
  }
  const stock = Math.max(0, totalCards - drawn);
  return { hands, trick, trickWinner, points, wonCards, trickNo, stock, trumpShown: stock > 0 && hand.trump !== null };
}
