// Reading JavaScript as a syntax tree (acorn), for what must see every import whatever its form:
// the build's retried imports (bundle-plugins.mjs refetchedImports) and the check of what may
// import what (tests/unit/architecture.test.mjs).

/** @import { AnyNode, ImportExpression } from 'acorn' */

/**
 * Calls `f` on every node of the syntax tree `node`, parents before their children.
 * @param {unknown} node
 * @param {(node: AnyNode) => void} f
 */
export function visit(node, f) {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) visit(n, f);
    return;
  }
  if (typeof (/** @type {{type?: unknown}} */ (node)).type !== 'string') return;
  f(/** @type {AnyNode} */ (node));
  for (const v of Object.values(node)) if (v && typeof v === 'object') visit(v, f);
}

/**
 * The module an `import()` names when it names one by a string: a literal, or a template
 * without expressions; else null.
 * @param {ImportExpression} node
 * @returns {string|null}
 */
export function importedSpec(node) {
  const s = node.source;
  if (s.type === 'Literal') return typeof s.value === 'string' ? s.value : null;
  return s.type === 'TemplateLiteral' && s.expressions.length === 0 ? (s.quasis[0].value.cooked ?? null) : null;
}
