import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/svelte';
import Friends from '../Friends.svelte';
import { table } from '../../lib/table/table.svelte';
import { setLang } from '../../lib/i18n/index.svelte';
import { initPrefs } from '../../lib/prefs.svelte';
import { timing } from '../../lib/anim.svelte';
import { durations } from '../../lib/motion.svelte';
import { setShell, type Shell } from '../../lib/shell';
import { PRESETS } from '../../lib/game/__tests__/shellData';
import { rulesShell } from '../../lib/game/__tests__/fixtures';
import { connected, lobby, tableCommands, welcome, type Step } from '../../lib/table/__tests__/fixtures';
import type { Channel } from '../../lib/bindings/commands';
import type { KeptOffer } from '../../lib/bindings/KeptOffer';
import type { SeatEvent } from '../../lib/bindings/SeatEvent';

const settle = () => new Promise((r) => setTimeout(r, 0));

const JOINED: KeptOffer = { code: '1RGK4-T8SA9', table_name: 'Friday cards', your_name: 'Bea', hosted: false, address: '192.168.1.20:7878', seated_ms: 1_700_000_000_000 };

/** The shell with a kept table (`offer`) and the table commands keeping the channel. */
async function keptShell(offer: KeptOffer | null) {
  const commands = tableCommands('Bea');
  const fake = { ...commands.fake, friendsTables: vi.fn(async () => []), keptTable: vi.fn(async () => offer) };
  rulesShell(PRESETS, undefined, fake as unknown as Partial<Shell>);
  await initPrefs();
  setLang('en');
  const emit = async (...steps: Step[]) => {
    commands.emit(...steps);
    await settle();
  };
  return { fake, emit };
}

beforeEach(() => {
  timing.d = { ...durations('normal', false), aiPause: 0, trickPause: 0 };
});

afterEach(() => {
  table.forget();
  table.kept = null;
  setShell(null);
});

describe('A table kept from before the app closed', () => {
  it('is offered on Play with friends, and going back sits you at it', async () => {
    const { fake, emit } = await keptShell(JOINED);
    render(Friends);
    const offer = await screen.findByRole('region', { name: 'Your table is still there' });
    expect(offer.textContent).toContain('“Friday cards” (code 1RGK4-T8SA9) as Bea');
    await fireEvent.click(screen.getByRole('button', { name: 'Go back to your table' }));
    await settle();
    expect(fake.tableReturn).toHaveBeenCalledTimes(1);
    await emit(connected, welcome(1, false), lobby());
    expect(screen.queryByRole('region', { name: 'Your table is still there' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join a table' })).toBeNull();
    expect(table.state?.welcome?.seat).toBe(1);
  });

  it('says why when the table does not take you back, and can be forgotten', async () => {
    const { fake, emit } = await keptShell(JOINED);
    render(Friends);
    await screen.findByRole('region', { name: 'Your table is still there' });
    await fireEvent.click(screen.getByRole('button', { name: 'Go back to your table' }));
    await settle();
    await emit({ refuse: { id: 'wrong-code' } });
    expect(screen.getByRole('alert').textContent).not.toBe('');
    fake.keptTable.mockResolvedValue(null);
    await fireEvent.click(screen.getByRole('button', { name: 'Forget it' }));
    await settle();
    expect(fake.forgetTable).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Your table is still there' })).toBeNull();
  });

  it('a table you host comes back, and a taken port is said', async () => {
    const { fake, emit } = await keptShell({ ...JOINED, hosted: true, your_name: 'Ann', address: ':7878' });
    fake.tableReturn.mockImplementation(async (ch: Channel<SeatEvent>) => {
      await fake.friendsHost({ your_name: 'Ann' } as never, ch);
      return { kind: 'hosted', info: { code: '1RGK4-T8SA9', port: 41234, addresses: ['192.168.1.20'], announced: true, invitation: 'briscola://join?code=1RGK4-T8SA9&at=192.168.1.20:7878', reach: null }, port_taken: 7878 };
    });
    render(Friends);
    const offer = await screen.findByRole('region', { name: 'Your table is still there' });
    expect(offer.textContent).toContain('you were hosting “Friday cards”');
    await fireEvent.click(screen.getByRole('button', { name: 'Go back to your table' }));
    await settle();
    await emit(connected, welcome(0, true), lobby());
    expect(screen.getByText(/Port 7878 is taken by another program: the table now listens on port 41234/).getAttribute('role')).toBe('status');
    expect(table.hosted?.port).toBe(41234);
  });

  it('names a table without a name by its code alone', async () => {
    await keptShell({ ...JOINED, table_name: '' });
    render(Friends);
    const offer = await screen.findByRole('region', { name: 'Your table is still there' });
    expect(offer.textContent).toContain('at the table with code 1RGK4-T8SA9 as Bea');
    expect(offer.textContent).not.toContain('“');
  });

  it('is not offered when there is none', async () => {
    const { fake } = await keptShell(null);
    render(Friends);
    await settle();
    expect(fake.keptTable).toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Your table is still there' })).toBeNull();
  });
});
