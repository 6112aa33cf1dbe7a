// A game's tree of moves with a cursor (docs/RULES.md §6.4): the game's moves from the start,
// each with the other moves tried there (its variations). A node's first child continues its
// line; the game itself follows the first children from the root. The cursor is a path: the
// index of the child taken at each step from the start, so [0, 0, 1] is the second choice for
// the third move after the game's first two. Pure functions: each returns a new tree, and the
// rules core checks and keeps it (wasm `setTree`, fed by `linesOf`).
/** @import { GameState, TreeNode } from '../engine/core-types.js' */

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
 * Where the line of the node at `path` leaves its parent's: the index in `path` of the last
 * step that is not the line's own next move, or -1 on the game's moves.
 * @param {readonly number[]} path
 */
const branchAt = (path) => path.findLastIndex((i) => i > 0);

/**
 * Copies the nodes along `path` (the root included) so that the last may be changed; returns
 * the new root and the copy of the node at `path`.
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {{root: TreeNode, node: TreeNode}}
 */
function copyTo(tree, path) {
  const root = { ...tree, children: [...tree.children] };
  let node = root;
  for (const i of path) {
    const next = { ...node.children[i], children: [...node.children[i].children] };
    node.children[i] = next;
    node = next;
  }
  return { root, node };
}

/**
 * Plays `move` at the node at `path`: follows the child that has it, or adds it there as a new
 * variation (the line's own move when the node had none).
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @param {string} move
 * @returns {{tree: TreeNode, path: number[]}}
 */
export function addMove(tree, path, move) {
  const at = nodeAt(tree, path);
  if (!at) throw new RangeError(`no node at ${path.join('.')}`);
  const known = at.children.findIndex((c) => c.move === move);
  if (known >= 0) return { tree, path: [...path, known] };
  const { root, node } = copyTo(tree, path);
  node.children.push({ move, children: [] });
  return { tree: root, path: [...path, node.children.length - 1] };
}

/**
 * Moves the variation the node at `path` is on one place up where it leaves its line (the
 * second choice becomes the first: the line's own); null on the game's moves.
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {{tree: TreeNode, path: number[]}|null}
 */
export function promote(tree, path) {
  const k = branchAt(path);
  if (k < 0) return null;
  const { root, node } = copyTo(tree, path.slice(0, k));
  const i = path[k];
  [node.children[i - 1], node.children[i]] = [node.children[i], node.children[i - 1]];
  const moved = [...path];
  moved[k] = i - 1;
  return { tree: root, path: moved };
}

/**
 * Makes the line through the node at `path` the game's: at every step it takes another choice,
 * that choice becomes the first. Null when it is the game's already.
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {{tree: TreeNode, path: number[]}|null}
 */
export function makeMain(tree, path) {
  if (onMain(path)) return null;
  let next = { tree, path: [...path] };
  for (let p = promote(tree, path); p; p = promote(p.tree, p.path)) next = p;
  return next;
}

/**
 * Deletes the variation the node at `path` is on, from where it leaves its line; the cursor
 * goes to the position it left from. Null on the game's moves (they are the game's).
 * @param {TreeNode} tree
 * @param {readonly number[]} path
 * @returns {{tree: TreeNode, path: number[]}|null}
 */
export function remove(tree, path) {
  const k = branchAt(path);
  if (k < 0) return null;
  const { root, node } = copyTo(tree, path.slice(0, k));
  node.children.splice(path[k], 1);
  return { tree: root, path: path.slice(0, k) };
}

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
 * Every line of the tree from the start to a last move, the game's first, one per text line with
 * its moves separated by spaces: what the rules core takes back (wasm `setTree`).
 * @param {TreeNode} tree
 * @returns {string}
 */
export function linesOf(tree) {
  /** @type {string[]} */
  const lines = [];
  /** @param {TreeNode} node @param {string[]} before */
  const walk = (node, before) => {
    if (!node.children.length) lines.push(before.join(' '));
    for (const child of node.children) walk(child, [...before, child.move]);
  };
  walk(tree, []);
  return lines.join('\n');
}
