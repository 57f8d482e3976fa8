import { describe, expect, it } from 'vitest';
import { applyOptions, pointsOf, readOptions, setupFromChoice, shellFormat, uiFormat, POINTS_BY_ORDER } from '../rules';
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

  it('builds the MatchSetup from the choice', () => {
    const setup = setupFromChoice(
      { preset: 'briscola', options: {}, players: 4, aiLevels: ['easy', 'hard'], format: 'firstTo', firstToN: 2, deckStyle: 'italian' },
      presets,
      true,
      5,
    );
    expect(setup.ruleset).toEqual(presets[0].defaults[1]);
    expect(setup.opponents).toEqual(['easy', 'hard', 'hard']);
    expect(setup.format).toEqual({ kind: 'first-to', hands: 2 });
    expect(setup.first_dealer).toBe(1);
    expect(setup.allow_undo).toBe(true);
    expect(() => setupFromChoice({ preset: 'dupla', options: {}, players: 2, aiLevels: [], format: 'single', firstToN: 3, deckStyle: 'italian' }, presets, false)).toThrow();
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
