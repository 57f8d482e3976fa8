/**
 * This player's friends' table, live: the shell's commands (host, join, send, leave) and what its
 * channel says, folded by `reduce` into `state`, with your seat's views paced for the screen
 * (`pacer`). One instance (`friends`); the screens read it and call it. Refusals of commands reject
 * with the shell's `AppError` (the screens word them); the table's own refusals come in `state`.
 */
import type { Hint } from '../bindings/Hint';
import type { ClientMessage } from '../bindings/ClientMessage';
import type { FriendsEvent } from '../bindings/FriendsEvent';
import type { HostInfo } from '../bindings/HostInfo';
import type { HostRequest } from '../bindings/HostRequest';
import { channel, shell } from '../shell';
import { initial, reduce, type FriendsState } from './state';
import { Pacer } from './pacer.svelte';

class Friends {
  /** The table you are at (or were, until you dismiss how it ended); null when none. */
  state: FriendsState | null = $state(null);
  /** Where your hosted table is, while you host one. */
  hosted: HostInfo | null = $state(null);
  readonly pacer = new Pacer();
  /** The clock `reduce` is given (tests set it). */
  now: () => number = () => performance.now();
  /** Told each event after it is folded in (the screens announce from it). */
  onevent: (event: FriendsEvent, state: FriendsState) => void = () => {};

  private open(name: string) {
    this.pacer.reset();
    this.state = initial(name);
    this.hosted = null;
    return channel<FriendsEvent>((event) => this.hear(event));
  }

  private hear(event: FriendsEvent): void {
    const before = this.state;
    if (!before) return;
    const after = reduce(before, event, this.now());
    // Another match (or the lobby again): nothing of the last one stays on show.
    if (before.game && !after.game) this.pacer.reset();
    this.state = after;
    if (event.kind === 'game') this.pacer.push(event.view);
    this.onevent(event, after);
  }

  /** Hosts a table and sits at it. */
  async host(request: HostRequest): Promise<void> {
    const events = this.open(request.your_name.trim());
    try {
      this.hosted = await shell().friendsHost(request, events);
    } catch (e) {
      this.state = null;
      throw e;
    }
  }

  /** Joins the table at `address` with its code; the table's answer comes on the channel. */
  async join(address: string, code: string, name: string): Promise<void> {
    const events = this.open(name.trim());
    try {
      await shell().friendsJoin(address.trim(), code.trim(), name.trim(), events);
    } catch (e) {
      this.state = null;
      throw e;
    }
  }

  send(message: ClientMessage): Promise<null> {
    return shell().friendsSend(message);
  }

  /** A hint for your move, where the host allows hints (your own app computes it from your view). */
  hint(): Promise<Hint> {
    return shell().friendsHint();
  }

  /** Leaves the table (a host closes it for everyone) and forgets it. */
  async leave(): Promise<void> {
    try {
      await shell().friendsLeave();
    } finally {
      this.forget();
    }
  }

  /** Forgets a table that ended (closed, lost, you were removed): back to hosting or joining. */
  forget(): void {
    this.pacer.reset();
    this.state = null;
    this.hosted = null;
  }
}

export const friends = new Friends();
export type { Friends };
