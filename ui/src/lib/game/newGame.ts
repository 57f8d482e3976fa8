/**
 * The New game form's value, the preferences' typed `NewGame` (what `start_match` takes): small
 * helpers to read and write it. No rule is known here — options, player counts, formats and card
 * values come from the shell (`list_presets`, `edit_ruleset`).
 */
import type { MatchFormat } from '../bindings/MatchFormat';
import type { LobbyView } from '../bindings/LobbyView';
import type { NewGame } from '../bindings/NewGame';
import type { Preset } from '../bindings/Preset';
import type { Ruleset } from '../bindings/Ruleset';

export { LEVELS } from '../bindings/constants';

/** A format's parameter (`hands` or `target`); null for a single hand. */
export function formatValue(f: MatchFormat): number | null {
  return 'hands' in f ? f.hands : 'target' in f ? f.target : null;
}

/** `f` with its parameter set to `value` (one of the values its `FormatChoice` lists). */
export function withFormatValue(f: MatchFormat, value: number): MatchFormat {
  if ('hands' in f) return { ...f, hands: value };
  if ('target' in f) return { ...f, target: value };
  return f;
}

/** The rules remembered for `preset`, if any. */
export function rulesetOf(ng: NewGame, preset: Preset): Ruleset | null {
  return ng.rulesets.find((r) => r.preset === preset) ?? null;
}

/** Remembers `ruleset` as its preset's rules (one per preset). */
export function withRuleset(ng: NewGame, ruleset: Ruleset): void {
  ng.rulesets = [ruleset, ...ng.rulesets.filter((r) => r.preset !== ruleset.preset)];
}

/** The `NewGame` that starts the match of a table again (its rules, format and the computer's
 *  levels, seat by seat), keeping the other presets' rules of `previous`. */
export function newGameOf(lobby: LobbyView, previous: NewGame): NewGame {
  const { ruleset, format } = lobby.settings;
  return {
    preset: ruleset.preset,
    rulesets: [ruleset, ...previous.rulesets.filter((r) => r.preset !== ruleset.preset)],
    format,
    opponents: lobby.seats.flatMap((seat) => (seat.kind === 'ai' ? [seat.level] : [])),
  };
}
