// What a bundle's modules or chunks reach by their imports: build-dist.mjs and build-package.mjs
// put what a page loads at once in one chunk, and measure-parts.mjs weighs it.

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
