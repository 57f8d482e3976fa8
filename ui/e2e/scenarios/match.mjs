// End-to-end scenarios: a match in progress: resigning, on a phone-sized window, resumed after a restart,
// and friends invited to it.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { KEY } from '../webdriver.mjs';
import { terminalPlayer } from '../friends.mjs';
import { sleep, log, assert, appPids, screenshot, openApp, nav, setup, newGame, formReady, matchState, waitMyTurn, inViewport, playCard, resignInView, playOut, moved, CLI, SINGLE, BEST_OF_3 } from '../helpers.mjs';

export const scenarios = {
  async resign(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: BEST_OF_3 });
    let s = await waitMyTurn(wd);
    await playCard(wd, s, 'click');
    s = await waitMyTurn(wd);
    // The sound toggle on the table is the Settings preference.
    const sound = (await wd.invoke('get_preferences')).sound;
    await wd.click('.actions .sound');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).sound === !sound, { what: 'the sound toggle' });
    await wd.click('.actions .sound');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).sound === sound, { what: 'the sound toggled back' });
    const before = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    // Resign → the match summary, marked resigned, from the table's own final view.
    await wd.click('.actions .resign');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] .btn.primary")'), { what: 'the resign confirmation' });
    await wd.click('dialog[open] .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] [data-testid=summary-outcome]")'), { what: 'the resigned summary' });
    const outcome = await wd.text('dialog[open] [data-testid=summary-outcome]');
    assert(/You resigned/.test(outcome), `the summary says you resigned: ${outcome}`);
    const buttons = await wd.exec('return [...document.querySelectorAll("dialog[open] .actions .btn")].map((b) => b.textContent.trim())');
    // A card was played, so the match is recorded and can be reviewed.
    assert(JSON.stringify(buttons) === JSON.stringify(['Close', 'Review', 'New game', 'Play again']), `Close / Review / New game / Play again: ${buttons}`);
    const over = await matchState(wd);
    assert(over.over && over.resigned && !over.yourTurn && over.cards.length === 0, `the table ended the match: nothing to play (${JSON.stringify(over)})`);
    screenshot('resign-summary-desktop');
    // Escape closes it; the table stays, inert, with a way forward; the sidebar works.
    await wd.keys(KEY.Escape);
    await wd.waitFor(() => wd.exec('return !document.querySelector("dialog[open]") && !!document.querySelector("[data-testid=match-over-bar]")'), { what: 'the match-over bar' });
    const playable = await wd.exec('return document.querySelectorAll(".hand.interactive button[data-card]:not([aria-disabled])").length');
    assert(playable === 0, `no card can be played on a finished match (${playable})`);
    screenshot('resign-closed-desktop');
    await nav(wd, 'history');
    await wd.waitFor(async () => (await wd.findAll('.list li')).length >= 1, { what: 'the history list' });
    const first = (await wd.text('.list li')).replace(/\s+/g, ' ');
    assert(/Lost \(resigned\)/.test(first), `History labels the resigned match: ${first}`);
    const after = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    assert(after === before + 1, `the resigned match is recorded once (${before} → ${after})`);
    // Back at the table: New game from the bar, then a fresh match with no trace of the last one.
    await nav(wd, 'table');
    await wd.click('[data-testid=match-over-bar] .btn:nth-of-type(2)');
    await formReady(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    s = await waitMyTurn(wd);
    assert(!s.resigned && !s.over, 'a new match is being played');
    const stale = await wd.exec('return !!document.querySelector("[data-testid=table] .error")');
    assert(!stale, 'no error left from the last match');
    screenshot('resign-new-game-desktop');
    await wd.setRect(1920, 1080);
  },

  async phone(wd) {
    // A four-player table on a phone is taller than a two-player one: Resign stays in view there too.
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 4, levels: ['easy'], format: SINGLE });
    await wd.setRect(360, 640);
    await waitMyTurn(wd);
    await resignInView(wd, 'resign-4p-phone');
    await wd.setRect(1280, 800);
    await setup(wd);
    // Start is on screen without scrolling on a laptop and on a phone.
    await wd.setRect(1280, 800);
    await nav(wd, 'new');
    await formReady(wd);
    for (const [w, h] of [[1280, 800], [360, 640]]) {
      await wd.setRect(w, h);
      await wd.exec('document.getElementById("main").scrollTop = 0');
      await sleep(500);
      const r = await wd.exec('const b = document.querySelector("form button[type=submit]").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, vh: window.innerHeight, scrolled: document.getElementById("main").scrollTop };');
      assert(r.scrolled === 0 && r.top >= 0 && r.bottom <= r.vh, `Start in view at ${w}×${h} without scrolling: ${JSON.stringify(r)}`);
      screenshot(`new-game-start-${w}x${h}`);
    }
    // On the phone, with "collect on tap": a trick stays until Collect; then the last trick over the table.
    await wd.setRect(1280, 800);
    await nav(wd, 'settings');
    await wd.click('input[name="collect"][value="tap"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).collect_trick === 'tap', { what: 'the tap pacing saved' });
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    await wd.setRect(360, 640);
    let s = await waitMyTurn(wd);
    // Resign is on the phone's screen without scrolling (not below the fold), with the
    // hint's sentence shown too.
    await wd.click('.me .actions .btn');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".hint-reason")'), { what: 'the hint' });
    await resignInView(wd, 'resign-phone');
    await playCard(wd, s, 'click');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".actions .collect")'), { what: 'the Collect button' });
    await sleep(2000);
    const waiting = await wd.exec('return !!document.querySelector(".actions .collect")');
    assert(waiting, 'the finished trick still waits for Collect after 2 s');
    const c = await wd.exec('const b = document.querySelector(".actions .collect").getBoundingClientRect(); return { bottom: b.bottom, vh: window.innerHeight };');
    if (c.bottom > c.vh) await wd.exec('document.querySelector(".actions .collect").scrollIntoView({ block: "center" })');
    screenshot('collect-phone');
    await wd.click('.actions .collect');
    await wd.waitFor(async () => ((await waitMyTurn(wd)).tricks > 0 ? true : null), { what: 'a finished trick' });
    await wd.exec('document.getElementById("main").scrollTop = 0');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".me .actions button[aria-expanded]")'), { what: 'the Last trick button' });
    await wd.click('.me .actions button[aria-expanded]');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=last-trick]")'), { what: 'the last trick overlay' });
    await sleep(300);
    const o = await wd.exec('const b = document.querySelector("[data-testid=last-trick]").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, vw: window.innerWidth, vh: window.innerHeight };');
    assert(o.top >= 0 && o.bottom <= o.vh && o.left >= 0 && o.right <= o.vw, `the last trick is on the phone's screen: ${JSON.stringify(o)}`);
    const cards = await wd.exec('return document.querySelectorAll("[data-testid=last-trick] [data-card], [data-testid=last-trick] img").length');
    assert(cards >= 2, `the last trick shows its cards (${cards})`);
    screenshot('last-trick-phone');
    await wd.keys(KEY.Escape);
    await wd.waitFor(() => wd.exec('return !document.querySelector("[data-testid=last-trick]")'), { what: 'Escape closes the last trick' });
    await wd.setRect(1280, 800);
    await nav(wd, 'settings');
    await wd.click('input[name="collect"][value="auto"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).collect_trick === 'auto', { what: 'automatic pacing again' });
    await wd.setRect(1920, 1080);
  },

  async resume(wd, ctx) {
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: BEST_OF_3 });
    let s = await waitMyTurn(wd);
    await playCard(wd, s, 'click');
    s = await waitMyTurn(wd);
    /** What the table shows: the match's place, your cards, the table's, the names and the score. */
    const shown = (w) =>
      w.exec(`const e = document.querySelector('[data-testid=table]');
        return {
          position: e.dataset.position,
          hand: [...e.querySelectorAll('.me .hand [data-card]')].map((b) => b.dataset.card),
          trick: [...e.querySelectorAll('.center .trick .play [data-card], .center .trick .play img')].map((c) => c.dataset.card ?? c.getAttribute('src')),
          names: [...e.querySelectorAll('.seat[data-seat] .name')].map((n) => n.textContent.trim()),
          score: e.querySelector('.scoreboard').textContent.replace(/\s+/g, ' ').trim(),
        };`);
    const before = await shown(wd);
    const pids = appPids();
    assert(pids.length >= 1, 'found the app process');
    log('killing the app', pids.join(','));
    for (const p of pids) process.kill(p, 'SIGKILL');
    await sleep(1000);
    await wd.quit();
    const wd2 = await openApp();
    ctx.wd = wd2;
    await waitMyTurn(wd2);
    const after = await shown(wd2);
    assert(JSON.stringify(after) === JSON.stringify(before), `the same position after a restart: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    log('resumed at', after.position, 'holding', after.hand.join(' '));
    screenshot('table-resumed-desktop');
    await wd2.setRect(360, 640);
    await sleep(800);
    screenshot('table-2p-phone');
    await wd2.setRect(1920, 1080);
  },
  // A match against the computer opened to a friend: the invitation shows the code and where to
  // join; a friend joining from the terminal waits for the computer's seat, then takes it with the
  // next hand — and Talk appears.
  async invite(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: BEST_OF_3 });
    await waitMyTurn(wd);
    assert(!(await wd.exec('return !!document.querySelector(".talk-toggle")')), 'no Talk while you are alone');
    const computer = await wd.text('.seat[data-seat="1"] .name');
    await wd.click('.actions .invite-toggle');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=invite] [data-testid=table-code]")'), { what: 'where friends join' });
    const code = await wd.exec('const c = document.querySelector("[data-testid=invite] .code"); return { text: c.textContent.trim(), size: parseFloat(getComputedStyle(c).fontSize) };');
    assert(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(code.text) && code.size >= 36, `the table code, large: ${JSON.stringify(code)}`);
    const where = await wd.text('[data-testid=invite] [data-testid=table-code]');
    const port = where.match(/:(\d+)/)?.[1] ?? where.match(/port (\d+)/i)?.[1];
    assert(port, `where friends join, with the port: ${where}`);
    await inViewport(wd, '[data-testid=invite]', 'the invitation at 1280×800');
    screenshot('invite-1280x800');
    await wd.setRect(360, 640);
    await sleep(700);
    await inViewport(wd, '[data-testid=invite] .code', 'the code at 360×640');
    screenshot('invite-360x640');
    await wd.setRect(1280, 800);
    const friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code.text, ['--name', 'Bea'], log);
    try {
      const waiting = await wd.waitFor(() => wd.exec('return document.querySelector("[data-testid=invite-waiting]")?.textContent.trim() || null'), { timeout: 30_000, what: 'the friend waiting for a seat' });
      assert(waiting === `Bea takes ${computer}’s seat from the next hand.`, `who waits for which seat: ${waiting}`);
      screenshot('invite-waiting-1280x800');
      await wd.click('.actions .invite-toggle');
      // The hand played out; the next one deals Bea in.
      const end = await playOut(wd, { how: 'click', untilMatch: false });
      assert(end.awaitingNext, 'the first hand is over');
      await wd.click('dialog[open] .btn.primary');
      await moved(wd, end, 'the next hand');
      await wd.waitFor(() => wd.exec('return document.querySelector(".seat[data-seat=\\"1\\"] .name")?.textContent.trim() === "Bea" && !!document.querySelector(".talk-toggle")'), { timeout: 30_000, what: 'Bea at the table, and Talk' });
      assert(!(await wd.exec('return !!document.querySelector(".actions .resign")')), 'no Resign with a friend at the table');
      screenshot('invite-friend-seated-1280x800');
      await wd.click('.actions .leave');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] .btn.primary")'), { what: 'Close the table, asked first' });
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(() => wd.exec('return !document.querySelector("[data-testid=table]")'), { what: 'the table closed' });
    } finally {
      friend.kill();
      await wd.setRect(1920, 1080);
    }
  },
};
