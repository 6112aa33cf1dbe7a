// Unit tests of www/board/anim.js: the computer's move gliding hop by hop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HOP_MS, startGlide, glideAt } from '../../www/board/anim.js';

const BOARD = [
  { point: 'c3', color: 'blue', kind: 'sergeant' },
  { point: 'c4', color: 'gray', kind: 'sergeant' },
  { point: 'd5', color: 'gray', kind: 'private' },
  { point: 'e9', color: 'gray', kind: 'captain' },
];
const JUMP = { text: 'c3xc5xe5', points: ['c3', 'c5', 'e5'], captured: ['c4', 'd5'], kind: 'capture' };
const STEP = { text: 'e9-e8', points: ['e9', 'e8'], captured: [], kind: 'captain' };

test('a glide lasts one hop time per step or hop', () => {
  assert.ok(HOP_MS > 50 && HOP_MS < 1000, `HOP_MS ${HOP_MS}`);
  assert.equal(startGlide(STEP, BOARD, 'code1', 0).duration, HOP_MS);
  assert.equal(startGlide(JUMP, BOARD, 'code1', 0).duration, 2 * HOP_MS);
});

test('the captured pieces are kept as they stood, so they can fade out', () => {
  const g = startGlide(JUMP, BOARD, 'after', 1000);
  assert.deepEqual(g.captured, [BOARD[1], BOARD[2]]);
  assert.deepEqual(g.points, JUMP.points);
  assert.equal(g.code, 'after');
  assert.equal(g.start, 1000);
  // A captured point not on the board (it should not happen) is left out, not undefined.
  const odd = startGlide({ ...JUMP, captured: ['c4', 'h8'] }, BOARD, 'after', 0);
  assert.deepEqual(odd.captured, [BOARD[1]]);
});

test('glideAt runs t from 0 to 1, then is over', () => {
  const g = startGlide(JUMP, BOARD, 'after', 1000);
  assert.deepEqual(glideAt(g, 'after', 1000), { points: JUMP.points, captured: g.captured, t: 0 });
  assert.equal(glideAt(g, 'after', 1000 + HOP_MS).t, 0.5);
  const late = glideAt(g, 'after', 1000 + 2 * HOP_MS - 1);
  assert.ok(late.t > 0.99 && late.t < 1);
  assert.equal(glideAt(g, 'after', 1000 + 2 * HOP_MS), null, 'over at its end');
  assert.equal(glideAt(g, 'after', 999999), null);
  // A frame stamped a little before the start (clocks of two callers) starts at 0.
  assert.equal(glideAt(g, 'after', 990).t, 0);
});

test('a glide ends as soon as the position moves on', () => {
  const g = startGlide(STEP, BOARD, 'after', 0);
  assert.ok(glideAt(g, 'after', 10));
  assert.equal(glideAt(g, 'undone', 10), null);
  assert.equal(glideAt(g, null, 10), null);
  assert.equal(glideAt(null, 'after', 10), null);
  assert.equal(glideAt(undefined, 'after', 10), null);
});

test('a move of one point has no glide to show', () => {
  const g = startGlide({ text: 'x', points: ['e5'], captured: [], kind: 'step' }, BOARD, 'c', 0);
  assert.equal(g.duration, 0);
  assert.equal(glideAt(g, 'c', 0), null, 'a zero-length glide is over at once (no NaN t)');
  assert.equal(glideAt(g, 'c', 5), null);
});

test('startGlide does not change the move or the board it is given', () => {
  const move = structuredClone(JUMP);
  const board = structuredClone(BOARD);
  startGlide(move, board, 'after', 0);
  assert.deepEqual(move, JUMP);
  assert.deepEqual(board, BOARD);
});

test('a turbo captain’s slide glides and is drawn along its path, not straight across', async () => {
  const { travelled, moverPath } = await import('../../www/lib/moves.js');
  const path = ['e1', 'e2', 'd2', 'd3', 'e3', 'f3'];
  const slide = { kind: 'captain', points: ['e2', 'e3'] };
  assert.deepEqual(travelled(slide, path), ['e2', 'd2', 'd3', 'e3']);
  assert.deepEqual(travelled({ kind: 'captain', points: ['e1', 'e2'] }, path), ['e1', 'e2'], 'one step is its own points');
  assert.deepEqual(travelled({ kind: 'step', points: ['e2', 'e3'] }, path), ['e2', 'e3'], 'a guard never follows the path');
  assert.deepEqual(travelled({ kind: 'captain', points: ['e3', 'e2'] }, path), ['e3', 'e2'], 'a slide backwards is no slide along the path');
  const glide = startGlide({ points: travelled(slide, path), captured: [] }, [], 'after', 0);
  assert.equal(glide.points.length, 4);
  assert.equal(glide.duration, 3 * HOP_MS, 'a hop of the glide per step of the path');
  const gs = { board: [{ point: 'e3', color: 'blue' }], paths: { blue: path, gray: ['e9'] } };
  assert.deepEqual(moverPath(gs, slide), path, 'the mover is the side now on the last point');
});
