import type { TrickView } from '../../bindings/TrickView';
import { DEFAULT_PREFERENCES } from '../../bindings/defaults';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setShell, type Shell } from '../../shell';
import { session } from '../session.svelte';
import { gameView, presets } from './fixtures';
import type { HandResult } from '../../bindings/HandResult';

function fakeShell(over: Partial<Shell> = {}): Shell {
  return {
    storeWarnings: vi.fn(async () => []),
    listPresets: vi.fn(async () => presets),
    currentGame: vi.fn(async () => null),
    ...over,
  } as unknown as Shell;
}

afterEach(() => {
  setShell(null);
  session.view = null;
  session.events = {};
  session.error = null;
});

describe('session', () => {
  it('loads warnings, presets and resumes the saved match', async () => {
    const saved = gameView({ version: 7 });
    setShell(fakeShell({ storeWarnings: vi.fn(async () => [{ id: 'unreadable-lines', lines: 2, first_at: 0 }]) as never, currentGame: vi.fn(async () => saved) }));
    await session.load();
    expect(session.warnings.map((w) => w.id)).toEqual(['unreadable-lines']);
    expect(session.presets).toEqual(presets);
    expect(session.view?.version).toBe(7);
  });

  it('shows the not-saving banner as soon as a move is kept in memory, and drops it once saved', async () => {
    const notSaving = { id: 'not-saving', path: '/d', problem: 'in-use', detail: 'locked' };
    const storeWarnings = vi.fn(async () => [notSaving]);
    const start = gameView({ version: 1 });
    setShell(fakeShell({ storeWarnings: storeWarnings as never, playAction: vi.fn(async () => gameView({ version: 2 })) }));
    session.view = start;
    session.events = { aiPause: () => 0, trickPause: () => 0 };
    await session.play({ kind: 'play', card: 'Ad' });
    await vi.waitFor(() => expect(session.warnings.map((w) => w.id)).toEqual(['not-saving']));
    expect(session.view?.version).toBe(2);
    storeWarnings.mockImplementation(async () => []);
    await session.play({ kind: 'play', card: 'Ad' });
    await vi.waitFor(() => expect(session.warnings).toEqual([]));
  });

  it('plays, announces the plays and the trick, then runs the AI until it is your turn', async () => {
    const start = gameView({ version: 1 });
    const trick: TrickView = { plays: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], winner: 0, points: 21 };
    const afterMine = gameView({ version: 2, ai_to_move: true }, { to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }], hand: ['7s', 'Kb'], legal_actions: [] });
    const afterAi = gameView({ version: 3, last_trick: trick }, { tricks: [trick], pile_points: [21, 0], hand: ['7s', 'Kb', '2c'] });
    const playAction = vi.fn(async () => afterMine);
    const aiMove = vi.fn(async () => afterAi);
    setShell(fakeShell({ playAction, aiMove }));
    session.view = start;
    const plays: string[] = [];
    const tricks: number[] = [];
    session.events = { onplay: (seat, card) => plays.push(`${seat}:${card}`), ontrick: (t) => tricks.push(t.winner), aiPause: () => 0, trickPause: () => 0 };
    await session.play({ kind: 'play', card: 'Ad' });
    await vi.waitFor(() => expect(session.view?.version).toBe(3));
    expect(playAction).toHaveBeenCalledWith({ kind: 'play', card: 'Ad' });
    expect(aiMove).toHaveBeenCalledTimes(1);
    expect(plays).toEqual(['0:Ad', '1:3d']);
    expect(tricks).toEqual([0]);
  });

  it("announces an AI's exchange with the face-up trump", async () => {
    const start = gameView({ version: 1, ai_to_move: true }, { to_move: 1, legal_actions: [] });
    const afterAi = gameView({ version: 2 }, { face_up_trump: '2c', exchanges: [{ seat: 1, gave: '2c', took: '5c', trick: 0 }] });
    setShell(fakeShell({ aiMove: vi.fn(async () => afterAi) }));
    session.view = start;
    const seen: string[] = [];
    session.events = { onexchange: (e) => seen.push(`${e.seat}:${e.gave}>${e.took}`), aiPause: () => 0, trickPause: () => 0 };
    await session.aiLoop();
    await vi.waitFor(() => expect(session.view?.version).toBe(2));
    expect(seen).toEqual(['1:2c>5c']);
  });

  it("announces an AI's mano negra, which ends the hand without a trick", async () => {
    const start = gameView({ version: 1, ai_to_move: true }, { to_move: 1, legal_actions: [] });
    const result: HandResult = { end: { kind: 'mano-negra', seat: 1 }, seat_points: [0, 0], sides: [[0], [1]], side_points: [0, 0], outcome: { kind: 'won', side: 1 }, chiamata: null };
    const ended = gameView({ version: 2, awaiting_next_hand: true }, { phase: 'finished', legal_actions: [], result });
    setShell(fakeShell({ aiMove: vi.fn(async () => ended) }));
    session.view = start;
    const seen: number[] = [];
    session.events = { onmanonegra: (seat) => seen.push(seat), aiPause: () => 0, trickPause: () => 0 };
    await session.aiLoop();
    await vi.waitFor(() => expect(session.view?.version).toBe(2));
    expect(seen).toEqual([1]);
  });

  it('with tap pacing, keeps a finished trick on the table until you collect it', async () => {
    const start = gameView({ version: 1 });
    const trick: TrickView = { plays: [{ seat: 1, card: '3d' }, { seat: 0, card: 'Ad' }], winner: 0, points: 21 };
    const after = gameView({ version: 2, last_trick: trick }, { tricks: [trick], pile_points: [21, 0], hand: ['7s', 'Kb', '2c'] });
    setShell(fakeShell({ playAction: vi.fn(async () => after) }));
    session.view = start;
    session.events = { aiPause: () => 0, trickPause: () => 0, collectOnTap: () => true };
    const played = session.play({ kind: 'play', card: 'Ad' });
    await vi.waitFor(() => expect(session.awaitingCollect).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    // Still on show, still waiting: no pause runs out.
    expect(session.shownTrick?.winner).toBe(0);
    expect(session.view?.version).toBe(1);
    session.collect();
    await played;
    expect(session.awaitingCollect).toBe(false);
    expect(session.shownTrick).toBeNull();
    expect(session.view?.version).toBe(2);
  });

  it('keeps the view and shows the message when a command is refused', async () => {
    setShell(fakeShell({ playAction: vi.fn(async () => Promise.reject({ kind: 'illegal_move', message: 'Not your turn' })) }));
    session.view = gameView({ version: 4 });
    await session.play({ kind: 'play', card: 'Ad' });
    expect(session.error).toBe('Not your turn');
    expect(session.view?.version).toBe(4);
  });

  it('reports a refused start (match in progress)', async () => {
    setShell(fakeShell({ startMatch: vi.fn(async () => Promise.reject({ kind: 'match_in_progress', message: 'Finish or resign the current match' })) }));
    expect(await session.start(DEFAULT_PREFERENCES.new_game)).toBe(false);
    expect(session.error).toBe('Finish or resign the current match');
  });
});
