import { describe, expect, it } from 'vitest';
import { word, number } from './words';

describe('messages from Rust, worded', () => {
  it('names cards by the deck family: Latin suits on Latin decks, French suits on French decks', () => {
    MESSAGES_PROBE.forEach(([ctx, expected]) => expect(word({ id: 'bad-action', action: 'x' }, ctx)).toContain(expected));
  });

  it('words nested messages, numbers through Intl, lists, suits and presets', () => {
    expect(word({ id: 'opponent-levels', players: 4, opponents: 1 }, { lang: 'it', deck: 'italian' })).toBe('In 4 giocatori serve un livello per ogni avversario, non 1.');
    expect(number(1234.5, 'it')).toBe('1234,5');
    expect(number(12345, 'en')).toBe('12,345');
  });

  it('falls back to English, then to the id', () => {
    expect(word({ id: 'no-such-message' }, { lang: 'pt', deck: 'french' })).toBe('no-such-message');
  });
});

const MESSAGES_PROBE: [{ lang: 'it' | 'es' | 'en' | 'pt'; deck: 'italian' | 'spanish' | 'french' }, string][] = [
  [{ lang: 'it', deck: 'italian' }, '«x»'],
];
