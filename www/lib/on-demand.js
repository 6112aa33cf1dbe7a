// Something fetched on first use (the rules core's modules, a package with its words and styles):
// loaded once, and a load that fails is not kept, so that the next use tries again (offline
// before the service worker kept it, say) instead of failing for good.
import { loadMessages } from './i18n.js';
import { laterStyles } from './dom.js';

/**
 * The function returned gives what `load()` gives, loading it once; a failed load is forgotten.
 * @template T
 * @param {() => Promise<T>} load
 * @returns {() => Promise<T>}
 */
export function onDemand(load) {
  /** @type {Promise<T>|null} */
  let loading = null;
  return () => {
    loading ??= load().catch((e) => {
      loading = null;
      throw e;
    });
    return loading;
  };
}

/**
 * A package fetched on first use, the one way the page and the board fetch one. The function
 * returned, given the reader's language, fetches the package's code (`code()`, once), its words
 * in that language (the package's table, `loadMessages(name)`) and, for a part of the page, the
 * styles of the packages fetched later (later.css, lib/dom.js laterStyles); the first time all are there, `start` makes what the
 * caller uses of the code, and every call resolves to that. A fetch that fails is forgotten
 * (onDemand): the next call tries again.
 * @template M, R
 * @param {import('./languages.js').Part} name
 * @param {{code: () => Promise<M>, start: (code: M) => R, styles?: boolean}} parts
 *   `styles`: false for a board's part (its shadow tree has its own stylesheet)
 * @returns {(lang: string) => Promise<R>}
 */
export function feature(name, { code, start, styles = true }) {
  const fetched = onDemand(code);
  /** @type {{made: R}|null} */
  let started = null;
  return async (lang) => {
    const [m] = await Promise.all([fetched(), loadMessages(name, lang), styles ? laterStyles() : null]);
    started ??= { made: start(m) };
    return started.made;
  };
}
