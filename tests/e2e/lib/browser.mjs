// The browser and the servers of the end-to-end tests: a static server (in-process, free port) and
// one headless Debian Chromium per test file, driven by playwright-core, with a browser context
// of its own for each set-up (its own storage, service workers, permissions). `setUp()` gives a
// test file both for its whole run; `openPage()` opens the page in it and collects what goes
// wrong.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { before, after, afterEach } from 'node:test';
import { chromium } from 'playwright-core';
import { startServer } from '../../../scripts/serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../../../scripts/chromium.mjs';

/**
 * @import { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
 * @import { StartedServer } from '../../../scripts/serve.mjs'
 */
/**
 * What launch() takes: the served folder (`root`, dist/ unless told) and its `prefix`, whether
 * service workers are let in (`serviceWorkers`, 'block' unless told), whether the server sends
 * the strict CSP header (`csp`), and the browser to open the context in (`browser`; else one of
 * its own).
 * @typedef {object} LaunchOptions
 * @property {string} [root]
 * @property {'allow' | 'block'} [serviceWorkers]
 * @property {boolean} [csp]
 * @property {string} [prefix]
 * @property {Browser} [browser]
 */
/**
 * What launch() gives: the server's address (`url`) and the server, the browser and the context
 * for it, a new context of the same browser (`newContext`), another server in the same browser
 * (`serve`), and the end of it all (`close`).
 * @typedef {object} Env
 * @property {string} url
 * @property {StartedServer} server
 * @property {Browser} browser
 * @property {BrowserContext} context
 * @property {(options?: BrowserContextOptions) => Promise<BrowserContext>} newContext
 * @property {(options?: Omit<LaunchOptions, 'browser'>) => Promise<Env>} serve
 * @property {() => Promise<void>} close
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** What a static host serves: the page, the element, the worker, the wasm builds (scripts/build-web.sh). */
export const DIST = path.join(ROOT, 'dist');
/** The single-file build, as a file:// URL (opened from disk). */
export const SINGLE_FILE = pathToFileURL(path.join(DIST, 'blue-and-gray.html')).href;
export { CHROMIUM, CHROMIUM_ARGS };

/**
 * A laptop's window at twice its pixels: what a context gets unless it asks for another. With
 * reduced motion, as players may ask for: the computer's moves land at once instead of gliding
 * hop by hop, so a test waits for no animation it does not look at (the glide's own test asks
 * for motion, openPage's `motion`).
 * @type {import('playwright-core').BrowserContextOptions}
 */
export const DESKTOP = { viewport: { width: 1200, height: 820 }, deviceScaleFactor: 2, reducedMotion: 'reduce' };

/**
 * Fails with a clear message when the browser or the built wasm is missing.
 * @param {string} [binary] the browser's path
 */
export function checkPrerequisites(binary = CHROMIUM) {
  if (!fs.existsSync(binary)) {
    throw new Error(
      `Chromium not found at ${binary}: the end-to-end tests need Debian's chromium package ` +
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
 * The tests' browser's flags beyond CHROMIUM_ARGS (not the speed measurements'): the pages of one
 * site in one context share a renderer process (--process-per-site), which keepRenderer() keeps.
 */
export const TEST_ARGS = Object.freeze([...CHROMIUM_ARGS, '--process-per-site']);

/**
 * Starts headless Chromium (the caller closes it).
 * @returns {Promise<Browser>}
 */
export function startBrowser() {
  checkPrerequisites();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...TEST_ARGS] });
}

/** The pages keepRenderer() opened: none is a test's page. @type {WeakSet<Page>} */
const KEEPERS = new WeakSet();
/** Each context's page that keepRenderer() opened. @type {WeakMap<BrowserContext, Page>} */
const KEPT = new WeakMap();

/**
 * Opens a blank page of `url`'s site in `context` and leaves it open, so that the site's renderer
 * process outlives the pages the tests open and close: with --process-per-site (TEST_ARGS) each
 * new page of the site joins that process instead of starting one of its own, which costs the
 * machine more CPU than loading the page does. Each page still has its own document and workers,
 * and the context's storage as before. Returns the kept page.
 * @param {BrowserContext} context
 * @param {string} url
 * @returns {Promise<Page>}
 */
export async function keepRenderer(context, url) {
  const keeper = await context.newPage();
  KEEPERS.add(keeper);
  KEPT.set(context, keeper);
  const blank = new URL('/__renderer__', url).href;
  await keeper.route(blank, (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>renderer</title><link rel="icon" href="data:,">' }));
  await keeper.goto(blank);
  return keeper;
}

/**
 * The pages of `context` that tests opened (not the one keepRenderer() keeps).
 * @param {BrowserContext} context
 * @returns {Page[]}
 */
export function testPages(context) {
  return context.pages().filter((p) => !KEEPERS.has(p));
}

/**
 * Starts a server of dist/ (or `root`, under `prefix`, with the strict CSP header when `csp`) and a
 * browser context for it, in `browser` or in a browser of its own. Service workers are blocked
 * unless `serviceWorkers: 'allow'`: a test of offline play asks for them; elsewhere they would
 * answer requests that a test routes. Returns {url, server, browser, context, newContext(),
 * serve(), close()}; close() ends the server, the context, and the browser if it started it.
 * @param {LaunchOptions} [options]
 * @returns {Promise<Env>}
 */
export async function launch({ root = DIST, serviceWorkers = 'block', csp = false, prefix, browser } = {}) {
  const server = await startServer({ port: 0, host: '127.0.0.1', root, csp, prefix });
  const own = !browser;
  /** @type {BrowserContext} */
  let context;
  try {
    browser ??= await startBrowser();
    context = await browser.newContext({ ...DESKTOP, serviceWorkers });
    await keepRenderer(context, server.url);
  } catch (e) {
    if (own) await browser?.close().catch(() => {});
    await server.close();
    throw e;
  }
  return {
    url: server.url,
    server,
    browser,
    context,
    /** A new context of the same browser (no storage, no history): the laptop's window and no service worker unless `options` say otherwise. */
    newContext(options = {}) {
      return browser.newContext({ ...DESKTOP, serviceWorkers: 'block', ...options });
    },
    /** Another server with a context of its own, in the same browser (options as launch's). */
    serve(options = {}) {
      return launch({ ...options, browser });
    },
    async close() {
      await context.close().catch(() => {});
      if (own) await browser.close().catch(() => {});
      await server.close();
    },
  };
}

/**
 * A test file's server and browser: started before its first test and ended after its last
 * (node:test's hooks), `prepare(env)` run once they are up (the file's own hooks cannot wait for
 * them: node runs a file's before hooks at once). The pages a test left open in the file's context
 * are closed after it (not the one keepRenderer() keeps), so that none plays on (or writes the
 * site's storage) during the next.
 * Returns the object launch() returns, filled in by the time a test runs.
 * @param {LaunchOptions} [options]
 * @param {(env: Env) => unknown} [prepare]
 * @returns {Env}
 */
export function setUp(options, prepare = async () => {}) {
  /** @type {Partial<Env>} */
  const env = {};
  before(async () => {
    await prepare(Object.assign(env, await launch(options)));
  });
  afterEach(async () => {
    await Promise.all((env.context ? testPages(env.context) : []).map((page) => page.close()));
  });
  after(async () => {
    await env.close?.();
  });
  // Empty until the file's before hook has run, which node:test runs before any of its tests.
  return /** @type {Env} */ (env);
}

/**
 * Opens the page with a query string (on `env`'s server, or at `base`) in `env.context` and waits
 * until it has drawn. `init` runs in the page before its own scripts. Starts without saved data
 * unless `clearStorage: false` (emptied from the page keepRenderer() keeps where it is of the
 * same origin, else from a blank page of the origin opened first); with the motion of the context (reduced: DESKTOP) unless
 * `motion: true`. Returns {page, problems}: see watch().
 * @param {Pick<Env, 'context' | 'url'>} env
 * @param {string} [query]
 * @param {{ clearStorage?: boolean, base?: string, init?: () => void, motion?: boolean }} [options]
 * @returns {Promise<{ page: Page, problems: string[] }>}
 */
export async function openPage(env, query = '', { clearStorage = true, base, init, motion = false } = {}) {
  const page = await env.context.newPage();
  if (motion) await page.emulateMedia({ reducedMotion: 'no-preference' });
  const problems = watch(page);
  if (init) await page.addInitScript(init);
  const url = (base || env.url) + query;
  if (clearStorage) {
    const keeper = KEPT.get(env.context);
    if (keeper && new URL(keeper.url()).origin === new URL(url).origin) {
      // The page keepRenderer() keeps is of the same origin: it empties the storage.
      await keeper.evaluate(() => localStorage.clear());
    } else {
      // A blank page of the same origin, to start without a saved game.
      const blank = (base || env.url) + '__blank__';
      await page.route(blank, (r) =>
        r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title><link rel="icon" href="data:,">' }),
      );
      await page.goto(blank);
      await page.evaluate(() => localStorage.clear());
      await page.unroute(blank);
    }
  }
  await page.goto(url);
  await waitReady(page);
  return { page, problems };
}

/**
 * Waits until the page says it has drawn (html[data-ready]). The patience is for a loaded
 * machine, where a first draw may take many seconds.
 * @param {Page} page
 * @param {number} [timeout] ms
 * @returns {Promise<void>}
 */
export async function waitReady(page, timeout = 40000) {
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout });
}

/**
 * Collects what goes wrong on `page` from now on: console errors and uncaught exceptions, and,
 * unless `network: false`, failed requests and HTTP errors. Returns the (growing) list.
 * @param {Page} page
 * @param {{ network?: boolean }} [options]
 * @returns {string[]}
 */
export function watch(page, { network = true } = {}) {
  /** @type {string[]} */
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  if (!network) return problems;
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
 * Notes in `problems` every request of `page` that leaves the machine's files (file:, data:, blob:).
 * @param {Page} page
 * @param {string[]} problems
 */
export function refuseNetwork(page, problems) {
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('file:') && !u.startsWith('data:') && !u.startsWith('blob:')) problems.push(`network request: ${u}`);
  });
}

/**
 * Waits for `page`'s service worker, and reloads once if it does not control the page yet (a
 * first visit is controlled only from its next load). Resolves to whether it controls it now.
 * @param {Page} page
 * @returns {Promise<boolean>}
 */
export async function serviceWorkerControl(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) {
    await page.reload();
    await waitReady(page);
  }
  return page.evaluate(() => !!navigator.serviceWorker.controller);
}

/**
 * The paths of what the service worker of `page`'s site keeps (its build's cache; none without one).
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export function swKept(page) {
  return page.evaluate(async () => {
    const name = (await caches.keys()).find((k) => k.startsWith('bluegray-'));
    if (!name) return [];
    return (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
  });
}
