#!/usr/bin/env node
// Writes dist/: exactly what a static host serves, every URL relative, plus the single-file
// build. Expects the wasm bindings in www/pkg (scripts/build-web.sh runs this after making them).
// The bundles are declared in scripts/build.config.mjs; this runs them, copies what is not
// bundled and writes the pages and the service worker's list.
//
//   node scripts/build-dist.mjs [--relay wss://relay.example.org]
//
// `--relay` sets the relay of live games for every visitor of the site (scripts/lib/site-relay.mjs).
//
//   dist/index.html             the page (index.html with its www/ paths made flat)
//   dist/app.js, main-*.js, glue-*.js   the page (ES modules: pageBuild)
//   dist/ai-worker.js           the AI worker
//   dist/blue-gray-game.js      the element for pages that embed it from the site: the npm
//                               package's, in dist/npm/ (ELEMENT_STUB)
//   dist/pkg/*.wasm             the rules core (build.config.mjs WASM_MODULES: the play module
//                               with WebAssembly SIMD and without, and the modules fetched when
//                               first used)
//   dist/explorer/<variant>.txt the opening explorer's games, fetched when it first shows a variant
//   dist/puzzles.txt            the puzzle set, fetched when the puzzles first open
//   dist/style.css, later.css, blue-gray-game.css, boot.js, manifest.webmanifest, icons/
//   dist/sw.js                  the service worker, told the build
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
import { pathToFileURL } from 'node:url';
import { build } from 'rolldown';
import {
  ROOT,
  WWW,
  DIST,
  WASM,
  SERVED_WASM,
  SINGLE_FILE_WASM,
  FALLBACK,
  PAGE_MESSAGES,
  VENDORED,
  checkWasmBuilt,
  codeOf,
  pageBuild,
  singleFileWorkerBuild,
  singleFileBuild,
  singleFileLoaderBuild,
  serviceWorkerBuild,
  bootBuild,
  vendorBuild,
  stylesheet,
} from './build.config.mjs';
import { buildPackage } from './build-package.mjs';
import { relayArgument, withSiteRelay } from './lib/site-relay.mjs';
import { reachable } from './lib/reachable.mjs';
import { deflated } from './lib/deflate.mjs';

/**
 * @import { BinaryLike, BinaryToTextEncoding } from 'node:crypto'
 * @import { OutputChunk, RolldownOutput } from 'rolldown'
 */

/** The opening explorer's games, as `bluegray explorer` writes them. */
const EXPLORER = path.join(ROOT, 'crates', 'bluegray-engine', 'explorer');
/** The committed puzzle set, which the teaching module reads when the page gives it (`puzzles(set)`). */
const PUZZLE_SET = path.join(ROOT, 'crates', 'bluegray-puzzles', 'puzzles.txt');
const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self' ws: wss:";
/** The icon the page shows (its favicon), kept for offline visits with the rest of the page. */
const PAGE_ICON = 'icons/icon-32.png';
/** The link of the packages fetched later's stylesheet, which the served page fetches with the first of them (lib/dom.js laterStyles). */
const LATER_STYLES = /<link rel="stylesheet" href="later\.css">/;
/** The page's module script, in index.html as in the built pages. */
const APP_SCRIPT = '<script type="module" async src="app.js"></script>';
/** A live game's session and its MQTT client, fetched when a live game starts (and kept then). */
const LIVE_MODULES = ['live/live.js', 'vendor/mqtt.js'].map((f) => path.join(WWW, f));

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
/** @type {(output: RolldownOutput) => OutputChunk[]} */
const chunksOf = (output) => output.output.flatMap((o) => (o.type === 'chunk' ? [o] : []));

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

/**
 * The page's HTML as both built pages start from it: the dev tree's `www/` paths made relative
 * to dist/, and without its comments, which are for its readers.
 */
function pageHtml() {
  return fs
    .readFileSync(path.join(ROOT, 'index.html'), 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(href|src)="www\//g, '$1="');
}

/** Elements without an end tag, of those a page's head has. */
const VOID = new Set(['link', 'meta']);

/**
 * `html` without the element whose start tag `start` matches (and the white space before it): a
 * void element alone, any other up to its end tag (none of its kind may be inside it). Fails
 * when `html` has no such element, so that a change of index.html cannot leave it in unseen.
 * @param {string} html
 * @param {RegExp} start a start tag, as `<div id="file-help"[^>]*>`
 * @returns {string}
 */
function without(html, start) {
  const m = new RegExp(`\\s*${start.source}`).exec(html);
  if (!m) fail(`index.html has no ${start.source}`);
  const tag = /<([a-z]+)/.exec(m[0])?.[1] ?? fail(`${start.source} is no start tag`);
  const end = VOID.has(tag) ? m.index + m[0].length : html.indexOf(`</${tag}>`, m.index) + `</${tag}>`.length;
  return html.slice(0, m.index) + html.slice(end);
}

/**
 * The page and its worker (pageBuild). Returns the output's chunks and what the page loads at
 * once: the chunks its module imports statically, every one, not only those it names itself
 * (preloaded together, none waits for the one that imports it), and the fallback's page
 * messages, which the page then asks for at once instead of after running it.
 * @returns {Promise<{ chunks: OutputChunk[], atOnce: string[] }>}
 */
async function bundlePage() {
  const chunks = chunksOf(await build(pageBuild()));
  const app = chunks.find((c) => c.isEntry && c.name === 'app') ?? fail('Rolldown wrote no output for www/app.js');
  const messages = chunks.find((c) => c.moduleIds.includes(PAGE_MESSAGES)) ?? fail('Rolldown wrote no chunk for the page messages of the fallback language');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  return { chunks, atOnce: [...reachable(app.imports, (f) => byName.get(f)?.imports ?? []), messages.fileName] };
}

/**
 * The chunks a visit fetches only when it needs them, which the service worker keeps once
 * fetched rather than at its install: a live game's session and its MQTT client, and another
 * language's counterparts of the fallback's tables that the page loads at once (its board's and
 * its page's messages), which a reader of that language fetches with the page. The tables a
 * visit fetches later (a review's, a lesson's) are kept at install in every language, for a
 * reader offline.
 * @param {OutputChunk[]} chunks
 * @param {string[]} atOnce the files the page loads at once (bundlePage)
 * @returns {Promise<Set<string>>}
 */
async function onDemandChunks(chunks, atOnce) {
  const { LANGUAGES } = /** @type {{ LANGUAGES: { code: string }[] }} */ (await import(pathToFileURL(path.join(WWW, 'lib', 'languages.js')).href));
  const loaded = chunks.filter((c) => c.isEntry || atOnce.includes(c.fileName)).flatMap((c) => c.moduleIds);
  const fallbackTables = loaded.filter((id) => path.basename(path.dirname(id)) === 'i18n' && id.endsWith(`${FALLBACK}.js`));
  const others = LANGUAGES.map((l) => l.code).filter((c) => c !== FALLBACK);
  const counterparts = new Set(fallbackTables.flatMap((id) => others.map((c) => `${id.slice(0, -`${FALLBACK}.js`.length)}${c}.js`)));
  return new Set(chunks.filter((c) => c.moduleIds.some((id) => counterparts.has(id) || LIVE_MODULES.includes(id))).map((c) => c.fileName));
}

/**
 * dist/blue-gray-game.js, the element for pages that embed it from the site: the npm package's
 * (dist/npm/, build-package.mjs), whose module and chunks, worker, stylesheet and wasm sit
 * together there, so that an embedding page loads only the element, and the page's own chunk
 * holds the element's code with its own.
 */
const ELEMENT_STUB = 'export*from"./npm/blue-gray-game.js";\n';

/**
 * blue-and-gray.html: the page with the play module's wasm, the worker and the stylesheets inside,
 * but not what the config leaves out (build.config.mjs LEFT_OUT). Its code is carried
 * compressed: a small inline module script inflates it and adds it as a second inline module
 * script; both are allowed by their hashes in the file's own Content-Security-Policy, as is its
 * one inline style.
 * @returns {Promise<void>}
 */
async function singleFile() {
  const code = await codeOf(
    singleFileBuild({
      // Only the embedded build of the rules core: it runs in every browser, and the file's size counts.
      wasmBase64: await deflated(fs.readFileSync(path.join(WWW, SINGLE_FILE_WASM))),
      workerSource: await codeOf(singleFileWorkerBuild()),
      css: stylesheet('blue-gray-game.css'),
    }),
  );
  const script = await codeOf(singleFileLoaderBuild(await deflated(code)));
  // `</script` cannot appear inside an inline script; the loader is base64 and a few lines.
  if (/<\/script/i.test(script)) fail('the single file\'s loader has `</script` in it');
  // The page's stylesheets, in the order the page links them, as one inline style.
  const sheets = [...pageHtml().matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
  const style = sheets.map(stylesheet).join('');
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${sha256(script, 'base64')}' 'sha256-${sha256(code, 'base64')}' 'wasm-unsafe-eval'`,
    `style-src 'sha256-${sha256(style, 'base64')}'`,
    'img-src data: blob:',
    'worker-src blob:',
    "connect-src 'none'",
  ].join('; ');
  // What a single file cannot have: other files (links: the manifest, the icons, the
  // stylesheets; scripts by address), the served page's help for file://.
  let html = without(pageHtml(), /<div id="file-help"[^>]*>/)
    .replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${csp}">`)
    .replace('<html lang="en">', '<html lang="en" data-single-file="true">')
    .replace(/\s*<link\b[^>]*>/g, '')
    .replace(/\s*<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '');
  if (/(src|href)="(?!data:|#)/.test(html)) fail('the single file still refers to another file');
  // A function, not a string: a replacement string would read `$&` and the like in the code as patterns.
  html = html.replace('</head>', () => `  <style>${style}</style>\n  <script type="module">${script}</script>\n</head>`);
  fs.writeFileSync(path.join(DIST, 'blue-and-gray.html'), html);
}

/**
 * The service worker (serviceWorkerBuild), told the files every visit needs (`kept`, under
 * dist/), the rules core's two builds (of which it keeps only the one its browser runs: a
 * visitor downloads one) and a version that changes with any of them.
 * @param {string[]} kept
 * @returns {Promise<{ version: string, files: string[] }>}
 */
async function serviceWorker(kept) {
  const sorted = [...kept].sort();
  const hash = crypto.createHash('sha256');
  for (const f of sorted) hash.update(f).update(fs.readFileSync(path.join(DIST, f)));
  const version = hash.digest('hex').slice(0, 16);
  const files = sorted.filter((f) => !Object.values(WASM).includes(f));
  fs.writeFileSync(path.join(DIST, 'sw.js'), await codeOf(serviceWorkerBuild({ version, files: ['./', ...files], wasm: WASM })));
  return { version, files };
}

/** The npm packages the page loads, into www/vendor/ (build.config.mjs VENDORED). */
async function vendorPackages() {
  for (const { name, from, types, bundle } of VENDORED) {
    const file = path.join(ROOT, 'node_modules', from);
    if (!fs.existsSync(file)) fail(`node_modules/${from} is missing: run bash scripts/setup.sh`);
    const to = path.join(WWW, 'vendor', `${name}.js`);
    if (bundle) await build(vendorBuild(file, to));
    else copy(file, to);
    fs.writeFileSync(path.join(WWW, 'vendor', `${name}.d.ts`), `// The types of ${name}.js, a browser build of the npm package ${from.split('/')[0]}.\n${types}`);
  }
}

/**
 * The page's files written so far, under dist/: what the service worker keeps, but for what
 * is fetched on demand.
 * @type {string[]}
 */
const pageFiles = [];

/**
 * Writes a file of the page (see pageFiles).
 * @param {string} file under dist/
 * @param {string | Buffer} data
 */
function put(file, data) {
  fs.mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
  fs.writeFileSync(path.join(DIST, file), data);
  pageFiles.push(file);
}

/**
 * The served page, dist/index.html: the page with the modules it loads at once preloaded, and
 * without what only the dev tree's page has.
 * @param {string[]} atOnce bundlePage's
 * @param {string | null} relay the site's relay (--relay)
 * @returns {string}
 */
function servedPage(atOnce, relay) {
  // The later parts' stylesheet is fetched with the first of them, not with the page.
  let html = without(pageHtml(), LATER_STYLES);
  if (!html.includes(STRICT_CSP)) fail('index.html must carry the strict Content-Security-Policy');
  // A relay for every visitor (--relay): live games offered to all, the CSP narrowed to it.
  if (relay) html = withSiteRelay(html, relay);
  // The page's chunks and the rules core start loading while the HTML is read. The SIMD build,
  // which nearly every browser runs: one without SIMD downloads it in vain (offline, its service
  // worker has not kept it, and the preload fails, harmlessly) and then the baseline, which is
  // better than every other browser waiting for the page's modules to decide.
  const preload = [...atOnce.map((c) => `<link rel="modulepreload" href="${c}">`), `<link rel="preload" href="${WASM.simd}" as="fetch" crossorigin>`];
  if (!html.includes(APP_SCRIPT)) fail(`index.html must load the page with ${APP_SCRIPT}`);
  // The dev tree's help for a page opened from disk: the built page's boot.js opens the single
  // file beside it instead.
  const served = without(html, /<div id="file-help"[^>]*>/).replace(APP_SCRIPT, () => `${preload.join('\n')}\n${APP_SCRIPT}`);
  // Without its lines' indentation, which a first visit need not fetch: white space between tags
  // shows as one space whatever its length, and the page has no <pre> nor a text area with text.
  return served.replace(/\n[ \t]+/g, '\n');
}

async function main() {
  /** @type {string|null} */
  let relay = null;
  try {
    relay = relayArgument(process.argv.slice(2));
    checkWasmBuilt();
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  }
  await vendorPackages();
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  const { chunks, atOnce } = await bundlePage();
  const onDemand = await onDemandChunks(chunks, atOnce);
  pageFiles.push(...chunks.map((c) => c.fileName).filter((f) => !onDemand.has(f)));
  put('blue-gray-game.js', ELEMENT_STUB);
  for (const f of SERVED_WASM) put(f, fs.readFileSync(path.join(WWW, f)));
  // The opening explorer's games, a file per named variant (`bluegray explorer`), fetched when the
  // explorer first looks at that variant (review/explorer.js).
  for (const f of fs.readdirSync(EXPLORER).filter((n) => n.endsWith('.txt'))) put(`explorer/${f}`, fs.readFileSync(path.join(EXPLORER, f)));
  // The puzzle set, data as the explorer's games are (learn/puzzles.js).
  put('puzzles.txt', fs.readFileSync(PUZZLE_SET));
  // The stylesheets (each with the package sheets it imports) and the classic script minified, as
  // every bundle is; the manifest as it is.
  for (const f of fs.readdirSync(WWW).filter((n) => n.endsWith('.css'))) put(f, stylesheet(f));
  put('boot.js', await codeOf(bootBuild()));
  put('manifest.webmanifest', fs.readFileSync(path.join(WWW, 'manifest.webmanifest')));
  put(PAGE_ICON, fs.readFileSync(path.join(WWW, PAGE_ICON)));
  put('index.html', servedPage(atOnce, relay));
  const { version, files } = await serviceWorker(pageFiles);
  // Not kept by the service worker: the icons for installing the app, the example, the single file.
  for (const f of listFiles(path.join(WWW, 'icons')).map((n) => `icons/${n}`).filter((n) => n !== PAGE_ICON)) copy(path.join(WWW, f), path.join(DIST, f));
  for (const f of listFiles(path.join(ROOT, 'examples'))) copy(path.join(ROOT, 'examples', f), path.join(DIST, 'examples', f));
  await singleFile();
  console.log(`build-dist: dist/ written, build ${version}, ${files.length + 2} files for the service worker to keep (one of the two wasm builds among them)`);
  // Last: the page does not use the npm package (the service worker's list is already made); a
  // page embedding the element from the site does, through dist/blue-gray-game.js.
  const pkg = await buildPackage();
  console.log(`build-dist: dist/npm/ written, the package ${pkg.name}@${pkg.version}`);
}

main().catch((e) => fail(e.stack || String(e)));
