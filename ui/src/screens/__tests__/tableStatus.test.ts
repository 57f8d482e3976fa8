/**
 * What a friends' table shows beyond the cards: the turn clock by the seat to move for the whole
 * turn, a card the table played for someone, chat by the sender's seat and unread on Talk, and the
 * right words for who is away, who left, your own connection down and a table that is gone.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import Friends from '../Friends.svelte';
import { table } from '../../lib/table/table.svelte';
import { setLang } from '../../lib/i18n/index.svelte';
import { initPrefs } from '../../lib/prefs.svelte';
import { timing } from '../../lib/anim.svelte';
import { durations } from '../../lib/motion.svelte';
import { live } from '../../lib/announcer.svelte';
import { setShell, type Shell } from '../../lib/shell';
import { PRESETS } from '../../lib/game/__tests__/shellData';
import { ruleset, rulesShell, seatGame } from '../../lib/game/__tests__/fixtures';
import { lobbyView, person } from '../../lib/friends/__tests__/fixtures';
import { connected, lobby, tableCommands, welcome, type Step } from '../../lib/table/__tests__/fixtures';
import type { LobbyView } from '../../lib/bindings/LobbyView';
import type { Observation } from '../../lib/bindings/Observation';

const settle = () => new Promise((r) => setTimeout(r, 0));

async function friendsShell() {
  const commands = tableCommands();
  rulesShell(PRESETS, undefined, { ...commands.fake, friendsTables: vi.fn(async () => []) } as unknown as Partial<Shell>);
  await initPrefs();
  setLang('en');
  const emit = async (...steps: Step[]) => {
    commands.emit(...steps);
    await settle();
  };
  return { fake: commands.fake, emit };
}

const settings = { ...lobbyView().settings, turn_seconds: 30 };
const playing: Partial<LobbyView> = { stage: 'playing', settings, seats: [person('Ann', { host: true }), person('Bea', { ready: true }), { kind: 'ai', level: 'easy' }, { kind: 'ai', level: 'medium' }] };
const four: Partial<Observation> = { ruleset: ruleset({ players: 4, partnerships: true }), teams: [0, 1, 0, 1], hand_sizes: [3, 3, 3, 3], pile_points: [0, 0, 0, 0], known_in_hands: [[], [], [], []], known_voids: [[], [], [], []], seat: 1 };
/** Ann (seat 0) away: the lobby says her connection is down. */
const annAway = lobby({ ...playing, seats: playing.seats!.map((s, i) => (i === 0 ? person('Ann', { host: true, connected: false }) : s)) });
/** Your view with `seat` to move and the clock running for it. */
const turnOf = (seat: number, ms = 30_000, limit = 30_000): Step[] => [
  { clock: { id: 100 + seat + ms, seat, remaining_ms: ms, limit_ms: limit, warned: false } },
  { view: seatGame({ clock: { seat, remaining_ms: ms, limit_ms: limit } }, { ...four, to_move: seat }) },
];

let clockNow = 0;

/** Joins as Bea (seat 1) at Ann's table, the match on. */
async function atTable(emit: (...steps: Step[]) => Promise<void>) {
  render(Friends);
  await fireEvent.click(screen.getByRole('button', { name: 'Join a table' }));
  await fireEvent.input(screen.getByLabelText("Invitation, or the host's address"), { target: { value: '192.168.1.20:7878' } });
  await fireEvent.input(screen.getByLabelText('Table code'), { target: { value: '1RGK4T8SA9' } });
  await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Bea' } });
  await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await emit(connected, welcome(1, false), lobby(playing));
}

const seatEl = (seat: number) => document.querySelector<HTMLElement>(`[data-seat="${seat}"]`)!;
const meEl = () => document.querySelector<HTMLElement>('.me')!;

beforeEach(() => {
  timing.d = { ...durations('normal', false), aiPause: 0, trickPause: 0 };
  clockNow = 0;
  table.now = () => clockNow;
  live.messages = [];
});

afterEach(() => {
  vi.useRealTimers();
  table.forget();
  setShell(null);
});

describe('the turn clock', () => {
  it('runs by the seat to move for the whole turn, by your hand on yours, and shows a cut time', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(0));
    const annClock = seatEl(0).querySelector('[data-testid="turn-clock"]')!;
    expect(annClock).not.toBeNull();
    expect(annClock).toHaveTextContent('30 s');
    expect(annClock).toHaveAttribute('data-left', '100');
    expect(annClock).toHaveAttribute('data-low', 'false');
    // Only one clock, and not by your hand.
    expect(document.querySelectorAll('[data-testid="turn-clock"]')).toHaveLength(1);
    // It empties as time goes (the screen ticks on its own clock).
    clockNow = 15_000;
    await new Promise((r) => setTimeout(r, 300));
    expect(annClock).toHaveTextContent('15 s');
    expect(annClock).toHaveAttribute('data-left', '50');
    // Your turn: the clock is by your hand; after three expiries your time is 10 s, and it says so.
    await emit(...turnOf(1, 10_000, 10_000));
    const mine = meEl().querySelector('[data-testid="turn-clock"]')!;
    expect(mine).not.toBeNull();
    expect(seatEl(0).querySelector('[data-testid="turn-clock"]')).toBeNull();
    expect(mine.querySelector('[data-testid="clock-short"]')).toHaveTextContent('Now 10 s per card');
    expect(mine).toHaveAttribute('data-low', 'true');
  });

  it('announces the last seconds once, not every tick', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(1));
    expect(live.messages.map((m) => m.text)).not.toContain('10 seconds left for your move.');
    await emit({ warn: { seat: 1, remaining_ms: 10_000 } });
    const said = () => live.messages.filter((m) => m.text === '10 seconds left for your move.').length;
    expect(said()).toBe(1);
    clockNow = 1000;
    await new Promise((r) => setTimeout(r, 600));
    await emit({ warn: { seat: 1, remaining_ms: 9_000 } });
    expect(said()).toBe(1);
    expect(live.messages.some((m) => /seconds left for your move/.test(m.text) && m.text !== '10 seconds left for your move.')).toBe(false);
  });

  it('says by the seat and in the events area that the table played a card for someone', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(0));
    await emit({ note: { kind: 'auto-played', seat: 0, action: { kind: 'play', card: '3c' }, expiries: 1 } });
    expect(seatEl(0).querySelector('[data-testid="played-for"]')).toHaveTextContent('Played for Ann: time ran out');
    expect(screen.getByTestId('event-played-for')).toHaveTextContent('Time ran out for Ann: three of cups was played for them.');
    await emit({ note: { kind: 'auto-played', seat: 1, action: { kind: 'play', card: 'Ad' }, expiries: 1 } });
    expect(meEl().querySelector('[data-testid="played-for"]')).toHaveTextContent('Played for you: time ran out');
    expect(screen.getAllByTestId('event-played-for')).toHaveLength(2);
  });

  it('leaves the seat in a while', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(0));
    vi.useFakeTimers();
    const heard = emit({ note: { kind: 'auto-played', seat: 0, action: { kind: 'play', card: '3c' }, expiries: 1 } });
    await vi.advanceTimersByTimeAsync(10);
    await heard;
    expect(seatEl(0).querySelector('[data-testid="played-for"]')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(6000);
    expect(seatEl(0).querySelector('[data-testid="played-for"]')).toBeNull();
  });
});

describe('chat during the match', () => {
  it('shows a bubble by the sender’s seat, cut when long, and counts unread lines on Talk until it opens', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(0));
    expect(screen.queryByTestId('unread')).toBeNull();
    await emit({ note: { kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'phrase', phrase: 'good-luck' } } });
    expect(seatEl(0).querySelector('[data-testid="chat-bubble"]')).toHaveTextContent('Good luck!');
    expect(screen.getByTestId('unread')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: /^Talk/ })).toHaveAccessibleName('Talk 1 unread');
    const long = 'Una frase molto lunga che non entra per niente in una nuvoletta accanto al posto di chi scrive';
    await emit({ note: { kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'text', text: long } } });
    const bubble = seatEl(0).querySelector('[data-testid="chat-bubble"]')!;
    expect(bubble.textContent!.endsWith('…')).toBe(true);
    expect(bubble.textContent!.length).toBeLessThan(long.length);
    expect(screen.getByTestId('unread')).toHaveTextContent('2');
    // Your own lines are not unread.
    await emit({ note: { kind: 'chat', from: { seat: 1, name: 'Bea' }, chat: { kind: 'phrase', phrase: 'thanks' } } });
    expect(screen.getByTestId('unread')).toHaveTextContent('2');
    expect(meEl().querySelector('[data-testid="chat-bubble"]')).toBeNull();
    // Open Talk: read. Closed again: nothing unread until the next line.
    await fireEvent.click(screen.getByRole('button', { name: /^Talk/ }));
    expect(screen.queryByTestId('unread')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Talk' }));
    expect(screen.queryByTestId('unread')).toBeNull();
    await emit({ note: { kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'phrase', phrase: 'well-played' } } });
    expect(screen.getByTestId('unread')).toHaveTextContent('1');
  });

  it('words a quick phrase in the reader’s language', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    setLang('it');
    await emit(...turnOf(0));
    await emit({ note: { kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'phrase', phrase: 'good-luck' } } });
    expect(seatEl(0).querySelector('[data-testid="chat-bubble"]')).toHaveTextContent('Buona fortuna!');
  });

  it('opens Talk beside the table, not over it in the bar', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(0));
    await fireEvent.click(screen.getByRole('button', { name: 'Talk' }));
    const panel = document.querySelector('.talk-panel')!;
    expect(panel).not.toBeNull();
    expect(panel.closest('.table-bar')).toBeNull();
    expect(panel.closest('.stage')).not.toBeNull();
    expect(document.querySelector('.stage')).toHaveClass('talking');
    // On your turn the sheet folds away on a phone (CSS), unless you are writing in it.
    await emit(...turnOf(1));
    expect(document.querySelector('.stage')).toHaveClass('yielding');
    await fireEvent.focusIn(panel.querySelector('input, textarea, button')!);
    expect(document.querySelector('.stage')).not.toHaveClass('yielding');
  });
});

describe('statuses', () => {
  it('says a dropped person’s turn is away, never thinking, and what happens meanwhile', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit({ note: { kind: 'disconnected', seat: 0 } }, annAway, ...turnOf(0));
    const pill = screen.getByTestId('turn-pill');
    expect(pill).toHaveTextContent('Ann · away, waiting for them');
    expect(pill).not.toHaveTextContent('thinking');
    expect(seatEl(0)).toHaveTextContent('Ann · away, waiting for them');
    expect(seatEl(0)).not.toHaveTextContent('is thinking');
    // The computer plays for her: said so.
    await emit(lobby({ ...playing, settings: { ...settings, absence: { kind: 'ai', level: 'easy' } }, seats: playing.seats!.map((s, i) => (i === 0 ? person('Ann', { host: true, connected: false }) : s)) }));
    expect(screen.getByTestId('turn-pill')).toHaveTextContent('Ann · away, the computer plays for them (Easy)');
  });

  it('does not wait for someone who left after the last trick or after the match', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit(annAway, { view: seatGame({ awaiting_next_hand: true }, { ...four, to_move: 0 }) });
    expect(screen.getByTestId('seat-note')).toHaveTextContent(/^Disconnected$/);
    const result = { end: { kind: 'all-cards-played' as const }, seat_points: [30, 20, 40, 30], sides: [[0, 2], [1, 3]], side_points: [70, 50], outcome: { kind: 'won' as const, side: 0 }, chiamata: null };
    const standing = { sides: [[0, 2], [1, 3]], scores: [1, 0], hands_played: 1 };
    await emit({ view: seatGame({ standing, your_side: 1 }, { ...four, phase: 'finished', result }) }, { over: { standing, outcome: { winners: [0] }, resigned: null } });
    expect(screen.getByTestId('seat-note')).toHaveTextContent('Left the table');
    expect(screen.getByTestId('seat-note')).not.toHaveTextContent('waiting for them');
  });

  it('while your own connection is down: your cards are not playable and your clock is paused, not counted to 0', async () => {
    const { fake, emit } = await friendsShell();
    await atTable(emit);
    await emit(...turnOf(1));
    expect(document.querySelector('.hand.interactive')).not.toBeNull();
    await emit({ link: { state: 'reconnecting', attempt: 1, retry_ms: 1000 } });
    expect(document.querySelector('.hand.interactive')).toBeNull();
    expect(screen.getByTestId('table')).toHaveAttribute('data-your-turn', 'false');
    const mine = meEl().querySelector('[data-testid="turn-clock"]')!;
    expect(mine).toHaveAttribute('data-paused', 'true');
    expect(mine).toHaveTextContent('Paused: reconnecting…');
    clockNow = 60_000;
    await new Promise((r) => setTimeout(r, 300));
    expect(mine).not.toHaveTextContent('0 s');
    const card = document.querySelector<HTMLElement>('.me [data-card="Ad"]')!;
    await fireEvent.click(card);
    await fireEvent.click(card);
    expect(fake.tableSend).not.toHaveBeenCalledWith({ type: 'act', action: { kind: 'play', card: 'Ad' } });
    // Back: a fresh view and clock from the table, playable again.
    await emit(connected, ...turnOf(1, 20_000));
    expect(document.querySelector('.hand.interactive')).not.toBeNull();
    expect(meEl().querySelector('[data-testid="turn-clock"]')).toHaveAttribute('data-paused', 'false');
  });

  it('says so, and stops, when the table is over or gone', async () => {
    const { emit } = await friendsShell();
    await atTable(emit);
    await emit({ link: { state: 'reconnecting', attempt: 1, retry_ms: 1000 } });
    await emit({ ending: { kind: 'gone' }, link: { state: 'gone' } });
    expect(screen.getByTestId('ended')).toHaveTextContent('The match is over or the table is no longer there: there is nothing to reconnect to.');
    expect(screen.queryByTestId('link')).toBeNull();
  });
});
