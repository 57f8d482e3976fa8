import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte';
import Friends from '../Friends.svelte';
import { table } from '../../lib/table/table.svelte';
import { setLang } from '../../lib/i18n/index.svelte';
import { initPrefs } from '../../lib/prefs.svelte';
import { timing } from '../../lib/anim.svelte';
import { durations } from '../../lib/motion.svelte';
import { setShell, type Shell } from '../../lib/shell';
import { PRESETS } from '../../lib/game/__tests__/shellData';
import { ruleset, rulesShell, seatGame } from '../../lib/game/__tests__/fixtures';
import { lobbyView, person } from '../../lib/friends/__tests__/fixtures';
import { connected, lobby, tableCommands, welcome, type Step } from '../../lib/table/__tests__/fixtures';
import type { DiscoveredTable } from '../../lib/bindings/DiscoveredTable';
import type { LobbyView } from '../../lib/bindings/LobbyView';

const settle = () => new Promise((r) => setTimeout(r, 0));

const TABLES: DiscoveredTable[] = [
  { id: 'briscola-1', name: 'Friday cards', host: 'Ann', preset: 'briscola', players: 4, seats_free: 2, protocol: 1, compatible: true, addresses: ['192.168.1.20'], port: 7878 },
  { id: 'briscola-2', name: 'Old table', host: 'Zoe', preset: 'brisca', players: 2, seats_free: 1, protocol: 2, compatible: false, addresses: ['192.168.1.30'], port: 7878 },
];

/** The shell's rules commands over the real presets, and its friends commands keeping the channel. */
async function friendsShell() {
  const commands = tableCommands();
  const fake = { ...commands.fake, friendsTables: vi.fn(async () => TABLES) };
  rulesShell(PRESETS, undefined, fake as unknown as Partial<Shell>);
  await initPrefs();
  setLang('en');
  const emit = async (...steps: Step[]) => {
    commands.emit(...steps);
    await settle();
  };
  return { fake, emit };
}

const playing: Partial<LobbyView> = { stage: 'playing', seats: [person('Ann', { host: true }), person('Bea', { ready: true }), { kind: 'ai', level: 'easy' }, { kind: 'ai', level: 'medium' }] };
const four = { ruleset: ruleset({ players: 4, partnerships: true }), teams: [0, 1, 0, 1], hand_sizes: [3, 3, 3, 3], pile_points: [0, 0, 0, 0], known_in_hands: [[], [], [], []], known_voids: [[], [], [], []] };

/** Joins as Bea through the Join form. */
async function joinAsBea(emit: (...steps: Step[]) => Promise<void>) {
  render(Friends);
  await fireEvent.click(screen.getByRole('button', { name: 'Join a table' }));
  await fireEvent.input(screen.getByLabelText("Invitation, or the host's address"), { target: { value: '192.168.1.20:7878' } });
  await fireEvent.input(screen.getByLabelText('Table code'), { target: { value: '1rgk4 t8sa9' } });
  await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Bea' } });
  await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
  await emit(connected, welcome(1, false), lobby());
}

beforeEach(() => {
  timing.d = { ...durations('normal', false), aiPause: 0, trickPause: 0 };
});

afterEach(() => {
  table.forget();
  setShell(null);
});

describe('Host a table', () => {
  it('sends the rules form and the table’s choices as a HostRequest, then shows the code across the room', async () => {
    const { fake, emit } = await friendsShell();
    render(Friends);
    await fireEvent.click(await screen.findByRole('radio', { name: '4' }));
    await vi.waitFor(() => expect(screen.getAllByRole('combobox', { name: /^Seat [234]$/ })).toHaveLength(3));
    await fireEvent.change(screen.getByLabelText('Seat 3'), { target: { value: 'hard' } });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Turn timer/ }));
    await fireEvent.input(screen.getByLabelText('Seconds per move'), { target: { value: '45' } });
    await fireEvent.change(screen.getByLabelText('When someone drops out'), { target: { value: 'medium' } });
    await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Ann' } });
    await fireEvent.input(screen.getByLabelText('Table name'), { target: { value: 'Friday cards' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    await settle();
    expect(fake.friendsHost).toHaveBeenCalledTimes(1);
    const request = fake.friendsHost.mock.calls[0][0];
    expect(request).toMatchObject({ ai_seats: [null, 'hard', null], turn_seconds: 45, absence: { kind: 'ai', level: 'medium' }, random_seats: false, table_name: 'Friday cards', your_name: 'Ann', port: 7878 });
    expect(request.ruleset).toMatchObject({ preset: 'briscola', players: 4 });

    await emit(connected, welcome(0, true), lobby());
    const code = screen.getByTestId('table-code');
    expect(code).toHaveTextContent('1RGK4-T8SA9');
    expect(code).toHaveTextContent('192.168.1.20:7878');
    expect(code).toHaveTextContent('Listed on your local network');
    // Copy buttons for the code and each address: the clipboard, or the text selected to copy by hand.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await fireEvent.click(within(code).getByRole('button', { name: 'Copy the table code' }));
    await vi.waitFor(() => expect(within(code).getByRole('button', { name: 'Copy the table code' })).toHaveTextContent('Copied'));
    expect(writeText).toHaveBeenLastCalledWith('1RGK4-T8SA9');
    await fireEvent.click(within(code).getByRole('button', { name: 'Copy the address 192.168.1.20:7878' }));
    await vi.waitFor(() => expect(writeText).toHaveBeenLastCalledWith('192.168.1.20:7878'));
    writeText.mockRejectedValueOnce(new Error('not allowed'));
    await fireEvent.click(within(code).getByRole('button', { name: 'Copy the table code' }));
    await vi.waitFor(() => expect(within(code).getByRole('button', { name: 'Copy the table code' })).toHaveTextContent('Selected: press Ctrl+C'));
    expect(window.getSelection()?.toString()).toBe('1RGK4-T8SA9');
    const seats = within(screen.getByRole('list', { name: 'Seats in play order' })).getAllByRole('listitem');
    expect(seats.map((s) => s.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^1 Ann Seat 1 you host Team 1/),
      expect.stringMatching(/^2 Bea Seat 2 Team 2 Not ready Remove Bea/),
      expect.stringMatching(/^3 Empty seat Seat 3 Team 1/),
      expect.stringMatching(/^4 Computer \(Medium\) Seat 4 Team 2/),
    ]);
  });

  it('gives the host the table’s controls and words the table’s refusal to start', async () => {
    const { fake, emit } = await friendsShell();
    await table.host({ ruleset: lobbyView().settings.ruleset, format: { kind: 'single-hand' }, ai_seats: [null, null, 'medium'], turn_seconds: null, absence: { kind: 'wait' }, random_seats: false, hints: false, table_name: '', your_name: 'Ann', port: 7878 });
    render(Friends);
    await emit(connected, welcome(0, true), lobby());
    await fireEvent.change(screen.getByLabelText('Who sits at seat 3'), { target: { value: 'easy' } });
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-seat', seat: 2, occupant: { kind: 'ai', level: 'easy' } });
    await fireEvent.change(screen.getByLabelText('Who sits at seat 4'), { target: { value: 'open' } });
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-seat', seat: 3, occupant: { kind: 'open' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Remove Bea' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'remove', seat: 1 });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Random seats/ }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-seating', random: true });
    await fireEvent.click(screen.getByRole('checkbox', { name: /Turn timer/ }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-timer', seconds: 30 });
    await fireEvent.click(screen.getByRole('button', { name: 'Start the match' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'start' });
    await emit({ refuse: { id: 'cannot-start', problem: { id: 'not-ready', seat: 1 } } });
    expect(screen.getByRole('alert')).toHaveTextContent('The match cannot start yet: Bea has not said ready yet.');
    // Closed, it stays closed after another screen (the room drawn again).
    await fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    cleanup();
    render(Friends);
    expect(screen.queryByText(/The match cannot start yet/)).toBeNull();
    // The host has no Ready to say and is not asked to wait.
    expect(screen.queryByRole('button', { name: 'I’m ready' })).toBeNull();
  });

  it('shows a refusal to host in words and stays on the form', async () => {
    const { fake } = await friendsShell();
    fake.friendsHost.mockRejectedValueOnce({ kind: 'storage', message: 'port 7878 is in use', detail: { id: 'port-in-use', port: 7878 } });
    render(Friends);
    await screen.findByRole('radio', { name: '2' });
    await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Ann' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Open the table' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another program uses port 7878: choose another port, or 0 for any free one.');
    expect(screen.getByTestId('host-form')).toBeInTheDocument();
  });
});

describe('Join a table', () => {
  it('lists the tables on the network (another version disabled); picking one fills the address, the code is typed', async () => {
    const { fake, emit } = await friendsShell();
    render(Friends);
    await fireEvent.click(screen.getByRole('button', { name: 'Join a table' }));
    const found = await screen.findByRole('button', { name: /Friday cards/ });
    expect(found).toHaveTextContent('hosted by Ann · Briscola · 4 players');
    expect(found).toHaveTextContent('2 free seats');
    expect(screen.getByRole('button', { name: /Old table/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Old table/ })).toHaveTextContent('Another version of the app');
    await fireEvent.click(found);
    expect(screen.getByLabelText("Invitation, or the host's address")).toHaveValue('192.168.1.20:7878');
    await fireEvent.input(screen.getByLabelText('Table code'), { target: { value: '1rgk4 t8sa9' } });
    await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Bea' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(fake.friendsJoin).toHaveBeenCalledWith('192.168.1.20:7878', '1rgk4 t8sa9', 'Bea', expect.anything());
    // The table refuses the code: said in words; a second try is a new connection.
    await emit(connected, { refuse: { id: 'wrong-code' } });
    expect(screen.getByRole('alert')).toHaveTextContent('No table has that code: check it with the host.');
    await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    await settle();
    expect(fake.tableLeave).toHaveBeenCalledTimes(1);
    expect(fake.friendsJoin).toHaveBeenCalledTimes(2);
  });

  it('takes an invitation pasted inside a chat line, or opened as a link: the code comes with it', async () => {
    const { fake } = await friendsShell();
    const { opened } = await import('../../lib/friends/opened.svelte');
    opened.link = 'briscola://join?code=1RGK4-T8SA9&relay=wss://relay.example.org';
    render(Friends);
    // A link opened from outside shows the Join form with it in the first field.
    const field = await screen.findByLabelText("Invitation, or the host's address");
    expect(field).toHaveValue('briscola://join?code=1RGK4-T8SA9&relay=wss://relay.example.org');
    expect(screen.queryByLabelText('Table code')).toBeNull();
    const line = 'Come play! briscola://join?code=1RGK4-T8SA9&amp;at=203.0.113.5:41000 see you';
    await fireEvent.input(field, { target: { value: line } });
    expect(screen.queryByLabelText('Table code')).toBeNull();
    await fireEvent.input(screen.getByLabelText('Your name'), { target: { value: 'Bea' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    // The shell reads the invitation: its code, its addresses, its relay.
    expect(fake.friendsJoin).toHaveBeenCalledWith(line, '', 'Bea', expect.anything());
    // Typing an address again brings the code back.
    await fireEvent.input(field, { target: { value: '192.168.1.20:7878' } });
    expect(screen.getByLabelText('Table code')).toBeInTheDocument();
  });

  it('puts a guest in the lobby: Ready, a team, the host’s settings in words, waiting for the host', async () => {
    const { fake, emit } = await friendsShell();
    await joinAsBea(emit);
    expect(screen.getByTestId('lobby')).toHaveTextContent('Waiting for the host to start the match.');
    expect(screen.getByTestId('lobby')).toHaveTextContent('No turn timer · Wait until they are back');
    await fireEvent.click(screen.getByRole('button', { name: 'I’m ready' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'ready', ready: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Play in team 1' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'team', team: 0 });
    await fireEvent.click(screen.getByRole('button', { name: 'Sit here' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'sit', seat: 2 });
    // No host controls for a guest.
    expect(screen.queryByRole('button', { name: 'Start the match' })).toBeNull();
    expect(screen.queryByLabelText('Who sits at seat 3')).toBeNull();
  });
});

describe('At the table', () => {
  it('draws your seat’s view, sends moves, counts down the last seconds and shows who dropped and who plays for them', async () => {
    const { fake, emit } = await friendsShell();
    await joinAsBea(emit);
    await emit(lobby(playing), welcome(1, false), { clock: { id: 90, seat: 1, remaining_ms: 30000, limit_ms: 30000, warned: false } }, { view: seatGame({ clock: { seat: 1, remaining_ms: 30000, limit_ms: 30000 } }, { ...four, seat: 1, to_move: 1 }) });
    expect(screen.getByTestId('table')).toBeInTheDocument();
    // The others by their lobby names, round the table from your seat.
    expect(document.querySelector('[data-seat="0"] .name')).toHaveTextContent('Ann');
    expect(document.querySelector('[data-seat="2"] .name')).toHaveTextContent('Computer 3');
    // No hint where the host allows none; no undo or resign with others at the table.
    expect(screen.queryByRole('button', { name: 'Hint' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    const card = document.querySelector<HTMLButtonElement>('.hand.interactive button[data-card="Ad"]')!;
    await fireEvent.click(card);
    await fireEvent.click(card);
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'act', action: { kind: 'play', card: 'Ad' } });
    // No countdown until the table warns, then the seconds left.
    expect(screen.queryByTestId('countdown')).toBeNull();
    await emit({ warn: { seat: 1, remaining_ms: 10000 } });
    expect(screen.getByTestId('countdown')).toHaveTextContent('10 s');
    // Ann drops: her seat says so, and who plays for her.
    const away = playing.seats!.map((s, i) => (i === 0 ? person('Ann', { host: true, connected: false }) : s));
    await emit({ note: { kind: 'disconnected', seat: 0 } }, lobby({ ...playing, seats: away }));
    expect(screen.getByTestId('seat-note')).toHaveTextContent('Disconnected · waiting for them');
    // What happens then is the host's to choose, never a guest's.
    expect(screen.queryByTestId('absence')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Wait for Ann' })).toBeNull();
    await emit({ note: { kind: 'auto-played', seat: 0, action: { kind: 'play', card: '3c' }, expiries: 1 } });
    await fireEvent.click(screen.getByRole('button', { name: 'Talk' }));
    const log = screen.getByRole('list', { name: 'Messages and what happened' });
    expect(log).toHaveTextContent('Ann dropped out.');
    expect(log).toHaveTextContent('Time ran out for Ann: three of cups was played for them.');
  });

  it('offers the host in the lobby no proposal to turn the timer off: the setting is right there', async () => {
    const { emit } = await friendsShell();
    await table.host({ ruleset: lobbyView().settings.ruleset, format: { kind: 'single-hand' }, ai_seats: [null, null, 'medium'], turn_seconds: 30, absence: { kind: 'wait' }, random_seats: false, hints: false, table_name: '', your_name: 'Ann', port: 7878 });
    render(Friends);
    await emit(connected, welcome(0, true), lobby({ settings: { ...lobbyView().settings, turn_seconds: 30 } }));
    const talk = screen.getByTestId('talk');
    expect(within(talk).getByRole('button', { name: 'Good luck!' })).toBeInTheDocument();
    expect(within(talk).queryByRole('button', { name: 'Propose turning the timer off' })).toBeNull();
  });

  it('talks: quick phrases, messages (and the table’s refusal), mutes and turning the timer off', async () => {
    const { fake, emit } = await friendsShell();
    await joinAsBea(emit);
    await emit(lobby({ settings: { ...lobbyView().settings, turn_seconds: 30 } }));
    const talk = screen.getByTestId('talk');
    await fireEvent.click(within(talk).getByRole('button', { name: 'Good luck!' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'chat', chat: { kind: 'phrase', phrase: 'good-luck' } });
    await fireEvent.input(within(talk).getByLabelText('Message'), { target: { value: 'ciao a tutti' } });
    await fireEvent.click(within(talk).getByRole('button', { name: 'Send' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'chat', chat: { kind: 'text', text: 'ciao a tutti' } });
    await emit({ refuse: { id: 'chat-too-long', max: 200 } });
    expect(within(talk).getByRole('alert')).toHaveTextContent('A message can be at most 200 characters long.');
    await emit({ note: { kind: 'chat', from: { seat: 0, name: 'Ann' }, chat: { kind: 'phrase', phrase: 'well-played' } } });
    expect(within(talk).getByRole('list')).toHaveTextContent('Ann: Well played!');
    await fireEvent.click(within(talk).getByRole('button', { name: 'Mute Ann' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'mute', seat: 0, muted: true });
    await fireEvent.click(within(talk).getByRole('button', { name: 'Propose turning the timer off' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'propose-timer-off' });
    await emit({ proposal: { by: 0, agreed: [0] } }, { note: { kind: 'timer-off-proposed', by: 0, agreed: [0] } });
    expect(talk).toHaveTextContent('Ann proposes turning the timer off. Agreed so far: Ann.');
    await fireEvent.click(within(talk).getByRole('button', { name: 'Agree: turn the timer off' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'agree-timer-off' });
  });

  it('lets the host, while a friend is away, have the computer play for them or the table wait, and tells everyone', async () => {
    const { fake, emit } = await friendsShell();
    await table.host({ ruleset: lobbyView().settings.ruleset, format: { kind: 'single-hand' }, ai_seats: [null, null, 'easy', 'medium'], turn_seconds: null, absence: { kind: 'wait' }, random_seats: false, hints: false, table_name: '', your_name: 'Ann', port: 7878 });
    render(Friends);
    await emit(connected, welcome(0, true), lobby(playing), { view: seatGame({}, { ...four, seat: 0, to_move: 1 }) });
    expect(screen.getByTestId('table')).toBeInTheDocument();
    // Everyone is here: nothing to choose.
    expect(screen.queryByTestId('absence')).toBeNull();
    // Bea drops: the table waits for her (the table's setting), and the host may change that.
    const away = (absence: LobbyView['settings']['absence']) =>
      lobby({ ...playing, settings: { ...lobbyView().settings, absence }, seats: playing.seats!.map((s, i) => (i === 1 ? person('Bea', { ready: true, connected: false }) : s)) });
    await emit({ note: { kind: 'disconnected', seat: 1 } }, away({ kind: 'wait' }));
    const choice = screen.getByRole('group', { name: 'Bea dropped out. The table waits for Bea.' });
    expect(screen.getByTestId('seat-note')).toHaveTextContent('Disconnected · waiting for them');
    expect(within(choice).getByRole('button', { name: 'Wait for Bea' })).toHaveAttribute('aria-pressed', 'true');
    const letAi = within(choice).getByRole('button', { name: 'Let the computer play for Bea' });
    expect(letAi).toHaveAttribute('aria-pressed', 'false');
    expect(within(choice).getByLabelText('Computer level')).toHaveValue('medium');
    await fireEvent.change(within(choice).getByLabelText('Computer level'), { target: { value: 'easy' } });
    await fireEvent.click(letAi);
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-absence', absence: { kind: 'ai', level: 'easy' } });
    // The table tells everyone; the seat and the choice say what happens now.
    await emit(away({ kind: 'ai', level: 'easy' }), { note: { kind: 'absence-changed', absence: { kind: 'ai', level: 'easy' }, absent: [1] } });
    expect(screen.getByTestId('seat-note')).toHaveTextContent('Disconnected · the computer plays for them (Easy)');
    expect(screen.getByTestId('absence')).toHaveTextContent('The computer (Easy) plays for Bea until they are back.');
    expect(screen.getByRole('button', { name: 'Let the computer play for Bea' })).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(screen.getByRole('button', { name: 'Talk' }));
    expect(screen.getByRole('list', { name: 'Messages and what happened' })).toHaveTextContent('The computer (Easy) plays for Bea until they are back.');
    await fireEvent.click(screen.getByRole('button', { name: 'Wait for Bea' }));
    expect(fake.tableSend).toHaveBeenLastCalledWith({ type: 'set-absence', absence: { kind: 'wait' } });
    // Bea is back: nothing to choose any more.
    await emit({ note: { kind: 'reconnected', seat: 1 } }, lobby({ ...playing, settings: { ...lobbyView().settings, absence: { kind: 'ai', level: 'easy' } } }));
    expect(screen.queryByTestId('absence')).toBeNull();
  });

  it('ends the match with the summary for everyone: Play again for the host, a waiting note for the others', async () => {
    const { emit } = await friendsShell();
    await joinAsBea(emit);
    const result = { end: { kind: 'all-cards-played' as const }, seat_points: [30, 20, 40, 30], sides: [[0, 2], [1, 3]], side_points: [70, 50], outcome: { kind: 'won' as const, side: 0 }, chiamata: null };
    const standing = { sides: [[0, 2], [1, 3]], scores: [1, 0], hands_played: 1 };
    await emit(lobby(playing), { view: seatGame({}, { ...four, seat: 1, to_move: 1 }) });
    await emit(
      { note: { kind: 'hand-over', result } },
      lobby({ ...playing, stage: 'over' }),
      { view: seatGame({ standing, your_side: 1 }, { ...four, seat: 1, phase: 'finished', result, pile_points: [30, 20, 40, 30] }) },
      { over: { standing, outcome: { winners: [0] }, resigned: null }, hands: [{ points: [50, 70], result: 'lost' }] },
    );
    const dialog = await screen.findByRole('dialog', { name: 'The match is over' });
    expect(dialog).toHaveTextContent('The match goes to Ann & Computer 3.');
    expect(dialog).toHaveTextContent('Waiting for the host: another match at this table, or the table closes.');
    expect(within(dialog).queryByRole('button', { name: 'Play again' })).toBeNull();
    // The host plays again: the lobby comes back.
    await emit(lobby({ ...playing, stage: 'lobby' }), { game: null, over: null, hands: [] });
    expect(screen.getByTestId('lobby')).toBeInTheDocument();
  });
});

describe('The connection', () => {
  it('says when it reconnects, and why the table ended', async () => {
    const { fake, emit } = await friendsShell();
    await joinAsBea(emit);
    await emit({ link: { state: 'reconnecting', attempt: 2, retry_ms: 2000 } });
    expect(screen.getByTestId('link')).toHaveTextContent('The connection dropped: reconnecting… (attempt 2)');
    await emit(connected);
    expect(screen.queryByTestId('link')).toBeNull();
    await emit({ ending: { kind: 'closed' }, link: { state: 'ended' } });
    expect(screen.getByTestId('ended')).toHaveTextContent('The host closed the table.');
    await fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await settle();
    expect(fake.tableLeave).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Join a table' })).toBeInTheDocument();
  });

  it('asks before leaving; a host is told it closes the table for everyone', async () => {
    const { fake, emit } = await friendsShell();
    await table.host({ ruleset: lobbyView().settings.ruleset, format: { kind: 'single-hand' }, ai_seats: [null, null, 'medium'], turn_seconds: null, absence: { kind: 'wait' }, random_seats: false, hints: false, table_name: '', your_name: 'Ann', port: 7878 });
    render(Friends);
    await emit(connected, welcome(0, true), lobby());
    await fireEvent.click(screen.getByRole('button', { name: 'Close the table' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the table' });
    expect(dialog).toHaveTextContent('It closes for everyone at it.');
    expect(fake.tableLeave).not.toHaveBeenCalled();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Close the table' }));
    await settle();
    expect(fake.tableLeave).toHaveBeenCalledTimes(1);
    expect(table.state).toBeNull();
  });
});
