import { describe, expect, it } from 'vitest';
import { NOTES_KEPT, RESULTS_KEPT, countdown, initial, recaps, reduce, timeLeft, yourSeat, type FriendsState } from '../state';
import type { FriendsEvent } from '../../bindings/FriendsEvent';
import type { HandResult } from '../../bindings/HandResult';
import { seatGame } from '../../game/__tests__/fixtures';
import { connected, lobby, lobbyView, message, person } from './fixtures';

/** Folds events in, each at its time. */
function run(events: [number, FriendsEvent][], from: FriendsState = initial('Bea')): FriendsState {
  return events.reduce((s, [now, e]) => reduce(s, e, now), from);
}

const four = { hand_sizes: [3, 3, 3, 3], pile_points: [0, 0, 0, 0], known_in_hands: [[], [], [], []], known_voids: [[], [], [], []] };
const result: HandResult = { end: { kind: 'all-cards-played' }, seat_points: [30, 20, 40, 30], sides: [[0, 2], [1, 3]], side_points: [70, 50], outcome: { kind: 'won', side: 0 }, chiamata: null };
const standing = { sides: [[0, 2], [1, 3]], scores: [1, 0], hands_played: 1 };
const playing = { stage: 'playing' as const, seats: [person('Ann', { host: true }), person('Bea', { ready: true }), { kind: 'ai' as const, level: 'easy' as const }, { kind: 'ai' as const, level: 'medium' as const }] };

describe('the friends’ table, event by event', () => {
  it('follows a whole table: welcome, lobby, views, the timer, a drop and a return, the end, play again, closed', () => {
    let s = run([
      [0, connected],
      [5, message({ type: 'welcome', code: '1RGK4-T8SA9', token: '0'.repeat(32), seat: 1, host: false })],
      [6, lobby()],
    ]);
    expect(s.link).toEqual({ state: 'connected' });
    expect(s.welcome).toEqual({ code: '1RGK4-T8SA9', seat: 1, host: false });
    expect(yourSeat(s)).toBe(1);
    expect(s.ending).toBeNull();

    // The match starts: the lobby says so, then your seat's view with the turn clock of the seat to move.
    s = run(
      [
        [100, lobby(playing)],
        [101, message({ type: 'welcome', code: '1RGK4-T8SA9', token: '0'.repeat(32), seat: 1, host: false })],
        [102, { kind: 'game', view: seatGame({ clock: { seat: 0, remaining_ms: 30000, limit_ms: 30000 } }, { ...four, seat: 1, to_move: 0 }) }],
      ],
      s,
    );
    expect(s.game?.observation.seat).toBe(1);
    expect(s.clock).toEqual({ seat: 0, deadline: 30102, limitMs: 30000, warned: false });
    expect(timeLeft(s, 20102)).toBe(10000);
    expect(countdown(s, 20102)).toBeNull();

    // 10 s left: the warning sets the clock again; time runs out and the table plays for Ann.
    s = run(
      [
        [20500, message({ type: 'timer-warning', seat: 0, remaining_ms: 10000 })],
        [30500, message({ type: 'auto-played', seat: 0, action: { kind: 'play', card: 'Jc' }, expiries: 1 })],
      ],
      s,
    );
    expect(timeLeft(s, 25500)).toBe(5000);
    expect(countdown(s, 25600)).toEqual({ seat: 0, seconds: 5 });
    expect(timeLeft(s, 40000)).toBe(0);
    expect(s.notes.at(-1)).toMatchObject({ kind: 'auto-played', seat: 0, expiries: 1 });

    // Ann drops and comes back: the notes say so, the lobby says who is connected.
    s = run(
      [
        [31000, message({ type: 'event', event: { kind: 'disconnected', seat: 0 } })],
        [31001, lobby({ ...playing, seats: [person('Ann', { host: true, connected: false }), ...playing.seats.slice(1)] })],
        [35000, message({ type: 'event', event: { kind: 'reconnected', seat: 0 } })],
        [35001, lobby(playing)],
      ],
      s,
    );
    expect(s.notes.slice(-2).map((n) => n.kind)).toEqual(['disconnected', 'reconnected']);
    expect(s.lobby?.seats[0]).toMatchObject({ connected: true });
    expect(s.game).not.toBeNull();

    // The last move: the hand's result, the lobby (over), the last view, then the record for everyone.
    s = run(
      [
        [60000, message({ type: 'event', event: { kind: 'hand-over', result, standing } })],
        [60001, lobby({ ...playing, stage: 'over' })],
        [60002, { kind: 'game', view: seatGame({ standing }, { ...four, seat: 1, phase: 'finished', result }) }],
        [60003, message({ type: 'match-over', record: { version: 1, ruleset: lobbyView().settings.ruleset, format: { kind: 'single-hand' }, seed: 7, first_dealer: 0, hands: [] }, standing, outcome: { winners: [0] } })],
      ],
      s,
    );
    expect(s.results).toEqual([result]);
    expect(s.over?.outcome).toEqual({ winners: [0] });
    expect(s.game?.observation.result).toEqual(result);
    expect(s.clock).toBeNull();

    // Play again: the lobby comes back and nothing of the last match stays.
    s = run([[70000, lobby({ ...playing, stage: 'lobby' })]], s);
    expect(s).toMatchObject({ game: null, over: null, results: [], clock: null });
    expect(yourSeat(s)).toBe(1);

    // The host closes the table; the link ends after it.
    s = run(
      [
        [80000, message({ type: 'closed', reason: 'host-closed' })],
        [80001, { kind: 'status', status: { state: 'ended' } }],
      ],
      s,
    );
    expect(s.ending).toEqual({ kind: 'closed' });
  });

  it('holds what a host sends without end in bounded lists (results, the log)', () => {
    let s = run([[0, connected], [1, lobby(playing)]]);
    for (let i = 0; i < 20_000; i++) {
      s = reduce(s, message({ type: 'event', event: { kind: 'hand-over', result, standing } }), i);
      s = reduce(s, message({ type: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'text', text: `${i}` } }), i);
    }
    expect(s.results.length).toBe(RESULTS_KEPT);
    expect(s.notes.length).toBe(NOTES_KEPT);
    expect(s.notes.at(-1)).toMatchObject({ kind: 'chat', chat: { text: '19999' } });
  });

  it('finds your seat by your name in the lobby once you moved (the table does not welcome you again)', () => {
    const s = run([
      [0, message({ type: 'welcome', code: 'C', token: 't', seat: 1, host: false })],
      [1, lobby({ seats: [person('Ann', { host: true }), { kind: 'empty' }, person('Bea'), { kind: 'empty' }] })],
    ]);
    expect(yourSeat(s)).toBe(2);
    expect(yourSeat(run([[1, lobby({ seats: [person('Ann', { host: true }), { kind: 'empty' }, { kind: 'empty' }, { kind: 'empty' }], watchers: ['Bea'] })]], s))).toBeNull();
  });

  it('keeps the countdown through a view of the same turn, not into the next turn', () => {
    const view = (seat: number, remaining_ms: number) => ({ kind: 'game' as const, view: seatGame({ clock: { seat, remaining_ms, limit_ms: 30000 } }, { seat: 1, to_move: seat }) });
    let s = run([
      [0, view(0, 30000)],
      [20000, message({ type: 'timer-warning', seat: 0, remaining_ms: 10000 })],
      [25000, view(0, 5000)],
    ]);
    expect(countdown(s, 25000)).toEqual({ seat: 0, seconds: 5 });
    s = run([[26000, view(1, 30000)]], s);
    expect(countdown(s, 26000)).toBeNull();
  });

  it('keeps the proposal to turn the timer off until the timer goes off', () => {
    let s = run([[0, lobby({ ...playing, settings: { ...lobbyView().settings, turn_seconds: 30 } })]]);
    s = run([[1, message({ type: 'event', event: { kind: 'timer-off-proposed', by: 0, agreed: [0] } })]], s);
    expect(s.proposal).toEqual({ by: 0, agreed: [0] });
    s = run([[2, message({ type: 'event', event: { kind: 'timer-changed', seconds: null } })]], s);
    expect(s.proposal).toBeNull();
    expect(s.notes.map((n) => n.kind)).toEqual(['timer-off-proposed', 'timer-changed']);
  });

  it('keeps chat and mutes, and numbers refusals so that the same one twice shows twice', () => {
    const refused = message({ type: 'error', error: { id: 'chat-too-long', max: 200 } });
    let s = run([
      [0, message({ type: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'phrase', phrase: 'good-luck' } })],
      [1, message({ type: 'muted', seat: 0, muted: true })],
      [2, refused],
    ]);
    expect(s.notes[0]).toMatchObject({ kind: 'chat', from: { name: 'Ann' }, chat: { phrase: 'good-luck' } });
    expect(s.muted).toEqual([0]);
    expect(s.refusal?.error).toEqual({ id: 'chat-too-long', max: 200 });
    const first = s.refusal!.id;
    s = run([[3, refused], [4, message({ type: 'muted', seat: 0, muted: false })]], s);
    expect(s.refusal!.id).not.toBe(first);
    expect(s.muted).toEqual([]);
    expect(new Set(s.notes.map((n) => n.id)).size).toBe(s.notes.length);
  });

  it('says why you are no longer at the table: removed, replaced, lost, unreachable, left', () => {
    expect(run([[0, message({ type: 'removed' })], [1, { kind: 'status', status: { state: 'ended' } }]]).ending).toEqual({ kind: 'removed' });
    expect(run([[0, message({ type: 'replaced' })]]).ending).toEqual({ kind: 'replaced' });
    expect(run([[0, { kind: 'status', status: { state: 'reconnecting', attempt: 1, retry_ms: 1000 } }]]).link).toMatchObject({ state: 'reconnecting', attempt: 1 });
    expect(run([[0, { kind: 'status', status: { state: 'lost' } }]]).ending).toEqual({ kind: 'lost' });
    expect(run([[0, { kind: 'status', status: { state: 'unreachable', reason: 'refused' } }]]).ending).toEqual({ kind: 'unreachable', reason: 'refused' });
    expect(run([[0, { kind: 'status', status: { state: 'ended' } }]]).ending).toEqual({ kind: 'left' });
  });
});

describe('recaps: the hands for the match summary', () => {
  it('puts your side first with your result, and leaves void hands out', () => {
    const lost = { ...result, side_points: [50, 70], outcome: { kind: 'won' as const, side: 1 } };
    const drawn = { ...result, side_points: [60, 60], outcome: { kind: 'drawn' as const } };
    const dealtAgain = { ...result, outcome: { kind: 'void' as const } };
    expect(recaps([result, lost, drawn, dealtAgain], 1)).toEqual([
      { points: [50, 70], result: 'lost' },
      { points: [70, 50], result: 'won' },
      { points: [60, 60], result: 'drawn' },
    ]);
    expect(recaps([result], 2)).toEqual([{ points: [70, 50], result: 'won' }]);
  });
});
