// The Rolldown plugins of the build's config (scripts/build.config.mjs): what the single file
// leaves out and packs, the modules it makes up, the workers' glue, and the served page's
// imports that fetch again after a failure.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'acorn';
import { visit, importedSpec } from './syntax.mjs';
import { deflated } from './deflate.mjs';

/** @import { Plugin } from 'rolldown' */

/** An id's file, without the query a plugin may have added (`…/ru.js?packed`). */
const fileOf = (/** @type {string} */ id) => id.replace(/\?.*$/s, '');

/**
 * Modules of `modules`' source text by id, for ids that name no file: the single file's entry,
 * its assets, its loader. They import by absolute path.
 * @param {Record<string, string>} modules
 * @returns {Plugin}
 */
export function embedded(modules) {
  return {
    name: 'embedded',
    resolveId: (id) => (Object.hasOwn(modules, id) ? id : null),
    load: (id) => (Object.hasOwn(modules, id) ? modules[id] : null),
  };
}

/**
 * Replaces modules under `root`, found by the file an import leads to (not by how its importer
 * names it: `./x.js` in one folder is not `./x.js` in another), with the contents `modules` gives
 * by their paths under `root` (`*` standing for any name). Fails the build when a path names no
 * file.
 * @param {string} root
 * @param {Record<string, string>} modules
 * @returns {Plugin}
 */
export function leftOut(root, modules) {
  const patterns = Object.entries(modules).map(([pattern, contents]) => {
    const re = new RegExp(`^${pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')}$`);
    const dir = path.join(root, path.dirname(pattern));
    if (!fs.existsSync(dir) || !fs.readdirSync(dir).some((f) => re.test(path.posix.join(path.dirname(pattern), f)))) {
      throw new Error(`the single file leaves out www/${pattern}, which names no file`);
    }
    return { re, contents };
  });
  return {
    name: 'left-out',
    load(id) {
      const under = path.relative(root, fileOf(id)).split(path.sep).join('/');
      return patterns.find((p) => p.re.test(under))?.contents ?? null;
    },
  };
}

/**
 * Each message table (a module in an `i18n/` folder) that a module imports with `import()`
 * becomes deflated JSON, inflated (by `inflate`, the module at that path) when it is first
 * asked for: its module's default export is then a promise of the table, which
 * `import(...).then((m) => m.default)` waits for. A table imported statically (the fallback's
 * board table, which lib/languages.js hands out at once) stays as it is. Tables are data, so
 * this needs nothing from the CSP that code would.
 * @param {string} inflate
 * @returns {Plugin}
 */
export function packedTables(inflate) {
  const isTable = (/** @type {string} */ file) => path.basename(path.dirname(file)) === 'i18n' && file.endsWith('.js');
  return {
    name: 'packed-tables',
    async resolveId(source, importer, { kind }) {
      if (kind !== 'dynamic-import') return null;
      const resolved = await this.resolve(source, importer, { kind, skipSelf: true });
      return resolved && isTable(resolved.id) ? `${resolved.id}?packed` : null;
    },
    async load(id) {
      if (!id.endsWith('?packed')) return null;
      // The table's module, loaded here: it is data.
      const table = /** @type {{ default: unknown }} */ (await import(pathToFileURL(fileOf(id)).href)).default;
      const packed = await deflated(JSON.stringify(table));
      return `import { inflate } from ${JSON.stringify(inflate)};
export default inflate(${JSON.stringify(packed)}).then((b) => JSON.parse(new TextDecoder().decode(b)));`;
    },
  };
}

/** The first line of the Game guard that scripts/build-web.sh appends to each glue with a `Game`. */
const GUARD_MARK = '// ---- crates/bluegray-wasm/js/game-guard.js, appended by scripts/build-web.sh ----';

/** wasm-bindgen's line that gives `Game` its `Symbol.dispose` when the glue runs. */
const DISPOSE_LINE = /^if \(Symbol\.dispose\) Game\.prototype\[Symbol\.dispose\] = Game\.prototype\.free;$/m;

/**
 * For an AI worker's bundle: the play module's glues (`glues`, their files) without what
 * changes the `Game` class when the glue runs (its guard, and wasm-bindgen's `Symbol.dispose`
 * line). The worker makes no `Game` (it searches a game's line), and those statements would keep
 * the whole class in the bundle: without them the bundle drops what the worker does not use.
 * @param {string[]} glues
 * @returns {Plugin}
 */
export function workerGlue(glues) {
  return {
    name: 'worker-glue',
    load(id) {
      if (!glues.includes(id)) return null;
      const glue = fs.readFileSync(id, 'utf8');
      const at = glue.indexOf(GUARD_MARK);
      if (at < 0) throw new Error(`${id} has no Game guard to leave out (scripts/build-web.sh appends it)`);
      return glue.slice(0, at).replace(DISPOSE_LINE, '');
    },
  };
}

/**
 * The module `file` without its line `line`, which the build puts elsewhere (the service
 * worker's BUILD, before the bundle). Fails when the module lacks the line.
 * @param {string} file
 * @param {string} line
 * @returns {Plugin}
 */
export function withoutLine(file, line) {
  return {
    name: 'without-line',
    load(id) {
      if (id !== file) return null;
      const src = fs.readFileSync(id, 'utf8');
      if (!src.includes(line)) throw new Error(`${path.basename(file)} must contain the line: ${line}`);
      return src.replace(line, '');
    },
  };
}

/**
 * Every `import("./chunk.js")` of a chunk asks the network again when it fails: Chromium (148)
 * keeps a module it could not fetch as failed for the page's life, so a second `import()` of it
 * fails at once without a request, and the page's "try again" (lib/on-demand.js: a failed load
 * is forgotten) would never fetch. So a failed import is tried under an address of its own
 * (`./chunk.js?retry=<time>`), which the browser has not seen: each try of the page's then
 * fetches. Only for the served page: a bundler that takes in the npm package would not know
 * what such an import is.
 * @returns {Plugin}
 */
export function refetchedImports() {
  return {
    name: 'refetched-imports',
    renderChunk(code) {
      /** @type {{start: number, end: number, source: string}[]} */
      const imports = [];
      visit(parse(code, { ecmaVersion: 'latest', sourceType: 'module' }), (n) => {
        if (n.type === 'ImportExpression' && importedSpec(n) !== null) {
          imports.push({ start: n.start, end: n.end, source: code.slice(n.source.start, n.source.end) });
        }
      });
      if (!imports.length) return null;
      let out = code;
      for (const { start, end, source } of imports.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}import(${source}).catch(()=>import(${source}+"?retry="+Date.now()))${out.slice(end)}`;
      }
      return out;
    },
  };
}
