/**
 * The table you sit at, live — against the computer or with friends, driven the same way: the
 * shell's commands (open one: `computer`, `resume`, `host`, `join`, `goBack` — the friends' table
 * kept from before the app closed, `kept`; then `send`, `hint`, `invite`, `leave`)
 * and what its channel says. Each event brings the whole table as your seat sees it, folded by the
 * shell: `state` is simply the latest; your seat's views go to the `pacer`, which shows them at a
 * readable pace. One instance (`table`); the screens read it and call it. Refusals of commands
 * reject with the shell's `AppError` (the screens word them); the table's own refusals come in
 * `state.refusal`.
 */
import type { Channel } from '../bindings/commands';
import type { ClientMessage } from '../bindings/ClientMessage';
import type { SeatEvent } from '../bindings/SeatEvent';
import type { Hint } from '../bindings/Hint';
import type { HostInfo } from '../bindings/HostInfo';
import type { HostRequest } from '../bindings/HostRequest';
import type { KeptOffer } from '../bindings/KeptOffer';
import type { NewGame } from '../bindings/NewGame';
import type { SeatState } from '../bindings/SeatState';
import { appData } from '../appData.svelte';
import { newGameOf } from '../game/newGame';
import { alone, yourSeat } from './seat';
import { prefs, rememberNewGame } from '../prefs.svelte';
import { channel, shell } from '../shell';
import { Pacer } from './pacer.svelte';

class Table {
  /** The table you are at (or were, until you dismiss how it ended); null when none. */
  state: SeatState | null = $state(null);
  /** Where the table you host is on the network: hosted, or opened to friends (`invite`). */
  hosted: HostInfo | null = $state(null);
  /** The friends' table kept from before the app closed, to go back to (`lookForKept`); null when none. */
  kept: KeptOffer | null = $state(null);
  /** Going back to the table you host, the port it had before, when another program took it (it listens on `hosted.port` now). */
  portTaken: number | null = $state(null);
  /** You closed the finished match's summary: it stays closed across screens, until another match. */
  summaryClosed = $state(false);
  /** The table's refusal you closed (its id): it stays closed across screens. */
  refusalClosed = $state(-1);
  /** When the turn clock now told (its `id`) was first heard, on `now`'s clock. */
  clockSince = $state(0);
  readonly pacer = new Pacer();
  /** The clock of `clockSince` (tests set it). */
  now: () => number = () => performance.now();
  /** Told each event after `state` took it in (the screens announce from it). */
  onevent: (event: SeatEvent) => void = () => {};
  /** The channel whose events are this table's (0: none). */
  private current = 0;
  private openings = 0;
  /**
   * What each table being opened said before the shell answered, by channel: two may be opening at
   * once (the unfinished match looked for at start-up while you start a new one), and neither's
   * first words may be lost to the other.
   */
  private early = new Map<number, SeatEvent[]>();
  private waiting: { test: (s: SeatState) => boolean; done: () => void }[] = [];

  /** A channel for a table being opened: what it says before the shell answers waits (`opened`). */
  private open() {
    const id = ++this.openings;
    this.early.set(id, []);
    return {
      id,
      events: channel<SeatEvent>((event) => {
        if (id === this.current) this.hear(event);
        else this.early.get(id)?.push(event);
      }),
    };
  }

  /** The shell took the new table: the last one is forgotten, this one heard from now on. */
  private opened(id: number, hosted: HostInfo | null = null): void {
    const early = this.early.get(id) ?? [];
    this.early.delete(id);
    this.forget();
    this.current = id;
    this.hosted = hosted;
    for (const event of early) this.hear(event);
  }

  /** The shell opened no table on channel `id`: whatever it said is dropped. */
  private abandoned(id: number): void {
    this.early.delete(id);
  }

  /** Opens a table with `opening` on a fresh channel; `opened` with what it answers, unless it opened none. */
  private async openWith<T>(opening: (events: Channel<SeatEvent>) => Promise<T>, took: (answer: T) => HostInfo | null | false): Promise<T> {
    const { id, events } = this.open();
    try {
      const answer = await opening(events);
      const hosted = took(answer);
      if (hosted === false) this.abandoned(id);
      else this.opened(id, hosted);
      return answer;
    } catch (e) {
      this.abandoned(id);
      throw e;
    }
  }

  private hear(event: SeatEvent): void {
    const before = this.state;
    const after = event.state;
    // Another match (or the lobby again): nothing of the last one stays on show.
    if (before?.game && !after.game) {
      this.pacer.reset();
      this.summaryClosed = false;
    }
    if (after.clock && after.clock.id !== before?.clock?.id) this.clockSince = this.now();
    this.state = after;
    // Seated: the shell keeps this table now; nothing else is offered.
    if (after.welcome) this.kept = null;
    if (event.heard.kind === 'game') {
      this.pacer.push(event.heard.view);
      void appData.refreshWarnings();
    }
    // Where friends reach the table you host: the router's answer, the relay coming and going.
    if (event.heard.kind === 'hosting') this.hosted = event.heard.info;
    this.onevent(event);
    for (const w of this.waiting.filter((w) => w.test(after))) {
      this.waiting.splice(this.waiting.indexOf(w), 1);
      w.done();
    }
  }

  /** Resolves once the table as heard passes `test` (at once when it does now). */
  until(test: (s: SeatState) => boolean): Promise<void> {
    if (this.state && test(this.state)) return Promise.resolve();
    return new Promise((done) => this.waiting.push({ test, done }));
  }

  /** Opens a table against the computer (you at seat 0, as `yourName`) and sits at it. */
  async computer(newGame: NewGame, opponentNames: string[], yourName: string): Promise<void> {
    await this.openWith((events) => shell().startMatch(newGame, opponentNames, yourName, events), () => null);
    rememberNewGame(newGame);
  }

  /** Sits at the match against the computer left unfinished when the app closed (as `yourName`); false when none. */
  resume(yourName: string): Promise<boolean> {
    return this.openWith((events) => shell().resumeMatch(yourName, events), (resumed) => (resumed ? null : false));
  }

  /** Asks the shell for the friends' table kept from before the app closed (`kept`); none when it cannot say. */
  async lookForKept(): Promise<KeptOffer | null> {
    try {
      this.kept = await shell().keptTable();
    } catch {
      this.kept = null;
    }
    return this.kept;
  }

  /**
   * Sits at the kept table again: a table joined elsewhere answers on the channel, a table you host
   * comes back and says where it is (`hosted`; `portTaken` when it had to take another port). The
   * offer (`kept`) goes once the table welcomes you.
   */
  async goBack(): Promise<void> {
    const returned = await this.openWith((events) => shell().tableReturn(events), (r) => (r.kind === 'hosted' ? r.info : null));
    this.portTaken = returned.kind === 'hosted' ? returned.port_taken : null;
  }

  /** Forgets the kept table ("Forget it"): you will not be offered it again. */
  async forgetKept(): Promise<void> {
    await shell().forgetTable();
    this.kept = null;
  }

  /** Hosts a table and sits at it. */
  async host(request: HostRequest): Promise<void> {
    await this.openWith((events) => shell().friendsHost(request, events), (hosted) => hosted);
  }

  /** Joins the table at `address` with its code; the table's answer comes on the channel. */
  async join(address: string, code: string, name: string): Promise<void> {
    await this.openWith((events) => shell().friendsJoin(address.trim(), code.trim(), name.trim(), events), () => null);
  }

  send(message: ClientMessage): Promise<null> {
    return shell().tableSend(message);
  }

  /** A hint for your move, where the table allows hints (your own app computes it from your view). */
  hint(): Promise<Hint> {
    return shell().tableHint();
  }

  /**
   * A match against the computer this app opened (it named the computer's seats, `seat_names`),
   * with nobody else seated: its "Play again" opens a new one here.
   */
  get againstComputer(): boolean {
    return this.state !== null && this.state.seat_names.length > 0 && alone(this.state);
  }

  /**
   * Opens the table you host to friends on the local network (any free port): a friend who joins
   * with its code takes a computer's seat from the next hand on. Where it is goes to `hosted`.
   */
  async invite(): Promise<void> {
    const info = await shell().tableInvite(0);
    // What was heard meanwhile (the router's answer) is newer than the answer.
    if (this.hosted?.code !== info.code || this.hosted.reach === null) this.hosted = info;
  }

  /** Whether "Play again" is yours: at a match against the computer, or as host. */
  get canPlayAgain(): boolean {
    return this.againstComputer || (this.state?.welcome?.host ?? false);
  }

  /**
   * Another match once this one is over: against the computer, a new table with the same rules,
   * format, levels and names (the finished one left first); with friends, the host asks the table.
   */
  async playAgain(): Promise<void> {
    const state = this.state;
    if (!this.againstComputer || !state?.lobby) {
      await this.send({ type: 'play-again' });
      return;
    }
    const again = newGameOf(state.lobby, prefs.new_game);
    const you = yourSeat(state);
    const names = state.seat_names.filter((_, seat) => seat !== you);
    await this.leave();
    await this.computer(again, names, state.name);
  }

  /** Leaves the table (a host closes it for everyone) and forgets it (the shell no longer keeps it). */
  async leave(): Promise<void> {
    this.kept = null;
    try {
      await shell().tableLeave();
    } finally {
      this.forget();
    }
  }

  /** Forgets the table (it ended, or you left): nothing of it stays on show. */
  forget(): void {
    this.current = 0;
    this.pacer.reset();
    this.state = null;
    this.hosted = null;
    this.portTaken = null;
    this.summaryClosed = false;
    this.refusalClosed = -1;
  }
}

export const table = new Table();
export type { Table };
