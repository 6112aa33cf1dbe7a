// Shared set-up for the end-to-end tests: the static server (in-process, free port), a headless
// Debian Chromium driven by playwright-core with a fresh profile, and page helpers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** What a static host serves: the page, the element, the worker, the wasm builds (scripts/build-web.sh). */
export const DIST = path.join(ROOT, 'dist');
export { CHROMIUM, CHROMIUM_ARGS };

/** Fails with a clear message when the browser or the built wasm is missing. */
export function checkPrerequisites(chromium = CHROMIUM) {
  if (!fs.existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: the end-to-end tests need Debian's chromium package ` +
        `(apt-get install chromium) or CHROMIUM_PATH pointing to a Chromium binary.`,
    );
  }
  for (const f of ['index.html', 'blue-gray-game.js', 'blue-and-gray.html', 'pkg/bluegray_wasm_bg.wasm', 'pkg/bluegray_wasm_simd_bg.wasm']) {
    if (!fs.existsSync(path.join(DIST, f))) {
      throw new Error(`dist/${f} is not built: run \`bash scripts/build-web.sh\` before \`npm test\`.`);
    }
  }
}

/**
 * Starts the server (dist/, or `root`) and the browser. Service workers are blocked unless
 * `serviceWorkers: 'allow'`: a test of offline play asks for them; elsewhere they would answer
 * requests that a test routes. Returns {url, context, server, userDataDir, close()}.
 */
export async function launch({ root = DIST, serviceWorkers = 'block', csp = false, prefix } = {}) {
  checkPrerequisites();
  const server = await startServer({ port: 0, host: '127.0.0.1', root, csp, prefix });
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-e2e-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1200, height: 820 },
      deviceScaleFactor: 2,
      serviceWorkers,
    });
  } catch (e) {
    await server.close();
    throw e;
  }
  return {
    url: server.url,
    context,
    server,
    async close() {
      await context.close().catch(() => {});
      await server.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the page with a query string and waits until it has drawn. Collects console errors,
 * uncaught exceptions and failed requests into `problems`.
 */
export async function openPage(env, query = '', { clearStorage = true, base, init } = {}) {
  const page = await env.context.newPage();
  const problems = watch(page);
  if (init) await page.addInitScript(init);
  const url = (base || env.url) + query;
  if (clearStorage) {
    // A blank page of the same origin, to start without a saved game.
    const blank = (base || env.url) + '__blank__';
    await page.route(blank, (r) =>
      r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">' }),
    );
    await page.goto(blank);
    await page.evaluate(() => localStorage.clear());
    await page.unroute(blank);
  }
  await page.goto(url);
  await waitReady(page);
  return { page, problems };
}

/**
 * Collects what goes wrong on `page` from now on: console errors, uncaught exceptions, failed
 * requests and HTTP errors. Returns the (growing) list.
 */
export function watch(page) {
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => {
    // Requests cut short by a navigation (e.g. the AI worker still loading) are not failures.
    const why = r.failure()?.errorText || '';
    if (!why.includes('ERR_ABORTED')) problems.push(`request failed: ${r.url()} ${why}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return problems;
}

/**
 * Plays a whole game against the computer by clicks, as `side`: the captain walks whenever it
 * can, a capture is made when it must be, otherwise the guard steps take turns. Returns the
 * final state.
 */
export async function playToTheEnd(page, side, maxTurns = 200) {
  for (let turn = 0; turn < maxTurns; turn++) {
    await page.waitForFunction(
      (me) => {
        const b = window.bluegray;
        return b.state.result || (b.state.side === me && !b.thinking && !b.animating);
      },
      side,
      { timeout: 30000 },
    );
    const s = await state(page);
    if (s.result) break;
    const move = s.moves.find((m) => m.kind === 'captain') || s.moves[turn % s.moves.length];
    for (const p of move.points) await clickPoint(page, p);
    await waitPly(page, s.history.length + 1);
    const played = (await state(page)).history[s.history.length];
    if (played !== move.text) throw new Error(`clicked ${move.text}, but ${played} was played`);
  }
  return state(page);
}

export async function waitReady(page) {
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 15000 });
}

/**
 * Waits until the text of `selector` matches `re` (the page renders on the next frame). A
 * selector may reach into a board's shadow tree: `#game >>> .notice`.
 */
export async function waitText(page, selector, re, timeout = 10000) {
  try {
    await page.waitForFunction(
      ([sel, src, flags]) => {
        let node = document;
        for (const part of sel.split(' >>> ')) node = node && (node.shadowRoot || node).querySelector(part);
        return new RegExp(src, flags).test(node ? node.textContent : '');
      },
      [selector, re.source, re.flags],
      { timeout },
    );
  } catch {
    throw new Error(`${selector} never matched ${re}: it says "${await deepText(page, selector)}"`);
  }
}

/** The text of `selector`, which may reach into a shadow tree as in waitText. */
export function deepText(page, selector) {
  return page.evaluate((sel) => {
    let node = document;
    for (const part of sel.split(' >>> ')) node = node && (node.shadowRoot || node).querySelector(part);
    return node ? node.textContent : null;
  }, selector);
}

export const state = (page) => page.evaluate(() => window.bluegray.state);

/**
 * Waits for `page`'s service worker, and reloads once if it does not control the page yet (a
 * first visit is controlled only from its next load). Resolves to whether it controls it now.
 */
export async function serviceWorkerControl(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await waitReady(page);
  }
  return page.evaluate(() => !!navigator.serviceWorker.controller);
}

/** The paths of what the service worker of `page`'s site keeps (its build's cache). */
export function swKept(page) {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('bluegray-'));
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
}
export const status = (page) => page.textContent('#status');

/**
 * Clicks the centre of a board point on the canvas, like a player. The point is read where the
 * board lies now and clicked only once the layout has held still for two frames with the board
 * on top there: a banner or a status line that appears meanwhile moves the board, and a click on
 * a point read before would land on its neighbour.
 */
export async function clickPoint(page, point, timeout = 10000) {
  const where = (p) => {
    const c = window.bluegray.pointCenter(p);
    if (!c) return null;
    const hit = document.elementFromPoint(c.x, c.y);
    return { ...c, onBoard: !!(hit && hit.closest('blue-gray-game')) };
  };
  const until = Date.now() + timeout;
  for (;;) {
    const a = await page.evaluate(where, point);
    if (!a) throw new Error(`no such point ${point}`);
    await frames(page);
    const b = await page.evaluate(where, point);
    if (b && b.onBoard && a.x === b.x && a.y === b.y) return page.mouse.click(b.x, b.y);
    if (Date.now() > until) throw new Error(`the board did not hold still at ${point}: ${JSON.stringify([a, b])}`);
  }
}

/** Drags from one point to another with the mouse. */
export async function dragPoint(page, from, to) {
  const a = await page.evaluate((p) => window.bluegray.pointCenter(p), from);
  const b = await page.evaluate((p) => window.bluegray.pointCenter(p), to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** After the next two frames: the board and the panel have drawn what changed. */
export function frames(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The picture of the <blue-gray-game> found by `selector`, as a data URL, once it is drawn. It is
 * read after the frames have ended, not inside a frame callback: a resize seen in a frame is only
 * drawn after that frame's callbacks.
 */
export async function boardPicture(page, selector = '#game') {
  await frames(page);
  return page.evaluate((sel) => document.querySelector(sel).shadowRoot.querySelector('canvas').toDataURL(), selector);
}

/** Waits until the game has `n` moves in its history. */
export async function waitPly(page, n, timeout = 20000) {
  await page.waitForFunction((k) => window.bluegray.state && window.bluegray.state.history.length >= k, n, {
    timeout,
  });
}

export async function waitIdle(page, timeout = 20000) {
  await page.waitForFunction(() => !window.bluegray.thinking, null, { timeout });
}

/**
 * The texts the page shows cut short: a menu's choice wider than its box's room for text (any
 * choice, not only the chosen one: each may be chosen), a label, button, legend or summary whose
 * content is wider than its box, and a page or anything on it wider than the window. An inline
 * box wraps and has no width of its own, so only boxes are measured.
 */
export function cutOff(page) {
  return page.evaluate(() => {
    const out = [];
    const ctx = document.createElement('canvas').getContext('2d');
    const name = (el) => `${el.localName}${el.id ? '#' + el.id : ''}`;
    for (const el of document.querySelectorAll('select, label, button, legend, summary')) {
      if (!el.checkVisibility()) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline') continue;
      if (el.localName === 'select') {
        const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        for (const o of el.options) {
          const w = ctx.measureText(o.textContent).width;
          if (w > room + 0.5) out.push(`${name(el)}: “${o.textContent}” is ${Math.ceil(w)} px in ${Math.floor(room)}`);
        }
      } else if (el.scrollWidth > el.clientWidth + 1) {
        out.push(`${name(el)}: “${el.textContent.trim()}” is ${el.scrollWidth} px in ${el.clientWidth}`);
      }
    }
    const wide = document.documentElement.scrollWidth;
    if (wide > innerWidth) out.push(`the page is ${wide} px wide in ${innerWidth}`);
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width && (r.right > innerWidth + 0.5 || r.left < -0.5) && el.checkVisibility()) {
        out.push(`${name(el)}.${el.className} sticks out of the window (${Math.round(r.left)}..${Math.round(r.right)})`);
      }
    }
    return out;
  });
}
