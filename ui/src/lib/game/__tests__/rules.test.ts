import { describe, expect, it } from 'vitest';
import { applyOptions, choiceFromNewGame, newGameFromChoice, pointsOf, readOptions, shellFormat, uiFormat, POINTS_BY_ORDER } from '../rules';
import { DEFAULT_PREFERENCES } from '../../bindings/defaults';
import { BISCA_POINTS, BISCA_SIMPLE_POINTS, ITALIAN_POINTS } from '../../cards';
import { presets, ruleset } from './fixtures';

describe('rules from the shell presets', () => {
  it('reads the form defaults from the default ruleset', () => {
    expect(readOptions('brisca', ruleset({ preset: 'brisca', exchange: 'seven-and-two' }))).toEqual({
      exchangeTiming: 'anyTurn',
      manoNegra: false,
      valencian: false,
      catalan: false,
      rapida: false,
    });
    expect(readOptions('bisca', ruleset({ order: 'bisca' }))).toEqual({ handSize: '3', simplified: false });
  });

  it('changes only the edited fields', () => {
    const base = ruleset({ preset: 'brisca', exchange: 'seven-and-two' });
    const r = applyOptions('brisca', base, { ...readOptions('brisca', base), manoNegra: true });
    expect(r).toEqual({ ...base, mano_negra: true });
    expect(applyOptions('brisca', base, { exchangeTiming: 'afterWin', rapida: true })).toEqual({ ...base, exchange: 'seven-and-two-after-winning', deck: 'rapida' });
    expect(applyOptions('bisca', ruleset({ order: 'bisca' }), { simplified: true, handSize: '7' })).toMatchObject({ order: 'seven-second', hand_size: 7 });
    expect(applyOptions('briscola', ruleset(), { tie: 'replay', twoTakesTrump: true })).toMatchObject({ tie: 'replay', exchange: 'two-before-first-trick' });
  });

  it('builds the NewGame from the choice and reads it back', () => {
    const ng = newGameFromChoice({ preset: 'briscola', options: {}, players: 4, aiLevels: ['easy', 'hard'], format: 'firstTo', firstToN: 2 }, presets, DEFAULT_PREFERENCES.new_game);
    expect(ng.rulesets).toEqual([presets[0].defaults[1]]);
    expect(ng.opponents).toEqual(['easy', 'hard', 'hard']);
    expect(ng.format).toEqual({ kind: 'first-to', hands: 2 });
    expect(choiceFromNewGame(ng)).toEqual({ preset: 'briscola', options: { briscola: readOptions('briscola', presets[0].defaults[1]) }, players: 4, aiLevels: ['easy', 'hard', 'hard'], format: 'firstTo', firstToN: 2 });
    expect(() => newGameFromChoice({ preset: 'dupla', options: {}, players: 2, aiLevels: [], format: 'single', firstToN: 3 }, presets, DEFAULT_PREFERENCES.new_game)).toThrow();
  });

  it('maps match formats both ways', () => {
    expect(shellFormat('single', 3)).toEqual({ kind: 'single-hand' });
    expect(shellFormat('bestOf5', 3)).toEqual({ kind: 'best-of', hands: 5 });
    expect(shellFormat('gamePoints', 3, 15)).toEqual({ kind: 'game-points', target: 15 });
    expect(shellFormat('cardPoints151', 3)).toEqual({ kind: 'card-points', target: 151 });
    expect(uiFormat({ kind: 'card-points', target: 121 }).format).toBe('cardPoints121');
    expect(uiFormat({ kind: 'first-to', hands: 4 })).toEqual({ format: 'firstTo', n: 4 });
  });

  it('has points for the four engine orders', () => {
    expect(Object.keys(POINTS_BY_ORDER).sort()).toEqual(['bisca', 'classic', 'low-three', 'seven-second']);
    expect(pointsOf({ order: 'classic' })).toEqual(ITALIAN_POINTS);
    expect(pointsOf({ order: 'bisca' })).toEqual(BISCA_POINTS);
    expect(pointsOf({ order: 'seven-second' })).toEqual(BISCA_SIMPLE_POINTS);
    expect(pointsOf({ order: 'low-three' })).toEqual(ITALIAN_POINTS);
  });
});
