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

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SINGLE = 'blue-and-gray.html';
/** Fetched by a first visit besides the service worker's list. */
const ALSO_FETCHED = ['sw.js', 'manifest.webmanifest', 'icons/icon-192.png'];
const LOAD_TIMEOUT_MS = 30_000;

function fail(message, code = 1) {
  console.error(`measure-web: ${message}`);
  process.exit(code);
}

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
async function measureAnalysis(browser, url) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto(`${url}?mode=two&variant=${encodeURIComponent('sackson,impasse_plies=0')}`);
    await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: LOAD_TIMEOUT_MS });
    const plies = await page.evaluate((target) => {
      const board = window.bluegray.element;
      let seed = 7;
      const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
      while (board.state.history.length < target && !board.state.result) {
        const moves = board.state.moves;
        board.play(moves[Math.floor(next() * moves.length)].text);
      }
      return board.state.history.length;
    }, REVIEW_PLIES);
    await page.evaluate(() => {
      window.__longest = 0;
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
      }).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    await page.click('#review');
    await page.waitForFunction(
      () => {
        const text = document.getElementById('review-summary').textContent;
        return document.querySelector('#moves [data-mark]') && text && !document.getElementById('review-progress').checkVisibility();
      },
      null,
      { timeout: 120_000 },
    );
    const reviewMs = Date.now() - t0;
    const reviewTask = Math.round(await page.evaluate(() => window.__longest));
    // A hint needs a game going on.
    await page.evaluate(() => window.bluegray.state.result && window.bluegray.element.undo());
    const t1 = Date.now();
    await page.click('#hint');
    await page.waitForFunction(() => {
      const said = document.getElementById('hint-text').textContent;
      return window.bluegray.state.moves.some((m) => said.includes(m.text));
    });
    return { plies, reviewMs, reviewTask, hintMs: Date.now() - t1 };
  } finally {
    await context.close();
  }
}

/**
 * The files the service worker keeps in Chromium (its BUILD list in sw.js, and of the rules
 * core's two builds the SIMD one), relative to dist/.
 */
function swFiles(dir) {
  const src = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const m = src.match(/const BUILD = (\{.*\});/);
  if (!m) fail('dist/sw.js has no BUILD list: was it written by scripts/build-dist.mjs?');
  const build = JSON.parse(m[1]);
  return [...build.files, build.wasm.simd].filter((f) => f !== './').map((f) => f.replace(/^\.\//, ''));
}

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
 */
async function measureElement(browser, npmDir) {
  const server = await startServer({ port: 0, root: npmDir });
  const context = await browser.newContext();
  try {
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
    await page.evaluate(() => customElements.whenDefined('blue-gray-game').then(() => document.querySelector('blue-gray-game').ready));
    await (await workerStarted).evaluate(() => true);
    return [...fetched].sort();
  } finally {
    await context.close();
    await server.close();
  }
}

/** `npm pack --dry-run` of the package: {filename, size (the tarball), unpackedSize, files}. */
function packReport(npmDir) {
  try {
    const out = execFileSync('npm', ['pack', npmDir, '--dry-run', '--json', '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out)[0];
  } catch (e) {
    fail(`npm pack ${npmDir} failed: ${e.stderr || e.message}`);
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const pad = (s, n) => String(s).padStart(n);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Registered before the page's own scripts in every load: records when html[data-ready="true"]
// appears (performance.now(), i.e. ms since navigation) and every long task.
function probe() {
  const m = (window.__measure = { ready: null, tasks: [], observer: null });
  try {
    m.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) m.tasks.push([e.startTime, e.duration]);
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

async function measureLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 820 } });
  const problems = [];
  try {
    await context.addInitScript(probe);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
    });
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__measure && window.__measure.ready !== null, null, { timeout: LOAD_TIMEOUT_MS, polling: 20 });
    // Long-task entries are delivered after their task ends: give them a moment.
    const { ready, tasks } = await page.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 200));
      const m = window.__measure;
      if (m.observer) for (const e of m.observer.takeRecords()) m.tasks.push([e.startTime, e.duration]);
      return { ready: m.ready, tasks: m.tasks };
    });
    const before = tasks === null ? null : tasks.filter(([start]) => start < ready).map(([, d]) => d);
    return { ready, longest: before === null ? null : before.length ? Math.max(...before) : 0, problems };
  } catch (e) {
    return { error: e.message.split('\n')[0], problems };
  } finally {
    await context.close().catch(() => {});
  }
}

async function measureLoads(browser, url, runs) {
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await measureLoad(browser, url));
  return loads;
}

function loadRow(label, loads) {
  const ok = loads.filter((l) => l.error === undefined);
  const times = ok.map((l) => l.ready);
  const task = (t) => (t === null ? '?' : t === 0 ? '-' : Math.round(t));
  const each = loads.map((l) => (l.error !== undefined ? 'fail' : task(l.longest)));
  const worst = ok.some((l) => l.longest === null) ? null : Math.max(0, ...ok.map((l) => l.longest));
  const fig = (x) => pad(times.length ? Math.round(x) : '-', 7);
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
const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);
console.log(`${'-'.repeat(width + 20)}`);
console.log(`${`page transfer (${page.length} files)`.padEnd(width)}${pad(kb(sum(page, 'raw')), 10)}${pad(kb(sum(page, 'gzip')), 10)}   budget: gzip < 150 KB`);
const single = files.find((f) => f.rel === SINGLE);
console.log(`${`single file ${SINGLE}`.padEnd(width)}${pad(single ? kb(single.raw) : 'missing', 10)}${pad(single ? kb(single.gzip) : '', 10)}   budget: raw < 350 KB`);
console.log(`(* not part of a first visit's transfer)\n`);

// (c), (d), (e): cold loads.
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const server = await startServer({ port: 0, root: dist });
let failed = !single;
try {
  const warm = await browser.newContext(); // warms up the browser process, not measured
  await (await warm.newPage()).goto('about:blank');
  await warm.close();
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
