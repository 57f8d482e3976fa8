import { PRESETS as ALL_PRESETS } from '../bindings/constants';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { DICTS, LANGS, detectLang, format } from './index.svelte';
import { cardAccessibleName, cardName, CARD_NAMES } from './cardNames';
import { DECK_STYLES, RANKS, SUITS, type CardCode } from '../cards';
import { LEVELS } from '../game/newGame';
import { PRESETS, valuesOf } from '../game/__tests__/shellData';
import { formatText } from '../game/fromView';

const ITALIAN_POINTS = valuesOf('briscola');
const BISCA_POINTS = valuesOf('bisca');

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)(?::[^}]*)?\}/g)].map((m) => m[1]).sort();

describe('dictionaries', () => {
  const keys = Object.keys(en);

  it.each(LANGS)('%s has every key, none empty, same placeholders as English', (lang) => {
    const d = DICTS[lang] as Record<string, string>;
    expect(Object.keys(d).sort()).toEqual([...keys].sort());
    for (const k of keys) {
      expect(d[k], `${lang}:${k}`).toBeTypeOf('string');
      expect(d[k].trim(), `${lang}:${k} is empty`).not.toBe('');
      expect(placeholders(d[k]), `${lang}:${k} placeholders`).toEqual(placeholders((en as Record<string, string>)[k]));
    }
  });

  it('has a label for every preset, match format, level and deck style the shell sends', () => {
    const needed = [
      ...PRESETS.flatMap((p) => [`preset.${p.preset}`, `preset.${p.preset}.line`, `deck.${p.usual_deck_style}`]),
      ...PRESETS.flatMap((p) => p.formats.map((c) => formatText(c.format).key)),
      ...ALL_PRESETS.map((p) => `preset.${p}`),
      ...LEVELS.map((l) => `level.${l}`),
      ...DECK_STYLES.map((d) => `deck.${d}`),
    ];
    for (const k of needed) expect(keys, k).toContain(k);
  });

  it('formats placeholders', () => {
    expect(format('{a} and {b}', { a: 1, b: 'x' })).toBe('1 and x');
    expect(format('{missing}', {})).toBe('{missing}');
  });
});

describe('system language', () => {
  it('picks the first supported language', () => {
    expect(detectLang(['de-DE', 'pt-BR', 'en'])).toBe('pt');
    expect(detectLang(['it-IT'])).toBe('it');
    expect(detectLang(['es-419'])).toBe('es');
    expect(detectLang(['fr-FR'])).toBe('en');
    expect(detectLang([])).toBe('en');
    expect(detectLang(undefined)).toBe('en');
  });
});

describe('card names', () => {
  it('names Italian cards in Italian', () => {
    expect(cardName('Ad', 'it', 'italian')).toBe('Asso di denari');
    expect(cardName('Jb', 'it', 'italian')).toBe('Fante di bastoni');
    expect(cardName('Qc', 'it', 'italian')).toBe('Cavallo di coppe');
    expect(cardName('Ks', 'it', 'italian')).toBe('Re di spade');
    expect(cardName('Qc', 'it', 'french')).toBe('Donna di cuori');
  });

  it('names Spanish, English and Portuguese cards', () => {
    expect(cardName('Jc', 'es', 'spanish')).toBe('Sota de copas');
    expect(cardName('Qd', 'es', 'spanish')).toBe('Caballo de oros');
    expect(cardName('Kb', 'es', 'spanish')).toBe('Rey de bastos');
    expect(cardName('Ad', 'en', 'french')).toBe('Ace of diamonds');
    expect(cardName('Qc', 'en', 'french-4color')).toBe('Queen of hearts');
    expect(cardName('Qs', 'en', 'italian')).toBe('Knight of swords');
    expect(cardName('Ad', 'pt', 'french')).toBe('Ás de ouros');
    expect(cardName('Jb', 'pt', 'french')).toBe('Valete de paus');
    expect(cardName('Qc', 'pt', 'french')).toBe('Dama de copas');
  });

  it('gives every card a name in every language and deck', () => {
    for (const lang of LANGS)
      for (const style of DECK_STYLES)
        for (const r of RANKS)
          for (const s of SUITS) {
            const n = cardName(`${r}${s}` as CardCode, lang, style);
            expect(n.length).toBeGreaterThan(4);
          }
    expect(Object.keys(CARD_NAMES)).toEqual([...LANGS]);
  });

  it('builds accessible names with the ruleset point values', () => {
    expect(cardAccessibleName('Ad', 'it', 'italian', ITALIAN_POINTS)).toBe('Asso di denari, 11 punti');
    expect(cardAccessibleName('3c', 'es', 'spanish', ITALIAN_POINTS)).toBe('Tres de copas, 10 puntos');
    expect(cardAccessibleName('7s', 'en', 'french', ITALIAN_POINTS)).toBe('Seven of spades, no points');
    // Bisca: the seven is worth 10, the jack 3, the queen 2.
    expect(cardAccessibleName('7s', 'en', 'french', BISCA_POINTS)).toBe('Seven of spades, 10 points');
    expect(cardAccessibleName('Jd', 'pt', 'french', BISCA_POINTS)).toBe('Valete de ouros, 3 pontos');
    expect(cardAccessibleName('Qd', 'pt', 'french', BISCA_POINTS)).toBe('Dama de ouros, 2 pontos');
  });
});
