// A live game's board takes the host's signed time control (www/element/live-link.js _snapshot):
// a game whose record's TimeControl is not the signed one (a guest's new game under its own
// `clock` setting, a game kept without the tag) is made again with it, its moves so far replayed
// from the signed record, whether or not the board's clocks are there yet; one with a move of its
// own the relay has not had yet is left to the snapshot that has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LiveLink } from '../../www/element/live-link.js';

/** A rules core's game: its moves and tags. */
class Game {
  constructor(variant) {
    this.variant = variant;
    this.moves = [];
    this.tags = new Map();
  }
  tag(name) {
    return this.tags.get(name);
  }
  setTag(name, value) {
    this.tags.set(name, value);
  }
}

/** A board whose game has `moves` and the TimeControl `tag` (none: no tag), without clocks yet. */
function board(moves, tag) {
  let game = new Game('sackson');
  game.moves = [...moves];
  if (tag) game.setTag('TimeControl', tag);
  const gs = () => ({ variant: game.variant, history: game.moves, result: null });
  const made = [];
  const errors = [];
  const b = {
    state: () => ({ gs: gs(), clocks: null, settings: { mode: 'live' }, live: null }),
    core: () => ({ Game }),
    game: () => game,
    newGame: (g) => {
      made.push(g);
      game = g;
    },
    playRemote: (m) => (game.moves.push(m), true),
    liveClocks: () => {},
    endRemote: () => {},
    offerRemote: () => {},
    error: (m) => errors.push(m),
    t: (k) => k,
    changed: () => {},
    apply: () => {},
  };
  return { b, made, errors, game: () => game };
}

const snap = (moves, clock) => ({ variant: 'sackson', moves, times: moves.map(() => 180_000), at: moves.map(() => 1), clock });

for (const [what, moves, tag] of [
  ['a new game under the guest’s own setting', [], undefined],
  ['a kept game without the tag', ['a1-b2', 'c3-d4'], undefined],
  ['a kept game with another control', ['a1-b2'], '1+0'],
]) {
  test(`${what} takes the host’s signed time control, its moves replayed`, () => {
    const t = board(moves, tag);
    new LiveLink(/** @type {any} */ (t.b))._snapshot(/** @type {any} */ (snap(['a1-b2', 'c3-d4', 'e5-f6'], '3+2')), [0, 1, 2, 3]);
    assert.deepEqual(t.errors, []);
    assert.equal(t.made.length, 1);
    assert.equal(t.game().tag('TimeControl'), '3+2');
    assert.deepEqual(t.game().moves, ['a1-b2', 'c3-d4', 'e5-f6']);
  });
}

test('a game with the signed control, or with a move of its own the relay has not had, is kept', () => {
  const same = board(['a1-b2'], '3+2');
  new LiveLink(/** @type {any} */ (same.b))._snapshot(/** @type {any} */ (snap(['a1-b2', 'c3-d4'], '3+2')), [0, 1, 2]);
  assert.deepEqual([same.made.length, same.game().moves.length], [0, 2]);
  const ahead = board(['a1-b2', 'c3-d4'], undefined);
  new LiveLink(/** @type {any} */ (ahead.b))._snapshot(/** @type {any} */ (snap(['a1-b2'], '3+2')), [0, 1]);
  assert.deepEqual([ahead.made.length, ahead.errors], [0, []]);
  const unclocked = board([], undefined);
  new LiveLink(/** @type {any} */ (unclocked.b))._snapshot(/** @type {any} */ (snap([], undefined)), [0]);
  assert.equal(unclocked.made.length, 0);
});
