// End-to-end scenarios: the first look: the settings (and the CSP check itself), a match by keyboard and one by clicks.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { sleep, log, assert, screenshot, cspViolations, nav, setup, newGame, matchState, playOut, SINGLE, BEST_OF_3 } from '../helpers.mjs';

export const scenarios = {
  async settings(wd) {
    await setup(wd);
    // Positive control: an inline <style> must be reported by the CSP listener.
    await wd.exec(`const s = document.createElement('style'); s.textContent = 'body{}'; document.head.appendChild(s); s.remove();`);
    await sleep(300);
    const v = await cspViolations(wd);
    assert(v.some((x) => x.startsWith('style-src')), `the CSP check works (inline <style> reported): ${JSON.stringify(v)}`);
    await wd.exec('window.__csp = []');
  },

  async keyboard(wd) {
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: BEST_OF_3 });
    const s = await playOut(wd, { how: 'keyboard', untilMatch: true });
    assert(s.over && !s.resigned, 'the match is over');
    const title = await wd.text('dialog[open] h2');
    assert(/match is over/i.test(title), `match summary shown: ${title}`);
    const outcome = await wd.text('dialog[open] .outcome');
    log('keyboard match:', outcome, (await wd.text('[data-testid=table] .scoreboard')).replace(/\s+/g, ' '));
    screenshot('match-summary-desktop');
    const page = await wd.invoke('list_history', { query: { offset: 0, limit: 10 } });
    assert(page.total >= 1, 'a history entry');
    await wd.click('dialog[open] .btn.primary'); // Play again
    await wd.waitFor(async () => (await matchState(wd))?.over === false, { what: 'play again' });
    await nav(wd, 'history');
    await wd.waitFor(async () => (await wd.findAll('.list li')).length >= 1, { what: 'the history list' });
    const first = await wd.text('.list li');
    log('history entry:', first.replace(/\s+/g, ' '));
    assert(/Briscola/.test(first), 'history lists the Briscola match');
    // A best-of-3 row counts hands won (at most 2 for the winner), not card points summed.
    const score = await wd.text('.list li [data-testid=history-score]');
    const m = /^Hands (\d+)–(\d+)$/.exec(score);
    assert(m && Math.max(Number(m[1]), Number(m[2])) === 2, `the best-of-3 row shows hands won: ${score}`);
    screenshot('history-desktop');
  },

  async clicks(wd) {
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    // Counted after the start: a match left unfinished by an earlier scenario is resigned into the history.
    const before = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    const s = await playOut(wd, { how: 'click', untilMatch: true });
    assert(s.over && s.hand === 1, 'the single-hand match is over');
    const after = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    assert(after === before + 1, `one more history entry (${before} → ${after})`);
  },
};
