/**
 * What the match screen drives, whatever the table: it says moves, the next hand, undo and resign to
 * the table (`send`), asks for a hint, invites friends to the table you host, plays again where that
 * is yours, and leaves. The live table
 * (`table`) is one; a test's double is another.
 */
import type { ClientMessage } from '../bindings/ClientMessage';
import type { Hint } from '../bindings/Hint';
import type { HostInfo } from '../bindings/HostInfo';
import type { Pacer } from './pacer.svelte';

export interface MatchDriver {
  /** Your seat's views at a readable pace. */
  readonly pacer: Pacer;
  /** When the turn clock now told was first heard, on `now`'s clock. */
  readonly clockSince: number;
  now(): number;
  /** A move (`act`), `next-hand`, `undo`, `resign`, a chat line. */
  send(message: ClientMessage): void;
  hint(): Promise<Hint>;
  /** Opens the table you host to friends on the local network (they take a computer's seat). */
  invite(): Promise<void>;
  /** Where the table you host is, once it takes friends. */
  readonly hosted: HostInfo | null;
  /** Another match once this one is over; null when it is not yours to start (the host's). */
  readonly playAgain: (() => void) | null;
  leave(): void;
  /** You closed the finished match's summary: it stays closed across screens, until another match. */
  summaryClosed: boolean;
}
