import { afterEach, describe, expect, it, vi } from 'vitest';
import { table } from '../table.svelte';
import { Pacer } from '../pacer.svelte';
import { alone, countdown, refusedInTalk, yourSeat } from '../seat';
import { tableNames } from '../words';
import { prefs } from '../../prefs.svelte';
import { setShell, type Shell } from '../../shell';
import type { HandNews } from '../../game/news';
import type { SeatEvent } from '../../bindings/SeatEvent';
import { ruleset, seatGame } from '../../game/__tests__/fixtures';
import { SEAT_STATE } from '../../game/__tests__/shellData';
import { DEFAULT_PREFERENCES } from '../../bindings/defaults';
import { hostForm, hostRequest } from '../../friends/host';
import { lobbyView, person } from '../../friends/__tests__/fixtures';
import { connected, lobby, tableCommands, welcome } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A fake shell whose table commands keep the channel they are given. */
function fakeShell(name?: string) {
  const commands = tableCommands(name);
  setShell(commands.fake as unknown as Shell);
  return commands;
}

afterEach(() => {
  table.forget();
  setShell(null);
});

describe('the live table (fake shell)', () => {
  it('hosts: the request and a channel go to the shell; the state is what the shell folded last', async () => {
    const { fake, emit } = fakeShell('Ann');
    await table.host(hostRequest(ruleset(), { kind: 'single-hand' }, hostForm('Ann')));
    expect(fake.friendsHost).toHaveBeenCalledWith(expect.objectContaining({ your_name: 'Ann' }), expect.anything());
    expect(table.hosted?.code).toBe('1RGK4-T8SA9');
    emit(connected, welcome(0, true), lobby());
    expect(table.state?.welcome?.host).toBe(true);
    expect(table.state?.lobby?.settings.name).toBe('Friday cards');
    expect(table.canPlayAgain, 'the host’s').toBe(true);
    expect(table.againstComputer, 'a hosted table is no match against the computer').toBe(false);
    await table.send({ type: 'start' });
    expect(fake.tableSend).toHaveBeenCalledWith({ type: 'start' });
    await table.leave();
    expect(fake.tableLeave).toHaveBeenCalled();
    expect(table.state).toBeNull();
    expect(table.hosted).toBeNull();
  });

  it('forgets a table the shell refused to host or join, and passes the refusal on', async () => {
    setShell({ friendsJoin: vi.fn(async () => Promise.reject({ kind: 'invalid_input', message: 'bad', detail: { id: 'bad-address' } })) } as unknown as Shell);
    await expect(table.join('nowhere', 'C', 'Bea')).rejects.toMatchObject({ detail: { id: 'bad-address' } });
    expect(table.state).toBeNull();
  });

  it('paces your seat’s views: they reach the screen in order, with their news', async () => {
    const { emit } = fakeShell();
    await table.join('192.168.1.20:7878', '1rgk4t8sa9', ' Bea ');
    const news: HandNews[] = [];
    const stop = table.pacer.listen((n) => news.push(n));
    emit({ view: seatGame({}, { seat: 1, to_move: 0 }) });
    emit({ view: seatGame({}, { seat: 1, to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }] }) });
    await settle();
    stop();
    expect(table.state?.name).toBe('Bea');
    expect(table.pacer.shown?.observation.current_trick).toEqual([{ seat: 0, card: 'Ad' }]);
    expect(news).toEqual([{ kind: 'play', seat: 0, card: 'Ad' }]);
  });

  it('keeps the news shown while no screen listens for the next listener, once', async () => {
    const { emit } = fakeShell();
    await table.join('192.168.1.20:7878', '1rgk4t8sa9', 'Bea');
    emit({ view: seatGame({}, { seat: 1, to_move: 0 }) });
    emit({ view: seatGame({}, { seat: 1, to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }] }) });
    await settle();
    const first: HandNews[] = [];
    const stop = table.pacer.listen((n) => first.push(n));
    expect(first).toEqual([{ kind: 'play', seat: 0, card: 'Ad' }]);
    stop();
    const second: HandNews[] = [];
    table.pacer.listen((n) => second.push(n))();
    expect(second).toEqual([]);
  });

  it('opens a table against the computer, hears what it says before the shell answers, and plays again with the same choice and names', async () => {
    const { fake } = fakeShell('Player');
    const named = { ...SEAT_STATE, seat_names: ['', 'Luca'] };
    fake.startMatch.mockImplementationOnce(async (_g, _n, _you, ch) => {
      ch.onmessage({ state: named, heard: { kind: 'game', view: SEAT_STATE.game! } });
      return null;
    });
    const newGame = DEFAULT_PREFERENCES.new_game;
    await table.computer(newGame, ['Luca'], 'Ann');
    expect(fake.startMatch).toHaveBeenCalledWith(newGame, ['Luca'], 'Ann', expect.anything());
    expect(table.state).toEqual(named);
    expect(table.pacer.shown).toEqual(SEAT_STATE.game);
    expect(table.canPlayAgain).toBe(true);
    await table.playAgain();
    expect(fake.tableLeave).toHaveBeenCalledTimes(1);
    const again = fake.startMatch.mock.calls[1];
    expect(again[0]).toMatchObject({ preset: 'briscola', format: SEAT_STATE.lobby!.settings.format, opponents: ['easy'] });
    expect(again[0].rulesets[0]).toEqual(SEAT_STATE.lobby!.settings.ruleset);
    expect(again[1]).toEqual(['Luca']);
    expect(again[2], 'you sit as you sat').toBe(named.name);
    expect(fake.tableSend).not.toHaveBeenCalled();
  });

  it('keeps the table you sit at when the shell refuses to open another', async () => {
    const { fake, emit } = fakeShell('Player');
    await table.computer(DEFAULT_PREFERENCES.new_game, ['Luca'], 'Ann');
    emit(SEAT_STATE);
    fake.startMatch.mockRejectedValueOnce({ kind: 'match_in_progress', message: 'in progress' });
    await expect(table.computer(DEFAULT_PREFERENCES.new_game, ['Luca'], 'Ann')).rejects.toMatchObject({ kind: 'match_in_progress' });
    expect(table.state?.lobby?.code).toBe(SEAT_STATE.lobby!.code);
    emit({ serial: 99 });
    expect(table.state?.serial, 'still heard').toBe(99);
  });

  it('hears a new match from its first word while the unfinished one is still looked for (two tables opening at once)', async () => {
    const { fake } = fakeShell('Player');
    let started: () => void = () => {};
    let speak: (event: SeatEvent) => void = () => {};
    fake.startMatch.mockImplementationOnce((_g, _n, _you, ch) => {
      speak = (event) => ch.onmessage(event);
      return new Promise((answer) => (started = () => answer(null)));
    });
    let none: (resumed: boolean) => void = () => {};
    fake.resumeMatch.mockImplementationOnce(() => new Promise((answer) => (none = answer)));
    const starting = table.computer(DEFAULT_PREFERENCES.new_game, ['Luca'], 'Ann');
    const looking = table.resume('Ann');
    const first = seatGame({}, { to_move: 1 });
    const played = seatGame({}, { to_move: 0, current_trick: [{ seat: 1, card: 'Ad' }] });
    speak({ state: { ...SEAT_STATE, game: first }, heard: { kind: 'game', view: first } });
    speak({ state: { ...SEAT_STATE, game: played }, heard: { kind: 'game', view: played } });
    started();
    await starting;
    none(false);
    expect(await looking).toBe(false);
    await settle();
    const news: HandNews[] = [];
    table.pacer.listen((n) => news.push(n))();
    expect(news, 'the first move is news, not lost to the other channel').toEqual([{ kind: 'play', seat: 1, card: 'Ad' }]);
    expect(table.state?.game).toEqual(played);
  });

  it('resumes the unfinished match, or says there is none; its names are the ones kept with it', async () => {
    const { fake, emit } = fakeShell('Player');
    fake.resumeMatch.mockResolvedValueOnce(false);
    expect(await table.resume('Ann')).toBe(false);
    expect(table.state).toBeNull();
    expect(await table.resume('Ann')).toBe(true);
    prefs.opponent_names = ['Marta'];
    emit({ ...SEAT_STATE, seat_names: ['', 'Luca'] });
    expect(table.state?.game).toEqual(SEAT_STATE.game);
    expect(tableNames(table.state!).other(1), 'the saved name, not today’s Settings').toBe('Luca');
    await table.playAgain();
    expect(fake.startMatch.mock.calls[0][1], 'and another match keeps them').toEqual(['Luca']);
    prefs.opponent_names = [...DEFAULT_PREFERENCES.opponent_names];
  });

  it('a guest asks the table to play again only as host', async () => {
    const { fake, emit } = fakeShell();
    await table.join('a', 'c', 'Bea');
    emit(welcome(1, false), lobby());
    expect(table.canPlayAgain).toBe(false);
    emit(welcome(1, true));
    expect(table.canPlayAgain).toBe(true);
    await table.playAgain();
    expect(fake.tableSend).toHaveBeenCalledWith({ type: 'play-again' });
  });

  it('restarts the countdown when the table tells another clock, and waits for a state', async () => {
    const { emit } = fakeShell();
    await table.join('a', 'c', 'Bea');
    let now = 1000;
    table.now = () => now;
    emit({ warn: { seat: 1, remaining_ms: 10_000 } });
    expect(table.clockSince).toBe(1000);
    now = 4000;
    expect(countdown(table.state!.clock, table.clockSince, now)).toEqual({ seat: 1, seconds: 7 });
    emit({ link: { state: 'connected' } });
    expect(table.clockSince, 'the same clock').toBe(1000);
    emit({ warn: { seat: 2, remaining_ms: 5_000 } });
    expect(table.clockSince).toBe(4000);
    const over = table.until((s) => s.serial > 5);
    emit({ serial: 6 });
    await over;
    table.now = () => performance.now();
  });
});

describe('reading the seat state', () => {
  it('finds your seat, whether you are the one person seated, and what Talk shows', () => {
    expect(yourSeat(SEAT_STATE)).toBe(0);
    expect(alone(SEAT_STATE)).toBe(true);
    const friends = { ...SEAT_STATE, game: null, name: 'Bea', lobby: lobbyView({ seats: [person('Ann'), person('Bea')] }) };
    expect(yourSeat(friends)).toBe(1);
    expect(alone(friends)).toBe(false);
    expect(countdown({ id: 1, seat: 0, remaining_ms: 20_000, limit_ms: 30_000, warned: false }, 0, 0), 'no countdown until warned').toBeNull();
    expect(refusedInTalk({ id: 'chat-too-long', max: 200 })).toBe(true);
    expect(refusedInTalk({ id: 'not-your-turn' })).toBe(false);
  });
});

describe('Pacer', () => {
  it('keeps a completed trick on show for the trick pause, then the next view', async () => {
    vi.useFakeTimers();
    try {
      const p = new Pacer();
      p.pauses = { play: () => 300, trick: () => 1500, collectOnTap: () => false };
      const trick = { plays: [{ seat: 0, card: 'Ad' as const }, { seat: 1, card: '3d' as const }], winner: 0, points: 21 };
      p.push(seatGame({}, { current_trick: [{ seat: 0, card: 'Ad' }] }));
      await vi.advanceTimersByTimeAsync(0);
      p.push(seatGame({}, { tricks: [trick], current_trick: [], to_move: 0 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(p.shownTrick).toEqual(trick);
      expect(p.shown?.observation.tricks).toEqual([]);
      expect(p.busy, 'what follows (the summary) waits for the trick').toBe(true);
      await vi.advanceTimersByTimeAsync(1500);
      expect(p.shownTrick).toBeNull();
      expect(p.shown?.observation.tricks).toEqual([trick]);
      expect(p.busy).toBe(false);
      p.reset();
      expect(p.shown).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves another seat’s card on show a moment before the next view', async () => {
    vi.useFakeTimers();
    try {
      const p = new Pacer();
      p.pauses = { play: () => 300, trick: () => 0, collectOnTap: () => false };
      p.push(seatGame({}, { seat: 1, to_move: 0 }));
      p.push(seatGame({}, { seat: 1, to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }] }));
      p.push(seatGame({}, { seat: 1, to_move: 0, current_trick: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '2c' }] }));
      await vi.advanceTimersByTimeAsync(0);
      expect(p.shown?.observation.current_trick).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(300);
      expect(p.shown?.observation.current_trick).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with collect on a tap, keeps a completed trick on show until you collect it', async () => {
    vi.useFakeTimers();
    try {
      const p = new Pacer();
      p.pauses = { play: () => 0, trick: () => 1500, collectOnTap: () => true };
      const trick = { plays: [{ seat: 0, card: 'Ad' as const }, { seat: 1, card: '3d' as const }], winner: 0, points: 21 };
      p.push(seatGame({}, { current_trick: [{ seat: 0, card: 'Ad' }] }));
      p.push(seatGame({}, { tricks: [trick], current_trick: [], to_move: 0 }));
      await vi.advanceTimersByTimeAsync(60_000);
      expect(p.shownTrick).toEqual(trick);
      expect(p.awaitingCollect).toBe(true);
      expect(p.busy).toBe(true);
      p.collect();
      await vi.advanceTimersByTimeAsync(0);
      expect(p.awaitingCollect).toBe(false);
      expect(p.shownTrick).toBeNull();
      expect(p.shown?.observation.tricks).toEqual([trick]);
      expect(p.busy).toBe(false);
      // Nothing waits: collecting again changes nothing; a reset lets a waiting trick go.
      p.collect();
      p.push(seatGame({}, { tricks: [trick, trick], current_trick: [] }));
      await vi.advanceTimersByTimeAsync(0);
      expect(p.awaitingCollect).toBe(true);
      p.reset();
      expect(p.awaitingCollect).toBe(false);
      expect(p.shown).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
