// What every esbuild bundle of the project shares: the page's (build-dist.mjs) and the npm
// package's (build-package.mjs).

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
