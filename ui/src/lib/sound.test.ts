import { describe, expect, it, vi, afterEach } from 'vitest';

function fakeAudio() {
  const node = () => ({ connect: vi.fn(function (this: unknown, n: unknown) { return n; }), start: vi.fn(), stop: vi.fn(), frequency: { value: 0 }, Q: { value: 0 }, type: '', buffer: null as unknown, gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() } });
  const created: string[] = [];
  class FakeCtx {
    currentTime = 0;
    sampleRate = 8000;
    state = 'running';
    destination = {};
    createBuffer(_c: number, len: number) { return { getChannelData: () => new Float32Array(len) }; }
    createBufferSource() { created.push('noise'); return node(); }
    createBiquadFilter() { return node(); }
    createGain() { return node(); }
    createOscillator() { created.push('tone'); return node(); }
    resume() { return Promise.resolve(); }
  }
  return { FakeCtx, created };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('sound effects', () => {
  it('are synthesised with Web Audio: a snap for a card, tones for a win', async () => {
    const { FakeCtx, created } = fakeAudio();
    vi.stubGlobal('AudioContext', FakeCtx);
    const { playSound } = await import('./sound');
    playSound('play');
    expect(created).toEqual(['noise']);
    playSound('win');
    expect(created.filter((c) => c === 'tone')).toHaveLength(4);
  });

  it('stay silent when switched off or unsupported', async () => {
    const { FakeCtx, created } = fakeAudio();
    vi.stubGlobal('AudioContext', FakeCtx);
    const { playSound, setSoundEnabled } = await import('./sound');
    setSoundEnabled(false);
    playSound('trick');
    expect(created).toEqual([]);
    vi.unstubAllGlobals();
    vi.stubGlobal('AudioContext', undefined);
    setSoundEnabled(true);
    expect(() => playSound('play')).not.toThrow();
  });
});
