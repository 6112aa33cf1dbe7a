// Unit tests of www/engine/mistakes.js: accuracy from win chances, the mistakes to retry, judging a
// try, and the retry session's steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accuracy, moveAccuracy, markCounts, retryList, judgeTry, startRetry, afterTry, showLine, canTry, compareTry, next, ACCURACY_FALL } from '../../www/engine/mistakes.js';

const entry = (ply, side, played, winChance, extra = {}) => ({ ply, side, played, best: played, score: 0, winChance, ...extra });

test('a move that keeps its chances is 100 accurate; one that gives away ACCURACY_FALL points about 37', () => {
  assert.equal(moveAccuracy(0), 100);
  assert.equal(moveAccuracy(-50), 100, 'a move that gains is not more than perfect');
  assert.equal(Math.round(moveAccuracy(ACCURACY_FALL * 10)), 37);
  assert.ok(moveAccuracy(300) < moveAccuracy(100));
});

test('accuracy per side from the fall of each mover’s chance of winning, a finished game’s result included', () => {
  const entries = [
    entry(0, 'blue', 'a', 500), // Blue keeps 50%: Gray then has 50%
    entry(1, 'gray', 'b', 500), // Gray drops to 20%: Blue then has 80%
    entry(2, 'blue', 'c', 800), // Blue wins outright
    { ply: 3, side: 'gray', played: null, best: null, score: null, result: { winner: 'blue' } },
  ];
  const a = accuracy(entries);
  assert.equal(a.blue, 100);
  assert.equal(a.gray, Math.round(moveAccuracy(300)));
  assert.deepEqual(accuracy([entry(0, 'blue', null, 500)]), { blue: null, gray: null });
  // A drawn end counts as half a win.
  const drawn = accuracy([entry(0, 'blue', 'a', 700), { ply: 1, side: 'gray', played: null, result: { winner: null } }]);
  assert.equal(drawn.blue, Math.round(moveAccuracy(200)));
});

test('counts of inaccuracies, mistakes and blunders per side, and the list to retry in order', () => {
  const marks = [
    { ply: 0, side: 'blue', mark: 'best' },
    { ply: 1, side: 'gray', mark: 'mistake' },
    { ply: 2, side: 'blue', mark: 'blunder' },
    { ply: 3, side: 'gray', mark: 'inaccuracy' },
    { ply: 4, side: 'blue', mark: 'mistake' },
  ];
  assert.deepEqual(markCounts(marks), { blue: { inaccuracy: 0, mistake: 1, blunder: 1 }, gray: { inaccuracy: 1, mistake: 1, blunder: 0 } });
  assert.deepEqual(retryList(marks, ['blue']).map((m) => m.ply), [2, 4]);
  assert.deepEqual(retryList(marks, ['blue', 'gray']).map((m) => m.ply), [1, 2, 4]);
});

test('judging a try: the best move, a move as good, and one that loses too much', () => {
  const before = { best: 'e2-e3', score: 150 };
  assert.deepEqual(judgeTry(before, 'e2-e3', { score: 0 }), { good: true, loss: 0 });
  assert.deepEqual(judgeTry(before, 'd2-d3', { score: -120 }), { good: true, loss: 30 });
  assert.deepEqual(judgeTry(before, 'c2-c3', { score: 200 }), { good: false, loss: 350 });
  // A forced win given up is the largest loss; finding another forced win is good.
  assert.equal(judgeTry({ best: 'x', score: 1e6, mateIn: 3 }, 'y', { score: 0 }).good, false);
  assert.equal(judgeTry({ best: 'x', score: 1e6, mateIn: 3 }, 'y', { score: -1e6, mateIn: -2 }).good, true);
});

test('a retry session: a wrong try, a second one shows the line, then the next position, then done', () => {
  let r = startRetry([{ ply: 2 }, { ply: 4 }]);
  assert.equal(r.status, 'trying');
  r = afterTry(r, 'c2-c3', { good: false, loss: 350 });
  assert.equal(r.status, 'wrong');
  assert.equal(canTry(r), true, 'after a wrong try the next is taken at once');
  r = afterTry(r, 'b2-b3', { good: false, loss: 200 });
  assert.equal(r.status, 'shown', 'the second wrong try shows the best line');
  r = next(r);
  assert.deepEqual([r.index, r.tries, r.status, r.last], [1, 0, 'trying', null]);
  r = afterTry(r, 'e2-e3', { good: true, loss: 0 });
  assert.equal(r.status, 'good');
  assert.equal(showLine(r).status, 'shown');
  assert.equal(next(r).status, 'done');
  assert.equal(canTry(r), false);
  assert.equal(startRetry([]).status, 'done');
});

test('a try is compared with the game move in the steps the page says', () => {
  assert.equal(compareTry(200, 100), 'better', 'about 1 step instead of about 2');
  assert.equal(compareTry(200, 160), 'same', 'both about 2 steps');
  assert.equal(compareTry(120, 40), 'same', 'both at least 1 step');
  assert.equal(compareTry(100, 350), 'worse');
});
