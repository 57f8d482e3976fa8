// End-to-end scenarios: finished matches: their review and their replay.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { sleep, log, assert, screenshot, nav, setup, newGame, playOut, SINGLE } from '../helpers.mjs';

export const scenarios = {
  async review(wd) {
    // Finish a short match, review it from the end-of-match summary, step to the next mistake.
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    const end = await playOut(wd, { how: 'click', untilMatch: true });
    assert(end.over, 'the match is over');
    // Review is offered once the match is in the history: the latest entry.
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=summary-review]")'), { what: 'Review in the summary' });
    const id = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).items[0].id;
    await wd.click('[data-testid=summary-review]');
    // The progress bar while the shell reviews (the window stays responsive: the bar updates).
    const seen = await wd.waitFor(() => wd.exec('const p = document.querySelector("[data-testid=review-progress] progress"); return p ? "progress" : document.querySelector("[data-testid=review-panel]") ? "done" : null'), { timeout: 60_000, interval: 100, what: 'the review to start' });
    if (seen === 'progress') {
      screenshot('review-progress');
      await wd.waitFor(() => wd.exec('return Number(document.querySelector("[data-testid=review-progress] progress")?.value ?? 0) > 0 || !!document.querySelector("[data-testid=review-panel]")'), { timeout: 120_000, what: 'review progress' });
    }
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=review-panel]")'), { timeout: 600_000, interval: 500, what: 'the review' });
    const stored = await wd.invoke('get_review', { id: id });
    assert(stored && stored.hands.length === 1 && stored.hands[0].decisions.length > 0, 'the review is stored with the match');
    const marks = await wd.exec('return document.querySelectorAll("[data-testid=review-marks] button").length');
    const rated = stored.hands[0].decisions.filter((d) => d.verdict.kind === 'rated').length;
    assert(marks === rated, `a mark on the timeline per rated decision (${marks}, ${rated})`);
    const next = await wd.exec('return !document.querySelector("[data-testid=next-mistake]").disabled');
    if (next) {
      await wd.click('[data-testid=next-mistake]');
      await sleep(400);
      const text = await wd.text('[data-testid=review-decision]');
      assert(/Inaccuracy|Mistake|Blunder/.test(text), `the next mistake is shown: ${text}`);
      // The cost in the player's units, each labelled: never the search's value as bare "points".
      const cost = await wd.text('[data-testid=review-cost]');
      assert(/chance of winning|expected card points|card points?, not the/.test(cost) && !/^−[\d.]+ points/.test(cost), `the cost is labelled: ${cost}`);
      const reason = await wd.text('[data-testid=review-reason]');
      assert(reason.length > 10 && !/\{\w+\}/.test(reason), `its reason is worded: ${reason}`);
      const cards = await wd.exec('return document.querySelectorAll("[data-testid=review-decision] [data-card]").length');
      assert(cards === 2 || !/^[A2-9JQK][dcsb]$/.test(stored.hands[0].decisions[0].action), `played and better card side by side (${cards})`);
      const mistakes = stored.hands[0].decisions.filter((d) => ['inaccuracy', 'mistake', 'blunder'].includes(d.verdict.mark)).length;
      const first = await wd.text('.where');
      if (mistakes > 1) {
        await wd.click('[data-testid=next-mistake]');
        await sleep(300);
        assert((await wd.text('.where')) !== first, 'next mistake steps on');
        await wd.click('[data-testid=review-panel] .nav .btn:not(.primary)');
        await sleep(300);
        assert((await wd.text('.where')) === first, 'previous mistake steps back');
      }
    } else {
      log('review: no mistake in this match; stepping to a rated move instead');
      await wd.click('[data-testid=review-marks] button');
      await sleep(400);
    }
    screenshot('review-next-mistake');
    await wd.setRect(360, 640);
    await sleep(800);
    await wd.exec('document.querySelector("[data-testid=review-panel]").scrollIntoView()');
    screenshot('review-phone');
    await wd.setRect(1920, 1080);
    // Reopening is instant: the stored review answers.
    const t0 = Date.now();
    const again = await wd.invoke('start_review', { id: id });
    assert(JSON.stringify(again) === JSON.stringify(stored), 'the stored review answers a second start');
    log(`review: ${rated} rated decisions; reopening took ${Date.now() - t0} ms`);
    await nav(wd, 'stats');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=review-stats]")'), { what: 'the review statistics' });
    const statsText = await wd.text('[data-testid=review-stats]');
    assert(/Matches reviewed\s*1/.test(statsText), `statistics count the review: ${statsText.slice(0, 120)}`);
    await wd.exec('document.querySelector("[data-testid=review-stats]").scrollIntoView()');
    await sleep(1200);
    screenshot('review-stats');
  },

  async replay(wd) {
    await setup(wd);
    await nav(wd, 'history');
    await wd.waitFor(async () => (await wd.findAll('.list li')).length >= 1, { what: 'history entries' });
    await wd.click('.list li .btn');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("section[aria-label=Replay], [role=region][aria-label=Replay]")'), { what: 'the replay' });
    const where1 = await wd.text('.where');
    await wd.click('.replay button[aria-label="Next card"]');
    await sleep(300);
    const where2 = await wd.text('.where');
    assert(where1 !== where2, `the replay steps (${where1} → ${where2})`);
    screenshot('replay-desktop');
  },
};
