// Unit tests of www/learn/puzzle-session.js: choosing the next puzzle, the attempt's steps on the
// rules core's verdicts, the streak, and progress kept on the device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../../www/learn/puzzle-session.js';

const puzzle = (id, goal = 'win2', side = 'blue') => ({ id, variant: 'sackson', code: `code-${id}`, side, goal, length: goal === 'win3' ? 3 : goal === 'stop' ? 1 : 2 });
const SET = [puzzle('a'), puzzle('b', 'win3', 'gray'), puzzle('c', 'stop')];
/** The progress's puzzles solved and streaks, without the ratings (puzzle-rating.test.mjs has those). */
const counts = ({ solved, streak, best }) => ({ solved, streak, best });

/** A Web Storage stand-in: a Map, or one that refuses every write. */
function memoryStorage({ full = false, broken = false } = {}) {
  const m = new Map();
  return {
    getItem: (k) => {
      if (broken) throw new Error('SecurityError');
      return m.has(k) ? m.get(k) : null;
    },
    setItem: (k, v) => {
      if (full) throw new DOMException('full', 'QuotaExceededError');
      m.set(k, String(v));
    },
    map: m,
  };
}

test('a session starts on the first puzzle not solved, and Next goes round the set skipping solved ones', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: ['a'], streak: 0, best: 0 }), SET);
  assert.equal(s.puzzle.id, 'b');
  assert.equal(s.status, 'playing');
  s = P.next(s);
  assert.equal(s.puzzle.id, 'c');
  s = P.next(s);
  assert.equal(s.puzzle.id, 'b', 'solved "a" is skipped when coming round');
  // Everything solved: simply the next one.
  s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: ['a', 'b', 'c'], streak: 3, best: 3 }), SET);
  assert.equal(s.puzzle.id, 'a');
  assert.equal(P.next(s).puzzle.id, 'b');
  assert.equal(P.solvedCount(s), 3);
});

test('entries of the set that are not puzzles are left out; an empty set leaves the session empty', () => {
  const s = P.withPuzzles(P.loading(), [null, { id: 'x', variant: 'sackson', code: 'c', side: 'red', goal: 'win2', length: 2 }, { ...puzzle('y'), goal: 'win9' }, puzzle('z')]);
  assert.deepEqual(s.puzzles.map((p) => p.id), ['z']);
  const e = P.withPuzzles(P.loading(), 'nothing');
  assert.equal(e.status, 'empty');
  assert.equal(e.puzzle, null);
});

test('a right first move gets the reply played, then a solved puzzle adds one to the streak and is remembered', () => {
  let s = P.withPuzzles(P.loading(), SET);
  assert.ok(P.canMove(s));
  s = P.played(s, 'd2-d3', { status: 'continue', reply: 'f8-f7', refutation: [] });
  assert.equal(s.status, 'replying');
  assert.equal(s.reply, 'f8-f7');
  assert.ok(!P.canMove(s));
  assert.equal(P.played(s, 'e1-e2', { status: 'solved' }), s, 'no move is taken while the reply plays');
  s = P.replied(s);
  assert.equal(s.status, 'playing');
  assert.deepEqual(s.moves, ['d2-d3', 'f8-f7']);
  s = P.played(s, 'd3-d4', { status: 'solved', reply: null, refutation: [] });
  assert.equal(s.status, 'solved');
  assert.deepEqual(s.moves, ['d2-d3', 'f8-f7', 'd3-d4']);
  assert.deepEqual(counts(s.progress), { solved: ['a'], streak: 1, best: 1 });
  s = P.next(s);
  s = P.played(s, 'x', { status: 'solved' });
  assert.deepEqual(counts(s.progress), { solved: ['a', 'b'], streak: 2, best: 2 });
});

test('a wrong move keeps the refutation, ends the streak (the best stays) and the retry adds nothing to it', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: [], streak: 4, best: 6 }), SET);
  s = P.played(s, 'a2-a3', { status: 'wrong', reply: null, refutation: ['e9-e8', 'x', 7] });
  assert.equal(s.status, 'wrong');
  assert.deepEqual(s.refutation, ['e9-e8', 'x']);
  assert.deepEqual(counts(s.progress), { solved: [], streak: 0, best: 6 });
  assert.ok(!P.canMove(s));
  s = P.tryAgain(s);
  assert.equal(s.status, 'playing');
  assert.deepEqual(s.moves, []);
  assert.deepEqual(s.refutation, []);
  s = P.played(s, 'd2-d3', { status: 'solved' });
  assert.deepEqual(counts(s.progress), { solved: ['a'], streak: 0, best: 6 }, 'solved, but not at the first try');
  // The next puzzle counts again.
  s = P.played(P.next(s), 'm', { status: 'solved' });
  assert.equal(s.progress.streak, 1);
});

test('a hint says the move and the puzzle then adds nothing to the streak, which it does not end', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: [], streak: 2, best: 2 }), SET);
  s = P.hinted(s, 'd2-d3');
  assert.equal(s.hint, 'd2-d3');
  s = P.played(s, 'd2-d3', { status: 'continue', reply: 'f8-f7' });
  assert.equal(s.hint, null, 'the hint goes with the move');
  s = P.played(P.replied(s), 'd3-d4', { status: 'solved' });
  assert.deepEqual(counts(s.progress), { solved: ['a'], streak: 2, best: 2 });
  assert.equal(P.hinted(s, 'x'), s, 'no hint once solved');
});

test('showing the solution ends the streak and does not count the puzzle as solved', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: [], streak: 3, best: 3 }), SET);
  s = P.played(s, 'd2-d3', { status: 'continue', reply: 'f8-f7' });
  s = P.replied(s);
  s = P.shown(s, ['d3-d4']);
  assert.equal(s.status, 'shown');
  assert.deepEqual(s.solution, ['d3-d4']);
  assert.deepEqual(counts(s.progress), { solved: [], streak: 0, best: 3 });
  assert.ok(!P.canMove(s));
  const solved = P.played(P.tryAgain(s), 'a', { status: 'solved' });
  assert.equal(P.shown(solved, ['x']), solved, 'a solved puzzle has nothing to show');
});

test('a verdict that is not one changes nothing but says so', () => {
  const s = P.withPuzzles(P.loading(), SET);
  for (const v of [null, {}, { status: 'continue', reply: null }, { status: 'maybe' }]) {
    const t = P.played(s, 'd2-d3', v);
    assert.equal(t.status, 'playing');
    assert.deepEqual(t.moves, []);
    assert.equal(t.error, 'verdict');
  }
});

test('a move the rules core cannot judge stops the attempt with its message, the streak untouched', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: [], streak: 2, best: 2 }), SET);
  s = P.broken(s, 'bad-argument');
  assert.equal(s.status, 'error');
  assert.equal(s.error, 'bad-argument');
  assert.ok(!P.canMove(s));
  assert.equal(s.progress.streak, 2);
  assert.equal(P.tryAgain(s).status, 'playing');
});

test('choose goes to a puzzle by id; an unknown id changes nothing', () => {
  const s = P.withPuzzles(P.loading(), SET);
  assert.equal(P.choose(s, 'c').puzzle.id, 'c');
  assert.equal(P.choose(s, 'nope'), s);
});

test('the goal in words: win in 2 or 3 moves for the side to move, or stop the other side', () => {
  assert.deepEqual(P.goalMessage(puzzle('a', 'win2', 'blue')), { key: 'puzzles.goal.win', params: { side: 'blue', n: 2 } });
  assert.deepEqual(P.goalMessage(puzzle('a', 'win3', 'gray')), { key: 'puzzles.goal.win', params: { side: 'gray', n: 3 } });
  assert.deepEqual(P.goalMessage(puzzle('a', 'stop', 'blue')), { key: 'puzzles.goal.stopBlue', params: {} });
  assert.deepEqual(P.goalMessage(puzzle('a', 'stop', 'gray')), { key: 'puzzles.goal.stopGray', params: {} });
  assert.equal(P.goalMessage(null), null);
});

test('progress is kept under a versioned key and read back; unreadable data counts as none', () => {
  const st = memoryStorage();
  assert.deepEqual(P.loadProgress(st), P.noProgress());
  assert.equal(P.saveProgress(st, { ...P.noProgress(), solved: ['a', 'b'], streak: 2, best: 5 }), true);
  assert.ok(st.map.has('bluegray.puzzles.v1'));
  assert.deepEqual(P.loadProgress(st), { ...P.noProgress(), solved: ['a', 'b'], streak: 2, best: 5 });
  for (const raw of ['{not json', 'null', '[]', '"text"', '42']) {
    st.map.set(P.STORAGE_KEY, raw);
    assert.deepEqual(P.loadProgress(st), P.noProgress(), raw);
  }
  st.map.set(P.STORAGE_KEY, JSON.stringify({ solved: ['a', 3, 'a', null, 'b'], streak: -1, best: 'many' }));
  assert.deepEqual(counts(P.loadProgress(st)), { solved: ['a', 'b'], streak: 0, best: 0 });
  st.map.set(P.STORAGE_KEY, JSON.stringify({ solved: 'a', streak: 7, best: 2 }));
  assert.deepEqual(counts(P.loadProgress(st)), { solved: [], streak: 7, best: 7 }, 'the best is never below the streak');
});

test('full or refused storage throws nothing: progress is then kept for the visit only', () => {
  assert.equal(P.saveProgress(memoryStorage({ full: true }), { ...P.noProgress(), solved: ['a'], streak: 1, best: 1 }), false);
  assert.deepEqual(P.loadProgress(memoryStorage({ broken: true })), P.noProgress());
  assert.deepEqual(P.loadProgress(null), P.noProgress());
});

test('a slower move (wins too, not in the moves asked) is not kept, keeps the streak, and the puzzle then solved adds nothing to it', () => {
  let s = P.withPuzzles(P.loading({ ...P.noProgress(), solved: [], streak: 4, best: 6 }), SET);
  s = P.played(s, 'a2-a3', { status: 'slower', reply: null, refutation: [] });
  assert.equal(s.status, 'slower');
  assert.deepEqual(s.moves, []);
  assert.deepEqual(counts(s.progress), { solved: [], streak: 4, best: 6 });
  assert.ok(!P.canMove(s), 'no move while it is taken back');
  assert.equal(P.takenBack(P.withPuzzles(P.loading(), SET)).status, 'playing');
  s = P.takenBack(s);
  assert.equal(s.status, 'playing');
  s = P.played(s, 'd2-d3', { status: 'solved' });
  assert.deepEqual(counts(s.progress), { solved: ['a'], streak: 4, best: 6 }, 'solved, but not at the first try');
});
