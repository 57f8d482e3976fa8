/**
 * The chiamata contract in words, the same on the table and in the screen reader's announcements:
 * a bid ("Two · 70"), and who is whose partner, worded from your point of view ("You are Luca's
 * partner", "Sara is your partner", "Luca called his own card and plays alone").
 */
import { t } from '../i18n/index.svelte';
import type { Rank } from '../cards';
import { MIN_BID_POINTS } from '../bindings/constants';
import type { BidTurn } from './view';

/** A bid in words: the rank's name, with its points when above the minimum ("Two · 70"). */
export function bidWords(rankName: string, points: number): string {
  return points > MIN_BID_POINTS ? `${rankName} · ${points}` : rankName;
}

/** One turn of the auction in words: the bid, or "Pass". */
export function turnWords(turn: BidTurn, rankName: (rank: Rank) => string): string {
  return turn.bid ? bidWords(rankName(turn.bid.rank), turn.bid.points) : t('auction.pass');
}

/** Each seat's last turn of the auction, in the order the seats first spoke. */
export function lastTurns(bids: BidTurn[]): BidTurn[] {
  const last = new Map<number, BidTurn>();
  for (const turn of bids) last.set(turn.seat, turn);
  return [...last.values()];
}

export function partnerText(declarer: number, partner: number, you: number, who: (seat: number) => string): string {
  if (partner === declarer) return declarer === you ? t('table.youAlone') : t('table.alone', { name: who(declarer) });
  if (partner === you) return t('table.youPartnerOf', { declarer: who(declarer) });
  if (declarer === you) return t('table.yourPartner', { name: who(partner) });
  return t('table.partnerOf', { name: who(partner), declarer: who(declarer) });
}

/**
 * Your role from the call on (the called card known), with what your side must reach: the declarer
 * (alone when the called card is the declarer's own), the partner (you hold the called card), or a
 * defender. The declarers need the bid's points; the defenders stop them with the rest of 120 plus one.
 */
export function roleText(c: { declarer: number; partner: number | null; called: unknown; points: number }, you: number, who: (seat: number) => string): string | null {
  if (c.called === null) return null;
  if (c.declarer === you) return t(c.partner === you ? 'table.roleAlone' : 'table.roleDeclarer', { n: c.points });
  if (c.partner === you) return t('table.rolePartner', { name: who(c.declarer), n: c.points });
  return t('table.roleDefender', { n: c.points, m: 121 - c.points });
}
