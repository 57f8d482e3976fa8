/**
 * The turn clock as the table shows it: how much of the turn is left for the seat to move, read
 * from the clock the table last told (`ClockState`) and the time since it was first heard. Pure: the
 * match screen ticks `now`.
 */
import type { ClockState } from '../bindings/ClockState';
import { WARNING_MS } from '../bindings/constants';

export interface ShownClock {
  /** The seat it runs for. */
  seat: number;
  /** Whole seconds left (rounded up). */
  seconds: number;
  /** What is left of the turn, 0 to 1. */
  fraction: number;
  /** The seat's time per move, in whole seconds (shorter than the table's once its time ran out three times). */
  perMove: number;
  /** The seat has less time per move than the table's setting. */
  short: boolean;
  /** The last 10 s. */
  low: boolean;
  /** Your own connection is down: the clock is not known, it is not counted down. */
  paused: boolean;
}

/** The last seconds, announced once and shown in red: when the table warns. */
export const LOW_MS = WARNING_MS;

/**
 * The clock at `now` (`since`: when this clock was first heard, on the same clock as `now`), with
 * the table's time per move (`turnSeconds`, the lobby's setting) when the clock does not say its own.
 * `paused`: your link is down; the time shown stays as it was last counted (`now` stops ticking).
 */
export function shownClock(clock: ClockState | null, since: number, now: number, turnSeconds: number | null, paused = false): ShownClock | null {
  if (!clock) return null;
  const tableMs = turnSeconds ? turnSeconds * 1000 : null;
  const limitMs = Math.max(1, clock.limit_ms ?? tableMs ?? Math.max(clock.remaining_ms, LOW_MS));
  const left = Math.max(0, Math.min(limitMs, clock.remaining_ms - Math.max(0, now - since)));
  return {
    seat: clock.seat,
    seconds: Math.ceil(left / 1000),
    fraction: left / limitMs,
    perMove: Math.round(limitMs / 1000),
    short: tableMs !== null && limitMs < tableMs,
    low: left <= LOW_MS,
    paused,
  };
}

/** A chat line cut to fit a bubble by a seat. */
export function bubbleText(text: string, max = 60): string {
  const t = text.trim();
  return [...t].length <= max ? t : `${[...t].slice(0, max - 1).join('').trimEnd()}…`;
}
