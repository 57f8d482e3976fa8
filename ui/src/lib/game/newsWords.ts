/**
 * The news of a hand in words, for the screen reader's live region (and the hand summary's "what
 * decided it"): a card played, a trick taken, an exchange, mano negra, the auction's bids, passes,
 * call and partner — from your seat's point of view, whichever seat that is.
 */
import { deckFamily, RANK_LETTER, type DeckStyle, type Rank } from '../cards';
import { CARD_NAMES, cardNameInSentence } from '../i18n/cardNames';
import { i18n, t } from '../i18n/index.svelte';
import { auctionNews } from './auctionNews';
import { bidWords, partnerText } from './contractWords';
import { seatName, type Names } from './fromView';
import type { HandNews } from './news';

/** A rank's name in the deck's words ("Cavallo", "Queen"). */
export function rankLabel(rank: Rank, deck: DeckStyle): string {
  return CARD_NAMES[i18n.lang][deckFamily(deck)].ranks[rank];
}

/** Mano negra shown: the hand ends. */
export function manoNegraWords(seat: number, names: Names): string {
  return seat === names.seat ? t('announce.youManoNegra') : t('announce.manoNegra', { name: seatName(seat, names) });
}

/** The sentences for one piece of news (the auction's may be several). */
export function newsWords(n: HandNews, names: Names, deck: DeckStyle): string[] {
  const card = (c: Parameters<typeof cardNameInSentence>[0]) => cardNameInSentence(c, i18n.lang, deck);
  const who = (seat: number) => seatName(seat, names);
  const mine = (seat: number) => seat === names.seat;
  switch (n.kind) {
    case 'play':
      return [mine(n.seat) ? t('announce.youPlay', { card: card(n.card) }) : t('announce.play', { name: who(n.seat), card: card(n.card) })];
    case 'trick': {
      const points = n.trick.points ? t('common.points', { n: n.trick.points }) : t('common.pointsZero');
      return [mine(n.trick.winner) ? t('announce.youTrick', { points }) : t('announce.trick', { name: who(n.trick.winner), points })];
    }
    case 'exchange': {
      const [gave, took] = [card(n.exchange.gave), card(n.exchange.took)];
      return [mine(n.exchange.seat) ? t('announce.youExchange', { gave, took }) : t('announce.exchange', { name: who(n.exchange.seat), gave, took })];
    }
    case 'mano-negra':
      return [manoNegraWords(n.seat, names)];
    case 'auction':
      return auctionNews(n.before, n.after, names.seat).map((a) => {
        if (a.kind === 'bid') return t('announce.bid', { name: who(a.seat), bid: bidWords(rankLabel(RANK_LETTER[a.bid.rank], deck), a.bid.points) });
        if (a.kind === 'pass') return t('announce.pass', { name: who(a.seat) });
        if (a.kind === 'called') return t('table.called', { card: card(a.card) });
        return partnerText(a.declarer, a.partner, names.seat, who);
      });
  }
}
