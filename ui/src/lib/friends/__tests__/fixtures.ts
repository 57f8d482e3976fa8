/** Hand-written table messages typed with the generated bindings (test fixtures). */
import { vi } from 'vitest';
import type { Channel } from '../../bindings/commands';
import type { FriendsEvent } from '../../bindings/FriendsEvent';
import type { HostRequest } from '../../bindings/HostRequest';
import type { LobbyView } from '../../bindings/LobbyView';
import type { SeatView } from '../../bindings/SeatView';
import type { ServerMessage } from '../../bindings/ServerMessage';
import { ruleset } from '../../game/__tests__/fixtures';

export const person = (name: string, over: Partial<Extract<SeatView, { kind: 'person' }>> = {}): SeatView => ({ kind: 'person', name, ready: false, connected: true, host: false, ...over });

/** A 4-player Briscola table in the lobby: Ann hosts at seat 0, Bea at 1, an empty seat, Medium AI at 3. */
export function lobbyView(over: Partial<LobbyView> = {}): LobbyView {
  return {
    code: '1RGK4-T8SA9',
    stage: 'lobby',
    settings: { ruleset: ruleset({ players: 4, partnerships: true }), format: { kind: 'single-hand' }, turn_seconds: null, absence: { kind: 'wait' }, random_seats: false, name: 'Friday cards', hints: false },
    seats: [person('Ann', { host: true }), person('Bea'), { kind: 'empty' }, { kind: 'ai', level: 'medium' }],
    watchers: [],
    teams: [0, 1, 0, 1],
    ...over,
  };
}

export const message = (m: ServerMessage): FriendsEvent => ({ kind: 'message', message: m });
export const lobby = (over: Partial<LobbyView> = {}): FriendsEvent => message({ type: 'lobby', lobby: lobbyView(over) });
export const connected: FriendsEvent = { kind: 'status', status: { state: 'connected' } };

/** The shell's friends commands as fakes that keep the channel they are given; `emit` speaks on it. */
export function friendsCommands() {
  let events: Channel<FriendsEvent> | null = null;
  const fake = {
    friendsHost: vi.fn(async (_r: HostRequest, ch: Channel<FriendsEvent>) => {
      events = ch;
      return { code: '1RGK4-T8SA9', port: 7878, addresses: ['192.168.1.20'], announced: true };
    }),
    friendsJoin: vi.fn(async (_a: string, _c: string, _n: string, ch: Channel<FriendsEvent>) => {
      events = ch;
      return null;
    }),
    friendsSend: vi.fn(async () => null),
    friendsLeave: vi.fn(async () => null),
  };
  return { fake, emit: (e: FriendsEvent) => events!.onmessage(e) };
}
