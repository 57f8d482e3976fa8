import { BISCA_POINTS, BISCA_SIMPLE_POINTS, ITALIAN_POINTS, type DeckStyle, type PointValues } from '../cards';

/** Ruleset presets of the engine (ids are final). */
export const PRESET_IDS = ['briscola', 'brisca', 'bisca', 'scoperta', 'briscolone', 'chiamata', 'dupla'] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type OptionDef =
  | { id: string; kind: 'bool'; default: boolean }
  | { id: string; kind: 'choice'; values: readonly string[]; default: string };

export const MATCH_FORMATS = ['single', 'bestOf3', 'bestOf5', 'firstTo', 'gamePoints', 'cardPoints121', 'cardPoints151'] as const;
export type MatchFormat = (typeof MATCH_FORMATS)[number];

export const AI_LEVELS = ['easy', 'medium', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];

export interface PresetDef {
  id: PresetId;
  players: readonly number[];
  defaultPlayers: number;
  defaultDeck: DeckStyle;
  options: readonly OptionDef[];
  formats: readonly MatchFormat[];
  defaultFormat: MatchFormat;
  /** Card point values, given the chosen options. */
  points(options: Record<string, boolean | string>): PointValues;
}

const classicFormats = ['single', 'bestOf3', 'bestOf5', 'firstTo', 'gamePoints', 'cardPoints121', 'cardPoints151'] as const;

export const PRESETS: Record<PresetId, PresetDef> = {
  briscola: {
    id: 'briscola',
    players: [2, 3, 4, 6],
    defaultPlayers: 2,
    defaultDeck: 'italian',
    options: [
      { id: 'tie', kind: 'choice', values: ['draw', 'replay'], default: 'draw' },
      { id: 'twoTakesTrump', kind: 'bool', default: false },
    ],
    formats: classicFormats,
    defaultFormat: 'bestOf3',
    points: () => ITALIAN_POINTS,
  },
  brisca: {
    id: 'brisca',
    players: [2, 3, 4, 6],
    defaultPlayers: 2,
    defaultDeck: 'spanish',
    options: [
      { id: 'exchangeTiming', kind: 'choice', values: ['anyTurn', 'afterWin'], default: 'anyTurn' },
      { id: 'manoNegra', kind: 'bool', default: false },
      { id: 'valencian', kind: 'bool', default: false },
      { id: 'catalan', kind: 'bool', default: false },
      { id: 'rapida', kind: 'bool', default: false },
    ],
    formats: classicFormats,
    defaultFormat: 'bestOf3',
    points: () => ITALIAN_POINTS,
  },
  bisca: {
    id: 'bisca',
    players: [2, 3, 4],
    defaultPlayers: 2,
    defaultDeck: 'french',
    options: [
      { id: 'handSize', kind: 'choice', values: ['3', '7', '9'], default: '3' },
      { id: 'simplified', kind: 'bool', default: false },
    ],
    formats: classicFormats,
    defaultFormat: 'bestOf3',
    points: (o) => (o.simplified ? BISCA_SIMPLE_POINTS : BISCA_POINTS),
  },
  scoperta: {
    id: 'scoperta',
    players: [2, 3, 4],
    defaultPlayers: 2,
    defaultDeck: 'italian',
    options: [],
    formats: classicFormats,
    defaultFormat: 'bestOf3',
    points: () => ITALIAN_POINTS,
  },
  briscolone: {
    id: 'briscolone',
    players: [2],
    defaultPlayers: 2,
    defaultDeck: 'italian',
    options: [
      { id: 'lastThreeFollow', kind: 'bool', default: true },
      { id: 'fiveCards', kind: 'bool', default: false },
      { id: 'firstCardTrump', kind: 'bool', default: false },
    ],
    formats: ['cardPoints121', 'cardPoints151'],
    defaultFormat: 'cardPoints121',
    points: () => ITALIAN_POINTS,
  },
  chiamata: {
    id: 'chiamata',
    players: [5],
    defaultPlayers: 5,
    defaultDeck: 'italian',
    options: [{ id: 'target', kind: 'choice', values: ['10', '15', '20'], default: '10' }],
    formats: ['single', 'gamePoints'],
    defaultFormat: 'gamePoints',
    points: () => ITALIAN_POINTS,
  },
  dupla: {
    id: 'dupla',
    players: [2],
    defaultPlayers: 2,
    defaultDeck: 'italian',
    options: [],
    formats: classicFormats,
    defaultFormat: 'bestOf3',
    points: () => ITALIAN_POINTS,
  },
};

export function defaultOptions(id: PresetId): Record<string, boolean | string> {
  return Object.fromEntries(PRESETS[id].options.map((o) => [o.id, o.default]));
}

/** Every option label/explanation key the UI needs, for the i18n completeness test. */
export function optionKeys(): string[] {
  const keys: string[] = [];
  for (const p of Object.values(PRESETS)) {
    for (const o of p.options) {
      keys.push(`opt.${p.id}.${o.id}`, `opt.${p.id}.${o.id}.help`);
      if (o.kind === 'choice') for (const v of o.values) keys.push(`opt.${p.id}.${o.id}.${v}`);
    }
  }
  return keys;
}
