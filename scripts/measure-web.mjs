#!/usr/bin/env node
// Measures the page budgets of issue 9 on the built site (a report, not a test: nothing is
// asserted, the budgets are printed next to the figures).
//
//   node scripts/measure-web.mjs [--dist DIR] [--runs N]
//
// Expects `bash scripts/build-web.sh` to have written dist/, and Chromium at $CHROMIUM_PATH or
// /usr/bin/chromium (driven by playwright-core). Prints:
//   - every file of dist/, raw and gzip (node:zlib, level 9), and the total of what a first visit
//     transfers: the files the service worker keeps for offline play (its list in sw.js, which
//     holds everything the page loads, and the SIMD build of the rules core, which Chromium
//     runs), sw.js itself, and the manifest and the icon the page links (the other icons are
//     fetched only to install the app);
//   - the single file's (blue-and-gray.html) raw size;
//   - for dist/index.html on the local server and for dist/blue-and-gray.html opened via file://:
//     N cold loads (default 5), each in a fresh browser context (no cache, no service worker),
//     the time from navigation to `html[data-ready="true"]` (median, min, max) and in each load
//     the longest main-thread task from navigation to ready (PerformanceObserver 'longtask',
//     which sees only tasks over 50 ms: '-' means none).
//   - the analysis budgets of issue 11 on the served page: the review of a 150-ply game (from
//     the Review button to its marks) with the longest main-thread task meanwhile, and a hint.
//   - the npm package (dist/npm, issue 20): the tarball `npm pack` makes, and what a page that
//     only embeds the element (one board against the computer, the module loaded straight from
//     the package) downloads until the board is ready and its worker started, raw and gzip.
// Exits 1 when dist/ or Chromium is missing or a load fails, 2 on a bad argument.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from './serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

/**
 * @import { Browser } from 'playwright-core'
 */
/**
 * What the measurements read of the board's state (www/engine/core-types.js).
 * @typedef {{ history: unknown[], result: unknown, moves: { text: string }[] }} BoardState
 */
/**
 * The page's window for tests (www/page/test-hooks.js): what the measurements use of it.
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
 * One cold load: the time to ready and the longest task before it (null: unknown), or the error.
 * @typedef {{ ready: number, longest: number | null, error?: undefined, problems: string[] }
 *   | { error: string, problems: string[] }} Load
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SINGLE = 'blue-and-gray.html';
/** Fetched by a first visit besides the service worker's list. */
const ALSO_FETCHED = ['sw.js', 'manifest.webmanifest', 'icons/icon-192.png'];
const LOAD_TIMEOUT_MS = 30_000;

/**
 * @param {string} message
 * @param {number} [code] the exit code
 * @returns {never}
 */
function fail(message, code = 1) {
  console.error(`measure-web: ${message}`);
  process.exit(code);
}

/**
 * @param {string[]} argv the command line's arguments
 * @returns {{ dist: string, runs: number }}
 */
function parseArgs(argv) {
  const opts = { dist: path.join(REPO, 'dist'), runs: 5 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]) ?? fail(`${flag} needs a value`, 2);
    if (flag === '--dist') opts.dist = path.resolve(value());
    else if (flag === '--runs') {
      opts.runs = Number(value());
      if (!Number.isInteger(opts.runs) || opts.runs < 1) fail('--runs needs a positive integer', 2);
    } else if (flag === '--help' || flag === '-h') {
      console.log('usage: node scripts/measure-web.mjs [--dist DIR] [--runs N]');
      process.exit(0);
    } else fail(`unknown argument '${argv[i]}'`, 2);
  }
  return opts;
}

/**
 * The analysis budgets of issue 11: a game of REVIEW_PLIES plies made by random legal moves (a
 * fixed seed; the no-progress impasse off so that it lasts), reviewed from the Review button
 * to its summary, and a hint from the button to its text.
 */
const REVIEW_PLIES = 150;
/**
 * @param {Browser} browser
 * @param {string} url the page's
 * @returns {Promise<{ plies: number, reviewMs: number, reviewTask: number, hintMs: number }>}
 */
async function measureAnalysis(browser, url) {
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
        const summary = document.getElementById('review-summary');
        const progress = document.getElementById('review-progress');
        if (!summary || !progress) throw new Error('the page has no #review-summary or #review-progress');
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

/**
 * The files the service worker keeps in Chromium (its BUILD list in sw.js, and of the rules
 * core's two builds the SIMD one), relative to dist/.
 * @param {string} dir
 * @returns {string[]}
 */
function swFiles(dir) {
  const src = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const m = src.match(/const BUILD = (\{.*\});/);
  if (!m) fail('dist/sw.js has no BUILD list: was it written by scripts/build-dist.mjs?');
  /** @type {unknown} */
  const build = JSON.parse(m[1]);
  if (!isBuild(build)) fail('dist/sw.js has a BUILD list without its files and wasm builds: was it written by scripts/build-dist.mjs?');
  return [...build.files, build.wasm.simd].filter((f) => f !== './').map((f) => f.replace(/^\.\//, ''));
}

/**
 * sw.js's BUILD as build-dist.mjs writes it: what swFiles reads of it.
 * @param {unknown} build
 * @returns {build is { files: string[], wasm: { simd: string } }}
 */
function isBuild(build) {
  if (typeof build !== 'object' || build === null || !('files' in build) || !('wasm' in build)) return false;
  const { files, wasm } = build;
  return (
    Array.isArray(files) && files.every((f) => typeof f === 'string') &&
    typeof wasm === 'object' && wasm !== null && 'simd' in wasm && typeof wasm.simd === 'string'
  );
}

/**
 * The files under `dir`/`rel`, by name, as paths relative to `dir` with `/` between the names.
 * @param {string} dir
 * @param {string} [rel]
 * @returns {string[]}
 */
function listFiles(dir, rel = '') {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) return listFiles(dir, r);
      return e.isFile() ? [r] : [];
    });
}

/** The package's directory inside dist/: not part of the site, measured on its own. */
const NPM_DIR = 'npm';

/**
 * The files of `npmDir` (dist/npm) that a host page with one board against the computer
 * downloads: from navigation until the board is ready and its worker has started. The page is
 * of the package's own origin and imports the element by its path, as an unbundled page does.
 * @param {Browser} browser
 * @param {string} npmDir
 * @returns {Promise<string[]>}
 */
async function measureElement(browser, npmDir) {
  const server = await startServer({ port: 0, root: npmDir });
  const context = await browser.newContext();
  try {
    /** @type {Set<string>} */
    const fetched = new Set();
    const hostPage = `${server.url}__host__.html`;
    context.on('request', (r) => {
      if (r.url().startsWith(server.url) && r.url() !== hostPage) fetched.add(decodeURIComponent(new URL(r.url()).pathname.slice(1)));
    });
    const page = await context.newPage();
    await page.route(hostPage, (r) =>
      r.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><link rel="icon" href="data:,"><script type="module" src="blue-gray-game.js"></script><blue-gray-game mode="ai" level="3"></blue-gray-game>',
      }),
    );
    // The computer's worker starts when its board is in the page; its script comes last.
    const workerStarted = page.waitForEvent('worker', { timeout: LOAD_TIMEOUT_MS });
    await page.goto(hostPage);
    await page.evaluate(() =>
      customElements.whenDefined('blue-gray-game').then(() => {
        const board = /** @type {(HTMLElement & { ready: Promise<unknown> }) | null} */ (document.querySelector('blue-gray-game'));
        if (!board) throw new Error('the page has no <blue-gray-game>');
        return board.ready;
      }),
    );
    await (await workerStarted).evaluate(() => true);
    return [...fetched].sort();
  } finally {
    await context.close();
    await server.close();
  }
}

/**
 * What measure-web prints of `npm pack --json`'s report.
 * @typedef {{ filename: string, size: number, unpackedSize: number, entryCount: number }} PackReport
 */

/**
 * `npm pack --dry-run` of the package: {filename, size (the tarball), unpackedSize, entryCount}.
 * @param {string} npmDir
 * @returns {PackReport}
 */
function packReport(npmDir) {
  /** @type {unknown} */
  let report;
  try {
    const out = execFileSync('npm', ['pack', npmDir, '--dry-run', '--json', '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    report = JSON.parse(out)[0];
  } catch (e) {
    // execFileSync's error carries npm's stderr (spawnSync's result); JSON.parse's has none.
    const { stderr, message } = /** @type {Error & { stderr?: string }} */ (e);
    fail(`npm pack ${npmDir} failed: ${stderr || message}`);
  }
  if (!isPackReport(report)) fail(`npm pack ${npmDir} reported no filename, size, unpackedSize and entryCount`);
  return report;
}

/**
 * @param {unknown} r
 * @returns {r is PackReport}
 */
function isPackReport(r) {
  return (
    typeof r === 'object' && r !== null &&
    'filename' in r && typeof r.filename === 'string' &&
    'size' in r && typeof r.size === 'number' &&
    'unpackedSize' in r && typeof r.unpackedSize === 'number' &&
    'entryCount' in r && typeof r.entryCount === 'number'
  );
}

/** @type {(bytes: number) => string} */
const kb = (bytes) => (bytes / 1024).toFixed(1);
/** @type {(s: string | number, n: number) => string} */
const pad = (s, n) => String(s).padStart(n);
/** @type {(xs: number[]) => number} */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

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
 * @param {Browser} browser
 * @param {string} url
 * @returns {Promise<Load>}
 */
async function measureLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 820 } });
  /** @type {string[]} */
  const problems = [];
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
    });
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
    const { ready, tasks } = await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 200));
      const m = /** @type {PageWindow} */ (window).__measure;
      // Both there: waited for above.
      if (!m || m.ready === null) throw new Error('the page has no ready time');
      if (m.observer) for (const e of m.observer.takeRecords()) m.tasks?.push([e.startTime, e.duration]);
      return { ready: m.ready, tasks: m.tasks };
    });
    const before = tasks === null ? null : tasks.filter(([start]) => start < ready).map(([, d]) => d);
    return { ready, longest: before === null ? null : before.length ? Math.max(...before) : 0, problems };
  } catch (e) {
    return { error: (e instanceof Error ? e.message : String(e)).split('\n')[0], problems };
  } finally {
    await context.close().catch(() => {});
  }
}

/**
 * @param {Browser} browser
 * @param {string} url
 * @param {number} runs
 * @returns {Promise<Load[]>}
 */
async function measureLoads(browser, url, runs) {
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await measureLoad(browser, url));
  return loads;
}

/**
 * @param {string} label
 * @param {Load[]} loads
 * @returns {string}
 */
function loadRow(label, loads) {
  const ok = loads.filter((l) => l.error === undefined);
  const times = ok.map((l) => l.ready);
  /** @type {(t: number | null) => string | number} */
  const task = (t) => (t === null ? '?' : t === 0 ? '-' : Math.round(t));
  const each = loads.map((l) => (l.error !== undefined ? 'fail' : task(l.longest)));
  const worst = ok.some((l) => l.longest === null) ? null : Math.max(0, ...ok.map((l) => l.longest ?? 0));
  const fig = (/** @type {number} */ x) => pad(times.length ? Math.round(x) : '-', 7);
  return `${label.padEnd(30)}${fig(median(times))}${fig(Math.min(...times))}${fig(Math.max(...times))}   ${pad(task(worst), 6)}   ${each.join(', ')}`;
}

const opts = parseArgs(process.argv.slice(2));
const { dist, runs } = opts;
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  fail(`${path.join(dist, 'index.html')} not found: run \`bash scripts/build-web.sh\` first`);
}
if (!fs.existsSync(CHROMIUM)) {
  fail(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  fail('playwright-core is not installed: run `npm ci` (or `bash scripts/setup.sh --test`)');
}

// (a), (b): sizes.
const kept = new Set([...swFiles(dist), ...ALSO_FETCHED]);
const files = listFiles(dist).filter((rel) => !rel.startsWith(`${NPM_DIR}/`)).map((rel) => {
  const data = fs.readFileSync(path.join(dist, rel));
  return { rel, raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length, transferred: kept.has(rel) };
});
const width = Math.max(34, ...files.map((f) => f.rel.length + 4));
console.log(`dist/ = ${dist}   (KB = 1024 bytes; gzip = node:zlib level 9)\n`);
console.log(`${'file'.padEnd(width)}${pad('raw KB', 10)}${pad('gzip KB', 10)}`);
for (const f of files) console.log(`${(f.transferred ? f.rel : f.rel + ' *').padEnd(width)}${pad(kb(f.raw), 10)}${pad(kb(f.gzip), 10)}`);
const page = files.filter((f) => f.transferred);
/** @type {(xs: { raw: number, gzip: number }[], k: 'raw' | 'gzip') => number} */
const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
console.log(`${'-'.repeat(width + 20)}`);
console.log(`${`page transfer (${page.length} files)`.padEnd(width)}${pad(kb(sum(page, 'raw')), 10)}${pad(kb(sum(page, 'gzip')), 10)}   budget: gzip < 150 KB`);
const single = files.find((f) => f.rel === SINGLE);
console.log(`${`single file ${SINGLE}`.padEnd(width)}${pad(single ? kb(single.raw) : 'missing', 10)}${pad(single ? kb(single.gzip) : '', 10)}   budget: raw < 350 KB`);
console.log(`(* not part of a first visit's transfer)\n`);

// (c), (d), (e): cold loads.
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
const server = await startServer({ port: 0, root: dist });
let failed = !single;
try {
  const warm = await browser.newContext(); // warms up the browser process, not measured
  await (await warm.newPage()).goto('about:blank');
  await warm.close();
  /** @type {[string, Load[]][]} */
  const rows = [['server index.html', await measureLoads(browser, server.url + 'index.html', runs)]];
  if (single) rows.push([`file:// ${SINGLE}`, await measureLoads(browser, pathToFileURL(path.join(dist, SINGLE)).href, runs)]);
  console.log(`navigation -> html[data-ready="true"], ${runs} cold loads each (fresh context), ms`);
  console.log(`${''.padEnd(30)}${pad('median', 7)}${pad('min', 7)}${pad('max', 7)}   ${pad('task', 6)}   longest task: worst, per load ('-': none over 50 ms)`);
  for (const [label, loads] of rows) console.log(loadRow(label, loads));
  console.log('budget: median < 400 ms; no main-thread task over 50 ms');
  const analysis = await measureAnalysis(browser, server.url + 'index.html');
  console.log(`\nreview of a ${analysis.plies}-ply game: ${analysis.reviewMs} ms (longest main-thread task meanwhile: ${analysis.reviewTask || '-'} ms)   budget: 150 plies < 20 s`);
  console.log(`hint: ${analysis.hintMs} ms   budget: < 1 s`);
  const npmDir = path.join(dist, NPM_DIR);
  if (fs.existsSync(path.join(npmDir, 'package.json'))) {
    const pack = packReport(npmDir);
    console.log(`\nnpm package ${pack.filename}: ${kb(pack.size)} KB packed, ${kb(pack.unpackedSize)} KB unpacked, ${pack.entryCount} files`);
    const element = (await measureElement(browser, npmDir)).map((rel) => {
      const data = fs.readFileSync(path.join(npmDir, rel));
      return { rel, raw: data.length, gzip: zlib.gzipSync(data, { level: 9 }).length };
    });
    console.log('a page with only the element (one board against the computer), until ready with its worker started:');
    for (const f of element) console.log(`  ${f.rel.padEnd(width - 2)}${pad(kb(f.raw), 10)}${pad(kb(f.gzip), 10)}`);
    console.log(`${`  element first load (${element.length} files)`.padEnd(width)}${pad(kb(sum(element, 'raw')), 10)}${pad(kb(sum(element, 'gzip')), 10)}`);
  }
  const load = os.loadavg()[0];
  if (load > os.cpus().length / 2) console.log(`note: load average ${load.toFixed(1)} on ${os.cpus().length} CPUs: the timings are inflated; measure on an idle machine`);
  for (const [label, loads] of rows) {
    loads.forEach((l, i) => {
      if (l.error !== undefined) failed = true;
      for (const p of [...(l.error !== undefined ? [`failed: ${l.error}`] : []), ...new Set(l.problems)]) console.log(`  ${label}, load ${i + 1}: ${p}`);
    });
  }
} finally {
  await browser.close().catch(() => {});
  await server.close();
}
if (failed) fail(single ? 'some loads failed (above)' : `${SINGLE} is missing from ${dist}`);
