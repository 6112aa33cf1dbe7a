// Several devices for the tests of games against a friend elsewhere: one headless Chromium with a
// browser context per device (each its own storage and clipboard permission), all on one
// static server of dist/. A device's context outlives its test: emptied, it serves a device of a
// later test, its renderer process kept (a new context and process cost more than a page load).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, after, afterEach } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import mqtt from 'mqtt';
import { LOOPBACK_LIMITS, startRedis, startRelay } from '../../relay/processes.mjs';
import { topics } from '../../www/live/live-protocol.js';
import { parseSnapshot } from '../../www/live/live-check.js';
import { DESKTOP, DIST, startBrowser, keepRenderer, testPages, watch, waitReady, state, playMove, pickMove, copyLink } from './helpers.mjs';

/**
 * Starts the servers and the browser. Returns {url (dist/'s), device(), closeDevices(), close()}.
 * A device left open keeps its page running (its game, its worker, its relay connection), so
 * each test's devices are closed when it ends (setUpDevices; closeDevices for a file of its own):
 * their pages close and their contexts, emptied, wait for the devices of the next test.
 */
export async function devices() {
  const browser = await startBrowser();
  const server = await startServer({ port: 0, host: '127.0.0.1', root: DIST });
  const origin = new URL(server.url).origin;
  // Pages that embed the element, served from a folder of their own on another port (served, not
  // routed: Chromium lets only a page it knows to be on this machine reach a relay on it).
  const pages = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-pages-'));
  const pageServer = await startServer({ port: 0, host: '127.0.0.1', root: pages });
  /** The devices' contexts still open. @type {Set<import('playwright-core').BrowserContext>} */
  const open = new Set();
  /** Contexts of devices closed by closeDevices(), emptied and ready for a new device. @type {import('playwright-core').BrowserContext[]} */
  const spare = [];
  /** The origins whose storage a device's context may hold, and where the site's renderer is kept (keepRenderer). */
  const origins = [origin, new URL(pageServer.url).origin];
  /** Contexts whose pages went elsewhere (a file, another origin): not emptied for reuse but closed. @type {WeakSet<import('playwright-core').BrowserContext>} */
  const strayed = new WeakSet();
  /** Each context's page that keeps the renderer. @type {WeakMap<import('playwright-core').BrowserContext, import('playwright-core').Page>} */
  const keepers = new WeakMap();
  /**
   * A context for a new device: a spare one (as new: see recycle()) or a new one, which keeps the
   * site's renderer process for the devices that reuse it (keepRenderer).
   */
  async function deviceContext() {
    const reused = spare.pop();
    if (reused) return reused;
    const context = await browser.newContext({ ...DESKTOP, deviceScaleFactor: 1, serviceWorkers: 'block' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    keepers.set(context, await keepRenderer(context, server.url));
    context.on('close', () => open.delete(context));
    context.on('page', (page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && !origins.includes(new URL(frame.url()).origin) && frame.url() !== 'about:blank') strayed.add(context);
      }),
    );
    return context;
  }
  /**
   * Ends a device: its pages close and its context's storage is emptied (everything the site's
   * origins keep: local storage, IndexedDB, caches, cookies), so that the next device that gets
   * the context starts as on a new one. A context that a test closed, or whose pages went to
   * another origin, is not reused.
   */
  async function recycle(context) {
    try {
      if (strayed.has(context)) throw new Error('strayed');
      await Promise.all(testPages(context).map((p) => p.close()));
      const cdp = await context.newCDPSession(keepers.get(context));
      for (const o of origins) await cdp.send('Storage.clearDataForOrigin', { origin: o, storageTypes: 'all' });
      await cdp.detach();
      // The site's storage as the keeper's page sees it: emptied, or the context is not reused.
      if (await keepers.get(context).evaluate(() => localStorage.length)) throw new Error('storage kept');
      spare.push(context);
    } catch {
      await context.close().catch(() => {});
    }
  }
  return {
    url: server.url,
    /**
     * A new device: a page of its own context, on `path` (a query or a whole link), or with
     * `html`, a page of that markup served at `path` (a page that embeds the element). `clock`:
     * the device's clock starts at that time (ms since 1970; Playwright's page.clock, which then
     * runs as time passes, and can be moved on), as a device whose clock is set so would.
     */
    async device(where = '', { html, clock } = {}) {
      const context = await deviceContext();
      open.add(context);
      const page = await context.newPage();
      if (clock !== undefined) await page.clock.install({ time: clock });
      const problems = watch(page);
      if (html) {
        fs.writeFileSync(path.join(pages, where), html);
        await page.goto(pageServer.url + where);
      } else {
        await page.goto(where.startsWith('http') || where.startsWith('file:') ? where : server.url + where);
        await waitReady(page);
      }
      return { context, page, problems };
    },
    /** Closes every device still open. */
    async closeDevices() {
      const ending = [...open];
      open.clear();
      await Promise.all(ending.map(recycle));
    },
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      await pageServer.close();
      fs.rmSync(pages, { recursive: true, force: true });
    },
  };
}

/** devices() for a whole test file: started before its first test, ended after its last. */
export function setUpDevices() {
  const env = {};
  before(async () => {
    Object.assign(env, await devices());
  });
  afterEach(() => env.closeDevices?.());
  after(async () => {
    await env.close?.();
  });
  return env;
}

/** Waits until `page`'s board holds a seat of a live game and its relay is connected. */
export function waitConnected(page) {
  return page.waitForFunction(() => {
    const p = window.bluegray && window.bluegray.element.presence;
    return p && p.relay === 'connected' && p.seat;
  });
}

/**
 * A live game of `variant` through `relay`: Blue hosts it on one device (its clock `clock`, see
 * devices()), Gray joins by the invitation on another; both connected and seated. `holdGuest`:
 * Gray's device's frames to the relay can be held back (`frames`, holdFrames()), else null.
 * @param {{device: Function}} env setUpDevices()'s
 * @param {{url: string}} relay setUpRelay()'s
 */
export async function liveGame(env, relay, { variant = 'super-light', clock = undefined, holdGuest = false } = {}) {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`, { clock });
  await startFromForm(a.page, 'live', 'blue', variant);
  await waitConnected(a.page);
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  const b = await env.device(holdGuest ? '' : invite);
  const frames = holdGuest ? await holdFrames(b.page) : null;
  if (holdGuest) await b.page.goto(invite);
  await waitConnected(b.page);
  return { a, b, invite, id: new URL(invite).hash.match(/game-id=(\w+)/)[1], frames };
}

/**
 * Routes `page`'s WebSockets through the test, so that what the page sends can be held back (the
 * relay's frames to it always pass): a device whose words reach the relay late, as on a slow
 * network, while it hears everything. Call before the page connects. `hold()` holds each frame it
 * sends from then on, in order; `release(keepHolding)` sends those held and goes on holding, or not.
 * @param {import('playwright-core').Page} page
 */
export async function holdFrames(page) {
  let holding = false;
  /** @type {(() => void)[]} */
  const held = [];
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => (holding ? held.push(() => server.send(m)) : server.send(m)));
    server.onMessage((m) => ws.send(m));
  });
  return {
    hold() {
      holding = true;
    },
    /** @param {boolean} [keepHolding] */
    release(keepHolding = false) {
      holding = keepHolding;
      for (const send of held.splice(0)) send();
    },
  };
}

/**
 * Plays one move on `mover` (pickMove's `turn`, with its `options`) and waits until `other` has it.
 * @param {{page: import('playwright-core').Page}} mover
 * @param {{page: import('playwright-core').Page}} other
 * @param {number} turn
 * @param {object} [options]
 */
export async function liveMove(mover, other, turn, options = undefined) {
  const s = await state(mover.page);
  await playMove(mover.page, pickMove(s, turn, options));
  await other.page.waitForFunction((n) => window.bluegray.state.history.length === n, s.history.length + 1, { timeout: 10000 });
}

/**
 * Starts a game from the New game form: `mode` (friend or live) and the seat `side`; returns once
 * the board has a game of that mode and side with no move yet, so that what a test does next is
 * done in the new game, not in the one the page showed before. (Not by its id: a live game from
 * the single file never gets one.)
 */
export async function startFromForm(page, mode, side, variant = 'sackson') {
  await page.selectOption('#variant', variant);
  await page.selectOption('#mode', mode);
  await page.selectOption('#side', side);
  await page.click('#new-game');
  await page.waitForFunction(
    ([m, s]) => {
      const el = /** @type {any} */ (window).bluegray.element;
      return el.settings.mode === m && el.settings.side === s && !!el.state && el.state.history.length === 0;
    },
    [mode, side],
  );
}

/**
 * Plays one move of the side to move by clicks, a guard's step where there is one (the game
 * lasts), and returns its text once the board has it.
 */
export async function playAMove(page, turn) {
  return playMove(page, pickMove(await state(page), turn, { walk: false }));
}

/**
 * Opens `link` on a device's page as a player would (the address bar; the same page if it is
 * open), and returns once its game has `plies` moves.
 * @param {import('playwright-core').Page} page
 * @param {string} link
 * @param {number} plies
 */
export async function follow(page, link, plies) {
  await page.goto(link);
  await page.waitForFunction((n) => window.bluegray && window.bluegray.state && window.bluegray.state.history.length === n, plies);
}

/**
 * Plays `plies` more moves of a game by link between the devices `a` and `b`, from ply `from`:
 * each on the device to move (`a` first), whose link the other then opens.
 * @param {{page: import('playwright-core').Page}} a
 * @param {{page: import('playwright-core').Page}} b
 * @param {number} plies
 * @param {number} [from]
 */
export async function sendMoves(a, b, plies, from = 0) {
  for (let ply = from; ply < from + plies; ply++) {
    const [mover, other] = (ply - from) % 2 ? [b, a] : [a, b];
    await playAMove(mover.page, ply);
    await follow(other.page, await copyLink(mover.page, '#send-link'), ply + 1);
  }
}

/** Waits until `page`'s live game is connected with its presence having each of `want`'s values. */
export function waitPresence(page, want) {
  return page.waitForFunction(
    (w) => {
      const p = window.bluegray && window.bluegray.element.presence;
      return !!p && p.relay === 'connected' && Object.entries(w).every(([k, v]) => p[k] === v);
    },
    want,
    { timeout: 15000 },
  );
}

/**
 * A relay for a test file (relay/relay.mjs with the loopback limits), started before its tests
 * and stopped after them, with a throwaway Redis behind it when `redis`. Its `url` is there once
 * the tests run; `retainedWhen(id, holds)` reads game `id`'s retained snapshot with plain MQTT
 * clients until `holds(snap)` (or 15 s have gone: the last one read, or null).
 * @param {{redis?: boolean}} [options]
 */
export function setUpRelay({ redis = false } = {}) {
  const relay = {
    url: '',
    /**
     * @param {string} id
     * @param {(snap: import('../../www/live/live-protocol.js').Snapshot) => boolean} holds
     */
    async retainedWhen(id, holds) {
      const deadline = Date.now() + 15000;
      for (;;) {
        const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
        let snap;
        try {
          const got = new Promise((resolve) => client.on('message', (_t, payload) => resolve(parseSnapshot(payload.toString()))));
          await client.subscribeAsync(topics(id).game, { qos: 1 });
          snap = await got;
        } finally {
          await client.endAsync();
        }
        if ((snap && holds(snap)) || Date.now() > deadline) return snap;
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    /** Stops the relay process (an outage of the relay: its store, Redis, stays). */
    stop: () => running?.stop(),
    /** Starts it again on the same port. */
    start: () => running?.start(),
    /** Stalls the relay: its process stopped, its sockets open, nothing answered. */
    pause: () => running?.pid && process.kill(running.pid, 'SIGSTOP'),
    /** Lets a stalled relay go on. */
    resume: () => running?.pid && process.kill(running.pid, 'SIGCONT'),
  };
  /** @type {{dispose(): Promise<void>, url: string}|null} */
  let store = null;
  /** @type {{dispose(): Promise<void>, url: string}|null} */
  let running = null;
  before(async () => {
    store = redis ? await startRedis() : null;
    running = await startRelay({ ...(store ? { redis: store.url } : {}), args: [...LOOPBACK_LIMITS] });
    relay.url = running.url;
  });
  after(async () => {
    await running?.dispose();
    await store?.dispose();
  });
  return relay;
}
