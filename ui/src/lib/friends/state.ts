/**
 * A friends' table as this player knows it: a pure function from what the shell's channel says
 * (`FriendsEvent`: the table's messages, your seat's views, the link's status) to the screens'
 * state. Time is passed in (`now`, milliseconds on any clock) so the turn clock's countdown is data
 * too. Nothing here words anything or knows a rule: the table decides, the screens draw.
 */
import type { Action } from '../bindings/Action';
import type { ChatBody } from '../bindings/ChatBody';
import type { ChatSender } from '../bindings/ChatSender';
import type { ErrorCode } from '../bindings/ErrorCode';
import type { FriendsEvent } from '../bindings/FriendsEvent';
import type { HandRecap } from '../bindings/HandRecap';
import type { HandResult } from '../bindings/HandResult';
import type { LinkStatus } from '../bindings/LinkStatus';
import type { LobbyView } from '../bindings/LobbyView';
import type { MatchOutcome } from '../bindings/MatchOutcome';
import type { MatchRecord } from '../bindings/MatchRecord';
import type { MatchStanding } from '../bindings/MatchStanding';
import type { SeatGame } from '../bindings/SeatGame';

/** Something that happened at the table, to show in its log and read out once. */
export type NoteBody =
  | { kind: 'chat'; from: ChatSender; chat: ChatBody }
  | { kind: 'auto-played'; seat: number; action: Action; expiries: number }
  | { kind: 'disconnected'; seat: number }
  | { kind: 'reconnected'; seat: number }
  | { kind: 'short-timer'; seat: number }
  | { kind: 'timer-changed'; seconds: number | null }
  | { kind: 'timer-off-proposed'; by: number; agreed: number[] }
  | { kind: 'hand-over'; result: HandResult }
  | { kind: 'muted'; seat: number; muted: boolean };

export type Note = NoteBody & { id: number };

/** Why this player is no longer at the table. */
export type Ending =
  | { kind: 'closed' }
  | { kind: 'removed' }
  | { kind: 'replaced' }
  | { kind: 'lost' }
  | { kind: 'unreachable'; reason: string }
  /** The link ended with nothing said (this player left). */
  | { kind: 'left' };

/** The turn clock: the seat it runs for and when its time is up, on the `now` clock. */
export interface Clock {
  seat: number;
  deadline: number;
  /** The seat's time per move (shorter once its time ran out too often); null when only warned. */
  limitMs: number | null;
  /** The table warned that time is short: the countdown shows. */
  warned: boolean;
}

export interface FriendsState {
  /** The name this player gave (the table's names are unique: it finds your seat in the lobby). */
  name: string;
  /** The link as last told; null while it opens. */
  link: LinkStatus | null;
  /** The table took you in: its code, your seat (as it was then) and whether you host. */
  welcome: { code: string; seat: number | null; host: boolean } | null;
  lobby: LobbyView | null;
  /** Your seat's view of the hand, the latest. */
  game: SeatGame | null;
  clock: Clock | null;
  /** The open proposal to turn the timer off: who made it and who agrees. */
  proposal: { by: number; agreed: number[] } | null;
  /** The seats you muted. */
  muted: number[];
  /** The results of the hands heard of in this match, in order (the latest `RESULTS_KEPT`). */
  results: HandResult[];
  over: { record: MatchRecord; standing: MatchStanding; outcome: MatchOutcome | null } | null;
  /** The last thing the table refused you, numbered so that the same refusal twice shows twice. */
  refusal: { id: number; error: ErrorCode } | null;
  /** The log: chat and the table's public events, the latest `NOTES_KEPT`. */
  notes: Note[];
  ending: Ending | null;
  /** The finished match in your history (for its review), or `null` when it could not be saved;
   *  `undefined` until the shell says. */
  kept?: string | null;
  /** The next note or refusal number. */
  serial: number;
}

/** How many notes the log keeps. */
export const NOTES_KEPT = 100;

/** How many hand results a match keeps (far more than any match plays; a host sending more cannot
 *  grow what the screen holds). */
export const RESULTS_KEPT = 200;

export function initial(name: string): FriendsState {
  return { name, link: null, welcome: null, lobby: null, game: null, clock: null, proposal: null, muted: [], results: [], over: null, refusal: null, notes: [], ending: null, serial: 0 };
}

function note(s: FriendsState, body: NoteBody): FriendsState {
  return { ...s, notes: [...s.notes, { ...body, id: s.serial }].slice(-NOTES_KEPT), serial: s.serial + 1 };
}

/** A new match, or the lobby again: nothing of the last match stays. */
function freshMatch(s: FriendsState): FriendsState {
  return { ...s, game: null, clock: null, proposal: null, results: [], over: null, kept: undefined };
}

/** The clock a view brings; still warned when it is the same turn's clock (a view again, a rejoin). */
function clockOf(view: SeatGame, old: Clock | null, now: number): Clock | null {
  const c = view.clock;
  if (!c) return null;
  const deadline = now + c.remaining_ms;
  const sameTurn = old !== null && old.seat === c.seat && deadline <= old.deadline + SAME_TURN_MS;
  return { seat: c.seat, deadline, limitMs: c.limit_ms, warned: sameTurn && old.warned };
}

/** A new view whose clock ends no later than this after the old one's is the same turn's. */
const SAME_TURN_MS = 1000;

/** The state after one event. */
export function reduce(s: FriendsState, e: FriendsEvent, now: number): FriendsState {
  if (e.kind === 'game') return { ...s, game: e.view, clock: clockOf(e.view, s.clock, now) };
  if (e.kind === 'kept') return { ...s, kept: e.history_id };
  if (e.kind === 'status') {
    const st = e.status;
    if (st.state === 'lost') return { ...s, link: st, ending: s.ending ?? { kind: 'lost' } };
    if (st.state === 'unreachable') return { ...s, link: st, ending: s.ending ?? { kind: 'unreachable', reason: st.reason } };
    if (st.state === 'ended') return { ...s, link: st, ending: s.ending ?? { kind: 'left' } };
    return { ...s, link: st };
  }
  const m = e.message;
  switch (m.type) {
    case 'welcome':
      return { ...s, welcome: { code: m.code, seat: m.seat, host: m.host } };
    case 'lobby': {
      const stage = s.lobby?.stage;
      const next = m.lobby.stage !== stage && m.lobby.stage !== 'over' ? freshMatch(s) : s;
      return { ...next, lobby: m.lobby, proposal: m.lobby.settings.turn_seconds === null ? null : next.proposal };
    }
    case 'game':
      // The shell completes every view and sends it as a `game` event; a bare one is not expected.
      return s;
    case 'event': {
      const ev = m.event;
      if (ev.kind === 'acted') return s;
      if (ev.kind === 'hand-over') return note({ ...s, results: [...s.results.slice(1 - RESULTS_KEPT), ev.result], clock: null }, { kind: 'hand-over', result: ev.result });
      if (ev.kind === 'timer-off-proposed') return note({ ...s, proposal: { by: ev.by, agreed: ev.agreed } }, { kind: 'timer-off-proposed', by: ev.by, agreed: ev.agreed });
      if (ev.kind === 'timer-changed') return note({ ...s, proposal: null, clock: ev.seconds === null ? null : s.clock }, { kind: 'timer-changed', seconds: ev.seconds });
      return note(s, { kind: ev.kind, seat: ev.seat });
    }
    case 'chat':
      return note(s, { kind: 'chat', from: m.from, chat: m.chat });
    case 'muted':
      return note({ ...s, muted: m.muted ? [...new Set([...s.muted, m.seat])] : s.muted.filter((x) => x !== m.seat) }, { kind: 'muted', seat: m.seat, muted: m.muted });
    case 'timer-warning': {
      const limitMs = s.clock && s.clock.seat === m.seat ? s.clock.limitMs : null;
      return { ...s, clock: { seat: m.seat, deadline: now + m.remaining_ms, limitMs, warned: true } };
    }
    case 'auto-played':
      return note(s, { kind: 'auto-played', seat: m.seat, action: m.action, expiries: m.expiries });
    case 'match-over':
      return { ...s, over: { record: m.record, standing: m.standing, outcome: m.outcome }, clock: null, proposal: null };
    case 'error':
      return { ...s, refusal: { id: s.serial, error: m.error }, serial: s.serial + 1 };
    case 'removed':
      return { ...s, ending: { kind: 'removed' } };
    case 'replaced':
      return { ...s, ending: { kind: 'replaced' } };
    case 'closed':
      return { ...s, ending: { kind: 'closed' } };
  }
}

/** A refusal of something said in Talk (a message, the timer proposal): shown there, not above the table. */
export function refusedInTalk(error: ErrorCode): boolean {
  return /^(chat-|rate-limited$|timer-is-off$|no-proposal$)/.test(error.id);
}

/** Your seat now: the one your name sits at in the lobby (you may have moved), else the table's word. */
export function yourSeat(s: FriendsState): number | null {
  if (s.game) return s.game.observation.seat;
  const name = s.name.trim();
  const found = s.lobby?.seats.findIndex((seat) => seat.kind === 'person' && seat.name === name) ?? -1;
  if (found >= 0) return found;
  return s.lobby ? null : (s.welcome?.seat ?? null);
}

/** Milliseconds left on the turn clock at `now` (never below 0); null when no clock runs. */
export function timeLeft(s: FriendsState, now: number): number | null {
  return s.clock ? Math.max(0, s.clock.deadline - now) : null;
}

/** The countdown once the table warned that time is short: whole seconds left, and whose. */
export function countdown(s: FriendsState, now: number): { seat: number; seconds: number } | null {
  return s.clock?.warned ? { seat: s.clock.seat, seconds: Math.ceil(Math.max(0, s.clock.deadline - now) / 1000) } : null;
}

/**
 * The hands heard of, as the match summary lists them for `seat`: each side's card points, your
 * side first, and your result (a void hand, dealt again, left out).
 */
export function recaps(results: HandResult[], seat: number): HandRecap[] {
  return results.flatMap((r) => {
    if (r.outcome.kind === 'void') return [];
    const mine = r.sides.findIndex((side) => side.includes(seat));
    const order = [mine, ...r.sides.map((_, i) => i).filter((i) => i !== mine)];
    const result = r.outcome.kind === 'drawn' ? 'drawn' : r.outcome.side === mine ? 'won' : 'lost';
    return [{ points: order.map((i) => r.side_points[i] ?? 0), result }];
  });
}
