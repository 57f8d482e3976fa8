/**
 * "Adding an option, a preset or a message means Rust plus translated strings, nothing else": the
 * strings are checked here against what the shell really sends (`bindings/data/`, generated from
 * Rust) — every option id and choice value of every preset and player count, and every message id
 * of the catalog with exactly its parameters, in every language.
 */
import { describe, expect, it } from 'vitest';
import { CATALOG, PRESETS } from '../game/__tests__/shellData';
import { LANGS } from './langs';
import { MESSAGE_TEXTS } from './messages';
import { OPTION_TEXTS, optionValueText } from './options';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)(?::[^}]*)?\}/g)].map((m) => m[1]))].sort();

describe('option labels for every option the shell sends', () => {
  const options = PRESETS.flatMap((p) => p.defaults.flatMap((d) => d.options));

  it('finds options in the shell data (the test can fail)', () => {
    expect(options.length).toBeGreaterThan(10);
  });

  it.each(LANGS)('%s labels and explains every option and names every choice value', (lang) => {
    for (const o of options) {
      expect(OPTION_TEXTS[lang][o.id], `${lang}: ${o.id}`).toBeTruthy();
      expect(OPTION_TEXTS[lang][`${o.id}.help`], `${lang}: ${o.id}.help`).toBeTruthy();
      if (o.kind.kind === 'choice')
        for (const v of o.kind.values) {
          const text = optionValueText(o.id, v, lang, 'italian');
          expect(text, `${lang}: ${o.id}.${v}`).not.toBe(v);
          expect(text.trim()).not.toBe('');
        }
    }
  });

  it('has no label for an option the shell never sends', () => {
    const ids = new Set(options.flatMap((o) => [o.id, `${o.id}.help`, ...(o.kind.kind === 'choice' ? o.kind.values.map((v) => `${o.id}.${v}`) : [])]));
    for (const lang of LANGS) for (const k of Object.keys(OPTION_TEXTS[lang])) expect(ids, `${lang}: ${k}`).toContain(k);
  });
});

describe('message templates for every message id in the catalog', () => {
  const specs = CATALOG.flatMap((c) => c.messages.map((m) => ({ kind: c.kind, ...m })));

  it('finds the hint, error and session catalogs', () => {
    expect(CATALOG.map((c) => c.kind)).toEqual(expect.arrayContaining(['hint-reason', 'illegal-action', 'ruleset-error', 'option-error', 'command-error', 'session-error']));
  });

  it.each(LANGS)('%s words every message with exactly its parameters', (lang) => {
    for (const m of specs) {
      const text = MESSAGE_TEXTS[lang][m.id];
      expect(text, `${lang}: ${m.kind}/${m.id} is missing`).toBeTypeOf('string');
      expect(placeholders(text), `${lang}: ${m.kind}/${m.id} parameters`).toEqual([...m.params].sort());
    }
  });

  it('has no template for an id the catalog does not have', () => {
    const ids = new Set(specs.map((m) => m.id));
    for (const lang of LANGS) for (const k of Object.keys(MESSAGE_TEXTS[lang])) expect(ids, `${lang}: ${k}`).toContain(k);
  });
});
