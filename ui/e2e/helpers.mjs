// The end-to-end tests' helpers: the app binary and its data folder, tauri-driver and the app's
// processes, screenshots of the Xvfb screen, and the app seen through WebDriver (navigation, the
// New game form, waits for your turn, plays, IPC calls) — shared by the scenario files. Imported
// by run.mjs only inside the virtual display: loading it checks the binary and makes the data folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebDriver, KEY } from './webdriver.mjs';
import { serveTable, terminalPlayer } from './friends.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const uiDir = resolve(here, '..');
const artifacts = join(here, 'artifacts');

export const BIN = resolve(uiDir, process.env.BRISCOLA_APP_BIN ?? '../target/debug/briscola-app');
const DRIVER = process.env.TAURI_DRIVER ?? 'tauri-driver';
export const ONLY = (process.env.E2E_ONLY ?? '').split(',').filter(Boolean);
const PORT = Number(process.env.E2E_PORT ?? 4444);
if (!existsSync(BIN)) {
  console.error(`e2e: app binary not found: ${BIN} (build it with \`cargo build -p briscola-app\` or set BRISCOLA_APP_BIN)`);
  process.exit(2);
}
mkdirSync(artifacts, { recursive: true });
export const dataDir = mkdtempSync(join(tmpdir(), 'briscola-e2e-'));
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const log = (...a) => console.log(`[e2e ${new Date().toISOString().slice(11, 19)}]`, ...a);

export function assert(cond, msg) {
  if (!cond) throw new Error(`assertion failed: ${msg}`);
}

// ---------- tauri-driver and the app process ----------

let driver = null;
export async function startDriver() {
  driver = spawn(DRIVER, ['--port', String(PORT), '--native-port', String(PORT + 1)], { env: { ...process.env, BRISCOLA_DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  driver.stderr.on('data', (d) => process.env.E2E_VERBOSE && process.stderr.write(d));
  await sleep(3000);
}
export function stopDriver() {
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
export function appPids() {
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

export function screenshot(name) {
  const file = join(artifacts, `${name}.png`);
  spawnSync('import', ['-window', 'root', file]);
  log('screenshot', file);
  return file;
}

// ---------- app helpers ----------

export async function openApp() {
  const wd = new WebDriver(`http://127.0.0.1:${PORT}`);
  await wd.start(BIN);
  await wd.setRect(1920, 1080).catch(() => {});
  await wd.waitFor(() => wd.exec('return !!document.querySelector("nav#nav a") && !!window.__TAURI_INTERNALS__'), { what: 'the app to load' });
  // Collect CSP violations from now on.
  await wd.exec(`window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`);
  return wd;
}

export async function cspViolations(wd) {
  return wd.exec('return window.__csp || []');
}

export async function nav(wd, screen) {
  await wd.click(`nav#nav a[href="#/${screen}"]`);
  await sleep(300);
}

/** Sets a <select> through its option (falls back to a change event). */
export async function select(wd, css, value) {
  try {
    await wd.click(`${css} option[value="${value}"]`);
  } catch {
    await wd.exec(`const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`, css, value);
  }
  const v = await wd.exec('return document.querySelector(arguments[0]).value', css);
  if (v !== value) await wd.exec(`const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`, css, value);
}

export async function setup(wd) {
  // A scenario that failed may have left a modal open (an auction at your turn): each starts free.
  await wd.exec("document.querySelectorAll('dialog[open]').forEach((d) => d.close())");
  await nav(wd, 'settings');
  await select(wd, '#lang', 'en');
  await wd.click('input[name="speed"][value="instant"]');
  // Nothing beyond this machine: no router is asked to forward a port to a hosted table.
  if (await wd.exec('return document.querySelector("#port-mapping-setting")?.checked === true')) await wd.click('#port-mapping-setting');
  await sleep(300);
}

/** Fills the New game form through the UI and starts; resigns an unfinished match if asked. */
export async function newGame(wd, { preset, players, levels, format, options = [] }) {
  const before = (await matchState(wd))?.code ?? null;
  await nav(wd, 'new');
  await wd.click(`label.preset:has(input[value="${preset}"])`);
  await formReady(wd);
  await wd.click(`label.choice:has(input[name="players"][value="${players}"])`);
  await formReady(wd);
  // On/off options to turn on, by id (`senas`).
  for (const id of options) {
    await wd.click(`label.check[data-option="${id}"] input`);
    await formReady(wd);
    assert(await wd.exec(`return document.querySelector('label.check[data-option="${id}"] input').checked`), `${id} is on`);
  }
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
  // The only dialog the New game form can open: "resign the match in progress?" (in any language);
  // a match already on the table (its auction, say) is not asked.
  const resign = await wd.exec(`return !document.querySelector('[data-testid=table]') && !!document.querySelector('dialog[open] .btn.primary');`);
  if (resign) await wd.click('dialog[open] .btn.primary');
  // Another table, its match fresh: hand 1, nothing played, not over.
  const s = await wd.waitFor(
    async () => {
      const s = await matchState(wd);
      return s && s.code !== before && s.hand === 1 && !s.over && s.tricks === 0 ? s : null;
    },
    { what: 'the table' },
  );
  const others = await wd.exec('return document.querySelectorAll("[data-testid=table] .seat[data-seat]").length');
  assert(others === players - 1, `a new ${preset} match for ${players} (${others} other seats)`);
  return s;
}

/** Waits until the New game form has the shell's answer to its last change. */
export async function formReady(wd) {
  await wd.waitFor(() => wd.exec('const f = document.querySelector("form[aria-busy]"); return !!f && f.getAttribute("aria-busy") === "false" && !!document.querySelector("#format option")'), { what: 'the New game form' });
}

/**
 * The match as the page shows it (the match screen's `data-*` attributes and your cards), or null
 * with no match on screen: `code` is the table's, `position` changes with every move and every hand;
 * `cards` are the ones you may play now, `held` all of yours, in hand order; `trick` the cards on the
 * table; `dialog` whether a dialog is open.
 */
export async function matchState(wd) {
  return wd.exec(`
    const e = document.querySelector('[data-testid=table]');
    if (!e) return null;
    const d = e.dataset;
    return {
      code: d.code, position: d.position, phase: d.phase, hand: Number(d.hand), tricks: Number(d.tricks), exchanges: Number(d.exchanges),
      yourTurn: d.yourTurn === 'true', awaitingNext: d.awaitingNext === 'true', over: d.over === 'true', resigned: d.resigned === 'true',
      cards: [...e.querySelectorAll('.hand.interactive button[data-card]:not([aria-disabled])')].map((b) => b.dataset.card),
      held: [...e.querySelectorAll('.me .hand [data-card]')].map((b) => b.dataset.card),
      trick: e.querySelectorAll('.center .trick .play').length,
      dialog: !!document.querySelector('dialog[open]'),
    };`);
}

/**
 * Waits until it is your move on screen (the latest view shown, something to do), or the hand is
 * over (its summary open), or the match is (its summary open, or closed to the bar).
 */
export async function waitMyTurn(wd) {
  return wd.waitFor(
    async () => {
      const s = await matchState(wd);
      if (!s) return null;
      if (s.over) return s.dialog || (await wd.exec('return !!document.querySelector("[data-testid=match-over-bar]")')) ? s : null;
      if (s.awaitingNext) return s.dialog ? s : null;
      if (!s.yourTurn) return null;
      const ready = s.cards.length > 0 || s.dialog || (await wd.exec('return !!document.querySelector(".offer .btn")'));
      return ready ? s : null;
    },
    { timeout: 60_000, interval: 200, what: 'your turn' },
  );
}

/**
 * Waits until the match on screen moved on from `s` (a move, a new hand, the end) — or, once you
 * played `card`, until it left your hand (a trick it completed may stay on show until collected).
 */
export async function moved(wd, s, what, card = null) {
  await wd.waitFor(async () => {
    const now = await matchState(wd);
    return now && (now.position !== s.position || now.over !== s.over || (card !== null && !now.held.includes(card)));
  }, { what });
}

/** Plays the first card you may play, by keyboard (its digit + Enter) or by two clicks. */
export async function playCard(wd, s, how) {
  const card = s.cards[0];
  assert(card, `a card to play (${JSON.stringify(s)})`);
  if (how === 'keyboard') {
    const idx = s.held.indexOf(card);
    await wd.exec('document.getElementById("main").focus()');
    await wd.keys(String(idx + 1), KEY.Enter);
  } else {
    const sel = `.hand.interactive button[data-card="${card}"]`;
    await wd.click(sel);
    await sleep(100);
    const still = await wd.exec('return !!document.querySelector(arguments[0])', sel);
    if (still) await wd.click(sel).catch(() => {});
  }
  await moved(wd, s, `the play of ${card}`, card);
  return card;
}

/** Plays until the hand (or the match, if `untilMatch`) is over; `onTurn` may act first. */
export async function playOut(wd, { how, untilMatch, onTurn, maxMoves = 400 }) {
  for (let i = 0; i < maxMoves; i++) {
    const s = await waitMyTurn(wd);
    if (s.over) return s;
    if (s.awaitingNext) {
      await wd.waitFor(() => wd.exec('return !!document.querySelector("dialog[open] .btn.primary")'), { what: 'the hand summary' });
      if (!untilMatch) return s;
      await wd.click('dialog[open] .btn.primary');
      await moved(wd, s, 'the next hand');
      continue;
    }
    if (onTurn && (await onTurn(s))) continue;
    if (s.phase === 'bidding' || s.phase === 'calling') {
      await wd.click('dialog[open] .btn');
      await moved(wd, s, `your ${s.phase === 'bidding' ? 'bid' : 'call'}`);
      continue;
    }
    await playCard(wd, s, how);
  }
  throw new Error('too many moves');
}

/**
 * Plays single-hand Brisca matches by clicks ("Play again" between them) until `done()` or `rounds`
 * matches; `onTurn(s, round)` may act first on each of your turns (as in `playOut`).
 */
export async function briscaRounds(wd, rounds, done, onTurn) {
  for (let round = 0; round < rounds && !done(); round++) {
    if (round > 0) {
      await wd.click('dialog[open] .btn.primary');
      await wd.waitFor(async () => (await matchState(wd))?.over === false, { what: 'play again' });
    }
    await playOut(wd, { how: 'click', untilMatch: true, onTurn: (s) => onTurn(s, round) });
  }
}

/** Collects every screen-reader announcement from now on in `window.__live` (the region keeps only the last few). */
export async function listenLive(wd) {
  await wd.exec(`window.__live = []; new MutationObserver((ms) => ms.forEach((m) => m.addedNodes.forEach((n) => window.__live.push(n.textContent)))).observe(document.querySelector('[aria-live][role=log]'), { childList: true, subtree: true });`);
}

/** Resign is on screen (360 × 640) with the page not scrolled; screenshot `name`. */
export async function resignInView(wd, name) {
  await wd.exec('document.getElementById("main").scrollTop = 0');
  await sleep(500);
  const r = await wd.exec('const b = document.querySelector(".actions .resign").getBoundingClientRect(); return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, vw: window.innerWidth, vh: window.innerHeight, scrolled: document.getElementById("main").scrollTop, tall: document.getElementById("main").scrollHeight };');
  assert(r.scrolled === 0 && r.top >= 0 && r.bottom <= r.vh && r.left >= 0 && r.right <= r.vw, `Resign in view at 360×640 without scrolling: ${JSON.stringify(r)}`);
  log('resign on the phone:', JSON.stringify(r));
  screenshot(name);
}

/** Every element matching `css` lies inside the viewport (not scrolled away); their rectangles. */
export async function inViewport(wd, css, what) {
  const rs = await wd.exec(`return [...document.querySelectorAll(arguments[0])].map((e) => { const b = e.getBoundingClientRect(); return { text: (e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24), top: Math.round(b.top), bottom: Math.round(b.bottom), left: Math.round(b.left), right: Math.round(b.right) }; })`, css);
  const { vw, vh } = await wd.exec('return { vw: window.innerWidth, vh: window.innerHeight }');
  assert(rs.length > 0, `${what}: found (${css})`);
  const out = rs.filter((r) => r.top < 0 || r.left < 0 || r.bottom > vh + 0.5 || r.right > vw + 0.5);
  assert(out.length === 0, `${what} inside the ${vw}×${vh} viewport: ${JSON.stringify(out)}`);
  return rs;
}

/** Every element matching `css` lies inside `box` (no part scrolled or clipped out of it). */
export async function insideOf(wd, css, box, what) {
  const [b, rs] = await wd.exec(`const b = document.querySelector(arguments[1]).getBoundingClientRect(); return [{ top: b.top, bottom: b.bottom, left: b.left, right: b.right }, [...document.querySelectorAll(arguments[0])].map((e) => { const r = e.getBoundingClientRect(); return { text: (e.textContent || '').trim().slice(0, 24), top: r.top, bottom: r.bottom, left: r.left, right: r.right }; })]`, css, box);
  assert(rs.length > 0, `${what}: found (${css})`);
  const out = rs.filter((r) => r.top < b.top - 0.5 || r.left < b.left - 0.5 || r.bottom > b.bottom + 0.5 || r.right > b.right + 0.5);
  assert(out.length === 0, `${what} inside ${box} (${JSON.stringify(b)}): ${JSON.stringify(out)}`);
}

/** Where seat `seat`'s box sits round the table's centre: 'across' (above it), else 'left' or 'right'. */
export async function sideOf(wd, seat) {
  return wd.exec(`const s = document.querySelector('.seat[data-seat="' + arguments[0] + '"]').getBoundingClientRect(); const c = document.querySelector('.table .center').getBoundingClientRect(); if (s.bottom <= c.top + 2) return 'across'; return (s.left + s.right) / 2 < (c.left + c.right) / 2 ? 'left' : 'right';`, seat);
}

/** Types `value` into the field `css` (an input event, as typing sends). */
export async function type(wd, css, value) {
  await wd.exec(`const e = document.querySelector(arguments[0]); e.value = arguments[1]; e.dispatchEvent(new Event('input', { bubbles: true }));`, css, value);
}

/** At a friends' table: plays a card by two clicks whenever one is playable, until the match is over. */
export async function playFriendsMatch(wd) {
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
export const CLI = resolve(uiDir, process.env.BRISCOLA_CLI_BIN ?? join(dirname(BIN), 'briscola'));

/**
 * A table served by `briscola serve` on loopback, its host sitting with `briscola join --token
 * --start`: the host plays the first legal move at each turn but lets its first turn run out (the
 * table plays for it). Returns the address, the code and a stop function.
 */
export async function cliTable(args) {
  const served = await serveTable(CLI, ['--host', 'Host', ...args], log);
  const host = terminalPlayer(CLI, served.address, served.code, ['--token-file', served.tokenFile, '--start'], log, { skipFirst: true });
  const stop = () => {
    host.kill();
    served.stop();
  };
  return { address: served.address, code: served.code, stop };
}


export const SINGLE = { kind: 'single-hand' };
export const BEST_OF_3 = { kind: 'best-of', hands: 3 };

/** English words that must not reach an Italian player (hints, errors, warnings). */
export const ENGLISH = /\b(the|play|trick|trumps?|points?|cards?|hand|you|your|of|is|not|cups|coins|swords|clubs|hearts|spades|diamonds|ace|king|knight|jack|queen|player|match|over)\b/i;
