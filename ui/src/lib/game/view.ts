import type { CardCode, PointValues, Suit } from '../cards';

/**
 * Plain data the table components render, built from the shell's `GameView` by
 * `tableViewFrom` (`fromView.ts`).
 */
export interface SeatView {
  id: number;
  name: string;
  isYou: boolean;
  /** Team number in partnership games. */
  team?: number;
  /** True for your partner (highlighted). */
  partner?: boolean;
  /** Face-up cards (yours, or open variants) or the number of face-down cards. */
  hand: CardCode[] | number;
  wonPoints: number;
  wonCards: number;
}

export interface TrickPlay {
  seat: number;
  card: CardCode;
}

export interface ScoreRow {
  name: string;
  value: string | number;
  you?: boolean;
}

/** An optional move offered when legal: the Brisca trump exchange, Briscola's 2-takes-trump, mano negra. */
export type Offer =
  | { kind: 'exchange'; own: CardCode; trump: CardCode }
  | { kind: 'twoTakes'; own: CardCode; trump: CardCode }
  | { kind: 'manoNegra'; cards: CardCode[] };

export interface TableView {
  seats: SeatView[];
  trick: TrickPlay[];
  /** Seat that wins the trick on the table, once it is complete. */
  trickWinner: number | null;
  stockCount: number;
  /** The face-up trump card under the stock, while it is there. */
  trump: CardCode | null;
  trumpSuit: Suit | null;
  /** Next stock card when it is visible (scoperta). */
  nextStock?: CardCode | null;
  turn: number | null;
  values: PointValues;
  handNo: number;
  formatLabel: string;
  scores: ScoreRow[];
  /** Which of your cards may be played (all if omitted). */
  playable?: boolean[];
  canUndo: boolean;
  canHint: boolean;
  /** The suggested move: its card (none for an exchange or mano negra, which the reason words). */
  hint?: { card: CardCode | null; reason: string } | null;
  lastTrick?: TrickPlay[] | null;
  /** A legal optional move to offer you now. */
  offer?: Offer | null;
}
