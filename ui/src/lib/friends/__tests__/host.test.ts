import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, hostForm, hostRequest, withPlayers } from '../host';
import { ruleset } from '../../game/__tests__/fixtures';

describe('the Host a table form → HostRequest', () => {
  it('starts with a friend at the other seat, no timer, waiting for a dropped player, the default port', () => {
    const r = hostRequest(ruleset(), { kind: 'single-hand' }, hostForm(' Ann '));
    expect(r).toEqual({
      ruleset: ruleset(),
      format: { kind: 'single-hand' },
      ai_seats: [null],
      turn_seconds: null,
      absence: { kind: 'wait' },
      random_seats: false,
      hints: false,
      table_name: '',
      your_name: 'Ann',
      port: DEFAULT_PORT,
    });
  });

  it('sends every choice: AI levels per seat, the timer’s seconds, an AI for dropped players, names, port', () => {
    const form = { ...hostForm('Ann'), seats: ['friend', 'hard', 'friend'] as const, timerOn: true, seconds: 45, absence: 'medium' as const, randomSeats: true, tableName: ' Friday ', port: 0 };
    const r = hostRequest(ruleset({ players: 4, partnerships: true }), { kind: 'best-of', hands: 3 }, { ...form, seats: [...form.seats] });
    expect(r).toMatchObject({ ai_seats: [null, 'hard', null], turn_seconds: 45, absence: { kind: 'ai', level: 'medium' }, random_seats: true, table_name: 'Friday', port: 0 });
  });

  it('keeps one pick per seat but yours when the player count changes', () => {
    expect(withPlayers(['easy'], 4)).toEqual(['easy', 'friend', 'friend']);
    expect(withPlayers(['easy', 'friend', 'hard'], 2)).toEqual(['easy']);
    // The request follows the rules' player count even if the form lags behind.
    expect(hostRequest(ruleset({ players: 3 }), { kind: 'single-hand' }, hostForm('Ann')).ai_seats).toEqual([null, null]);
  });
});
