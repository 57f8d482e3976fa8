/**
 * A table in words, in the player's language: seat names, the log's lines (chat and the
 * table's events), quick phrases, the link's state and why a table ended. The data is the table's;
 * these only word it.
 */
import type { Absence } from '../bindings/Absence';
import type { ChatBody } from '../bindings/ChatBody';
import type { LinkStatus } from '../bindings/LinkStatus';
import type { LobbyView } from '../bindings/LobbyView';
import type { QuickPhrase } from '../bindings/QuickPhrase';
import type { DeckStyle } from '../cards';
import { seatName, type Names } from '../game/fromView';
import { t, tk, i18n } from '../i18n/index.svelte';
import { actionWords } from '../i18n/words';
import type { Ending } from '../bindings/Ending';
import type { Note } from '../bindings/Note';
import type { SeatState } from '../bindings/SeatState';
import { yourSeat } from './seat';

/** Every quick phrase the table knows, in the order the Talk panel offers them (the shell's list). */
export { QUICK_PHRASES } from '../bindings/constants';

export function phraseWords(phrase: QuickPhrase): string {
  return tk(`phrase.${phrase}`);
}

export function chatWords(chat: ChatBody): string {
  return chat.kind === 'text' ? chat.text : phraseWords(chat.phrase);
}

/** A seat as the table shows it: its person's name, a computer, or an empty seat (numbered from 1). */
export function seatLabel(lobby: LobbyView | null, seat: number): string {
  const s = lobby?.seats[seat];
  if (s?.kind === 'person') return s.name;
  return s?.kind === 'ai' ? t('friends.computerN', { n: seat + 1 }) : t('friends.seatN', { n: seat + 1 });
}

/**
 * The table's names from your seat: "You" at yours, the lobby's names at the others — and at a
 * computer's seat of a match this app opened against the computer, the name it gave that seat when
 * the match started (`seat_names`, kept with the match: a resumed match keeps them).
 */
export function tableNames(state: SeatState): Names {
  const other = (seat: number) => (state.lobby?.seats[seat]?.kind === 'ai' && state.seat_names[seat]) || seatLabel(state.lobby, seat);
  return { seat: yourSeat(state) ?? -1, you: t('table.you'), other };
}

/** Who plays an absent player's seat meanwhile. */
export function standInWords(standIn: Absence): string {
  return standIn.kind === 'wait' ? t('friends.awayWait') : t('friends.awayAi', { level: tk(`level.${standIn.level}`) });
}

/**
 * The lines of the log worth telling at this table: a single-hand match's hand is the match, so its
 * "you win this hand" is left to the match's end.
 */
export function toldNotes(state: SeatState): Note[] {
  if (state.lobby?.settings.format.kind !== 'single-hand') return state.notes;
  return state.notes.filter((n) => n.body.kind !== 'hand-over');
}

/** One line of the log. */
export function noteWords({ body: note }: Note, names: Names, deck: DeckStyle): string {
  const who = (seat: number) => seatName(seat, names);
  const mine = (seat: number) => seat === names.seat;
  switch (note.kind) {
    case 'chat':
      return t('talk.said', { name: note.from.name, text: chatWords(note.chat) });
    case 'auto-played': {
      const action = actionWords(note.action, { lang: i18n.lang, deck });
      return mine(note.seat) ? t('friends.autoPlayedYou', { action }) : t('friends.autoPlayed', { name: who(note.seat), action });
    }
    case 'arrived':
      return t('friends.arrived', { name: note.name });
    case 'departed':
      return t('friends.departed', { name: note.name });
    case 'disconnected':
      return t('friends.dropped', { name: who(note.seat) });
    case 'reconnected':
      return t('friends.back', { name: who(note.seat) });
    case 'absence-changed': {
      const name = note.absent.map(who).join(' & ');
      if (note.absence.kind === 'wait') return name ? t('friends.absenceWaitNote', { name }) : t('friends.absenceWaitAnyone');
      const level = tk(`level.${note.absence.level}`);
      return name ? t('friends.absenceAiNote', { name, level }) : t('friends.absenceAiAnyone', { level });
    }
    case 'short-timer':
      return mine(note.seat) ? t('friends.shortTimerYou') : t('friends.shortTimer', { name: who(note.seat) });
    case 'timer-changed':
      return note.seconds === null ? t('friends.timerOffNow') : t('friends.timerNow', { n: note.seconds });
    case 'timer-off-proposed':
      return t('friends.proposed', { name: who(note.by) });
    case 'muted':
      return t(note.muted ? 'talk.mutedNote' : 'talk.unmutedNote', { name: who(note.seat) });
    case 'took-back':
      return mine(note.seat) ? t('friends.tookBackYou') : t('friends.tookBack', { name: who(note.seat) });
    case 'resigned':
      return mine(note.seat) ? t('friends.resignedYou') : t('friends.resigned', { name: who(note.seat) });
    case 'hand-over': {
      const o = note.result.outcome;
      if (o.kind !== 'won') return t('summary.drawHand');
      const side = note.result.sides[o.side] ?? [];
      return side.includes(names.seat) ? t('summary.youWinHand') : t('summary.youLoseHand', { name: side.map(who).join(' & ') });
    }
  }
}

/**
 * The link while it is not simply up: opening (nothing told yet and not yet welcomed: a table held
 * in this app tells no link), or reconnecting (the shell takes the seat back).
 */
export function linkWords(link: LinkStatus | null, welcomed: boolean): string | null {
  if (link === null) return welcomed ? null : t('friends.connecting');
  return link.state === 'reconnecting' ? t('friends.reconnecting', { n: link.attempt }) : null;
}

/** Why you are no longer at the table. */
export function endingWords(ending: Ending): string {
  return t(`friends.ended.${ending.kind}`);
}
