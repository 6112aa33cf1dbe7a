// Unit tests of www/element/lazy-parts.js (the board's parts fetched when first needed): a board
// that never needs a part does without it, and what happens while a part loads is what would
// have happened with it there (a hint withdrawn meanwhile, a puzzle move the board moved past).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveDoor, hintDoor, puzzleDoor, clockDoor } from '../../www/element/lazy-parts.js';

/**
 * A board's port with the state `s()` (a mode and a game state), recording what is applied and
 * reported.
 * @param {() => {settings: {mode: string}, gs: unknown, puzzle?: unknown}} s
 */
function port(s) {
  const seen = { applied: 0, errors: /** @type {string[]} */ ([]), teaching: 0, notices: /** @type {unknown[]} */ ([]) };
  const p = {
    seen,
    state: s,
    core: () => null,
    game: () => null,
    catalogue: () => null,
    apply: () => seen.applied++,
    error: (/** @type {string} */ m) => seen.errors.push(m),
    t: (/** @type {string} */ key) => key,
    say: () => '',
    refresh() {},
    setPuzzle() {},
    markMistake() {},
    notice: (/** @type {unknown} */ m) => seen.notices.push(m),
    emit() {},
    teaching: async () => {
      seen.teaching++;
      return {};
    },
  };
  return p;
}

test('a board never in live mode has no live session: nothing is applied, published or reported', async () => {
  const p = port(() => ({ settings: { mode: 'ai' }, gs: null }));
  const live = liveDoor(/** @type {any} */ (p));
  live.sync(true);
  live.played(['a1-b2'], null);
  live.declared('resign', 'blue');
  assert.equal(await live.takeSeat(), false);
  assert.equal(await live.seatSecret(), null);
  await live.needed();
  assert.deepEqual(p.seen, { applied: 0, errors: [], teaching: 0, notices: [] });
});

test('a hint asked while the hints load is withdrawn by a newer one, or by a cancel, as an AbortError with its reason', async () => {
  const p = port(() => ({ settings: { mode: 'ai' }, gs: null }));
  const hints = hintDoor(/** @type {any} */ (p));
  const first = hints.ask();
  const second = hints.ask();
  await assert.rejects(first, { name: 'AbortError', message: 'A newer hint was asked for.' });
  // The newer one reaches the runner, which finds no game on this board.
  await assert.rejects(second, (e) => e instanceof Error && e.name !== 'AbortError' && e.message === 'api.notReady');
  const hints2 = hintDoor(/** @type {any} */ (p));
  const gone = hints2.ask();
  hints2.cancel('The board was removed from the page.');
  await assert.rejects(gone, { name: 'AbortError', message: 'The board was removed from the page.' });
});

test('a puzzle move is judged once the runner loads, unless the board has moved past it meanwhile', async () => {
  let gs = { side: 'gray', history: ['a1-b2'] };
  const state = () => ({ settings: { mode: 'puzzle' }, gs, goal: 'win2', puzzle: { side: 'blue', start: 'x', status: 'playing', queue: [] } });
  const p = port(state);
  const puzzle = puzzleDoor(/** @type {any} */ (p));
  const judged = puzzle.judge();
  gs = { side: 'blue', history: [] };
  await judged;
  assert.equal(p.seen.teaching, 0, 'a move the board moved past is not judged');
  assert.deepEqual(p.seen.notices, [], 'nor said anything of');
  // Loaded now: the move on the board is judged at once.
  await puzzle.judge();
  assert.equal(p.seen.teaching, 1);
  assert.deepEqual(p.seen.errors, ['puzzles.board.unsupported'], 'this teaching module judges nothing, and says so');
  assert.equal(p.seen.notices.length, 1, 'the puzzle that could not be judged is failed, and the board says why');
});

test('a live game’s clocks derived while the clocks’ code loads are derived once it is there (not from when it came)', async () => {
  const gs = { ply: 2, side: 'blue', result: null, history: ['a', 'b'] };
  const game = { tag: (n) => (n === 'TimeControl' ? '3+2' : undefined), setTag() {}, clocks: () => [], state: () => gs };
  let state = { settings: { mode: 'live', clock: 'none' }, gs, clocks: null, live: { relay: 'connected', unsent: 0 }, connected: false };
  const door = clockDoor(/** @type {any} */ ({
    state: () => state,
    apply: (change, ...args) => (state = change(state, ...args)),
    resources: () => ({ game }),
    refresh() {},
    error: (m) => assert.fail(m),
    flagged() {},
    grace: () => 0,
    answered: () => true,
    frame() {},
    emit() {},
    now: () => 20_000,
  }));
  const started = door.start(/** @type {any} */ (game));
  // The snapshot's clocks, asked before the runner is there: Gray took 5 s and signed 177 s.
  door.follow([180_000, 177_000], [0, 1000, 6000]);
  await started;
  assert.deepEqual(door.reading(), { control: '3+2', blue: 180_000 - 14_000, gray: 177_000, running: 'blue' });
});
