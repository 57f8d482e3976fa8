/**
 * The computer players' names: the one set in Settings (`prefs.opponent_names`, seat 1 first), or the
 * language's default name for that seat (`table.defaultNames`, comma-separated), or "Opponent n" past
 * the defaults. One place, so the table, the announcements and History say the same names.
 */
import { t } from './i18n/index.svelte';
import { prefs } from './prefs.svelte';

/** The default name of computer seat `n` (1-based) in the current language. */
export function defaultOpponentName(n: number): string {
  return t('table.defaultNames').split(',')[n - 1]?.trim() || t('table.opponentName', { n });
}

/** The name of computer seat `n` (1-based). */
export function opponentName(n: number): string {
  return prefs.opponent_names[n - 1]?.trim() || defaultOpponentName(n);
}

/** The most opponents a table has (six players). */
export const MAX_OPPONENTS = 5;
