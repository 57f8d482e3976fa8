import { describe, expect, it } from 'vitest';
import { bubbleText, shownClock } from '../clock';

const clock = (over: Partial<{ seat: number; remaining_ms: number; limit_ms: number | null; warned: boolean }> = {}) => ({ id: 1, seat: 2, remaining_ms: 30_000, limit_ms: 30_000, warned: false, ...over });

describe('the turn clock as shown', () => {
  it('empties over the whole turn, counted from when it was heard', () => {
    expect(shownClock(clock(), 1000, 1000, 30)).toMatchObject({ seat: 2, seconds: 30, fraction: 1, low: false, short: false, perMove: 30 });
    const later = shownClock(clock(), 1000, 16_000, 30)!;
    expect(later.seconds).toBe(15);
    expect(later.fraction).toBeCloseTo(0.5);
    expect(shownClock(clock(), 0, 20_500, 30)).toMatchObject({ seconds: 10, low: true });
    // Never below zero, never above the turn.
    expect(shownClock(clock(), 0, 90_000, 30)).toMatchObject({ seconds: 0, fraction: 0 });
    expect(shownClock(clock({ remaining_ms: 45_000 }), 0, 0, 30)!.fraction).toBe(1);
  });

  it('shows the shorter time a seat has once its time ran out three times', () => {
    expect(shownClock(clock({ remaining_ms: 10_000, limit_ms: 10_000 }), 0, 0, 30)).toMatchObject({ short: true, perMove: 10, fraction: 1, low: true });
  });

  it('takes the table’s time per move when the clock was only warned', () => {
    const warned = shownClock(clock({ remaining_ms: 10_000, limit_ms: null, warned: true }), 0, 0, 40)!;
    expect(warned.fraction).toBeCloseTo(0.25);
    expect(shownClock(clock({ limit_ms: null }), 0, 0, null)!.fraction).toBe(1);
  });

  it('is paused while your own connection is down', () => {
    expect(shownClock(clock(), 0, 5000, 30, true)).toMatchObject({ paused: true, seconds: 25 });
    expect(shownClock(null, 0, 0, 30)).toBeNull();
  });
});

describe('a chat bubble', () => {
  it('keeps short lines and cuts long ones', () => {
    expect(bubbleText('  ciao a tutti ')).toBe('ciao a tutti');
    const long = 'a'.repeat(59) + ' ' + 'b'.repeat(40);
    const cut = bubbleText(long);
    expect([...cut]).toHaveLength(60);
    expect(cut.endsWith('…')).toBe(true);
  });
});
