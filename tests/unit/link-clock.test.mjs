// A game by link's clock (docs/RULES.md ruling R37): the stamp a move carries in the link's record
// (`MoveStamp "<ply> <UTC ISO time>"`, www/lib/clock.js), read and written, bad stamps refused
// without a throw; the turn a link brings running from its stamp when it holds (not before the
// move before's, not in the future), so a link opened late has already run down; a move made
// after the friend's time ran out here found late (www/lib/clock.js linkMoveLate); the board's
// clock runner stamping this device's own moves and leaving the friend's flag to a claim; and
// what a link's loss on time does to the kept game (www/friends/friend.js linkEnding). Time is
// the test's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MOVE_STAMP_TAG, LINK_SKEW, formatMoveStamp, parseMoveStamp, linkTurnStart, linkMoveLate, takeLinkStamp, stampTakenBack, flagFallsAt, parseTimeControl, newClocks, remaining, run } from '../../www/lib/clock.js';
import { ClockRunner } from '../../www/element/clocks.js';
import { linkEnding } from '../../www/friends/friend.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = Date.UTC(2026, 11, 2, 12, 0, 0);
const ONE_DAY = /** @type {import('../../www/lib/clock.js').TimeControl} */ (parseTimeControl('1d'));

test('a move stamp is written and read back: the ply and the UTC time to the millisecond', () => {
  assert.equal(formatMoveStamp(7, T0 + 5), '7 2026-12-02T12:00:00.005Z');
  assert.deepEqual(parseMoveStamp(formatMoveStamp(7, T0 + 5)), { ply: 7, at: T0 + 5 });
  assert.deepEqual(parseMoveStamp('  12 2026-12-02T12:00:00Z '), { ply: 12, at: T0 });
  assert.equal(parseMoveStamp(undefined), null);
  assert.equal(parseMoveStamp(null), null);
  assert.equal(parseMoveStamp(''), null);
});

test('a bad stamp is not one, and reading it never throws', () => {
  for (const bad of [
    'soon',
    '7',
    '2026-12-02T12:00:00Z',
    '0 2026-12-02T12:00:00Z', // plies count from 1
    '-1 2026-12-02T12:00:00Z',
    '7 2026-12-02 12:00:00', // not UTC ISO
    '7 2026-12-02T12:00:00+01:00',
    '7 2026-02-30T12:00:00Z', // no such day
    '7 2026-12-02T25:00:00Z',
    '7 2026-12-02T12:00:00Z extra',
    '1234567 2026-12-02T12:00:00Z',
    '7  2026-12-02T12:00:00Z',
    'x'.repeat(10_000),
    42,
    {},
  ])
    assert.equal(parseMoveStamp(bad), undefined, String(bad).slice(0, 40));
});

test('the turn a link brings begins with its stamp, so a link opened late has already run down', () => {
  const now = T0 + 6 * 3600_000;
  const start = linkTurnStart({ text: formatMoveStamp(3, T0), ply: 3, floor: T0 - 3600_000, now });
  assert.deepEqual(start, { at: T0, refused: null });
  // Gray's clock of a day a move, running since the stamp: 18 hours left, not 24.
  const c = { ...newClocks(ONE_DAY, 0), running: /** @type {const} */ ('gray'), since: start.at };
  assert.equal(remaining(c, 'gray', now), 18 * 3600_000);
  assert.equal(flagFallsAt(c), T0 + DAY);
  assert.equal(remaining(c, 'gray', T0 + DAY + 1), 0);
  assert.equal(flagFallsAt(run(c, null, now)), null, 'no clock runs: nothing to claim');
});

test('a stamp that does not hold is not taken: the turn begins now, and why is said', () => {
  const now = T0 + 3600_000;
  const at = (text, floor = T0 - DAY) => linkTurnStart({ text, ply: 5, floor, now });
  assert.deepEqual(at(undefined), { at: now, refused: 'none' }, 'a link from before stamps');
  assert.deepEqual(at(formatMoveStamp(4, T0)), { at: now, refused: 'none' }, 'the stamp of another move');
  assert.deepEqual(at('7 yesterday'), { at: now, refused: 'unreadable' });
  // Back-dated before the move before (the receiver's own, whose time it knows).
  assert.deepEqual(at(formatMoveStamp(5, T0 - 2 * DAY)), { at: now, refused: 'before' });
  assert.deepEqual(at(formatMoveStamp(5, now + LINK_SKEW + 1)), { at: now, refused: 'future' });
  // A sender's clock a little fast: its stamp is taken as now, no later.
  assert.deepEqual(at(formatMoveStamp(5, now + 60_000)), { at: now, refused: null });
  // No move before known (the first link this device opens): any past stamp holds.
  assert.deepEqual(at(formatMoveStamp(5, T0 - 3 * DAY), null), { at: T0 - 3 * DAY, refused: null });
});

test('a move made after the friend’s time ran out here is late: by its stamp when that holds, else by when its link is opened', () => {
  // Blue moved (this device's stamp, T0); Gray's day a move ran out at T0 + DAY.
  const flagAt = T0 + DAY;
  const late = (text, now, floor = T0) => linkMoveLate({ text, ply: 2, floor, now, flagAt });
  // Stamped in time, opened a day later: in time (the link was on its way).
  assert.equal(late(formatMoveStamp(2, T0 + DAY - 1), T0 + 2 * DAY), false);
  assert.equal(late(formatMoveStamp(2, T0 + DAY), T0 + 2 * DAY), false, 'the last moment is in time');
  // Stamped after the day ran out: late, however soon its link is opened.
  assert.equal(late(formatMoveStamp(2, T0 + DAY + 1), T0 + DAY + 60_000), true);
  // No stamp, or one that does not hold: made when the link is opened.
  assert.equal(late(undefined, T0 + DAY - 1), false);
  assert.equal(late(undefined, T0 + DAY + 1), true, 'leaving the stamp out buys no time');
  assert.equal(late('2 soon', T0 + DAY + 1), true);
  assert.equal(late(formatMoveStamp(2, T0 - 1), T0 + DAY + 1), true, 'back-dated before the move before');
  assert.equal(late(formatMoveStamp(2, T0 - 1), T0 + 3600_000), false);
  // No clock runs for the friend here (none, or this seat's turn): nothing is late.
  assert.equal(linkMoveLate({ text: formatMoveStamp(2, T0 + 3 * DAY), ply: 2, floor: T0, now: T0 + 3 * DAY, flagAt: null }), false);
});

/** A rules core's game as takeLinkStamp and the clock runner use it: its ply, tags and clocks. */
function game(ply, tags = {}) {
  const t = new Map(Object.entries(tags));
  return {
    tags: t,
    times: /** @type {number[]} */ ([]),
    ply,
    tag: (name) => t.get(name),
    setTag: (name, value) => t.set(name, value),
    state() {
      return { ply: this.ply, side: this.ply % 2 ? 'gray' : 'blue', result: null };
    },
    clocks() {
      return this.times;
    },
    setClock(ms) {
      this.times.push(ms);
    },
  };
}

test('takeLinkStamp: the record keeps when the turn began, the link’s stamp or now, and when the move before ended here', () => {
  const g = game(4, { [MOVE_STAMP_TAG]: formatMoveStamp(3, T0) });
  assert.equal(takeLinkStamp(g, formatMoveStamp(4, T0 + 3600_000), T0 + 7200_000), null);
  assert.equal(g.tag(MOVE_STAMP_TAG), formatMoveStamp(4, T0 + 3600_000, T0));
  const h = game(4, { [MOVE_STAMP_TAG]: formatMoveStamp(3, T0) });
  assert.equal(takeLinkStamp(h, formatMoveStamp(4, T0 - 1), T0 + 7200_000), 'before');
  assert.equal(h.tag(MOVE_STAMP_TAG), formatMoveStamp(4, T0 + 7200_000, T0));
  // The move before's end is this device's own, never what the link says of it.
  const k = game(4, { [MOVE_STAMP_TAG]: formatMoveStamp(3, T0) });
  takeLinkStamp(k, formatMoveStamp(4, T0 + 3600_000, T0 - DAY), T0 + 7200_000);
  assert.deepEqual(parseMoveStamp(k.tag(MOVE_STAMP_TAG)), { ply: 4, at: T0 + 3600_000, before: T0 });
  // No stamp of the move before: none kept.
  const n = game(4, {});
  takeLinkStamp(n, formatMoveStamp(4, T0 + 3600_000), T0 + 7200_000);
  assert.equal(n.tag(MOVE_STAMP_TAG), formatMoveStamp(4, T0 + 3600_000));
});

test('a stamp with the move before’s: written and read back; a takeback puts the game’s stamp back to it', () => {
  assert.equal(formatMoveStamp(4, T0 + 5, T0), '4 2026-12-02T12:00:00.005Z 2026-12-02T12:00:00.000Z');
  assert.deepEqual(parseMoveStamp(formatMoveStamp(4, T0 + 5, T0)), { ply: 4, at: T0 + 5, before: T0 });
  for (const bad of ['4 2026-12-02T12:00:00Z 2026-02-30T12:00:00Z', '4 2026-12-02T12:00:00Z soon', '4 2026-12-02T12:00:00Z  2026-12-02T12:00:00Z', '4 2026-12-02T12:00:00Z 2026-12-02T12:00:00Z 2026-12-02T12:00:00Z'])
    assert.equal(parseMoveStamp(bad), undefined, bad);
  // Taken back to ply 3: the turn runs again from when it began.
  const g = game(3, { [MOVE_STAMP_TAG]: formatMoveStamp(4, T0 + DAY / 2, T0) });
  stampTakenBack(g);
  assert.equal(g.tag(MOVE_STAMP_TAG), formatMoveStamp(3, T0));
  // Not the move after this ply's, or with no move before's: nothing changes.
  for (const [ply, tag] of [[2, formatMoveStamp(4, T0 + 1, T0)], [3, formatMoveStamp(4, T0 + 1)], [3, 'junk']]) {
    const h = game(ply, { [MOVE_STAMP_TAG]: tag });
    stampTakenBack(h);
    assert.equal(h.tag(MOVE_STAMP_TAG), tag);
  }
});

/** A board of a game by link at seat `side`, its game `g`, its clock the test's `now`. */
function board(g, now, side = 'blue') {
  let state = { settings: { mode: 'friend', side, clock: '1d' }, gs: g.state(), clocks: null, connected: true };
  const flags = [];
  let changes = 0;
  const b = {
    state: () => state,
    apply: (change, ...args) => {
      state = change(state, ...args);
    },
    flagged: (s) => flags.push(s),
    grace: () => 0,
    frame: () => {},
    changed: () => changes++,
    emit: () => {},
    now: () => now.t,
  };
  return { b, flags, changes: () => changes, stop: (r) => ((state = { ...state, connected: false }), r.connected()) };
}

test('the clock runner: this seat’s move is stamped, a game opened again runs from its stamp, the friend’s flag is claimed, not fallen', () => {
  const now = { t: T0 };
  const g = game(0, { TimeControl: '1d' });
  const { b, flags, changes, stop } = board(g, now);
  const r = new ClockRunner(/** @type {any} */ (b));
  r.start(/** @type {any} */ (g));
  g.ply = 1;
  r.moved(/** @type {any} */ (g), 'blue');
  assert.equal(g.tag(MOVE_STAMP_TAG), formatMoveStamp(1, T0));
  // The page opened again 5 hours on: Gray's clock has run since the stamp.
  now.t = T0 + 5 * 3600_000;
  const again = board(g, now);
  const r2 = new ClockRunner(/** @type {any} */ (again.b));
  r2.start(/** @type {any} */ (g));
  assert.equal(r2.reading()?.gray, 19 * 3600_000);
  stop(r);
  // A day on: Gray's clock stands at 0, and the page is told (it may claim); no flag falls.
  now.t = T0 + DAY + 1;
  r2.connected();
  assert.equal(r2.reading()?.gray, 0);
  assert.deepEqual(again.flags, [], 'the friend’s flag is this seat’s to claim');
  assert.equal(again.changes(), 1);
  again.stop(r2);
  // On Gray's device, its own flag falls: its own clock says so.
  const grays = board(g, now, 'gray');
  const r3 = new ClockRunner(/** @type {any} */ (grays.b));
  r3.start(/** @type {any} */ (g));
  assert.deepEqual(grays.flags, ['gray']);
  assert.deepEqual([flags, changes()], [[], 0]);
});

test('the clock runner takes a friend’s link’s stamp for the turn it brings, or runs from now', () => {
  const now = { t: T0 + 3 * 3600_000 };
  const g = game(1, { TimeControl: '1d', [MOVE_STAMP_TAG]: formatMoveStamp(1, T0 - 3600_000) });
  const { b, stop } = board(g, now, 'blue');
  const r = new ClockRunner(/** @type {any} */ (b));
  r.start(/** @type {any} */ (g));
  g.ply = 2;
  r.moved(/** @type {any} */ (g), 'gray');
  assert.equal(g.tag(MOVE_STAMP_TAG), formatMoveStamp(1, T0 - 3600_000), 'the friend’s move is not stamped here');
  assert.equal(r.stamped(/** @type {any} */ (g), formatMoveStamp(2, T0)), null);
  assert.equal(r.reading()?.blue, DAY - 3 * 3600_000);
  assert.equal(r.stamped(/** @type {any} */ (g), 'not a stamp'), 'unreadable');
  assert.equal(r.reading()?.blue, DAY);
  stop(r);
});

test('a link’s loss on time: the friend’s own is claimed here, one against this seat only when its clock ran out', () => {
  const gs = { history: ['a', 'b'], result: null };
  const grayLost = { winner: /** @type {const} */ ('blue'), reason: /** @type {const} */ ('time'), token: '1-0', text: '' };
  assert.deepEqual(linkEnding(gs, 'blue', ['a', 'b'], grayLost, null, 5000), { end: 'claim' });
  // Gray's device, with time left by its own clock: refused and said.
  const refused = linkEnding(gs, 'gray', ['a', 'b'], grayLost, null, 3 * 3600_000);
  assert.deepEqual(refused, { notice: { key: 'friend.timeClaimRefused', params: { side: 'gray', time: '3:00:00' } } });
  // Its clock at 0: its own flag falls; no clock to tell: the link changes nothing.
  assert.equal(linkEnding(gs, 'gray', ['a', 'b'], grayLost, null, 0), null);
  assert.equal(linkEnding(gs, 'gray', ['a', 'b'], grayLost, null, null), null);
});
