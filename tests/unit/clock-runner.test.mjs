// The board's clock runner (www/element/clocks.js) on a board of its own: a live game's clocks
// derived from the signed record and the turns' starts (follow), a game over standing still with
// the fallen flag at 0, and no flag falling while the relay is out of reach or has not taken this
// device's last word, nor before the relay has answered since it fell. Time is the test's (`now`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClockRunner } from '../../www/element/clocks.js';
import { parseTimeControl, newClocks } from '../../www/lib/clock.js';

/** A board with a live game of `ply` moves, Blue to move when even, and its relay's state. */
function board({ ply, result = null, live = { relay: 'connected', unsent: 0 }, now, answeredAt = Infinity }) {
  const control = /** @type {import('../../www/lib/clock.js').TimeControl} */ (parseTimeControl('3+2'));
  let state = {
    settings: { mode: 'live', side: 'blue' },
    gs: { ply, side: ply % 2 ? 'gray' : 'blue', result },
    clocks: newClocks(control, 0),
    live,
    connected: true,
  };
  const flags = [];
  const b = {
    state: () => state,
    apply: (change, ...args) => {
      state = change(state, ...args);
    },
    flagged: (side) => flags.push(side),
    grace: () => 0,
    asked: /** @type {number[]} */ ([]),
    answeredAt,
    answered(since) {
      if (b.answeredAt >= since) return true;
      b.asked.push(since);
      return false;
    },
    frame: () => {},
    emit: () => {},
    now: () => now.t,
  };
  return { b, flags, set: (patch) => (state = { ...state, ...patch }) };
}

/** The board leaves its document: the clocks stop ticking (and the test can end). */
function stop(r, set) {
  set({ connected: false });
  r.connected();
}

test('follow: the clocks are the signed times as this device accepts them, the side to move running since its turn began', () => {
  const now = { t: 20_000 };
  const { b, set } = board({ ply: 2, now });
  const r = new ClockRunner(/** @type {any} */ (b));
  // Blue moved at 1000 (its first move: free), Gray took 5 s and signed 177 s; Blue's turn began at 6000.
  r.follow([180_000, 177_000], [0, 1000, 6000]);
  const c = r.reading();
  assert.deepEqual([c.running, c.gray, c.blue], ['blue', 177_000, 180_000 - 14_000]);
  // A move signed with more time than this device measured is taken at its measure.
  r.follow([180_000, 182_000], [0, 1000, 6000]);
  assert.equal(r.reading().gray, 180_000 - 5000 + 2000);
  stop(r, set);
});

test('follow: a game over stands still, the fallen flag at 0 (a device back after its flag fell)', () => {
  const now = { t: 500_000 };
  const { b } = board({ ply: 2, result: { winner: 'gray', reason: 'time' }, now });
  const r = new ClockRunner(/** @type {any} */ (b));
  r.follow([180_000, 177_000], [0, 1000, 6000]);
  assert.deepEqual(r.reading(), { control: '3+2', blue: 0, gray: 177_000, running: null });
});

test('no flag falls while the relay is out of reach or has not taken this device’s last word', () => {
  const now = { t: 400_000 };
  for (const live of [{ relay: 'unreachable', unsent: 0 }, { relay: 'connected', unsent: 1 }]) {
    const { b, flags, set } = board({ ply: 2, live, now });
    const r = new ClockRunner(/** @type {any} */ (b));
    r.follow([180_000, 177_000], [0, 1000, 6000]);
    assert.deepEqual(flags, [], JSON.stringify(live));
    assert.equal(r.reading().blue, 0, 'the clock shows 0 meanwhile');
    set({ live: { relay: 'connected', unsent: 0 } });
    r.connected();
    assert.deepEqual(flags, ['blue'], 'once the relay has all, the flag falls');
    stop(r, set);
  }
});

test('no flag falls before the relay has sent anything since it fell: it is asked, and the flag falls once it answers', () => {
  const now = { t: 400_000 };
  // The relay last answered at 100 000, before Blue's time ran out (its 180 s from 6000: at 186 000).
  const { b, flags, set } = board({ ply: 2, now, answeredAt: 100_000 });
  const r = new ClockRunner(/** @type {any} */ (b));
  try {
    r.follow([180_000, 177_000], [0, 1000, 6000]);
    assert.deepEqual(flags, []);
    assert.deepEqual(b.asked, [186_000], 'asked for an answer since the flag fell');
    b.answeredAt = 400_000;
    r.connected();
    assert.deepEqual(flags, ['blue']);
  } finally {
    stop(r, set);
  }
});
