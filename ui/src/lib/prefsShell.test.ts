import { describe, expect, it, vi } from 'vitest';
import type { Preferences } from './bindings/Preferences';
import { fromShell, shellPrefsBackend, toShell } from './prefsShell';
import { DEFAULT_PREFS, sanitizePrefs, type Prefs, type PrefsBackend } from './prefs.svelte';

const shell: Preferences = {
  deck_style: 'spanish',
  language: 'es',
  animation_speed: 'off',
  sound: false,
  score_display: 'hide_opponents',
  card_size_percent: 130,
  first_dealer: 'random',
  ruleset: 'brisca',
  ruleset_options: { manoNegra: true },
  match_format: 'firstTo:4',
  ai_levels: ['hard', 'easy', 'medium'],
};

describe('prefs ↔ shell preferences', () => {
  it('reads the shell preferences', () => {
    const p = fromShell(shell);
    expect(p).toMatchObject({ deckStyle: 'spanish', lang: 'es', animSpeed: 'instant', sound: false, scoreDisplay: 'mine', cardSize: 'large' });
    expect(p.lastNewGame).toMatchObject({ preset: 'brisca', players: 4, aiLevels: ['hard', 'easy', 'medium'], format: 'firstTo', firstToN: 4 });
    expect(p.lastNewGame?.options.brisca).toEqual({ manoNegra: true });
  });

  it('round-trips, keeping the shell-only fields', () => {
    const p = fromShell(shell);
    const back = toShell(p, shell);
    expect(back).toEqual(shell);
  });

  it('keeps UI-only choices from local storage', () => {
    const local: Partial<Prefs> = { allowUndo: false, deckStyle: 'italian-fcr', scoreDisplay: 'none' };
    const p = fromShell({ ...shell, deck_style: 'italian' }, local);
    expect(p).toMatchObject({ allowUndo: false, deckStyle: 'italian-fcr', scoreDisplay: 'none' });
    expect(toShell(p, shell)).toMatchObject({ deck_style: 'italian', score_display: 'hide_opponents' });
  });

  it('backs the prefs store with the commands', async () => {
    let stored = { ...shell };
    const cmds = {
      getPreferences: vi.fn(async () => stored),
      setPreferences: vi.fn(async (p: Preferences) => (stored = p)),
    };
    let local: unknown = null;
    const localBackend: PrefsBackend = { load: async () => local, save: async (p) => void (local = p) };
    const b = shellPrefsBackend(cmds, localBackend);
    const loaded = sanitizePrefs(await b.load());
    expect(loaded.lang).toBe('es');
    await b.save({ ...loaded, lang: 'pt', cardSize: 'small', allowUndo: false });
    expect(cmds.setPreferences).toHaveBeenCalledTimes(1);
    expect(stored).toMatchObject({ language: 'pt', card_size_percent: 80, first_dealer: 'random' });
    expect((local as Prefs).allowUndo).toBe(false);
  });

  it('defaults are representable', () => {
    expect(toShell(DEFAULT_PREFS, shell)).toMatchObject({ deck_style: 'italian', language: 'system', animation_speed: 'normal', score_display: 'show_all', card_size_percent: 100 });
  });
});
