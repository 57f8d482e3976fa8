import { DECK_STYLES, type DeckStyle } from './cards';
import { LANGS, setLang, systemLang, type Lang } from './i18n/index.svelte';
import { AI_LEVELS, MATCH_FORMATS, PRESET_IDS, type AiLevel, type MatchFormat, type PresetId } from './game/presets';

export type AnimSpeed = 'slow' | 'normal' | 'fast' | 'instant';
export type ScoreDisplay = 'all' | 'mine' | 'none';
export type CardSize = 'small' | 'medium' | 'large';

/** The choices of the New game form, remembered between games. */
export interface NewGameChoice {
  preset: PresetId;
  /** Options per preset, so switching preset back and forth keeps each one's options. */
  options: Partial<Record<PresetId, Record<string, boolean | string>>>;
  players: number;
  aiLevels: AiLevel[];
  format: MatchFormat;
  firstToN: number;
  deckStyle: DeckStyle;
}

export interface Prefs {
  deckStyle: DeckStyle;
  /** 'system' follows navigator.language. */
  lang: Lang | 'system';
  animSpeed: AnimSpeed;
  sound: boolean;
  scoreDisplay: ScoreDisplay;
  cardSize: CardSize;
  allowUndo: boolean;
  lastNewGame: NewGameChoice | null;
  /** The last `MatchSetup` sent to `start_match` (the shell keeps it in `ruleset_options.last_setup`). */
  lastSetup: Record<string, unknown> | null;
}

export const DEFAULT_PREFS: Prefs = {
  deckStyle: 'italian',
  lang: 'system',
  animSpeed: 'normal',
  sound: true,
  scoreDisplay: 'all',
  cardSize: 'medium',
  allowUndo: true,
  lastNewGame: null,
  lastSetup: null,
};

/**
 * Where preferences live. Phase 1 uses localStorage; phase 2 backs this with the
 * shell's `get_preferences` / `set_preferences` commands.
 */
export interface PrefsBackend {
  load(): Promise<unknown>;
  save(prefs: Prefs): Promise<void>;
}

const STORAGE_KEY = 'briscola.prefs.v1';

export const localStorageBackend: PrefsBackend = {
  async load() {
    try {
      const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null;
    }
  },
  async save(p) {
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(p));
    } catch {
      /* storage full or disabled: keep the in-memory value */
    }
  },
};

const oneOf = <T extends string>(list: readonly T[], v: unknown, d: T): T =>
  typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : d;

function sanitizeNewGame(v: unknown): NewGameChoice | null {
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  const preset = oneOf(PRESET_IDS, o.preset, 'briscola');
  return {
    preset,
    options: o.options && typeof o.options === 'object' ? (o.options as NewGameChoice['options']) : {},
    players: typeof o.players === 'number' ? o.players : 2,
    aiLevels: Array.isArray(o.aiLevels) ? o.aiLevels.map((l) => oneOf(AI_LEVELS, l, 'medium')) : ['medium'],
    format: oneOf(MATCH_FORMATS, o.format, 'bestOf3'),
    firstToN: typeof o.firstToN === 'number' && o.firstToN >= 1 && o.firstToN <= 20 ? o.firstToN : 3,
    deckStyle: oneOf(DECK_STYLES, o.deckStyle, 'italian'),
  };
}

/** Accepts anything (old versions, hand-edited files) and returns valid preferences. */
export function sanitizePrefs(v: unknown): Prefs {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return {
    deckStyle: oneOf(DECK_STYLES, o.deckStyle, DEFAULT_PREFS.deckStyle),
    lang: oneOf([...LANGS, 'system'] as const, o.lang, 'system'),
    animSpeed: oneOf(['slow', 'normal', 'fast', 'instant'] as const, o.animSpeed, 'normal'),
    sound: typeof o.sound === 'boolean' ? o.sound : DEFAULT_PREFS.sound,
    scoreDisplay: oneOf(['all', 'mine', 'none'] as const, o.scoreDisplay, 'all'),
    cardSize: oneOf(['small', 'medium', 'large'] as const, o.cardSize, 'medium'),
    allowUndo: typeof o.allowUndo === 'boolean' ? o.allowUndo : DEFAULT_PREFS.allowUndo,
    lastNewGame: sanitizeNewGame(o.lastNewGame),
    lastSetup: o.lastSetup && typeof o.lastSetup === 'object' && !Array.isArray(o.lastSetup) ? (o.lastSetup as Record<string, unknown>) : null,
  };
}

/** The live preferences: read anywhere (reactive), change only through `updatePrefs`. */
export const prefs: Prefs = $state({ ...DEFAULT_PREFS });

let backend: PrefsBackend = localStorageBackend;

function applyLang(): void {
  setLang(prefs.lang === 'system' ? systemLang() : prefs.lang);
}

/** Loads the saved preferences from `b` (default: localStorage) and applies them. */
export async function initPrefs(b: PrefsBackend = localStorageBackend): Promise<void> {
  backend = b;
  Object.assign(prefs, sanitizePrefs(await b.load()));
  applyLang();
}

/** Changes some preferences and saves them at once. */
export async function updatePrefs(patch: Partial<Prefs>): Promise<void> {
  Object.assign(prefs, patch);
  if ('lang' in patch) applyLang();
  await backend.save($state.snapshot(prefs) as Prefs);
}
