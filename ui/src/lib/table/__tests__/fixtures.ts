/**
 * A stand-in for the shell's table commands (test fixtures): it keeps the channel it is given and
 * speaks on it step by step. Each step changes the table as your seat sees it (`SeatState`, which
 * the real shell folds) and says what was heard; the tests write the state, nothing here decides.
 */
import { vi } from 'vitest';
import type { Channel } from '../../bindings/commands';
import type { ErrorCode } from '../../bindings/ErrorCode';
import type { SeatEvent } from '../../bindings/SeatEvent';
import type { Heard } from '../../bindings/Heard';
import type { HostRequest } from '../../bindings/HostRequest';
import type { KeptOffer } from '../../bindings/KeptOffer';
import type { Returned } from '../../bindings/Returned';
import type { LobbyView } from '../../bindings/LobbyView';
import type { NewGame } from '../../bindings/NewGame';
import type { NoteBody } from '../../bindings/NoteBody';
import type { SeatGame } from '../../bindings/SeatGame';
import type { SeatState } from '../../bindings/SeatState';
import { lobbyView } from '../../friends/__tests__/fixtures';

/** Nothing heard yet at a table where you gave `name`. */
export function blankState(name: string): SeatState {
  return { name, link: null, welcome: null, lobby: null, game: null, clock: null, proposal: null, muted: [], hands: [], over: null, refusal: null, notes: [], ending: null, kept: null, seat_names: [], serial: 0 };
}

/** One step: a change of the state (heard as the link's status), or something heard with its change. */
export type Step = Partial<SeatState> | { view: SeatGame } | { note: NoteBody } | { refuse: ErrorCode } | { warn: { seat: number; remaining_ms: number } };

export const connected: Step = { link: { state: 'connected' } };
export const welcome = (seat: number | null, host: boolean): Step => ({ welcome: { code: '1RGK4-T8SA9', seat, host } });
export const lobby = (over: Partial<LobbyView> = {}): Step => ({ lobby: lobbyView(over) });

/** The shell's table commands as fakes that keep the channel; `emit` speaks on it. */
export function tableCommands(name = 'Player') {
  let events: Channel<SeatEvent> | null = null;
  let state = blankState(name);
  /** The channel of the table being opened, where you give `as` as your name. */
  const keep = (ch: Channel<SeatEvent>, as = name) => {
    events = ch;
    state = blankState(as);
  };
  const fake = {
    friendsHost: vi.fn(async (r: HostRequest, ch: Channel<SeatEvent>) => {
      keep(ch, r.your_name);
      return { code: '1RGK4-T8SA9', port: 7878, addresses: ['192.168.1.20'], announced: true, invitation: 'briscola://join?code=1RGK4-T8SA9&at=192.168.1.20:7878', reach: null };
    }),
    friendsJoin: vi.fn(async (_a: string, _c: string, as: string, ch: Channel<SeatEvent>) => {
      keep(ch, as);
      return null;
    }),
    startMatch: vi.fn(async (_g: NewGame, _names: string[], you: string, ch: Channel<SeatEvent>) => {
      keep(ch, you);
      return null;
    }),
    resumeMatch: vi.fn(async (you: string, ch: Channel<SeatEvent>) => {
      keep(ch, you);
      return true;
    }),
    tableSend: vi.fn(async () => null),
    tableHint: vi.fn(async () => ({ action: { kind: 'play' as const, card: 'Ad' as const }, reason: { id: 'lead-cheap' as const, card: 'Ad' as const, points: 11, risk: 0 } })),
    tableLeave: vi.fn(async () => null),
    tableInvite: vi.fn(async () => ({ code: state.lobby?.code ?? '', port: 41234, addresses: ['192.168.1.20'], announced: true, invitation: 'briscola://join?code=1RGK4-T8SA9&at=192.168.1.20:7878', reach: null })),
    keptTable: vi.fn(async (): Promise<KeptOffer | null> => null),
    forgetTable: vi.fn(async () => null),
    tableReturn: vi.fn(async (ch: Channel<SeatEvent>): Promise<Returned> => {
      keep(ch);
      return { kind: 'joined' };
    }),
  };
  function step(s: Step): void {
    let heard: Heard = { kind: 'status', status: state.link ?? { state: 'connected' } };
    if ('view' in s && s.view) {
      state = { ...state, game: s.view as SeatGame };
      heard = { kind: 'game', view: s.view as SeatGame };
    } else if ('note' in s && s.note) {
      state = { ...state, notes: [...state.notes, { id: state.serial, body: s.note as NoteBody }], serial: state.serial + 1 };
    } else if ('refuse' in s && s.refuse) {
      const error = s.refuse as ErrorCode;
      state = { ...state, refusal: { id: state.serial, error }, serial: state.serial + 1 };
      heard = { kind: 'message', message: { type: 'error', error } };
    } else if ('warn' in s && s.warn) {
      const { seat, remaining_ms } = s.warn as { seat: number; remaining_ms: number };
      state = { ...state, clock: { id: state.serial, seat, remaining_ms, limit_ms: null, warned: true }, serial: state.serial + 1 };
      heard = { kind: 'message', message: { type: 'timer-warning', seat, remaining_ms } };
    } else state = { ...state, ...(s as Partial<SeatState>) };
    events!.onmessage({ state, heard });
  }
  return { fake, emit: (...steps: Step[]) => steps.forEach(step), state: () => state };
}
