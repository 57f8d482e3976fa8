/**
 * The pace of a table: the table sends your seat's views as fast as its seats move (an AI seat at
 * once), so the screen shows them one after another — a card played by another seat stays a moment
 * before the next one, a completed trick stays on the table before it is swept (for the trick pause,
 * or until you collect it when you asked to collect tricks yourself) — and tells the news between
 * them (`handNews`) in order. Your own move shows at once.
 */
import type { SeatGame } from '../bindings/SeatGame';
import type { TrickView } from '../bindings/TrickView';
import { handNews, lastTrick, type HandNews } from '../game/news';
import { sleep } from '../motion.svelte';

export interface Pauses {
  /** After another seat's card, before the next view (ms). */
  play: () => number;
  /** A completed trick on show (ms). */
  trick: () => number;
  /** A completed trick stays until `collect()` instead of `trick` (the `collect_trick` preference). */
  collectOnTap: () => boolean;
}

/** News kept for a listener to come (a hand's worth of moves and more). */
const UNHEARD_KEPT = 64;

export class Pacer {
  /** The view on show. */
  shown: SeatGame | null = $state(null);
  /** A completed trick on show before the view that follows it. */
  shownTrick: TrickView | null = $state(null);
  /** The trick on show waits for you to collect it (`collect()`). */
  awaitingCollect = $state(false);
  /** Views are still to be shown: what comes after them (the match's summary) waits. */
  busy = $state(false);
  /** Who hears the news (`listen`); news shown while nobody listens waits for the next listener. */
  private listener: ((news: HandNews, view: SeatGame) => void) | null = null;
  private unheard: [HandNews, SeatGame][] = [];
  pauses: Pauses = { play: () => 0, trick: () => 0, collectOnTap: () => false };
  private queue: SeatGame[] = [];
  private running = false;
  /** Another seat's card stays on show until then (`Date.now()`). */
  private holdUntil = 0;
  /** Bumped by `reset`: a pause in progress then shows nothing more. */
  private generation = 0;
  private release: (() => void) | null = null;

  /**
   * Tells `hear` every piece of news from now on, in order, with the view it leads to — first what
   * was shown while nobody listened (the computer players may all move before the screen is
   * there); one listener at a time. Returns how to stop listening.
   */
  listen(hear: (news: HandNews, view: SeatGame) => void): () => void {
    this.listener = hear;
    const held = this.unheard;
    this.unheard = [];
    for (const [news, view] of held) hear(news, view);
    return () => {
      if (this.listener === hear) this.listener = null;
    };
  }

  private tell(news: HandNews, view: SeatGame): void {
    if (this.listener) {
      this.listener(news, view);
      return;
    }
    this.unheard.push([news, view]);
    if (this.unheard.length > UNHEARD_KEPT) this.unheard.shift();
  }

  push(view: SeatGame): void {
    this.queue.push(view);
    this.busy = true;
    void this.run();
  }

  /** Collects the trick on show; nothing when none waits. */
  collect(): void {
    this.awaitingCollect = false;
    const release = this.release;
    this.release = null;
    release?.();
  }

  /** Nothing on show (another match, or no table). */
  reset(): void {
    this.generation++;
    this.collect();
    this.queue = [];
    this.unheard = [];
    this.shown = null;
    this.shownTrick = null;
    this.running = false;
    this.busy = false;
    this.holdUntil = 0;
  }

  private untilCollected(): Promise<void> {
    this.awaitingCollect = true;
    return new Promise((resolve) => (this.release = resolve));
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const generation = this.generation;
    while (this.queue.length && generation === this.generation) {
      const wait = this.holdUntil - Date.now();
      if (wait > 0) {
        await sleep(wait);
        if (generation !== this.generation) return;
      }
      const next = this.queue.shift()!;
      const news = handNews(this.shown, next);
      for (const n of news) this.tell(n, next);
      const trick = lastTrick(news);
      if (trick) {
        this.shownTrick = trick;
        if (this.pauses.collectOnTap()) await this.untilCollected();
        else await sleep(this.pauses.trick());
        if (generation !== this.generation) return;
        this.shownTrick = null;
      }
      this.shown = next;
      if (news.some((n) => n.kind === 'play' && n.seat !== next.observation.seat)) this.holdUntil = Date.now() + this.pauses.play();
    }
    if (generation === this.generation) {
      this.running = false;
      this.busy = false;
    }
  }
}
