// Several devices for the tests of games against a friend elsewhere: one headless Chromium with a
// browser context per device (each its own storage and clipboard permission), all on one
// static server of dist/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { before, after, afterEach } from 'node:test';
import { startServer } from '../../scripts/serve.mjs';
import { DESKTOP, DIST, startBrowser, watch, waitReady, state, playMove, pickMove } from './helpers.mjs';

/**
 * Starts the servers and the browser. Returns {url (dist/'s), device(), closeDevices(), close()}.
 * A device left open keeps its page running (its game, its worker, its relay connection), so
 * each test's devices are closed when it ends (setUpDevices; closeDevices for a file of its own).
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
  return {
    url: server.url,
    /**
     * A new device: a page of its own context, on `path` (a query or a whole link), or with
     * `html`, a page of that markup served at `path` (a page that embeds the element).
     */
    async device(where = '', { html } = {}) {
      const context = await browser.newContext({ ...DESKTOP, deviceScaleFactor: 1, serviceWorkers: 'block' });
      open.add(context);
      context.on('close', () => open.delete(context));
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
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
      await Promise.all([...open].map((c) => c.close().catch(() => {})));
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

/** Starts a game from the New game form: `mode` (friend or live) and the seat `side`. */
export async function startFromForm(page, mode, side, variant = 'sackson') {
  await page.selectOption('#variant', variant);
  await page.selectOption('#mode', mode);
  await page.selectOption('#side', side);
  await page.click('#new-game');
}

/**
 * Plays one move of the side to move by clicks, a guard's step where there is one (the game
 * lasts), and returns its text once the board has it.
 */
export async function playAMove(page, turn) {
  return playMove(page, pickMove(await state(page), turn, { walk: false }));
}
