import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import Table from '../../lib/components/Table.svelte';
import Settings from '../Settings.svelte';
import NewGame from '../NewGame.svelte';
import Rules from '../Rules.svelte';
import Stats from '../Stats.svelte';
import History from '../History.svelte';
import { ITALIAN_POINTS } from '../../lib/cards';
import { setShell, type Shell } from '../../lib/shell';
import type { HistoryQuery } from '../../lib/bindings/HistoryQuery';
import type { MatchSummary as ShellSummary } from '../../lib/bindings/MatchSummary';
import type { ReplayHand } from '../../lib/bindings/ReplayHand';

function shellSummary(id: string, outcome: ShellSummary['outcome']): ShellSummary {
  return {
    id, started_at_ms: Date.UTC(2026, 0, 1), finished_at_ms: Date.UTC(2026, 0, 1, 1), duration_ms: 1000, ruleset: 'briscola-2p',
    opponents: [{ name: 'Luca', level: 'easy' }], hand_scores: [[70, 50]], outcome, resigned: false, undos: 0,
  };
}
import type { TableView } from '../../lib/game/view';
import { initPrefs, prefs, type Prefs, type PrefsBackend } from '../../lib/prefs.svelte';
import { setLang } from '../../lib/i18n/index.svelte';

function memoryBackend(initial: unknown = {}) {
  let stored: unknown = initial;
  const b: PrefsBackend & { saved: () => Prefs } = {
    load: async () => stored,
    save: vi.fn(async (p: Prefs) => {
      stored = p;
    }),
    saved: () => stored as Prefs,
  };
  return b;
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
    scores: [
      { name: 'You', value: 0, you: true },
      { name: 'Luca', value: 0 },
    ],
    canUndo: true,
    canHint: true,
    ...over,
  };
}

beforeEach(async () => {
  await initPrefs(memoryBackend({ lang: 'en' }));
  setLang('en');
});

describe('Table', () => {
  it('shows whose turn it is, the stock, the piles and your hand', () => {
    render(Table, { view: view(), deck: 'italian' });
    expect(screen.getByText('Your turn')).toBeInTheDocument();
    expect(screen.getByText('26 cards in the stock')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Trump: King of clubs' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Luca’s tricks' })).toHaveTextContent('14 points');
    expect(screen.getByRole('group', { name: 'Your hand' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Luca’s hand, 3 cards face down' })).toBeInTheDocument();
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
    await rerender({ view: view({ hint: { card: '7s', reason: 'It gives nothing away.' } }), allowUndo: false });
    expect(screen.getByRole('note')).toHaveTextContent('Seven of swords: It gives nothing away.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('does not accept plays when it is someone else’s turn', async () => {
    const onplay = vi.fn();
    render(Table, { view: view({ turn: 1 }), deck: 'italian', onplay });
    expect(screen.getAllByText('Luca is thinking…').length).toBeGreaterThan(0);
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: /Ace of coins/ })).toBeNull();
  });

  it('highlights a partner and shows face-up hands in open games', () => {
    const v = view();
    v.seats.push({ id: 2, name: 'Sara', isYou: false, partner: true, hand: ['Qd', '2b'], wonPoints: 0, wonCards: 0 });
    render(Table, { view: v, deck: 'italian' });
    expect(screen.getByText('Partner')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Knight of coins, 3 points' })).toBeInTheDocument();
  });
});

describe('Settings', () => {
  it('saves each change at once', async () => {
    const b = memoryBackend({ lang: 'en' });
    await initPrefs(b);
    render(Settings);
    await fireEvent.click(screen.getByRole('radio', { name: /French, four colours/ }));
    expect(prefs.deckStyle).toBe('french-4color');
    expect(b.saved().deckStyle).toBe('french-4color');
    await fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'it' } });
    expect(b.saved().lang).toBe('it');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Impostazioni');
    await fireEvent.click(screen.getByRole('checkbox', { name: 'Effetti sonori' }));
    expect(b.saved().sound).toBe(false);
    await fireEvent.click(screen.getByRole('radio', { name: 'Nascondi i punti degli avversari' }));
    expect(b.saved().scoreDisplay).toBe('mine');
  });
});

describe('New game', () => {
  it('explains each option and hands back the choices', async () => {
    const onstart = vi.fn();
    render(NewGame, { onstart });
    await fireEvent.click(screen.getByRole('radio', { name: /Brisca The Spanish game/ }));
    expect(screen.getByText('Holding the ace, three and king of trumps at once wins the hand on the spot.')).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('checkbox', { name: /Mano negra/ }));
    await fireEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(screen.getByText('Two partnerships, partners sit opposite.')).toBeInTheDocument();
    expect(screen.getAllByRole('combobox', { name: /Opponent|Partner/ })).toHaveLength(3);
    await fireEvent.change(screen.getByLabelText('Opponent 1'), { target: { value: 'hard' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Start the game' }));
    expect(onstart).toHaveBeenCalledTimes(1);
    const c = onstart.mock.calls[0][0];
    expect(c).toMatchObject({ preset: 'brisca', players: 4, aiLevels: ['hard', 'medium', 'medium'] });
    expect(c.options.brisca.manoNegra).toBe(true);
  });

  it('starts from the remembered choices', async () => {
    await initPrefs(memoryBackend({ lang: 'en', lastNewGame: { preset: 'bisca', players: 3, aiLevels: ['easy', 'hard'], format: 'bestOf5', firstToN: 3, deckStyle: 'french', options: {} } }));
    render(NewGame, {});
    expect(screen.getByRole('radio', { name: /Bisca The Portuguese game/ })).toBeChecked();
    expect(screen.getByLabelText('Opponent 2')).toHaveValue('hard');
    expect(screen.getByLabelText('Match')).toHaveValue('bestOf5');
  });

  it('only offers the player counts of the preset', async () => {
    render(NewGame, {});
    await fireEvent.click(screen.getByRole('radio', { name: /Briscola chiamata/ }));
    expect(screen.getByRole('radio', { name: '5' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: '2' })).toBeNull();
  });
});

describe('Rules', () => {
  it('shows the rules and tips of the chosen preset in the current language', async () => {
    setLang('es');
    render(Rules);
    await fireEvent.click(screen.getByRole('radio', { name: 'Bisca' }));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Bisca');
    expect(screen.getByRole('heading', { name: 'Consejos' })).toBeInTheDocument();
    // Card values of the ruleset: the seven is worth 10 in Bisca.
    expect(screen.getByRole('complementary', { name: 'Valor de las cartas' })).toHaveTextContent('Siete10');
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
        results: [
          { date: '2026-01-01', result: 'won' },
          { date: '2026-01-02', result: 'won' },
          { date: '2026-01-03', result: 'lost' },
        ],
        byLevel: [{ level: 'easy', won: 2, played: 2 }, { level: 'hard', won: 0, played: 1 }],
        byPreset: [{ preset: 'briscola', won: 2, played: 3 }],
        handPoints: [70, 80, 40],
        bestStreak: 2,
      },
    });
    expect(screen.getByText('Win rate', { selector: '.kpi .k' }).previousElementSibling).toHaveTextContent('67%');
    expect(screen.getByRole('img', { name: 'Win rate by AI level' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Hard' })).toBeInTheDocument();
  });

  it('lists the shell history with filters and pages', async () => {
    const listHistory = vi.fn(async (q: HistoryQuery) => ({
      total: 25,
      offset: q.offset,
      items: [shellSummary('1', q.outcome ?? 'won'), shellSummary('2', q.outcome ?? 'lost')],
    }));
    setShell({ listHistory } as unknown as Shell);
    render(History);
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    await fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'lost' } });
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 0, limit: 20, outcome: 'lost' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(listHistory).toHaveBeenLastCalledWith({ offset: 20, limit: 20, outcome: 'lost' }));
    setShell(null);
  });

  it('opens a match and steps through it', async () => {
    const frame = (action: [number, string] | null, hands: string[][], trick: { seat: number; card: string }[], winner: number | null) => ({
      action, hands, trick, trick_winner: winner, stock_len: 30, face_up: '5c', trump: 'cups' as const, pile_points: [0, 0],
    });
    const hands: ReplayHand[] = [
      {
        dealer: 1,
        result: null,
        frames: [
          frame(null, [['Ad', '7s', 'Kb'], ['3d', '4b', '2s']], [], null),
          frame([0, 'Ad'], [['7s', 'Kb'], ['3d', '4b', '2s']], [{ seat: 0, card: 'Ad' }], null),
          frame([1, '3d'], [['7s', 'Kb'], ['4b', '2s']], [{ seat: 0, card: 'Ad' }, { seat: 1, card: '3d' }], 0),
        ],
      },
    ];
    setShell({ listHistory: async () => ({ total: 1, offset: 0, items: [shellSummary('1', 'won')] }), getReplay: async () => hands } as unknown as Shell);
    render(History);
    await fireEvent.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(await screen.findByRole('region', { name: 'Replay' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Opponent 1’s hand' }).querySelectorAll('[role="img"]')).toHaveLength(3);
    expect(screen.getByText(/Card 0 of 2/, { selector: '.where' })).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByText(/Card 1 of 2/, { selector: '.where' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Cards on the table' }).querySelectorAll('[data-card]')).toHaveLength(1);
    setShell(null);
  });
});
