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
// Screenshots (ImageMagick `import` of the Xvfb screen) go to ui/e2e/artifacts/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebDriver, KEY } from './webdriver.mjs';
import { relay, serveTable, terminalPlayer } from './friends.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const uiDir = resolve(here, '..');
const artifacts = join(here, 'artifacts');

if (!process.env.E2E_INNER) {
  // Re-run inside a virtual display and a private D-Bus session.
  const r = spawnSync(
    'dbus-run-session',
    ['--', 'xvfb-run', '-a', '-s', '-screen 0 1920x1080x24', 'env', 'E2E_INNER=1', 'NO_AT_BRIDGE=1', 'WEBKIT_DISABLE_COMPOSITING_MODE=1', process.execPath, fileURLToPath(import.meta.url)],
    { stdio: 'inherit', env: process.env },
  );
  process.exit(r.status ?? 1);
}

const BIN = resolve(uiDir, process.env.BRISCOLA_APP_BIN ?? '../target/debug/briscola-app');
const DRIVER = process.env.TAURI_DRIVER ?? 'tauri-driver';
const ONLY = (process.env.E2E_ONLY ?? '').split(',').filter(Boolean);
const PORT = Number(process.env.E2E_PORT ?? 4444);
if (!existsSync(BIN)) {
  console.error(`e2e: app binary not found: ${BIN} (build it with \`cargo build -p briscola-app\` or set BRISCOLA_APP_BIN)`);
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'briscola-e2e-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[e2e ${new Date().toISOString().slice(11, 19)}]`, ...a);

function assert(cond, msg) {
  if (!cond) throw new Error(`assertion failed: ${msg}`);
}

// ---------- tauri-driver and the app process ----------

let driver = null;
async function startDriver() {
  driver = spawn(DRIVER, ['--port', String(PORT), '--native-port', String(PORT + 1)], { env: { ...process.env, BRISCOLA_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  driver.stderr.on('data', (d) => process.env.E2E_VERBOSE && process.stderr.write(d));
  await sleep(3000);
}
function stopDriver() {
  if (driver && driver.exitCode === null) {
    try {
      process.kill(-driver.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    spawnSync('sleep', ['0.5']);
    try {
      process.kill(-driver.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  driver = null;
}

/** Pids of the app binary started under our tauri-driver (checked by executable and ancestry). */
function appPids() {
  const bin = realpathSync(BIN);
  const out = [];
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    let exe;
    try {
      exe = readlinkSync(`/proc/${p}/exe`).replace(/ \(deleted\)$/, '');
    } catch {
      continue;
    }
    if (exe !== bin) continue;
    let pid = Number(p);
    for (let i = 0; i < 10 && pid > 1; i++) {
      if (pid === driver?.pid) {
        out.push(Number(p));
        break;
      }
      try {
        pid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]);
      } catch {
        break;
      }
    }
  }
  return out;
}

function screenshot(name) {
  const file = join(artifacts, `${name}.png`);
  spawnSync('import', ['-window', 'root', file]);
  log('screenshot', file);
  return file;
}

// ---------- app helpers ----------

async function openApp() {
  const wd = new WebDriver(`http://127.0.0.1:${PORT}`);
  await wd.start(BIN);
  await wd.setRect(1920, 1080).catch(() => {});
  await wd.waitFor(() => wd.exec('return !!document.querySelector("nav#nav a") && !!window.__TAURI_INTERNALS__'), { what: 'the app to load' });
  // Collect CSP violations from now on.
  await wd.exec(`window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`);
  return wd;
}

async function cspViolations(wd) {
  return wd.exec('return window.__csp || []');
}

async function nav(wd, screen) {
  await wd.click(`nav#nav a[href="#/${screen}"]`);
  await sleep(300);
}

/** Sets a <select> through its option (falls back to a change event). */
async function select(wd, css, value) {
  try {
    await wd.click(`${css} option[value="${value}"]`);
  } catch {
    await wd.exec(`const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`, css, value);
  }
  const v = await wd.exec('return document.querySelector(arguments[0]).value', css);
  if (v !== value) await wd.exec(`const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`, css, value);
}

async function setup(wd) {
  await nav(wd, 'settings');
  await select(wd, '#lang', 'en');
  await wd.click('input[name="speed"][value="instant"]');
  await sleep(300);
}

/** Fills the New game form through the UI and starts; resigns an unfinished match if asked. */
async function newGame(wd, { preset, players, levels, format }) {
  await nav(wd, 'new');
  await wd.click(`label.preset:has(input[value="${preset}"])`);
  await formReady(wd);
  await wd.click(`label.choice:has(input[name="players"][value="${players}"])`);
  await formReady(wd);
  for (let i = 0; i < players - 1; i++) await select(wd, `#ai-${i}`, levels[Math.min(i, levels.length - 1)]);
  // The formats on offer are the shell's: pick the kind by its place in the list, then its length.
  const info = (await wd.invoke('list_presets')).find((p) => p.preset === preset);
  const index = info.formats.findIndex((c) => c.format.kind === format.kind);
  const value = format.hands ?? format.target;
  assert(index >= 0 && (value === undefined || info.formats[index].values.includes(value)), `${preset} offers ${JSON.stringify(format)}`);
  await select(wd, '#format', String(index));
  if (info.formats[index].values.length > 1) await select(wd, '#format-value', String(value));
  await wd.click('button[type="submit"]');
  await sleep(500);
  // The only dialog the New game form can open: "resign the match in progress?" (in any language).
  const resign = await wd.exec(`return !!document.querySelector('dialog[open] .btn.primary');`);
  if (resign) await wd.click('dialog[open] .btn.primary');
  await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=table]")'), { what: 'the table' });
  const g = await wd.invoke('current_game');
  assert(g && g.setup.ruleset.preset === preset && g.setup.ruleset.players === players, `a new ${preset} match for ${players}`);
  return g;
}

/** Waits until the New game form has the shell's answer to its last change. */
async function formReady(wd) {
  await wd.waitFor(() => wd.exec('const f = document.querySelector("form[aria-busy]"); return !!f && f.getAttribute("aria-busy") === "false" && !!document.querySelector("#format option")'), { what: 'the New game form' });
}

/** Waits until the UI shows the shell's latest view and it is your move (or the hand/match is over). */
async function waitMyTurn(wd) {
  return wd.waitFor(
    async () => {
      const g = await wd.invoke('current_game');
      const shown = await wd.exec('const e = document.querySelector("[data-testid=table]"); return e ? Number(e.dataset.version) : -1');
      if (!g || shown !== g.version) return null;
      if (g.outcome || g.awaiting_next_hand) return g;
      if (!g.ai_to_move && g.observation.legal_actions.length) {
        const ready = await wd.exec('return !!document.querySelector(".hand.interactive button[data-card]:not([aria-disabled])") || !!document.querySelector("dialog[open] .btn")');
        return ready ? g : null;
      }
      return null;
    },
    { timeout: 60_000, interval: 200, what: 'your turn' },
  );
}

/** Plays one of your legal cards by keyboard (digit + Enter) or by two clicks. */
async function playCard(wd, g, how) {
  const hand = g.observation.hand;
  const legal = g.observation.legal_actions.filter((a) => /^[A2-9JQK][dcsb]$/.test(a));
  const card = legal[0];
  const before = g.version;
  if (how === 'keyboard') {
    const idx = hand.indexOf(card);
    await wd.exec('document.getElementById("main").focus()');
    await wd.keys(String(idx + 1), KEY.Enter);
  } else {
    const sel = `.hand.interactive button[data-card="${card}"]`;
    await wd.click(sel);
    await sleep(100);
    const still = await wd.exec('return !!document.querySelector(arguments[0])', sel);
    if (still) await wd.click(sel).catch(() => {});
  }
  await wd.waitFor(async () => (await wd.invoke('current_game')).version !== before, { what: `the play of ${card}` });
  return card;
}

/** Plays until the hand (or the match, if `untilMatch`) is over; `onTurn` may act first. */
async function playOut(wd, { how, untilMatch, onTurn, maxMoves = 400 }) {
  let hands = 0;
  for (let i = 0; i < maxMoves; i++) {
    const g = await waitMyTurn(wd);
    if (g.outcome) return g;
    if (g.awaiting_next_hand) {
      hands++;
      await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] .btn.primary")'), { what: 'the hand summary' });
      if (!untilMatch) return g;
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(async () => !(await wd.invoke('current_game')).awaiting_next_hand, { what: 'the next hand' });
      continue;
    }
    if (onTurn && (await onTurn(g))) continue;
    if (g.observation.phase === 'bidding' || g.observation.phase === 'calling') {
      await wd.click('dialog[open] .btn');
      continue;
    }
    await playCard(wd, g, how);
  }
  throw new Error('too many moves');
}

/**
 * Plays single-hand Brisca matches by clicks ("Play again" between them) until `done()` or `rounds`
 * matches; `onTurn(g, round)` may act first on each of your turns (as in `playOut`).
 */
async function briscaRounds(wd, rounds, done, onTurn) {
  for (let round = 0; round < rounds && !done(); round++) {
    if (round > 0) {
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(async () => !(await wd.invoke('current_game')).outcome, { what: 'play again' });
    }
    await playOut(wd, { how: 'click', untilMatch: true, onTurn: (g) => onTurn(g, round) });
  }
}

/** Collects every screen-reader announcement from now on in `window.__live` (the region keeps only the last few). */
async function listenLive(wd) {
  await wd.exec(`window.__live = []; new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__live.push(n.textContent)))).observe(document.querySelector('[aria-live][role=log]'), { childList: true, subtree: true });`);
}

/** Resign is on screen (360 × 640) with the page not scrolled; screenshot `name`. */
async function resignInView(wd, name) {
  await wd.exec('document.getElementById("main").scrollTop = 0');
  await sleep(500);
  const r = await wd.exec('const b = document.querySelector(".actions .resign").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, vw: window.innerWidth, vh: window.innerHeight, scrolled: document.getElementById("main").scrollTop, tall: document.getElementById("main").scrollHeight };');
  assert(r.scrolled === 0 && r.top >= 0 && r.bottom <= r.vh && r.left >= 0 && r.right <= r.vw, `Resign in view at 360×640 without scrolling: ${JSON.stringify(r)}`);
  log('resign on the phone:', JSON.stringify(r));
  screenshot(name);
}

/** Every element matching `css` lies inside the viewport (not scrolled away); their rectangles. */
async function inViewport(wd, css, what) {
  const rs = await wd.exec(`return [...document.querySelectorAll(arguments[0])].map((e) => { const b = e.getBoundingClientRect(); return { text: (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24), top: Math.round(b.top), bottom: Math.round(b.bottom), left: Math.round(b.left), right: Math.round(b.right) }; })`, css);
  const { vw, vh } = await wd.exec('return { vw: window.innerWidth, vh: window.innerHeight }');
  assert(rs.length > 0, `${what}: found (${css})`);
  const out = rs.filter((r) => r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5);
  assert(out.length === 0, `${what} inside the ${vw}×${vh} viewport: ${JSON.stringify(out)}`);
  return rs;
}

/** Every element matching `css` lies inside `box` (no part scrolled or clipped out of it). */
async function insideOf(wd, css, box, what) {
  const [b, rs] = await wd.exec(`const b = document.querySelector(arguments[1]).getBoundingClientRect(); return [{ top: b.top, bottom: b.bottom, left: b.left, right: b.right }, [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect(); return { text: (e.textContent || '').trim().slice(0, 24), top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })]`, css, box);
  assert(rs.length > 0, `${what}: found (${css})`);
  const out = rs.filter((r) => r.top < b.top - 0.5 || r.left < b.left - 0.5 || r.bottom > b.bottom + 0.5 || r.right > b.right + 0.5);
  assert(out.length === 0, `${what} inside ${box} (${JSON.stringify(b)}): ${JSON.stringify(out)}`);
}

/** Where seat `seat`'s box sits round the table's centre: 'across' (above it), else 'left' or 'right'. */
async function sideOf(wd, seat) {
  return wd.exec(`const s = document.querySelector('.seat[data-seat="' + arguments[0] + '"]').getBoundingClientRect(); const c = document.querySelector('.table .center').getBoundingClientRect(); if (s.bottom <= c.top + 2) return 'across'; return (s.left + s.right) / 2 < (c.left + c.right) / 2 ? 'left' : 'right';`, seat);
}

/** Types `value` into the field `css` (an input event, as typing sends). */
async function type(wd, css, value) {
  await wd.exec(`const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('input', { bubbles: true }));`, css, value);
}

/** At a friends' table: plays a card by two clicks whenever one is playable, until the match is over. */
async function playFriendsMatch(wd) {
  for (let i = 0; i < 200; i++) {
    const state = await wd.waitFor(
      () => wd.exec(`if (document.querySelector('dialog[open]')) return 'over'; const b = document.querySelector('.hand.interactive button[data-card]:not([aria-disabled])'); return b ? b.dataset.card : null;`),
      { timeout: 60_000, interval: 200, what: 'your turn or the end of the match' },
    );
    if (state === 'over') return;
    const sel = `.hand.interactive button[data-card="${state}"]`;
    await wd.click(sel).catch(() => {});
    await sleep(100);
    if (await wd.exec('return !!document.querySelector(arguments[0] + ":not([aria-disabled])")', sel)) await wd.click(sel).catch(() => {});
    await wd.waitFor(() => wd.exec('return !document.querySelector(arguments[0])', `.hand button[data-card="${state}"]`), { what: `the play of ${state}` });
  }
  throw new Error('too many moves');
}

/** The command line's `briscola` beside the app binary (a table served headless, a player in the terminal). */
const CLI = resolve(uiDir, process.env.BRISCOLA_CLI_BIN ?? join(dirname(BIN), 'briscola'));

/**
 * A table served by `briscola serve` on loopback, its host sitting with `briscola join --token
 * --start`: the host plays the first legal move at each turn but lets its first turn run out (the
 * table plays for it). Returns the address, the code and a stop function.
 */
async function cliTable(args) {
  const served = await serveTable(CLI, ['--host', 'Host', ...args], log);
  const host = terminalPlayer(CLI, served.address, served.code, ['--token-file', served.tokenFile, '--start'], log, { skipFirst: true });
  const stop = () => {
    host.kill();
    served.stop();
  };
  return { address: served.address, code: served.code, stop };
}

// ---------- scenarios ----------

const SINGLE = { kind: 'single-hand' };
const BEST_OF_3 = { kind: 'best-of', hands: 3 };

/** English words that must not reach an Italian player (hints, errors, warnings). */
const ENGLISH = /\b(the|play|trick|trumps?|points?|cards?|hand|you|your|of|is|not|cups|coins|swords|clubs|hearts|spades|diamonds|ace|king|knight|jack|queen|player|match|over)\b/i;

const results = [];
const scenarios = {
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
    const g = await playOut(wd, { how: 'keyboard', untilMatch: true });
    assert(g.outcome, 'the match is over');
    const title = await wd.text('dialog[open] h2');
    assert(/match is over/i.test(title), `match summary shown: ${title}`);
    const outcome = await wd.text('dialog[open] .outcome');
    log('keyboard match:', outcome, JSON.stringify(g.standing.scores));
    screenshot('match-summary-desktop');
    const page = await wd.invoke('list_history', { query: { offset: 0, limit: 10 } });
    assert(page.total >= 1, 'a history entry');
    await wd.click('dialog[open] .btn.primary'); // Play again
    await wd.waitFor(async () => !(await wd.invoke('current_game')).outcome, { what: 'play again' });
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
    const g = await playOut(wd, { how: 'click', untilMatch: true });
    assert(g.outcome, 'the single-hand match is over');
    const after = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    assert(after === before + 1, `one more history entry (${before} → ${after})`);
  },

  async teams(wd) {
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 4, levels: ['easy'], format: SINGLE });
    await waitMyTurn(wd);
    const partner = await wd.text('.seat.partner .tag');
    assert(/Partner/.test(partner), 'the partner is marked');
    // Counter-clockwise by default: the next seat on your right, your partner across, the last on your left.
    const ring = await wd.exec(`return ['left', 'across', 'right'].map((s) => [...document.querySelectorAll('.side.' + s + ' [data-seat]')].map((e) => Number(e.dataset.seat)))`);
    assert(JSON.stringify(ring) === '[[3],[2],[1]]', `seats left, across, right (${JSON.stringify(ring)})`);
    assert(await wd.exec(`return document.querySelector('.side.across .seat').classList.contains('partner')`), 'the partner sits across');
    const across = await wd.text('.side.across .name');
    assert(across === 'Ben', `the partner has the language's default name (${across})`);
    const head = await wd.text('.scoreboard thead');
    assert(/Hands won/.test(head) && /This hand/.test(head), `the scoreboard says what it counts (${head})`);
    screenshot('table-4p-desktop');
    await wd.setRect(360, 640);
    await sleep(800);
    screenshot('table-4p-phone');
    await wd.setRect(1280, 800);
    await sleep(500);
    let shot = false;
    const g = await playOut(wd, {
      how: 'click',
      untilMatch: true,
      onTurn: async (g) => {
        if (shot || g.observation.tricks.length < 2) return false;
        shot = true;
        // Team totals: each side's row shows the sum of its seats' card points in this hand.
        const rows = await wd.exec(`return [...document.querySelectorAll('.scoreboard tbody tr')].map((r) => Number(r.querySelector('td.hp').textContent))`);
        const pts = g.observation.pile_points;
        const want = g.standing.sides.map((side) => side.reduce((a, s) => a + pts[s], 0));
        assert(JSON.stringify(rows) === JSON.stringify(want), `team totals ${JSON.stringify(rows)} = ${JSON.stringify(want)}`);
        screenshot('table-4p-1280x800');
        return false;
      },
    });
    assert(shot, 'the team totals were checked mid-hand');
    await wd.setRect(1920, 1080);
    assert(g.observation.result && g.observation.result.sides.length === 2, 'a team result (two sides)');
    log('team hand:', JSON.stringify(g.observation.result.side_points));
  },

  // The table turns counter-clockwise by default (most source texts: "a la derecha del crupier",
  // "alla destra del mazziere"), clockwise as a Settings choice (cardgames.io: "a la izquierda").
  // Each played card lies in front of the seat that played it.
  async direction(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 4, levels: ['easy'], format: SINGLE });
    let g = await waitMyTurn(wd);
    assert((await sideOf(wd, 1)) === 'right' && (await sideOf(wd, 3)) === 'left' && (await sideOf(wd, 2)) === 'across', `counter-clockwise: seat 1 on your right, 3 on your left (${await sideOf(wd, 1)}, ${await sideOf(wd, 3)})`);
    // Cards on the table: each lies between the centre and its seat.
    const placed = await wd.exec(`const t = document.querySelector('.center .trick').getBoundingClientRect(); const cx = (t.left + t.right) / 2, cy = (t.top + t.bottom) / 2; return [...document.querySelectorAll('.center .trick .play')].map((p) => { const b = p.getBoundingClientRect(); return { seat: Number(p.dataset.seat), dx: Math.round((b.left + b.right) / 2 - cx), dy: Math.round((b.top + b.bottom) / 2 - cy) }; })`);
    const spot = { 1: (p) => p.dx > 0, 2: (p) => p.dy < 0, 3: (p) => p.dx < 0, 0: (p) => p.dy > 0 };
    assert(placed.every((p) => spot[p.seat](p)), `each played card lies towards its seat: ${JSON.stringify(placed)}`);
    assert(!(await wd.exec('return !!document.querySelector(".center .trick .who")')), 'no row of name labels');
    log('played cards', JSON.stringify(placed));
    screenshot('table-4p-ccw-cards-1280x800');
    await nav(wd, 'settings');
    await wd.click('input[name="turn"][value="clockwise"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).table_turn === 'clockwise', { what: 'clockwise saved' });
    await nav(wd, 'table');
    g = await waitMyTurn(wd);
    assert((await sideOf(wd, 1)) === 'left' && (await sideOf(wd, 3)) === 'right', `clockwise: seat 1 on your left (${await sideOf(wd, 1)})`);
    screenshot('table-4p-cw-1280x800');
    await nav(wd, 'settings');
    await wd.click('input[name="turn"][value="counter_clockwise"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).table_turn === 'counter_clockwise', { what: 'counter-clockwise again' });
    // Two players: the other across, their card above yours.
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    for (let i = 0; i < 6; i++) {
      g = await waitMyTurn(wd);
      if (g.observation.current_trick.length === 1) break;
      await playCard(wd, g, 'click');
    }
    if (g.observation.current_trick.length === 1) {
      const dy = await wd.exec(`const t = document.querySelector('.center .trick').getBoundingClientRect(); const b = document.querySelector('.center .trick .play').getBoundingClientRect(); return Math.round((b.top + b.bottom) / 2 - (t.top + t.bottom) / 2);`);
      assert(dy < 0, `the opponent's card lies on their side, above (${dy})`);
    }
    screenshot('table-2p-cards-1280x800');
    await wd.setRect(1920, 1080);
  },

  // At 1280 × 800 the bar with Sound and Resign stays on screen with large cards and a hint open.
  async bar(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await nav(wd, 'settings');
    await select(wd, '#size', '130');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).card_size_percent === 130, { what: 'large cards' });
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    let offerSeen = false;
    for (let i = 0; i < 8; i++) {
      const g = await waitMyTurn(wd);
      if (g.outcome || g.awaiting_next_hand) break;
      await wd.exec('[...document.querySelectorAll(".me .actions button")].find((b) => b.textContent.trim() === "Hint").click()');
      await wd.waitFor(() => wd.exec('return !!document.querySelector(".hint-reason")'), { what: 'the hint' });
      await wd.exec('document.getElementById("main").scrollTop = 0');
      await sleep(300);
      await inViewport(wd, '.screen > .actions .btn', 'Sound and Resign (hint open, large cards)');
      if (await wd.exec('return !!document.querySelector(".offer")')) {
        offerSeen = true;
        await inViewport(wd, '.screen > .actions .btn', 'Sound and Resign (offer open)');
        screenshot('bar-offer-1280x800');
      }
      if (i === 0) screenshot('bar-hint-large-1280x800');
      await playCard(wd, g, 'click');
    }
    log('bar: an exchange offer was', offerSeen ? 'seen and checked' : 'not offered in these turns');
    await nav(wd, 'settings');
    await select(wd, '#size', '100');
    await wd.setRect(1920, 1080);
  },

  async exchange(wd) {
    await setup(wd);
    let exchanged = false;
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    // About one Brisca hand in three offers you an exchange; 20 hands make a miss (≈ 0.65^20) negligible.
    await briscaRounds(wd, 20, () => exchanged, async (g, round) => {
      if (exchanged || !g.observation.legal_actions.some((a) => a.startsWith('exchange '))) return false;
      await wd.waitFor(() => wd.exec('return !!document.querySelector(".offer .btn.primary")'), { what: 'the exchange offer' });
      // The hint suggests the exchange, with its reason, and highlights no card.
      await wd.exec('[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Hint").click()');
      const hint = await wd.waitFor(() => wd.exec('return document.querySelector(".hint-reason")?.textContent || null'), { what: 'the exchange hint' });
      log('exchange hint:', hint);
      assert(/Swap the .+ for the face-up .+: a stronger trump for a weaker one\./.test(hint), `the hint suggests the exchange with its reason (“${hint}”)`);
      assert(!(await wd.exec('return !!document.querySelector(".hl-hint")')), 'no card is highlighted for an exchange');
      screenshot('brisca-exchange-offer');
      const n = g.observation.exchanges.length;
      await wd.click('.offer .btn.primary');
      await wd.waitFor(async () => (await wd.invoke('current_game')).observation.exchanges.length === n + 1, { what: 'the exchange' });
      exchanged = true;
      log('exchange made in round', round + 1);
      return true;
    });
    assert(exchanged, 'a trump exchange within 20 Brisca hands');
    const shown = await wd.text('.events');
    assert(/You swap/.test(shown), `your exchange is listed on the table (${shown})`);
  },

  async chiamata(wd) {
    await setup(wd);
    // You deal, so the four computer players bid or pass before your first turn in the auction.
    await wd.click('input[name="dealer"][value="human"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).first_dealer === 'human', { what: 'you deal first' });
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'chiamata', players: 5, levels: ['easy'], format: SINGLE });
    await listenLive(wd);
    let auctionShot = false;
    let contractSeen = false;
    let revealSeen = false;
    let roleSeen = false;
    /** Each seat's turns of the engine's log, worded as the table words them (English, Italian deck). */
    const RANK_WORD = { ace: 'Ace', two: 'Two', three: 'Three', four: 'Four', five: 'Five', six: 'Six', seven: 'Seven', jack: 'Jack', knight: 'Knight', king: 'King' };
    const turnWords = (turn) => (turn.bid ? (turn.bid.points > 61 ? `${RANK_WORD[turn.bid.rank]} · ${turn.bid.points}` : RANK_WORD[turn.bid.rank]) : 'Pass');
    const g = await playOut(wd, {
      how: 'click',
      untilMatch: true,
      onTurn: async (g) => {
        const obs = g.observation;
        if (process.env.E2E_VERBOSE) log('chiamata turn', obs.phase, JSON.stringify(obs.legal_actions.slice(0, 3)));
        if (obs.phase === 'bidding' && !auctionShot) {
          // Everything of the auction on screen at 1280 × 800 and 360 × 640: every bid, "Two, with
          // points", Pass, your eight cards and Resign.
          for (const [w, h] of [[1280, 800], [360, 640]]) {
            await wd.setRect(w, h);
            await sleep(900);
            const buttons = await inViewport(wd, 'dialog[open] button', `the auction's buttons at ${w}×${h}`);
            assert(buttons.some((b) => /Pass/.test(b.text)), `Pass is among them (${JSON.stringify(buttons.map((b) => b.text))})`);
            // …and none hides below the dialog's own scroll.
            await insideOf(wd, 'dialog[open] button', 'dialog[open]', `the auction's buttons at ${w}×${h}`);
            if (await wd.exec('return !!document.querySelector("dialog[open] #auction-points")')) {
              await inViewport(wd, 'dialog[open] #auction-points', `the points field at ${w}×${h}`);
              await insideOf(wd, 'dialog[open] #auction-points', 'dialog[open]', `the points field at ${w}×${h}`);
            }
            const cards = await inViewport(wd, '.me .hand .slot', `your hand at ${w}×${h}`);
            assert(cards.length === 8, `eight cards (${cards.length})`);
            await inViewport(wd, '.screen > .actions .resign', `Resign at ${w}×${h}`);
            const [dlgBottom, handTop] = await wd.exec(`return [document.querySelector('dialog[open]').getBoundingClientRect().bottom, document.querySelector('.me .hand').getBoundingClientRect().top]`);
            assert(dlgBottom <= handTop + 1, `the dialog (bottom ${dlgBottom}) leaves your hand (top ${handTop}) in view at ${w}×${h}`);
            screenshot(`chiamata-auction-${w}x${h}`);
          }
          // A hint on the phone: it takes the others' turns' place, everything still fits.
          await wd.setRect(360, 640);
          await sleep(700);
          await wd.click('[data-testid=auction-hint-button]');
          await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=auction-hint]")'), { what: 'the auction hint' });
          await sleep(300);
          await inViewport(wd, 'dialog[open] button', 'the auction\'s buttons with a hint at 360×640');
          await insideOf(wd, 'dialog[open] button', 'dialog[open]', 'the auction\'s buttons with a hint at 360×640');
          log('chiamata auction hint:', await wd.text('[data-testid=auction-hint]'));
          screenshot('chiamata-auction-hint-360x640');
          await wd.setRect(1280, 800);
          await sleep(500);
          auctionShot = true;
          // The auction dialog sits at the top: your hand stays in view below it at 1280 × 800.
          const [dlg, hand] = await wd.exec(`return [document.querySelector('dialog[open]').getBoundingClientRect().bottom, document.querySelector('.me .hand').getBoundingClientRect().top]`);
          screenshot('chiamata-auction-1280x800');
          assert(dlg <= hand, `the auction dialog (bottom ${dlg}) does not cover your hand (top ${hand})`);
          // The four computer players have spoken: each seat shows its bid or pass.
          const turns = obs.auction.log;
          assert(JSON.stringify(turns.map((t) => t.seat)) === '[1,2,3,4]', `the others spoke first: ${JSON.stringify(turns)}`);
          const badges = await wd.exec(`return [1, 2, 3, 4].map((s) => document.querySelector('.seat[data-seat="' + s + '"] [data-testid=seat-bid]')?.textContent.trim() ?? null)`);
          assert(JSON.stringify(badges) === JSON.stringify(turns.map(turnWords)), `each seat shows its bid or pass: ${JSON.stringify(badges)} for ${JSON.stringify(turns)}`);
          // The last of them (well after the listener was in place) was announced.
          const last = turns[3];
          const said = last.bid ? `bids ${turnWords(last)}.` : 'passes.';
          const heard = await wd.exec('return window.__live');
          assert(heard.some((m) => m.endsWith(said)), `seat 4's "${said}" was announced (${JSON.stringify(heard)})`);
          log('chiamata auction before you:', JSON.stringify(badges));
        }
        if (obs.phase === 'bidding') {
          // Pass: a computer player declares, so the partner tags are checked from a defender's seat
          // (or from the secret partner's, when you hold the called card).
          const v = g.version;
          await wd.click('dialog[open] .actions .btn');
          await wd.waitFor(async () => (await wd.invoke('current_game')).version !== v, { what: 'your pass' });
          return true;
        }
        if (obs.phase === 'playing' && !contractSeen) {
          contractSeen = true;
          const shown = await wd.text('.events');
          assert(/won the auction/.test(shown) && /Called card: /.test(shown), `the declarer, bid and called card are listed (${shown})`);
          const heard = await wd.exec('return window.__live');
          assert(heard.some((m) => /Called card: /.test(m)), `the call was announced (${JSON.stringify(heard)})`);
          const others = obs.auction.passed.filter((s) => s !== 0).length + (obs.auction.declarer !== 0 ? 1 : 0);
          assert(others === 0 || heard.some((m) => /passes\.|bids /.test(m)), `the others' bids and passes were announced (${JSON.stringify(heard)})`);
          // The whole auction by seat stays reachable for the hand.
          await wd.click('[data-testid=bid-log] summary');
          const rows = await wd.exec(`return [...document.querySelectorAll('[data-testid=bid-log] li')].map((li) => li.textContent.trim())`);
          const bySeat = new Map();
          for (const turn of obs.auction.log) bySeat.set(turn.seat, [...(bySeat.get(turn.seat) ?? []), turnWords(turn)]);
          const names = await wd.exec(`return Object.fromEntries([...document.querySelectorAll('.seat[data-seat]')].map((e) => [e.dataset.seat, e.querySelector('.name').textContent.trim()]))`);
          const want = [...bySeat].map(([seat, words]) => `${seat === 0 ? 'You' : names[seat]}: ${words.join(' → ')}`);
          assert(JSON.stringify(rows) === JSON.stringify(want), `the bid log lists every seat's turns: ${JSON.stringify(rows)}, expected ${JSON.stringify(want)}`);
          screenshot('chiamata-contract-1280x800');
          log('chiamata contract:', shown, 'bids:', JSON.stringify(rows));
        }
        if (obs.phase === 'playing' && obs.auction.called && !roleSeen) {
          roleSeen = true;
          const role = await wd.text('[data-testid=chiamata-role]');
          const { declarer: d, partner: p } = obs.auction;
          const want = d === 0 ? /You (declare|play alone)/ : p === 0 ? /secret partner/ : /You defend: the declarers need \d+ points/;
          assert(want.test(role), `your role is stated from the call on: ${role}`);
        }
        if (obs.phase === 'playing' && obs.auction.partner !== null && !revealSeen) {
          revealSeen = true;
          // The two sides, their points and the target, once the partner is known.
          const sides = await wd.text('[data-testid=chiamata-sides]');
          const decl = [...new Set([obs.auction.declarer, obs.auction.partner])];
          const pts = obs.pile_points;
          const dp = decl.reduce((a, s) => a + pts[s], 0);
          const fp = pts.reduce((a, x) => a + x, 0) - dp;
          const target = obs.auction.best[1].points;
          assert(Number(await wd.text('[data-testid=declarer-points]')) === dp && Number(await wd.text('[data-testid=defender-points]')) === fp, `side totals ${sides} = ${dp} / ${fp}`);
          assert(new RegExp(`Declarers need ${target}`).test(sides), `the target is shown (${sides})`);
          for (const [w, h] of [[1280, 800], [360, 640]]) {
            await wd.setRect(w, h);
            await sleep(800);
            await wd.exec('document.querySelector("[data-testid=chiamata-sides]").scrollIntoView({ block: "center" })');
            await sleep(300);
            const across = await wd.exec(`return [...document.querySelectorAll('.me .hand .slot')].map((e) => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.right)]; })`);
            const vw = await wd.exec('return document.documentElement.clientWidth');
            assert(across.every(([l, r]) => l >= 0 && r <= vw), `your ${across.length} cards lie across the ${vw} px width: ${JSON.stringify(across)}`);
            screenshot(`chiamata-sides-${w}x${h}`);
          }
          await wd.setRect(1280, 800);
          await sleep(500);
          const shown = await wd.text('.events');
          assert(/partner|alone/.test(shown), `the partner is listed once known (${shown})`);
          const tags = await wd.exec(`return [...document.querySelectorAll('.seat.partner')].map((e) => Number(e.dataset.seat)).sort((a, b) => a - b)`);
          const want = (() => {
            const { declarer: d, partner: p } = obs.auction;
            if (d === 0) return p === 0 ? [] : [p];
            if (p === 0) return [d];
            return [1, 2, 3, 4].filter((s) => s !== d && s !== p);
          })();
          assert(JSON.stringify(tags) === JSON.stringify(want), `partner tags ${JSON.stringify(tags)} = ${JSON.stringify(want)}`);
          screenshot('chiamata-reveal-1280x800');
          log('chiamata partner:', shown, 'tags', JSON.stringify(tags));
        }
        return false;
      },
    });
    await wd.setRect(1920, 1080);
    assert(contractSeen, 'the contract was seen');
    if (!revealSeen) {
      // The called card came out in the last trick, after your last turn: the reveal was announced.
      const last = g.observation.tricks.at(-1);
      assert(last.plays.some((p) => p.card === g.observation.auction.called), 'the partner revealed only in the last trick');
      const heard = await wd.exec('return window.__live');
      assert(heard.some((m) => /partner|alone/.test(m)), `the late reveal was announced (${JSON.stringify(heard.slice(-6))})`);
    }
    log('chiamata result:', JSON.stringify(g.observation.result?.side_points));
    // Back to a random first dealer for the scenarios after this one (the summary closed first).
    await wd.keys(KEY.Escape);
    await nav(wd, 'settings');
    await wd.click('input[name="dealer"][value="random"]');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).first_dealer === 'random', { what: 'a random first dealer again' });
  },

  async aiExchange(wd) {
    await setup(wd);
    // Four players: three AI seats that may exchange, and ten cards of yours a hand (with one AI seat
    // it took up to eight hands of two-player Brisca, some four minutes).
    await newGame(wd, { preset: 'brisca', players: 4, levels: ['easy'], format: SINGLE });
    await listenLive(wd);
    // An exchange made before the listener was in place (the AI may exchange at once) is not counted.
    const early = (await wd.invoke('current_game')).observation.exchanges.length;
    let seen = null;
    await briscaRounds(wd, 30, () => seen !== null, async (g, round) => {
      const ai = g.observation.exchanges.slice(round === 0 ? early : 0).find((e) => e.seat !== 0);
      if (seen || !ai) return false;
      seen = ai;
      const shown = await wd.text('.events');
      assert(/\w+ swaps/.test(shown), `the AI's exchange is listed on the table (${shown})`);
      const heard = await wd.exec('return window.__live');
      assert(heard.some((m) => /\w+ swaps .* for the face-up /.test(m)), `and announced (${JSON.stringify(heard.slice(-5))})`);
      screenshot('brisca-ai-exchange');
      log('AI exchange in round', round + 1, JSON.stringify(ai), '—', shown);
      return false;
    });
    assert(seen, "an AI's trump exchange within 30 Brisca hands");
  },

  async prefs(wd, ctx) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="french"]');
    await wd.click('input[name="dealer"][value="human"]');
    await select(wd, '#size', '130');
    await wd.exec('const u = [...document.querySelectorAll("label.check input")].at(-1); if (u.checked) u.click();');
    await select(wd, '#lang', 'it');
    await sleep(500);
    await wd.quit();
    const wd2 = await openApp();
    ctx.wd = wd2;
    await nav(wd2, 'settings');
    const checked = await wd2.exec('return document.querySelector("input[name=deck]:checked").value');
    const lang = await wd2.exec('return document.querySelector("#lang").value');
    const navText = await wd2.text('nav#nav a[href="#/settings"]');
    assert(checked === 'french', `deck style kept (${checked})`);
    assert(lang === 'it' && /Impostazioni/.test(navText), `language kept (${lang}, ${navText})`);
    const saved = await wd2.invoke('get_preferences');
    assert(saved.first_dealer === 'human' && saved.card_size_percent === 130 && saved.allow_undo === false, `dealer, size and undo kept (${JSON.stringify(saved)})`);
    // One deck value: Italian chosen in Settings is what the New game form shows and what a Bisca
    // match (whose players usually use French cards) is drawn with; the form's choice changes Settings.
    await wd2.click('input[name="deck"][value="italian"]');
    await select(wd2, '#lang', 'en');
    await sleep(300);
    await newGame(wd2, { preset: 'bisca', players: 2, levels: ['easy'], format: SINGLE });
    const g = await wd2.invoke('current_game');
    assert(g.setup.first_dealer === 0 && g.setup.allow_undo === false, `the match follows the dealer and undo settings (${JSON.stringify(g.setup)})`);
    const faces = await wd2.exec('return [...document.querySelectorAll("[data-testid=table] img")].map((i) => i.getAttribute("src")).filter(Boolean)');
    assert(faces.length > 0 && faces.every((src) => src.includes('/italian/')), `the table uses the Settings deck (${faces.slice(0, 3)})`);
    await nav(wd2, 'new');
    assert((await wd2.exec('return document.querySelector("#deck").value')) === 'italian', 'the New game form shows the Settings deck');
    await select(wd2, '#deck', 'spanish');
    await sleep(300);
    await nav(wd2, 'settings');
    const now = await wd2.exec('return document.querySelector("input[name=deck]:checked").value');
    assert(now === 'spanish', `the form's deck is the Settings deck (${now})`);
    await wd2.click('input[name="deck"][value="italian"]');
    await wd2.click('input[name="dealer"][value="random"]');
    await select(wd2, '#size', '100');
    await wd2.exec('const u = [...document.querySelectorAll("label.check input")].at(-1); if (!u.checked) u.click();');
    await sleep(300);
  },

  // One deck value (docs/ui.md): Settings sets it, the New game form shows and changes the same one.
  async deck(wd) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
    await nav(wd, 'new');
    await wd.click('label.preset:has(input[value="brisca"])');
    await formReady(wd);
    const shown = await wd.exec('return document.querySelector("#deck").value');
    assert(shown === 'italian', `the form shows the Settings deck, not Brisca's usual one (${shown})`);
    await newGame(wd, { preset: 'brisca', players: 2, levels: ['easy'], format: SINGLE });
    await waitMyTurn(wd);
    const faces = await wd.exec('return [...document.querySelectorAll(".hand img")].map((i) => i.getAttribute("src"))');
    assert(faces.length > 0 && faces.every((src) => src.includes('/italian/')), `the table uses the Italian deck (${faces})`);
    await nav(wd, 'new');
    await formReady(wd);
    await select(wd, '#deck', 'french');
    await sleep(300);
    await nav(wd, 'settings');
    const checked = await wd.exec('return document.querySelector("input[name=deck]:checked").value');
    assert(checked === 'french', `a change in the form shows in Settings (${checked})`);
    assert((await wd.invoke('get_preferences')).deck_style === 'french', 'and is saved');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
  },

  // In Italian with the Spanish deck, hints and errors reach the player with no English word.
  async italian(wd) {
    await setup(wd);
    await nav(wd, 'settings');
    await wd.click('input[name="deck"][value="spanish"]');
    await select(wd, '#lang', 'it');
    await sleep(300);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    const seen = [];
    for (let i = 0; i < 3; i++) {
      const g = await waitMyTurn(wd);
      if (g.outcome || g.awaiting_next_hand) break;
      await wd.exec('[...document.querySelectorAll("button")].find((b) => b.textContent.trim() === "Suggerimento").click()');
      await wd.waitFor(() => wd.exec('return document.querySelector(".hint-reason")?.textContent || null'), { what: 'the hint' });
      seen.push(await wd.text('.hint-reason'));
      await playCard(wd, g, 'click');
    }
    // A refused command: the match is resigned behind the UI's back, then a card is played.
    await waitMyTurn(wd);
    await wd.exec('return window.__TAURI_INTERNALS__.invoke("resign_match")');
    await wd.exec('document.querySelector(".hand.interactive button[data-card]").click(); document.querySelector(".hand.interactive button[data-card]").click();');
    await wd.waitFor(() => wd.exec('return document.querySelector(".error[role=alert]")?.textContent || null'), { what: 'the refusal' });
    seen.push(await wd.text('.error[role=alert]'));
    log('Italian texts:', JSON.stringify(seen));
    // The hint speaks impersonally and names no count with the wrong plural.
    for (const text of seen) assert(!/ho provato|delle 1 smazzate/.test(text), `an impersonal hint: “${text}”`);
    screenshot('italian-spanish-deck-hint');
    for (const text of seen) assert(!ENGLISH.test(text), `no English word in “${text}”`);
    assert(seen.some((x) => /denari|coppe|spade|bastoni/.test(x)), `Italian suit names of a Latin deck in ${JSON.stringify(seen)}`);
    await nav(wd, 'settings');
    await select(wd, '#lang', 'en');
    await wd.click('input[name="deck"][value="italian"]');
    await sleep(300);
  },

  async resign(wd) {
    await setup(wd);
    await wd.setRect(1280, 800);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: BEST_OF_3 });
    let g = await waitMyTurn(wd);
    await playCard(wd, g, 'click');
    g = await waitMyTurn(wd);
    // The sound toggle on the table is the Settings preference.
    const sound = (await wd.invoke('get_preferences')).sound;
    await wd.click('.actions .sound');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).sound === !sound, { what: 'the sound toggle' });
    await wd.click('.actions .sound');
    await wd.waitFor(async () => (await wd.invoke('get_preferences')).sound === sound, { what: 'the sound toggled back' });
    const before = (await wd.invoke('list_history', { query: { offset: 0, limit: 1 } })).total;
    // Resign → the match summary, marked resigned, from the session's own final view.
    await wd.click('.actions .resign');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] .btn.primary")'), { what: 'the resign confirmation' });
    await wd.click('dialog[open] .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] [data-testid=summary-outcome]")'), { what: 'the resigned summary' });
    const outcome = await wd.text('dialog[open] [data-testid=summary-outcome]');
    assert(/You resigned/.test(outcome), `the summary says you resigned: ${outcome}`);
    const buttons = await wd.exec('return [...document.querySelectorAll("dialog[open] .actions .btn")].map((b) => b.textContent.trim())');
    // A card was played, so the match is recorded and can be reviewed.
    assert(JSON.stringify(buttons) === JSON.stringify(['Close', 'Review', 'New game', 'Play again']), `Close / Review / New game / Play again: ${buttons}`);
    const over = await wd.invoke('current_game');
    assert(over.resigned && over.observation.legal_actions.length === 0 && !over.ai_to_move, 'the session ended the match: nothing to play');
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
    g = await waitMyTurn(wd);
    assert(!g.resigned && !g.outcome, 'a new match is being played');
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
    let g = await waitMyTurn(wd);
    // Resign is on the phone's screen without scrolling (not below the fold), with the
    // hint's sentence shown too.
    await wd.click('.me .actions .btn');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".hint-reason")'), { what: 'the hint' });
    await resignInView(wd, 'resign-phone');
    await playCard(wd, g, 'click');
    await wd.waitFor(() => wd.exec('return !!document.querySelector(".actions .collect")'), { what: 'the Collect button' });
    await sleep(2000);
    const waiting = await wd.exec('return !!document.querySelector(".actions .collect")');
    assert(waiting, 'the finished trick still waits for Collect after 2 s');
    const c = await wd.exec('const b = document.querySelector(".actions .collect").getBoundingClientRect(); return { bottom: b.bottom, vh: window.innerHeight };');
    if (c.bottom > c.vh) await wd.exec('document.querySelector(".actions .collect").scrollIntoView({ block: "center" })');
    screenshot('collect-phone');
    await wd.click('.actions .collect');
    g = await wd.waitFor(async () => {
      const v = await waitMyTurn(wd);
      return v.last_trick ? v : null;
    }, { what: 'a finished trick' });
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
    let g = await waitMyTurn(wd);
    await playCard(wd, g, 'click');
    g = await waitMyTurn(wd);
    const pids = appPids();
    assert(pids.length >= 1, 'found the app process');
    log('killing the app', pids.join(','));
    for (const p of pids) process.kill(p, 'SIGKILL');
    await sleep(1000);
    await wd.quit();
    const wd2 = await openApp();
    ctx.wd = wd2;
    await wd2.waitFor(() => wd2.exec('return !!document.querySelector("[data-testid=table]")'), { what: 'the resumed table' });
    const r = await wd2.invoke('current_game');
    assert(r.version === g.version, `same version after restart (${g.version} → ${r.version})`);
    assert(JSON.stringify(r.observation.hand) === JSON.stringify(g.observation.hand), 'same hand after restart');
    const shown = await wd2.exec('return [...document.querySelectorAll(".hand.interactive button[data-card]")].map((b) => b.dataset.card)');
    assert(JSON.stringify([...shown].sort()) === JSON.stringify([...g.observation.hand].sort()), `the table shows the same cards (${shown})`);
    screenshot('table-resumed-desktop');
    await wd2.setRect(360, 640);
    await sleep(800);
    screenshot('table-2p-phone');
    await wd2.setRect(1920, 1080);
  },

  async review(wd) {
    // Finish a short match, review it from the end-of-match summary, step to the next mistake.
    await setup(wd);
    await newGame(wd, { preset: 'briscola', players: 2, levels: ['easy'], format: SINGLE });
    const end = await playOut(wd, { how: 'click', untilMatch: true });
    assert(end.outcome && end.history_id, `the finished match names its history entry (${end.history_id})`);
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=summary-review]")'), { what: 'Review in the summary' });
    await wd.click('[data-testid=summary-review]');
    // The progress bar while the shell reviews (the window stays responsive: the bar updates).
    const seen = await wd.waitFor(() => wd.exec('const p = document.querySelector("[data-testid=review-progress] progress"); return p ? "progress" : document.querySelector("[data-testid=review-panel]") ? "done" : null'), { timeout: 60_000, interval: 100, what: 'the review to start' });
    if (seen === 'progress') {
      screenshot('review-progress');
      await wd.waitFor(() => wd.exec('return Number(document.querySelector("[data-testid=review-progress] progress")?.value ?? 0) > 0 || !!document.querySelector("[data-testid=review-panel]")'), { timeout: 120_000, what: 'review progress' });
    }
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=review-panel]")'), { timeout: 600_000, interval: 500, what: 'the review' });
    const stored = await wd.invoke('get_review', { id: end.history_id });
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
    const again = await wd.invoke('start_review', { id: end.history_id });
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
      await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=friends-table]")'), { timeout: 30_000, what: 'the match to start' });
      let counted = false;
      for (let i = 0; i < 200; i++) {
        const state = await wd.waitFor(
          () => wd.exec(`if (document.querySelector('dialog[open]')) return 'over'; const b = document.querySelector('.hand.interactive button[data-card]:not([aria-disabled])'); return b ? b.dataset.card : null;`),
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
    await setup(wd);
    await wd.setRect(1280, 800);
    await nav(wd, 'friends');
    await formReady(wd);
    await wd.click('label.preset:has(input[value="briscola"])');
    await formReady(wd);
    await wd.click('label.choice:has(input[name="players"][value="3"])');
    await formReady(wd);
    await select(wd, '#seat-0', 'easy');
    await select(wd, '#seat-1', 'friend');
    await type(wd, '#your-name', 'Ann');
    await type(wd, '#table-name', 'Friday cards');
    await type(wd, '#port', '0');
    screenshot('friends-host-1280x800');
    await wd.setRect(360, 640);
    await sleep(500);
    const go = await wd.exec('const b = document.querySelector("[data-testid=host-form] button[type=submit]").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, vh: window.innerHeight };');
    assert(go.top >= 0 && go.bottom <= go.vh, `Open the table in view at 360×640: ${JSON.stringify(go)}`);
    screenshot('friends-host-360x640');
    await wd.setRect(1280, 800);
    await wd.click('[data-testid=host-form] button[type=submit]');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=lobby]")'), { what: 'the lobby' });
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
    screenshot('friends-lobby-360x640');
    await wd.setRect(1280, 800);
    await wd.click('[data-testid=lobby] .go-bar .btn.primary');
    await wd.waitFor(() => wd.exec('return !!document.querySelector("[data-testid=friends-table]")'), { what: 'the table' });
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
    friend = terminalPlayer(CLI, `127.0.0.1:${port}`, code.text, ['--token', token], log);
    await wd.waitFor(() => wd.exec('return ![...document.querySelectorAll("[data-testid=seat-note]")].some((n) => /Disconnected/.test(n.textContent))'), { timeout: 30_000, what: 'the friend back' });
    await playFriendsMatch(wd);
    const summary = await wd.text('dialog[open]');
    assert(/The match is over/.test(summary), `the match summary: ${summary}`);
    await wd.waitFor(() => wd.exec('return [...document.querySelectorAll("dialog[open] button")].some((b) => /Review/.test(b.textContent))'), { what: 'the review of the match kept in the history' });
    screenshot('friends-over-1280x800');
    const kept = (await wd.invoke('list_history', { query: { offset: 0, limit: 1, with_people: true } })).items[0];
    assert(kept && JSON.stringify(kept.people) === '[2]' && kept.opponent_names[1] === 'Bea' && kept.ruleset.players === 3, `the match in the history, with Bea at seat 2: ${JSON.stringify(kept)}`);
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
};

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
