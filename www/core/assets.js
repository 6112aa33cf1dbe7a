// The board's assets: the rules core (WebAssembly), the AI worker, the board's stylesheet, and the
// data files the teaching module reads (the explorer's games, the puzzle set).
// The rules core is two modules. The play module (the one `Game`, which reads and writes records
// with their variations, its catalogue, the AI) is compiled once,
// shared by all `<blue-gray-game>` elements and handed, already compiled, to each AI worker, so
// that a worker never fetches it (it may live on another origin than the page, or inside a single
// HTML file); it comes in two builds, one with WebAssembly SIMD (faster) and one without, and the
// browser's support picks (wasm-simd.js). The teaching module (the lessons, the puzzles, the
// editor's check, the explorer's counts) is fetched, with its bindings, only when one of those is
// first asked for.
//
// Where the assets come from is the one thing that differs between builds: next to this module
// (`new URL('…', import.meta.url)`, the default), or embedded in the single-file build, which
// calls `embedAssets()` before anything asks for them. The default URLs are written in the one
// form that bundlers (Vite, webpack 5, Parcel) recognise, so that an app bundling the npm package
// gets both wasm builds, the worker and the stylesheet copied into its build.
import initBindings, * as bindings from '../pkg/bluegray_wasm.js';
import { simdSupported } from './wasm-simd.js';
import { KeyedError } from '../lib/errors.js';
import { onDemand } from '../lib/on-demand.js';
import { inflate } from './inflate.js';
/** @import { Core, Teaching } from './core-api.js' */

/**
 * A started worker and how to end it (see `started`).
 * @typedef {{worker: Worker, end(): void}} StartedWorker
 */

/**
 * Where the assets come from: the compiled play and teaching modules, a new AI worker, a board's
 * styles.
 * @typedef {{compile: () => Promise<WebAssembly.Module>, compileTeaching: () => Promise<WebAssembly.Module>, worker: () => StartedWorker, style: (root: ShadowRoot) => void}} Assets
 */

/** @type {Assets} */
const assets = {
  /** () => Promise<WebAssembly.Module>: the SIMD build where it runs, the baseline elsewhere. */
  compile: () => {
    const url = simdSupported()
      ? new URL('./pkg/bluegray_wasm_simd_bg.wasm', import.meta.url)
      : new URL('./pkg/bluegray_wasm_bg.wasm', import.meta.url);
    return compileUrl(url);
  },
  /** () => Promise<WebAssembly.Module>: the teaching module (no SIMD: nothing in it searches for long). */
  compileTeaching: () => compileUrl(new URL('./pkg/bluegray_teach_bg.wasm', import.meta.url)),
  /** () => {worker, end}: see `started` */
  worker: () => {
    const url = new URL('./ai-worker.js', import.meta.url);
    if (typeof location !== 'undefined' && url.origin !== location.origin) return crossOriginWorker(url);
    // Literally `new Worker(new URL(…), {type: 'module'})`: what bundlers look for to bundle
    // and emit the worker.
    return started(new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' }));
  },
  /** (shadowRoot) => void: gives a board's shadow tree its styles. */
  style: (root) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('./blue-gray-game.css', import.meta.url).href;
    root.appendChild(link);
  },
};

/**
 * The module at `url`, compiled while it downloads where the browser can.
 * @param {URL} url
 * @returns {Promise<WebAssembly.Module>}
 */
function compileUrl(url) {
  return WebAssembly.compileStreaming
    ? WebAssembly.compileStreaming(fetch(url)).catch(() => fetch(url).then((r) => compileResponse(r)))
    : fetch(url).then((r) => compileResponse(r));
}

/**
 * The module a fetched response holds; an HTTP error is an Error.
 * @param {Response} response
 * @returns {Promise<WebAssembly.Module>}
 */
async function compileResponse(response) {
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${response.url}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * A started worker and how to end it: `end()` terminates it and revokes the `blob:` URL it was
 * started from, if any (a page that starts many workers keeps no URL of an ended one).
 * @param {Worker} worker
 * @param {string|null} [blobUrl]
 * @returns {StartedWorker}
 */
function started(worker, blobUrl = null) {
  return {
    worker,
    end() {
      worker.terminate();
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    },
  };
}

/**
 * A module worker from a script of another origin (an embedded board whose files are elsewhere):
 * a worker script must be of the page's origin, so a one-line same-origin `blob:` module imports
 * the real script instead (a CSP then needs `worker-src blob:` and the script's origin, which the
 * import is checked against).
 * @param {URL} url
 * @returns {StartedWorker}
 */
function crossOriginWorker(url) {
  const shim = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(shim);
  return started(new Worker(blobUrl, { type: 'module' }), blobUrl);
}

/**
 * What this build carries of the parts that not every build has: `teaching`, the teaching module
 * (the lessons, the puzzles, the editor, the explorer), and `live`, a way to a relay (live games,
 * the lobby, the hand-over). Every build has both but the single file, which has neither
 * (embedAssets; docs/HOSTING.md): its page offers no door to them (play/tools.js hideLeftOut).
 * @type {{teaching: boolean, live: boolean}}
 */
const carried = { teaching: true, live: true };

/**
 * What this build carries (see `carried`), as a copy.
 * @returns {{teaching: boolean, live: boolean}}
 */
export function offers() {
  return { ...carried };
}

/**
 * Replaces where the assets come from (the single-file build): `wasmBase64` and
 * `teachingBase64`, the play and the teaching modules' bytes compressed with raw DEFLATE (no
 * teaching module: the lessons and the puzzles say they are left out, `singleFile.leftOut`),
 * `workerSource`, the worker's whole code as one classic script (a page opened from disk may
 * start a classic worker from a `blob:` URL, not a module one), and `css`, the board's stylesheet.
 * @param {{wasmBase64: string, teachingBase64: string|null, workerSource: string, css: string}} embedded
 * @returns {void}
 */
export function embedAssets({ wasmBase64, teachingBase64, workerSource, css }) {
  // A page opened from disk reaches no relay (the file's CSP allows no connection).
  carried.teaching = teachingBase64 !== null;
  carried.live = false;
  // A constructed stylesheet, not a <style> element: a strict CSP (style-src 'self') allows it.
  /** @type {CSSStyleSheet|null} */
  let sheet = null;
  assets.style = (root) => {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  };
  assets.compile = async () => WebAssembly.compile(await inflate(wasmBase64));
  assets.compileTeaching = async () => {
    if (teachingBase64 === null) throw new KeyedError('singleFile.leftOut');
    return WebAssembly.compile(await inflate(teachingBase64));
  };
  assets.worker = () => {
    const blobUrl = URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
    return started(new Worker(blobUrl), blobUrl);
  };
}

/**
 * Loads the play module once (a failed load is tried again at the next call, e.g. after the
 * network comes back). Resolves to `{Game, variants, module}`: the bindings a board plays with
 * and the compiled module (for workers).
 * @type {() => Promise<Core>}
 */
export const loadWasm = onDemand(async () => {
  const module = await assets.compile();
  await initBindings({ module_or_path: module });
  return { Game: bindings.Game, variants: bindings.variants, module };
});

/**
 * Loads the teaching module once, with its bindings: the lessons (`lessons`, `lessonJudge`,
 * `lessonHint`), the puzzles (`puzzles`, `puzzleJudge`, `puzzleSolution`), the board editor's
 * `checkPosition` and the opening explorer's `explorer`. Only the lessons, the puzzles, the editor,
 * the explorer and a board in puzzle or edit mode use them. A failed load is tried again at the next call.
 * @type {() => Promise<Teaching>}
 */
export const loadTeaching = onDemand(async () => {
  const [glue, module] = await Promise.all([import('../pkg/bluegray_teach.js'), assets.compileTeaching()]);
  await glue.default({ module_or_path: module });
  const { lessons, lessonJudge, lessonHint, puzzles, puzzleJudge, puzzleSolution, checkPosition, explorer } = glue;
  return { lessons, lessonJudge, lessonHint, puzzles, puzzleJudge, puzzleSolution, checkPosition, explorer };
});

/** Each data file asked for (dataFile), by its name. @type {Map<string, () => Promise<string>>} */
const dataFiles = new Map();

/**
 * The text of the data file `name` that the teaching module reads (`explorer/<variant>.txt`,
 * the opening explorer's games; `puzzles.txt`, the puzzle set): beside the page, as
 * build-dist.mjs puts them, fetched once; a failed fetch is forgotten, so the next call tries
 * again.
 * @param {string} name
 * @returns {Promise<string>}
 */
export function dataFile(name) {
  let load = dataFiles.get(name);
  if (!load) {
    load = onDemand(async () => {
      const r = await fetch(new URL(name, document.baseURI));
      if (!r.ok) throw new Error(`HTTP ${r.status} for ${r.url}`);
      return r.text();
    });
    dataFiles.set(name, load);
  }
  return load();
}

/**
 * Gives a board's shadow root its stylesheet.
 * @param {ShadowRoot} root
 * @returns {void}
 */
export function stylesheet(root) {
  assets.style(root);
}

/**
 * A new AI worker (not yet given the module: see ai-client.js), as `{worker, end}`.
 * @returns {StartedWorker}
 */
export function startWorker() {
  return assets.worker();
}
