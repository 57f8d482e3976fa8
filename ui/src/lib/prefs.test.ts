import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFS, initPrefs, prefs, sanitizePrefs, updatePrefs, type Prefs, type PrefsBackend } from './prefs.svelte';
import { i18n } from './i18n/index.svelte';

describe('prefs', () => {
  it('sanitizes anything into valid preferences', () => {
    expect(sanitizePrefs(null)).toEqual(DEFAULT_PREFS);
    expect(sanitizePrefs({ deckStyle: 'tarot', lang: 'fr', sound: 'yes', cardSize: 'huge' })).toEqual(DEFAULT_PREFS);
    const p = sanitizePrefs({ deckStyle: 'french-4color', lang: 'pt', animSpeed: 'fast', sound: false, scoreDisplay: 'mine' });
    expect(p).toMatchObject({ deckStyle: 'french-4color', lang: 'pt', animSpeed: 'fast', sound: false, scoreDisplay: 'mine' });
  });

  it('keeps a valid remembered new-game choice', () => {
    const p = sanitizePrefs({ lastNewGame: { preset: 'bisca', players: 4, aiLevels: ['hard', 'bogus'], format: 'bestOf5', firstToN: 99, deckStyle: 'french' } });
    expect(p.lastNewGame).toMatchObject({ preset: 'bisca', players: 4, aiLevels: ['hard', 'medium'], format: 'bestOf5', firstToN: 3, deckStyle: 'french' });
  });

  it('loads from the backend and saves every change at once', async () => {
    let stored: unknown = { lang: 'es', deckStyle: 'spanish' };
    const backend: PrefsBackend = {
      load: vi.fn(async () => stored),
      save: vi.fn(async (p: Prefs) => {
        stored = p;
      }),
    };
    await initPrefs(backend);
    expect(prefs.deckStyle).toBe('spanish');
    expect(i18n.lang).toBe('es');
    await updatePrefs({ lang: 'it', sound: false });
    expect(i18n.lang).toBe('it');
    expect(backend.save).toHaveBeenCalledTimes(1);
    expect(stored).toMatchObject({ lang: 'it', sound: false, deckStyle: 'spanish' });
  });
});
