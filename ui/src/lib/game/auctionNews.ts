/**
 * What changed in the chiamata auction between two views of one seat, as data for announcements:
 * each other seat's bid or pass (every new turn of the engine's log, in order, even when several
 * came between two views), the called card, the partner becoming known to this seat. Your own bids
 * and passes are not news (you made them). Wording is the screen's; nothing is guessed here — every
 * fact is a field of the engine's `AuctionView`.
 */
import type { AuctionView } from '../bindings/AuctionView';
import type { Bid } from '../bindings/Bid';
import type { CardCode } from '../cards';

export type AuctionNews =
  | { kind: 'bid'; seat: number; bid: Bid }
  | { kind: 'pass'; seat: number }
  | { kind: 'called'; card: CardCode }
  | { kind: 'partner'; declarer: number; partner: number };

export function auctionNews(before: AuctionView, after: AuctionView, you: number): AuctionNews[] {
  const out: AuctionNews[] = [];
  // A log that does not continue the old one is a new auction: all of its turns are news.
  const continues = before.log.length <= after.log.length && before.log.every((turn, i) => JSON.stringify(turn) === JSON.stringify(after.log[i]));
  for (const turn of after.log.slice(continues ? before.log.length : 0)) {
    if (turn.seat === you) continue;
    out.push(turn.bid ? { kind: 'bid', seat: turn.seat, bid: turn.bid } : { kind: 'pass', seat: turn.seat });
  }
  if (after.called && !before.called) out.push({ kind: 'called', card: after.called });
  if (after.partner !== null && before.partner === null && after.declarer !== null) out.push({ kind: 'partner', declarer: after.declarer, partner: after.partner });
  return out;
}
