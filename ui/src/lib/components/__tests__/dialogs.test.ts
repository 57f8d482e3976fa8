import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import HandSummary from '../HandSummary.svelte';
import OfferBar from '../OfferBar.svelte';
import AuctionDialog from '../AuctionDialog.svelte';
import Hand from '../Hand.svelte';
import { valuesOf } from '../../game/__tests__/shellData';

import { setLang } from '../../i18n/index.svelte';

/** The engine's card points (real shell data). */
const ITALIAN_POINTS = valuesOf('briscola');

beforeEach(() => setLang('en'));

describe('HandSummary', () => {
  it('shows points per pile, what decided it and the next step', async () => {
    const onnext = vi.fn();
    render(HandSummary, {
      open: true,
      handNo: 2,
      handPoints: 120,
      outcome: 'lose',
      winnerName: 'Luca',
      rows: [
        { name: 'You', points: 52, cards: 18, you: true },
        { name: 'Luca', points: 68, cards: 22 },
      ],
      decided: ['The ace of cups took your three: 21 points.'],
      matchScore: [{ name: 'You', value: 1, you: true }, { name: 'Luca', value: 1 }],
      onnext,
    });
    const dlg = screen.getByRole('dialog', { name: 'Hand 2 is over' });
    expect(dlg).toHaveTextContent('This hand goes to Luca.');
    expect(dlg).not.toHaveTextContent('match');
    expect(screen.getByRole('row', { name: /Luca 68 22/ })).toBeInTheDocument();
    expect(dlg).toHaveTextContent('The ace of cups took your three');
    await fireEvent.click(screen.getByRole('button', { name: 'Next hand' }));
    expect(onnext).toHaveBeenCalled();
  });

  it('offers to play again at the end of the match', () => {
    render(HandSummary, { open: true, handNo: 3, handPoints: 120, matchOver: true, outcome: 'win', rows: [{ name: 'You', points: 91, cards: 24, you: true }], onplayagain: () => {} });
    expect(screen.getByRole('dialog', { name: 'The match is over' })).toHaveTextContent('You win the match!');
    expect(screen.getByRole('button', { name: 'Play again' })).toBeInTheDocument();
  });

  it('offers only what is yours to do: without Play again, a note of what comes next', () => {
    render(HandSummary, { open: true, handNo: 3, handPoints: 120, matchOver: true, outcome: 'lose', winnerName: 'Ann', rows: [{ name: 'You', points: 51, cards: 14, you: true }], waiting: 'Waiting for the host.' });
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for the host.');
    expect(screen.queryByRole('button', { name: 'Play again' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New game' })).toBeNull();
  });

  it('words a hand won apart from a match won, in Italian too', () => {
    setLang('it');
    const { unmount } = render(HandSummary, { open: true, handNo: 1, outcome: 'win', handPoints: 120, rows: [{ name: 'Tu', points: 70, cards: 20, you: true }] });
    expect(screen.getByRole('dialog')).toHaveTextContent('Hai vinto la mano!');
    unmount();
    render(HandSummary, { open: true, handNo: 3, matchOver: true, outcome: 'win', handPoints: 120, rows: [{ name: 'Tu', points: 70, cards: 20, you: true }] });
    expect(screen.getByRole('dialog')).toHaveTextContent('Hai vinto la partita!');
  });

  it('lists every hand of a finished match, not only the last', () => {
    const hands = [
      { points: [70, 50], result: 'won' as const },
      { points: [39, 81], result: 'lost' as const },
      { points: [61, 59], result: 'won' as const },
    ];
    render(HandSummary, { open: true, handNo: 3, matchOver: true, outcome: 'win', handPoints: 120, rows: [{ name: 'You', points: 61, cards: 20, you: true }], hands });
    const table = screen.getByTestId('summary-hands');
    const rows = [...table.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['17050Won', '23981Lost', '36159Won']);
  });

  it('ends a resigned match with New game, Play again and Close; Escape closes it', async () => {
    const onnewgame = vi.fn();
    const onplayagain = vi.fn();
    const onclose = vi.fn();
    render(HandSummary, { open: true, handNo: 2, handPoints: 120, matchOver: true, resigned: true, outcome: 'lose', rows: [{ name: 'You', points: 14, cards: 4, you: true }], onnewgame, onplayagain, onclose });
    expect(screen.getByRole('dialog', { name: 'The match is over' })).toHaveTextContent('You resigned');
    await fireEvent.click(screen.getByRole('button', { name: 'New game' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect([onnewgame, onplayagain, onclose].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    await fireEvent(screen.getByRole('dialog', { name: 'The match is over' }), new Event('cancel'));
    expect(onclose).toHaveBeenCalledTimes(2);
  });

  it('does not close a hand summary with Escape (the next hand waits for you)', async () => {
    const onclose = vi.fn();
    render(HandSummary, { open: true, handNo: 1, handPoints: 120, outcome: 'draw', rows: [], onclose });
    await fireEvent(screen.getByRole('dialog', { name: 'Hand 1 is over' }), new Event('cancel'));
    expect(onclose).not.toHaveBeenCalled();
  });

  it('blocks the hand keys while open', async () => {
    const onplay = vi.fn();
    render(Hand, { cards: ['Ad', '3c'], deck: 'italian', label: 'x', interactive: true, keyboard: true, onplay });
    render(HandSummary, { open: true, handNo: 1, handPoints: 120, outcome: 'draw', rows: [] });
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
  });
});

describe('OfferBar', () => {
  it('offers the Brisca trump exchange in words', async () => {
    setLang('es');
    const onaccept = vi.fn();
    const ondecline = vi.fn();
    render(OfferBar, { offer: { kind: 'exchange', own: '7d', trump: 'Ad' }, deck: 'spanish', values: ITALIAN_POINTS, onaccept, ondecline });
    expect(screen.getByRole('group', { name: '¿Cambiar tu siete de oros por la muestra, as de oros?' })).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Cambiar' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Ahora no' }));
    expect(onaccept).toHaveBeenCalled();
    expect(ondecline).toHaveBeenCalled();
  });

  it('offers mano negra', () => {
    render(OfferBar, { offer: { kind: 'manoNegra', cards: ['Ab', '3b', 'Kb'] }, deck: 'spanish' });
    expect(screen.getByRole('button', { name: 'Claim mano negra' })).toBeInTheDocument();
  });
});

describe('AuctionDialog', () => {
  it('bids a card, bids points, or passes', async () => {
    setLang('it');
    const onbid = vi.fn();
    const onpass = vi.fn();
    const lastTurns = [{ name: 'Sara', words: 'Tre' }, { name: 'Luca', words: 'Passo' }];
    render(AuctionDialog, { open: true, deck: 'italian', ranks: ['K', 'Q', 'J', '7', '6', '5', '4', '2'], points: [{ rank: '2', min: 62, max: 120 }], current: { label: 'Tre', name: 'Sara' }, lastTurns, onbid, onpass });
    expect(screen.getByRole('dialog', { name: 'L’asta' })).toHaveTextContent('Offerta più alta: Tre, di Sara');
    expect(screen.getByRole('list', { name: 'L’ultima chiamata di ciascuno' })).toHaveTextContent('Sara TreLuca Passo');
    await fireEvent.click(screen.getByRole('button', { name: 'Re' }));
    expect(onbid).toHaveBeenLastCalledWith({ rank: 'K' });
    await fireEvent.input(screen.getByLabelText('Punti'), { target: { value: '70' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Due a 70' }));
    expect(onbid).toHaveBeenLastCalledWith({ rank: '2', points: 70 });
    await fireEvent.click(screen.getByRole('button', { name: 'Passo' }));
    expect(onpass).toHaveBeenCalled();
  });

  it('asks for a hint beside the standing bid; the hint takes the place of the last turns', async () => {
    setLang('en');
    const onhint = vi.fn();
    const lastTurns = [{ name: 'Sara', words: 'Three' }];
    const props = { open: true, deck: 'italian', ranks: ['K', '2'], current: { label: 'Three', name: 'Sara' }, lastTurns, onhint } as const;
    const first = render(AuctionDialog, { ...props, ranks: [...props.ranks] });
    await fireEvent.click(screen.getByRole('button', { name: 'Hint' }));
    expect(onhint).toHaveBeenCalled();
    expect(screen.getByRole('list', { name: /last/i })).toBeInTheDocument();
    first.unmount();
    render(AuctionDialog, { ...props, ranks: [...props.ranks], hint: 'Pass: your hand holds no ace or three.' });
    expect(screen.getByRole('note')).toHaveTextContent('Pass: your hand holds no ace or three.');
    expect(screen.queryByRole('button', { name: 'Hint' })).toBeNull();
    expect(screen.queryByRole('list', { name: /last/i })).toBeNull();
  });

  it('with forcing, also raises the standing bid keeping its card', async () => {
    setLang('en');
    const onbid = vi.fn();
    const points = [
      { rank: '2', min: 62, max: 120 },
      { rank: '3', min: 62, max: 120 },
    ] as const;
    render(AuctionDialog, { open: true, deck: 'italian', ranks: ['K', '2'], points: [...points], current: { label: 'Three', name: 'Sara' }, onbid });
    expect(screen.getByRole('group', { name: 'Two, with points' })).toBeInTheDocument();
    const three = screen.getByRole('group', { name: 'Three, with points' });
    await fireEvent.input(within(three).getByLabelText('Points'), { target: { value: '64' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Three with 64' }));
    expect(onbid).toHaveBeenLastCalledWith({ rank: '3', points: 64 });
  });

  it('lets the winner call the suit of the card', async () => {
    const oncall = vi.fn();
    render(AuctionDialog, { open: true, deck: 'italian', ranks: [], calls: ['3d', '3c', '3s', '3b'], oncall });
    expect(screen.getByRole('dialog', { name: 'Call the card' })).toBeInTheDocument();
    await fireEvent.click(screen.getByRole('button', { name: 'Call three of cups' }));
    expect(oncall).toHaveBeenCalledWith('3c');
  });

  it('warns that calling a card you hold means playing alone', () => {
    render(AuctionDialog, { open: true, deck: 'italian', ranks: [], calls: ['3d', '3c', '3s', '3b'], held: ['3d', 'Ac'] });
    const coins = screen.getByRole('button', { name: /Call three of coins/ });
    expect(coins).toHaveAccessibleDescription('You hold it: you would play alone.');
    expect(screen.getByRole('button', { name: /Call three of cups/ })).not.toHaveAccessibleDescription();
    expect(screen.getAllByText('You hold it: you would play alone.')).toHaveLength(1);
  });
});
