/**
 * The Host a table form's choices beside the rules (who sits at the other seats, the timer, what
 * happens to a dropped player, seating, names, the port) and the `HostRequest` they make. The table
 * checks every value (the timer's range, the names) and its refusal is worded from its id.
 */
import type { HostRequest } from '../bindings/HostRequest';
import type { Level } from '../bindings/Level';
import type { MatchFormat } from '../bindings/MatchFormat';
import type { Ruleset } from '../bindings/Ruleset';
import { DEFAULT_PORT } from '../bindings/constants';

/** A seat other than yours: a friend's (open until someone joins) or an AI level. */
export type SeatPick = 'friend' | Level;

export interface HostForm {
  /** Seats 1, 2, … in playing order. */
  seats: SeatPick[];
  timerOn: boolean;
  /** Seconds per move while the timer is on. */
  seconds: number;
  /** Who plays a dropped player's seat meanwhile: nobody (`wait`) or an AI level. */
  absence: 'wait' | Level;
  randomSeats: boolean;
  /** Whether players may ask their app for a hint. */
  hints: boolean;
  tableName: string;
  yourName: string;
  port: number;
}

/** The port a table listens on unless the host picks another (0: any free port). */
export { DEFAULT_PORT };
/** The seconds per move the timer offers when it is switched on. */
export const DEFAULT_SECONDS = 30;

export function hostForm(yourName: string): HostForm {
  return { seats: ['friend'], timerOn: false, seconds: DEFAULT_SECONDS, absence: 'wait', randomSeats: false, hints: false, tableName: '', yourName, port: DEFAULT_PORT };
}

/** One pick per seat but yours for `players` players: seats kept, new ones for friends. */
export function withPlayers(seats: SeatPick[], players: number): SeatPick[] {
  return Array.from({ length: Math.max(0, players - 1) }, (_, i) => seats[i] ?? 'friend');
}

export function hostRequest(ruleset: Ruleset, format: MatchFormat, form: HostForm): HostRequest {
  return {
    ruleset,
    format,
    ai_seats: withPlayers(form.seats, ruleset.players).map((s) => (s === 'friend' ? null : s)),
    turn_seconds: form.timerOn ? form.seconds : null,
    absence: form.absence === 'wait' ? { kind: 'wait' } : { kind: 'ai', level: form.absence },
    random_seats: form.randomSeats,
    hints: form.hints,
    table_name: form.tableName.trim(),
    your_name: form.yourName.trim(),
    port: form.port,
  };
}
