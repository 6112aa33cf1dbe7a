// The front end's architecture, checked from its imports (static, dynamic and JSDoc type
// imports): the page, the teaching, the review and games with a friend use the board only
// through its public API (blue-gray-game.js, api-types.js), never the element's internals; only
// the engine reaches the rules core's bindings (www/pkg); the shared library leans on nothing of
// the features above it; and docs/ARCHITECTURE.md's module table names every module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { frontEndModules, ROOT, WWW } from '../lib/modules.mjs';

/** Every module's imports, resolved to paths relative to www/: {module: [imported, …]}. */
function importGraph() {
  /** @type {Record<string, string[]>} */
  const graph = {};
  for (const m of frontEndModules({ messages: true })) {
    const text = fs.readFileSync(path.join(WWW, m), 'utf8');
    const specs = [
      ...text.matchAll(/^\s*import\s[^'"]*?['"](\.[^'"]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
      ...text.matchAll(/@import\s*\{[^}]*\}\s*from\s*['"](\.[^'"]+)['"]/g),
      ...text.matchAll(/\bimport\(['"](\.[^'"]+)['"]\)\.\w+/g),
    ].map((x) => x[1]);
    graph[m] = [...new Set(specs.map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(m), s))))];
  }
  return graph;
}

const GRAPH = importGraph();
const folder = (/** @type {string} */ m) => (m.includes('/') ? m.split('/')[0] : '.');

test('every module import resolves to a file', () => {
  for (const [m, imports] of Object.entries(GRAPH)) {
    for (const i of imports) assert.ok(fs.existsSync(path.join(WWW, i)) || fs.existsSync(path.join(WWW, i.replace(/\.js$/, '.d.ts'))), `${m} imports ${i}, which is not there`);
  }
});

test('the page, the teaching, the review, the editor and remote games use the board only through its public API', () => {
  for (const [m, imports] of Object.entries(GRAPH)) {
    if (!['page', 'teach', 'review', 'editor', 'remote'].includes(folder(m))) continue;
    const internal = imports.filter((i) => i.startsWith('element/'));
    assert.deepEqual(internal, [], `${m} imports the element's internals`);
  }
});

test('only the engine (and its worker) reaches the rules core’s bindings', () => {
  for (const [m, imports] of Object.entries(GRAPH)) {
    if (folder(m) === 'engine' || m === 'ai-worker.js') continue;
    assert.deepEqual(imports.filter((i) => i.startsWith('pkg/')), [], `${m} imports www/pkg directly`);
  }
});

test('the shared library leans on nothing above it, the element on no page feature, and the editor on neither', () => {
  for (const [m, imports] of Object.entries(GRAPH)) {
    if (folder(m) === 'lib') {
      // The rules core's data shapes (engine/core-types.js) are declarations, no code: every layer names them.
      const above = imports.filter((i) => i !== 'engine/core-types.js' && ['element', 'engine', 'page', 'teach', 'review', 'editor', 'remote'].includes(folder(i)));
      assert.deepEqual(above, [], `${m} (lib/) imports ${above.join(', ')}`);
    }
    if (folder(m) === 'element' || m === 'blue-gray-game.js') {
      const pages = imports.filter((i) => ['page', 'teach', 'review'].includes(folder(i)));
      assert.deepEqual(pages, [], `${m} imports a page feature`);
    }
    // The editor's surface is the page's and the element's edit mode's: it leans on neither.
    if (folder(m) === 'editor') {
      const above = imports.filter((i) => ['page', 'teach', 'review', 'remote', 'element'].includes(folder(i)));
      assert.deepEqual(above, [], `${m} imports ${above.join(', ')}`);
    }
  }
});

test('docs/ARCHITECTURE.md names every module of www/ in its module table, and no module that is gone', () => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const named = new Set([...doc.matchAll(/^\|\s*`([^`]+\.js)`/gm)].map((x) => x[1]));
  const modules = frontEndModules({ messages: true });
  for (const m of modules) assert.ok(named.has(m), `docs/ARCHITECTURE.md's module table lacks ${m}`);
  for (const n of named) assert.ok(modules.includes(n), `docs/ARCHITECTURE.md names ${n}, which is not a module of www/`);
});
