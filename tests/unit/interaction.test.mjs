// Unit tests of www/element/interaction.js: selecting, multi-jump entry, refusals and the keyboard
// cursor, over hand-made move lists shaped like the rules core's state().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as I from '../../www/element/interaction.js';
import * as Sel from '../../www/board/selection.js';
import { step, capture, pieces } from '../lib/games.mjs';

const ui0 = () => ({ path: null, cursor: 'e5', drag: null, notice: null, armDeselect: false });


/** Blue to move with three plain moves. */
const QUIET = {
  side: 'blue',
  captureRequired: false,
  moves: [step('e2', 'e3'), step('d2', 'd3'), step('d2', 'c3')],
  board: [
    ...pieces('blue', 'sergeant', 'e2', 'd2', 'f2'),
    ...pieces('blue', 'captain', 'e1'),
    ...pieces('gray', 'sergeant', 'e8'),
    ...pieces('gray', 'captain', 'e9'),
  ],
  paths: { blue: ['e1', 'e2', 'e3', 'e4', 'e5'], gray: ['e9', 'e8', 'e7', 'e6', 'e5'] },
};

/** Blue must capture: f5 has a double jump and a single one, c3 a single one. */
const JUMPS = {
  side: 'blue',
  captureRequired: true,
  moves: [
    capture(['f5', 'f7', 'h7'], ['f6', 'g7']),
    capture(['f5', 'f7', 'd7'], ['f6', 'e7']),
    capture(['f5', 'h5'], ['g5']),
    capture(['c3', 'c5'], ['c4']),
  ],
  board: [
    ...pieces('blue', 'sergeant', 'f5', 'c3', 'a1'),
    ...pieces('blue', 'captain', 'e1'),
    ...pieces('gray', 'sergeant', 'f6', 'g7', 'e7', 'g5', 'c4'),
  ],
  paths: { blue: ['e1', 'e2'], gray: ['e9', 'e8'] },
};

test('movesWithPrefix, movablePoints and nextTargets read the move list', () => {
  assert.deepEqual(Sel.movesWithPrefix(QUIET.moves, ['d2']).map((m) => m.text), ['d2-d3', 'd2-c3']);
  assert.deepEqual(Sel.movesWithPrefix(QUIET.moves, []).length, 3);
  assert.deepEqual(Sel.movesWithPrefix(QUIET.moves, ['d2', 'c3', 'b4']), []);
  assert.deepEqual(Sel.movesWithPrefix(QUIET.moves, ['a1']), []);
  assert.deepEqual(Sel.movablePoints(QUIET.moves), ['e2', 'd2']);
  assert.deepEqual(Sel.movablePoints(JUMPS.moves), ['f5', 'c3']);
  assert.deepEqual(Sel.movablePoints([]), []);
  assert.deepEqual(Sel.nextTargets(QUIET.moves, ['d2']).sort(), ['c3', 'd3']);
  assert.deepEqual(Sel.nextTargets(JUMPS.moves, ['f5']).sort(), ['f7', 'h5']);
  assert.deepEqual(Sel.nextTargets(JUMPS.moves, ['f5', 'f7']).sort(), ['d7', 'h7']);
  assert.deepEqual(Sel.nextTargets(JUMPS.moves, ['f5', 'f7', 'h7']), [], 'a finished move has no next point');
});

test('capturedSoFar: the guards jumped by the hops entered', () => {
  assert.deepEqual(Sel.capturedSoFar(JUMPS.moves, ['f5']), []);
  assert.deepEqual(Sel.capturedSoFar(JUMPS.moves, ['f5', 'f7']), ['f6']);
  assert.deepEqual(Sel.capturedSoFar(JUMPS.moves, ['f5', 'f7', 'h7']), ['f6', 'g7']);
  assert.deepEqual(Sel.capturedSoFar(JUMPS.moves, ['f5', 'f7', 'd7']), ['f6', 'e7']);
  assert.deepEqual(Sel.capturedSoFar(QUIET.moves, ['d2', 'd3']), [], 'a step captures nothing');
  assert.deepEqual(Sel.capturedSoFar(JUMPS.moves, ['a1']), []);
});

test('press: pick a piece, then a target completes a one-step move', () => {
  let r = I.press(QUIET, ui0(), 'd2', true);
  assert.equal(r.play, -1);
  assert.deepEqual(r.ui.path, ['d2']);
  assert.equal(r.ui.cursor, 'd2');
  assert.deepEqual(Sel.selectionView(QUIET, r.ui), { path: ['d2'], targets: ['d3', 'c3'], captured: [] });
  r = I.press(QUIET, r.ui, 'c3', true);
  assert.equal(r.play, 2);
  assert.equal(QUIET.moves[r.play].text, 'd2-c3');
  assert.equal(r.ui.path, null);
  assert.equal(Sel.selectionView(QUIET, r.ui), null);
});

test('press: a multi-jump is entered hop by hop and plays only at its last hop', () => {
  let r = I.press(JUMPS, ui0(), 'f5', true);
  assert.deepEqual(r.ui.path, ['f5']);
  r = I.press(JUMPS, r.ui, 'f7', true);
  assert.equal(r.play, -1, 'f5-f7 is not a move by itself');
  assert.deepEqual(r.ui.path, ['f5', 'f7']);
  assert.equal(r.ui.cursor, 'f7');
  assert.deepEqual(Sel.selectionView(JUMPS, r.ui), { path: ['f5', 'f7'], targets: ['h7', 'd7'], captured: ['f6'] });
  // Pressing where the partial jump stands keeps it.
  const same = I.press(JUMPS, r.ui, 'f7', true);
  assert.deepEqual(same.ui.path, ['f5', 'f7']);
  assert.equal(same.play, -1);
  r = I.press(JUMPS, r.ui, 'd7', true);
  assert.equal(JUMPS.moves[r.play].text, 'f5xf7xd7');
  assert.equal(r.ui.path, null);
  // The short capture from the same guard completes at once.
  const short = I.press(JUMPS, I.press(JUMPS, ui0(), 'f5', true).ui, 'h5', true);
  assert.equal(JUMPS.moves[short.play].text, 'f5xh5');
});

test('press: another movable piece switches the selection; the same piece arms a deselect', () => {
  let r = I.press(QUIET, ui0(), 'd2', true);
  r = I.press(QUIET, r.ui, 'e2', true);
  assert.deepEqual(r.ui.path, ['e2']);
  assert.equal(r.play, -1);
  r = I.press(QUIET, r.ui, 'e2', true);
  assert.deepEqual(r.ui.path, ['e2'], 'still held while the press lasts (it may become a drag)');
  assert.equal(r.ui.armDeselect, true);
  const released = I.release(r.ui);
  assert.equal(released.path, null);
  assert.equal(released.armDeselect, false);
  // A release without an armed deselect changes nothing.
  const held = I.press(QUIET, ui0(), 'd2', true).ui;
  assert.equal(I.release(held), held);
});

test('press: nothing happens when the person may not move, and an empty press deselects', () => {
  const held = I.press(QUIET, ui0(), 'd2', true).ui;
  let r = I.press(QUIET, held, 'd3', false);
  assert.equal(r.play, -1);
  assert.equal(r.ui.path, null);
  r = I.press(QUIET, held, null, true);
  assert.equal(r.play, -1);
  assert.equal(r.ui.path, null);
  r = I.press(QUIET, held, 'a5', true);
  assert.equal(r.ui.path, null, 'an empty point that is not a target deselects');
  assert.equal(r.ui.notice, null, 'and needs no explanation');
  // Every press clears the previous notice and any drag.
  r = I.press(QUIET, { ...ui0(), notice: { key: 'x' }, drag: { x: 1, y: 2 } }, 'd2', true);
  assert.equal(r.ui.notice, null);
  assert.equal(r.ui.drag, null);
});

test('press does not change the ui object it is given', () => {
  const ui = Object.freeze({ ...ui0(), path: Object.freeze(['f5']) });
  assert.doesNotThrow(() => I.press(JUMPS, ui, 'f7', true));
  assert.deepEqual(ui.path, ['f5']);
});

test('refusals explain a press that picks nothing', () => {
  // A guard that cannot capture while a capture is compulsory.
  let r = I.press(JUMPS, ui0(), 'a1', true);
  assert.equal(r.ui.path, null);
  assert.deepEqual(r.ui.notice, { key: 'refuse.captureCompulsory', params: { side: 'blue', points: 'f5, c3' } });
  // An enemy piece with nothing selected.
  r = I.press(QUIET, ui0(), 'e8', true);
  assert.deepEqual(r.ui.notice, { key: 'refuse.notYourPiece', params: { color: 'gray', side: 'blue' } });
  // ... but with a piece selected, pressing an enemy just drops the selection.
  r = I.press(QUIET, I.press(QUIET, ui0(), 'd2', true).ui, 'e8', true);
  assert.equal(r.ui.notice, null);
  assert.equal(r.ui.path, null);
  // An own guard with no move.
  r = I.press(QUIET, ui0(), 'f2', true);
  assert.deepEqual(r.ui.notice, { key: 'refuse.cannotMove', params: { kind: 'sergeant', point: 'f2' } });
  // A captain whose next path point is taken.
  r = I.press(QUIET, ui0(), 'e1', true);
  assert.deepEqual(r.ui.notice, {
    key: 'refuse.captainBlocked',
    params: { point: 'e1', blocker: 'e2', kind: 'sergeant', color: 'blue' },
  });
  assert.equal(I.refusal(QUIET, 'a5', true), null);
});

test('a captain with no next point on its path, or off its path, is just unable to move', () => {
  const gs = {
    ...QUIET,
    board: [{ point: 'e5', color: 'blue', kind: 'captain' }],
    moves: [],
    paths: { blue: ['e1', 'e5'], gray: [] },
  };
  assert.deepEqual(I.refusal(gs, 'e5', true), { key: 'refuse.cannotMove', params: { kind: 'captain', point: 'e5' } });
  const off = { ...gs, board: [{ point: 'a9', color: 'blue', kind: 'captain' }] };
  assert.deepEqual(I.refusal(off, 'a9', true), { key: 'refuse.cannotMove', params: { kind: 'captain', point: 'a9' } });
});

test('canDragFrom: only the selected piece where its partial move stands', () => {
  assert.equal(I.canDragFrom(ui0(), 'd2'), false);
  assert.equal(I.canDragFrom({ ...ui0(), path: ['d2'] }, 'd2'), true);
  assert.equal(I.canDragFrom({ ...ui0(), path: ['d2'] }, 'e2'), false);
  assert.equal(I.canDragFrom({ ...ui0(), path: ['f5', 'f7'] }, 'f7'), true);
  assert.equal(I.canDragFrom({ ...ui0(), path: ['f5', 'f7'] }, 'f5'), false);
});

test('moveCursor: screen directions, flipped boards, clamped to the board', () => {
  const at = (cursor) => ({ ...ui0(), cursor });
  assert.equal(I.moveCursor(at('e5'), 0, -1, false).cursor, 'e6', 'up is toward rank 9 for Blue');
  assert.equal(I.moveCursor(at('e5'), 0, 1, false).cursor, 'e4');
  assert.equal(I.moveCursor(at('e5'), 1, 0, false).cursor, 'f5');
  assert.equal(I.moveCursor(at('e5'), -1, 0, false).cursor, 'd5');
  // Flipped (Gray at the bottom): screen directions are mirrored.
  assert.equal(I.moveCursor(at('e5'), 0, -1, true).cursor, 'e4');
  assert.equal(I.moveCursor(at('e5'), 1, 0, true).cursor, 'd5');
  // Clamped at every edge.
  assert.equal(I.moveCursor(at('a1'), -1, 1, false).cursor, 'a1');
  assert.equal(I.moveCursor(at('i9'), 1, -1, false).cursor, 'i9');
  assert.equal(I.moveCursor(at('a1'), 1, 0, true).cursor, 'a1');
  assert.equal(I.moveCursor(at('i9'), -1, 0, true).cursor, 'i9');
  // From e5 down three times reaches e2 (as the keyboard test of the page expects).
  let ui = at('e5');
  for (let i = 0; i < 3; i++) ui = I.moveCursor(ui, 0, 1, false);
  assert.equal(ui.cursor, 'e2');
  // The rest of the ui is kept.
  const sel = { ...at('c3'), path: ['c3'] };
  assert.deepEqual(I.moveCursor(sel, 1, 0, false), { ...sel, cursor: 'd3' });
});
