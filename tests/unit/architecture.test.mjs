// The front end's packages and what each may import: the one table of the layering
// (docs/ARCHITECTURE.md draws it), checked against every import of every module under www/, the
// root files' too; and the relay (relay/), a package of its own beside the front end, which builds
// on the live protocol's package only. An import is a static `import`/`export … from`, a dynamic `import()`, or a
// type import of the JSDoc (`@import … from`, `import('…')` in a type), read by a JavaScript
// parser (acorn), not by patterns over the text, so that no form of import escapes the check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import * as acorn from 'acorn';
import { visit, importedSpec } from '../../scripts/lib/syntax.mjs';
import { frontEndModules, ROOT, WWW } from '../lib/modules.mjs';

/**
 * The packages, bottom up. `imports`: the packages whose code a module may import (statically, or
 * with `import()`); `types`: those it may name only in types as well (erased, no code);
 * `loads`: the features it may fetch later (a dynamic `import()`, and their types: the page starts
 * a feature it does not build on); `exports`: where set, the only modules other packages may import of it
 * (the element's public API).
 * @type {Record<string, {imports: string[], types?: string[], loads?: string[], exports?: string[]}>}
 */
const PACKAGES = {
  // Shared by all: settings, messages, storage, DOM helpers, clocks, the game's tree. Names the
  // rules core's data shapes and the element's API's (a message, a live game's status), no code
  // above it.
  lib: { imports: [], types: ['core', 'element'] },
  // The one loader of the rules core (WebAssembly) and its bindings (pkg/), and their data shapes.
  core: { imports: ['lib'] },
  // The drawn board: geometry, pictures, selection, animation, pointer and key input.
  board: { imports: ['lib'], types: ['core'] },
  // The AI worker, its clients, the analysis and the engine's judgement.
  engine: { imports: ['core', 'lib'] },
  // The live protocol: topics, signed texts, keys, checks, the session with a relay, the lobby.
  live: { imports: ['lib'], types: ['core', 'element'] },
  // The board editor's surface and state, the page's and the element's edit mode's.
  editor: { imports: ['board', 'core', 'lib'] },
  // <blue-gray-game> and its modes: the public API (the root files), its state and game flow.
  element: { imports: ['board', 'core', 'engine', 'live', 'editor', 'lib'], exports: ['blue-gray-game.js', 'api-types.js'] },
  // The game page around the board: its state, panel, form, doors, kept games, endings, records.
  play: { imports: ['element', 'board', 'core', 'engine', 'lib'], types: ['live'], loads: ['review', 'learn', 'editor', 'friends'] },
  // The review of a game, its chart, the opening explorer.
  review: { imports: ['play', 'element', 'board', 'core', 'engine', 'lib'], loads: ['learn'] },
  // How to play, the lessons, the puzzles.
  learn: { imports: ['play', 'element', 'board', 'core', 'engine', 'lib'] },
  // Games against a friend elsewhere: links, invitations, the lobby's sheet, the hand-over.
  friends: { imports: ['play', 'live', 'element', 'core', 'lib'] },
  // The page's entry (app.js), the service worker, the script for a page opened from disk.
  app: { imports: ['play', 'review', 'learn', 'editor', 'friends', 'element', 'board', 'core', 'engine', 'live', 'lib'] },
};

/** The root files, each in the package it belongs to. */
const ROOT_FILES = {
  'blue-gray-game.js': 'element',
  'api-types.js': 'element',
  'ai-worker.js': 'engine',
  'app.js': 'app',
  'sw.js': 'app',
  'boot.js': 'app',
};

/**
 * The relay: its folder, and the front end's packages it may import (code or types). What else it
 * imports is its own modules, node's and the npm packages its package.json declares.
 */
const RELAY = { dir: 'relay', imports: ['live'] };

/** The only module that loads the message tables (each package's i18n/ folder). */
const LANGUAGES = 'lib/languages.js';

/**
 * The package of a module (a path under www/), or what it is besides: `pkg` (the rules core's
 * bindings, generated), `vendor` (npm packages built for the browser), `i18n` (message tables).
 * @param {string} m
 */
function packageOf(m) {
  if (m in ROOT_FILES) return ROOT_FILES[/** @type {keyof typeof ROOT_FILES} */ (m)];
  const [top, sub] = m.split('/');
  if (top === 'pkg' || top === 'vendor') return top;
  if (sub === 'i18n') return 'i18n';
  return top;
}

/**
 * Every import of the module at `file`: {spec, kind}, `spec` as written, `kind` `static`,
 * `dynamic` or `type`. A dynamic import of anything but a string is an error: the check must see
 * where every import leads.
 * @param {string} file
 * @param {'script'|'module'} sourceType
 * @returns {{spec: string, kind: 'static'|'dynamic'|'type'}[]}
 */
function specifiersOf(file, sourceType) {
  const m = path.relative(ROOT, file);
  const text = fs.readFileSync(file, 'utf8');
  /** @type {acorn.Comment[]} */
  const comments = [];
  const ast = acorn.parse(text, { ecmaVersion: 'latest', sourceType, onComment: comments });
  /** @type {{spec: string, kind: 'static'|'dynamic'|'type'}[]} */
  const found = [];
  visit(ast, (node) => {
    if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) found.push({ spec: String(node.source.value), kind: 'static' });
    if (node.type === 'ImportExpression') {
      const spec = importedSpec(node);
      assert.ok(typeof spec === 'string', `${m}: an import() of something that is not a string, at offset ${node.start}`);
      found.push({ spec, kind: 'dynamic' });
    }
  });
  for (const c of comments) {
    for (const x of c.value.matchAll(/@import\s*(?:\{[^}]*\}|\*\s+as\s+\w+|\w+)\s*from\s*['"]([^'"]+)['"]/g)) found.push({ spec: x[1], kind: 'type' });
    for (const x of c.value.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ spec: x[1], kind: 'type' });
  }
  return found;
}

/**
 * Every import of a module of the front end: {to, kind}, `to` resolved to a path under www/.
 * @param {string} m
 * @returns {{to: string, kind: 'static'|'dynamic'|'type'}[]}
 */
function importsOf(m) {
  return specifiersOf(path.join(WWW, m), m === 'boot.js' ? 'script' : 'module').map(({ spec, kind }) => {
    assert.ok(spec.startsWith('.'), `${m} imports '${spec}': the page's modules import by relative path (npm packages come vendored, vendor/)`);
    return { to: path.posix.normalize(path.posix.join(path.posix.dirname(m), spec)), kind };
  });
}

const MODULES = frontEndModules({ messages: true });
const GRAPH = Object.fromEntries(MODULES.map((m) => [m, importsOf(m)]));

test('every module belongs to a package of the table', () => {
  for (const m of MODULES) {
    const p = packageOf(m);
    assert.ok(p in PACKAGES || p === 'i18n', `www/${m} is in no package of tests/unit/architecture.test.mjs's table`);
  }
});

/**
 * Whether an import of `file` (a path) of this kind finds a file: a type import of `x.js` finds
 * `x.d.ts` as TypeScript does (core/core-types.d.ts, generated from the Rust types, has no `.js`).
 * @param {string} file
 * @param {'static'|'dynamic'|'type'} kind
 */
function resolves(file, kind) {
  return fs.existsSync(file) || (kind === 'type' && file.endsWith('.js') && fs.existsSync(`${file.slice(0, -'.js'.length)}.d.ts`));
}

test('every import resolves to a file', () => {
  for (const [m, imports] of Object.entries(GRAPH)) {
    for (const { to, kind } of imports) {
      if (packageOf(to) === 'pkg' || packageOf(to) === 'vendor') continue; // built
      assert.ok(resolves(path.join(WWW, to), kind), `${m} imports ${to}, which is not there`);
    }
  }
});

test('every import follows the table: a package imports only what it builds on, and the element only through its public API', () => {
  /** @type {string[]} */
  const wrong = [];
  for (const [m, imports] of Object.entries(GRAPH)) {
    const from = packageOf(m);
    if (from === 'i18n') {
      if (imports.length) wrong.push(`${m} (a message table) imports ${imports.map((i) => i.to).join(', ')}`);
      continue;
    }
    for (const { to, kind } of imports) {
      const into = packageOf(to);
      if (into === from || into === 'vendor') continue;
      if (into === 'pkg') {
        if (from !== 'core' && m !== 'ai-worker.js') wrong.push(`${m} imports ${to}: only core/ (and the AI worker, which is handed the module) reaches the rules core's bindings`);
        continue;
      }
      if (into === 'i18n') {
        if (m !== LANGUAGES) wrong.push(`${m} imports the message table ${to}: tables are loaded by ${LANGUAGES} only`);
        continue;
      }
      const rule = PACKAGES[from];
      const loads = (rule.loads ?? []).includes(into);
      const allowed = rule.imports.includes(into) || (kind === 'type' && ((rule.types ?? []).includes(into) || loads)) || (kind === 'dynamic' && loads);
      if (!allowed) {
        wrong.push(`${m} (${from}) ${kind === 'type' ? 'names a type of' : kind === 'dynamic' ? 'fetches' : 'imports'} ${to} (${into})`);
        continue;
      }
      const exported = PACKAGES[into]?.exports;
      if (exported && !exported.includes(to)) wrong.push(`${m} imports ${to}, inside ${into}: other packages use it through ${exported.join(', ')}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('the table has no circle: each package builds only on packages below it', () => {
  const names = Object.keys(PACKAGES);
  names.forEach((name, i) => {
    const { imports, types = [] } = PACKAGES[name];
    for (const dep of imports) assert.ok(names.indexOf(dep) < i, `${name} builds on ${dep}, which is not below it in the table`);
    // A type-only arrow may point up (no code runs through it), never to the package itself.
    for (const dep of types) assert.ok(dep !== name && names.includes(dep), `${name} names types of unknown ${dep}`);
  });
});

test('the import check sees every kind of import', () => {
  // The parser's view of a module with one import of each kind; a check that missed one would pass anything.
  const dir = fs.mkdtempSync(path.join(WWW, 'lib', '.arch-'));
  try {
    const rel = path.posix.join('lib', path.basename(dir), 'probe.js');
    fs.writeFileSync(
      path.join(WWW, rel),
      ["import { a } from '../x.js';", "export { b } from '../y.js';", "const c = () => import('../z.js');", "/** @import { D } from '../t.js' */", "/** @typedef {import('../u.js').E} E */", 'export { c };'].join('\n'),
    );
    assert.deepEqual(
      importsOf(rel).map((i) => `${i.kind} ${i.to}`),
      ['static lib/x.js', 'static lib/y.js', 'dynamic lib/z.js', 'type lib/t.js', 'type lib/u.js'],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * The relay's modules, its tests' and helpers' too: every .mjs and .js file under relay/ but its
 * npm packages, relative to the repository's root with `/` separators, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
function relayModules(dir = RELAY.dir) {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? (e.name === 'node_modules' ? [] : relayModules(`${dir}/${e.name}`)) : /\.m?js$/.test(e.name) ? [`${dir}/${e.name}`] : []))
    .sort();
}

test('the relay imports of the front end the live protocol only, and of npm what its package.json declares', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, RELAY.dir, 'package.json'), 'utf8'));
  const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  const modules = relayModules();
  assert.ok(modules.includes(`${RELAY.dir}/relay.mjs`), 'the relay is relay/relay.mjs');
  /** @type {string[]} */
  const wrong = [];
  for (const m of modules) {
    for (const { spec, kind } of specifiersOf(path.join(ROOT, m), 'module')) {
      if (isBuiltin(spec)) continue;
      if (!spec.startsWith('.')) {
        const name = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/');
        if (!declared.has(name)) wrong.push(`${m} imports '${spec}', which ${RELAY.dir}/package.json does not declare`);
        continue;
      }
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(m), spec));
      if (!resolves(path.join(ROOT, to), kind)) {
        wrong.push(`${m} imports ${to}, which is not there`);
        continue;
      }
      if (to.startsWith(`${RELAY.dir}/`)) continue;
      if (!to.startsWith('www/') || !RELAY.imports.includes(packageOf(to.slice('www/'.length)))) {
        wrong.push(`${m} ${kind === 'type' ? 'names a type of' : 'imports'} ${to}: of the repository the relay builds on ${RELAY.imports.map((p) => `www/${p}/`).join(', ')} only`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});
