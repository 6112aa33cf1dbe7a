// Unit tests of www/lib/tree.js and lib/tree-edit.js: a move played at an earlier position starts a variation (or
// follows the one that has it), the cursor steps along lines and between variations, and a
// variation is promoted, made the game's line or deleted; the lines go back to the rules core.
// How deep variations nest is measured as the rules core's record reader counts it, against its
// own limit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadCore } from './core.mjs';
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

test('which variation edits would change the game’s own moves', () => {
  assert.equal(T.changesGame('promote', [0, 1]), true, 'the second choice promoted becomes the game’s');
  assert.equal(T.changesGame('promote', [0, 1, 0, 0]), true);
  assert.equal(T.changesGame('promote', [0, 2]), false, 'a third choice goes up to second');
  assert.equal(T.changesGame('promote', [0, 1, 1]), false, 'a variation in a variation stays out of the game');
  assert.equal(T.changesGame('promote', [0, 0]), false);
  assert.equal(T.changesGame('main', [0, 1, 1]), true);
  assert.equal(T.changesGame('main', [0, 0]), false);
  assert.equal(T.changesGame('delete', [0, 1]), false);
});

/** A tree whose variations nest `depth` deep: at each ply a second choice, the line going on in it. */
const nested = (/** @type {number} */ depth) => {
  /** @type {import('../../www/core/core-types.js').TreeNode} */
  const root = { move: '', children: [] };
  let at = root;
  for (let i = 0; i < depth; i++) {
    const inner = { move: `v${i}`, children: [] };
    at.children.push({ move: `m${i}`, children: [] }, inner);
    at = inner;
  }
  return root;
};

test('nesting counts the choices other than their line’s own on the deepest path', () => {
  assert.equal(T.nesting(game('a', 'b')), 0);
  assert.equal(T.nesting(nested(3)), 3);
  let t = game('a', 'b', 'c');
  t = T.addMove(t, [0], 'x').tree;
  t = T.addMove(t, [0], 'z').tree;
  assert.equal(T.nesting(t), 1, 'two variations side by side are one deep');
  assert.equal(T.nesting(game(...Array.from({ length: 5000 }, (_, i) => `m${i}`))), 0, 'a long line takes no deep recursion');
});

test('the page’s nesting limit is the record reader’s (crates/bluegray-core/src/record.rs)', () => {
  const rust = fs.readFileSync(new URL('../../crates/bluegray-core/src/record.rs', import.meta.url), 'utf8');
  const found = /pub const MAX_NESTING: usize = (\d+);/.exec(rust);
  assert.ok(found, 'record.rs declares MAX_NESTING');
  assert.equal(T.MAX_NESTING, Number(found[1]));
});

test('a tree as deep as the limit reads back from its record; one deeper is refused by the reader', async () => {
  const core = await loadCore();
  /**
   * A game whose variations nest `depth` deep, with real moves: at each ply the last legal move
   * after which the game goes on with a choice, beside the first legal move.
   */
  const deepGame = (/** @type {number} */ depth) => {
    const walk = new core.Game('classic');
    /** @param {string} move */
    const goesOn = (move) => {
      walk.play(move);
      const after = walk.state();
      walk.undo();
      return !after.result && after.moves.length > 1;
    };
    /** @type {import('../../www/core/core-types.js').TreeNode} */
    const root = { move: '', children: [] };
    let at = root;
    for (let i = 0; i < depth; i++) {
      const moves = walk.state().moves.map((/** @type {{text: string}} */ m) => m.text);
      const first = moves[0];
      const second = /** @type {string} */ (moves.slice(1).findLast(goesOn));
      const inner = { move: second, children: [] };
      at.children.push({ move: first, children: [] }, inner);
      at = inner;
      walk.play(second);
    }
    walk.free();
    const g = new core.Game('classic');
    g.play(root.children[0].move);
    g.setTree(T.linesOf(root));
    assert.equal(T.nesting(root), depth);
    return g;
  };
  const ok = deepGame(T.MAX_NESTING);
  core.Game.fromRecord(ok.record()).free();
  const deep = deepGame(T.MAX_NESTING + 1);
  assert.throws(() => core.Game.fromRecord(deep.record()), /nest more than/);
  ok.free();
  deep.free();
});
