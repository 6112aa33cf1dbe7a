// The build's one bundler config: every bundle the build writes, all by Rolldown, and what they
// share. build-dist.mjs runs them for dist/ (the page, its worker, the service worker, the
// single file, the vendored npm packages) and build-package.mjs for dist/npm/ (the element and
// its worker); measure-parts.mjs weighs the page's and the element's bundles as they are built
// here. Rolldown, not Vite: the page's worker shares the bindings' chunk with the page (one
// fetch for both), which Vite's separate worker builds cannot do, and the files keep the paths
// www/core/assets.js finds them at (`pkg/…`, `ai-worker.js`, `blue-gray-game.css` next to the
// module), which Vite's asset handling would rename, or in library mode inline. Rolldown does not
// bundle and minify CSS: lightningcss does (stylesheet).
//
// The single file (dist/blue-and-gray.html) is the page's code bundled once more, with
// everything inlined: its worker as one classic script, its wasm and its other languages' message
// tables compressed, and what a page on disk cannot use left out (LEFT_OUT), by the plugins of
// scripts/lib/bundle-plugins.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import { bundle as bundleCss } from 'lightningcss';
import { reachable } from './lib/reachable.mjs';
import { embedded, leftOut, packedTables, workerGlue, withoutLine, refetchedImports } from './lib/bundle-plugins.mjs';

/**
 * @import { BuildOptions, InputOptions, OutputOptions } from 'rolldown'
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WWW = path.join(ROOT, 'www');
export const DIST = path.join(ROOT, 'dist');
export const NPM = path.join(DIST, 'npm');

/**
 * The rules core's wasm modules (scripts/build-web.sh writes them to www/pkg/), the one list of
 * them, by name: each one's file and whether the site and the package serve it (`atOnce`: the
 * play module's two builds, `simd` and `baseline`, which www/core/assets.js picks between and the
 * service worker keeps one of; `onDemand`: fetched when first used, its glue left out of the
 * single file) or not (only the single file embeds it). Each module's glue is its file without
 * `_bg.wasm` (the play builds share `bluegray_wasm.js`).
 * @type {Record<string, { file: string, served: 'atOnce' | 'onDemand' | null }>}
 */
const WASM_MODULES = {
  simd: { file: 'pkg/bluegray_wasm_simd_bg.wasm', served: 'atOnce' },
  baseline: { file: 'pkg/bluegray_wasm_bg.wasm', served: 'atOnce' },
  teaching: { file: 'pkg/bluegray_teach_bg.wasm', served: 'onDemand' },
};
/** Which of WASM_MODULES the single file embeds: the baseline, which runs in every browser (docs/RULES.md R35). */
const SINGLE_FILE_MODULE = 'baseline';

/** The play module's two builds, at the same paths under www/, dist/ and the package. */
export const WASM = { simd: WASM_MODULES.simd.file, baseline: WASM_MODULES.baseline.file };
/** The teaching module (the lessons and the puzzles). */
export const TEACHING_WASM = WASM_MODULES.teaching.file;
/** The modules fetched when first used, one build each. */
const ON_DEMAND_WASM = Object.values(WASM_MODULES).filter((m) => m.served === 'onDemand').map((m) => m.file);
/** Every module the site and the package serve. */
export const SERVED_WASM = Object.values(WASM_MODULES).filter((m) => m.served).map((m) => m.file);
/** The module the single file embeds. */
export const SINGLE_FILE_WASM = WASM_MODULES[SINGLE_FILE_MODULE].file;
/** @type {(wasm: string) => string} the glue of a module, under www/ */
const glueOf = (wasm) => (wasm === WASM.simd ? WASM.baseline : wasm).replace(/_bg\.wasm$/, '.js');
/** The play module's glue, which the page, the element and the worker import. */
const PLAY_GLUE = glueOf(WASM.baseline);

/** Browsers the bundles are written for: every one with module workers. */
const TARGET = ['chrome100', 'firefox114', 'safari15'];

/** The languages (www/lib/languages.js, a page module loaded here): the fallback's code, and every one's. */
const LANGUAGE_LIST = /** @type {{ FALLBACK: string, LANGUAGES: { code: string }[] }} */ (await import(pathToFileURL(path.join(WWW, 'lib', 'languages.js')).href));
export const FALLBACK = LANGUAGE_LIST.FALLBACK;
/**
 * The fallback language's page messages, which the page always loads (import()) before it shows
 * anything, whatever the reader's language (lib/i18n.js). A chunk of their own, which the page
 * preloads: in the page's chunk they weighed the same and left a stub chunk behind.
 */
export const PAGE_MESSAGES = path.join(WWW, 'play', 'i18n', `${FALLBACK}.js`);

/**
 * The single file's modules that are not the page's, by their paths under www/, each replaced
 * by a module of `contents` (`*` in a path stands for any name): what a page on disk cannot use,
 * or what does not fit in the file's size (docs/HOSTING.md's ruling). Besides these, the glue of
 * each module fetched on demand is left out (its wasm is not embedded: loading it throws
 * singleFile.leftOut, which the views say), and the play module's glue is the embedded module's.
 * The build fails when a path here names no file of www/, so that a module moved or renamed
 * cannot slip back into the file under its new name.
 * @type {Record<string, string>}
 */
const LEFT_OUT = {
  // A page on disk cannot reach a relay (its CSP allows no connection): no live session and no
  // MQTT client in it, only one that says so.
  'live/live.js': `export class LiveSession {
  start() { return Promise.reject(Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' })); }
  played() { return Promise.resolve(); }
  close() {}
}`,
  // Nor "Continue on another device", which hands over a live seat (and carries a QR encoder).
  'friends/hand-over.js': `export function showHandOver() {
  return Promise.reject(Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' }));
}`,
  // Nor a lobby of open games, which needs a relay too (its button shows only where one is set).
  'friends/lobby-dialog.js': `export function lobbyDialog() {
  throw Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' });
}`,
  // The board editor: it judges a position with the teaching module, which is not embedded, and
  // the file's size counts; opening it says so, as the lessons do.
  'editor/editor-dialog.js': `import { KeyedError } from '../lib/errors.js';
export function editorDialog() {
  return { open: () => Promise.reject(new KeyedError('singleFile.leftOut')) };
}`,
  // ... and its view in the board's `edit` mode, which needs the same module, and its messages.
  'editor/editor-view.js': 'export {};',
  'editor/i18n/*.js': 'export default { messages: {} };',
  // The puzzles' views (the teaching module's glue is left out: see above), and the lessons and
  // the puzzles, whose doors the file does not offer (www/play/tools.js hideLeftOut): only the
  // lessons' door's question, which lesson teaches a rule, is asked, and none does.
  'learn/puzzle-dialog.js': 'export {};',
  'learn/lessons.js': `export function initLessons() {
  return { open: () => Promise.resolve(), lessonFor: () => null, ready: () => Promise.resolve(false) };
}`,
  'learn/puzzles.js': `export function initPuzzles() {
  return { open: () => Promise.resolve(), session: null, puzzles: () => [], solution: () => [], judge: () => null, choose: () => Promise.resolve() };
}`,
  'learn/puzzle-session.js': 'export {};',
  // ... and their words, each language's table of learn/ ("How to play"'s are a table of their
  // own, howto-<lang>.js, which the file keeps).
  ...Object.fromEntries(LANGUAGE_LIST.LANGUAGES.map((l) => [`learn/i18n/${l.code}.js`, 'export default { messages: {} };'])),
};

/** What each on-demand module's glue becomes in the single file: an init that needs no wasm. */
const NO_GLUE = 'export default function init() { return Promise.resolve(); }';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  throw new Error(message);
}

/**
 * How Rolldown writes every bundle's code for TARGET: a class field, which it must rewrite for
 * Safari 15 (docs/ARCHITECTURE.md, "Private members"), becomes an assignment in the constructor
 * (`this._name = value`) rather than an Object.defineProperty helper call, and a field declared
 * without a value (for its JSDoc) nothing: the same, as no class of ours has a setter of a
 * field's name or asks whether a field it has not set is there.
 * @type {InputOptions}
 */
const INPUT = {
  transform: { target: TARGET, assumptions: { setPublicClassFields: true }, typescript: { removeClassFieldsWithoutInitializer: true } },
  logLevel: 'warn',
};

/**
 * A chunk's file name: its name with a hash, a message table's named for its package too
 * (www/<package>/i18n/<lang>.js is `<package>-<lang>-HASH.js`: every package's table of a
 * language has the same file name).
 * @param {import('rolldown').PreRenderedChunk} chunk
 * @returns {string}
 */
function chunkFileName(chunk) {
  const table = chunk.facadeModuleId?.match(/[\\/]([a-z]+)[\\/]i18n[\\/][\w-]+\.js$/);
  return table ? `${table[1]}-[name]-[hash].js` : '[name]-[hash].js';
}

/**
 * What every output shares: minified, without comments, letters as they are (UTF-8, not \u
 * escapes: the Russian messages are a third the size), entries under their own names and chunks
 * under theirs with a hash (chunkFileName).
 * @type {OutputOptions}
 */
const OUTPUT = {
  format: 'esm',
  minify: true,
  comments: { legal: false, annotation: false },
  charset: 'utf8',
  entryFileNames: '[name].js',
  chunkFileNames: chunkFileName,
};

/**
 * One self-contained file of `input`'s code (its lazy imports inlined), not written (build-dist.mjs
 * writes it where it goes, or inlines it): the workers, the service worker, the page's classic
 * script, the single file's code and its loader.
 * @param {string} input the entry, a file or a virtual module's id
 * @param {'esm' | 'iife'} format
 * @param {InputOptions['plugins']} [plugins]
 * @param {OutputOptions} [output] more of the output's options
 * @returns {BuildOptions}
 */
function oneFile(input, format, plugins = [], output = {}) {
  return { ...INPUT, input, plugins, write: false, output: { ...OUTPUT, format, codeSplitting: false, ...output } };
}

/**
 * Builds one of the bundles of one file (oneFile's) and returns its code.
 * @param {BuildOptions} options
 * @returns {Promise<string>}
 */
export async function codeOf(options) {
  const [first] = (await build(options)).output;
  return first.type === 'chunk' ? first.code : fail(`the bundle of ${String(options.input)} has no code`);
}

/**
 * The page and its worker, into dist/: built together, so that the bindings the worker shares
 * with the page are one chunk that the browser fetches once for both. Rolldown's chunk groups
 * put what the page loads at once in one chunk (a bundler that splits by sets of importers made
 * the first visit a dozen small files that compress apart). The chunks:
 *   - `glue`: the rules core's bindings (and lib/errors.js), shared with the worker, which must
 *     not run the page's code;
 *   - `main`: everything else the page imports at once, app.js's own code and the element's
 *     included: one file, one gzip (a chunk of the element's own cost the page 1.1 KB gzip more;
 *     pages embedding the board from the site load the npm package's element instead);
 *   - what is loaded on demand (the lessons, the puzzles, the review, live play, the parts of
 *     the board that only some boards use: element/lazy-parts.js, each message table but the
 *     fallback's board table: ru-HASH.js, page-en-HASH.js, …), each a chunk named after its
 *     module.
 * @param {{ write?: boolean }} [options] `write: false` to only measure it
 * @returns {BuildOptions}
 */
export function pageBuild({ write = true } = {}) {
  const app = path.join(WWW, 'app.js');
  const glue = new Set([path.join(WWW, PLAY_GLUE), path.join(WWW, 'lib', 'errors.js')]);
  /** @type {Set<string> | null} */
  let atOnce = null;
  return {
    ...INPUT,
    input: { app, 'ai-worker': path.join(WWW, 'ai-worker.js') },
    // The element fetches the analysis when first used, which the page loads at once: in the
    // page that import finds it loaded, as it should (the npm package's element fetches it).
    onLog(level, log, handler) {
      if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
    },
    write,
    output: {
      ...OUTPUT,
      plugins: [refetchedImports()],
      dir: DIST,
      codeSplitting: {
        groups: [
          // First: a group takes in what its modules import.
          { name: 'glue', test: (id) => glue.has(id), priority: 2 },
          {
            debugName: 'loaded at once',
            priority: 1,
            name(id, ctx) {
              atOnce ??= reachable([app], (m) => ctx.getModuleInfo(m)?.importedIds ?? []);
              return atOnce.has(id) ? 'main' : null;
            },
          },
        ],
      },
    },
  };
}

/**
 * The npm package's element, into dist/npm/: blue-gray-game.js, which imports
 * blue-gray-game-HASH.js, all the element loads at once, as the page's `main` chunk holds it; what
 * a board loads on demand in chunks of their own.
 * @param {{ write?: boolean }} [options] `write: false` to only measure it
 * @returns {BuildOptions}
 */
export function elementBuild({ write = true } = {}) {
  const name = 'blue-gray-game';
  const entry = path.join(WWW, `${name}.js`);
  /** @type {Set<string> | null} */
  let atOnce = null;
  return {
    ...INPUT,
    input: { [name]: entry },
    write,
    output: {
      ...OUTPUT,
      dir: NPM,
      codeSplitting: {
        groups: [
          {
            debugName: 'loaded at once',
            name(id, ctx) {
              atOnce ??= reachable([entry], (m) => ctx.getModuleInfo(m)?.importedIds ?? []);
              return atOnce.has(id) ? name : null;
            },
          },
        ],
      },
    },
  };
}

/**
 * The npm package's worker: one module with all it needs, which an app's bundler copies as it is
 * (docs/EMBEDDING.md).
 * @returns {BuildOptions}
 */
export function packageWorkerBuild() {
  return oneFile(path.join(WWW, 'ai-worker.js'), 'esm', [workerGlue([path.join(WWW, PLAY_GLUE)])]);
}

/** The single file's replacements of modules (LEFT_OUT and the glues), as leftOut takes them. */
function singleFileModules() {
  const embeddedGlue = glueOf(SINGLE_FILE_WASM);
  /** @type {Record<string, string>} */
  const glues = Object.fromEntries(ON_DEMAND_WASM.map((w) => [glueOf(w), NO_GLUE]));
  // The play module's glue is the embedded module's, where that is another.
  if (embeddedGlue !== PLAY_GLUE) {
    const to = JSON.stringify(`./${path.posix.basename(embeddedGlue)}`);
    glues[PLAY_GLUE] = `export * from ${to};\nexport { default } from ${to};`;
  }
  return leftOut(WWW, { ...LEFT_OUT, ...glues });
}

/**
 * The single file's worker: its whole code as one classic script, for a blob: worker of a page on
 * disk. It runs the module it is handed, the single file's own, whose glue it must use too.
 * @returns {BuildOptions}
 */
export function singleFileWorkerBuild() {
  return oneFile(path.join(WWW, 'ai-worker.js'), 'iife', [singleFileModules(), workerGlue([PLAY_GLUE, glueOf(SINGLE_FILE_WASM)].map((g) => path.join(WWW, g)))]);
}

/**
 * The single file's code: the page's, after a module that hands the board its assets embedded
 * (www/core/assets.js embedAssets: the wasm and the worker's script, compressed or as text, and
 * the board's stylesheet); each message table loaded on demand packed (packedTables), and
 * LEFT_OUT left out.
 * @param {{ wasmBase64: string, workerSource: string, css: string }} assets
 * @returns {BuildOptions}
 */
export function singleFileBuild({ wasmBase64, workerSource, css }) {
  const assets = `import { embedAssets } from ${JSON.stringify(path.join(WWW, 'core', 'assets.js'))};
embedAssets({ wasmBase64: ${JSON.stringify(wasmBase64)}, teachingBase64: null, workerSource: ${JSON.stringify(workerSource)}, css: ${JSON.stringify(css)} });`;
  // The assets are embedded before the page's modules run (imports evaluate in order).
  const entry = `import 'single-file:assets';\nimport ${JSON.stringify(path.join(WWW, 'app.js'))};`;
  return oneFile('single-file:entry', 'esm', [
    embedded({ 'single-file:entry': entry, 'single-file:assets': assets }),
    singleFileModules(),
    packedTables(path.join(WWW, 'core', 'inflate.js')),
  ]);
}

/**
 * The single file's one script as written: it inflates the code (raw DEFLATE, `packedCode` in
 * base64, by core/inflate.js as the assets are) and adds it as a module script, as text, never
 * parsed as HTML.
 * @param {string} packedCode
 * @returns {BuildOptions}
 */
export function singleFileLoaderBuild(packedCode) {
  const loader = `import { inflate } from ${JSON.stringify(path.join(WWW, 'core', 'inflate.js'))};
const s = document.createElement('script');
s.type = 'module';
s.textContent = new TextDecoder().decode(await inflate(${JSON.stringify(packedCode)}));
document.head.append(s);`;
  return oneFile('single-file:loader', 'esm', [embedded({ 'single-file:loader': loader })]);
}

/** The line of www/sw.js that the build replaces with the build's files (serviceWorkerBuild). */
const SW_BUILD_LINE = "const BUILD = { version: 'dev', files: [], wasm: {} };";

/**
 * The service worker (dist/sw.js): a classic script (a module service worker is not in every
 * browser the page is for) with what it imports (the feature test of core/wasm-simd.js, the
 * page's own), told the build: `site` goes before the bundle as written (after the minifier,
 * which would rewrite it inside), in place of SW_BUILD_LINE, so that whoever reads it from sw.js
 * (the tests, measure-web.mjs) finds the line as it was.
 * @param {{ version: string, files: string[], wasm: typeof WASM }} site
 * @returns {BuildOptions}
 */
export function serviceWorkerBuild(site) {
  const sw = path.join(WWW, 'sw.js');
  return oneFile(sw, 'iife', [withoutLine(sw, SW_BUILD_LINE)], { postBanner: `const BUILD = ${JSON.stringify(site)};` });
}

/**
 * The page's classic script (www/boot.js, which runs before the modules, and from a file on
 * disk), minified as every bundle is.
 * @returns {BuildOptions}
 */
export function bootBuild() {
  return oneFile(path.join(WWW, 'boot.js'), 'iife');
}

/**
 * The browser builds of the npm packages the page loads on demand, beside the modules that load
 * them (www/vendor/, git-ignored), so that the page's own tree (its tests, its type check) and
 * every bundle find them at the same relative address: each as `www/vendor/<name>.js` from its
 * package's file, copied where it is an ES module already and bundled into one where it is
 * CommonJS (`bundle`), with a `.d.ts` beside it for the type check (a `.js` import resolves to
 * it): the package's own types, or where it has none, what the page uses of it.
 */
export const VENDORED = [
  // The MQTT client of live games.
  { name: 'mqtt', from: 'mqtt/dist/mqtt.esm.js', types: "export * from 'mqtt';\nexport { default } from 'mqtt';\n" },
  // The QR code of a seat's link (friends/hand-over.js).
  { name: 'qrcode', from: 'qrcode-generator/dist/qrcode.mjs', types: "import qrcode from 'qrcode-generator';\nexport default qrcode;\n" },
  // The animated GIF of a game (element/pictures.js). The package has no types: these are its
  // README's, for what the page uses.
  {
    name: 'gifenc',
    from: 'gifenc/dist/gifenc.esm.js',
    types: [
      'export type Palette = number[][];',
      'export function quantize(rgba: Uint8Array | Uint8ClampedArray, maxColors: number): Palette;',
      'export function applyPalette(rgba: Uint8Array | Uint8ClampedArray, palette: Palette): Uint8Array;',
      'export function GIFEncoder(): {',
      '  writeFrame(index: Uint8Array, width: number, height: number, opts?: { palette?: Palette, delay?: number, repeat?: number }): void;',
      '  finish(): void;',
      '  bytes(): Uint8Array<ArrayBuffer>;',
      '};',
      '',
    ].join('\n'),
  },
  // The puzzles' Glicko-2 ratings (learn/puzzle-rating.js). The package is a CommonJS script
  // with no types: bundled, it is an ES module whose default export is its exports; the types
  // are what the page uses of it (its README's).
  {
    name: 'glicko2',
    from: 'glicko2/glicko2.js',
    bundle: true,
    types: [
      'export interface Player { getRating(): number; getRd(): number; getVol(): number; }',
      'export class Glicko2 {',
      '  constructor(settings?: { tau?: number, rating?: number, rd?: number, vol?: number });',
      '  makePlayer(rating?: number, rd?: number, vol?: number): Player;',
      '  updateRatings(matches: [Player, Player, number][]): void;',
      '}',
      'declare const glicko2: { Glicko2: typeof Glicko2 };',
      'export default glicko2;',
      '',
    ].join('\n'),
  },
];

/**
 * A CommonJS package's file as one ES module at `to`, unminified (the page's bundles minify it).
 * @param {string} from
 * @param {string} to
 * @returns {BuildOptions}
 */
export function vendorBuild(from, to) {
  return { ...INPUT, input: from, output: { format: 'esm', file: to } };
}

/** TARGET as lightningcss's targets: each browser's major version in the top bits. */
const CSS_TARGETS = Object.fromEntries(TARGET.map((t) => /^([a-z]+)(\d+)$/.exec(t) ?? fail(`TARGET ${t} is not a browser and version`)).map(([, browser, major]) => [browser, Number(major) << 16]));

/**
 * The stylesheet `file` (under www/: the page's, the later packages', the board's) with the
 * package sheets it imports put in their place (a package's styles sit in its folder), minified
 * for TARGET.
 * @param {string} file
 * @returns {string}
 */
export function stylesheet(file) {
  return bundleCss({ filename: path.join(WWW, file), minify: true, targets: CSS_TARGETS }).code.toString();
}

/**
 * Fails when the wasm modules are not built.
 * @returns {void}
 */
export function checkWasmBuilt() {
  for (const { file } of Object.values(WASM_MODULES)) if (!fs.existsSync(path.join(WWW, file))) fail(`www/${file} is not built: run bash scripts/build-web.sh`);
}
