import type { AnimationSpeed } from './bindings/AnimationSpeed';

/** Base durations in ms at normal speed. `trickPause`: how long a finished trick stays on the table. */
const BASE = { deal: 220, play: 320, collect: 480, draw: 260, flip: 240, aiPause: 750, trickPause: 1500 } as const;
export type Durations = { [K in keyof typeof BASE]: number };

const FACTOR: Record<AnimationSpeed, number> = { slow: 1.7, normal: 1, fast: 0.5, instant: 0 };

/**
 * Animation timings for a speed setting. With reduced motion every movement is
 * instant; the AI's "thinking" pause and the finished trick's stay remain (shortened) so plays
 * remain readable.
 */
export function durations(speed: AnimationSpeed, reducedMotion: boolean): Durations {
  const f = reducedMotion ? 0 : FACTOR[speed];
  const pauseF = speed === 'instant' ? 0.4 : reducedMotion ? 0.8 : Math.max(FACTOR[speed], 0.6);
  return {
    deal: Math.round(BASE.deal * f),
    play: Math.round(BASE.play * f),
    collect: Math.round(BASE.collect * f),
    draw: Math.round(BASE.draw * f),
    flip: Math.round(BASE.flip * f),
    aiPause: Math.round(BASE.aiPause * pauseF),
    trickPause: Math.round(BASE.trickPause * pauseF),
  };
}

/** Live `prefers-reduced-motion` flag. */
export const motion = $state({ reduced: false });

if (typeof window !== 'undefined' && typeof window.matchMedia === 'function') {
  const mq = window.matchMedia('(prefers-reduced-motion: reduce)');
  motion.reduced = mq.matches;
  mq.addEventListener?.('change', (e) => (motion.reduced = e.matches));
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
