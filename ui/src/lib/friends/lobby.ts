/**
 * The lobby as the screens draw it: the table's `LobbyView` seat by seat in playing order, with
 * whose seat is yours, the partnerships, and what you and the host may do there. Data only; the
 * table checks every request (and its refusals are worded from their ids).
 */
import type { Absence } from '../bindings/Absence';
import type { Level } from '../bindings/Level';
import type { LobbyView } from '../bindings/LobbyView';

export interface LobbySeat {
  seat: number;
  kind: 'empty' | 'person' | 'ai';
  /** A person's name. */
  name: string | null;
  /** An AI seat's level. */
  level: Level | null;
  /** The seat's partnership (teams of fixed partners), if the rules have them. */
  team: number | null;
  ready: boolean;
  connected: boolean;
  host: boolean;
  you: boolean;
  /** Who plays this seat while its person is away (during a match): nobody (`wait`) or an AI level. */
  standIn: Absence | null;
}

export interface LobbyModel {
  seats: LobbySeat[];
  /** The partnerships, each with its seats in playing order; null when everyone plays alone. */
  teams: { team: number; seats: number[] }[] | null;
  yourSeat: number | null;
  host: boolean;
  /** You may say you are ready (seated, not the host: the host starts the match). */
  canReady: boolean;
  ready: boolean;
  /** Seats you may move to. */
  free: number[];
  /** You may leave your seat to watch (not the host). */
  canStand: boolean;
  /** People at the table without a seat. */
  watchers: string[];
}

export function lobbyModel(lobby: LobbyView, yourSeat: number | null, host: boolean): LobbyModel {
  const playing = lobby.stage === 'playing';
  const seats: LobbySeat[] = lobby.seats.map((s, seat) => {
    const person = s.kind === 'person' ? s : null;
    return {
      seat,
      kind: s.kind,
      name: person?.name ?? null,
      level: s.kind === 'ai' ? s.level : null,
      team: lobby.teams?.[seat] ?? null,
      ready: person?.ready ?? false,
      connected: person?.connected ?? true,
      host: person?.host ?? false,
      you: seat === yourSeat,
      standIn: person && !person.connected && playing ? lobby.settings.absence : null,
    };
  });
  const teamIds = lobby.teams ? [...new Set(lobby.teams)].sort((a, b) => a - b) : null;
  const mine = yourSeat === null ? null : seats[yourSeat];
  return {
    seats,
    teams: teamIds?.map((team) => ({ team, seats: seats.filter((s) => s.team === team).map((s) => s.seat) })) ?? null,
    yourSeat,
    host,
    canReady: !!mine && !host,
    ready: mine?.ready ?? false,
    free: seats.filter((s) => s.kind === 'empty').map((s) => s.seat),
    canStand: !!mine && !host,
    watchers: lobby.watchers,
  };
}

/** A seat's name at the table: a person's name, or null for an empty or AI seat (the screens word those). */
export function personName(lobby: LobbyView | null, seat: number): string | null {
  const s = lobby?.seats[seat];
  return s?.kind === 'person' ? s.name : null;
}
