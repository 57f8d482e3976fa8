import { crossfade, fly } from 'svelte/transition';
import { cubicOut } from 'svelte/easing';
import { durations, type Durations } from './motion.svelte';

/** Current animation timings; the App keeps them in sync with prefs and prefers-reduced-motion. */
export const timing: { d: Durations } = $state({ d: durations('normal', false) });

/** A card leaving a hand flies to the same card in the trick (keyed by card code). */
export const [send, receive] = crossfade({
  duration: () => timing.d.play,
  easing: cubicOut,
  fallback(node) {
    return fly(node, { y: -60, duration: timing.d.play, easing: cubicOut });
  },
});

/** A card drawn from the stock slides in. */
export function drawIn(node: Element, params: { y?: number; x?: number } = {}) {
  return fly(node, { y: params.y ?? -40, x: params.x ?? 0, duration: timing.d.draw, easing: cubicOut });
}

/** The trick swept towards its winner. */
export function collectOut(node: Element, params: { y?: number; x?: number } = {}) {
  return fly(node, { y: params.y ?? 0, x: params.x ?? 0, duration: timing.d.collect, easing: cubicOut, opacity: 0 });
}
