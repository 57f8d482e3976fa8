import { describe, expect, it } from 'vitest';
import { handKey, isTypingTarget } from './keyboard';

describe('hand keyboard', () => {
  it('selects with 1–9 and plays with Enter', () => {
    expect(handKey('2', { count: 3, selected: null })).toEqual({ kind: 'select', index: 1 });
    expect(handKey('Enter', { count: 3, selected: 1 })).toEqual({ kind: 'play', index: 1 });
    expect(handKey('Enter', { count: 3, selected: null })).toEqual({ kind: 'ignore' });
  });

  it('ignores numbers beyond the hand and unplayable cards', () => {
    expect(handKey('4', { count: 3, selected: null })).toEqual({ kind: 'ignore' });
    expect(handKey('0', { count: 3, selected: null })).toEqual({ kind: 'ignore' });
    expect(handKey('1', { count: 3, selected: null, playable: [false, true, true] })).toEqual({ kind: 'ignore' });
    expect(handKey('Enter', { count: 3, selected: 0, playable: [false, true, true] })).toEqual({ kind: 'ignore' });
  });

  it('moves with arrows, wrapping and skipping unplayable cards', () => {
    expect(handKey('ArrowRight', { count: 3, selected: null })).toEqual({ kind: 'select', index: 0 });
    expect(handKey('ArrowRight', { count: 3, selected: 2 })).toEqual({ kind: 'select', index: 0 });
    expect(handKey('ArrowLeft', { count: 3, selected: 0 })).toEqual({ kind: 'select', index: 2 });
    expect(handKey('ArrowRight', { count: 3, selected: 0, playable: [true, false, true] })).toEqual({ kind: 'select', index: 2 });
    expect(handKey('ArrowRight', { count: 0, selected: null })).toEqual({ kind: 'ignore' });
  });

  it('clears the selection with Escape', () => {
    expect(handKey('Escape', { count: 3, selected: 1 })).toEqual({ kind: 'select', index: null });
    expect(handKey('Escape', { count: 3, selected: null })).toEqual({ kind: 'ignore' });
  });

  it('knows form fields', () => {
    expect(isTypingTarget(document.createElement('input'))).toBe(true);
    expect(isTypingTarget(document.createElement('select'))).toBe(true);
    expect(isTypingTarget(document.createElement('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
