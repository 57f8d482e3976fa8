/**
 * From the shell's presets (`list_presets`) to a `MatchSetup`: the New game form starts from the
 * preset's default `Ruleset` for the chosen player count and changes only the fields behind the
 * options the player edits. No rule default is written here: the form's initial option values are
 * read back from the default ruleset (`readOptions`).
 */
import type { CardOrder } from '../bindings/CardOrder';
import type { Level } from '../bindings/Level';
import type { MatchFormat as ShellFormat } from '../bindings/MatchFormat';
import type { MatchSetup } from '../bindings/MatchSetup';
import type { PresetInfo } from '../bindings/PresetInfo';
import type { Ruleset } from '../bindings/Ruleset';
import { BISCA_POINTS, BISCA_SIMPLE_POINTS, ITALIAN_POINTS, type PointValues } from '../cards';
import type { NewGameChoice } from '../prefs.svelte';
import type { MatchFormat, PresetId } from './presets';

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

/** The `MatchSetup` for the New game form's choice. */
export function setupFromChoice(choice: NewGameChoice, presets: PresetInfo[], allowUndo: boolean, firstDealer = 1): MatchSetup {
  const info = presets.find((p) => p.preset === choice.preset);
  if (!info) throw new Error(`unknown preset ${choice.preset}`);
  const base = defaultRuleset(info, choice.players);
  const opts = choice.options[choice.preset] ?? {};
  const ruleset = applyOptions(choice.preset, base, opts);
  const target = Number(opts.target ?? 10);
  const opponents: Level[] = Array.from({ length: ruleset.players - 1 }, (_, i) => (choice.aiLevels[i] ?? choice.aiLevels.at(-1) ?? 'medium') as Level);
  return {
    ruleset,
    format: shellFormat(choice.format, choice.firstToN, target),
    opponents,
    first_dealer: firstDealer % ruleset.players,
    allow_undo: allowUndo,
  };
}
