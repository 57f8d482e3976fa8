import '@testing-library/jest-dom/vitest';

// jsdom has no Web Animations API; Svelte transitions use element.animate().
if (typeof Element !== 'undefined' && !Element.prototype.animate) {
  Element.prototype.animate = function () {
    const anim = {
      onfinish: null as null | (() => void),
      currentTime: 0,
      playState: 'finished',
      cancel() {},
      finish() {},
      play() {},
      pause() {},
      reverse() {},
      addEventListener() {},
      removeEventListener() {},
      finished: Promise.resolve(),
      effect: null,
    };
    queueMicrotask(() => anim.onfinish?.());
    return anim as unknown as Animation;
  };
}
// No canvas either: charts skip drawing when getContext returns null.
if (typeof HTMLCanvasElement !== 'undefined') {
  HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;
}
// jsdom's <dialog> has no showModal/close.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
// Nor elementFromPoint (used by drag and drop).
if (typeof document !== 'undefined' && !document.elementFromPoint) {
  document.elementFromPoint = () => null;
}
if (typeof document !== 'undefined' && !document.elementsFromPoint) {
  document.elementsFromPoint = () => [];
}

// Unmount components between tests (auto-cleanup needs vitest globals otherwise).
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/svelte';
afterEach(() => cleanup());
// jsdom has no layout, so no ResizeObserver (Svelte's bind:clientHeight uses one): nothing is measured.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
