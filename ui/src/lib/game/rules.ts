/**
 * From the shell's presets (`list_presets`) to a `NewGame` (what `start_match` takes and the
 * preferences remember): the New game form starts from the preset's default `Ruleset` for the
 * chosen player count and changes only the fields behind the options the player edits. No rule
 * default is written here: the form's initial option values are read back from the remembered or
 * default ruleset (`readOptions`).
 */
import type { CardOrder } from '../bindings/CardOrder';
import type { Level } from '../bindings/Level';
import type { MatchFormat as ShellFormat } from '../bindings/MatchFormat';
import type { MatchSetup } from '../bindings/MatchSetup';
import type { NewGame } from '../bindings/NewGame';
import type { PresetInfo } from '../bindings/PresetInfo';
import type { Ruleset } from '../bindings/Ruleset';
import { BISCA_POINTS, BISCA_SIMPLE_POINTS, ITALIAN_POINTS, type PointValues } from '../cards';
import type { AiLevel, MatchFormat, PresetId } from './presets';

/** The New game form's state: option values per preset, so switching presets keeps each one's. */
export interface NewGameChoice {
  preset: PresetId;
  options: Partial<Record<PresetId, Options>>;
  players: number;
  aiLevels: AiLevel[];
  format: MatchFormat;
  firstToN: number;
}

/**
 * Card points per rank for each of the engine's rank orders (`CardOrder`): classic A 11, 3 10,
 * K 4, Q 3, J 2; bisca A 11, 7 10, K 4, J 3, Q 2; seven-second A 11, 7 10, K 4, Q 3, J 2;
 * low-three ranks the three low but it still counts 10, so its points are the classic ones.
 */
export const POINTS_BY_ORDER: Record<CardOrder, PointValues> = {
  classic: ITALIAN_POINTS,
  bisca: BISCA_POINTS,
  'seven-second': BISCA_SIMPLE_POINTS,
  'low-three': ITALIAN_POINTS,
};

export function pointsOf(r: Pick<Ruleset, 'order'>): PointValues {
  return POINTS_BY_ORDER[r.order] ?? ITALIAN_POINTS;
}

export type Options = Record<string, boolean | string>;

/** The form's option values as they stand in a ruleset (so defaults come from the engine). */
export function readOptions(preset: PresetId, r: Ruleset): Options {
  switch (preset) {
    case 'briscola':
      return { tie: r.tie, twoTakesTrump: r.exchange === 'two-before-first-trick' };
    case 'brisca':
      return {
        exchangeTiming: r.exchange === 'seven-and-two-after-winning' ? 'afterWin' : 'anyTurn',
        manoNegra: r.mano_negra,
        valencian: r.follow === 'follow-when-stock-empty',
        catalan: r.deck === 'catalan',
        rapida: r.deck === 'rapida',
      };
    case 'bisca':
      return { handSize: String(r.hand_size), simplified: r.order === 'seven-second' };
    case 'briscolone':
      return {
        lastThreeFollow: r.follow !== 'free',
        fiveCards: r.hand_size === 5,
        firstCardTrump: r.trump === 'first-card-played',
      };
    default:
      return {};
  }
}

/** The default ruleset with the edited options applied; fields no option touches stay as given. */
export function applyOptions(preset: PresetId, base: Ruleset, opts: Options): Ruleset {
  const r: Ruleset = { ...base };
  const cur = readOptions(preset, base);
  const changed = (k: string) => k in opts && opts[k] !== cur[k];
  switch (preset) {
    case 'briscola':
      if (changed('tie')) r.tie = opts.tie === 'replay' ? 'replay' : 'draw';
      if (changed('twoTakesTrump')) r.exchange = opts.twoTakesTrump ? 'two-before-first-trick' : 'never';
      break;
    case 'brisca':
      if (changed('exchangeTiming')) r.exchange = opts.exchangeTiming === 'afterWin' ? 'seven-and-two-after-winning' : 'seven-and-two';
      if (changed('manoNegra')) r.mano_negra = !!opts.manoNegra;
      if (changed('valencian')) r.follow = opts.valencian ? 'follow-when-stock-empty' : 'free';
      if (changed('catalan') || changed('rapida')) r.deck = opts.rapida ? 'rapida' : opts.catalan ? 'catalan' : 'standard';
      break;
    case 'bisca':
      if (changed('handSize')) r.hand_size = Number(opts.handSize);
      if (changed('simplified')) r.order = opts.simplified ? 'seven-second' : 'bisca';
      break;
    case 'briscolone':
      if (changed('lastThreeFollow')) r.follow = opts.lastThreeFollow ? 'follow-and-beat-when-stock-empty' : 'free';
      if (changed('fiveCards')) r.hand_size = opts.fiveCards ? 5 : 3;
      if (changed('firstCardTrump')) r.trump = opts.firstCardTrump ? 'first-card-played' : 'no-trump';
      break;
  }
  return r;
}

/** Player counts a preset supports, from its default rulesets. */
export function playerCounts(info: PresetInfo): number[] {
  return info.defaults.map((d) => d.players);
}

export function defaultRuleset(info: PresetInfo, players: number): Ruleset {
  return info.defaults.find((d) => d.players === players) ?? info.defaults[0];
}

/** The UI's match-format choice as the shell's `MatchFormat`. */
export function shellFormat(f: MatchFormat, firstToN: number, chiamataTarget = 10): ShellFormat {
  switch (f) {
    case 'single':
      return { kind: 'single-hand' };
    case 'bestOf3':
      return { kind: 'best-of', hands: 3 };
    case 'bestOf5':
      return { kind: 'best-of', hands: 5 };
    case 'firstTo':
      return { kind: 'first-to', hands: firstToN };
    case 'gamePoints':
      return { kind: 'game-points', target: chiamataTarget };
    case 'cardPoints121':
      return { kind: 'card-points', target: 121 };
    case 'cardPoints151':
      return { kind: 'card-points', target: 151 };
  }
}

/** The UI format id for a shell format (for the preset's usual format). */
export function uiFormat(f: ShellFormat): { format: MatchFormat; n: number } {
  switch (f.kind) {
    case 'single-hand':
      return { format: 'single', n: 3 };
    case 'best-of':
      return { format: f.hands >= 5 ? 'bestOf5' : 'bestOf3', n: 3 };
    case 'first-to':
      return { format: 'firstTo', n: f.hands };
    case 'game-points':
      return { format: 'gamePoints', n: f.target };
    case 'card-points':
      return { format: f.target >= 151 ? 'cardPoints151' : 'cardPoints121', n: 3 };
  }
}

/** The form's state for a remembered choice: each remembered ruleset's options and player count. */
export function choiceFromNewGame(ng: NewGame): NewGameChoice {
  const options: NewGameChoice['options'] = {};
  for (const r of ng.rulesets) options[r.preset] = readOptions(r.preset, r);
  const current = ng.rulesets.find((r) => r.preset === ng.preset);
  const { format, n } = uiFormat(ng.format);
  return { preset: ng.preset, options, players: current?.players ?? ng.opponents.length + 1, aiLevels: [...ng.opponents], format, firstToN: n };
}

/**
 * The `NewGame` for the form's state: the chosen preset's rules for the chosen player count, and
 * the rules of every other preset the form holds options for (at the player count `previous`
 * remembered for it).
 */
export function newGameFromChoice(choice: NewGameChoice, presets: PresetInfo[], previous: NewGame): NewGame {
  const rulesetFor = (preset: PresetId, players: number): Ruleset => {
    const info = presets.find((p) => p.preset === preset);
    if (!info) throw new Error(`unknown preset ${preset}`);
    return applyOptions(preset, defaultRuleset(info, players), choice.options[preset] ?? {});
  };
  const ruleset = rulesetFor(choice.preset, choice.players);
  const others = (Object.keys(choice.options) as PresetId[])
    .filter((p) => p !== choice.preset)
    .map((p) => rulesetFor(p, previous.rulesets.find((r) => r.preset === p)?.players ?? 0));
  const opts = choice.options[choice.preset] ?? {};
  const opponents: Level[] = Array.from({ length: ruleset.players - 1 }, (_, i) => (choice.aiLevels[i] ?? choice.aiLevels.at(-1) ?? 'medium') as Level);
  return {
    preset: choice.preset,
    rulesets: [ruleset, ...others],
    format: shellFormat(choice.format, choice.firstToN, Number(opts.target ?? 10)),
    opponents,
  };
}

/** The `NewGame` that starts the same match as `setup` again, keeping the other presets' rules of `previous`. */
export function newGameOf(setup: MatchSetup, previous: NewGame): NewGame {
  const preset = setup.ruleset.preset;
  return {
    preset,
    rulesets: [setup.ruleset, ...previous.rulesets.filter((r) => r.preset !== preset)],
    format: setup.format,
    opponents: [...setup.opponents],
  };
}
