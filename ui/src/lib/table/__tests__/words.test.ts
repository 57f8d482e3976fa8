import { describe, expect, it } from 'vitest';
import { LANGS, setLang } from '../../i18n/index.svelte';
import { QUICK_PHRASES, endingWords, linkWords, noteWords, phraseWords, seatLabel, standInWords, tableNames, toldNotes } from '../words';
import { refusedInTalk } from '../seat';
import { lobbyView, person } from '../../friends/__tests__/fixtures';
import { SEAT_STATE } from '../../game/__tests__/shellData';
import { blankState } from './fixtures';
import type { Names } from '../../game/fromView';
import type { Note } from '../../bindings/Note';
import type { NoteBody } from '../../bindings/NoteBody';
import type { LobbyView } from '../../bindings/LobbyView';

const names: Names = { seat: 1, you: 'You', other: (s) => ['Ann', 'Bea', 'Seat 3', 'Computer 4'][s] };
const note = (body: NoteBody): Note => ({ id: 0, body });

describe('a table in words', () => {
  it('words every quick phrase in every language', () => {
    for (const lang of LANGS) {
      setLang(lang);
      for (const p of QUICK_PHRASES) expect(phraseWords(p), `${lang}: ${p}`).not.toMatch(/^phrase\./);
    }
    setLang('it');
    expect(phraseWords('good-luck')).toBe('Buona fortuna!');
  });

  it('names seats from the lobby: people by name, computers and empty seats by number from 1', () => {
    setLang('en');
    expect([0, 1, 2, 3].map((s) => seatLabel(lobbyView(), s))).toEqual(['Ann', 'Bea', 'Seat 3', 'Computer 4']);
    const n = tableNames({ ...blankState('Bea'), lobby: lobbyView() });
    expect([n.seat, n.you, n.other(0), n.other(3)]).toEqual([1, 'You', 'Ann', 'Computer 4']);
  });

  it('names the computer’s seats as this app named them when the match started, the lobby’s words where it named none', () => {
    setLang('en');
    const named = tableNames({ ...SEAT_STATE, seat_names: ['', 'Luca'] });
    expect([named.seat, named.you, named.other(1)]).toEqual([0, 'You', 'Luca']);
    expect(tableNames(SEAT_STATE).other(1)).toBe('Computer 2');
    // A friend who took a computer's seat goes by their own name.
    const lobby = SEAT_STATE.lobby!;
    const taken = { ...SEAT_STATE, seat_names: ['', 'Luca'], lobby: { ...lobby, seats: [lobby.seats[0], person('Bea')] } };
    expect(tableNames(taken).other(1)).toBe('Bea');
  });

  it('words the host’s choice for a dropped seat in every language, naming whom it concerns', () => {
    const ai = note({ kind: 'absence-changed', absence: { kind: 'ai', level: 'medium' }, absent: [0] });
    const wait = note({ kind: 'absence-changed', absence: { kind: 'wait' }, absent: [0, 2] });
    const anyone = note({ kind: 'absence-changed', absence: { kind: 'ai', level: 'hard' }, absent: [] });
    const expected: Record<string, [string, string, string]> = {
      en: ['The computer (Medium) plays for Ann until they are back.', 'The table waits for Ann & Seat 3.', 'From now on the computer (Hard) plays for anyone who drops out, until they are back.'],
      it: ['Il computer (Medio) gioca al posto di Ann finché la connessione non torna.', 'Il tavolo aspetta che Ann & Seat 3 torni.', 'D’ora in poi il computer (Difficile) gioca al posto di chi si disconnette, finché la connessione non torna.'],
      es: ['El ordenador (Medio) juega en lugar de Ann hasta que vuelva la conexión.', 'La mesa espera a que Ann & Seat 3 vuelva.', 'Desde ahora el ordenador (Difícil) juega en lugar de quien se desconecte, hasta que vuelva la conexión.'],
      pt: ['O computador (Médio) joga no lugar de Ann até a ligação voltar.', 'A mesa espera que Ann & Seat 3 volte.', 'A partir de agora o computador (Difícil) joga no lugar de quem se desligar, até a ligação voltar.'],
    };
    for (const lang of LANGS) {
      setLang(lang);
      expect([ai, wait, anyone].map((n) => noteWords(n, names, 'italian')), lang).toEqual(expected[lang]);
    }
    setLang('en');
    expect(noteWords(note({ kind: 'absence-changed', absence: { kind: 'wait' }, absent: [] }), names, 'italian')).toBe('From now on the table waits for anyone who drops out.');
  });

  it('words the log from your seat', () => {
    setLang('en');
    expect(noteWords(note({ kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'text', text: 'ciao' } }), names, 'italian')).toBe('Ann: ciao');
    expect(noteWords(note({ kind: 'auto-played', seat: 1, action: { kind: 'play', card: 'Ad' }, expiries: 1 }), names, 'italian')).toBe('Your time ran out: ace of coins was played for you.');
    expect(noteWords(note({ kind: 'disconnected', seat: 0 }), names, 'italian')).toBe('Ann dropped out.');
    expect(noteWords(note({ kind: 'arrived', name: 'Gino' }), names, 'italian')).toBe('Gino came to the table.');
    expect(noteWords(note({ kind: 'departed', name: 'Gino' }), names, 'italian')).toBe('Gino left the table.');
    expect(noteWords(note({ kind: 'reconnected', seat: 0 }), names, 'italian')).toBe('Ann is back.');
    expect(noteWords(note({ kind: 'short-timer', seat: 0 }), names, 'italian')).toMatch(/^Ann’s time ran out too often/);
    expect(noteWords(note({ kind: 'timer-changed', seconds: null }), names, 'italian')).toBe('The turn timer is off.');
    expect(noteWords(note({ kind: 'timer-off-proposed', by: 0, agreed: [0] }), names, 'italian')).toBe('Ann proposes turning the timer off.');
    expect(noteWords(note({ kind: 'muted', seat: 0, muted: true }), names, 'italian')).toBe('You muted Ann.');
    expect(noteWords(note({ kind: 'took-back', seat: 1 }), names, 'italian')).toBe('You took back a move.');
    expect(noteWords(note({ kind: 'resigned', seat: 0 }), names, 'italian')).toBe('Ann resigned the match.');
    const result = { end: { kind: 'all-cards-played' as const }, seat_points: [30, 20, 40, 30], sides: [[0, 2], [1, 3]], side_points: [70, 50], outcome: { kind: 'won' as const, side: 0 }, chiamata: null };
    expect(noteWords(note({ kind: 'hand-over', result }), names, 'italian')).toBe('This hand goes to Ann & Seat 3.');
    setLang('es');
    expect(noteWords(note({ kind: 'auto-played', seat: 0, action: { kind: 'play', card: 'Ad' }, expiries: 2 }), names, 'spanish')).toBe('Se le acabó el tiempo a Ann: la mesa jugó as de oros en su lugar.');
  });

  it('tells no hand result in a single-hand match: the hand is the match', () => {
    const result = { end: { kind: 'all-cards-played' as const }, seat_points: [70, 50], sides: [[0], [1]], side_points: [70, 50], outcome: { kind: 'won' as const, side: 0 }, chiamata: null };
    const notes = [note({ kind: 'disconnected', seat: 1 }), { id: 1, body: { kind: 'hand-over' as const, result } }];
    const at = (format: LobbyView['settings']['format']) => ({ ...blankState('Ann'), notes, lobby: lobbyView({ settings: { ...lobbyView().settings, format } }) });
    expect(toldNotes(at({ kind: 'single-hand' })).map((n) => n.body.kind)).toEqual(['disconnected']);
    expect(toldNotes(at({ kind: 'best-of', hands: 3 })).map((n) => n.body.kind)).toEqual(['disconnected', 'hand-over']);
  });

  it('words the link, the endings and who plays for an absent player', () => {
    setLang('en');
    expect(linkWords(null, false)).toBe('Connecting to the table…');
    expect(linkWords(null, true), 'a table held in this app tells no link').toBeNull();
    expect(linkWords({ state: 'connected' }, true)).toBeNull();
    expect(linkWords({ state: 'reconnecting', attempt: 3, retry_ms: 4000 }, true)).toBe('The connection dropped: reconnecting… (attempt 3)');
    expect(endingWords({ kind: 'closed' })).toBe('The host closed the table.');
    expect(endingWords({ kind: 'unreachable', reason: 'refused' })).toMatch(/^The table could not be reached/);
    expect(endingWords({ kind: 'outdated' })).toMatch(/older Briscola: ask them to update the app/);
    expect(standInWords({ kind: 'ai', level: 'medium' })).toBe('the computer plays for them (Medium)');
  });

  it('shows refusals of what was said in Talk there, the others above the screen', () => {
    expect(refusedInTalk({ id: 'chat-too-long', max: 200 })).toBe(true);
    expect(refusedInTalk({ id: 'rate-limited', retry_ms: 1000 })).toBe(true);
    expect(refusedInTalk({ id: 'no-proposal' })).toBe(true);
    expect(refusedInTalk({ id: 'cannot-start', problem: { id: 'empty-seat', seat: 2 } })).toBe(false);
    expect(refusedInTalk({ id: 'not-your-turn' })).toBe(false);
  });
});
