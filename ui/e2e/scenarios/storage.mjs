// End-to-end scenarios: a data folder the app cannot use: not saving, and held by another process.
// Run in order by run.mjs; each gets a fresh window on the run's shared data folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { dataDir, log, assert, screenshot, openApp, newGame, SINGLE } from '../helpers.mjs';

export const scenarios = {
  async notSaving(wd, ctx) {
    // An unusable data folder (a folder where the database should be): the app still opens,
    // says so in a banner and in the warnings, and plays.
    await wd.quit();
    ctx.wd = null;
    const database = join(dataDir, 'briscola.sqlite');
    const aside = join(dataDir, 'briscola.sqlite.e2e-aside');
    const moved = existsSync(database);
    if (moved) renameSync(database, aside);
    mkdirSync(database);
    try {
      const w = (ctx.wd = await openApp());
      await w.waitFor(() => w.exec('return !!document.querySelector(".not-saving")'), { what: 'the not-saving banner' });
      const warnings = await w.invoke('store_warnings');
      assert(warnings.some((x) => x.id === 'not-saving' && x.problem === 'wrong-kind'), `not-saving warning: ${JSON.stringify(warnings)}`);
      const worded = await w.text('.warnings li');
      assert(worded.length > 20 && !/warning\.|\{\w+\}/.test(worded), `the warning is worded: ${worded}`);
      screenshot('not-saving');
      await newGame(w, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
      assert(await w.exec('return !!document.querySelector(".not-saving")'), 'the banner stays while playing');
    } finally {
      rmSync(database, { recursive: true, force: true });
      if (moved) renameSync(aside, database);
    }
  },

  async folderInUse(wd, ctx) {
    // Another process holds the database (an exclusive transaction, in its own process): the
    // window still opens within seconds, without saving, saying the data is in use.
    await wd.quit();
    ctx.wd = null;
    const hold = 'import sqlite3, sys, time\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\nc.execute("BEGIN EXCLUSIVE")\nprint("held", flush=True)\ntime.sleep(120)\n';
    const holder = spawn('python3', ['-c', hold, join(dataDir, 'briscola.sqlite')], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      await new Promise((done) => holder.stdout.once('data', done));
      const started = Date.now();
      const w = (ctx.wd = await openApp());
      await w.waitFor(() => w.exec('return !!document.querySelector(".not-saving")'), { what: 'the not-saving banner' });
      const seconds = (Date.now() - started) / 1000;
      const warnings = await w.invoke('store_warnings');
      assert(warnings.some((x) => x.id === 'not-saving' && x.problem === 'in-use'), `in-use warning: ${JSON.stringify(warnings)}`);
      const worded = await w.text('.warnings li');
      assert(worded.length > 20 && !/warning\.|\{\w+\}/.test(worded), `the warning is worded: ${worded}`);
      log('folder in use: window and banner after', seconds.toFixed(1), 's');
      screenshot('folder-in-use');
    } finally {
      holder.kill();
    }
  },
};
