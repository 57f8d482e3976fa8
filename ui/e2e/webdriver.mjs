// A minimal W3C WebDriver client over fetch (Node 20+): just what the e2e scenarios use.
export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export class WebDriver {
  constructor(base = 'http://127.0.0.1:4444') {
    this.base = base;
    this.id = null;
  }

  async req(method, path, body, timeoutMs = 120_000) {
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(), timeoutMs);
    try {
      const res = await fetch(this.base + path, {
        method,
        headers: body ? { 'content-type': 'application/json' } : undefined,
        body: body ? JSON.stringify(body) : undefined,
        signal: ctl.signal,
      });
      const json = await res.json().catch(() => ({}));
      if (!res.ok) {
        const v = json.value ?? {};
        const err = new Error(`${method} ${path}: ${v.error ?? res.status} ${v.message ?? ''}`.trim());
        err.code = v.error;
        throw err;
      }
      return json.value;
    } finally {
      clearTimeout(timer);
    }
  }

  s(path) {
    return `/session/${this.id}${path}`;
  }

  async start(application, args = []) {
    const v = await this.req('POST', '/session', {
      capabilities: { alwaysMatch: { 'tauri:options': { application, args } } },
    });
    this.id = v.sessionId;
    return this;
  }

  async quit() {
    if (!this.id) return;
    try {
      await this.req('DELETE', `/session/${this.id}`, undefined, 20_000);
    } catch {
      /* the app may already be gone */
    }
    this.id = null;
  }

  async find(css) {
    const v = await this.req('POST', this.s('/element'), { using: 'css selector', value: css });
    const id = v?.[ELEMENT];
    if (!id) throw new Error(`no element ${css}: ${JSON.stringify(v)}`);
    return id;
  }

  async findAll(css) {
    const v = await this.req('POST', this.s('/elements'), { using: 'css selector', value: css });
    return v.map((e) => e[ELEMENT]);
  }

  /** Clicks an element scrolled to the middle of its scroller first, as a user would: the driver's
   * own scroll puts it at the edge, where a sticky bar (New game's Start) may cover it. */
  async click(css) {
    const el = typeof css === 'string' ? await this.find(css) : css;
    await this.exec('arguments[0].scrollIntoView({ block: "center", inline: "nearest" })', { [ELEMENT]: el });
    await this.req('POST', this.s(`/element/${el}/click`), {});
  }

  async text(css) {
    const el = typeof css === 'string' ? await this.find(css) : css;
    return this.req('GET', this.s(`/element/${el}/text`));
  }

  async exec(script, ...args) {
    return this.req('POST', this.s('/execute/sync'), { script, args });
  }

  async execAsync(script, ...args) {
    return this.req('POST', this.s('/execute/async'), { script, args });
  }

  /** Calls a shell command through the app's own IPC bridge (read-only checks). */
  async invoke(cmd, args = {}) {
    const r = await this.execAsync(
      `const done = arguments[arguments.length - 1];
       window.__TAURI_INTERNALS__.invoke(arguments[0], arguments[1]).then(
         (v) => done(JSON.stringify({ ok: v })),
         (e) => done(JSON.stringify({ err: e })));`,
      cmd,
      args,
    );
    const o = JSON.parse(r);
    if ('err' in o) throw new Error(`${cmd}: ${JSON.stringify(o.err)}`);
    return o.ok;
  }

  /** Presses keys (W3C actions) on whatever has the focus. */
  async keys(...keys) {
    const actions = keys.flatMap((k) => [
      { type: 'keyDown', value: k },
      { type: 'keyUp', value: k },
    ]);
    await this.req('POST', this.s('/actions'), { actions: [{ type: 'key', id: 'kbd', actions }] });
    await this.req('DELETE', this.s('/actions')).catch(() => {});
  }

  async setRect(width, height) {
    return this.req('POST', this.s('/window/rect'), { x: 0, y: 0, width, height });
  }

  async waitFor(fn, { timeout = 30_000, interval = 150, what = 'condition' } = {}) {
    const end = Date.now() + timeout;
    let last;
    while (Date.now() < end) {
      try {
        last = await fn();
        if (last) return last;
      } catch (e) {
        last = e;
      }
      await new Promise((r) => setTimeout(r, interval));
    }
    throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
  }
}

export const KEY = { Enter: '\uE007', Escape: '\uE00C' };
