/** A hand-written friends' lobby typed with the generated bindings (test fixtures). */
import type { LobbyView } from '../../bindings/LobbyView';
import type { SeatView } from '../../bindings/SeatView';
import { ruleset } from '../../game/__tests__/fixtures';

export const person = (name: string, over: Partial<Extract<SeatView, { kind: 'person' }>> = {}): SeatView => ({ kind: 'person', name, ready: false, connected: true, host: false, ...over });

/** A 4-player Briscola table in the lobby: Ann hosts at seat 0, Bea at 1, an empty seat, Medium AI at 3. */
export function lobbyView(over: Partial<LobbyView> = {}): LobbyView {
  return {
    code: '1RGK4-T8SA9',
    stage: 'lobby',
    settings: { ruleset: ruleset({ players: 4, partnerships: true }), format: { kind: 'single-hand' }, turn_seconds: null, absence: { kind: 'wait' }, random_seats: false, name: 'Friday cards', hints: false, undo: false, deal_when_asked: false, open_seats: false },
    seats: [person('Ann', { host: true }), person('Bea'), { kind: 'empty' }, { kind: 'ai', level: 'medium' }],
    watchers: [],
    teams: [0, 1, 0, 1],
    waiting: [],
    ...over,
  };
}
