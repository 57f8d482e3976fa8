/** Hand-written shell data typed with the generated bindings (test fixtures). */
import { vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../bindings/defaults';
import type { Preferences } from '../../bindings/Preferences';
import type { Shell } from '../../shell';
import type { GameView } from '../../bindings/GameView';
import type { Observation } from '../../bindings/Observation';
import type { PresetInfo } from '../../bindings/PresetInfo';
import type { Ruleset } from '../../bindings/Ruleset';

export function ruleset(over: Partial<Ruleset> = {}): Ruleset {
  return {
    preset: 'briscola',
    players: 2,
    partnerships: false,
    deck: 'standard',
    removed_two: 'coins',
    order: 'classic',
    hand_size: 3,
    plays_per_trick: 1,
    trump: 'turned-up',
    follow: 'free',
    exchange: 'never',
    mano_negra: false,
    open_hands: false,
    tie: 'draw',
    forcing: false,
    ...over,
  };
}

export function observation(over: Partial<Observation> = {}): Observation {
  return {
    ruleset: ruleset(),
    seat: 0,
    dealer: 1,
    phase: 'playing',
    to_move: 0,
    hand: ['Ad', '7s', 'Kb'],
    hand_sizes: [3, 3],
    open_hands: null,
    known_in_hands: [[], []],
    known_voids: [[], []],
    teams: null,
    trump: 'cups',
    face_up_trump: '5c',
    stock_len: 34,
    next_stock_card: null,
    current_trick: [],
    tricks: [],
    pile_points: [0, 0],
    exchanges: [],
    auction: null,
    legal_actions: ['Ad', '7s', 'Kb'],
    result: null,
    ...over,
  };
}

export function gameView(over: Partial<GameView> = {}, obs: Partial<Observation> = {}): GameView {
  const o = observation(obs);
  return {
    observation: o,
    setup: { ruleset: o.ruleset, format: { kind: 'best-of', hands: 3 }, opponents: ['easy'], first_dealer: 1, allow_undo: true },
    standing: { sides: [[0], [1]], scores: [0, 0], hands_played: 0 },
    your_side: 0,
    hand_number: 1,
    awaiting_next_hand: false,
    outcome: null,
    resigned: false,
    ai_to_move: false,
    can_undo: false,
    undos: 0,
    last_trick: null,
    version: 1,
    ...over,
  };
}

export const presets: PresetInfo[] = [
  {
    preset: 'briscola',
    summary: 'Italian',
    defaults: [ruleset(), ruleset({ players: 4, partnerships: true })],
    usual_format: { kind: 'best-of', hands: 3 },
    usual_deck_style: 'italian',
  },
  {
    preset: 'brisca',
    summary: 'Spanish',
    defaults: [ruleset({ preset: 'brisca', exchange: 'seven-and-two' })],
    usual_format: { kind: 'best-of', hands: 3 },
    usual_deck_style: 'spanish',
  },
  {
    preset: 'bisca',
    summary: 'Portuguese',
    defaults: [ruleset({ preset: 'bisca', order: 'bisca' })],
    usual_format: { kind: 'best-of', hands: 3 },
    usual_deck_style: 'french',
  },
];

/** A shell that keeps the preferences in memory, as `set_preferences` would on disk. */
export function prefsShell(initial: Partial<Preferences> = {}) {
  let stored: Preferences = { ...structuredClone(DEFAULT_PREFERENCES), ...initial };
  const fake = {
    getPreferences: vi.fn(async () => structuredClone(stored)),
    setPreferences: vi.fn(async (p: Preferences) => (stored = structuredClone(p))),
  };
  return { shell: fake as unknown as Shell, fake, saved: () => stored };
}
