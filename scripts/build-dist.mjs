#!/usr/bin/env node
// Writes dist/: exactly what a static host serves, every URL relative, plus the single-file
// build. Expects the wasm bindings in www/pkg (scripts/build-web.sh runs this after making them).
//
//   node scripts/build-dist.mjs [--relay wss://relay.example.org]
//
// `--relay` sets the relay of live games for every visitor of the site (scripts/lib/site-relay.mjs).
//
//   dist/index.html             the page (index.html with its www/ paths made flat)
//   dist/app.js, main-*.js, glue-*.js   the page (ES modules, bundled by Rolldown: see
//                               bundleModules)
//   dist/blue-gray-game.js      the element for pages that embed it from the site: the npm
//                               package's, in dist/npm/ (elementStub)
//   dist/ai-worker.js           the AI worker
//   dist/pkg/bluegray_wasm_simd_bg.wasm          the rules core, built with WebAssembly SIMD
//   dist/pkg/bluegray_wasm_bg.wasm               the rules core for browsers without SIMD
//   dist/pkg/bluegray_teach_bg.wasm              the lessons and puzzles, fetched when first used
//   dist/explorer/<variant>.txt the opening explorer's games, fetched when it first shows a variant
//   dist/style.css, blue-gray-game.css, boot.js, manifest.webmanifest, icons/
//   dist/sw.js                  the service worker, bundled with wasm-simd.js, told the build
//   dist/examples/              the embedding example
//   dist/blue-and-gray.html     everything in one file, for opening from disk
//   dist/npm/                   the element as an npm package (build-package.mjs), which
//                               dist/blue-gray-game.js loads
//
// Every module must sit at dist/'s top level: the element finds the wasm, the worker and its
// stylesheet next to itself (import.meta.url).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { rolldown } from 'rolldown';
import { BUNDLE, ROLLDOWN_OUTPUT, ROLLDOWN_TRANSFORM, workerGlue } from './esbuild-options.mjs';
import { buildPackage, WASM, ON_DEMAND_WASM } from './build-package.mjs';
import { relayArgument, withSiteRelay } from './lib/site-relay.mjs';
import { reachable } from './lib/reachable.mjs';

/**
 * @import { BinaryLike, BinaryToTextEncoding } from 'node:crypto'
 * @import { Plugin } from 'esbuild'
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WWW = path.join(ROOT, 'www');
const DIST = path.join(ROOT, 'dist');
/** The opening explorer's games, as `bluegray explorer` writes them. */
const EXPLORER = path.join(ROOT, 'crates', 'bluegray-engine', 'explorer');
const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self' ws: wss:";


/** The icon the page shows (its favicon), kept for offline visits with the rest of the page. */
const PAGE_ICON = 'icons/icon-32.png';

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`build-dist: ${message}`);
  process.exit(1);
}

/** @type {(data: BinaryLike, enc?: BinaryToTextEncoding) => string} */
const sha256 = (data, enc = 'hex') => crypto.createHash('sha256').update(data).digest(enc);

/**
 * @param {string} from
 * @param {string} to
 */
function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

/**
 * The files under `dir`, as paths relative to `base` with `/` between the names.
 * @param {string} dir
 * @param {string} [base]
 * @returns {string[]}
 */
function listFiles(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** The page's HTML with the dev tree's `www/` paths made relative to dist/. */
function pageHtml() {
  return fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8').replace(/(href|src)="www\//g, '$1="');
}

/**
 * Bundles the page and the worker, with Rolldown: esbuild splits code into one chunk per set of
 * entry points and lazy imports that share it, which made the first visit a dozen small files
 * that compress apart; Rolldown's chunk groups put what the page loads at once in one chunk. The
 * chunks:
 *   - `glue`: the rules core's bindings (and lib/errors.js), shared with the worker, which must
 *     not run the page's code;
 *   - `main`: everything else the page imports at once, app.js's own code and the element's
 *     included: one file, one gzip (a chunk of the element's own, which pages embedding it from
 *     the site used to load, cost the page 1.1 KB gzip more; they load the npm package's
 *     element instead: elementStub);
 *   - what is loaded on demand (the lessons, the puzzles, the review, live play, the parts of
 *     the board that only some boards use: element/lazy-parts.js, each language's messages:
 *     ru-HASH.js), each a chunk named after its module.
 * Returns the files the page's module imports statically and the fallback's page messages,
 * which the page then asks for at once instead of after running it.
 * @returns {Promise<string[]>}
 */
async function bundleModules() {
  const entry = (/** @type {string} */ f) => path.join(WWW, f);
  const glue = new Set([entry('pkg/bluegray_wasm.js'), entry('lib/errors.js')]);
  // The fallback language's page messages, which the page always loads (import()) before it
  // shows anything, whatever the reader's language (lib/i18n.js). A chunk of their own: in the
  // page's chunk they weighed the same and left a stub chunk behind.
  const pageMessages = entry(`messages/page-${await fallbackLanguage()}.js`);
  /** @type {Set<string> | null} */
  let atOnce = null;
  const bundle = await rolldown({
    // The worker is built with the page, so that the bindings it shares with the page are one
    // chunk that the browser fetches once for both.
    input: { app: entry('app.js'), 'ai-worker': entry('ai-worker.js') },
    transform: ROLLDOWN_TRANSFORM,
    logLevel: 'warn',
    // The element fetches the analysis when first used, which the page loads at once: in the
    // page that import finds it loaded, as it should (the npm package's element fetches it).
    onLog(level, log, handler) {
      if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
    },
  });
  const { output } = await bundle.write({
    dir: DIST,
    ...ROLLDOWN_OUTPUT,
    codeSplitting: {
      groups: [
        // First: a group takes in what its modules import.
        { name: 'glue', test: (id) => glue.has(id), priority: 2 },
        {
          debugName: 'loaded at once',
          priority: 1,
          name(id, ctx) {
            atOnce ??= reachable([entry('app.js')], (m) => ctx.getModuleInfo(m)?.importedIds ?? []);
            return atOnce.has(id) ? 'main' : null;
          },
        },
      ],
    },
  });
  await bundle.close();
  const chunks = output.flatMap((o) => (o.type === 'chunk' ? [o] : []));
  const app = chunks.find((c) => c.isEntry && c.name === 'app');
  if (!app) fail('Rolldown wrote no output for www/app.js');
  const messages = chunks.find((c) => c.moduleIds.includes(pageMessages));
  if (!messages) fail('Rolldown wrote no chunk for the page messages of the fallback language');
  // Every chunk app.js needs at once, not only the ones it names itself: preloaded together,
  // none waits for the one that imports it.
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  return [...reachable(app.imports, (f) => byName.get(f)?.imports ?? []), messages.fileName];
}

/**
 * dist/blue-gray-game.js, the element for pages that embed it from the site: the npm package's
 * (dist/npm/, build-package.mjs), whose module and chunks, worker, stylesheet and wasm sit
 * together there, so that an embedding page loads only the element, and the page's own chunk
 * holds the element's code with its own.
 */
function elementStub() {
  fs.writeFileSync(path.join(DIST, 'blue-gray-game.js'), 'export*from"./npm/blue-gray-game.js";\n');
}

/**
 * The code of the fallback language (messages/index.js, loaded at run time).
 * @returns {Promise<string>}
 */
async function fallbackLanguage() {
  return /** @type {{ FALLBACK: string }} */ (await import(pathToFileURL(path.join(WWW, 'messages', 'index.js')).href)).FALLBACK;
}

/**
 * The worker's whole code as one classic script, for a blob: worker of a page on disk.
 * @returns {Promise<string>}
 */
async function workerSource() {
  const r = await esbuild.build({
    entryPoints: [path.join(WWW, 'ai-worker.js')],
    plugins: [workerGlue()],
    ...BUNDLE,
    format: 'iife',
    write: false,
    // The bindings' default wasm URL uses import.meta; the worker is always handed the module.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return r.outputFiles[0].text;
}

/**
 * An esbuild plugin for the single file: each message table but the fallback's board part (each
 * language's, and each of the other parts, the fallback's too) becomes deflated JSON that is inflated
 * when it is first asked for (its module's default export is
 * then a promise of the table, which `import(...).then((m) => m.default)` waits for). Tables are
 * data, so this needs nothing from the CSP that code would.
 * @returns {Promise<Plugin>}
 */
async function packedTables() {
  const dir = path.join(WWW, 'messages');
  // The page's modules, loaded at run time: the fallback language's code, and each table (data).
  const { FALLBACK } = /** @type {{ FALLBACK: string }} */ (await import(pathToFileURL(path.join(dir, 'index.js')).href));
  /** @type {Map<string, string>} */
  const packed = new Map();
  for (const f of fs.readdirSync(dir)) {
    const code = f.replace(/\.js$/, '');
    if (!/^([a-z]+-)?[a-z]{2,3}$/.test(code) || code === FALLBACK) continue;
    const table = /** @type {{ default: unknown }} */ (await import(pathToFileURL(path.join(dir, f)).href)).default;
    packed.set(path.join(dir, f), zlib.deflateRawSync(Buffer.from(JSON.stringify(table)), { level: 9 }).toString('base64'));
  }
  return {
    name: 'packed-tables',
    setup(b) {
      b.onLoad({ filter: /messages[\\/]([a-z]+-)?[a-z]{2,3}\.js$/ }, (args) => {
        if (!packed.has(args.path)) return undefined;
        return {
          contents: `import { inflate } from ${JSON.stringify(path.join(WWW, 'engine', 'inflate.js'))};
export default inflate(${JSON.stringify(packed.get(args.path))}).then((b) => JSON.parse(new TextDecoder().decode(b)));`,
          resolveDir: WWW,
          loader: 'js',
        };
      });
    },
  };
}

/** The languages of the message tables (messages/index.js), whose parts are files `<part>-<code>.js`. */
const LANGUAGE_CODES = /** @type {{ LANGUAGES: { code: string }[] }} */ (await import(pathToFileURL(path.join(WWW, 'messages', 'index.js')).href)).LANGUAGES.map((l) => l.code);

/**
 * The page's modules the single file leaves out (or takes from elsewhere), by their paths under
 * www/, each replaced by a module of `contents`: what a page on disk cannot use, or what does not fit in the file's size
 * (docs/HOSTING.md's ruling).
 * @type {Record<string, string>}
 */
const LEFT_OUT = {
  // A page on disk cannot reach a relay (its CSP allows no connection): no live session and no
  // MQTT client in it, only one that says so.
  'remote/live.js': `export class LiveSession {
  start() { return Promise.reject(Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' })); }
  played() { return Promise.resolve(); }
  close() {}
}`,
  // Nor "Continue on another device", which hands over a live seat (and carries a QR encoder).
  'remote/hand-over.js': `export function showHandOver() {
  return Promise.reject(Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' }));
}`,
  // Nor a lobby of open games, which needs a relay too (its button shows only where one is set).
  'remote/lobby-dialog.js': `export function lobbyDialog() {
  throw Object.assign(new Error('no relay from a file'), { key: 'live.fromFile' });
}`,
  // The board editor: it judges a position with the teaching module, which is not embedded, and
  // the file's size counts; opening it says so, as the lessons do.
  'editor/editor-dialog.js': `import { KeyedError } from './lib/errors.js';
export function editorDialog() {
  return { open: () => Promise.reject(new KeyedError('singleFile.leftOut')) };
}`,
  // ... and its view in the board's `edit` mode, which needs the same module, and its messages.
  'editor/editor-view.js': 'export {};',
  ...Object.fromEntries(LANGUAGE_CODES.map((lang) => [`messages/edit-${lang}.js`, 'export default { messages: {} };'])),
  // The lessons and the puzzles: the teaching module (its wasm is not embedded either, so loading
  // it throws singleFile.leftOut, which their views and a board in puzzle mode show) and their views.
  'pkg/bluegray_teach.js': 'export default function init() { return Promise.resolve(); }',
  'teach/lesson-dialog.js': 'export {};',
  // ... and their messages ("How to play"'s are a part of their own, which the file keeps).
  ...Object.fromEntries(LANGUAGE_CODES.map((lang) => [`messages/teach-${lang}.js`, 'export default { messages: {} };'])),
  'teach/puzzle-dialog.js': 'export {};',
  'teach/puzzle-session.js': 'export {};',
};

/**
 * An esbuild plugin that replaces the modules of LEFT_OUT, found by where an import leads (not by
 * how its importer names it: `./x.js` in one folder is not `./x.js` in another). Fails the build
 * when one of them is missing from www/, so that a module moved or renamed cannot slip back into
 * the file under its new name.
 * @returns {Plugin}
 */
function leftOut() {
  for (const f of Object.keys(LEFT_OUT)) {
    if (!fs.existsSync(path.join(WWW, f))) fail(`LEFT_OUT names www/${f}, which does not exist`);
  }
  return {
    name: 'left-out',
    setup(b) {
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const under = path.relative(WWW, path.resolve(args.resolveDir, args.path)).split(path.sep).join('/');
        return Object.hasOwn(LEFT_OUT, under) ? { path: under, namespace: 'left-out' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => ({ contents: LEFT_OUT[args.path], resolveDir: WWW, loader: 'js' }));
    },
  };
}

/**
 * blue-and-gray.html: the page with the play module's wasm, the worker and the stylesheets inside,
 * but not the lessons, the puzzles, the board editor, live play and open games (LEFT_OUT). Its code is carried compressed: a small inline
 * module script inflates it and adds it as a second inline module script; both are allowed by
 * their hashes in the file's own Content-Security-Policy, as is its one inline style.
 * @returns {Promise<void>}
 */
async function singleFile() {
  const css = fs.readFileSync(path.join(WWW, 'blue-gray-game.css'), 'utf8');
  // Only the baseline build of the play module: it runs in every browser, and the file's size
  // counts.
  const embedded = `import { embedAssets } from ${JSON.stringify(path.join(WWW, 'engine', 'assets.js'))};
embedAssets({
  wasmBase64: ${JSON.stringify(zlib.deflateRawSync(fs.readFileSync(path.join(WWW, WASM.baseline)), { level: 9 }).toString('base64'))},
  teachingBase64: null,
  workerSource: ${JSON.stringify(await workerSource())},
  css: ${JSON.stringify(css)},
});`;
  const r = await esbuild.build({
    stdin: {
      // The assets are embedded before the page's modules run (imports evaluate in order).
      contents: `import './embedded.js';\nimport ${JSON.stringify(path.join(WWW, 'app.js'))};`,
      resolveDir: WWW,
      loader: 'js',
    },
    plugins: [
      {
        name: 'embedded',
        setup(b) {
          b.onResolve({ filter: /^\.\/embedded\.js$/ }, () => ({ path: 'embedded', namespace: 'embedded' }));
          b.onLoad({ filter: /.*/, namespace: 'embedded' }, () => ({ contents: embedded, resolveDir: WWW, loader: 'js' }));
        },
      },
      await packedTables(),
      leftOut(),
    ],
    ...BUNDLE,
    format: 'esm',
    write: false,
  });
  // The code, compressed, and the loader that inflates it (engine/inflate.js, as the assets are)
  // and adds it as a module script: as text, never parsed as HTML.
  const code = r.outputFiles[0].text;
  const packedCode = zlib.deflateRawSync(Buffer.from(code), { level: 9 }).toString('base64');
  const loader = await esbuild.build({
    stdin: {
      contents: `import { inflate } from ${JSON.stringify(path.join(WWW, 'engine', 'inflate.js'))};
const s = document.createElement('script');
s.type = 'module';
s.textContent = new TextDecoder().decode(await inflate(${JSON.stringify(packedCode)}));
document.head.append(s);`,
      resolveDir: WWW,
      loader: 'js',
    },
    ...BUNDLE,
    format: 'esm',
    write: false,
  });
  const script = loader.outputFiles[0].text;
  // `</script` cannot appear inside an inline script; the loader is base64 and a few lines.
  if (/<\/script/i.test(script)) fail('the single file\'s loader has `</script` in it');
  // The page's stylesheets, in the order the page links them, as one inline style.
  const sheets = [...pageHtml().matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
  const allCss = sheets.map((f) => fs.readFileSync(path.join(WWW, f), 'utf8')).join('\n');
  const style = (await esbuild.transform(allCss, { loader: 'css', minify: true })).code;
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(script, 'base64')}' 'sha256-${sha256(code, 'base64')}' 'wasm-unsafe-eval'`,
    `style-src 'sha256-${sha256(style, 'base64')}'`,
    'img-src data: blob:',
    'worker-src blob:',
    "connect-src 'none'",
  ].join('; ');
  let html = pageHtml();
  html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`);
  html = html.replace('<html lang="en">', '<html lang="en" data-single-file="true">');
  // What a single file cannot have: other files, a manifest, the served page's help for file://.
  html = html.replace(/\s*<link rel="(manifest|icon|apple-touch-icon|stylesheet)"[^>]*>/g, '');
  html = html.replace(/\s*<script src="boot\.js"><\/script>/, '');
  html = html.replace(/\s*<div id="file-help"[\s\S]*?<\/div>/, '');
  html = html.replace(/\s*<script type="module" src="app\.js"><\/script>/, '');
  if (/(src|href)="(?!data:|#)/.test(html)) fail('the single file still refers to another file');
  // A function, not a string: a replacement string would read `$&` and the like in the code as patterns.
  html = html.replace('</head>', () => `  <style>${style}</style>\n  <script type="module">${script}</script>\n</head>`);
  fs.writeFileSync(path.join(DIST, 'blue-and-gray.html'), html);
}

/**
 * The service worker, told this build's files, the rules core's two builds (of which it keeps
 * only the one its browser runs: a visitor downloads one) and a version that changes with any of
 * them. Bundled, as a classic script (a module service worker is not in every browser the page
 * is for), with what it imports: the feature test of wasm-simd.js, the page's own.
 * @returns {Promise<{ version: string, files: string[] }>}
 */
async function serviceWorker() {
  // The large icons are for installing, not for playing, and a language's messages (its board's
  // and its page's; the fallback's are always there) are fetched (and then kept) when a reader
  // asks for that language: neither is what every visit needs.
  const fallback = await fallbackLanguage();
  const languages = fs.readdirSync(path.join(WWW, 'messages')).map((f) => f.replace(/\.js$/, '')).filter((c) => /^[a-z]{2,3}$/.test(c));
  // A live game's session and its MQTT client (live-HASH.js, mqtt-HASH.js) are fetched when a
  // live game starts, and kept then.
  const onDemand = (/** @type {string} */ f) =>
    (f.startsWith('icons/') && f !== PAGE_ICON) ||
    /^(live|mqtt)-\w+\.js$/.test(f) ||
    languages.some((c) => (f.startsWith(`${c}-`) || (c !== fallback && f.startsWith(`page-${c}-`))) && f.endsWith('.js'));
  const kept = listFiles(DIST)
    .filter((f) => f !== 'sw.js' && f !== 'blue-and-gray.html' && !f.startsWith('examples/') && !onDemand(f))
    .sort();
  const hash = crypto.createHash('sha256');
  for (const f of kept) hash.update(f).update(fs.readFileSync(path.join(DIST, f)));
  const version = hash.digest('hex').slice(0, 16);
  const files = kept.filter((f) => !Object.values(WASM).includes(f));
  const src = fs.readFileSync(path.join(WWW, 'sw.js'), 'utf8');
  const line = "const BUILD = { version: 'dev', files: [], wasm: {} };";
  if (!src.includes(line)) fail(`www/sw.js must contain the line: ${line}`);
  // BUILD goes before the bundle, as written (the minifier would rewrite it inside), so that
  // whoever reads it from sw.js (the tests, measure-web.mjs) finds the line as it was.
  await esbuild.build({
    stdin: { contents: src.replace(line, ''), resolveDir: WWW, sourcefile: 'sw.js', loader: 'js' },
    ...BUNDLE,
    format: 'iife',
    banner: { js: `const BUILD = ${JSON.stringify({ version, files: ['./', ...files], wasm: WASM })};` },
    outfile: path.join(DIST, 'sw.js'),
  });
  return { version, files };
}

/**
 * The browser builds of the npm packages the page loads on demand, beside the modules that load
 * them (www/vendor/, git-ignored), so that the page's own tree and every bundle find them at the
 * same relative address: each as `www/vendor/<name>.js` from its package's file, with a `.d.ts`
 * beside it for the type check (a `.js` import resolves to it): the package's own types, or
 * where it has none, what the page uses of it.
 */
const VENDORED = [
  // The MQTT client of live games.
  { name: 'mqtt', from: 'mqtt/dist/mqtt.esm.js', types: "export * from 'mqtt';\nexport { default } from 'mqtt';\n" },
  // The QR code of a seat's link (remote/hand-over.js).
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
  // The puzzles' Glicko-2 ratings (teach/puzzle-rating.js). The package is a CommonJS script
  // with no types: `wrap` makes it an ES module (esbuild) whose default export is its exports;
  // the types are what the page uses of it (its README's).
  {
    name: 'glicko2',
    from: 'glicko2/glicko2.js',
    wrap: true,
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

function vendorPackages() {
  for (const { name, from, types, wrap } of VENDORED) {
    const file = path.join(ROOT, 'node_modules', from);
    if (!fs.existsSync(file)) fail(`node_modules/${from} is missing: run bash scripts/setup.sh`);
    const to = path.join(WWW, 'vendor', `${name}.js`);
    if (wrap) esbuild.buildSync({ entryPoints: [file], bundle: true, format: 'esm', outfile: to, target: BUNDLE.target, logLevel: 'error' });
    else copy(file, to);
    fs.writeFileSync(path.join(WWW, 'vendor', `${name}.d.ts`), `// The types of ${name}.js, a browser build of the npm package ${from.split('/')[0]}.\n${types}`);
  }
}

async function main() {
  /** @type {string|null} */
  let relay = null;
  try {
    relay = relayArgument(process.argv.slice(2));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  for (const f of [...Object.values(WASM), ...ON_DEMAND_WASM]) if (!fs.existsSync(path.join(WWW, f))) fail(`www/${f} is not built: run bash scripts/build-web.sh`);
  vendorPackages();
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  const chunks = await bundleModules();
  elementStub();
  for (const f of [...Object.values(WASM), ...ON_DEMAND_WASM]) copy(path.join(WWW, f), path.join(DIST, f));
  // The opening explorer's games, a file per named variant (`bluegray explorer`), fetched when the
  // explorer first looks at that variant (review/explorer.js) and kept by the service worker.
  for (const f of fs.readdirSync(EXPLORER).filter((n) => n.endsWith('.txt'))) copy(path.join(EXPLORER, f), path.join(DIST, 'explorer', f));
  // The stylesheets and the classic script minified, as every bundle is; the manifest as it is.
  for (const f of fs.readdirSync(WWW).filter((n) => n.endsWith('.css') || n === 'boot.js')) {
    const loader = f.endsWith('.css') ? 'css' : 'js';
    const { code } = await esbuild.transform(fs.readFileSync(path.join(WWW, f), 'utf8'), { loader, minify: true, target: BUNDLE.target, charset: 'utf8', legalComments: 'none' });
    fs.writeFileSync(path.join(DIST, f), code);
  }
  copy(path.join(WWW, 'manifest.webmanifest'), path.join(DIST, 'manifest.webmanifest'));
  for (const f of listFiles(path.join(WWW, 'icons'))) copy(path.join(WWW, 'icons', f), path.join(DIST, 'icons', f));
  // The later parts' stylesheet is fetched with the first of them (lib/dom.js laterStyles), not with the page.
  const sheets = /\s*<!-- The styles of the parts fetched later[^>]*-->\s*<link rel="stylesheet" href="teach\.css">/;
  let html = pageHtml().replace(sheets, '');
  if (html === pageHtml()) fail('index.html must link teach.css, the stylesheet of the parts fetched later, after a comment that says it is fetched on demand');
  if (!html.includes(STRICT_CSP)) fail('index.html must carry the strict Content-Security-Policy');
  // A relay for every visitor (--relay): live games offered to all, the CSP narrowed to it.
  if (relay) html = withSiteRelay(html, relay);
  // The page's chunks and the rules core start loading while the HTML is read. The SIMD build,
  // which nearly every browser runs: one without SIMD downloads it in vain (offline, its service
  // worker has not kept it, and the preload fails, harmlessly) and then the baseline, which is
  // better than every other browser waiting for the page's modules to decide.
  const preload = [
    ...chunks.map((c) => `<link rel="modulepreload" href="${c}">`),
    `<link rel="preload" href="${WASM.simd}" as="fetch" crossorigin>`,
  ];
  const served = html
    .replace('  <script type="module" src="app.js"></script>', `  ${preload.join('\n  ')}\n  <script type="module" src="app.js"></script>`)
    // The dev tree's help for a page opened from disk: the built page's boot.js opens the
    // single file beside it instead.
    .replace(/\s*<div id="file-help"[\s\S]*?<\/div>/, '');
  // Without its lines' indentation, which a first visit need not fetch: white space between tags
  // shows as one space whatever its length, and the page has no <pre> nor a text area with text.
  fs.writeFileSync(path.join(DIST, 'index.html'), served.replace(/\n[ \t]+/g, '\n'));
  const { version, files } = await serviceWorker();
  for (const f of listFiles(path.join(ROOT, 'examples'))) copy(path.join(ROOT, 'examples', f), path.join(DIST, 'examples', f));
  await singleFile();
  console.log(`build-dist: dist/ written, build ${version}, ${files.length + 2} files for the service worker to keep (one of the two wasm builds among them)`);
  // Last: the page does not use the npm package (the service worker's list is already made); a
  // page embedding the element from the site does, through dist/blue-gray-game.js.
  const pkg = await buildPackage();
  console.log(`build-dist: dist/npm/ written, the package ${pkg.name}@${pkg.version}`);
}

main().catch((e) => fail(e.stack || String(e)));
