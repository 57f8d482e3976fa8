// Helpers for the friends' table scenarios: a table server run by `briscola serve`, a friend playing
// in the terminal with `briscola join` (answering every "you can:" with a legal move), and a loopback
// relay whose connections can be cut, so a client loses its connection while the server stays up.
import { spawn } from 'node:child_process';
import { createServer, connect } from 'node:net';
import { readFileSync } from 'node:fs';

/** Lines a child prints, with a way to wait for one. */
function lines(child, name, log) {
  const seen = [];
  const waiters = [];
  let buffer = '';
  const take = (chunk) => {
    buffer += chunk.toString();
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      seen.push(line);
      if (process.env.E2E_VERBOSE) log(`${name}:`, line);
      for (const w of [...waiters]) {
        const m = line.match(w.re);
        if (m) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(m);
        }
      }
    }
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  /** The first line (already seen, or to come) matching `re`. */
  const waitFor = (re, timeout = 60_000) => {
    const old = seen.map((l) => l.match(re)).find(Boolean);
    if (old) return Promise.resolve(old);
    return new Promise((resolve, reject) => {
      const w = { re, resolve };
      waiters.push(w);
      setTimeout(() => {
        if (waiters.includes(w)) reject(new Error(`${name}: no line like ${re} in time; last lines:\n${seen.slice(-15).join('\n')}`));
      }, timeout);
    });
  };
  return { seen, waitFor };
}

/**
 * `briscola serve` with `args`, on a free loopback port: its address, code, and the file holding the
 * host token (serve never prints the token itself) with the token read from it.
 */
export async function serveTable(cli, args, log) {
  const child = spawn(cli, ['serve', '--listen', '127.0.0.1:0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = lines(child, 'serve', log);
  const [, address] = await out.waitFor(/^address (\S+)/);
  const [, code] = await out.waitFor(/^code (\S+)/);
  const [, tokenFile] = await out.waitFor(/^host-token-file (.+)$/);
  const token = readFileSync(tokenFile, 'utf8').trim();
  return { child, address, code, token, tokenFile, port: Number(address.split(':').pop()), ...out, stop: () => child.kill() };
}

/**
 * A friend in the terminal: `briscola join ADDRESS CODE` with `args` (`--name`, `--token`, `--ready`,
 * `--start`), answering each "you can: …" with its first card (or first move) — but for the first
 * one when `skipFirst` (the turn timer then plays for it).
 */
export function terminalPlayer(cli, address, code, args, log, { skipFirst = false } = {}) {
  // An invitation holds the code: then `code` is null.
  const child = spawn(cli, ['join', address, ...(code === null ? [] : [code]), ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out = lines(child, `join ${args.join(' ')}`, log);
  let turns = 0;
  let pending = '';
  child.stdout.on('data', (chunk) => {
    const text = pending + chunk.toString();
    const complete = text.split('\n');
    pending = complete.pop();
    for (const line of complete) {
      const m = line.match(/you can: (.*)$/);
      if (!m || (skipFirst && turns++ === 0)) continue;
      const moves = m[1].trim().split(/\s+/);
      const card = moves.find((w) => /^[A2-9JQK][dcsb]$/.test(w)) ?? moves[0];
      child.stdin.write(`${card}\n`);
    }
  });
  const ended = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    ...out,
    ended,
    say: (text) => child.stdin.write(`/say ${text}\n`),
    kill: () => child.kill('SIGKILL'),
  };
}

/** A relay from a free loopback port to `target` (`HOST:PORT`); `cut()` drops every connection through it. */
export async function relay(target) {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.split(':').pop())];
  const sockets = new Set();
  const server = createServer((inbound) => {
    const outbound = connect(port, host);
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {});
    }
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${server.address().port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/** `briscola relay` on a free loopback port: its address (`HOST:PORT`). */
export async function relayServer(cli, log) {
  const child = spawn(cli, ['relay', '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = lines(child, 'relay', log);
  const [, address] = await out.waitFor(/(127\.0\.0\.1:\d+)/);
  return { child, address, ...out, stop: () => child.kill() };
}

/** An invitation with its direct addresses taken out: friends reach the table through its relay only. */
export function relayOnly(invitation) {
  return invitation.replace(/&at=[^&\s]+/g, '');
}
