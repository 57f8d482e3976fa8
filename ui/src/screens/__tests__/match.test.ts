import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import Friends from '../Friends.svelte';
import { table } from '../../lib/table/table.svelte';
import { setShell, type Shell } from '../../lib/shell';
import { setLang } from '../../lib/i18n/index.svelte';
import { initPrefs, prefs } from '../../lib/prefs.svelte';
import { prefsShell } from '../../lib/game/__tests__/fixtures';
import { SEAT_GAME, SEAT_STATE } from '../../lib/game/__tests__/shellData';
import { DEFAULT_PREFERENCES } from '../../lib/bindings/defaults';
import { tableCommands, type Step } from '../../lib/table/__tests__/fixtures';
import type { SeatGame } from '../../lib/bindings/SeatGame';

/**
 * The one match screen at a table against the computer, drawn from a real table state (the shell's
 * `seat-state.json`: you at seat 0 against Easy, after one trick). It is reached here through the
 * screen that shows any table you sit at.
 */
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The real view with your turn: your three cards playable. */
const yourTurn: SeatGame = {
  ...SEAT_GAME,
  choices: { ...SEAT_GAME.choices, cards: SEAT_GAME.observation.hand },
  observation: { ...SEAT_GAME.observation, to_move: 0, legal_actions: SEAT_GAME.observation.hand },
};

let commands: ReturnType<typeof tableCommands>;
let prefsFake: ReturnType<typeof prefsShell>['fake'];

async function emit(...steps: Step[]) {
  commands.emit(...steps);
  await settle();
}

/** Starts a match against the computer (opponent "Luca", the name kept with it) and shows it after one trick. */
async function atComputerTable(view: SeatGame = SEAT_GAME) {
  await table.computer(DEFAULT_PREFERENCES.new_game, ['Luca'], 'Ann');
  render(Friends);
  await emit({ ...SEAT_STATE, game: null, seat_names: ['', 'Luca'] }, { view });
}

beforeEach(async () => {
  commands = tableCommands();
  const p = prefsShell({ language: 'en', sound: true });
  prefsFake = p.fake;
  setShell({ ...p.shell, ...commands.fake } as unknown as Shell);
  await initPrefs();
  setLang('en');
  table.pacer.pauses = { play: () => 0, trick: () => 0, collectOnTap: () => prefs.collect_trick === 'tap' };
});

afterEach(() => {
  table.forget();
  setShell(null);
});

describe('the match screen at a table against the computer', () => {

  it('invites friends: the table opens to them, its code and addresses show, who waits for which seat, and Talk once a friend sits', async () => {
    await atComputerTable();
    expect(screen.queryByTestId('invite')).toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    await settle();
    expect(commands.fake.tableInvite).toHaveBeenCalledWith(0);
    const panel = screen.getByTestId('invite');
    expect(within(panel).getByText(SEAT_STATE.lobby!.code)).toBeInTheDocument();
    expect(within(panel).getByText('192.168.1.20:41234')).toBeInTheDocument();
    expect(within(panel).getByTestId('invite-as')).toHaveTextContent(`Friends see you as ${SEAT_STATE.name} `);
    const lobby = { ...SEAT_STATE.lobby!, settings: { ...SEAT_STATE.lobby!.settings, open_seats: true } };
    await emit({ lobby: { ...lobby, watchers: ['Bea'], waiting: [{ name: 'Bea', seat: 1 }] } });
    expect(screen.getByTestId('invite-waiting')).toHaveTextContent('Bea takes Luca’s seat from the next hand.');
    expect(screen.queryByRole('button', { name: 'Talk' }), 'alone still: nobody to talk to').toBeNull();
    const bea = { kind: 'person' as const, name: 'Bea', ready: true, connected: true, host: false };
    // The table says it with her seat: the match is no longer yours alone to give up.
    await emit({ lobby: { ...lobby, seats: [lobby.seats[0], bea] }, game: { ...SEAT_GAME, can_resign: false } });
    expect(screen.getByRole('button', { name: 'Talk' })).toBeInTheDocument();
    expect(document.querySelector('[data-seat="1"] .name')).toHaveTextContent('Bea');
    expect(screen.queryByRole('button', { name: 'Resign' }), 'resigning is for the one person seated').toBeNull();
    // The panel toggles without opening the table again.
    await fireEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    expect(screen.queryByTestId('invite')).toBeNull();
    expect(commands.fake.tableInvite).toHaveBeenCalledTimes(1);
  });

  it('offers no invitation to a guest, nor once the match is over', async () => {
    await atComputerTable();
    await emit({ welcome: { ...SEAT_STATE.welcome!, host: false } });
    expect(screen.queryByRole('button', { name: 'Invite friends' })).toBeNull();
    await emit({ welcome: SEAT_STATE.welcome, over: { standing: SEAT_GAME.standing, outcome: null, resigned: 0 } });
    expect(screen.queryByRole('button', { name: 'Invite friends' })).toBeNull();
  });
  it('draws the real table state: names, undo, resign, no Talk with nobody to talk to, no leaving mid-match', async () => {
    await atComputerTable();
    const t = screen.getByTestId('table');
    expect(t).toHaveAttribute('data-phase', 'playing');
    expect(document.querySelector('[data-seat="1"] .name')).toHaveTextContent('Luca');
    expect(screen.queryByRole('button', { name: 'Talk' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Leave|Close/ })).toBeNull();
    expect(screen.queryByTestId('link'), 'a table held in the app tells no link').toBeNull();
    await fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(commands.fake.tableSend).toHaveBeenLastCalledWith({ type: 'undo' });
    expect(screen.getByRole('button', { name: 'Resign' })).toBeInTheDocument();
  });

  it('plays a card and asks for a hint on your turn', async () => {
    await atComputerTable(yourTurn);
    await fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    await settle();
    expect(commands.fake.tableHint).toHaveBeenCalled();
    const card = document.querySelector<HTMLButtonElement>('.hand.interactive button[data-card="7s"]')!;
    await fireEvent.click(card);
    await fireEvent.click(card);
    expect(commands.fake.tableSend).toHaveBeenLastCalledWith({ type: 'act', action: { kind: 'play', card: '7s' } });
  });

  it('shows the hand’s summary between hands; Next hand asks the table to deal', async () => {
    const result = { end: { kind: 'all-cards-played' as const }, seat_points: [70, 50], sides: [[0], [1]], side_points: [70, 50], outcome: { kind: 'won' as const, side: 0 }, chiamata: null };
    await atComputerTable({ ...SEAT_GAME, awaiting_next_hand: true, observation: { ...SEAT_GAME.observation, phase: 'finished', result } });
    const dialog = await screen.findByRole('dialog', { name: 'Hand 1 is over' });
    expect(dialog).toHaveTextContent('You win this hand!');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Next hand' }));
    expect(commands.fake.tableSend).toHaveBeenLastCalledWith({ type: 'next-hand' });
  });

  it('resigns after asking; the match’s summary, its review, then the bar and Play again at a new table', async () => {
    await atComputerTable();
    await fireEvent.click(screen.getByRole('button', { name: 'Resign' }));
    const confirm = screen.getByRole('dialog', { name: 'Resign' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Resign' }));
    expect(commands.fake.tableSend).toHaveBeenLastCalledWith({ type: 'resign' });
    await emit({ over: { standing: SEAT_GAME.standing, outcome: null, resigned: 0 }, kept: { kind: 'kept', history_id: '7-1' } });
    const summary = await screen.findByRole('dialog', { name: 'The match is over' });
    expect(summary).toHaveTextContent('You resigned');
    expect(within(summary).getByTestId('summary-review')).toBeInTheDocument();
    await fireEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    // Closed, it stays closed on another visit to the table.
    cleanup();
    render(Friends);
    await settle();
    expect(screen.queryByRole('dialog', { name: 'The match is over' })).toBeNull();
    const bar = screen.getByTestId('match-over-bar');
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    await fireEvent.click(within(bar).getByRole('button', { name: 'Play again' }));
    await settle();
    expect(commands.fake.tableLeave).toHaveBeenCalledTimes(1);
    expect(commands.fake.startMatch).toHaveBeenCalledTimes(2);
    expect(commands.fake.startMatch.mock.calls[1][1]).toEqual(['Luca']);
  });

  it('keeps a finished trick on the table until you tap Collect, when you asked for that', async () => {
    prefs.collect_trick = 'tap';
    const before = { ...yourTurn, observation: { ...yourTurn.observation, to_move: 1, current_trick: [{ seat: 1, card: '2d' as const }] } };
    await atComputerTable(before);
    const trick = { plays: [{ seat: 1, card: '2d' as const }, { seat: 0, card: '7s' as const }], winner: 0, points: 10 };
    const obs = before.observation;
    await emit({ view: { ...before, last_trick: trick, observation: { ...obs, current_trick: [], tricks: [...obs.tricks, trick], hand: ['Jd', 'Js'], to_move: 0 } } });
    const collect = await screen.findByRole('button', { name: 'Collect' });
    expect(table.pacer.shownTrick).toEqual(trick);
    expect(document.querySelector('.center [data-card="7s"]'), 'your card in the trick').not.toBeNull();
    expect(document.querySelector('.me .hand [data-card="7s"]'), 'and no longer in your hand').toBeNull();
    expect(document.querySelectorAll('.me .hand [data-card]')).toHaveLength(before.observation.hand.length - 1);
    await fireEvent.click(collect);
    await vi.waitFor(() => expect(table.pacer.shownTrick).toBeNull());
    expect(screen.queryByRole('button', { name: 'Collect' })).toBeNull();
    prefs.collect_trick = 'auto';
  });

  it('toggles the sound on the table, saved in the preferences', async () => {
    await atComputerTable();
    const toggle = screen.getByRole('button', { name: 'Sound effects' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(toggle);
    await vi.waitFor(() => expect(prefs.sound).toBe(false));
    expect(prefsFake.setPreferences).toHaveBeenLastCalledWith(expect.objectContaining({ sound: false }));
  });
});
