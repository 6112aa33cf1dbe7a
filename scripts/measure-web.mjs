#!/usr/bin/env node
// Measures the page budgets of issue 34 ("A lighter page") on the built site, by what headless
// Chromium fetches, and prints each budget with PASS or FAIL.
//
//   node scripts/measure-web.mjs [--dist DIR] [--runs N]
//
// Expects `bash scripts/build-web.sh` to have written dist/, and Chromium at $CHROMIUM_PATH or
// /usr/bin/chromium (driven by playwright-core). Every page is loaded cold: a fresh browser
// context, no cache, no service worker. A page's weight is the sum of the bodies of every
// response it (and its workers) fetched, each gzipped by node:zlib at level 9 (KB = 1024 bytes).
// Prints:
//   - the first visit of dist/index.html served by scripts/serve.mjs, until html[data-ready="true"]:
//     each file fetched (url, raw, gzip; largest first) and the total (budget: gzip <= 140 KB),
//     and what it asked for after that (not counted);
//   - a page that holds only `<blue-gray-game mode="ai">`, served beside a copy of the npm package
//     (dist/npm; dist/ itself without one) and importing the element from it, until its computer can
//     move: the board's `ready` promise (the rules core compiled, the first game set up) and the
//     AI worker, handed the compiled core, running its script: the same table (gzip <= 120 KB);
//   - N cold loads (default 5) of dist/index.html served and of dist/blue-and-gray.html opened via
//     file://: the time from navigation to ready (median, min, max; reported, no budget) and the
//     longest main-thread task before ready (PerformanceObserver 'longtask', which sees only tasks
//     over 50 ms: '-' means none); budget: no task over 50 ms in any load;
//   - the analysis budgets of issue 11 on the served page: the review of a 150-ply game (<= 20 s)
//     and a hint (<= 1 s);
//   - the npm package's tarball (`npm pack --dry-run`; reported, no budget);
//   - the budget table: each figure, its budget, PASS or FAIL (dist/blue-and-gray.html raw
//     <= 350 KB among them).
// A report, not a test: a budget that fails is a FAIL in the table and the exit code stays 0.
// Exits 1 when dist/ (its index.html or blue-and-gray.html) or Chromium is missing or a load
// fails, 2 on a bad argument.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startServer } from './serve.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';
import { kb, sum, packReport } from './lib/sizes.mjs';
import { measureLoads, measureElement, measureAnalysis, REVIEW_PLIES, ELEMENT_HOST_PAGE } from './lib/page-loads.mjs';

/**
 * @import { Fetches } from './lib/sizes.mjs'
 * @import { Load } from './lib/page-loads.mjs'
 */
/**
 * A row of the budget table: what, the figure as printed, the budget as printed and whether it
 * is kept (null: reported, no budget).
 * @typedef {{ what: string, figure: string, budget: string, pass: boolean | null }} Budget
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SINGLE = 'blue-and-gray.html';
/** The package's directory inside dist/. */
const NPM_DIR = 'npm';
/** The element page's host page, in a site of its own beside a copy of the package. */
const HOST_PAGE = '__host__.html';
const KB = 1024;
/** The budgets: bytes (gzip, or raw for the single file), ms. */
const BUDGET = { firstVisit: 140 * KB, element: 120 * KB, single: 350 * KB, task: 50, reviewMs: 20_000, hintMs: 1000 };

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

/** @type {(s: string | number, n: number) => string} */
const pad = (s, n) => String(s).padStart(n);
/** @type {(xs: number[]) => number} */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
/** @type {(t: number | null) => string} a longest task as printed ('-': none over 50 ms) */
const taskText = (t) => (t === null ? '?' : t === 0 ? '-' : String(Math.round(t)));

/**
 * Prints what a page fetched, largest (gzip) first, and its total; returns the gzip total.
 * @param {string} title
 * @param {Fetches} fetches
 * @returns {number}
 */
function printFetches(title, { fetched, after }) {
  const width = Math.max(40, ...fetched.map((f) => f.url.length + 4));
  console.log(`${title}\n${'  url'.padEnd(width)}${pad('raw KB', 10)}${pad('gzip KB', 10)}`);
  for (const f of [...fetched].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`${`  ${f.url}${f.status === 200 ? '' : ` (HTTP ${f.status || 'failed'})`}`.padEnd(width)}${pad(kb(f.raw), 10)}${pad(kb(f.gzip), 10)}`);
  }
  const gzip = sum(fetched, 'gzip');
  console.log(`${`  total (${fetched.length} responses)`.padEnd(width)}${pad(kb(sum(fetched, 'raw')), 10)}${pad(kb(gzip), 10)}`);
  if (after.length) console.log(`  asked for after that (not counted): ${after.join(', ')}`);
  console.log('');
  return gzip;
}

/**
 * @param {string} label
 * @param {Load[]} loads
 * @returns {string}
 */
function loadRow(label, loads) {
  const ok = loads.flatMap((l) => (l.error === undefined ? [l] : []));
  const times = ok.map((l) => l.ready);
  const each = loads.map((l) => (l.error !== undefined ? 'fail' : taskText(l.longest)));
  const fig = (/** @type {number} */ x) => pad(times.length ? Math.round(x) : '-', 7);
  return `${label.padEnd(30)}${fig(median(times))}${fig(Math.min(...times))}${fig(Math.max(...times))}   ${pad(taskText(worstTask(loads)), 6)}   ${each.join(', ')}`;
}

/**
 * The longest task of all the loads that did not fail (0: none over 50 ms; null: unknown).
 * @param {Load[]} loads
 * @returns {number | null}
 */
function worstTask(loads) {
  const ok = loads.flatMap((l) => (l.error === undefined ? [l] : []));
  return ok.some((l) => l.longest === null) ? null : Math.max(0, ...ok.map((l) => l.longest ?? 0));
}

const { dist, runs } = parseArgs(process.argv.slice(2));
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  fail(`${path.join(dist, 'index.html')} not found: run \`bash scripts/build-web.sh\` first`);
}
if (!fs.existsSync(path.join(dist, SINGLE))) fail(`${SINGLE} is missing from ${dist}: run \`bash scripts/build-web.sh\``);
if (!fs.existsSync(CHROMIUM)) {
  fail(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`);
}
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  fail('playwright-core is not installed: run `npm ci` (or `bash scripts/setup.sh --test`)');
}

const npmDir = path.join(dist, NPM_DIR);
const hasPackage = fs.existsSync(path.join(npmDir, 'package.json'));
const elementModule = hasPackage ? `${NPM_DIR}/blue-gray-game.js` : 'blue-gray-game.js';
const singleRaw = fs.statSync(path.join(dist, SINGLE)).size;
/** @type {Budget[]} */
const budgets = [];
/** @type {(what: string, figure: number, limit: number, unit: 'KB' | 'ms' | 's') => void} */
const budget = (what, figure, limit, unit) => {
  const f = unit === 'KB' ? kb : unit === 's' ? (/** @type {number} */ x) => (x / 1000).toFixed(1) : String;
  budgets.push({ what, figure: `${f(figure)} ${unit}`, budget: `<= ${f(limit)} ${unit}`, pass: figure <= limit });
};
let failed = false;

const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
const server = await startServer({ port: 0, root: dist });
try {
  const warm = await browser.newContext(); // warms up the browser process, not measured
  await (await warm.newPage()).goto('about:blank');
  await warm.close();
  console.log(`dist/ = ${dist}   (KB = 1024 bytes; gzip = node:zlib level 9 of each response's body)\n`);

  /** @type {[string, Load[]][]} */
  const rows = [
    ['server index.html', await measureLoads(browser, `${server.url}index.html`, runs, server.url)],
    [`file:// ${SINGLE}`, await measureLoads(browser, pathToFileURL(path.join(dist, SINGLE)).href, runs)],
  ];
  const visits = rows[0][1].flatMap((l) => (l.error === undefined && l.fetches ? [l.fetches] : []));
  if (visits.length) {
    const totals = visits.map((v) => sum(v.fetched, 'gzip'));
    const heaviest = totals.indexOf(Math.max(...totals));
    const title = `first visit of index.html (served), navigation -> html[data-ready="true"]${visits.length > 1 ? ` (the heaviest of ${visits.length} loads)` : ''}:`;
    budget('first visit, index.html (gzip)', printFetches(title, visits[heaviest]), BUDGET.firstVisit, 'KB');
    if (Math.min(...totals) !== totals[heaviest]) console.log(`note: the loads fetched from ${kb(Math.min(...totals))} to ${kb(totals[heaviest])} KB gzip (what a load asks for around its ready varies)\n`);
  }

  let elementPage = null;
  try {
    // The host page's site: the package beside the page (or a copy of dist/ when it has none).
    const site = fs.mkdtempSync(path.join(os.tmpdir(), 'measure-element-'));
    const hostServer = await startServer({ port: 0, root: site });
    try {
      fs.cpSync(hasPackage ? npmDir : dist, hasPackage ? path.join(site, NPM_DIR) : site, { recursive: true });
      fs.writeFileSync(path.join(site, HOST_PAGE), ELEMENT_HOST_PAGE(elementModule));
      elementPage = await measureElement(browser, hostServer.url, `${hostServer.url}${HOST_PAGE}`);
    } finally {
      await hostServer.close();
      fs.rmSync(site, { recursive: true, force: true });
    }
  } catch (e) {
    failed = true;
    console.log(`${e instanceof Error ? e.message : e}\n`);
  }
  if (elementPage) {
    const title = `a page with only <blue-gray-game mode="ai"> (the module from dist/${elementModule}), until its computer can move:`;
    budget('element page, mode="ai" (gzip)', printFetches(title, elementPage), BUDGET.element, 'KB');
  }
  budget(`single file ${SINGLE} (raw)`, singleRaw, BUDGET.single, 'KB');

  console.log(`navigation -> html[data-ready="true"], ${runs} cold loads each (fresh context), ms`);
  console.log(`${''.padEnd(30)}${pad('median', 7)}${pad('min', 7)}${pad('max', 7)}   ${pad('task', 6)}   longest task: worst, per load ('-': none over 50 ms)`);
  for (const [label, loads] of rows) {
    console.log(loadRow(label, loads));
    const worst = worstTask(loads);
    if (worst !== null && loads.some((l) => l.error === undefined)) budget(`longest task, ${label} (${runs} loads)`, Math.round(worst), BUDGET.task, 'ms');
    else budgets.push({ what: `longest task, ${label}`, figure: '?', budget: `<= ${BUDGET.task} ms`, pass: false });
  }

  const analysis = await measureAnalysis(browser, `${server.url}index.html`);
  console.log(`\nreview of a ${analysis.plies}-ply game: ${analysis.reviewMs} ms (longest main-thread task meanwhile: ${analysis.reviewTask || '-'} ms)`);
  console.log(`hint: ${analysis.hintMs} ms`);
  budget(`review of a ${analysis.plies}-ply game`, analysis.reviewMs, BUDGET.reviewMs, 's');
  budget('hint', analysis.hintMs, BUDGET.hintMs, 'ms');
  if (analysis.plies < REVIEW_PLIES) console.log(`note: the game ended after ${analysis.plies} plies, short of ${REVIEW_PLIES}`);

  if (hasPackage) {
    const pack = packReport(npmDir);
    console.log(`\nnpm package ${pack.filename}: ${kb(pack.size)} KB packed, ${kb(pack.unpackedSize)} KB unpacked, ${pack.entryCount} files`);
    budgets.push({ what: `npm tarball ${pack.filename}`, figure: `${kb(pack.size)} KB`, budget: '(none)', pass: null });
  }

  const load = os.loadavg()[0];
  if (load > os.cpus().length / 2) console.log(`note: load average ${load.toFixed(1)} on ${os.cpus().length} CPUs: the timings are inflated; measure on an idle machine`);
  for (const [label, loads] of rows) {
    loads.forEach((l, i) => {
      if (l.error !== undefined) failed = true;
      for (const p of [...(l.error !== undefined ? [`failed: ${l.error}`] : []), ...new Set(l.problems)]) console.log(`  ${label}, load ${i + 1}: ${p}`);
    });
  }
  for (const p of new Set(elementPage?.problems ?? [])) console.log(`  element page: ${p}`);
} catch (e) {
  failed = true;
  console.log(`measure-web: ${e instanceof Error ? e.message : e}`);
} finally {
  await browser.close().catch(() => {});
  await server.close();
}

const width = Math.max(...budgets.map((b) => b.what.length)) + 2;
console.log(`\n${'budget'.padEnd(width)}${pad('figure', 12)}${pad('budget', 14)}  result`);
for (const b of budgets) console.log(`${b.what.padEnd(width)}${pad(b.figure, 12)}${pad(b.budget, 14)}  ${b.pass === null ? 'report' : b.pass ? 'PASS' : 'FAIL'}`);
const over = budgets.filter((b) => b.pass === false).length;
console.log(over ? `${over} of ${budgets.filter((b) => b.pass !== null).length} budgets FAIL (a report: the exit code stays 0)` : 'every budget PASS');
if (failed) fail('some loads failed (above)');
