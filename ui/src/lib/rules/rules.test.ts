import { describe, expect, it } from 'vitest';
import { RULES } from './index';
import { LANGS } from '../i18n/langs';
import { PRESETS } from '../game/__tests__/shellData';

const PRESET_IDS = PRESETS.map((p) => p.preset);

describe('rules and tips', () => {
  it.each(LANGS)('%s has rules and tips for every preset', (lang) => {
    const book = RULES[lang];
    expect(Object.keys(book).sort()).toEqual([...PRESET_IDS].sort());
    for (const id of PRESET_IDS) {
      const r = book[id];
      expect(r.intro.length, `${lang}/${id} intro`).toBeGreaterThan(40);
      expect(r.sections.length, `${lang}/${id} sections`).toBeGreaterThan(0);
      expect(r.tips.length, `${lang}/${id} tips`).toBeGreaterThanOrEqual(3);
      for (const s of r.sections) {
        expect(s.title.trim()).not.toBe('');
        expect(s.text.length + (s.list?.length ?? 0)).toBeGreaterThan(0);
        for (const p of [...s.text, ...(s.list ?? [])]) expect(p.trim()).not.toBe('');
      }
      for (const t of r.tips) expect(t.trim()).not.toBe('');
      expect(JSON.stringify(r)).not.toMatch(/TODO/);
    }
  });

  it('every language has the same shape (sections and tips per preset)', () => {
    for (const id of PRESET_IDS) {
      const shape = (l: (typeof LANGS)[number]) => [RULES[l][id].sections.length, RULES[l][id].tips.length];
      for (const l of LANGS) expect(shape(l), `${l}/${id}`).toEqual(shape('en'));
    }
  });
});
