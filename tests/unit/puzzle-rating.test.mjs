// Unit tests of the puzzles' Glicko-2 ratings: www/learn/puzzle-rating.js's maths against the
// worked example of Glickman's paper, the start ratings, the update after an attempt in
// puzzle-session.js (the first result of a puzzle only), and the ratings kept on the device by
// puzzle-progress.js (progress kept before ratings existed still loads; bad data never throws).
// The maths is the vendored glicko2 package (www/vendor/glicko2.js, written by build-dist.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as R from '../../www/learn/puzzle-rating.js';
import * as P from '../../www/learn/puzzle-session.js';

const near = (actual, expected, within, what) => assert.ok(Math.abs(actual - expected) <= within, `${what}: ${actual}, not ${expected} ± ${within}`);

test('Glickman’s worked example: 1500/200/0.06 against 1400/30, 1550/100 and 1700/300, won, lost, lost', () => {
  const player = { rating: 1500, rd: 200, vol: 0.06 };
  const after = R.afterPeriod(player, [
    { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
    { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
    { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
  ]);
  // The paper rounds its steps and says 1464.06; unrounded it is 1464.05.
  near(after.rating, 1464.06, 0.02, 'rating');
  near(after.rd, 151.52, 0.01, 'deviation');
  near(after.vol, 0.05999, 0.00001, 'volatility');
  assert.deepEqual(player, { rating: 1500, rd: 200, vol: 0.06 }, 'the rating given is left as it was');
});

test('a puzzle starts from its solver’s depth, a new player from 1500, both unsure', () => {
  assert.deepEqual(R.newPlayer(), { rating: 1500, rd: 350, vol: 0.06 });
  assert.equal(R.puzzleStart(1).rating, 1200);
  assert.equal(R.puzzleStart(2).rating, 1400);
  assert.equal(R.puzzleStart(3).rating, 1600);
  assert.equal(R.puzzleStart(2).rd, 350);
  for (const odd of [0, -3, 2.5, NaN, Infinity]) assert.equal(R.puzzleStart(odd).rating, 1200, String(odd));
});

test('solving raises the player and lowers the puzzle; failing does the opposite; both grow surer', () => {
  const player = R.newPlayer();
  const puzzle = R.puzzleStart(2);
  const won = R.rateAttempt(player, puzzle, true);
  assert.ok(won.player.rating > player.rating && won.puzzle.rating < puzzle.rating);
  assert.ok(won.player.rd < 350 && won.puzzle.rd < 350);
  const lost = R.rateAttempt(player, puzzle, false);
  assert.ok(lost.player.rating < player.rating && lost.puzzle.rating > puzzle.rating);
  // Beating a harder puzzle is worth more than beating an easier one.
  assert.ok(R.rateAttempt(player, R.puzzleStart(3), true).player.rating > R.rateAttempt(player, R.puzzleStart(1), true).player.rating);
});

test('a stored rating is read only when it is one', () => {
  assert.deepEqual(R.readRating({ rating: 1623.5, rd: 80, vol: 0.059, extra: 1 }), { rating: 1623.5, rd: 80, vol: 0.059 });
  for (const bad of [null, 'x', 3, [], {}, { rating: '1500', rd: 80, vol: 0.06 }, { rating: 1500, rd: 0, vol: 0.06 }, { rating: 1500, rd: 351, vol: 0.06 }, { rating: NaN, rd: 80, vol: 0.06 }, { rating: 1e9, rd: 80, vol: 0.06 }, { rating: 1500, rd: 80, vol: 2 }]) {
    assert.equal(R.readRating(bad), null, JSON.stringify(bad));
  }
});

const puzzle = (id, length = 2) => ({ id, variant: 'sackson', code: `code-${id}`, side: 'blue', goal: 'win2', length });
const SET = [puzzle('a'), puzzle('b', 3), puzzle('c', 1)];

test('an attempt is rated on the puzzle’s first result: solved alone a win, a wrong move, a hint or the solution a loss', () => {
  let s = P.withPuzzles(P.loading(), SET);
  assert.deepEqual(P.puzzleRating(s.progress, SET[0]), R.puzzleStart(2));
  s = P.played(s, 'd2-d3', { status: 'continue', reply: 'f8-f7' });
  assert.equal(s.progress.rating.rating, 1500, 'not rated before its result');
  s = P.played(P.replied(s), 'd3-d4', { status: 'solved' });
  const afterA = s.progress.rating.rating;
  assert.ok(afterA > 1500);
  assert.ok(P.puzzleRating(s.progress, SET[0]).rating < 1400);
  // Solved again: practice, no rating changes.
  const again = P.played(P.choose(s, 'a'), 'x', { status: 'solved' });
  assert.equal(again.progress.rating, s.progress.rating);
  assert.equal(again.progress.ratings, s.progress.ratings);
  // A wrong move is a loss at once; the retry then solved changes nothing more.
  s = P.played(P.next(s), 'a2-a3', { status: 'wrong', refutation: [] });
  const afterB = s.progress.rating.rating;
  assert.ok(afterB < afterA);
  assert.ok(P.puzzleRating(s.progress, SET[1]).rating > 1600);
  s = P.played(P.tryAgain(s), 'x', { status: 'solved' });
  assert.equal(s.progress.rating.rating, afterB);
  // A hint, then solved: a loss. A slower move alone is no mistake.
  s = P.played(P.hinted(P.choose(s, 'c'), 'e1-e2'), 'e1-e2', { status: 'solved' });
  assert.ok(s.progress.rating.rating < afterB);
  let t = P.withPuzzles(P.loading(), SET);
  t = P.takenBack(P.played(t, 'a1-a2', { status: 'slower' }));
  t = P.played(t, 'x', { status: 'solved' });
  assert.ok(t.progress.rating.rating > 1500);
  // The solution shown: a loss.
  const shown = P.shown(P.withPuzzles(P.loading(), SET), ['d2-d3']);
  assert.ok(shown.progress.rating.rating < 1500);
  assert.ok(Object.hasOwn(shown.progress.ratings, 'a'));
});

/** A Web Storage stand-in over a Map. */
function memoryStorage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), map: m };
}

test('ratings are kept with the progress and read back; progress kept before ratings existed still loads', () => {
  const st = memoryStorage();
  let s = P.withPuzzles(P.loading(), SET);
  s = P.played(s, 'x', { status: 'solved' });
  assert.equal(P.saveProgress(st, s.progress), true);
  assert.deepEqual(P.loadProgress(st), s.progress);
  // As an earlier version kept it: no ratings at all.
  st.map.set(P.STORAGE_KEY, JSON.stringify({ solved: ['a', 'b'], streak: 2, best: 5 }));
  const old = P.loadProgress(st);
  assert.deepEqual(old.solved, ['a', 'b']);
  assert.equal(old.best, 5);
  assert.deepEqual(old.rating, R.newPlayer());
  assert.deepEqual({ ...old.ratings }, {});
});

test('bad saved ratings are left out, never thrown on, and keep the rest of the progress', () => {
  const st = memoryStorage();
  const bad = [
    { solved: ['a'], streak: 1, best: 1, rating: 'high', ratings: 'many' },
    { solved: ['a'], streak: 1, best: 1, rating: { rating: -5, rd: 10, vol: 0.06 }, ratings: [1, 2] },
    { solved: ['a'], streak: 1, best: 1, rating: null, ratings: { a: { rating: 1400, rd: 300, vol: 0.06 }, b: 'x', c: { rating: 1400 }, ['x'.repeat(300)]: { rating: 1400, rd: 300, vol: 0.06 } } },
  ];
  for (const data of bad) {
    st.map.set(P.STORAGE_KEY, JSON.stringify(data));
    const p = P.loadProgress(st);
    assert.deepEqual(p.solved, ['a']);
    assert.deepEqual(p.rating, R.newPlayer());
    assert.ok(Object.keys(p.ratings).every((id) => id === 'a'));
  }
  // An id that names Object's own parts is only an id: it neither changes nor breaks the record.
  st.map.set(P.STORAGE_KEY, '{"solved":[],"ratings":{"__proto__":{"rating":1400,"rd":300,"vol":0.06},"toString":{"rating":1300,"rd":300,"vol":0.06}}}');
  const p = P.loadProgress(st);
  assert.equal(p.ratings.toString.rating, 1300);
  assert.equal(Object.getPrototypeOf(p.ratings), null);
  assert.deepEqual(P.puzzleRating(p, puzzle('constructor')), R.puzzleStart(2));
  assert.equal(P.puzzleRating(p, puzzle('__proto__')).rating, 1400);
});
