// How fast the engine searches in WebAssembly against natively: the same positions searched to
// the same node budget by the native engine (`bluegray engine`, the engine protocol) and by the
// wasm package's `analyse` in node, at full strength with cleared tables, so both search the same
// tree: both stop at exactly the budget (the wasm says how many it searched; the protocol reports
// only finished iterations), and their best moves are checked equal. Speeds are nodes per second
// of CPU time, not of wall time, so that other work on a shared machine matters less: the engine
// process's threads' and node's main thread's (where the wasm runs), read in nanoseconds from
// Linux's /proc/…/schedstat, as /proc's stat counts in 10 ms ticks, a tenth of a short search.
// A first round, not counted, lets V8 finish compiling the hot wasm functions with its optimising
// tier. Each round searches every position once natively and once in wasm; over R rounds it
// prints which wasm module it measured, each position's fastest speeds and their ratio, and the
// median of the rounds' ratios.
//
// The module is the one a browser with WebAssembly SIMD loads (www/core/wasm-simd.js): the SIMD build,
// or the baseline with --baseline (what browsers without SIMD run) or when the checkout built
// no SIMD module.
//
// With --browser the wasm searches run in a page of headless Chromium (Debian's, as the tests
// use), timed by the page's clock, which is wall time: the browser's nodes per second.
//
//   node scripts/wasm-speed.mjs [--nodes N (1,000,000)] [--runs R (3)] [--root CHECKOUT] [--baseline] [--browser]
//
// Needs `cargo build --release -p bluegray-cli` and `bash scripts/build-web.sh` (www/pkg) first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WASM } from './build.config.mjs';
import { simdSupported } from '../www/core/wasm-simd.js';
import { option, threadSeconds } from './measuring.mjs';

/**
 * What this uses of the rules core's bindings (www/pkg/bluegray_wasm.js, wasm-bindgen's glue), of
 * this checkout's or another's (--root).
 * @typedef {object} Bindings
 * @property {(init: { module_or_path: BufferSource | string }) => Promise<unknown>} default
 * @property {(spec: string, start: string, moves: string, nodes: number) => unknown} analyse
 */
/**
 * A search's outcome: the nodes searched, the best move, and the time it took.
 * @typedef {{ nodes: number, best: string | undefined, ms: number }} Search
 */
/**
 * An engine to measure: the native one, or the wasm in node or in a page.
 * @typedef {object} Engine
 * @property {(variant: string, moves: string[], nodes: number) => Search | Promise<Search>} search
 * @property {() => unknown} [close]
 */
/**
 * The page's window, with the bindings once the page has loaded them.
 * @typedef {Window & { wasm?: Bindings }} PageWindow
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--root DIR` measures another checkout's builds (say, a baseline's) with this script. */
const BUILT = process.argv.includes('--root') ? path.resolve(process.argv[process.argv.indexOf('--root') + 1]) : ROOT;
const PKG = path.join(BUILT, 'www/pkg');
/** `--browser`: the wasm searches run in headless Chromium instead of node. */
const BROWSER = process.argv.includes('--browser');
const CLI = path.join(process.env.CARGO_TARGET_DIR || path.join(BUILT, 'target'), 'release/bluegray');

/** Positions of four variants, as variant spec and moves from its start. */
const POSITIONS = [
  { variant: 'sackson', moves: [] },
  { variant: 'sackson', moves: ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7', 'f2-f3', 'f8-f7'] },
  { variant: 'classic-turbo', moves: ['e2-e3', 'e8-e7'] },
  { variant: 'super-pow', moves: [] },
  { variant: 'classic-light', moves: [] },
];

/**
 * CPU seconds all of a process's threads have run so far (the engine reads stdin on a thread of its own).
 * @param {number} pid
 * @returns {number}
 */
function cpuSeconds(pid) {
  return fs.readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + threadSeconds(pid, tid), 0);
}

/**
 * The native engine as a line-by-line conversation.
 * @returns {Engine & { close: () => unknown }}
 */
function nativeEngine() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: cargo build --release -p bluegray-cli`);
  const child = spawn(CLI, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  // No process id: it did not start (its 'error' event says why).
  const { pid } = child;
  if (pid === undefined) throw new Error(`${CLI} did not start`);
  /** @type {((out: string[]) => void)[]} */
  const waiting = [];
  /** @type {string[]} */
  const lines = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('bestmove') || line.startsWith('error')) waiting.shift()?.(lines.splice(0));
  });
  return {
    /** Searches; resolves to {nodes, best, ms} (the engine's CPU time for the search). */
    search(variant, moves, nodes) {
      const t0 = cpuSeconds(pid);
      return new Promise((resolve, reject) => {
        waiting.push((out) => {
          const ms = (cpuSeconds(pid) - t0) * 1000;
          const err = out.find((l) => l.startsWith('error'));
          if (err) return reject(new Error(err));
          // There is one: `out` ends with it when not with an error's line (above).
          const line = out.find((l) => l.startsWith('bestmove'));
          if (line === undefined) return reject(new Error(`the engine said no bestmove: ${out.join(' | ')}`));
          const best = line.split(' ')[1];
          resolve({ nodes, best, ms });
        });
        const position = moves.length ? `position startpos moves ${moves.join(' ')}` : 'position startpos';
        child.stdin.write(`variant ${variant}\n${position}\nnewgame\ngo depth 64 nodes ${nodes} level 8\n`);
      });
    },
    close: () => child.stdin.end('quit\n'),
  };
}

/**
 * The wasm module to measure: the one a browser with SIMD loads, or the baseline (--baseline).
 * @returns {string} its path
 */
function wasmModule() {
  const simd = !process.argv.includes('--baseline') && simdSupported() && fs.existsSync(path.join(BUILT, 'www', WASM.simd));
  const file = path.join(BUILT, 'www', simd ? WASM.simd : WASM.baseline);
  console.log(`wasm: the ${simd ? 'SIMD' : 'baseline'} build, ${file}${BROWSER ? ', in headless Chromium' : ''}`);
  return file;
}

/**
 * The wasm in node.
 * @returns {Promise<Engine>}
 */
async function wasmEngine() {
  const js = path.join(PKG, 'bluegray_wasm.js');
  if (!fs.existsSync(js)) throw new Error('www/pkg is missing: bash scripts/build-web.sh');
  const wasm = /** @type {Bindings} */ (await import(js));
  await wasm.default({ module_or_path: fs.readFileSync(wasmModule()) });
  return {
    search(variant, moves, nodes) {
      // The search runs on node's main thread; its compiler and collector threads are not counted.
      const t0 = threadSeconds(process.pid, process.pid);
      /** @type {unknown} */
      const r = JSON.parse(JSON.stringify(wasm.analyse(variant, '', moves.join(' '), nodes)));
      const ms = (threadSeconds(process.pid, process.pid) - t0) * 1000;
      if (!isSearchResult(r)) throw new Error(`${variant}: the wasm's analyse() said ${JSON.stringify(r)}`);
      return { nodes: r.nodes, best: r.best, ms };
    },
  };
}

/**
 * The same searches in a page of headless Chromium (--browser), the glue and the module served
 * from www/pkg by request routing (no server to start). Timed by the page's performance.now(),
 * wall time: a page has no CPU clock.
 * @returns {Promise<Engine>}
 */
async function browserEngine() {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, CHROMIUM_ARGS } = await import('./chromium.mjs');
  const module = wasmModule();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS] });
  const page = await browser.newPage();
  const origin = 'http://wasm-speed.invalid';
  await page.route(`${origin}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.slice(1);
    if (name === 'module.wasm') return route.fulfill({ path: module, contentType: 'application/wasm' });
    if (name === 'bluegray_wasm.js') return route.fulfill({ path: path.join(PKG, name), contentType: 'text/javascript' });
    return route.fulfill({ body: '<!doctype html><title>wasm speed</title>', contentType: 'text/html' });
  });
  await page.goto(`${origin}/`);
  await page.evaluate(async () => {
    const w = /** @type {PageWindow} */ (window);
    // The page's address of the glue (routed above), not a module of this checkout's.
    const glue = '/bluegray_wasm.js';
    w.wasm = /** @type {Bindings} */ (await import(glue));
    await w.wasm.default({ module_or_path: '/module.wasm' });
  });
  return {
    search: async (variant, moves, nodes) => {
      const r = await page.evaluate(
        ([spec, played, budget]) => {
          const wasm = /** @type {PageWindow} */ (window).wasm;
          if (!wasm) throw new Error('the page has not loaded the bindings');
          const t0 = performance.now();
          const result = /** @type {{ nodes?: unknown, best?: unknown }} */ (wasm.analyse(spec, '', played.join(' '), budget));
          return { nodes: result.nodes, best: result.best, ms: performance.now() - t0 };
        },
        /** @type {const} */ ([variant, moves, nodes]),
      );
      if (!isSearchResult(r)) throw new Error(`${variant}: the wasm's analyse() said ${JSON.stringify(r)}`);
      return { nodes: r.nodes, best: r.best, ms: r.ms };
    },
    close: () => browser.close(),
  };
}

/**
 * What this reads of the wasm's search result (www/core/core-types.d.ts SearchResult).
 * @param {unknown} r
 * @returns {r is { nodes: number, best?: string }}
 */
function isSearchResult(r) {
  return typeof r === 'object' && r !== null && 'nodes' in r && typeof r.nodes === 'number' && (!('best' in r) || r.best === undefined || typeof r.best === 'string');
}

const nodes = option('nodes', 1_000_000);
const runs = option('runs', 3);
const native = nativeEngine();
const web = BROWSER ? await browserEngine() : await wasmEngine();
/** Each position's fastest search natively and in wasm (none before the first counted round). */
const best = POSITIONS.map(() => /** @type {{ native: Search | null, wasm: Search | null }} */ ({ native: null, wasm: null }));
/**
 * Each round's wasm speed over its native speed, every position searched once by each.
 * @type {number[]}
 */
const rounds = [];
for (let i = -1; i < runs; i++) {
  const round = { native: 0, wasm: 0 };
  for (const [j, p] of POSITIONS.entries()) {
    // Interleaved, so that a busy moment of the machine falls on both alike.
    const n = await native.search(p.variant, p.moves, nodes);
    const w = await web.search(p.variant, p.moves, nodes);
    if (w.nodes !== nodes) throw new Error(`${p.variant}: the wasm searched ${w.nodes} nodes, not the budget ${nodes}`);
    if (n.best !== w.best) throw new Error(`${p.variant}: natively ${n.best}, in wasm ${w.best}: not the same search`);
    if (i < 0) continue; // the warm-up round
    if (!best[j].native || n.ms < best[j].native.ms) best[j].native = n;
    if (!best[j].wasm || w.ms < best[j].wasm.ms) best[j].wasm = w;
    round.native += n.ms;
    round.wasm += w.ms;
  }
  if (i >= 0) rounds.push(round.native / round.wasm);
}
const total = { native: { nodes: 0, ms: 0 }, wasm: { nodes: 0, ms: 0 } };
for (const [j, p] of POSITIONS.entries()) {
  const { native: n, wasm: w } = best[j];
  // Every counted round (one at least: --runs is above 0) searched every position.
  if (!n || !w) throw new Error(`${p.variant}: no search counted`);
  const b = { native: n, wasm: w };
  for (const k of /** @type {const} */ (['native', 'wasm'])) {
    total[k].nodes += b[k].nodes;
    total[k].ms += b[k].ms;
  }
  /** @type {(r: Search) => number} */
  const nps = (r) => Math.round(r.nodes / (r.ms / 1000));
  console.log(
    `${p.variant.padEnd(14)} ${String(p.moves.length).padStart(2)} plies  ${b.native.nodes} nodes  ` +
      `native ${nps(b.native)} n/s  wasm ${nps(b.wasm)} n/s  ratio ${(nps(b.wasm) / nps(b.native)).toFixed(2)}`,
  );
}
native.close();
await web.close?.();
/** @type {(r: { nodes: number, ms: number }) => number} */
const speed = (r) => r.nodes / (r.ms / 1000);
console.log(
  `all: native ${(speed(total.native) / 1e6).toFixed(2)} M nodes/s, wasm ${(speed(total.wasm) / 1e6).toFixed(2)} M nodes/s, ` +
    `ratio ${(speed(total.wasm) / speed(total.native)).toFixed(2)}`,
);
// The machine's speed drifts from minute to minute (a shared host), which moves the fastest runs
// of the two apart; a round's two halves run seconds apart, so the rounds' median ratio is the
// steadier figure.
rounds.sort((a, b) => a - b);
const median = runs % 2 ? rounds[(runs - 1) / 2] : (rounds[runs / 2 - 1] + rounds[runs / 2]) / 2;
console.log(`median of the ${runs} rounds' ratios: ${median.toFixed(2)} (from ${rounds[0].toFixed(2)} to ${rounds[runs - 1].toFixed(2)})`);
