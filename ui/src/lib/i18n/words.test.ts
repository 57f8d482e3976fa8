import { describe, expect, it } from 'vitest';
import { word, number, type MessageData } from './words';
import { CATALOG } from '../game/__tests__/shellData';
import { LANGS } from './langs';

/** A plausible value for a parameter, by its name (cards as codes, suits and ranks as the engine names them). */
function sample(name: string): unknown {
  if (['card', 'kept', 'threat', 'gave', 'took', 'face_up'].includes(name)) return '3c';
  if (name === 'action' || name === 'better') return { kind: 'play', card: '3c' };
  if (name === 'suit' || name === 'trump') return 'coins';
  if (name === 'rank') return 'knight';
  if (name === 'reason' || name === 'error') return { id: 'must-follow', card: 'Ad' };
  if (name === 'why') return { id: 'lead-cheap', card: '3c', points: 10, risk: 21 };
  if (name === 'option') return 'deck';
  if (name === 'value') return 'rapida';
  if (name === 'allowed') return ['standard', 'catalan'];
  if (name === 'requirement') return { option: 'deck', values: ['standard'] };
  if (name === 'format') return { kind: 'best-of', hands: 3 };
  if (name === 'bid' || name === 'best') return { rank: 'king', points: 61 };
  if (name === 'phase') return 'playing';
  if (name === 'preset') return 'brisca';
  if (name === 'extra' || name === 'missing') return ['Ad', 'Kb'];
  if (name === 'argument') return 'setup';
  if (name === 'match_id') return '7-1';
  return 1234;
}

const EXAMPLES: MessageData[] = CATALOG.flatMap((c) => c.messages.map((m) => ({ id: m.id, ...Object.fromEntries(m.params.map((p) => [p, sample(p)])) })));

/** English words that must not reach an Italian, Spanish or Portuguese player. */
const ENGLISH = /\b(the|play|trick|trumps?|points?|cards?|hand|you|your|of|is|not|cups|coins|swords|clubs|hearts|spades|diamonds|ace|king|knight|jack|queen|player|deck|match|undefined|object)\b/i;

describe('messages from Rust, worded', () => {
  it('words a typed action: the card played, or the move', () => {
    const ctx = { lang: 'en', deck: 'french' } as const;
    expect(word({ id: 'only-choice', action: { kind: 'play', card: 'Ad' } }, ctx)).not.toMatch(/kind|object/);
    expect(word({ id: 'only-choice', action: { kind: 'play', card: 'Ad' } }, ctx)).toContain('ace of diamonds');
    expect(word({ id: 'only-choice', action: { kind: 'exchange', card: '7c' } }, ctx)).toMatch(/seven of hearts/i);
    expect(word({ id: 'only-choice', action: { kind: 'pass' } }, ctx)).toContain('Pass');
  });

  it('names cards and suits by the deck family: Latin names on Latin decks, French names on French decks', () => {
    const m = { id: 'keep-trump', card: '4c', kept: 'Ad', threat: '3d' };
    expect(word(m, { lang: 'it', deck: 'spanish' })).toBe('Gioca quattro di coppe e tieni asso di denari: tre di denari è ancora in gioco.');
    expect(word(m, { lang: 'it', deck: 'french' })).toBe('Gioca quattro di cuori e tieni asso di quadri: tre di quadri è ancora in gioco.');
    expect(word(m, { lang: 'en', deck: 'french-4color' })).toBe('Play the four of hearts and keep the ace of diamonds: the three of diamonds is still out.');
    const bid = { id: 'bid', rank: 'knight', suit: 'cups', held: ['Ac', '3c', 'Kc'] };
    expect(word(bid, { lang: 'es', deck: 'spanish' })).toBe('Apuesta caballo: con copas de triunfo tienes as de copas, tres de copas y rey de copas.');
    expect(word(bid, { lang: 'es', deck: 'french' })).toBe('Apuesta reina: con corazones de triunfo tienes as de corazones, tres de corazones y rey de corazones.');
  });

  it('words nested messages, numbers through Intl, lists, options and presets', () => {
    expect(word({ id: 'opponent-levels', players: 4, opponents: 1 }, { lang: 'it', deck: 'italian' })).toBe('In 4 giocatori serve un livello per ogni avversario, non 1.');
    expect(word({ id: 'move-refused', reason: { id: 'must-follow', card: '7b' } }, { lang: 'pt', deck: 'italian' })).toBe('Não podes jogar sete de paus: tens de seguir o naipe.');
    expect(word({ id: 'players', preset: 'briscola', players: 5, allowed: [2, 3, 4, 6] }, { lang: 'es', deck: 'spanish' })).toBe('Briscola se juega con 2, 3, 4 o 6 jugadores, no con 5.');
    expect(word({ id: 'value', option: 'deck', value: 'rapida', allowed: ['standard', 'catalan'] }, { lang: 'en', deck: 'italian' })).toBe('“Brisca rápida, 20 cards” is not a choice of “Deck”: choose 40 cards or Catalan, 48 cards.');
    expect(number(1234.5, 'it')).toBe('1234,5');
    expect(number(12345, 'en')).toBe('12,345');
  });

  it('words the searched hint: the reason for its card, then the search’s figure, never a count of deals', () => {
    const wins = { id: 'searched-wins', why: { id: 'lead-cheap', card: '3d', points: 10, risk: 21 }, win_percent: 64 };
    expect(word(wins, { lang: 'en', deck: 'italian' })).toBe(
      'Lead the three of coins: it carries 10 points, and the trick can cost at most 21 points. Played out over the possible deals, this card wins the hand in 64% of them.',
    );
    expect(word(wins, { lang: 'it', deck: 'italian' })).toBe(
      'Apri con tre di denari: vale 10 punti, e la presa può costare al massimo 21 punti. Giocata nelle smazzate possibili, questa carta vince la mano nel 64% dei casi.',
    );
    // No first person, and no number but the card's points and the figure: never "1 possible deal".
    for (const lang of ['it', 'es', 'en', 'pt'] as const) {
      const text = word(wins, { lang, deck: 'italian' });
      expect(text, lang).not.toMatch(/\b(I|ho provato|probé|experimentei)\b/);
      expect(text.match(/\d+/g), lang).toEqual(['10', '21', '64']);
    }
    // In a card-points match a hand is not won or lost: where the card did best.
    const m = { id: 'searched', why: { id: 'lead-cheap', card: '3d', points: 10, risk: 21 }, best_percent: 64 };
    expect(word(m, { lang: 'en', deck: 'italian' })).toBe(
      'Lead the three of coins: it carries 10 points, and the trick can cost at most 21 points. Played out over the possible deals, this card does as well as any other in 64% of them.',
    );
  });

  it('words a gift of card points in card points', () => {
    const gave = { id: 'gave-points', played: 'As', points: 11, on: '7d', better: '2s' };
    expect(word(gave, { lang: 'en', deck: 'italian' })).toBe(
      'You gave 11 points: the ace of swords on the seven of coins, when the two of swords lost nothing.',
    );
    expect(word(gave, { lang: 'it', deck: 'italian' })).toBe(
      'Hai regalato 11 punti giocando asso di spade su sette di denari, quando con due di spade non perdevi nulla.',
    );
    const more = { id: 'gave-more-points', played: 'As', points: 11, on: '7d', better: 'Js', better_points: 2 };
    expect(word(more, { lang: 'en', deck: 'italian' })).toBe(
      'You gave 11 points: the ace of swords on the seven of coins, when the jack of swords gave only 2.',
    );
  });

  it('words the table’s refusals: nested reasons, seats and teams from 1, ports as typed, delays in seconds', () => {
    const en = { lang: 'en', deck: 'italian' } as const;
    expect(word({ id: 'table-refused', reason: { id: 'cannot-start', problem: { id: 'not-ready', seat: 2 } } }, en)).toBe(
      'The table refused: The match cannot start yet: the player at seat 3 has not said ready yet.',
    );
    // At a table, the person by name; elsewhere a sentence starts with a capital.
    const named = { ...en, seatName: (seat: number) => ['Ann', 'Bea', 'Gino'][seat] };
    expect(word({ id: 'cannot-start', problem: { id: 'not-ready', seat: 2 } }, named)).toBe('The match cannot start yet: Gino has not said ready yet.');
    expect(word({ id: 'card-not-held', seat: 1, card: 'Ad' }, { lang: 'it', deck: 'italian' })).toBe('Chi siede al posto 2 non ha asso di denari.');
    expect(word({ id: 'card-not-held', seat: 1, card: 'Ad' }, { ...named, lang: 'it' })).toBe('Bea non ha asso di denari.');
    expect(word({ id: 'cannot-start', problem: { id: 'empty-seat', seat: 1 } }, { lang: 'it', deck: 'italian' })).toBe(
      'La partita non può ancora cominciare: il posto 2 è vuoto: lascialo a un amico che entra, o dallo al computer.',
    );
    expect(word({ id: 'team-full', team: 0 }, en)).toBe('Team 1 is full.');
    expect(word({ id: 'port-in-use', port: 7878 }, en)).toBe('Another program uses port 7878: choose another port, or 0 for any free one.');
    expect(word({ id: 'rate-limited', retry_ms: 1000 }, en)).toBe('Too fast: try again in 1 second.');
    expect(word({ id: 'rate-limited', retry_ms: 1500 }, { lang: 'es', deck: 'spanish' })).toBe('Demasiado rápido: vuelve a intentarlo en 2 segundos.');
  });

  it('falls back to English, then to the id', () => {
    expect(word({ id: 'no-such-message' }, { lang: 'pt', deck: 'french' })).toBe('no-such-message');
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s: no English word in any message of the catalog, on a Spanish deck', (lang) => {
    expect(EXAMPLES.length).toBeGreaterThan(100);
    for (const m of EXAMPLES) {
      const text = word(m, { lang, deck: 'spanish' });
      expect(text, `${lang}: ${m.id}`).not.toMatch(ENGLISH);
      expect(text, `${lang}: ${m.id}`).not.toMatch(/\{\w+\}/);
    }
  });
});
