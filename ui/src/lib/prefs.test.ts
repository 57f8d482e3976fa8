import { afterEach, describe, expect, it } from 'vitest';
import { LEGACY_KEY, initPrefs, legacyPatch, prefs, updatePrefs } from './prefs.svelte';
import { DEFAULT_PREFERENCES } from './bindings/defaults';
import type { Preferences } from './bindings/Preferences';
import { prefsShell } from './game/__tests__/fixtures';
import { i18n } from './i18n/index.svelte';
import { setShell } from './shell';

afterEach(() => {
  setShell(null);
  localStorage.clear();
});

describe('prefs', () => {
  it('holds the shell’s preferences and saves every change through it', async () => {
    const s = prefsShell({ language: 'es', deck_style: 'spanish' });
    setShell(s.shell);
    await initPrefs();
    expect(prefs.deck_style).toBe('spanish');
    expect(i18n.lang).toBe('es');
    await updatePrefs({ language: 'it', sound: false });
    expect(i18n.lang).toBe('it');
    expect(s.fake.setPreferences).toHaveBeenCalledTimes(1);
    expect(s.saved()).toMatchObject({ language: 'it', sound: false, deck_style: 'spanish' });
  });

  it('keeps what the shell answers and nothing when it refuses', async () => {
    const s = prefsShell();
    setShell(s.shell);
    await initPrefs();
    s.fake.setPreferences.mockImplementationOnce(async (p: Preferences) => ({ ...p, card_size_percent: 200 }));
    await updatePrefs({ card_size_percent: 900 });
    expect(prefs.card_size_percent).toBe(200);
    s.fake.setPreferences.mockRejectedValueOnce({ kind: 'invalid_input', message: 'no' });
    await expect(updatePrefs({ sound: false })).rejects.toMatchObject({ kind: 'invalid_input' });
    expect(prefs.sound).toBe(true);
  });

  it('imports the values old builds kept in localStorage once, then removes the key', async () => {
    localStorage.setItem(LEGACY_KEY, JSON.stringify({ allowUndo: false, deckStyle: 'italian-fcr', scoreDisplay: 'none', lang: 'pt' }));
    const s = prefsShell({ deck_style: 'italian', score_display: 'mine', language: 'pt' });
    setShell(s.shell);
    await initPrefs();
    expect(s.saved()).toMatchObject({ allow_undo: false, deck_style: 'italian-fcr', score_display: 'none', language: 'pt' });
    expect(prefs.allow_undo).toBe(false);
    expect(localStorage.getItem(LEGACY_KEY)).toBeNull();
    // A second start finds nothing to import.
    await initPrefs();
    expect(s.fake.setPreferences).toHaveBeenCalledTimes(1);
  });

  it('keeps the old key when the shell cannot save the import', async () => {
    localStorage.setItem(LEGACY_KEY, JSON.stringify({ allowUndo: false }));
    const s = prefsShell();
    s.fake.setPreferences.mockRejectedValueOnce({ kind: 'storage', message: 'disk full' });
    setShell(s.shell);
    await expect(initPrefs()).rejects.toMatchObject({ kind: 'storage' });
    expect(localStorage.getItem(LEGACY_KEY)).not.toBeNull();
  });

  it('imports only what the shell’s file could not hold', () => {
    const current = structuredClone(DEFAULT_PREFERENCES);
    expect(legacyPatch(null, current)).toEqual({});
    expect(legacyPatch({ deckStyle: 'italian-fcr', scoreDisplay: 'none', allowUndo: true }, current)).toEqual({ deck_style: 'italian-fcr' });
    // A deck or score display the shell already holds differently wins over the old copy.
    expect(legacyPatch({ deckStyle: 'italian-fcr', scoreDisplay: 'none' }, { ...current, deck_style: 'french', score_display: 'all' })).toEqual({});
  });
});
