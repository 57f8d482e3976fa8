/**
 * Messages from Rust in the player's current language and deck: `say(message)` is `word` with
 * `i18n.lang` and the deck style from the preferences (the one deck value, see docs/ui.md); at a
 * table, `seatName` words the people at its seats by name.
 */
import { i18n } from './i18n/index.svelte';
import { word, type MessageData } from './i18n/words';
import { prefs } from './prefs.svelte';

export function say(m: MessageData, seatName?: (seat: number) => string): string {
  return word(m, { lang: i18n.lang, deck: prefs.deck_style, seatName });
}
