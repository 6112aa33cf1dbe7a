// Unit tests of www/lib/tree.js and lib/tree-edit.js: a move played at an earlier position starts a variation (or
// follows the one that has it), the cursor steps along lines and between variations, and a
// variation is promoted, made the game's line or deleted; the lines go back to the rules core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as Walk from '../../www/lib/tree.js';
import * as Edit from '../../www/lib/tree-edit.js';

const T = { ...Walk, ...Edit };

/** The tree of a game of `moves`, as `treeOf` makes it from a state without variations. */
const game = (...moves) => T.treeOf(/** @type {any} */ ({ history: moves }));

test('a move at an earlier position starts a variation; the same move again follows it', () => {
  const tree = game('a', 'b', 'c');
  const { tree: t1, path: p1 } = T.addMove(tree, [0], 'x');
  assert.deepEqual(p1, [0, 1]);
  assert.deepEqual(T.movesTo(t1, p1), ['a', 'x']);
  assert.deepEqual(tree.children[0].children.map((n) => n.move), ['b'], 'the tree given is not changed');
  assert.deepEqual(T.addMove(t1, [0], 'x').path, [0, 1]);
  assert.equal(T.addMove(t1, [0], 'b').tree, t1, 'the game’s own move is followed, nothing added');
  const { tree: t2, path: p2 } = T.addMove(t1, p1, 'y');
  assert.deepEqual(p2, [0, 1, 0], 'a move after the variation’s last continues it');
  assert.equal(T.linesOf(t2), 'a b c\na x y');
});

test('the cursor goes along a line, between variations, to the start and to the line’s end', () => {
  let t = game('a', 'b', 'c');
  t = T.addMove(t, [0], 'x').tree;
  t = T.addMove(t, [0, 1], 'y').tree;
  t = T.addMove(t, [0], 'z').tree;
  assert.deepEqual(T.stepFrom(t, [0, 1], 'forward'), [0, 1, 0]);
  assert.deepEqual(T.stepFrom(t, [0, 1, 0], 'forward'), [0, 1, 0], 'nothing after the last move');
  assert.deepEqual(T.stepFrom(t, [0, 1, 0], 'back'), [0, 1]);
  assert.deepEqual(T.stepFrom(t, [0, 0], 'down'), [0, 1]);
  assert.deepEqual(T.stepFrom(t, [0, 1, 0], 'down'), [0, 2], 'from inside a variation, to the next one where it branched');
  assert.deepEqual(T.stepFrom(t, [0, 2], 'down'), [0, 2], 'the last variation stays');
  assert.deepEqual(T.stepFrom(t, [0, 1], 'up'), [0, 0]);
  assert.deepEqual(T.stepFrom(t, [0], 'up'), [0], 'no choice there');
  assert.deepEqual(T.stepFrom(t, [0, 1], 'last'), [0, 1, 0]);
  assert.deepEqual(T.stepFrom(t, [0, 1], 'first'), []);
  assert.equal(T.onMain([0, 0]), true);
  assert.equal(T.onMain([0, 1]), false);
  assert.deepEqual(T.mainPath(2), [0, 0]);
  assert.equal(T.nodeAt(t, [0, 5]), null);
});

test('a variation is promoted one place, made the game’s line, or deleted; the game’s moves are not', () => {
  let t = game('a', 'b', 'c');
  t = T.addMove(t, [0], 'x').tree;
  t = T.addMove(t, [0], 'z').tree;
  t = T.addMove(t, [0, 2], 'w').tree;
  const up = /** @type {NonNullable<ReturnType<typeof T.promote>>} */ (T.promote(t, [0, 2, 0]));
  assert.deepEqual(up.path, [0, 1, 0]);
  assert.equal(T.linesOf(up.tree), 'a b c\na z w\na x');
  const main = /** @type {NonNullable<ReturnType<typeof T.makeMain>>} */ (T.makeMain(t, [0, 2, 0]));
  assert.deepEqual(main.path, [0, 0, 0]);
  assert.equal(T.linesOf(main.tree), 'a z w\na b c\na x');
  const gone = /** @type {NonNullable<ReturnType<typeof T.remove>>} */ (T.remove(t, [0, 1]));
  assert.deepEqual(gone.path, [0]);
  assert.equal(T.linesOf(gone.tree), 'a b c\na z w');
  assert.equal(T.promote(t, [0, 0]), null);
  assert.equal(T.makeMain(t, [0, 0, 0]), null);
  assert.equal(T.remove(t, [0, 0]), null);
});

test('a state with variations gives its own tree', () => {
  const tree = { move: '', children: [{ move: 'a', children: [] }] };
  assert.equal(T.treeOf(/** @type {any} */ ({ history: ['a'], tree })), tree);
  assert.equal(T.linesOf(game()), '');
});
