/**
 * A seat's view of the hand (`SeatGame`, at any table) → the table's plain `TableView`, and the bits
 * of the view the dialogs need (offers, the auction, the hand and match summaries). Pure functions.
 */
import type { Action } from '../bindings/Action';
import type { Choices } from '../bindings/Choices';
import type { HandRecap } from '../bindings/HandRecap';
import type { MatchOutcome } from '../bindings/MatchOutcome';
import type { Observation } from '../bindings/Observation';
import type { MatchFormat } from '../bindings/MatchFormat';
import type { Rank as EngineRank } from '../bindings/Rank';
import type { SeatGame } from '../bindings/SeatGame';
import { RANK_LETTER, SUIT_LETTER, pointValues, type CardCode, type Rank } from '../cards';
import type { TableTurn } from '../bindings/TableTurn';
import type { Offer, ScoreUnit, SeatPlace, Spot, TableView, TrickPlay } from './view';

/** What a seat sees of the hand: the fields of a `SeatGame` the table and its news read. */
export type SeatHand = Pick<SeatGame, 'observation' | 'choices' | 'standing' | 'your_side' | 'hand_number' | 'last_trick' | 'card_values' | 'partners'>;

/** How the table names its seats: yours ("You") and the others'. */
export interface Names {
  /** Your seat. */
  seat: number;
  you: string;
  /** The name of another seat. */
  other: (seat: number) => string;
}

export function seatName(seat: number, names: Names): string {
  return seat === names.seat ? names.you : names.other(seat);
}

/**
 * Where each other seat sits around the table. Seat `you + k` of `n` stands at angle k·360°/n from
 * you (at the bottom), going the way the table turns: counter-clockwise by default (the next player
 * on your right, as most source texts play), clockwise as a Settings choice (see `TableTurn`).
 * Each column and the across row lists its seats in play order (k ascending); the table's CSS
 * stacks them the way play goes.
 */
export function seatRing(you: number, n: number, turn: TableTurn = 'counter_clockwise'): TableView['ring'] {
  const ring = { left: [] as number[], across: [] as number[], right: [] as number[] };
  const first = turn === 'clockwise' ? ring.left : ring.right;
  const last = turn === 'clockwise' ? ring.right : ring.left;
  for (let k = 1; k < n; k++) {
    const angle = (k * 360) / n;
    const seat = (you + k) % n;
    if (angle < 135) first.push(seat);
    else if (angle <= 225) ring.across.push(seat);
    else last.push(seat);
  }
  return ring;
}

/**
 * Each seat's place seen from the table's centre, as a unit vector in screen terms (x to the right,
 * y down): you at the bottom (0, 1), the others round the table the way it turns — where their
 * played cards lie and where a won trick goes.
 */
export function seatSpots(you: number, n: number, turn: TableTurn = 'counter_clockwise'): Record<number, Spot> {
  const side = turn === 'clockwise' ? -1 : 1;
  const spots: Record<number, Spot> = {};
  for (let k = 0; k < n; k++) {
    const angle = (k * 2 * Math.PI) / n;
    // Rounded so that the four sides are exact (no -0 or 6e-17).
    const round = (v: number) => Math.round(v * 1000) / 1000 || 0;
    spots[(you + k) % n] = { x: round(side * Math.sin(angle)), y: round(Math.cos(angle)) };
  }
  return spots;
}

/** The optional move the engine offers among your choices: trump exchange (or 2-takes-trump), mano negra. */
export function offerFrom(view: SeatHand): Offer | null {
  const c = view.choices;
  if (c.mano_negra) return { kind: 'manoNegra', cards: c.mano_negra };
  if (c.exchange) {
    const twoTakes = view.observation.ruleset.exchange === 'two-before-first-trick';
    return { kind: twoTakes ? 'twoTakes' : 'exchange', own: c.exchange.give, trump: c.exchange.take };
  }
  return null;
}

/** The action answering an offer. */
export function offerAction(offer: Offer): Action {
  return offer.kind === 'manoNegra' ? { kind: 'mano-negra' } : { kind: 'exchange', card: offer.own };
}

/** The i18n key (`format.<kind>`) and number of a match format, as the shell sends it. */
export function formatText(f: MatchFormat): { key: string; n: number } {
  const n = 'hands' in f ? f.hands : 'target' in f ? f.target : 1;
  return { key: `format.${f.kind}`, n };
}

/** A name for a match side ("You", "You & Opponent 2", "Opponent 1"). */
export function sideName(side: number[], names: Names): string {
  return side.map((s) => seatName(s, names)).join(' & ');
}

/** What the match score counts, as an i18n key: hands won, game points or card points. */
export function scoreUnit(f: MatchFormat): ScoreUnit {
  return f.kind === 'game-points' ? 'table.unit.gamePoints' : f.kind === 'card-points' ? 'table.unit.cardPoints' : 'table.unit.hands';
}

/** A hint on the table: the card to play (none for an exchange or mano negra) and the worded reason. */
export interface HintView {
  card: CardCode | null;
  reason: string;
}

/** The table's hint for a suggested action (any legal action, not only a card) and its worded reason. */
export function hintFrom(action: Action, reason: string): HintView {
  return { card: action.kind === 'play' ? action.card : null, reason };
}

export interface FromViewExtra {
  names: Names;
  formatLabel: string;
  hint?: HintView | null;
  /** Which way the table turns (the `table_turn` preference; counter-clockwise when absent). */
  turn?: TableTurn;
}

/** What the table needs beside the seat's view. */
export interface SeatExtra extends FromViewExtra {
  /** The match format (what the score counts). */
  format: MatchFormat;
  /** The match is over: nobody's turn, nothing to hint. */
  over: boolean;
  /** You may take back a move now. */
  canUndo?: boolean;
  /** The table offers hints. */
  hints?: boolean;
}

/** Any seat's view of the hand → the table's `TableView`. */
export function seatTableView(view: SeatHand, extra: SeatExtra): TableView {
  const obs = view.observation;
  const n = obs.ruleset.players;
  const partners = view.partners;
  const wonCards = Array.from({ length: n }, () => 0);
  for (const t of obs.tricks) wonCards[t.winner] += t.plays.length;
  const seats: SeatPlace[] = Array.from({ length: n }, (_, i) => ({
    id: i,
    name: seatName(i, extra.names),
    isYou: i === obs.seat,
    team: obs.teams ? obs.teams[i] : undefined,
    partner: partners.includes(i),
    hand: i === obs.seat ? obs.hand : obs.open_hands ? (obs.open_hands[i] ?? []) : (obs.hand_sizes[i] ?? 0),
    wonPoints: obs.pile_points[i] ?? 0,
    wonCards: wonCards[i],
  }));
  const legal = new Set<CardCode>(view.choices.cards);
  const trick: TrickPlay[] = obs.current_trick.map((p) => ({ seat: p.seat, card: p.card }));
  const playing = obs.phase === 'playing';
  const scores = view.standing.sides.map((side, i) => ({
    name: sideName(side, extra.names),
    value: view.standing.scores[i] ?? 0,
    you: i === view.your_side,
    handPoints: side.reduce((a, s) => a + (obs.pile_points[s] ?? 0), 0),
  }));
  const trumpSuit = obs.trump ? SUIT_LETTER[obs.trump] : null;
  const myMove = playing && obs.to_move === obs.seat && legal.size > 0;
  return {
    seats,
    trick,
    trickWinner: null,
    stockCount: obs.stock_len,
    trump: obs.face_up_trump,
    trumpSuit,
    nextStock: obs.next_stock_card,
    turn: obs.phase === 'finished' || extra.over ? null : obs.to_move,
    values: pointValues(view.card_values),
    handNo: view.hand_number,
    formatLabel: extra.formatLabel,
    scoreUnit: scoreUnit(extra.format),
    scores,
    ring: seatRing(obs.seat, n, extra.turn),
    spots: seatSpots(obs.seat, n, extra.turn),
    turnWay: extra.turn ?? 'counter_clockwise',
    playable: obs.hand.map((c) => myMove && legal.has(c)),
    canUndo: extra.canUndo ?? false,
    canHint: myMove && !extra.over && extra.hints !== false,
    hint: extra.hint ?? null,
    lastTrick: view.last_trick ? view.last_trick.plays.map((p) => ({ seat: p.seat, card: p.card })) : null,
    lastTaker: view.last_trick ? { seat: view.last_trick.winner, points: view.last_trick.points } : null,
    offer: myMove ? offerFrom(view) : null,
    contract: contractOf(obs),
    sides: chiamataSides(obs),
    bids: (obs.auction?.log ?? []).map((turn) => ({ seat: turn.seat, bid: turn.bid ? { rank: RANK_LETTER[turn.bid.rank], points: turn.bid.points } : null })),
    auctionOpen: obs.phase === 'bidding' || obs.phase === 'calling',
    exchanges: obs.exchanges.map((e) => ({ seat: e.seat, gave: e.gave, took: e.took })),
  };
}

/** Chiamata: the declarer, the winning bid, the called card and the partner as far as this seat knows. */
export function contractOf(obs: Observation): TableView['contract'] {
  const a = obs.auction;
  if (a?.declarer == null || !a.best) return null;
  return { declarer: a.declarer, rank: RANK_LETTER[a.best[1].rank], points: a.best[1].points, called: a.called, partner: a.partner };
}

/**
 * Chiamata, once your seat knows the partner: the declarers (the declarer and the partner, or the
 * declarer alone) against the defenders, each side's card points in this hand, and the points the
 * declarers need (the winning bid's; a rank bid's are 61). Null before then and in other games.
 */
export function chiamataSides(obs: Observation): TableView['sides'] {
  const c = contractOf(obs);
  if (!c || c.partner === null) return null;
  const declarers = [...new Set([c.declarer, c.partner])];
  const defenders = Array.from({ length: obs.ruleset.players }, (_, i) => i).filter((s) => !declarers.includes(s));
  const sum = (seats: number[]) => seats.reduce((a, s) => a + (obs.pile_points[s] ?? 0), 0);
  return { declarers, defenders, declarerPoints: sum(declarers), defenderPoints: sum(defenders), target: c.points };
}

/** What the auction dialog needs, from the engine's choices; null when you have nothing to bid or call. */
export interface AuctionState {
  /** Ranks you may bid at the minimum points, strongest first. */
  ranks: Rank[];
  /** Bids by points, one range per rank that may make them: the weakest rank's ("the two with 65")
   *  first, then, with forcing, the standing bid's rank raised. */
  points: PointRange[];
  canPass: boolean;
  /** The cards you may call, once you won the auction. */
  calls: CardCode[];
  current: { rank: Rank; points: number; seat: number } | null;
}

/** The points a rank may be bid with, from the engine's `PointBids`, the rank as the UI writes it. */
export type PointRange = { rank: Rank; min: number; max: number };

const ENGINE_RANK = Object.fromEntries(Object.entries(RANK_LETTER).map(([engine, letter]) => [letter, engine])) as Record<Rank, EngineRank>;

export function auctionFrom(view: SeatHand): AuctionState | null {
  const obs = view.observation;
  const { bid, call } = view.choices;
  if (!bid && call.length === 0) return null;
  const best = obs.auction?.best ?? null;
  const current = best ? { rank: RANK_LETTER[best[1].rank], points: best[1].points, seat: best[0] } : null;
  return {
    ranks: (bid?.ranks ?? []).map((r) => RANK_LETTER[r]),
    points: (bid?.points ?? []).map((p) => ({ rank: RANK_LETTER[p.rank], min: p.min, max: p.max })),
    canPass: bid?.pass ?? false,
    calls: call,
    current,
  };
}

/** The action for an auction choice: a rank at the minimum points, or a rank with points kept in the
 *  range the engine offers for that rank (null when it offers none). */
export function bidAction(choices: Choices, bid: { rank: Rank; points?: number }): Action | null {
  const offer = choices.bid;
  if (!offer) return null;
  const rank = ENGINE_RANK[bid.rank];
  if (bid.points === undefined) return offer.ranks.includes(rank) ? { kind: 'bid', rank, points: offer.min_points } : null;
  const range = offer.points.find((p) => p.rank === rank);
  if (!range) return null;
  return { kind: 'bid', rank, points: Math.min(range.max, Math.max(range.min, Math.round(bid.points))) };
}

export interface SummaryData {
  outcome: 'win' | 'lose' | 'draw';
  winnerName: string;
  rows: { name: string; points: number; cards: number; you?: boolean }[];
  matchScore: { name: string; value: number; you?: boolean }[];
  matchOver: boolean;
  /** You resigned: the match ended there, with the score of that moment. */
  resigned: boolean;
  /** Every finished hand that counted: card points (your side first) and your result. */
  hands: { points: number[]; result: 'won' | 'lost' | 'drawn' }[];
}

/** How a match ended (the table's `over`), or that it goes on. */
export interface MatchEnd {
  outcome: MatchOutcome | null;
  resigned: boolean;
  /** Every finished hand that counted. */
  hands: HandRecap[];
}

/** The end-of-hand / end-of-match summary, once `observation.result` (or the match's end) is there. */
export function seatSummary(view: SeatHand, names: Names, end: MatchEnd): SummaryData | null {
  const obs = view.observation;
  const res = obs.result;
  const matchOver = end.outcome !== null || end.resigned;
  if (!res && !matchOver) return null;
  const wonCards = Array.from({ length: obs.ruleset.players }, () => 0);
  for (const t of obs.tricks) wonCards[t.winner] += t.plays.length;
  const sides = res?.sides ?? view.standing.sides;
  const mySide = sides.findIndex((s) => s.includes(obs.seat));
  const rows = sides.map((side, i) => ({
    name: sideName(side, names),
    points: res?.side_points[i] ?? side.reduce((a, s) => a + (obs.pile_points[s] ?? 0), 0),
    cards: side.reduce((a, s) => a + wonCards[s], 0),
    you: i === mySide,
  }));
  const matchScore = view.standing.sides.map((side, i) => ({ name: sideName(side, names), value: view.standing.scores[i] ?? 0, you: i === view.your_side }));
  let outcome: SummaryData['outcome'];
  let winnerName = '';
  if (end.resigned) {
    outcome = 'lose';
  } else if (end.outcome) {
    // Several winners: chiamata's seats that won the deciding hand together.
    const ws = end.outcome.winners;
    outcome = ws.length === 0 ? 'draw' : ws.includes(view.your_side) ? 'win' : 'lose';
    winnerName = sideName(ws.flatMap((w) => view.standing.sides[w] ?? []), names);
  } else {
    const o = res!.outcome;
    outcome = o.kind === 'won' ? (o.side === mySide ? 'win' : 'lose') : 'draw';
    if (o.kind === 'won') winnerName = sideName(sides[o.side] ?? [], names);
  }
  const hands = end.hands.map((h) => ({ points: [...h.points], result: h.result }));
  return { outcome, winnerName, rows, matchScore, matchOver, resigned: end.resigned, hands };
}
