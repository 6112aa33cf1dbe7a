// What every bundle of the project shares, esbuild's and Rolldown's: the page's (build-dist.mjs)
// and the npm package's (build-package.mjs).

/** @import { BuildOptions } from 'esbuild' */

/** Browsers the bundles are written for: every one with module workers. */
export const TARGET = ['chrome100', 'firefox114', 'safari15'];

/**
 * What every bundle shares.
 * @satisfies {BuildOptions}
 */
export const BUNDLE = {
  bundle: true,
  target: TARGET,
  minify: true,
  legalComments: 'none',
  // Letters as they are (UTF-8), not \u escapes: the Russian messages are a third the size.
  charset: 'utf8',
  logLevel: 'warning',
};

/**
 * How Rolldown writes every bundle's code for TARGET: a class field, which it must rewrite for
 * Safari 15 (docs/ARCHITECTURE.md, "Private members"), becomes an assignment in the constructor
 * (`this._name = value`) rather than an Object.defineProperty helper call, and a field declared
 * without a value (for its JSDoc) nothing: the same, as no class of ours has a setter of a
 * field's name or asks whether a field it has not set is there.
 * @satisfies {import('rolldown').InputOptions['transform']}
 */
export const ROLLDOWN_TRANSFORM = {
  target: [...TARGET],
  assumptions: { setPublicClassFields: true },
  typescript: { removeClassFieldsWithoutInitializer: true },
};

/**
 * What every Rolldown output shares: ES modules, minified, UTF-8 letters as BUNDLE's, entries
 * under their own names and chunks under theirs with a hash.
 * @satisfies {import('rolldown').OutputOptions}
 */
export const ROLLDOWN_OUTPUT = {
  format: 'esm',
  minify: true,
  comments: { legal: false, annotation: false },
  charset: 'utf8',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
};

/** The first line of the Game guard that scripts/build-web.sh appends to each glue with a `Game`. */
const GUARD_MARK = '// ---- crates/bluegray-wasm/js/game-guard.js, appended by scripts/build-web.sh ----';

/** wasm-bindgen's line that gives `Game` its `Symbol.dispose` when the glue runs. */
const DISPOSE_LINE = /^if \(Symbol\.dispose\) Game\.prototype\[Symbol\.dispose\] = Game\.prototype\.free;$/m;

/**
 * An esbuild plugin for an AI worker's bundle: the play module's glue without what changes the
 * `Game` class when the glue runs (its guard, and wasm-bindgen's `Symbol.dispose` line). The
 * worker makes no `Game` (it searches a game's line), and those statements would keep the whole
 * class in the bundle: without them the bundle drops what the worker does not use.
 * @returns {import('esbuild').Plugin}
 */
export function workerGlue() {
  return {
    name: 'worker-glue',
    setup(b) {
      b.onLoad({ filter: /[\\/]pkg[\\/]bluegray_wasm\.js$/ }, async (args) => {
        const { readFile } = await import('node:fs/promises');
        const glue = await readFile(args.path, 'utf8');
        const at = glue.indexOf(GUARD_MARK);
        if (at < 0) throw new Error(`${args.path} has no Game guard to leave out (scripts/build-web.sh appends it)`);
        return { contents: glue.slice(0, at).replace(DISPOSE_LINE, ''), loader: 'js' };
      });
    },
  };
}
