/**
 * Small pure readings of the table as your seat sees it (`SeatState`, folded by the shell): nothing
 * here words anything or knows a rule.
 */
import type { ClockState } from '../bindings/ClockState';
import type { ErrorCode } from '../bindings/ErrorCode';
import type { SeatState } from '../bindings/SeatState';

/** A refusal of something said in Talk (a message, the timer proposal): shown there, not above the table. */
export function refusedInTalk(error: ErrorCode): boolean {
  return /^(chat-|rate-limited$|timer-is-off$|no-proposal$)/.test(error.id);
}

/** Your seat now: the one your name sits at in the lobby (you may have moved), else the table's word. */
export function yourSeat(s: SeatState): number | null {
  if (s.game) return s.game.observation.seat;
  const name = s.name.trim();
  const found = s.lobby?.seats.findIndex((seat) => seat.kind === 'person' && seat.name === name) ?? -1;
  if (found >= 0) return found;
  return s.lobby ? null : (s.welcome?.seat ?? null);
}

/** You are the one person seated (every other seat is the computer's or empty): nobody to talk to,
 *  and undo and resign are yours to use. */
export function alone(s: SeatState): boolean {
  return (s.lobby?.seats.filter((seat) => seat.kind === 'person').length ?? 0) === 1;
}

/**
 * The countdown once the table warned that time is short: whole seconds left at `now`, and whose.
 * `since` is when this clock (its `id`) was first heard, on the same clock as `now`.
 */
export function countdown(clock: ClockState | null, since: number, now: number): { seat: number; seconds: number } | null {
  return clock?.warned ? { seat: clock.seat, seconds: Math.ceil(Math.max(0, clock.remaining_ms - (now - since)) / 1000) } : null;
}
