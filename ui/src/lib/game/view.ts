import type { CardCode, PointValues, Rank, Suit } from '../cards';
import type { TableTurn } from '../bindings/TableTurn';

/** A seat's place seen from the table's centre: a unit vector, x to the right, y down (you: 0, 1). */
export interface Spot {
  x: number;
  y: number;
}

/**
 * One seat's place on the drawn table: plain data the table components render, built from the
 * shell's seat view (`SeatGame`) by `seatTableView` (`fromView.ts`).
 */
export interface SeatPlace {
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
  /** A word about the seat's player beside the name (a friends' table: away, and who plays for them). */
  note?: string;
  /** Their connection is down while the table waits for their move: what happens meanwhile ("waiting for them"). */
  away?: string;
}

/** Something said by a seat for a moment: a chat line (cut to fit), or a card the table played for it. */
export interface SeatSaid {
  kind: 'chat' | 'auto';
  text: string;
  /** Changes with each saying (the log's note id). */
  id: number;
}

export interface TrickPlay {
  seat: number;
  card: CardCode;
}

/** What a match score counts, as the i18n key that names it. */
export type ScoreUnit = 'table.unit.hands' | 'table.unit.gamePoints' | 'table.unit.cardPoints';

export interface ScoreRow {
  name: string;
  /** The match score, in the format's unit (`TableView.scoreUnit`). */
  value: string | number;
  you?: boolean;
  /** Card points this side has won in the current hand (a team's total in team games). */
  handPoints?: number;
}

/** One turn of the chiamata auction: a bid (its rank and points), or a pass (`bid: null`). */
export interface BidTurn {
  seat: number;
  bid: { rank: Rank; points: number } | null;
}

/** An optional move offered when legal: the Brisca trump exchange, Briscola's 2-takes-trump, mano negra. */
export type Offer =
  | { kind: 'exchange'; own: CardCode; trump: CardCode }
  | { kind: 'twoTakes'; own: CardCode; trump: CardCode }
  | { kind: 'manoNegra'; cards: CardCode[] };

export interface TableView {
  seats: SeatPlace[];
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
  /** What `scores[].value` counts: an i18n key (hands won, game points, card points). */
  scoreUnit: ScoreUnit;
  scores: ScoreRow[];
  /** The other seats around the table, each group in play order (see `seatRing`). */
  ring: { left: number[]; across: number[]; right: number[] };
  /** Every seat's place seen from the centre, where its played card lies (see `seatSpots`). */
  spots: Record<number, Spot>;
  /** Which way play turns round the table. */
  turnWay: TableTurn;
  /** Which of your cards may be played (all if omitted). */
  playable?: boolean[];
  canUndo: boolean;
  canHint: boolean;
  /** The suggested move: its card (none for an exchange or mano negra, which the reason words). */
  hint?: { card: CardCode | null; reason: string } | null;
  lastTrick?: TrickPlay[] | null;
  /** Who took the last trick, and its card points. */
  lastTaker?: { seat: number; points: number } | null;
  /** Chiamata, once the auction is won: who declared, the winning bid, the called card and the
   *  partner once your seat knows it — shown for the whole hand. */
  contract?: { declarer: number; rank: Rank; points: number; called: CardCode | null; partner: number | null } | null;
  /** Chiamata, once the partner is known: the two sides, their card points and the declarers' target. */
  sides?: { declarers: number[]; defenders: number[]; declarerPoints: number; defenderPoints: number; target: number } | null;
  /** Chiamata: every bid and pass of the auction in order (empty in other games), for the whole hand. */
  bids: BidTurn[];
  /** Chiamata: the auction is on (bidding or calling): each seat shows its last bid or pass. */
  auctionOpen: boolean;
  /** The exchanges with the face-up trump made in this hand, oldest first (public, shown all hand). */
  exchanges: { seat: number; gave: CardCode; took: CardCode }[];
  /** A legal optional move to offer you now. */
  offer?: Offer | null;
}
