// Walking a graph of modules or chunks: what the build (build-dist.mjs) and the measuring
// (measure-parts.mjs) both ask of the bundlers' import lists.

/**
 * Everything reachable from `starts` by `next` (the starts included): a module's static imports,
 * a chunk's.
 * @param {readonly string[]} starts
 * @param {(node: string) => readonly string[]} next
 * @returns {Set<string>}
 */
export function reachable(starts, next) {
  const seen = new Set();
  const todo = [...starts];
  while (todo.length) {
    const n = /** @type {string} */ (todo.pop());
    if (seen.has(n)) continue;
    seen.add(n);
    todo.push(...next(n));
  }
  return seen;
}
