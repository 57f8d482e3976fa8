import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/svelte';
import SenaBar from '../SenaBar.svelte';
import { setLang } from '../../i18n/index.svelte';

beforeEach(() => setLang('es'));

const NAMES = ['Tú', 'Carlo', 'Lucia', 'Gino'];
const base = {
  seat: 0,
  teams: [0, 1, 0, 1],
  since: 0,
  name: (s: number) => NAMES[s],
};

describe('SenaBar', () => {
  it('offers the señas on your turn, one tap each, and the S key brings focus to them', async () => {
    const onsena = vi.fn();
    render(SenaBar, { ...base, senas: ['ace', 'three', 'trumps', 'nothing'], seen: [], onsena });
    const group = screen.getByRole('group', { name: 'Seña' });
    expect(group.querySelectorAll('button')).toHaveLength(4);
    await fireEvent.keyDown(window, { key: 's' });
    expect(screen.getByRole('button', { name: 'As' })).toHaveFocus();
    await fireEvent.click(screen.getByRole('button', { name: 'Triunfo' }));
    expect(onsena).toHaveBeenCalledWith('trumps');
  });

  it("words yours, your partner's and a caught opponent's seña, and shows nothing older than the last trick", () => {
    render(SenaBar, {
      ...base,
      since: 4,
      senas: [],
      seen: [
        { seat: 2, sena: 'ace', plays_before: 1 },
        { seat: 0, sena: 'three', plays_before: 4 },
        { seat: 2, sena: 'trumps', plays_before: 6 },
        { seat: 3, sena: 'nothing', plays_before: 7 },
      ],
      onsena: () => {},
    });
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Has hecho la seña: Tres', 'Lucia hace la seña: Triunfo', 'Has pillado la seña de Gino: Nada']);
    expect(screen.queryByRole('group')).toBeNull();
  });

  it('draws nothing without señas to make or to show', () => {
    const { container } = render(SenaBar, { ...base, senas: [], seen: [], onsena: () => {} });
    expect(container.querySelector('[data-testid="senas"]')).toBeNull();
  });
});
