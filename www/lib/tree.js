// A game's tree of moves with a cursor (docs/RULES.md §6.4): the game's moves from the start,
// each with the other moves tried there (its variations). A node's first child continues its
// line; the game itself follows the first children from the root. The cursor is a path: the
// index of the child taken at each step from the start, so [0, 0, 1] is the second choice for
// the third move after the game's first two. Pure functions. These walk a tree, which every game
// has (its moves, when it has no variations); changing one is lib/tree-edit.js's, fetched with
// the rules core that keeps variations (docs/RULES.md R29).
/** @import { GameState, TreeNode } from '../core/core-types.js' */

/**
 * The tree of a game state: its `tree` when it has variations, else its moves in a line.
 * @param {GameState} gs
 * @returns {TreeNode}
 */
export function treeOf(gs) {
  if (gs.tree) return gs.tree;
  /** @type {TreeNode} */
  const root = { move: '', children: [] };
  let at = root;
  for (const move of gs.history) {
    const node = { move, children: [] };
    at.children.push(node);
    at = node;
  }
  return root;
}

/**
 * The node at `path`, or null when there is none.
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {TreeNode|null}
 */
export function nodeAt(tree, path) {
  let node = tree;
  for (const i of path) {
    const next = node.children[i];
    if (!next) return null;
    node = next;
  }
  return node;
}

/**
 * The moves from the start to the node at `path` (a path the tree has).
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {string[]}
 */
export function movesTo(tree, path) {
  /** @type {string[]} */
  const moves = [];
  let node = tree;
  for (const i of path) {
    node = node.children[i];
    moves.push(node.move);
  }
  return moves;
}

/**
 * The path of the game's own position after `ply` moves.
 * @param {number} ply
 * @returns {number[]}
 */
export const mainPath = (ply) => new Array(ply).fill(0);

/**
 * Whether `path` stays on the game's own moves.
 * @param {readonly number[]} path
 */
export const onMain = (path) => path.every((i) => i === 0);

/**
 * The path one step away from `path` by `step`: 'back' (the move before), 'forward' (the line's
 * next move), 'up' or 'down' (the previous or next choice where the line last branched, the
 * nearest such place before the cursor), 'first' (the start), 'last' (the end of the line).
 * The same path when there is no such step.
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @param {'back'|'forward'|'up'|'down'|'first'|'last'} step
 * @returns {number[]}
 */
export function stepFrom(tree, path, step) {
  const node = nodeAt(tree, path);
  if (!node) return [];
  switch (step) {
    case 'back':
      return path.slice(0, -1);
    case 'forward':
      return node.children.length ? [...path, 0] : [...path];
    case 'first':
      return [];
    case 'last': {
      const end = [...path];
      for (let n = node; n.children.length; n = n.children[0]) end.push(0);
      return end;
    }
    default: {
      // The nearest step back whose parent offers a choice.
      for (let k = path.length - 1; k >= 0; k--) {
        const parent = /** @type {TreeNode} */ (nodeAt(tree, path.slice(0, k)));
        if (parent.children.length < 2) continue;
        const i = path[k] + (step === 'down' ? 1 : -1);
        if (i < 0 || i >= parent.children.length) return [...path];
        return [...path.slice(0, k), i];
      }
      return [...path];
    }
  }
}

/**
 * How deep variations may nest, as the rules core's record reader reads them (its
 * `MAX_NESTING`, crates/bluegray-core/src/record.rs, which tests/unit/tree.test.mjs checks this
 * against): a deeper tree would be kept and written, but its record never read back, so the page
 * makes none (docs/RULES.md R28). The wasm API does not give it, so this is its one home here.
 */
export const MAX_NESTING = 64;

/**
 * How deep the tree's variations nest: on the path to any node, the choices that are not their
 * line's own move (each a `(` inside the one before in the record). Walked without recursion, as
 * a long game's line is deep.
 * @param {TreeNode} tree
 * @returns {number}
 */
export function nesting(tree) {
  let deepest = 0;
  /** @type {[TreeNode, number][]} */
  const left = [[tree, 0]];
  for (let next = left.pop(); next; next = left.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    node.children.forEach((child, i) => left.push([child, depth + (i > 0 ? 1 : 0)]));
  }
  return deepest;
}
