/**
 * Maps the UI's `Prefs` to and from the shell's `Preferences` (generated
 * bindings), and builds a `PrefsBackend` on the `get_preferences` /
 * `set_preferences` commands. Phase 2 passes `shellPrefsBackend(commands(invoke))`
 * to `initPrefs`.
 *
 * Fields the shell does not store yet (kept in localStorage next to it):
 * `allowUndo`, the remembered player count and first-to-N, the `italian-fcr`
 * deck, and the "hide all points" score display.
 */
import type { Preferences } from './bindings/Preferences';
import type { DeckStyle as ShellDeck } from './bindings/DeckStyle';
import type { AnimationSpeed } from './bindings/AnimationSpeed';
import type { ScoreDisplay as ShellScore } from './bindings/ScoreDisplay';
import { localStorageBackend, sanitizePrefs, type CardSize, type Prefs, type PrefsBackend } from './prefs.svelte';

const SIZE_PERCENT: Record<CardSize, number> = { small: 80, medium: 100, large: 130 };

export function toShell(p: Prefs, base: Preferences): Preferences {
  const ng = p.lastNewGame;
  return {
    ...base,
    deck_style: (p.deckStyle === 'italian-fcr' ? 'italian' : p.deckStyle) as ShellDeck,
    language: p.lang,
    animation_speed: (p.animSpeed === 'instant' ? 'off' : p.animSpeed) as AnimationSpeed,
    sound: p.sound,
    score_display: (p.scoreDisplay === 'all' ? 'show_all' : 'hide_opponents') as ShellScore,
    card_size_percent: SIZE_PERCENT[p.cardSize],
    ...(ng
      ? {
          ruleset: ng.preset,
          ruleset_options: { ...(ng.options[ng.preset] ?? {}), ...(p.lastSetup ? { last_setup: p.lastSetup } : {}) },
          match_format: ng.format === 'firstTo' ? `firstTo:${ng.firstToN}` : ng.format,
          ai_levels: [...ng.aiLevels],
        }
      : {}),
  };
}

/** The UI's view of the shell's preferences; `local` supplies what the shell does not store. */
export function fromShell(s: Preferences, local: Partial<Prefs> = {}): Prefs {
  const size: CardSize = s.card_size_percent < 90 ? 'small' : s.card_size_percent > 115 ? 'large' : 'medium';
  const [format, n] = s.match_format.split(':');
  const localNg = local.lastNewGame ?? null;
  const { last_setup: lastSetup, ...options } = s.ruleset_options ?? {};
  return sanitizePrefs({
    deckStyle: s.deck_style === 'italian' && local.deckStyle === 'italian-fcr' ? 'italian-fcr' : s.deck_style,
    lang: s.language,
    animSpeed: s.animation_speed === 'off' ? 'instant' : s.animation_speed,
    sound: s.sound,
    scoreDisplay: s.score_display === 'show_all' ? 'all' : local.scoreDisplay === 'none' ? 'none' : 'mine',
    cardSize: size,
    allowUndo: local.allowUndo,
    lastNewGame: s.ruleset
      ? {
          preset: s.ruleset,
          options: { [s.ruleset]: options },
          players: s.ai_levels.length + 1,
          aiLevels: s.ai_levels,
          format,
          firstToN: n ? Number(n) : (localNg?.firstToN ?? 3),
          deckStyle: s.deck_style === 'italian' && localNg?.deckStyle === 'italian-fcr' ? 'italian-fcr' : s.deck_style,
        }
      : localNg,
    lastSetup: lastSetup ?? local.lastSetup ?? null,
  });
}

export interface PrefsCommands {
  getPreferences(): Promise<Preferences>;
  setPreferences(p: Preferences): Promise<Preferences>;
}

/** A `PrefsBackend` on the shell's commands, with localStorage for the UI-only fields. */
export function shellPrefsBackend(cmds: PrefsCommands, local: PrefsBackend = localStorageBackend): PrefsBackend {
  let last: Preferences | null = null;
  return {
    async load() {
      const [s, l] = await Promise.all([cmds.getPreferences(), local.load()]);
      last = s;
      return fromShell(s, sanitizePrefs(l));
    },
    async save(p) {
      await local.save(p);
      if (last) last = await cmds.setPreferences(toShell(p, last));
    },
  };
}
