import type { Action } from '../../lib/bindings/Action';
import type { Card } from '../../lib/bindings/Card';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import Table from '../../lib/components/Table.svelte';
import Settings from '../Settings.svelte';
import NewGame from '../NewGame.svelte';
import Rules from '../Rules.svelte';
import Stats from '../Stats.svelte';
import StatsScreen from '../StatsScreen.svelte';
import History from '../History.svelte';
import { PRESETS, valuesOf } from '../../lib/game/__tests__/shellData';
import type { OptionSpec } from '../../lib/bindings/OptionSpec';

import { yourTableName, opponentName } from '../../lib/names.svelte';
import { setShell, type Shell } from '../../lib/shell';
import type { HistoryQuery } from '../../lib/bindings/HistoryQuery';
import type { MatchSummary as ShellSummary } from '../../lib/bindings/MatchSummary';
import type { ReplayHand } from '../../lib/bindings/ReplayHand';

import type { TableView } from '../../lib/game/view';
import type { Preferences } from '../../lib/bindings/Preferences';
import { initPrefs, prefs } from '../../lib/prefs.svelte';
import { setLang } from '../../lib/i18n/index.svelte';
import { prefsShell, ruleset, rulesShell } from '../../lib/game/__tests__/fixtures';
import { appData } from '../../lib/appData.svelte';

/** No match reviewed yet. */
const NO_REVIEWS = async () => ({ matches: [], habits: [] });

/** The engine's card points (real shell data). */
const ITALIAN_POINTS = valuesOf('briscola');

function shellSummary(id: string, outcome: ShellSummary['outcome'], preset: 'briscola' | 'bisca' = 'briscola'): ShellSummary {
  return {
    id, started_at_ms: Date.UTC(2026, 0, 1), finished_at_ms: Date.UTC(2026, 0, 1, 1), duration_ms: 1000,
    ruleset: ruleset({ preset }), format: { kind: 'single-hand' },
    seats: [{ kind: 'person', name: '' }, { kind: 'ai', level: 'easy', name: 'Lucía' }], hand_scores: [[70, 50]], outcome, resigned: false, undos: 0,
  };
}

/** Loads `initial` preferences through a fake shell that stays installed; returns what it saved. */
async function withPrefs(initial: Partial<Preferences> = {}) {
  const s = prefsShell({ language: 'en', ...initial });
  setShell(s.shell);
  await initPrefs();
  return s;
}

/** A plain table fixture (component test only). */
function view(over: Partial<TableView> = {}): TableView {
  return {
    seats: [
      { id: 0, name: 'You', isYou: true, hand: ['Ad', '3c', '7s'], wonPoints: 21, wonCards: 4 },
      { id: 1, name: 'Luca', isYou: false, hand: 3, wonPoints: 14, wonCards: 4 },
    ],
    trick: [],
    trickWinner: null,
    stockCount: 26,
    trump: 'Kb',
    trumpSuit: 'b',
    turn: 0,
    values: ITALIAN_POINTS,
    handNo: 1,
    formatLabel: 'Best of 3',
    scoreUnit: 'table.unit.hands',
    scores: [
      { name: 'You', value: 0, you: true, handPoints: 21 },
      { name: 'Luca', value: 0, handPoints: 14 },
    ],
    ring: { left: [], across: [1], right: [] },
    spots: { 0: { x: 0, y: 1 }, 1: { x: 0, y: -1 } },
    turnWay: 'counter_clockwise',
    exchanges: [],
    bids: [],
    auctionOpen: false,
    canUndo: true,
    canHint: true,
    ...over,
  };
}

beforeEach(async () => {
  await withPrefs();
  setShell(null);
  setLang('en');
});

describe('Table', () => {
  it('shows whose turn it is, the stock, the piles and your hand', () => {
    render(Table, { view: view(), deck: 'italian' });
    expect(screen.getByText('Your turn')).toBeInTheDocument();
    expect(screen.getByText('26 cards in the stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Trump: king of clubs' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Luca’s tricks' })).toHaveTextContent('14 points');
    expect(screen.getByRole('group', { name: 'Your hand' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Luca’s hand, 3 cards face down' })).toBeInTheDocument();
  });

  it('shows the last trick as an overlay by the trick, closed with its button or Escape', async () => {
    const lastTrick = [{ seat: 1, card: 'Kc' as const }, { seat: 0, card: '3c' as const }];
    render(Table, { view: view({ lastTrick }), deck: 'italian' });
    expect(screen.queryByTestId('last-trick')).toBeNull();
    const open = screen.getByRole('button', { name: 'Last trick' });
    await fireEvent.click(open);
    const overlay = screen.getByRole('group', { name: 'Last trick' });
    // Placed over the trick in the middle of the table, not under the buttons.
    expect(overlay.closest('.center')).not.toBeNull();
    expect(overlay).toHaveTextContent('Luca');
    await fireEvent.click(within(overlay).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('last-trick')).toBeNull();
    await fireEvent.click(open);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('last-trick')).toBeNull();
  });

  it('plays a card chosen with the keyboard', async () => {
    const onplay = vi.fn();
    render(Table, { view: view(), deck: 'italian', onplay });
    await userEvent.keyboard('1{Enter}');
    expect(onplay).toHaveBeenCalledWith('Ad');
  });

  it('plays the selected card with the Play button', async () => {
    const onplay = vi.fn();
    render(Table, { view: view(), deck: 'italian', onplay });
    const play = screen.getByRole('button', { name: 'Play card' });
    expect(play).toBeDisabled();
    await fireEvent.click(screen.getByRole('button', { name: /Three of cups/ }));
    expect(play).toBeEnabled();
    await fireEvent.click(play);
    expect(onplay).toHaveBeenCalledWith('3c');
  });

  it('hides the opponents’ points when the setting says so', () => {
    render(Table, { view: view(), deck: 'italian', scoreDisplay: 'mine' });
    expect(screen.getByRole('group', { name: 'Luca’s tricks' })).toHaveTextContent('points hidden');
    expect(screen.getByRole('group', { name: 'You’s tricks' })).toHaveTextContent('21 points');
  });

  it('offers hint and undo, and shows the hint', async () => {
    const onhint = vi.fn();
    const onundo = vi.fn();
    const { rerender } = render(Table, { view: view(), deck: 'italian', onhint, onundo, allowUndo: true });
    await fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onhint).toHaveBeenCalled();
    expect(onundo).toHaveBeenCalled();
    await rerender({ view: view({ hint: { card: '7s', reason: 'Lead the seven of swords: it carries no points.' } }), allowUndo: false });
    // The reason names the card; the note does not name it a second time.
    expect(screen.getByRole('note').textContent?.trim()).toBe('? Lead the seven of swords: it carries no points.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('shows a hint that is not a card play (an exchange) with its reason alone', () => {
    render(Table, { view: view({ hint: { card: null, reason: 'Swap the seven of coins for the face-up king of coins.' } }), deck: 'italian' });
    expect(screen.getByRole('note').textContent?.trim()).toBe('? Swap the seven of coins for the face-up king of coins.');
  });

  it('does not accept plays when it is someone else’s turn', async () => {
    const onplay = vi.fn();
    render(Table, { view: view({ turn: 1 }), deck: 'italian', onplay });
    expect(screen.getAllByText('Luca is thinking…').length).toBeGreaterThan(0);
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Ace of coins/ })).toBeNull();
  });

  it('says nothing of turns and offers no Play while nobody is to move (a hand or the match over)', () => {
    render(Table, { view: view({ turn: null }), deck: 'italian' });
    expect(screen.queryByTestId('turn-pill'), 'no empty pill').toBeNull();
    expect(screen.queryByRole('button', { name: 'Play card' })).toBeNull();
    expect(screen.queryByText(/Keys 1–9/)).toBeNull();
  });

  it('highlights a partner and shows face-up hands in open games', () => {
    const v = view();
    v.seats.push({ id: 2, name: 'Sara', isYou: false, partner: true, hand: ['Qd', '2b'], wonPoints: 0, wonCards: 0 });
    v.ring = { left: [1], across: [], right: [2] };
    render(Table, { view: v, deck: 'italian' });
    expect(screen.getByText('Partner')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Knight of coins, 3 points' })).toBeInTheDocument();
  });
});

describe('Table seats and score', () => {
  function four(): TableView {
    const v = view({
      seats: [
        { id: 0, name: 'You', isYou: true, team: 0, hand: ['Ad', '3c', '7s'], wonPoints: 21, wonCards: 4 },
        { id: 1, name: 'Luca', isYou: false, team: 1, hand: 3, wonPoints: 0, wonCards: 0 },
        { id: 2, name: 'Sara', isYou: false, team: 0, partner: true, hand: 3, wonPoints: 10, wonCards: 4 },
        { id: 3, name: 'Marco', isYou: false, team: 1, hand: 3, wonPoints: 4, wonCards: 4 },
      ],
      scores: [
        { name: 'You & Sara', value: 1, you: true, handPoints: 31 },
        { name: 'Luca & Marco', value: 0, handPoints: 4 },
      ],
      ring: { left: [1], across: [2], right: [3] },
    });
    return v;
  }

  it('seats the others in play order: left, across, right', () => {
    const { container } = render(Table, { view: four(), deck: 'italian' });
    const order = [...container.querySelectorAll('.side')].map((side) => [side.className.replace(/\s*svelte-\S+/g, ''), [...side.querySelectorAll('[data-seat]')].map((e) => e.getAttribute('data-seat'))]);
    expect(order).toEqual([['side left', ['1']], ['side across', ['2']], ['side right', ['3']]]);
    expect(screen.getByRole('region', { name: 'Seats in play order' })).toBeInTheDocument();
  });

  it('labels the partner, and the scoreboard says what it counts with team totals', () => {
    render(Table, { view: four(), deck: 'italian' });
    expect(screen.getAllByText('Partner')).toHaveLength(1);
    const board = screen.getByRole('region', { name: 'Score' });
    expect(board).toHaveTextContent('Hands won');
    expect(board).toHaveTextContent('This hand');
    expect(screen.getByRole('row', { name: /You & Sara/ })).toHaveTextContent('You & Sara131');
  });

  it('keeps every exchange of this hand in view, with who made it', () => {
    render(Table, { view: view({ exchanges: [{ seat: 1, gave: '2b', took: 'Ab' }, { seat: 0, gave: '7b', took: '2b' }] }), deck: 'italian' });
    const log = screen.getByRole('list', { name: 'What happened' });
    expect(log).toHaveTextContent('Luca swaps two of clubs for the face-up ace of clubs.');
    expect(log).toHaveTextContent('You swap seven of clubs for the face-up two of clubs.');
  });

  it('keeps the declarer, the winning bid, the called card and the revealed partner in view', async () => {
    const v = view({ contract: { declarer: 1, rank: '3', points: 70, called: 'Ac', partner: null } });
    const { rerender } = render(Table, { view: v, deck: 'italian' });
    const log = screen.getByRole('list', { name: 'What happened' });
    expect(log).toHaveTextContent('Luca won the auction: Three · 70');
    expect(log).toHaveTextContent('Called card: ace of cups');
    expect(log).not.toHaveTextContent('partner');
    await rerender({ view: { ...v, contract: { ...v.contract!, partner: 0 } } });
    expect(screen.getByRole('list', { name: 'What happened' })).toHaveTextContent('You are Luca’s partner');
  });

  it("shows each seat's last bid during the auction and the whole auction by seat for the hand", async () => {
    const bids: TableView['bids'] = [
      { seat: 0, bid: { rank: 'A', points: 61 } },
      { seat: 1, bid: { rank: '3', points: 61 } },
      { seat: 0, bid: null },
      { seat: 1, bid: { rank: '3', points: 61 } },
    ];
    const v = view({ bids: bids.slice(0, 3), auctionOpen: true, turn: 1 });
    const { rerender } = render(Table, { view: v, deck: 'italian' });
    expect(screen.getByTestId('seat-bid')).toHaveTextContent('Three');
    const log = screen.getByTestId('bid-log');
    expect(log).toHaveTextContent('The auction, bid by bid');
    expect(log).toHaveTextContent('You: Ace → Pass');
    expect(log).toHaveTextContent('Luca: Three');
    await rerender({ view: { ...v, bids: [...bids.slice(0, 3), { seat: 1, bid: { rank: '2', points: 70 } }] } });
    expect(screen.getByTestId('seat-bid')).toHaveTextContent('Two · 70');
    expect(screen.getByTestId('bid-log')).toHaveTextContent('Luca: Three → Two · 70');
    // Once the auction is over the seats show no bid, the log stays.
    await rerender({ view: { ...v, auctionOpen: false } });
    expect(screen.queryByTestId('seat-bid')).toBeNull();
    expect(screen.getByTestId('bid-log')).toHaveTextContent('You: Ace → Pass');
  });

  it('turns counter-clockwise by default: the next seat on your right, its card on your right', () => {
    const v = { ...four(), ring: { left: [3], across: [2], right: [1] }, spots: { 0: { x: 0, y: 1 }, 1: { x: 1, y: 0 }, 2: { x: 0, y: -1 }, 3: { x: -1, y: 0 } }, trick: [{ seat: 1, card: 'Ac' as const }, { seat: 2, card: '3c' as const }] };
    const { container } = render(Table, { view: v, deck: 'italian' });
    expect(container.querySelector('.table')).toHaveClass('ccw');
    expect(container.querySelector('.side.right [data-seat]')?.getAttribute('data-seat')).toBe('1');
    // Each played card lies in front of its seat (no row of name labels).
    const luca = container.querySelector<HTMLElement>('.trick .play[data-seat="1"]')!;
    expect(luca.style.getPropertyValue('--x')).toBe('1');
    expect(luca.style.getPropertyValue('--y')).toBe('0');
    expect(container.querySelector<HTMLElement>('.trick .play[data-seat="2"]')!.style.getPropertyValue('--y')).toBe('-1');
    expect(container.querySelector('.trick .who')).toBeNull();
    expect(screen.getByRole('img', { name: 'Luca: ace of cups' })).toBeInTheDocument();
  });

  it('turns clockwise when chosen: the next seat on your left', () => {
    const { container } = render(Table, { view: { ...four(), turnWay: 'clockwise' }, deck: 'italian' });
    expect(container.querySelector('.table')).not.toHaveClass('ccw');
    expect(container.querySelector('.side.left [data-seat]')?.getAttribute('data-seat')).toBe('1');
  });

  it('says who took the last trick', async () => {
    const v = view({ lastTrick: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], lastTaker: { seat: 1, points: 21 } });
    render(Table, { view: v, deck: 'italian' });
    await fireEvent.click(screen.getByRole('button', { name: 'Last trick' }));
    expect(screen.getByTestId('last-taker')).toHaveTextContent('Luca took it: 21 points');
  });

  it('chiamata: your role from the call on, then both sides against the target', async () => {
    const contract = { declarer: 1, rank: '3' as const, points: 64, called: 'Ac' as const, partner: null };
    const v = view({ contract });
    const { rerender } = render(Table, { view: v, deck: 'italian' });
    expect(screen.getByTestId('chiamata-role')).toHaveTextContent('You defend: the declarers need 64 points; 57 for your side stops them');
    expect(screen.queryByTestId('chiamata-sides')).toBeNull();
    await rerender({ view: { ...v, contract: { ...contract, partner: 0 }, sides: { declarers: [1, 0], defenders: [2, 3, 4], declarerPoints: 30, defenderPoints: 25, target: 64 } } });
    expect(screen.getByTestId('chiamata-role')).toHaveTextContent('You are Luca’s secret partner: together you need 64 points');
    const sides = screen.getByTestId('chiamata-sides');
    expect(sides).toHaveTextContent('Declarers (Luca & You) 30');
    expect(sides).toHaveTextContent('Defenders 25');
    expect(sides).toHaveTextContent('Declarers need 64');
  });

  it('hides the others’ hand points when only yours are shown', () => {
    render(Table, { view: four(), deck: 'italian', scoreDisplay: 'mine' });
    expect(screen.getByRole('row', { name: /Luca & Marco/ })).toHaveTextContent('Luca & Marco0–');
  });
});

describe('Settings', () => {
  it('saves each change at once', async () => {
    const b = await withPrefs();
    render(Settings);
    await fireEvent.click(screen.getByRole('radio', { name: /French, four colours/ }));
    await vi.waitFor(() => expect(prefs.deck_style).toBe('french-4color'));
    expect(b.saved().deck_style).toBe('french-4color');
    await fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'it' } });
    await vi.waitFor(() => expect(b.saved().language).toBe('it'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Impostazioni');
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Effetti sonori' }));
    await vi.waitFor(() => expect(b.saved().sound).toBe(false));
    await fireEvent.click(screen.getByRole('radio', { name: 'Nascondi i punti degli avversari' }));
    await vi.waitFor(() => expect(b.saved().score_display).toBe('mine'));
    await fireEvent.click(screen.getByRole('radio', { name: 'Un giocatore del computer' }));
    await vi.waitFor(() => expect(b.saved().first_dealer).toBe('computer'));
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Permetti di annullare' }));
    await vi.waitFor(() => expect(b.saved().allow_undo).toBe(false));
    await fireEvent.change(screen.getByLabelText('Dimensione delle carte'), { target: { value: '130' } });
    await vi.waitFor(() => expect(b.saved().card_size_percent).toBe(130));
    setShell(null);
  });

  it('names the opponents: the language’s defaults, or the names typed in', async () => {
    const b = await withPrefs();
    render(Settings);
    const second = screen.getByRole('textbox', { name: 'Name of opponent 2' });
    expect(second).toHaveAttribute('placeholder', 'Ben');
    await fireEvent.change(second, { target: { value: '  Nonna Pina ' } });
    await vi.waitFor(() => expect(b.saved().opponent_names).toEqual(['', 'Nonna Pina']));
    expect(opponentName(1)).toBe('Alice');
    expect(opponentName(2)).toBe('Nonna Pina');
    await fireEvent.change(second, { target: { value: '' } });
    await vi.waitFor(() => expect(b.saved().opponent_names).toEqual([]));
    setLang('it');
    expect(opponentName(2)).toBe('Giulia');
    setShell(null);
  });

  it('keeps your name, the one friends see; empty, the language’s default', async () => {
    const b = await withPrefs();
    render(Settings);
    const yours = screen.getByRole('textbox', { name: 'Your name' });
    expect(yours).toHaveAttribute('placeholder', 'Player');
    expect(yourTableName()).toBe('Player');
    await fireEvent.change(yours, { target: { value: '  Ann ' } });
    await vi.waitFor(() => expect(b.saved().your_name).toBe('Ann'));
    expect(yourTableName()).toBe('Ann');
    await fireEvent.change(yours, { target: { value: '' } });
    await vi.waitFor(() => expect(b.saved().your_name).toBe(''));
    setShell(null);
  });

  it('offers a stored card size that is none of the named ones, and shows a refused change', async () => {
    const b = await withPrefs({ card_size_percent: 125 });
    render(Settings);
    expect(screen.getByLabelText('Card size')).toHaveValue('125');
    expect(screen.getByRole('option', { name: '125%' })).toBeInTheDocument();
    b.fake.setPreferences.mockRejectedValueOnce({ kind: 'storage', message: 'disk full' });
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Sound effects' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('disk full');
    expect(prefs.sound).toBe(true);
    setShell(null);
  });
});

describe('New game (generated from the shell’s presets)', () => {
  it('shows every option of the chosen rules, edits through the engine and hands back a NewGame', async () => {
    const edit = rulesShell(PRESETS);
    const onstart = vi.fn();
    render(NewGame, { onstart });
    await fireEvent.click(await screen.findByRole('radio', { name: /Brisca The Spanish game/ }));
    expect(await screen.findByText('Holding the ace, three and king of trumps at once wins the hand on the spot.')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('checkbox', { name: /Mano negra/ }));
    expect(edit).toHaveBeenLastCalledWith(expect.objectContaining({ preset: 'brisca' }), { kind: 'option', option: 'mano-negra', value: true });
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: /Mano negra/ })).toBeChecked());
    await fireEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(edit).toHaveBeenLastCalledWith(expect.objectContaining({ preset: 'brisca', mano_negra: true }), { kind: 'players', players: 4 });
    // The opponents are named as on the table, the partner across marked.
    await vi.waitFor(() => expect(screen.getAllByRole('combobox', { name: /^(Alice|Ben \(Partner\)|Clara)$/ })).toHaveLength(3));
    await fireEvent.change(screen.getByLabelText('Alice'), { target: { value: 'hard' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Start the game' }));
    expect(onstart).toHaveBeenCalledTimes(1);
    const ng = onstart.mock.calls[0][0];
    expect(ng).toMatchObject({ preset: 'brisca', opponents: ['hard', 'medium', 'medium'] });
    expect(ng.rulesets[0]).toMatchObject({ preset: 'brisca', players: 4 });
    // The format is the shell's usual one for the preset.
    expect(ng.format).toEqual(PRESETS.find((p) => p.preset === 'brisca')!.usual_format);
  });

  it('shows a refused change in words and keeps the rules', async () => {
    rulesShell(PRESETS);
    render(NewGame, {});
    await fireEvent.click(await screen.findByRole('radio', { name: /Brisca The Spanish game/ }));
    const box = await screen.findByRole('checkbox', { name: /Mano negra/ });
    rulesShell(PRESETS, {
      kind: 'invalid_input',
      message: 'brisca with 2 players has no option `mano-negra`',
      detail: { id: 'option-refused', reason: { id: 'not-offered', option: 'mano-negra', preset: 'brisca', players: 2 } },
    });
    await fireEvent.click(box);
    expect(await screen.findByRole('alert')).toHaveTextContent('Brisca with 2 players has no option “Mano negra”.');
    expect(screen.getByRole('checkbox', { name: /Mano negra/ })).not.toBeChecked();
  });

  it('a new option in the spec reaches the form with a working control', async () => {
    const all = structuredClone(PRESETS);
    const spec = all[0].defaults[0].options[0];
    const extra: OptionSpec[] = [
      { ...spec, id: 'brand-new-flag' as OptionSpec['id'], kind: { kind: 'bool' }, default: false, value: false, allowed: [true, false], requires: [], available: true },
      { ...spec, id: 'brand-new-choice' as OptionSpec['id'], kind: { kind: 'choice', values: ['one', 'two'] }, default: 'one', value: 'one', allowed: ['one', 'two'], requires: [], available: true },
    ];
    for (const d of all[0].defaults) d.options.push(...structuredClone(extra));
    const edit = rulesShell(all);
    render(NewGame, {});
    await fireEvent.click(await screen.findByRole('radio', { name: /Briscola The Italian classic/ }));
    const flag = (await screen.findByText('brand-new-flag')).closest('label')!.querySelector('input')!;
    await fireEvent.click(flag);
    expect(edit).toHaveBeenLastCalledWith(expect.anything(), { kind: 'option', option: 'brand-new-flag', value: true });
    await vi.waitFor(() => expect(flag).toBeChecked());
    await fireEvent.change(screen.getByLabelText('brand-new-choice'), { target: { value: 'two' } });
    expect(edit).toHaveBeenLastCalledWith(expect.anything(), { kind: 'option', option: 'brand-new-choice', value: 'two' });
    await vi.waitFor(() => expect(screen.getByLabelText('brand-new-choice')).toHaveValue('two'));
  });

  it('shows an option that depends on another as off, with the engine’s requirement in words', async () => {
    const all = structuredClone(PRESETS);
    const brisca3 = all.find((p) => p.preset === 'brisca')!.defaults.find((d) => d.ruleset.players === 3)!;
    // As the engine describes Brisca for three after choosing the 20-card deck.
    for (const o of brisca3.options) {
      if (o.id === 'deck') o.value = 'rapida';
      if (o.id === 'removed-two') o.available = false;
    }
    await withPrefs({ new_game: { preset: 'brisca', rulesets: [brisca3.ruleset], opponents: ['easy', 'easy'], format: { kind: 'single-hand' } } });
    rulesShell(all);
    render(NewGame, {});
    const removed = await screen.findByLabelText('Card left out');
    expect(removed).toBeDisabled();
    expect(screen.getByText('“Card left out” needs Deck: 40 cards.')).toBeInTheDocument();
    expect(screen.getByLabelText('Deck')).toHaveValue('rapida');
  });

  it('starts from the remembered choice', async () => {
    await withPrefs({ new_game: { preset: 'bisca', rulesets: [ruleset({ preset: 'bisca', players: 3, order: 'bisca' })], opponents: ['easy', 'hard'], format: { kind: 'best-of', hands: 5 } } });
    const edit = rulesShell(PRESETS);
    render(NewGame, {});
    await vi.waitFor(() => expect(edit).toHaveBeenCalledWith(expect.objectContaining({ preset: 'bisca', players: 3 }), { kind: 'show' }));
    expect(screen.getByRole('radio', { name: /Bisca The Portuguese game/ })).toBeChecked();
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: '3' })).toBeChecked());
    expect(screen.getByLabelText('Ben')).toHaveValue('hard');
    const formats = PRESETS.find((p) => p.preset === 'bisca')!.formats;
    expect(screen.getByLabelText('Match')).toHaveValue(String(formats.findIndex((c) => c.format.kind === 'best-of')));
    expect(screen.getByLabelText('How long')).toHaveValue('5');
    await fireEvent.change(screen.getByLabelText('How long'), { target: { value: '3' } });
    expect(screen.getByLabelText('How long')).toHaveValue('3');
    // The format's kind in one list, its length in the other: never the same words twice.
    expect(screen.getByLabelText('Match')).toHaveDisplayValue('Best of several hands');
    expect(screen.getByLabelText('How long')).toHaveDisplayValue('Best of 3');
  });

  it('only offers the player counts of the preset', async () => {
    rulesShell(PRESETS);
    render(NewGame, {});
    await fireEvent.click(await screen.findByRole('radio', { name: /Briscola chiamata/ }));
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: '5' })).toBeChecked());
    expect(screen.queryByRole('radio', { name: '2' })).toBeNull();
  });
});

describe('Rules', () => {
  it('shows the rules, tips and the engine’s card values of the chosen preset in the current language', async () => {
    appData.presets = PRESETS;
    setLang('es');
    render(Rules);
    await fireEvent.click(screen.getByRole('radio', { name: 'Bisca' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Bisca');
    expect(screen.getByRole('heading', { name: 'Consejos' })).toBeInTheDocument();
    // Card values of the ruleset, from the engine: the seven is worth 10 in Bisca, the jack 3.
    const box = screen.getByRole('complementary', { name: 'Valor de las cartas' });
    expect(box).toHaveTextContent('Siete10');
    expect(box).toHaveTextContent('Sota3');
  });
});

describe('Statistics and history', () => {
  it('shows an empty state without data', () => {
    render(Stats, { data: null });
    expect(screen.getByText(/Play a few matches/)).toBeInTheDocument();
  });

  it('shows key numbers and accessible data tables', () => {
    render(Stats, {
      data: {
        played: 3,
        won: 2,
        lost: 1,
        rate: [
          { date: '2026-01-01', percent: 100 },
          { date: '2026-01-02', percent: 100 },
          { date: '2026-01-03', percent: 67 },
        ],
        byLevel: [{ level: 'easy', won: 2, played: 2 }, { level: 'hard', won: 0, played: 1 }],
        byPreset: [{ preset: 'briscola', won: 2, played: 3 }],
        handPoints: [0, 2, 1],
        bestStreak: 2,
      },
    });
    expect(screen.getByText('Win rate', { selector: '.kpi .k' }).previousElementSibling).toHaveTextContent('67%');
    expect(screen.getByRole('img', { name: 'Win rate by AI level' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Hard' })).toBeInTheDocument();
  });

  it('counts matches with friends apart from matches against the computer', async () => {
    const reviewed = (id: string, with_people: boolean) => ({ id, finished_at_ms: 0, preset: 'briscola', players: 2, opponents: [], accuracy: 80, hands: [80], with_people });
    const figures = (won: number, lost: number) => ({
      played: won + lost,
      won,
      lost,
      best_streak: won,
      rate: [{ finished_at_ms: 0, percent: Math.round((won / (won + lost)) * 100) }],
      by_level: [{ key: 'easy', won, played: won + lost }],
      by_preset: [{ key: 'briscola', won, played: won + lost }],
      hand_points: [1],
    });
    const historyStats = vi.fn(async (withPeople: boolean) => (withPeople ? figures(0, 1) : figures(2, 0)));
    setShell({
      historyStats,
      reviewStats: async () => ({ matches: [reviewed('1', false), reviewed('3', true)], habits: [] }),
    } as unknown as Shell);
    render(StatsScreen);
    const ai = await screen.findByRole('radio', { name: 'Against the computer (2)' });
    expect(ai).toBeChecked();
    expect(screen.getByText('Matches played').previousElementSibling).toHaveTextContent('2');
    await fireEvent.click(screen.getByRole('radio', { name: 'With friends (1)' }));
    await vi.waitFor(() => expect(screen.getByText('Matches played').previousElementSibling).toHaveTextContent('1'));
    expect(screen.getByText('Win rate').previousElementSibling).toHaveTextContent('0');
    setShell(null);
  });

  it('lists the shell history with filters and pages', async () => {
    const listHistory = vi.fn(async (q: HistoryQuery) => ({
      total: 25,
      offset: q.offset,
      items: [shellSummary('1', q.outcome ?? 'won'), { ...shellSummary('2', 'lost'), resigned: true }],
    }));
    setShell({ listHistory, reviewStats: NO_REVIEWS } as unknown as Shell);
    appData.presets = PRESETS;
    render(History);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Briscola · 2 players');
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('70–50');
    // A resigned match says so; a played one does not.
    expect(screen.getAllByRole('listitem')[0]).not.toHaveTextContent('resigned');
    expect(screen.getAllByRole('listitem')[1]).toHaveTextContent('Lost (resigned)');
    // Who played: the computer by name and level.
    expect(screen.getAllByTestId('history-with')[0]).toHaveTextContent('With Lucía (Easy)');
    await fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'lost' } });
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 0, limit: 20, outcome: 'lost' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 20, limit: 20, outcome: 'lost' }));
    // Typed filters: the preset and the player count, no identifier to parse.
    await fireEvent.change(screen.getByLabelText('Game'), { target: { value: 'briscola' } });
    await fireEvent.change(screen.getByLabelText('Players'), { target: { value: '4' } });
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 0, limit: 20, outcome: 'lost', preset: 'briscola', players: 4 }));
    // Matches with friends only.
    await fireEvent.change(screen.getByLabelText('Played with'), { target: { value: 'people' } });
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 0, limit: 20, outcome: 'lost', preset: 'briscola', players: 4, with_people: true }));
    setShell(null);
  });

  it('names the people of a match with friends, and the table’s computer by its level', async () => {
    const friends: ShellSummary = {
      ...shellSummary('9', 'won'),
      ruleset: ruleset({ preset: 'briscola', players: 4 }),
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'person', name: 'Ben' },
        { kind: 'ai', level: 'hard', name: '' },
        { kind: 'person', name: 'Cy' },
      ],
    };
    setShell({ listHistory: async (q: HistoryQuery) => ({ total: 1, offset: q.offset, items: [friends] }), reviewStats: NO_REVIEWS } as unknown as Shell);
    render(History);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByTestId('history-with')).toHaveTextContent('With Ben, Computer (Hard), Cy');
    setShell(null);
  });

  it('deletes a match from the history once the player confirms', async () => {
    let items = [shellSummary('1', 'won'), shellSummary('2', 'lost')];
    const listHistory = vi.fn(async (q: HistoryQuery) => ({ total: items.length, offset: q.offset, items }));
    const deleteMatch = vi.fn(async (id: string) => {
      items = items.filter((m) => m.id !== id);
      return true;
    });
    setShell({ listHistory, deleteMatch, reviewStats: NO_REVIEWS } as unknown as Shell);
    appData.presets = PRESETS;
    render(History);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    await fireEvent.click(within(screen.getAllByRole('listitem')[1]).getByRole('button', { name: 'Delete' }));
    // Nothing is deleted until the player says so; Cancel changes nothing.
    expect(deleteMatch).not.toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: /Delete this match/ })).not.toBeInTheDocument();
    await fireEvent.click(within(screen.getAllByRole('listitem')[1]).getByRole('button', { name: 'Delete' }));
    await fireEvent.click(within(screen.getByRole('group', { name: /Delete this match/ })).getByRole('button', { name: 'Delete it' }));
    expect(deleteMatch).toHaveBeenCalledWith('2');
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(listHistory).toHaveBeenCalledTimes(2);
    setShell(null);
  });

  it('filters by dates picked in the order of the UI language', async () => {
    const listHistory = vi.fn(async (q: HistoryQuery) => ({ total: 0, offset: q.offset, items: [] }));
    setShell({ listHistory, reviewStats: NO_REVIEWS } as unknown as Shell);
    setLang('it');
    render(History);
    const from = screen.getByRole('group', { name: 'Dal' });
    // Italian writes day, month, year, with Italian month names.
    expect([...from.querySelectorAll('select')].map((s) => s.dataset.part)).toEqual(['day', 'month', 'year']);
    expect(within(from).getByRole('option', { name: 'marzo' })).toBeInTheDocument();
    await fireEvent.change(within(from).getByLabelText('Giorno'), { target: { value: '31' } });
    await fireEvent.change(within(from).getByLabelText('Mese'), { target: { value: '2' } });
    await fireEvent.change(within(from).getByLabelText('Anno'), { target: { value: String(new Date().getFullYear()) } });
    const y = new Date().getFullYear();
    const lastOfFebruary = new Date(y, 2, 0).getDate();
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 0, limit: 20, from_ms: new Date(y, 1, lastOfFebruary).getTime() }));
    setShell(null);
  });

  it('opens a match and steps through it', async () => {
    const frame = (played: [number, Card] | null, hands: Card[][], trick: { seat: number; card: Card }[], winner: number | null, pile_points = [0, 0], stock_len = 30, played_for = false) => ({
      action: played ? ([played[0], { kind: 'play', card: played[1] }] as [number, Action]) : null, played_for, hands, trick, trick_winner: winner, stock_len, face_up: '5c' as Card, trump: 'cups' as const, pile_points,
    });
    const hands: ReplayHand[] = [
      {
        dealer: 1,
        result: null,
        frames: [
          frame(null, [['Ad', '7s', 'Kb'], ['3d', '4b', '2s']], [], null),
          frame([0, 'Ad'], [['7s', 'Kb'], ['3d', '4b', '2s']], [{ seat: 0, card: 'Ad' }], null),
          // The shell's points, whatever a point table would say: the replay shows them as sent.
          // The table played Lucía's card for her.
          frame([1, '3d'], [['7s', 'Kb'], ['4b', '2s']], [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], 0, [17, 4], 28, true),
        ],
      },
    ];
    setShell({ listHistory: async () => ({ total: 1, offset: 0, items: [shellSummary('1', 'won')] }), getReplay: async () => ({ hands, card_values: PRESETS[0].defaults[0].card_values, hand_points: 120 }), getReview: async () => null, reviewStats: NO_REVIEWS } as unknown as Shell);
    render(History);
    await fireEvent.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(await screen.findByRole('region', { name: 'Replay' })).toBeInTheDocument();
    // The opponent keeps the name stored with the match (not today's default, Alice).
    expect(screen.getByRole('group', { name: 'Lucía’s hand' }).querySelectorAll('[role="img"]')).toHaveLength(3);
    expect(screen.getByText(/Move 0 of 2/, { selector: '.where' })).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByText(/Move 1 of 2/, { selector: '.where' })).toBeInTheDocument();
    expect(screen.queryByTestId('replay-played-for')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cards on the table' }).querySelectorAll('[data-card]')).toHaveLength(1);
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByTestId('replay-played-for')).toHaveTextContent('Played for Lucía by the table');
    expect(screen.getAllByTestId('pile-points').map((e) => e.textContent)).toEqual([expect.stringContaining('17'), expect.stringContaining('4')]);
    expect(screen.getByText('28 cards in the stock')).toBeInTheDocument();
    expect(screen.getByText(/Trick 1/, { selector: '.where' })).toBeInTheDocument();
    setShell(null);
  });
});
