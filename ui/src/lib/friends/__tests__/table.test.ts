import { afterEach, describe, expect, it, vi } from 'vitest';
import { friends } from '../table.svelte';
import { Pacer } from '../pacer.svelte';
import { setShell, type Shell } from '../../shell';
import type { HandNews } from '../../game/news';
import { ruleset, seatGame } from '../../game/__tests__/fixtures';
import { hostForm, hostRequest } from '../host';
import { connected, friendsCommands, lobby, message } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));

/** A fake shell whose friends commands keep the channel they are given. */
function fakeShell() {
  const commands = friendsCommands();
  setShell(commands.fake as unknown as Shell);
  return commands;
}

afterEach(() => {
  friends.forget();
  setShell(null);
});

describe('the live table (fake shell)', () => {
  it('hosts: the request and a channel go to the shell, what the channel says becomes the state', async () => {
    const { fake, emit } = fakeShell();
    await friends.host(hostRequest(ruleset(), { kind: 'single-hand' }, hostForm('Ann')));
    expect(fake.friendsHost).toHaveBeenCalledWith(expect.objectContaining({ your_name: 'Ann' }), expect.anything());
    expect(friends.hosted?.code).toBe('1RGK4-T8SA9');
    emit(connected);
    emit(message({ type: 'welcome', code: '1RGK4-T8SA9', token: 't', seat: 0, host: true }));
    emit(lobby());
    expect(friends.state?.welcome?.host).toBe(true);
    expect(friends.state?.lobby?.settings.name).toBe('Friday cards');
    await friends.send({ type: 'start' });
    expect(fake.friendsSend).toHaveBeenCalledWith({ type: 'start' });
    await friends.leave();
    expect(fake.friendsLeave).toHaveBeenCalled();
    expect(friends.state).toBeNull();
    expect(friends.hosted).toBeNull();
  });

  it('forgets a table the shell refused to host or join, and passes the refusal on', async () => {
    setShell({ friendsJoin: vi.fn(async () => Promise.reject({ kind: 'invalid_input', message: 'bad', detail: { id: 'bad-address' } })) } as unknown as Shell);
    await expect(friends.join('nowhere', 'C', 'Bea')).rejects.toMatchObject({ detail: { id: 'bad-address' } });
    expect(friends.state).toBeNull();
  });

  it('paces your seat’s views: they reach the screen in order, with their news', async () => {
    const { emit } = fakeShell();
    await friends.join('192.168.1.20:7878', '1rgk4t8sa9', ' Bea ');
    const news: HandNews[] = [];
    friends.pacer.onnews = (n) => news.push(n);
    emit({ kind: 'game', view: seatGame({}, { seat: 1, to_move: 0 }) });
    emit({ kind: 'game', view: seatGame({}, { seat: 1, to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }] }) });
    await settle();
    expect(friends.state?.name).toBe('Bea');
    expect(friends.pacer.shown?.observation.current_trick).toEqual([{ seat: 0, card: 'Ad' }]);
    expect(news).toEqual([{ kind: 'play', seat: 0, card: 'Ad' }]);
  });
});

describe('Pacer', () => {
  it('keeps a completed trick on show for the trick pause, then the next view', async () => {
    vi.useFakeTimers();
    try {
      const p = new Pacer();
      p.pauses = { play: () => 300, trick: () => 1500 };
      const trick = { plays: [{ seat: 0, card: 'Ad' as const }, { seat: 1, card: '3d' as const }], winner: 0, points: 21 };
      p.push(seatGame({}, { current_trick: [{ seat: 0, card: 'Ad' }] }));
      await vi.advanceTimersByTimeAsync(0);
      p.push(seatGame({}, { tricks: [trick], current_trick: [], to_move: 0 }));
      await vi.advanceTimersByTimeAsync(0);
      expect(p.shownTrick).toEqual(trick);
      expect(p.shown?.observation.tricks).toEqual([]);
      expect(p.busy, 'what follows (the summary) waits for the trick').toBe(true);
      await vi.advanceTimersByTimeAsync(1500);
      expect(p.shownTrick).toBeNull();
      expect(p.shown?.observation.tricks).toEqual([trick]);
      expect(p.busy).toBe(false);
      p.reset();
      expect(p.shown).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves another seat’s card on show a moment before the next view', async () => {
    vi.useFakeTimers();
    try {
      const p = new Pacer();
      p.pauses = { play: () => 300, trick: () => 0 };
      p.push(seatGame({}, { seat: 1, to_move: 0 }));
      p.push(seatGame({}, { seat: 1, to_move: 1, current_trick: [{ seat: 0, card: 'Ad' }] }));
      p.push(seatGame({}, { seat: 1, to_move: 0, current_trick: [{ seat: 0, card: 'Ad' }, { seat: 1, card: '2c' }] }));
      await vi.advanceTimersByTimeAsync(0);
      expect(p.shown?.observation.current_trick).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(300);
      expect(p.shown?.observation.current_trick).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
