import type { TrickView } from '../../lib/bindings/TrickView';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/svelte';
import TableScreen from '../TableScreen.svelte';
import { setShell, type Shell } from '../../lib/shell';
import { setLang } from '../../lib/i18n/index.svelte';
import { initPrefs, prefs } from '../../lib/prefs.svelte';
import { session } from '../../lib/game/session.svelte';
import { gameView, prefsShell } from '../../lib/game/__tests__/fixtures';

/** The view the shell returns after `resign_match`: the deal stays, nothing can be played. */
const resigned = () =>
  gameView(
    { version: 9, resigned: true, outcome: null, standing: { sides: [[0], [1]], scores: [1, 0], hands_played: 1 } },
    { hand: ['Ad', '3c', '7s'], pile_points: [21, 14], legal_actions: [] },
  );

let fake: ReturnType<typeof prefsShell>['fake'];

beforeEach(async () => {
  const s = prefsShell({ language: 'en', sound: true });
  fake = s.fake;
  setShell(s.shell);
  await initPrefs();
  setLang('en');
});

afterEach(() => {
  setShell(null);
  session.view = null;
  session.error = null;
  session.summaryClosedAt = -1;
});

describe('TableScreen', () => {
  it('ends a resigned match at its summary, then a bar with ways forward; no card can be played', async () => {
    const onnew = vi.fn();
    session.view = resigned();
    render(TableScreen, { onnew });
    const dialog = screen.getByRole('dialog', { name: 'The match is over' });
    expect(dialog).toHaveTextContent('You resigned');
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    await fireEvent(dialog, new Event('cancel'));
    expect(screen.queryByRole('dialog', { name: 'The match is over' })).toBeNull();
    expect(screen.getByTestId('match-over-bar')).toHaveTextContent('The match is over.');
    expect(document.querySelectorAll('.hand.interactive button[data-card]:not([aria-disabled])')).toHaveLength(0);
    await fireEvent.click(screen.getByRole('button', { name: 'New game' }));
    expect(onnew).toHaveBeenCalled();
    await fireEvent.click(screen.getByRole('button', { name: 'Summary' }));
    expect(screen.getByRole('dialog', { name: 'The match is over' })).toBeInTheDocument();
  });

  it('plays again from the finished match with a fresh table: no error of the last match stays', async () => {
    const next = gameView({ version: 0 });
    const startMatch = vi.fn(async () => next);
    setShell({ ...fake, startMatch } as unknown as Shell);
    session.view = resigned();
    session.error = 'the match is over';
    render(TableScreen);
    await fireEvent.click(screen.getByRole('button', { name: 'Play again' }));
    await vi.waitFor(() => expect(session.view?.resigned).toBe(false));
    expect(startMatch).toHaveBeenCalled();
    expect(session.error).toBeNull();
  });

  it('shows Collect while a finished trick waits for your tap, and collecting it moves on', async () => {
    const trick: TrickView = { plays: [{ seat: 1, card: '3d' }, { seat: 0, card: 'Ad' }], winner: 0, points: 21 };
    const after = gameView({ version: 2, last_trick: trick }, { tricks: [trick], pile_points: [21, 0], hand: ['7s', 'Kb', '2c'] });
    setShell({ ...fake, playAction: vi.fn(async () => after) } as unknown as Shell);
    session.view = gameView({ version: 1 });
    session.events = { aiPause: () => 0, trickPause: () => 0, collectOnTap: () => true };
    render(TableScreen);
    expect(screen.queryByRole('button', { name: 'Collect' })).toBeNull();
    const played = session.play({ kind: 'play', card: 'Ad' });
    await fireEvent.click(await screen.findByRole('button', { name: 'Collect' }));
    await played;
    expect(session.view?.version).toBe(2);
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Collect' })).toBeNull());
    session.events = {};
  });

  it('toggles the sound on the table, saved in the preferences', async () => {
    session.view = gameView();
    render(TableScreen);
    const toggle = screen.getByRole('button', { name: 'Sound effects' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await fireEvent.click(toggle);
    await vi.waitFor(() => expect(prefs.sound).toBe(false));
    expect(fake.setPreferences).toHaveBeenLastCalledWith(expect.objectContaining({ sound: false }));
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
