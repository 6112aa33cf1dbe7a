// Changing a game's tree of moves (docs/RULES.md §6.4, lib/tree.js): a move played at an earlier
// position (a new variation), a variation promoted, made the game's line or deleted, and the
// lines handed back to the rules core (wasm `setTree`, fed by `linesOf`). Pure functions: each
// returns a new tree, which the rules core checks and keeps (element/history.js).
import { nodeAt, onMain } from './tree.js';
/** @import { TreeNode } from '../core/core-types.js' */

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
 * Whether changing the variation at `path` by `how` would change the game's own moves: making it
 * the game's line, or promoting it when it is the game's second choice where it leaves it.
 * Deleting one never does (the game's moves are not a variation).
 * @param {'promote'|'main'|'delete'} how
 * @param {readonly number[]} path
 */
export function changesGame(how, path) {
  if (how === 'main') return !onMain(path);
  const k = branchAt(path);
  return how === 'promote' && k >= 0 && path[k] === 1 && onMain(path.slice(0, k));
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
