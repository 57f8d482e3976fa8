/**
 * Sound effects synthesised with the Web Audio API: no audio files.
 * The AudioContext is created lazily on the first sound (after a user gesture).
 */
export type SoundName = 'play' | 'trick' | 'win' | 'lose' | 'deal';

let ctx: AudioContext | null = null;
let enabled = true;

export function setSoundEnabled(on: boolean): void {
  enabled = on;
}

function audio(): AudioContext | null {
  if (!enabled) return null;
  const AC = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext })
    .AudioContext ?? (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AC) return null;
  try {
    ctx ??= new AC();
    if (ctx.state === 'suspended') void ctx.resume();
    return ctx;
  } catch {
    return null;
  }
}

function noiseBuffer(c: AudioContext, seconds: number): AudioBuffer {
  const buf = c.createBuffer(1, Math.max(1, Math.floor(c.sampleRate * seconds)), c.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 2;
  return buf;
}

/** A card slapped on felt: a short band-passed noise burst. */
function snap(c: AudioContext, at: number, freq: number, gain: number, len = 0.09): void {
  const src = c.createBufferSource();
  src.buffer = noiseBuffer(c, len);
  const bp = c.createBiquadFilter();
  bp.type = 'bandpass';
  bp.frequency.value = freq;
  bp.Q.value = 0.9;
  const g = c.createGain();
  g.gain.setValueAtTime(gain, at);
  g.gain.exponentialRampToValueAtTime(0.001, at + len);
  src.connect(bp).connect(g).connect(c.destination);
  src.start(at);
}

function tone(c: AudioContext, at: number, freq: number, len: number, gain: number, type: OscillatorType = 'triangle'): void {
  const o = c.createOscillator();
  o.type = type;
  o.frequency.value = freq;
  const g = c.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(gain, at + 0.02);
  g.gain.exponentialRampToValueAtTime(0.0001, at + len);
  o.connect(g).connect(c.destination);
  o.start(at);
  o.stop(at + len + 0.05);
}

export function playSound(name: SoundName): void {
  const c = audio();
  if (!c) return;
  const t = c.currentTime + 0.01;
  switch (name) {
    case 'play':
      snap(c, t, 1800, 0.5);
      break;
    case 'deal':
      snap(c, t, 2600, 0.25, 0.05);
      break;
    case 'trick':
      snap(c, t, 1200, 0.35, 0.12);
      snap(c, t + 0.07, 900, 0.3, 0.14);
      break;
    case 'win':
      [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(c, t + i * 0.11, f, 0.35, 0.18));
      break;
    case 'lose':
      [392, 329.63, 261.63].forEach((f, i) => tone(c, t + i * 0.14, f, 0.4, 0.12, 'sine'));
      break;
  }
}
