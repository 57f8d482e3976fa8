import { describe, expect, it } from 'vitest';
import { lobbyModel, personName } from '../lobby';
import { lobbyView, person } from './fixtures';

describe('the lobby, seat by seat', () => {
  it('lists the seats in playing order with names, partnerships, AI levels, who is ready and connected', () => {
    const m = lobbyModel(lobbyView({ seats: [person('Ann', { host: true }), person('Bea', { ready: true }), { kind: 'empty' }, { kind: 'ai', level: 'hard' }] }), 1, false);
    expect(m.seats.map((s) => [s.seat, s.kind, s.name, s.level, s.team, s.ready, s.host, s.you])).toEqual([
      [0, 'person', 'Ann', null, 0, false, true, false],
      [1, 'person', 'Bea', null, 1, true, false, true],
      [2, 'empty', null, null, 0, false, false, false],
      [3, 'ai', null, 'hard', 1, false, false, false],
    ]);
    expect(m.teams).toEqual([
      { team: 0, seats: [0, 2] },
      { team: 1, seats: [1, 3] },
    ]);
    expect(m).toMatchObject({ yourSeat: 1, canReady: true, ready: true, free: [2], canStand: true, host: false });
  });

  it('gives the host no Ready (the host starts the match) and keeps the host seated', () => {
    const m = lobbyModel(lobbyView(), 0, true);
    expect(m).toMatchObject({ canReady: false, canStand: false, host: true });
  });

  it('has no partnerships when everyone plays alone, and nothing to do for a watcher but sit', () => {
    const m = lobbyModel(lobbyView({ teams: null, seats: [person('Ann', { host: true }), { kind: 'empty' }], watchers: ['Cleo'] }), null, false);
    expect(m.teams).toBeNull();
    expect(m).toMatchObject({ canReady: false, canStand: false, free: [1], watchers: ['Cleo'] });
  });

  it('says who plays a dropped player’s seat during a match: nobody (wait) or the AI level', () => {
    const seats = [person('Ann', { host: true }), person('Bea', { connected: false })];
    expect(lobbyModel(lobbyView({ stage: 'playing', teams: null, seats }), 0, true).seats[1].standIn).toEqual({ kind: 'wait' });
    const ai = lobbyView({ stage: 'playing', teams: null, seats });
    ai.settings.absence = { kind: 'ai', level: 'easy' };
    expect(lobbyModel(ai, 0, true).seats[1].standIn).toEqual({ kind: 'ai', level: 'easy' });
    expect(lobbyModel(lobbyView({ teams: null, seats }), 0, true).seats[1].standIn).toBeNull();
  });

  it('names a person’s seat, not an empty or AI one', () => {
    expect(personName(lobbyView(), 1)).toBe('Bea');
    expect(personName(lobbyView(), 3)).toBeNull();
    expect(personName(null, 0)).toBeNull();
  });
});
