/**
 * What happened between two views of the same hand, in order: the news a table announces and paces
 * (a completed trick stays on show a moment). Pure: the pacer uses it on the views your seat
 * receives.
 */
import type { AuctionView } from '../bindings/AuctionView';
import type { Card } from '../bindings/Card';
import type { Exchange } from '../bindings/Exchange';
import type { TrickView } from '../bindings/TrickView';
import type { SeatHand } from './fromView';

export type HandNews =
  | { kind: 'exchange'; exchange: Exchange }
  | { kind: 'auction'; before: AuctionView; after: AuctionView }
  | { kind: 'mano-negra'; seat: number }
  | { kind: 'play'; seat: number; card: Card }
  | { kind: 'trick'; trick: TrickView };

/** An auction before anyone spoke: what a first view's auction is news against. */
const NO_AUCTION: AuctionView = { log: [], best: null, passed: [], declarer: null, called: null, partner: null };

/**
 * What is already on the table in the first view of a table or of a hand, told as news: the moves
 * the other seats made before the view reached you (the computer players may all move before your
 * seat is told anything) — the hand's exchanges, the auction so far and the cards of the trick being
 * played. Tricks already taken are history, not news.
 */
function onTheTable(next: SeatHand): HandNews[] {
  const b = next.observation;
  const news: HandNews[] = b.exchanges.map((exchange) => ({ kind: 'exchange', exchange }));
  if (b.auction && b.auction.log.length) news.push({ kind: 'auction', before: NO_AUCTION, after: b.auction });
  for (const p of b.current_trick) news.push({ kind: 'play', seat: p.seat, card: p.card });
  return news;
}

/** The news from `old` to `next`; from a first view (no view before, or another hand), what is already on the table. */
export function handNews(old: SeatHand | null, next: SeatHand): HandNews[] {
  if (!old || old.hand_number !== next.hand_number || old.observation.ruleset.players !== next.observation.ruleset.players) return onTheTable(next);
  const [a, b] = [old.observation, next.observation];
  const news: HandNews[] = b.exchanges.slice(a.exchanges.length).map((exchange) => ({ kind: 'exchange', exchange }));
  if (a.auction && b.auction && JSON.stringify(a.auction) !== JSON.stringify(b.auction)) news.push({ kind: 'auction', before: a.auction, after: b.auction });
  const end = b.result?.end;
  if (end?.kind === 'mano-negra' && !a.result) news.push({ kind: 'mano-negra', seat: end.seat });
  const oldPlays = a.current_trick.length;
  // One or more tricks completed: their new plays, then each winner.
  for (let i = a.tricks.length; i < b.tricks.length; i++) {
    const trick = b.tricks[i];
    for (const p of trick.plays.slice(i === a.tricks.length ? oldPlays : 0)) news.push({ kind: 'play', seat: p.seat, card: p.card });
    news.push({ kind: 'trick', trick });
  }
  if (b.tricks.length === a.tricks.length) for (const p of b.current_trick.slice(oldPlays)) news.push({ kind: 'play', seat: p.seat, card: p.card });
  return news;
}

/** The last trick completed among the news, to keep on show before the next view. */
export function lastTrick(news: HandNews[]): TrickView | null {
  const tricks = news.flatMap((n) => (n.kind === 'trick' ? [n.trick] : []));
  return tricks[tricks.length - 1] ?? null;
}
