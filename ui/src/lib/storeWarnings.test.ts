import { describe, expect, it } from 'vitest';
import type { StoreWarning } from './bindings/StoreWarning';
import { DICTS, LANGS, setLang, tk } from './i18n/index.svelte';

/** English words that must not reach an Italian, Spanish or Portuguese player (as in i18n/words.test.ts). */
const ENGLISH = /\b(the|play|trick|trumps?|points?|cards?|hand|you|your|of|is|not|settings?|folder|history|match|saved?|undefined|object)\b/i;
import { FOLDER_PROBLEMS, WARNING_IDS, notSaving, warningText } from './storeWarnings';

/** One sample of every warning, with every parameter set. */
const SAMPLES: StoreWarning[] = [
  { id: 'not-saving', path: '/d', problem: 'symlink', detail: 'x' },
  { id: 'quarantined', file: 'preferences.json', moved_to: '/d/p.corrupt-1', detail: 'x' },
  { id: 'future-version', file: 'preferences.json', found: 9, supported: 1 },
  { id: 'migrated', file: 'preferences.json', from: 0, to: 1, backup: '/d/p.v0-backup' },
  { id: 'repaired', file: 'preferences.json', fields: ['card_size_percent', 'new_game.rulesets', 'new_game.opponents', 'new_game.format'] },
  { id: 'torn-line', moved_to: '/d/h.torn-1', bytes: 12 },
  { id: 'unreadable-lines', lines: 2000, first_at: 40 },
  { id: 'unreadable-matches', matches: 3 },
  { id: 'unreadable-reviews', lines: 1, first_at: 0 },
];

describe('store warnings', () => {
  it.each(LANGS)('every warning id and folder problem is worded in %s', (lang) => {
    const d = DICTS[lang] as Record<string, string>;
    for (const id of WARNING_IDS) expect(d[`warning.${id}`], `${lang}: ${id}`).toBeTruthy();
    for (const p of FOLDER_PROBLEMS) expect(d[`warning.problem.${p}`], `${lang}: ${p}`).toBeTruthy();
    expect(d['app.notSaving']).toBeTruthy();
  });

  it.each(LANGS)('every sample is a full sentence in %s', (lang) => {
    setLang(lang);
    expect(SAMPLES.map((w) => w.id).sort()).toEqual([...WARNING_IDS].sort());
    for (const w of SAMPLES) {
      const text = warningText(w);
      expect(text, `${lang}: ${w.id}`).not.toMatch(/\{\w+\}|warning\./);
    }
    setLang('en');
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s: no English word in any warning', (lang) => {
    setLang(lang);
    for (const w of SAMPLES) expect(warningText(w), `${lang}: ${w.id}`).not.toMatch(ENGLISH);
    expect(tk('app.notSaving')).not.toMatch(ENGLISH);
    setLang('en');
  });

  it('fills in the parameters', () => {
    setLang('en');
    expect(warningText(SAMPLES[4])).toContain('the card size, the remembered rules, the number of opponents, the match format');
    expect(warningText(SAMPLES[0])).toContain('a link');
    expect(warningText(SAMPLES[5])).toContain('12 bytes');
    expect(notSaving(SAMPLES)).toBe(true);
    expect(notSaving(SAMPLES.slice(1))).toBe(false);
  });
});
