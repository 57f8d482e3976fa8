/**
 * The current match as the UI holds it: the last `GameView` from the shell, the
 * commands that change it, and the AI loop. One instance (`session`).
 */
import type { Action } from '../bindings/Action';
import type { Card } from '../bindings/Card';
import type { AuctionView } from '../bindings/AuctionView';
import type { Exchange } from '../bindings/Exchange';
import type { GameView } from '../bindings/GameView';
import type { Hint } from '../bindings/Hint';
import type { NewGame } from '../bindings/NewGame';
import { rememberNewGame } from '../prefs.svelte';
import { opponentNamesFor } from '../names.svelte';
import type { PresetInfo } from '../bindings/PresetInfo';
import type { StoreWarning } from '../bindings/StoreWarning';
import type { TrickView } from '../bindings/TrickView';
import { shell, errorMessage } from '../shell';
import { sleep } from '../motion.svelte';
import { handNews, lastTrick, type HandNews } from './news';

export interface SessionEvents {
  /** A card was played (seat, card), in order. */
  onplay?: (seat: number, card: Card) => void;
  /** A trick was completed. */
  ontrick?: (trick: TrickView) => void;
  /** A seat exchanged a card for the face-up trump (yours or an AI's). */
  onexchange?: (exchange: Exchange) => void;
  /** A seat showed mano negra (ace, three and king of trumps): the hand ended at once. */
  onmanonegra?: (seat: number) => void;
  /** The chiamata auction changed (a bid, a pass, the call, the partner revealed). */
  onauction?: (before: AuctionView, after: AuctionView) => void;
  /** Delay before an AI move, in ms (natural pause). */
  aiPause?: () => number;
  /** How long a completed trick stays on the table, in ms. */
  trickPause?: () => number;
  /** A completed trick stays until you collect it (`collect()`), instead of `trickPause`. */
  collectOnTap?: () => boolean;
}

class Session {
  view: GameView | null = $state(null);
  /** A completed trick shown on the table before the next view (with its winner). */
  shownTrick: TrickView | null = $state(null);
  presets: PresetInfo[] = $state([]);
  warnings: StoreWarning[] = $state([]);
  error: string | null = $state(null);
  busy = $state(false);
  hint: Hint | null = $state(null);
  loaded = $state(false);
  /** The view version whose end-of-match summary you closed (it stays closed across screens). */
  summaryClosedAt = $state(-1);
  events: SessionEvents = {};
  /** Waiting for you to collect the trick on show (tap pacing). */
  awaitingCollect = $state(false);
  private aiRunning = false;
  private release: (() => void) | null = null;

  /** Start-up: warnings, presets, the saved match. */
  async load(): Promise<void> {
    const api = shell();
    try {
      this.warnings = await api.storeWarnings();
    } catch (e) {
      this.error = errorMessage(e);
    }
    try {
      this.presets = await api.listPresets();
      const v = await api.currentGame();
      if (v) await this.apply(v, false);
    } catch (e) {
      this.error = errorMessage(e);
    }
    this.loaded = true;
    void this.aiLoop();
  }

  /** Shows a new view, announcing the news since the last one and pausing on completed tricks. */
  private async apply(v: GameView, animate = true): Promise<void> {
    const old = this.view;
    this.hint = null;
    const news = animate ? handNews(old, v) : [];
    for (const n of news) this.tell(n);
    const trick = lastTrick(news);
    if (trick) {
      this.shownTrick = trick;
      if (this.events.collectOnTap?.()) await this.untilCollected();
      else {
        const wait = this.events.trickPause?.() ?? 0;
        if (wait > 0) await sleep(wait);
      }
      this.shownTrick = null;
    }
    this.view = v;
  }

  private tell(n: HandNews): void {
    if (n.kind === 'exchange') this.events.onexchange?.(n.exchange);
    else if (n.kind === 'auction') this.events.onauction?.(n.before, n.after);
    else if (n.kind === 'mano-negra') this.events.onmanonegra?.(n.seat);
    else if (n.kind === 'play') this.events.onplay?.(n.seat, n.card);
    else this.events.ontrick?.(n.trick);
  }

  private untilCollected(): Promise<void> {
    this.awaitingCollect = true;
    return new Promise((resolve) => (this.release = resolve));
  }

  /** Collects the trick on show (tap pacing); nothing when none is waiting. */
  collect(): void {
    this.awaitingCollect = false;
    const release = this.release;
    this.release = null;
    release?.();
  }

  private async run(f: () => Promise<GameView>): Promise<boolean> {
    this.error = null;
    this.busy = true;
    try {
      await this.apply(await f());
      return true;
    } catch (e) {
      this.error = errorMessage(e);
      return false;
    } finally {
      this.busy = false;
      void this.refreshWarnings();
    }
  }

  /**
   * The store's warnings again after a change: when the disk refuses, the move stands (kept in
   * memory) and the "not saving" banner appears; it goes once the store has caught up.
   */
  async refreshWarnings(): Promise<void> {
    try {
      this.warnings = await shell().storeWarnings();
    } catch {
      // The warnings already shown stay; the move itself went through.
    }
  }

  async start(newGame: NewGame): Promise<boolean> {
    let v: GameView;
    try {
      v = await shell().startMatch(newGame, opponentNamesFor(newGame.opponents.length));
      rememberNewGame(newGame);
    } catch (e) {
      this.error = errorMessage(e);
      return false;
    }
    this.begin(v);
    return true;
  }

  /** Shows a new match's first view: nothing the last match left (an error, a hint, a trick on show) stays. */
  begin(v: GameView): void {
    this.collect();
    this.error = null;
    this.hint = null;
    this.shownTrick = null;
    this.view = v;
    void this.aiLoop();
  }

  async play(action: Action): Promise<void> {
    if (this.busy || !this.view) return;
    if (await this.run(() => shell().playAction(action))) void this.aiLoop();
  }

  async next(): Promise<void> {
    if (await this.run(() => shell().nextHand())) void this.aiLoop();
  }

  async undo(): Promise<void> {
    // Undo normally returns to your turn; if the computer is to move after it, let it move.
    if (await this.run(() => shell().undoMove())) void this.aiLoop();
  }

  async resign(): Promise<boolean> {
    return this.run(() => shell().resignMatch());
  }

  async askHint(): Promise<void> {
    try {
      this.hint = await shell().getHint();
    } catch (e) {
      this.error = errorMessage(e);
    }
  }

  /** While an AI seat is to move: pause, ask for its move, show it. */
  async aiLoop(): Promise<void> {
    if (this.aiRunning) return;
    this.aiRunning = true;
    try {
      while (this.view?.ai_to_move && !this.view.awaiting_next_hand && !this.view.outcome) {
        const version = this.view.version;
        await sleep(this.events.aiPause?.() ?? 0);
        if (this.view?.version !== version) continue;
        this.busy = true;
        try {
          await this.apply(await shell().aiMove());
        } catch (e) {
          this.error = errorMessage(e);
          break;
        } finally {
          this.busy = false;
          void this.refreshWarnings();
        }
      }
    } finally {
      this.aiRunning = false;
    }
  }
}

export const session = new Session();
export type { Session };
