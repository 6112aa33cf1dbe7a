// What measure-web.mjs does in headless Chromium: cold loads of a page until it is ready (the time,
// the longest main-thread task, and what it fetched), the first load of a page that only embeds
// the element until its computer can move, and the analysis of a long game.
import { recordRequests } from './sizes.mjs';

/**
 * @import { Browser } from 'playwright-core'
 * @import { Fetches } from './sizes.mjs'
 */
/**
 * What the measurements read of the board's state (www/core/core-types.d.ts).
 * @typedef {{ history: unknown[], result: unknown, moves: { text: string }[] }} BoardState
 */
/**
 * The page's window for tests (www/play/test-hooks.js): what the measurements use of it.
 * @typedef {object} TestHooks
 * @property {HTMLElement & { state: BoardState, play(move: string): unknown, undo(): unknown }} element
 * @property {BoardState} state
 */
/**
 * What probe() records in a page: when it was ready (ms since navigation), the long tasks
 * ([start, duration]; null: no longtask support) and their observer.
 * @typedef {object} Probe
 * @property {number | null} ready
 * @property {[number, number][] | null} tasks
 * @property {PerformanceObserver | null} observer
 */
/**
 * The page's window as the code run in it sees it: the page's window for tests, and what the
 * measurements' own code puts there. Each is there once the page, or that code, has put it there.
 * @typedef {Window & { bluegray?: TestHooks, __longest?: number, __measure?: Probe }} PageWindow
 */
/**
 * One cold load: the time to ready, the longest task before it (0: none over 50 ms; null:
 * unknown) and, when recorded, what it fetched until then; or the error.
 * @typedef {{ ready: number, longest: number | null, fetches: Fetches | null, error?: undefined, problems: string[] }
 *   | { error: string, problems: string[] }} Load
 */

export const LOAD_TIMEOUT_MS = 30_000;

// Registered before the page's own scripts in every load: records when html[data-ready="true"]
// appears (performance.now(), i.e. ms since navigation) and every long task.
function probe() {
  /** @type {Probe} */
  const m = { ready: null, tasks: [], observer: null };
  /** @type {PageWindow} */ (window).__measure = m;
  try {
    m.observer = new PerformanceObserver((list) => {
      // (tasks is null only when observe() failed, and then no entry comes.)
      for (const e of list.getEntries()) m.tasks?.push([e.startTime, e.duration]);
    });
    m.observer.observe({ type: 'longtask', buffered: true });
  } catch {
    m.tasks = null; // no longtask support
  }
  const check = () => {
    if (m.ready === null && document.documentElement && document.documentElement.dataset.ready === 'true') {
      m.ready = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
  check();
}

/**
 * The page's uncaught errors and console errors, as they come, into `problems`.
 * @param {import('playwright-core').Page} page
 * @param {string[]} problems
 */
function listen(page, problems) {
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
}

/** @type {(e: unknown) => string} the first line of an error's message */
const firstLine = (e) => (e instanceof Error ? e.message : String(e)).split('\n')[0];

/**
 * One cold load of `url` in a fresh context (no cache, no service worker) until
 * html[data-ready="true"]; with `base`, also what it fetched until then (URLs under `base`
 * named relative to it).
 * @param {Browser} browser
 * @param {string} url
 * @param {string | null} [base]
 * @returns {Promise<Load>}
 */
export async function measureLoad(browser, url, base = null) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 820 }, serviceWorkers: 'block' });
  const recorder = base === null ? null : recordRequests(context, base);
  /** @type {string[]} */
  const problems = [];
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    listen(page, problems);
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(
      () => {
        const m = /** @type {PageWindow} */ (window).__measure;
        return m && m.ready !== null;
      },
      null,
      { timeout: LOAD_TIMEOUT_MS, polling: 20 },
    );
    // Long-task entries are delivered after their task ends: give them a moment.
    const { ready, tasks, origin } = await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 200));
      const m = /** @type {PageWindow} */ (window).__measure;
      // Both there: waited for above.
      if (!m || m.ready === null) throw new Error('the page has no ready time');
      if (m.observer) for (const e of m.observer.takeRecords()) m.tasks?.push([e.startTime, e.duration]);
      return { ready: m.ready, tasks: m.tasks, origin: performance.timeOrigin };
    });
    const before = tasks === null ? null : tasks.filter(([start]) => start < ready).map(([, d]) => d);
    const longest = before === null ? null : before.length ? Math.max(...before) : 0;
    return { ready, longest, fetches: recorder ? await recorder.take(origin + ready) : null, problems };
  } catch (e) {
    return { error: firstLine(e), problems };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * `runs` cold loads of `url` (see measureLoad).
 * @param {Browser} browser
 * @param {string} url
 * @param {number} runs
 * @param {string | null} [base]
 * @returns {Promise<Load[]>}
 */
export async function measureLoads(browser, url, runs, base = null) {
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await measureLoad(browser, url, base));
  return loads;
}

/**
 * The first load of `hostPage`, a page that holds only `<blue-gray-game mode="ai">` and imports the
 * element as an unbundled host page does (see `ELEMENT_HOST_PAGE`), of a site under `base`: what
 * it fetches (the host page itself left out) until its computer can move, that is once the
 * board is ready (its `ready` promise: the rules core is compiled, the first game set up) and
 * the AI worker, handed the compiled core, has run its script (it listens for messages). The
 * host page is a real file of the site, not a routed one: Playwright turns the HTTP cache off
 * in a context that routes, and a file the page and its worker both import would be counted
 * twice.
 * @param {Browser} browser
 * @param {string} base
 * @param {string} hostPage
 * @returns {Promise<Fetches & { problems: string[] }>} rejects when the load fails
 */
export async function measureElement(browser, base, hostPage) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const recorder = recordRequests(context, base, (url) => url === hostPage);
  /** @type {string[]} */
  const problems = [];
  try {
    const page = await context.newPage();
    listen(page, problems);
    // The computer's worker starts once its board is ready.
    const workerStarted = page.waitForEvent('worker', { timeout: LOAD_TIMEOUT_MS });
    await page.goto(hostPage, { timeout: LOAD_TIMEOUT_MS });
    await page.evaluate(() =>
      customElements.whenDefined('blue-gray-game').then(() => {
        const board = /** @type {(HTMLElement & { ready: Promise<unknown> }) | null} */ (document.querySelector('blue-gray-game'));
        if (!board) throw new Error('the page has no <blue-gray-game>');
        return board.ready;
      }),
    );
    const worker = await workerStarted;
    // A module worker sets its onmessage when its script, imports and all, has run.
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    while (!(await worker.evaluate(() => typeof self.onmessage === 'function'))) {
      if (Date.now() > deadline) throw new Error('the AI worker never ran its script');
      await new Promise((r) => setTimeout(r, 20));
    }
    const until = Date.now();
    await page.waitForTimeout(200); // to name what it asks for next
    return { ...(await recorder.take(until)), problems };
  } catch (e) {
    throw new Error(`the page with only the element failed to load: ${firstLine(e)}`, { cause: e });
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * The analysis budgets of issue 11: a game of REVIEW_PLIES plies made by random legal moves (a
 * fixed seed; the no-progress impasse off so that it lasts), reviewed from the Review button
 * to its summary, and a hint from the button to its text.
 */
export const REVIEW_PLIES = 150;

/**
 * The host page of `measureElement`: only the element, imported from `modulePath`.
 * @param {string} modulePath
 * @returns {string}
 */
export const ELEMENT_HOST_PAGE = (modulePath) =>
  `<!doctype html><link rel="icon" href="data:,"><script type="module" src="${modulePath}"></script><blue-gray-game mode="ai"></blue-gray-game>`;
/**
 * @param {Browser} browser
 * @param {string} url the page's
 * @returns {Promise<{ plies: number, reviewMs: number, reviewTask: number, hintMs: number }>}
 */
export async function measureAnalysis(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${url}?mode=two&variant=${encodeURIComponent('sackson,impasse_plies=0')}`);
    await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: LOAD_TIMEOUT_MS });
    const plies = await page.evaluate((target) => {
      const hooks = /** @type {PageWindow} */ (window).bluegray;
      if (!hooks) throw new Error('the page has no window.bluegray');
      const board = hooks.element;
      let seed = 7;
      const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      while (board.state.history.length < target && !board.state.result) {
        const moves = board.state.moves;
        board.play(moves[Math.floor(next() * moves.length)].text);
      }
      return board.state.history.length;
    }, REVIEW_PLIES);
    await page.evaluate(() => {
      const w = /** @type {PageWindow} */ (window);
      w.__longest = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) w.__longest = Math.max(w.__longest ?? 0, e.duration);
      }).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await page.click('#review');
    await page.waitForFunction(
      () => {
        // (The review's box is built with the review's code, fetched at this first review.)
        const summary = document.getElementById('review-summary');
        const progress = document.getElementById('review-progress');
        if (!summary || !progress) return false;
        const text = summary.textContent;
        return document.querySelector('#moves [data-mark]') && text && !progress.checkVisibility();
      },
      null,
      { timeout: 120_000 },
    );
    const reviewMs = Date.now() - t0;
    // (Set just above; were it not, NaN as before.)
    const reviewTask = Math.round(await page.evaluate(() => /** @type {PageWindow} */ (window).__longest ?? NaN));
    // A hint needs a game going on.
    await page.evaluate(() => {
      const hooks = /** @type {PageWindow} */ (window).bluegray;
      if (!hooks) throw new Error('the page has no window.bluegray');
      return hooks.state.result && hooks.element.undo();
    });
    const t1 = Date.now();
    await page.click('#hint');
    await page.waitForFunction(() => {
      const hint = document.getElementById('hint-text');
      const hooks = /** @type {PageWindow} */ (window).bluegray;
      if (!hint || !hooks) throw new Error('the page has no #hint-text or window.bluegray');
      // An element's text is a string (null is a document's or a doctype's).
      const said = hint.textContent ?? '';
      return hooks.state.moves.some((m) => said.includes(m.text));
    });
    return { plies, reviewMs, reviewTask, hintMs: Date.now() - t1 };
  } finally {
    await context.close();
  }
}
