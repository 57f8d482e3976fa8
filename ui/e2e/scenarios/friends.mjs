// End-to-end scenarios: playing with friends: as a guest at a command-line table, and as the host.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { relay, relayOnly, relayServer, serveTable, terminalPlayer } from '../friends.mjs';
import { sleep, log, assert, screenshot, nav, select, setup, formReady, type, playFriendsMatch, CLI, cliTable, appPids, openApp } from '../helpers.mjs';

/** The Host form filled for three at 1280 × 800: Briscola, an Easy AI at seat 1, a friend's seat, you as Ann, any free port. */
async function fillHostForm(wd, tableName) {
  await setup(wd);
  await wd.setRect(1280, 800);
  await nav(wd, 'friends');
  await formReady(wd);
  await wd.click('[data-testid=host-form] label.preset:has(input[value="briscola"])');
  await formReady(wd);
  await wd.click('label.choice:has(input[name="players"][value="3"])');
  await formReady(wd);
  await select(wd, '#seat-0', 'easy');
  await select(wd, '#seat-1', 'friend');
  await type(wd, '#your-name', 'Ann');
  if (tableName) await type(wd, '#table-name', tableName);
  await type(wd, '#port', '0');
}

export const scenarios = {
  async friendsGuest(wd) {
    // Joining a table served by the command line (a host in the terminal, an Easy AI, a 12 s timer):
    // the Join form, the guest's lobby and Ready, the countdown on your turn, the host's expired
    // turn announced, the summary with a waiting note, leaving (your seat kept).
    const table = await cliTable(['--players', '3', '--ai-seats', '2=easy', '--timer', '12']);
    // The app reaches the table through a relay whose connections can be cut.
    const line = await relay(table.address);
    try {
      await setup(wd);
      await wd.setRect(1280, 800);
      await nav(wd, 'friends');
      await wd.click('.intro .tabs .btn:nth-child(2)');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=join-form]")'), { what: 'the Join form' });
      await type(wd, '#address', line.address);
      await type(wd, '#code', table.code.toLowerCase().replace('-', ' '));
      await type(wd, '#join-name', 'Bea');
      await wd.click('[data-testid=join-form] button[type=submit]');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
      const you = await wd.text('[data-testid=lobby] .seat.you');
      assert(/Bea/.test(you), `your seat in the lobby: ${you}`);
      assert(/Waiting for the host/.test(await wd.text('[data-testid=lobby]')), 'a guest waits for the host');
      screenshot('friends-guest-lobby-1280x800');
      await wd.setRect(360, 640);
      await sleep(500);
      screenshot('friends-guest-lobby-360x640');
      await wd.setRect(1280, 800);
      await wd.click('[data-testid=lobby] .mine .btn');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { timeout: 30_000, what: 'the match to start' });
      let counted = false;
      // The host's first turn runs out: the table says by the host's seat and among the hand's events
      // that it played for them, and a clock runs for every turn of the timed table.
      let playedFor = null;
      let clockSeen = false;
      const watchTable = async () => {
        clockSeen ||= await wd.exec('return !!document.querySelector("[data-testid=turn-clock]")');
        if (playedFor) return;
        playedFor = await wd.exec('return [...document.querySelectorAll("[data-testid=event-played-for], [data-testid=played-for]")].map((e) => e.textContent.trim()).find((t) => /Played for Host: time ran out/.test(t)) ?? null');
        if (playedFor) screenshot('friends-guest-played-for-1280x800');
      };
      for (let i = 0; i < 200; i++) {
        const state = await wd.waitFor(
          async () => {
            await watchTable();
            return wd.exec(`if (document.querySelector('dialog[open]')) return 'over'; const b = document.querySelector('.hand.interactive button[data-card]:not([aria-disabled])'); return b ? b.dataset.card : null;`);
          },
          { timeout: 90_000, interval: 200, what: 'your turn or the end of the match' },
        );
        if (state === 'over') break;
        if (!counted) {
          // The first time: let the table warn, and see the countdown by whose turn it is.
          await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=countdown]")'), { timeout: 15_000, what: 'the countdown' });
          counted = true;
          screenshot('friends-guest-countdown-1280x800');
          await wd.setRect(360, 640);
          await sleep(400);
          screenshot('friends-guest-countdown-360x640');
          await wd.setRect(1280, 800);
          await sleep(200);
          if (await wd.exec('return !!document.querySelector("dialog[open]")')) break;
          // The connection drops: the app says so, takes the same seat back with its token, and
          // the match goes on.
          const seat = await wd.exec('const others = [...document.querySelectorAll(".seat[data-seat]")].map((e) => Number(e.dataset.seat)); return [0, 1, 2].find((n) => !others.includes(n)) ?? null');
          line.cut();
          await wd.waitFor(() => wd.exec('return /reconnecting/i.test(document.querySelector("[data-testid=link]")?.textContent ?? "")'), { timeout: 15_000, what: 'the connection lost, shown' });
          screenshot('friends-guest-reconnecting-1280x800');
          await wd.waitFor(() => wd.exec('return !document.querySelector("[data-testid=link]")'), { timeout: 30_000, what: 'the seat taken back' });
          const back = await wd.exec('const others = [...document.querySelectorAll(".seat[data-seat]")].map((e) => Number(e.dataset.seat)); return [0, 1, 2].find((n) => !others.includes(n)) ?? null');
          assert(back === seat, `the same seat after reconnecting (${seat} → ${back})`);
          continue;
        }
        const sel = `.hand.interactive button[data-card="${state}"]`;
        await wd.click(sel).catch(() => {});
        await sleep(100);
        if (await wd.exec('return !!document.querySelector(arguments[0] + ":not([aria-disabled])")', sel)) await wd.click(sel).catch(() => {});
        await wd.waitFor(() => wd.exec('return !document.querySelector(arguments[0]) || !!document.querySelector("dialog[open]")', `.hand button[data-card="${state}"]`), { timeout: 20_000, what: `the play of ${state}` });
      }
      assert(playedFor, 'the card the table played for the host was said on the table');
      assert(clockSeen, 'a turn clock ran on the timed table');
      log('played for:', playedFor);
      const summary = await wd.text('dialog[open]');
      assert(/The match is over/.test(summary) && /Waiting for the host/.test(summary) && !/Play again/.test(summary), `a guest's summary: ${summary}`);
      screenshot('friends-guest-over-1280x800');
      await wd.click('dialog[open] .btn');
      await wd.click('.actions .talk-toggle');
      const talk = await wd.text('[data-testid=talk]');
      assert(/Time ran out for Host/.test(talk), `the host's expired turn in the log: ${talk}`);
      screenshot('friends-guest-talk-1280x800');
      await wd.click('.actions .leave');
      const ask = await wd.text('dialog[open]');
      assert(/seat is kept/.test(ask), `leaving asks first: ${ask}`);
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(() => wd.exec('return !!document.querySelector(".intro .tabs")'), { what: 'the start of Play with friends' });
    } finally {
      line.close();
      table.stop();
    }
  },

  async friends(wd) {
    // Hosting a table in the app for three: an Easy AI at seat 1 and a friend in the terminal
    // (`briscola join`) at seat 2. The Host form (port 0), the lobby with the code large, Talk both
    // ways, the match played by clicks with the friend dropping and coming back with their token,
    // the summary with Play again, the match in the history (seen from your seat, a person at 2),
    // closing the table.
    await fillHostForm(wd, 'Friday cards');
    screenshot('friends-host-1280x800');
    await wd.setRect(360, 640);
    await sleep(500);
    const go = await wd.exec('const b = document.querySelector("[data-testid=host-form] button[type=submit]").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, vh: window.innerHeight };');
    assert(go.top >= 0 && go.bottom <= go.vh, `Open the table in view at 360×640: ${JSON.stringify(go)}`);
    screenshot('friends-host-360x640');
    await wd.setRect(1280, 800);
    // The form scrolled to its end, as a player would before opening the table.
    await wd.exec('document.getElementById("main").scrollTo({ top: 1e6 })');
    await wd.click('[data-testid=host-form] button[type=submit]');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
    await sleep(300);
    const title = await wd.exec('return { top: document.getElementById("lobby-title").getBoundingClientRect().top, scrolled: document.getElementById("main").scrollTop }');
    assert(title.top >= 0 && title.scrolled === 0, `the lobby opens at its top, its title in sight: ${JSON.stringify(title)}`);
    const code = await wd.exec('const c = document.querySelector("[data-testid=table-code] .code"); const b = c.getBoundingClientRect(); return { text: c.textContent.trim(), height: b.height, size: parseFloat(getComputedStyle(c).fontSize) };');
    assert(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/.test(code.text) && code.size >= 36, `the table code, large: ${JSON.stringify(code)}`);
    const where = await wd.text('[data-testid=table-code]');
    const port = where.match(/:(\d+)/)?.[1];
    assert(port, `the address with the port: ${where}`);
    let friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code.text, ['--name', 'Bea', '--ready'], log);
    const [, token] = await friend.waitFor(/your token \(to come back with --token\): (\S+)/);
    await wd.waitFor(() => wd.exec('return /Bea/.test(document.querySelector("[data-testid=lobby]").textContent)'), { what: 'the friend in the lobby' });
    await wd.click('[data-testid=talk] .phrase');
    await wd.waitFor(() => wd.exec('return /Ann: Hello!/.test(document.querySelector("[data-testid=talk] .log").textContent)'), { what: 'the quick phrase in the log' });
    await friend.waitFor(/Ann.*Hello/i);
    friend.say('ciao a tutti');
    await wd.waitFor(() => wd.exec('return /Bea: ciao a tutti/.test(document.querySelector("[data-testid=talk] .log").textContent)'), { what: "the friend's message in Talk" });
    screenshot('friends-chat-1280x800');
    screenshot('friends-lobby-1280x800');
    await wd.setRect(360, 640);
    await sleep(500);
    // Nothing of the host's lobby (its settings box included) pushes the page sideways on a phone.
    const wide = await wd.exec('const m = document.getElementById("main"); const out = [...m.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > m.clientWidth + 0.5 && !e.closest("[hidden]")).slice(0, 6).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${Math.round(e.getBoundingClientRect().right)}`); return { page: document.documentElement.scrollWidth, main: m.scrollWidth, inner: m.clientWidth, vw: window.innerWidth, out };');
    assert(wide.page <= wide.vw && wide.main <= wide.inner, `the lobby fits 360 px across: ${JSON.stringify(wide)}`);
    screenshot('friends-lobby-360x640');
    await wd.setRect(1280, 800);
    await wd.click('[data-testid=lobby] .go-bar .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { what: 'the table' });
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".hand.interactive button[data-card]:not([aria-disabled])")'), { timeout: 30_000, what: 'your first turn' });
    screenshot('friends-table-1280x800');
    await wd.setRect(360, 640);
    await sleep(500);
    screenshot('friends-table-360x640');
    await wd.setRect(1280, 800);
    // The friend drops: the table waits for them, and shows who is away.
    friend.kill();
    await wd.waitFor(() => wd.exec('return [...document.querySelectorAll("[data-testid=seat-note]")].some((n) => /Disconnected/.test(n.textContent))'), { timeout: 30_000, what: 'the dropped friend shown' });
    await sleep(500);
    screenshot('friends-dropped-1280x800');
    // The host unsticks the table: the computer plays for Bea until she is back, and the log says so.
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=absence]")'), { what: "the host's choice for the dropped seat" });
    await wd.exec('[...document.querySelectorAll("[data-testid=absence] button")].find((b) => /Let the computer play for Bea/.test(b.textContent)).click()');
    await wd.waitFor(() => wd.exec('return [...document.querySelectorAll("[data-testid=seat-note]")].some((n) => /computer plays/i.test(n.textContent))'), { timeout: 30_000, what: 'the seat note: the computer plays for Bea' });
    await wd.click('.talk-toggle');
    screenshot('friends-talk-sheet-1280x800');
    await wd.waitFor(() => wd.exec('return /The computer \\((Easy|Medium|Hard)\\) plays for Bea until they are back/.test(document.querySelector("[data-testid=talk] .log")?.textContent ?? "")'), { what: "the host's choice in everyone's log" });
    await wd.click('.talk-toggle');
    await wd.waitFor(() => wd.exec('return !document.querySelector(".talk-panel")'), { what: 'Talk closed' });
    screenshot('friends-absence-1280x800');
    await wd.setRect(360, 640);
    await sleep(500);
    log('absence row at 360×640:', JSON.stringify(await wd.exec('return [...document.querySelectorAll("[data-testid=absence], [data-testid=absence] > *, [data-testid=absence] .absence-choices > *")].map((e) => [e.tagName, Math.round(e.getBoundingClientRect().left), Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().width)])')));
    screenshot('friends-absence-360x640');
    await wd.setRect(1280, 800);
    friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code.text, ['--token', token], log);
    await wd.waitFor(() => wd.exec('return ![...document.querySelectorAll("[data-testid=seat-note]")].some((n) => /Disconnected/.test(n.textContent))'), { timeout: 30_000, what: 'the friend back' });
    await playFriendsMatch(wd);
    const summary = await wd.text('dialog[open]');
    assert(/The match is over/.test(summary), `the match summary: ${summary}`);
    await wd.waitFor(() => wd.exec('return [...document.querySelectorAll("dialog[open] button")].some((b) => /Review/.test(b.textContent))'), { what: 'the review of the match kept in the history' });
    screenshot('friends-over-1280x800');
    const kept = (await wd.invoke('list_history', { query: { offset: 0, limit: 1, with_people: true } })).items[0];
    assert(kept && kept.seats[2]?.kind === 'person' && kept.seats[2].name === 'Bea' && kept.seats[1]?.kind === 'ai' && kept.ruleset.players === 3, `the match in the history, with Bea at seat 2: ${JSON.stringify(kept)}`);
    friend.kill();
    await wd.click('dialog[open] .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby again' });
    await wd.click('[data-testid=room] .side .leave');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open]")'), { what: 'the confirmation' });
    const ask = await wd.text('dialog[open]');
    assert(/closes for everyone/.test(ask), `closing asks first: ${ask}`);
    await wd.click('dialog[open] .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=host-form]")'), { what: 'the Host form again' });
  },

  // A guest's app killed mid-match and started again: it offers to go back to the table, and going
  // back sits you at the same seat; the match goes on to its end.
  async friendsComeBack(wd, ctx) {
    const table = await cliTable(['--players', '3', '--ai-seats', '2=easy', '--timer', '20']);
    try {
      await setup(wd);
      await wd.setRect(1280, 800);
      await nav(wd, 'friends');
      await wd.click('.intro .tabs .btn:nth-child(2)');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=join-form]")'), { what: 'the Join form' });
      await type(wd, '#address', table.address);
      await type(wd, '#code', table.code);
      await type(wd, '#join-name', 'Bea');
      await wd.click('[data-testid=join-form] button[type=submit]');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
      await wd.click('[data-testid=lobby] .mine .btn');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { timeout: 30_000, what: 'the match to start' });
      const yours = () => ctx.wd.exec('const others = [...document.querySelectorAll(".seat[data-seat]")].map((e) => Number(e.dataset.seat)); return [0, 1, 2].find((n) => !others.includes(n)) ?? null');
      const seat = await yours();
      assert(seat !== null, 'your seat at the table');
      const pids = appPids();
      assert(pids.length >= 1, 'found the app process');
      log('killing the guest app mid-match', pids.join(','));
      for (const p of pids) process.kill(p, 'SIGKILL');
      await sleep(1000);
      await wd.quit().catch(() => {});
      const again = await openApp();
      ctx.wd = again;
      // Started again, the app offers the table it was at (on Play with friends, where it opens).
      await again.waitFor(() => again.exec('return !!document.querySelector(".kept .btn.primary")'), { timeout: 20_000, what: 'the offer to go back to your table' });
      const offer = await again.text('.kept');
      assert(offer.includes(table.code), `the offer names the table: ${offer}`);
      screenshot('friends-go-back-1280x800');
      await again.click('.kept .btn.primary');
      await again.waitFor(() => again.exec('return !!document.querySelector("[data-testid=table]")'), { timeout: 30_000, what: 'the table again' });
      const back = await yours();
      assert(back === seat, `the same seat after the app was killed (${seat} → ${back})`);
      screenshot('friends-back-at-table-1280x800');
      await playFriendsMatch(again);
      const summary = await again.text('dialog[open]');
      assert(/The match is over/.test(summary), `the match played to its end: ${summary}`);
      await again.click('dialog[open] .btn');
      await again.click('.actions .leave');
      await again.click('dialog[open] .btn.primary');
      await again.waitFor(() => again.exec('return !!document.querySelector(".intro .tabs") && !document.querySelector(".kept")'), { what: 'Play with friends, nothing kept' });
    } finally {
      table.stop();
    }
  },

  // The hosting app killed mid-match and started again: the table comes back on the same port with
  // the same code and the match where it was; the friend in the terminal comes back with their
  // token, and both finish the match.
  async friendsHostRestart(wd, ctx) {
    await fillHostForm(wd, '');
    await wd.click('[data-testid=host-form] button[type=submit]');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
    const code = (await wd.text('[data-testid=table-code] .code')).trim();
    const port = (await wd.text('[data-testid=table-code]')).match(/:(\d+)/)?.[1];
    assert(port, 'the port friends join at');
    let friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code, ['--name', 'Bea', '--ready'], log);
    const [, token] = await friend.waitFor(/your token \(to come back with --token\): (\S+)/);
    await wd.waitFor(() => wd.exec('return /Bea/.test(document.querySelector("[data-testid=lobby]").textContent)'), { what: 'the friend in the lobby' });
    await wd.click('[data-testid=lobby] .go-bar .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".hand.interactive button[data-card]:not([aria-disabled])")'), { timeout: 30_000, what: 'your first turn' });
    const hand = await wd.exec('return [...document.querySelectorAll(".me .hand [data-card]")].map((b) => b.dataset.card)');
    const pids = appPids();
    assert(pids.length >= 1, 'found the app process');
    log('killing the hosting app mid-match', pids.join(','));
    for (const p of pids) process.kill(p, 'SIGKILL');
    await sleep(1000);
    await wd.quit().catch(() => {});
    friend.kill();
    const again = await openApp();
    ctx.wd = again;
    await again.waitFor(() => again.exec('return !!document.querySelector(".kept .btn.primary")'), { timeout: 20_000, what: 'the offer to go back to the table you host' });
    const offer = await again.text('.kept');
    assert(offer.includes(code), `the offer names the table: ${offer}`);
    await again.click('.kept .btn.primary');
    await again.waitFor(() => again.exec('return !!document.querySelector("[data-testid=table]")'), { timeout: 30_000, what: 'the table again' });
    const where = await again.text('[data-testid=room]');
    assert(!/another port/i.test(where), `the table listens on the same port again: ${where.slice(0, 200)}`);
    const handAgain = await again.exec('return [...document.querySelectorAll(".me .hand [data-card]")].map((b) => b.dataset.card)');
    assert(JSON.stringify(handAgain) === JSON.stringify(hand), `the match where it was: ${hand} → ${handAgain}`);
    screenshot('friends-host-back-1280x800');
    friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code, ['--token', token], log);
    await playFriendsMatch(again);
    const summary = await again.text('dialog[open]');
    assert(/The match is over/.test(summary), `the match played to its end: ${summary}`);
    friend.kill();
    await again.click('dialog[open] .btn');
    await again.click('.actions .leave');
    await again.click('dialog[open] .btn.primary');
    await again.waitFor(() => again.exec('return !!document.querySelector(".intro .tabs") && !document.querySelector(".kept")'), { what: 'Play with friends, nothing kept' });
  },
  async friendsRelay(wd, ctx) {
    // Friends elsewhere, through a relay anyone runs (`briscola relay` on loopback): the relay set in
    // Settings; the app hosts, its lobby says friends elsewhere come through the relay and shows the
    // invitation; a terminal friend joins with it through the relay only (its addresses taken out)
    // and the match is played to its end. Then the app joins a table `briscola serve --relay` hosts,
    // from its invitation pasted into the Join form, through the relay only.
    const relay = await relayServer(CLI, log);
    const at = `ws://${relay.address}`;
    let friend = null;
    let served = null;
    try {
      await setup(wd);
      await wd.exec('const e = document.querySelector("#relay-setting"); e.value = arguments[0]; e.dispatchEvent(new Event("change", { bubbles: true }));', at);
      await wd.waitFor(async () => (await wd.invoke('get_preferences')).relay === at, { what: 'the relay kept in the settings' });
      screenshot('friends-relay-settings-1280x800');
      await fillHostForm(wd, 'Far away');
      await wd.exec('document.getElementById("main").scrollTo({ top: 1e6 })');
      await wd.click('[data-testid=host-form] button[type=submit]');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
      await wd.waitFor(() => wd.exec('return /through the relay/.test(document.querySelector("[data-testid=reach]")?.textContent ?? "")'), { timeout: 20_000, what: 'the lobby saying friends elsewhere come through the relay' });
      const reach = await wd.text('[data-testid=reach]');
      assert(/Port mapping is off/.test(reach), `why not a port mapping: ${reach}`);
      const invitation = await wd.text('[data-testid=invitation]');
      assert(invitation.startsWith('briscola://join?code=') && invitation.includes(`relay=${at}`), `the invitation holds the code and the relay: ${invitation}`);
      screenshot('friends-relay-lobby-1280x800');
      await wd.setRect(360, 640);
      await sleep(500);
      const wide = await wd.exec('const m = document.getElementById("main"); return { page: document.documentElement.scrollWidth, vw: window.innerWidth, main: m.scrollWidth, inner: m.clientWidth };');
      assert(wide.page <= wide.vw && wide.main <= wide.inner, `the invitation fits 360 px across: ${JSON.stringify(wide)}`);
      screenshot('friends-relay-lobby-360x640');
      await wd.setRect(1280, 800);
      friend = terminalPlayer(CLI, relayOnly(invitation), null, ['--name', 'Bea', '--ready'], log);
      await friend.waitFor(/relay/i);
      await wd.waitFor(() => wd.exec('return /Bea/.test(document.querySelector("[data-testid=lobby]").textContent)'), { what: 'the friend through the relay in the lobby' });
      await wd.click('[data-testid=lobby] .go-bar .btn.primary');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { what: 'the table' });
      await playFriendsMatch(wd);
      assert(/The match is over/.test(await wd.text('dialog[open]')), 'the match through the relay played to its end');
      friend.kill();
      friend = null;
      await wd.click('dialog[open] .btn');
      await wd.click('.actions .leave');
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(() => wd.exec('return !!document.querySelector(".intro .tabs")'), { what: 'Play with friends again' });
      // Joining a relayed table from its invitation, pasted.
      served = await serveTable(CLI, ['--host', 'Host', '--players', '2', '--relay', at], log);
      const [, line] = await served.waitFor(/^invitation (\S+)/);
      assert(line.includes('relay='), `the served table's invitation holds the relay: ${line}`);
      const host = terminalPlayer(CLI, served.address, served.code, ['--token-file', served.tokenFile, '--start'], log);
      await wd.click('.intro .tabs .btn:nth-child(2)');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=join-form]")'), { what: 'the Join form' });
      await type(wd, '#address', `Join my table: ${relayOnly(line)} see you!`);
      await wd.waitFor(() => wd.exec('return !document.querySelector("#code")'), { what: 'the code field gone: the invitation holds it' });
      await type(wd, '#join-name', 'Bea');
      screenshot('friends-relay-join-1280x800');
      await wd.click('[data-testid=join-form] button[type=submit]');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { timeout: 30_000, what: 'the lobby of the relayed table' });
      await wd.click('[data-testid=lobby] .mine .btn');
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { timeout: 30_000, what: 'the match to start' });
      await playFriendsMatch(wd);
      assert(/The match is over/.test(await wd.text('dialog[open]')), 'the relayed match played to its end');
      host.kill();
      await wd.click('dialog[open] .btn');
      await wd.click('.actions .leave');
      await wd.click('dialog[open] .btn.primary').catch(() => {});
    } finally {
      friend?.kill();
      served?.stop();
      relay.stop();
    }
  },
};
