// Something fetched on first use (the rules core's modules, a page feature's code, its messages):
// loaded once, and a load that fails is not kept, so that the next use tries again (offline
// before the service worker kept it, say) instead of failing for good.

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
