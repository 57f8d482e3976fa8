// End-to-end scenarios: the Statistics screen, against the history the earlier scenarios made.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { sleep, assert, screenshot, nav, setup } from '../helpers.mjs';

export const scenarios = {
  async stats(wd) {
    await setup(wd);
    await nav(wd, 'stats');
    await wd.waitFor(() => wd.exec('return document.querySelectorAll("canvas").length >= 3 && !!document.querySelector(".kpi .v")'), { what: 'the charts' });
    const played = Number(await wd.text('.kpi .v'));
    const total = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    assert(played === total && played >= 1, `matches played = history total (${played}, ${total})`);
    await sleep(500);
    screenshot('stats-desktop');
  },
};
