import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/svelte';
import History from '../../../screens/History.svelte';
import Replay from '../../components/Replay.svelte';
import ReviewStats from '../ReviewStats.svelte';
import { PRESETS } from '../../game/__tests__/shellData';
import { setShell, type Shell } from '../../shell';
import { setLang } from '../../i18n/index.svelte';
import { pointValues } from '../../cards';
import type { MatchReview } from '../../bindings/MatchReview';
import type { Progress } from '../../bindings/Progress';
import type { HistoryEntry } from '../../bindings/HistoryEntry';
import type { MatchRecord } from '../../bindings/MatchRecord';
import { AUCTION_REVIEW, REPLAY, REVIEW, reviewed, summary } from './fixtures';
import { reviewRequest } from '../open.svelte';

afterEach(() => {
  setShell(null);
  setLang('en');
});

/** A shell holding one finished match; `over` replaces commands. */
function historyShell(over: Partial<Shell> = {}): Shell {
  return {
    listHistory: async () => ({ total: 1, offset: 0, items: [summary('m1')] }),
    getReplay: async () => ({ hands: REPLAY, card_values: PRESETS[0].defaults[0].card_values, hand_points: 120 }),
    editRuleset: async () => PRESETS[0].defaults[0],
    getReview: vi.fn(async () => null),
    reviewProgress: vi.fn(async () => null),
    reviewStats: vi.fn(async () => ({ matches: [], habits: [] })),
    ...over,
  } as unknown as Shell;
}

describe('reviewing a match from History', () => {
  it('reviews, opens the replay with marks and steps to the next mistake', async () => {
    const startReview = vi.fn(async () => REVIEW);
    setShell(historyShell({ startReview }));
    render(History);
    await fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByTestId('review-panel')).toBeInTheDocument();
    expect(startReview).toHaveBeenCalledWith('m1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('review-accuracy').textContent).toMatch(/Accuracy: 60/);
    expect(screen.getByText('Mistakes to look at: 1')).toBeInTheDocument();
    const marks = screen.getByTestId('review-marks').querySelectorAll('button');
    expect([...marks].map((b) => b.title)).toEqual(['Blunder', 'Best move']);
    // At the deal no decision is shown; the next mistake is your first lead.
    expect(screen.getByTestId('review-decision').textContent).toMatch(/Step to one of your moves/);
    await fireEvent.click(screen.getByRole('button', { name: /Next mistake/ }));
    expect(screen.getByText(/Move 1 of 4/, { selector: '.where' })).toBeInTheDocument();
    const decision = screen.getByTestId('review-decision');
    expect(decision.textContent).toMatch(/Blunder/);
    // The cost in the player's units, each labelled, never the search's value as "points".
    expect(screen.getByTestId('review-cost').textContent).toBe('chance of winning the hand −25 ± 1.3 percentage points · expected card points −24.5');
    expect(decision.textContent).not.toMatch(/−50/);
    expect(within(decision).getByText(/You played · wins 30%/)).toBeInTheDocument();
    expect(within(decision).getByText(/Better · wins 55%/)).toBeInTheDocument();
    expect(decision.querySelectorAll('[data-card]')).toHaveLength(2);
    expect(screen.getByTestId('review-reason').textContent).toBe('The king of clubs wins 55% of the time, your move 30%.');
    expect(screen.getByRole('button', { name: /Next mistake/ })).toBeDisabled();
    await fireEvent.click(screen.getByRole('button', { name: /Previous mistake/ }).closest('button')!);
    // Back on the timeline by its mark: the best move says so and shows no other card.
    await fireEvent.click(marks[1]);
    expect(screen.getByTestId('review-decision').textContent).toMatch(/Best move/);
    expect(screen.getByTestId('review-decision').querySelectorAll('[data-card]')).toHaveLength(1);
    // Back in the list, the match shows its new accuracy.
    await fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    expect((await screen.findByText('60')).closest('.acc')?.textContent).toBe('Accuracy 60');
  });

  it('shows the progress while the shell reviews and cancels it', async () => {
    let reject: (e: unknown) => void = () => {};
    const startReview = vi.fn(() => new Promise<MatchReview>((_, r) => (reject = r)));
    const progress: Progress = { done: 3, total: 10 };
    const cancelReview = vi.fn(async () => {
      reject({ kind: 'cancelled', message: 'cancelled', detail: { id: 'review-cancelled' } });
      return true;
    });
    setShell(historyShell({ startReview, cancelReview, reviewProgress: vi.fn(async () => progress) }));
    render(History);
    await fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    const bar = await screen.findByTestId('review-progress');
    await vi.waitFor(() => expect(within(bar).getByText('Reviewing your moves: 3 of 10')).toBeInTheDocument(), { timeout: 2000 });
    expect(bar.querySelector('progress')?.value).toBe(3);
    expect(screen.getByTestId('history-review')).toBeDisabled();
    await fireEvent.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(cancelReview).toHaveBeenCalledWith('m1');
    await vi.waitFor(() => expect(screen.queryByTestId('review-progress')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('review-panel')).toBeNull();
  });

  it('says why when the shell refuses, and opens a stored review at once', async () => {
    const startReview = vi.fn(async () => Promise.reject({ kind: 'busy', message: 'busy', detail: { id: 'review-running' } }));
    setShell(historyShell({ startReview }));
    const { unmount } = render(History);
    await fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This match is already being reviewed.');
    unmount();
    const stored = vi.fn(async () => REVIEW);
    const again = vi.fn();
    const reviewStats = vi.fn(async () => ({ matches: [reviewed('1', 59.6, ['easy'])].map((r) => ({ ...r, id: 'm1' })), habits: [] }));
    setShell(historyShell({ getReview: stored, startReview: again, reviewStats }));
    render(History);
    // A reviewed match shows its accuracy in the list.
    expect((await screen.findByText('60')).closest('.acc')?.textContent).toBe('Accuracy 60');
    await fireEvent.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(await screen.findByTestId('review-panel')).toBeInTheDocument();
    expect(again).not.toHaveBeenCalled();
  });

  it('reviews the match the end-of-match summary asked for', async () => {
    const startReview = vi.fn(async () => REVIEW);
    // Only the summary is read; the record is the shell's business.
    const getMatchRecord = vi.fn(async () => ({ summary: summary('m9'), record: {} }) as unknown as HistoryEntry<MatchRecord>);
    setShell(historyShell({ startReview, getMatchRecord }));
    reviewRequest.id = 'm9';
    render(History);
    expect(await screen.findByTestId('review-panel')).toBeInTheDocument();
    expect(startReview).toHaveBeenCalledWith('m9');
    expect(reviewRequest.id).toBeNull();
  });
});

describe('the review panel', () => {
  it('says when a decision was not reviewed or had no choice', async () => {
    render(Replay, { hands: REPLAY, players: ['You', 'Alice'], deck: 'italian', values: pointValues(PRESETS[0].defaults[0].card_values), review: AUCTION_REVIEW });
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByTestId('review-not-reviewed').textContent).toBe('Not reviewed: this review was made before bids and the call were rated.');
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByTestId('review-decision').textContent).toMatch(/only legal move/);
    expect(screen.getByTestId('review-accuracy').textContent).toMatch(/Accuracy: —/);
  });

  it('says a move the table made for you is not yours, and rates it not', async () => {
    const timed: MatchReview = {
      ...AUCTION_REVIEW,
      hands: [{ hand: 0, decisions: [{ index: 0, action: { kind: 'play', card: 'Ad' }, verdict: { kind: 'not-reviewed', reason: { id: 'played-for' } } }], accuracy: null }],
    };
    render(Replay, { hands: REPLAY, players: ['You', 'Alice'], deck: 'italian', values: pointValues(PRESETS[0].defaults[0].card_values), review: timed });
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByTestId('review-not-reviewed').textContent).toBe('Played for you by the table (your time ran out, or you were away): not rated.');
    expect(screen.queryByText(/You played/)).not.toBeInTheDocument();
  });
});

describe('the review panel with moves other than cards', () => {
  it('words the better exchange and mano negra', async () => {
    const exchange: MatchReview = {
      ...REVIEW,
      hands: [
        {
          hand: 0,
          accuracy: 40,
          decisions: [
            {
              index: 0,
              action: { kind: 'play', card: 'Ad' },
              verdict: {
                kind: 'rated',
                mark: 'mistake',
                cost: { win: 10, win_noise: 0, points: 12, points_noise: 0, of: 'hand', at_stake: true },
                loss: 20,
                noise: 0,
                taken: { action: { kind: 'play', card: 'Ad' }, value: 0, win_percent: 40, points: 0 },
                best: { action: { kind: 'exchange', card: '7s' }, value: 12, win_percent: 50, points: 12 },
                actions: [],
                reason: { id: 'take-exchange', gave: '7s', took: '5c' },
                habits: ['declined-exchange'],
              },
            },
            { index: 2, action: { kind: 'mano-negra' }, verdict: { kind: 'rated', mark: 'best', cost: { win: 0, win_noise: 0, points: null, points_noise: null, of: 'hand', at_stake: true }, loss: 0, noise: 0, taken: { action: { kind: 'mano-negra' }, value: 120, win_percent: 100, points: null }, best: { action: { kind: 'mano-negra' }, value: 120, win_percent: 100, points: null }, actions: [], reason: null, habits: [] } },
          ],
        },
      ],
    };
    render(Replay, { hands: REPLAY, players: ['You', 'Alice'], deck: 'italian', values: pointValues(PRESETS[0].defaults[0].card_values), review: exchange });
    await fireEvent.click(screen.getByRole('button', { name: /Next mistake/ }));
    const decision = screen.getByTestId('review-decision');
    expect(decision.textContent).toMatch(/Swap the Seven of swords for the face-up trump/i);
    expect(decision.textContent).not.toMatch(/exchange 7s/);
    expect(screen.getByTestId('review-reason').textContent).toMatch(/^Swap the seven of swords for the face-up five of cups first/);
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    await fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getByTestId('review-decision').textContent).toMatch(/Show mano negra/);
  });
});

describe('review statistics', () => {
  it('words accuracy per level and ruleset and the costly habits in the language', async () => {
    setLang('it');
    render(ReviewStats, {
      stats: {
        matches: [reviewed('1', 80, ['easy']), reviewed('2', 61, ['hard'], 'brisca')],
        habits: [
          { habit: 'led-exposed-ten', count: 7, mean_loss: 4.08, mean_win: 1.2, mean_points: 4.08 },
          { habit: 'trumped-empty-trick', count: 1, mean_loss: 1, mean_win: 0.5, mean_points: 1 },
          { habit: 'overtook-partner', count: 3, mean_loss: 0.01, mean_win: 0, mean_points: 0.01 },
        ],
      },
    });
    const habits = screen.getByTestId('habits').querySelectorAll('li');
    expect([...habits].map((li) => li.textContent)).toEqual([
      'hai aperto con un carico mentre una carta più alta del suo seme era ancora fuori: 7 volte, in media 4,1 punti carta e 1,2 punti percentuali di probabilità di vincere in meno',
      'hai tagliato una presa senza punti: una volta, in media 1,0 punti carta e 0,5 punti percentuali di probabilità di vincere in meno',
      'hai preso la mano al tuo compagno: 3 volte, senza costo',
    ]);
    expect(screen.getByText('Precisione per livello del computer')).toBeInTheDocument();
    const stats = screen.getByTestId('review-stats');
    expect(stats.textContent).toMatch(/Precisione media\s*71/);
    expect(within(stats).getByRole('rowheader', { name: 'Facile' })).toBeInTheDocument();
  });

  it('invites a first review when none is stored', () => {
    render(ReviewStats, { stats: { matches: [], habits: [] } });
    expect(screen.getByText(/Review a match/)).toBeInTheDocument();
  });
});

describe('the end-of-match summary', () => {
  it('offers Review for a recorded match and opens History for it', async () => {
    const { default: HandSummary } = await import('../../components/HandSummary.svelte');
    const { requestReview } = await import('../open.svelte');
    const onreview = vi.fn(() => requestReview('m5'));
    render(HandSummary, { open: true, handNo: 1, handPoints: 120, matchOver: true, outcome: 'win', rows: [{ name: 'You', points: 70, cards: 20, you: true }], onreview });
    await fireEvent.click(screen.getByTestId('summary-review'));
    expect(onreview).toHaveBeenCalled();
    expect(reviewRequest.id).toBe('m5');
    expect(location.hash).toBe('#/history');
    reviewRequest.id = null;
  });
});
