#!/usr/bin/env node
// End-to-end tests of the real app (Tauri + WebKitGTK) through tauri-driver.
//
//   npm run e2e                       (from ui/; builds nothing: build the app first)
//   BRISCOLA_APP_BIN=/path/to/briscola-app npm run e2e
//   E2E_ONLY=keyboard,replay npm run e2e   (a subset of the scenarios, by name)
//   E2E_PORT=4454 npm run e2e             (tauri-driver on another port, and the native driver on
//                                          the next one, so two runs can share a machine)
//
// Outside a display it re-runs itself under `dbus-run-session -- xvfb-run` (1920x1080x24).
// Every run gets a fresh data folder (BRISCOLA_DATA_DIR, read by briscola_store::data_dir).
// The helpers (driver, app, waits, screenshots, IPC) are in helpers.mjs, the scenarios in
// scenarios/*.mjs, one file per group; this file runs them in order and reports.
// Screenshots (ImageMagick `import` of the Xvfb screen) go to ui/e2e/artifacts/.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

if (!process.env.E2E_INNER) {
  // Re-run inside a virtual display and a private D-Bus session.
  const r = spawnSync(
    'dbus-run-session',
    ['--', 'xvfb-run', '-a', '-s', '-screen 0 1920x1080x24', 'env', 'E2E_INNER=1', 'NO_AT_BRIDGE=1', 'WEBKIT_DISABLE_COMPOSITING_MODE=1', process.execPath, fileURLToPath(import.meta.url)],
    { stdio: 'inherit', env: process.env },
  );
  process.exit(r.status ?? 1);
}

// Loaded only inside the display: the helpers check the binary and make the data folder.
const { BIN, ONLY, dataDir, log, assert, startDriver, stopDriver, screenshot, openApp, cspViolations } = await import('./helpers.mjs');
// The scenario groups, run in this order (later ones rely on the history earlier ones made).
const groups = await Promise.all([
  import('./scenarios/basics.mjs'),
  import('./scenarios/play.mjs'),
  import('./scenarios/preferences.mjs'),
  import('./scenarios/match.mjs'),
  import('./scenarios/history.mjs'),
  import('./scenarios/storage.mjs'),
  import('./scenarios/stats.mjs'),
  import('./scenarios/friends.mjs'),
]);
const scenarios = Object.assign({}, ...groups.map((g) => g.scenarios));

const results = [];

async function main() {
  log('app', BIN, 'data', dataDir);
  await startDriver();
  const names = Object.keys(scenarios).filter((n) => !ONLY.length || ONLY.includes(n));
  for (const name of names) {
    const ctx = { wd: null };
    const t0 = Date.now();
    try {
      ctx.wd = await openApp();
      await scenarios[name](ctx.wd, ctx);
      const csp = await cspViolations(ctx.wd);
      assert(csp.length === 0, `no CSP violations: ${JSON.stringify(csp)}`);
      results.push({ name, ok: true, s: (Date.now() - t0) / 1000 });
      log('PASS', name);
    } catch (e) {
      results.push({ name, ok: false, s: (Date.now() - t0) / 1000, error: e.message });
      log('FAIL', name, e.message);
      screenshot(`fail-${name}`);
    } finally {
      await ctx.wd?.quit();
    }
  }
}

try {
  await main();
} finally {
  stopDriver();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log('\nE2E results');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(10)} ${r.s.toFixed(1)}s${r.error ? `  ${r.error}` : ''}`);
process.exit(results.length && results.every((r) => r.ok) ? 0 : 1);
