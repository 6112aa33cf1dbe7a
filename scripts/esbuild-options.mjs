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
 * What every Rolldown output shares: ES modules, minified, UTF-8 letters as BUNDLE's, entries
 * under their own names and chunks under theirs with a hash.
 * @satisfies {import('rolldown').OutputOptions}
 */
export const ROLLDOWN_OUTPUT = {
  format: 'esm',
  minify: true,
  comments: { legal: false },
  charset: 'utf8',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
};
