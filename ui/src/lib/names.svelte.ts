/**
 * The computer players' names: the one set in Settings (`prefs.opponent_names`, seat 1 first), or the
 * language's default name for that seat (`table.defaultNames`, comma-separated), or "Opponent n" past
 * the defaults. One place, so the table, the announcements and History say the same names. A match
 * keeps the names it started with (the shell stores them with it): a change of language or of the
 * names in Settings renames nobody in a match being played or in the history.
 */
import { t, tk } from './i18n/index.svelte';
import { prefs, updatePrefs } from './prefs.svelte';
import type { SeatPlayer } from './bindings/SeatPlayer';

/** The default name of computer seat `n` (1-based) in the current language. */
export function defaultOpponentName(n: number): string {
  return t('table.defaultNames').split(',')[n - 1]?.trim() || t('table.opponentName', { n });
}

/** The name of computer seat `n` (1-based). */
export function opponentName(n: number): string {
  return prefs.opponent_names[n - 1]?.trim() || defaultOpponentName(n);
}

/** Your name at a match against the computer (what friends you invite see): yours from Settings, or the language's default. */
export function yourTableName(): string {
  return prefs.your_name.trim() || t('table.defaultYourName');
}

/**
 * Keeps the name you gave a table's form for the next one (Settings shows it too). A name the
 * shell refuses is not kept: the table refuses it as well, and says why.
 */
export function rememberYourName(name: string): void {
  const kept = name.trim();
  if (kept !== prefs.your_name) void updatePrefs({ your_name: kept }).catch(() => {});
}

/** The names a new match with `count` opponents starts with: the shell keeps them with the match. */
export function opponentNamesFor(count: number): string[] {
  return Array.from({ length: count }, (_, i) => opponentName(i + 1));
}

/**
 * Who played seat `n` of a finished match (`MatchSummary.seats`), by the name the match showed: you
 * ("You" when the app knew no name of yours), a friend by name (their seat when the table sent none),
 * a computer player by its stored name — or, unnamed, by its level at a friends' table (the table
 * names none) and by today's name in a match against the AI stored before names were kept.
 */
export function seatPlayerName(seat: SeatPlayer, n: number, withPeople: boolean): string {
  if (seat.name) return seat.name;
  if (seat.kind === 'person') return n === 0 ? t('table.you') : t('friends.seatN', { n: n + 1 });
  return withPeople ? t('friends.computerLevel', { level: tk(`level.${seat.level}`) }) : opponentName(n);
}

/** The most opponents a table has (six players). */
export const MAX_OPPONENTS = 5;
