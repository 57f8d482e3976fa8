export interface HandKeyState {
  count: number;
  selected: number | null;
  /** Which cards may be played now (all if omitted). */
  playable?: readonly boolean[];
}

export type HandKeyResult =
  | { kind: 'select'; index: number | null }
  | { kind: 'play'; index: number }
  | { kind: 'ignore' };

/**
 * Keyboard play for a hand: 1–9 select a card, Enter (or Space on a selected
 * card) plays it, arrows move the selection, Escape clears it.
 */
export function handKey(key: string, s: HandKeyState): HandKeyResult {
  const ok = (i: number) => i >= 0 && i < s.count && (s.playable?.[i] ?? true);
  if (/^[1-9]$/.test(key)) {
    const i = Number(key) - 1;
    return ok(i) ? { kind: 'select', index: i } : { kind: 'ignore' };
  }
  switch (key) {
    case 'Enter':
      return s.selected !== null && ok(s.selected) ? { kind: 'play', index: s.selected } : { kind: 'ignore' };
    case 'Escape':
      return s.selected !== null ? { kind: 'select', index: null } : { kind: 'ignore' };
    case 'ArrowRight':
    case 'ArrowLeft': {
      if (s.count === 0) return { kind: 'ignore' };
      const step = key === 'ArrowRight' ? 1 : -1;
      let i = s.selected ?? (step > 0 ? -1 : s.count);
      for (let n = 0; n < s.count; n++) {
        i = (i + step + s.count) % s.count;
        if (ok(i)) return { kind: 'select', index: i };
      }
      return { kind: 'ignore' };
    }
    default:
      return { kind: 'ignore' };
  }
}

/** True when a key event comes from a form field and must not drive the game. */
export function isTypingTarget(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(el.tagName);
}
