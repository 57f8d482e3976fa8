/**
 * The live preferences: the shell's `Preferences` document (generated type) held as it is. Every
 * change goes through `updatePrefs`, which saves it with `set_preferences` and keeps what the shell
 * answers. Outside the shell (unit tests without a fake, `vite dev` in a browser) they stay in memory.
 *
 * Deliberately absent: a second store. Builds before preferences version 2 kept a few values the
 * shell could not hold in localStorage (`briscola.prefs.v1`); `initPrefs` imports them once and
 * removes the key (see `legacyPatch`).
 */
import type { NewGame } from './bindings/NewGame';
import type { Preferences } from './bindings/Preferences';
import { DEFAULT_PREFERENCES } from './bindings/defaults';
import { setLang, systemLang } from './i18n/index.svelte';
import { inShell, shell } from './shell';

/** The live preferences: read anywhere (reactive), change only through `updatePrefs`. */
export const prefs: Preferences = $state(structuredClone(DEFAULT_PREFERENCES));

/** The localStorage key of the builds before preferences version 2. */
export const LEGACY_KEY = 'briscola.prefs.v1';

function applyLang(): void {
  setLang(prefs.language === 'system' ? systemLang() : prefs.language);
}

/**
 * What the old localStorage copy adds to the shell's preferences: the values those builds could
 * not store in the shell — undo off, the Italian deck with F C R indices, no points shown. The
 * rest (deck, language, speed, sound, size, the New game choice) was already in the shell's file
 * and migrated there.
 */
export function legacyPatch(old: unknown, current: Preferences): Partial<Preferences> {
  if (!old || typeof old !== 'object') return {};
  const o = old as Record<string, unknown>;
  const patch: Partial<Preferences> = {};
  if (typeof o.allowUndo === 'boolean' && o.allowUndo !== current.allow_undo) patch.allow_undo = o.allowUndo;
  if (o.deckStyle === 'italian-fcr' && current.deck_style === 'italian') patch.deck_style = 'italian-fcr';
  if (o.scoreDisplay === 'none' && current.score_display === 'mine') patch.score_display = 'none';
  return patch;
}

function readLegacy(): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(LEGACY_KEY);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

/** Loads the shell's preferences, imports the old localStorage copy once, and applies the language. */
export async function initPrefs(): Promise<void> {
  if (inShell()) {
    Object.assign(prefs, await shell().getPreferences());
    const old = readLegacy();
    if (old !== null) {
      const patch = legacyPatch(old, prefs);
      // The key goes only once its values are safely in the shell's file.
      if (Object.keys(patch).length) await updatePrefs(patch);
      globalThis.localStorage?.removeItem(LEGACY_KEY);
    }
  }
  applyLang();
}

/** Changes some preferences and saves them at once; the shell's answer is what stays. */
export async function updatePrefs(patch: Partial<Preferences>): Promise<void> {
  const next = { ...($state.snapshot(prefs) as Preferences), ...patch };
  Object.assign(prefs, inShell() ? await shell().setPreferences(next) : next);
  if ('language' in patch) applyLang();
}

/** Mirrors the New game choice the shell remembered when `start_match` took it. */
export function rememberNewGame(newGame: NewGame): void {
  prefs.new_game = newGame;
}
