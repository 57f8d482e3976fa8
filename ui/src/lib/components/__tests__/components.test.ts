import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { tick } from 'svelte';
import Card from '../Card.svelte';
import Hand from '../Hand.svelte';
import Stock from '../Stock.svelte';
import WonPile from '../WonPile.svelte';
import Scoreboard from '../Scoreboard.svelte';
import Trick from '../Trick.svelte';
import Announcer from '../Announcer.svelte';
import { type CardCode } from '../../cards';
import { valuesOf } from '../../game/__tests__/shellData';

import { setLang } from '../../i18n/index.svelte';
import { announce } from '../../announcer.svelte';

/** The engine's card points (real shell data). */
const ITALIAN_POINTS = valuesOf('briscola');
const BISCA_POINTS = valuesOf('bisca');

beforeEach(() => setLang('it'));

describe('Card', () => {
  it('has an accessible name with the ruleset points and shows the SVG', () => {
    render(Card, { code: 'Ad', deck: 'italian', values: ITALIAN_POINTS });
    const img = screen.getByRole('img', { name: 'Asso di denari, 11 punti' });
    expect(img.querySelector('img')?.getAttribute('src')).toBe('./cards/italian/Ad.svg');
  });

  it('uses the Bisca values when given them', () => {
    setLang('pt');
    render(Card, { code: '7c', deck: 'french', values: BISCA_POINTS });
    expect(screen.getByRole('img', { name: 'Sete de copas, 10 pontos' })).toBeInTheDocument();
  });

  it('is a focusable toggle button when interactive', async () => {
    const onclick = vi.fn();
    render(Card, { code: 'Jb', deck: 'italian', values: ITALIAN_POINTS, interactive: true, selected: true, onclick });
    const b = screen.getByRole('button', { name: 'Fante di bastoni, 2 punti' });
    expect(b).toHaveAttribute('aria-pressed', 'true');
    b.focus();
    expect(b).toHaveFocus();
    await fireEvent.click(b);
    expect(onclick).toHaveBeenCalled();
  });

  it('shows the back when face down, hidden from screen readers unless labelled', () => {
    const { container } = render(Card, { code: null, deck: 'spanish' });
    const el = container.querySelector('[data-card="back"]')!;
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el.querySelector('img')?.getAttribute('src')).toBe('./cards/spanish/back.svg');
  });

  it('falls back to a drawn face when the image is missing', async () => {
    const { container } = render(Card, { code: 'Kc', deck: 'italian', values: ITALIAN_POINTS });
    await fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('.fallback')).toBeInTheDocument();
    expect(container.querySelector('.corner')?.textContent).toContain('10');
  });
});

describe('Hand', () => {
  const cards: CardCode[] = ['Ad', '3c', '7s'];

  it('plays with the keyboard: a number selects, Enter plays', async () => {
    const onplay = vi.fn();
    render(Hand, { cards, deck: 'italian', values: ITALIAN_POINTS, label: 'Le tue carte', interactive: true, keyboard: true, onplay });
    await userEvent.keyboard('2');
    expect(screen.getByRole('button', { name: /Tre di coppe/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onplay).toHaveBeenCalledWith('3c', 1);
  });

  it('plays on a second tap of the same card', async () => {
    const onplay = vi.fn();
    render(Hand, { cards, deck: 'italian', values: ITALIAN_POINTS, label: 'x', interactive: true, onplay });
    const b = screen.getByRole('button', { name: /Sette di spade/ });
    await fireEvent.click(b);
    expect(onplay).not.toHaveBeenCalled();
    expect(b).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(b);
    expect(onplay).toHaveBeenCalledWith('7s', 2);
  });

  it('ignores keys when it is not your turn and refuses unplayable cards', async () => {
    const onplay = vi.fn();
    const { rerender } = render(Hand, { cards, deck: 'italian', values: ITALIAN_POINTS, label: 'x', interactive: false, keyboard: true, onplay });
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
    await rerender({ interactive: true, playable: [false, true, true] });
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
    await userEvent.keyboard('3{Enter}');
    expect(onplay).toHaveBeenCalledWith('7s', 2);
  });

  it('does not steal keys typed in form fields', async () => {
    const onplay = vi.fn();
    render(Hand, { cards, deck: 'italian', values: ITALIAN_POINTS, label: 'x', interactive: true, keyboard: true, onplay });
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    await userEvent.keyboard('1{Enter}');
    expect(onplay).not.toHaveBeenCalled();
    input.remove();
  });

  it('shows face-down cards for opponents', () => {
    const { container } = render(Hand, { cards: 3, deck: 'italian', label: 'Carte di Luca, 3 coperte', layout: 'stack', backLabel: 'Carte di Luca, 3 coperte' });
    expect(container.querySelectorAll('[data-card="back"]').length).toBe(3);
    expect(screen.getByRole('group', { name: 'Carte di Luca, 3 coperte' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('numbers the cards for keyboard play', () => {
    const { container } = render(Hand, { cards, deck: 'italian', label: 'x', interactive: true });
    expect([...container.querySelectorAll('.badge')].map((b) => b.textContent)).toEqual(['1', '2', '3']);
  });
});

describe('table pieces', () => {
  it('Stock shows the count and the face-up trump', () => {
    render(Stock, { count: 26, trump: 'Ks', trumpSuit: 's', deck: 'italian', values: ITALIAN_POINTS });
    expect(screen.getByText('26 carte nel mazzo')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Briscola: re di spade' })).toBeInTheDocument();
    expect(screen.getByText(/spade/, { selector: '.suit span' })).toBeInTheDocument();
  });

  it('Stock says when it is empty and keeps the trump suit', () => {
    render(Stock, { count: 0, trump: null, trumpSuit: 'c', deck: 'spanish' });
    expect(screen.getByText('Il mazzo è finito')).toBeInTheDocument();
    expect(screen.getByText(/coppe/)).toBeInTheDocument();
  });

  it('WonPile shows points, or hides them', async () => {
    const { rerender } = render(WonPile, { name: 'Tu', points: 34, cards: 6, deck: 'italian' });
    expect(screen.getByRole('group', { name: 'Prese di Tu' })).toHaveTextContent('34 punti');
    await rerender({ points: null });
    expect(screen.getByRole('group', { name: 'Prese di Tu' })).toHaveTextContent('punti nascosti');
  });

  it('Scoreboard is a table with the format and the hand number', () => {
    render(Scoreboard, { rows: [{ name: 'Tu', value: 1, you: true }, { name: 'Avversario 1', value: 0 }], formatLabel: 'Al meglio delle 3', handNo: 2 });
    expect(screen.getByRole('table')).toHaveTextContent('Al meglio delle 3');
    expect(screen.getByRole('rowheader', { name: 'Tu' })).toBeInTheDocument();
    expect(screen.getByText('Mano 2')).toBeInTheDocument();
  });

  it('Trick names who played what and is a drop zone on your turn', () => {
    const { container } = render(Trick, { plays: [{ seat: 1, card: 'Ac', name: 'Luca' }], deck: 'italian', values: ITALIAN_POINTS, droppable: true });
    expect(screen.getByRole('img', { name: 'Luca: asso di coppe' })).toBeInTheDocument();
    expect(container.querySelector('[data-dropzone="trick"]')).toBeInTheDocument();
  });

  it('Announcer reads messages in a polite live region', async () => {
    render(Announcer);
    announce('Luca gioca Asso di coppe.');
    announce('Luca prende, 11 punti.');
    await tick();
    const region = screen.getByRole('log');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('Luca gioca Asso di coppe.');
    expect(region).toHaveTextContent('Luca prende, 11 punti.');
  });
});
