/**
 * What changed in the chiamata auction between two views of one seat, as data for announcements:
 * another seat's bid or pass, the called card, the partner becoming known to this seat. Your own bids
 * and passes are not news (you made them). Wording is the screen's; nothing is guessed here — every
 * fact is a field of the engine's `AuctionView`.
 */
import type { AuctionView } from '../bindings/AuctionView';
import type { Bid } from '../bindings/Bid';
import { isCardCode, type CardCode } from '../cards';

export type AuctionNews =
  | { kind: 'bid'; seat: number; bid: Bid }
  | { kind: 'pass'; seat: number }
  | { kind: 'called'; card: CardCode }
  | { kind: 'partner'; declarer: number; partner: number };

export function auctionNews(before: AuctionView, after: AuctionView, you: number): AuctionNews[] {
  const out: AuctionNews[] = [];
  const best = after.best;
  if (best && best[0] !== you && JSON.stringify(before.best) !== JSON.stringify(best)) out.push({ kind: 'bid', seat: best[0], bid: best[1] });
  for (const seat of after.passed) if (seat !== you && !before.passed.includes(seat)) out.push({ kind: 'pass', seat });
  if (after.called && !before.called && isCardCode(after.called)) out.push({ kind: 'called', card: after.called });
  if (after.partner !== null && before.partner === null && after.declarer !== null) out.push({ kind: 'partner', declarer: after.declarer, partner: after.partner });
  return out;
}
