#!/usr/bin/env node
// What a history costs the real app at start-up: for each data folder given, starts the app through
// tauri-driver (three times), and measures the time from the launch to the first paint of the app's
// screen (its navigation drawn), the History screen's first page, the Statistics queries, and the
// app's peak resident memory (VmHWM) after the History and Statistics screens were shown.
// A measurement, not a test: it prints the figures (median of the runs) and asserts nothing.
//
//   cargo run --release -p briscola-store --example bench_history -- --keep /tmp/histories
//   BRISCOLA_APP_BIN=../target/release/briscola-app node e2e/startup.mjs /tmp/histories/empty /tmp/histories/full
//
// Each folder is copied to a fresh temporary folder for every run, so every run starts from the
// same history. Outside a display it re-runs itself under `dbus-run-session -- xvfb-run`.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebDriver } from './webdriver.mjs';

if (!process.env.E2E_INNER) {
  const r = spawnSync(
    'dbus-run-session',
    ['--', 'xvfb-run', '-a', '-s', '-screen 0 1920x1080x24', 'env', 'E2E_INNER=1', 'NO_AT_BRIDGE=1', 'WEBKIT_DISABLE_COMPOSITING_MODE=1', process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    { stdio: 'inherit', env: process.env },
  );
  process.exit(r.status ?? 1);
}

const here = dirname(fileURLToPath(import.meta.url));
const BIN = resolve(here, '..', process.env.BRISCOLA_APP_BIN ?? '../target/release/briscola-app');
const DRIVER = process.env.TAURI_DRIVER ?? 'tauri-driver';
const PORT = Number(process.env.E2E_PORT ?? 4464);
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const folders = process.argv.slice(2);
if (!existsSync(BIN) || folders.length === 0) {
  console.error('usage: BRISCOLA_APP_BIN=path/to/briscola-app node e2e/startup.mjs DATA_DIR...');
  process.exit(2);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The app processes started by `driver` (by executable and ancestry). */
function appPid(driver) {
  const bin = realpathSync(BIN);
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    try {
      if (readlinkSync(`/proc/${p}/exe`).replace(/ \(deleted\)$/, '') !== bin) continue;
    } catch {
      continue;
    }
    let pid = Number(p);
    for (let i = 0; i < 10 && pid > 1; i++) {
      if (pid === driver.pid) return Number(p);
      try {
        pid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);
      } catch {
        break;
      }
    }
  }
  return null;
}

/** Peak resident memory of `pid` and of the WebKit processes it started, in MiB. */
function peakMiB(pid) {
  const hwm = (p) => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  const children = (p) => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return { app: hwm(pid), webkit: children(pid).reduce((sum, c) => sum + hwm(c), 0) };
}

/** Milliseconds one shell command takes, timed in the page around the IPC call. */
async function timed(wd, cmd, args) {
  return wd.execAsync(
    `const done = arguments[arguments.length - 1];
     const t = performance.now();
     window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(
       () => done(performance.now() - t), (e) => done('error: ' + JSON.stringify(e)));`,
    cmd,
    args,
  );
}

async function once(folder) {
  const data = mkdtempSync(join(tmpdir(), 'briscola-startup-'));
  cpSync(folder, data, { recursive: true });
  const driver = spawn(DRIVER, ['--port', String(PORT), '--native-port', String(PORT + 1)], {
    env: { ...process.env, BRISCOLA_DATA_DIR: data },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await sleep(2000);
    const wd = new WebDriver(`http://127.0.0.1:${PORT}`);
    const launched = Date.now();
    await wd.start(BIN);
    await wd.waitFor(() => wd.exec('return !!document.querySelector("nav#nav a")'), { interval: 20, what: 'the first paint' });
    const paint = Date.now() - launched;
    const page = await timed(wd, 'list_history', { query: { offset: 0, limit: 50 } });
    await wd.click('nav#nav a[href="#/history"]');
    await wd.waitFor(() => wd.exec('return document.querySelectorAll(".list li").length > 0 || !!document.querySelector(".empty")'), { what: 'the history screen' }).catch(() => {});
    const stats = await timed(wd, 'history_stats', { withPeople: false });
    const reviews = await timed(wd, 'review_stats', {});
    await wd.click('nav#nav a[href="#/stats"]');
    await sleep(1500);
    const memory = peakMiB(appPid(driver));
    await wd.quit();
    return { paint, page, stats, reviews, ...memory };
  } finally {
    try {
      process.kill(-driver.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    rmSync(data, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const folder of folders) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(folder));
  const m = (key) => median(runs.map((r) => r[key]));
  console.log(
    `${folder}: first paint ${m('paint')} ms, History's first page ${m('page').toFixed(1)} ms, ` +
      `history_stats ${m('stats').toFixed(1)} ms, review_stats ${m('reviews').toFixed(1)} ms, ` +
      `peak RSS app ${m('app').toFixed(1)} MiB + WebKit ${m('webkit').toFixed(1)} MiB (median of ${RUNS})`,
  );
}
