// Unit tests of www/lib/clock.js (time controls and the clocks' arithmetic, with the time given),
// the live protocol's clocks (www/live/live-protocol.js: a game's time control bound by the
// host, each move's time signed by its mover, a flag fall signed or claimed) and the acceptance
// rule: a device takes a move's claimed time only within what it measured, so a clock that gives
// itself time is ignored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseTimeControl, newClocks, remaining, fallen, run, afterMove, clocksFromTimes, formatClock, acceptedTime, turnStarts, liveClocks, LAG_ALLOWANCE, TIME_CONTROLS } from '../../www/lib/clock.js';
import { moversOf } from '../../www/element/clocks.js';
import { replayWith, firstSnapshot, withMove, withEnd, restamped } from '../../www/live/live-protocol.js';
import { parseSnapshot, checkSnapshot, compare, withSignedOf, CLAIM_REFUSED } from '../../www/live/live-check.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';
import { loadCore } from './core.mjs';

const core = await loadCore();

test('time controls read as the rules core reads them', () => {
  assert.deepEqual(parseTimeControl('5+3'), { text: '5+3', baseMs: 300_000, incMs: 3000, days: 0 });
  assert.deepEqual(parseTimeControl(' 0.05+0 '), { text: '0.05+0', baseMs: 3000, incMs: 0, days: 0 });
  assert.deepEqual(parseTimeControl('.5+2'), { text: '0.5+2', baseMs: 30_000, incMs: 2000, days: 0 });
  assert.deepEqual(parseTimeControl('3D'), { text: '3d', baseMs: 3 * 86_400_000, incMs: 0, days: 3 });
  assert.equal(parseTimeControl('none'), null);
  assert.equal(parseTimeControl(''), null);
  for (const bad of ['5', '+3', '5+', '0+5', '181+0', '5+181', '0d', '31d', 'd', '5+3+1', '0.0001+0', '1.5d', '-1+0', 5]) {
    assert.equal(parseTimeControl(bad), undefined, String(bad));
  }
  for (const c of TIME_CONTROLS) assert.equal((parseTimeControl(c) ?? { text: 'none' }).text, c);
  // Each agrees with the rules core, which keeps it in the record's TimeControl tag.
  const g = new core.Game('sackson');
  for (const c of ['5+3', '0.05+0', '3d']) {
    g.setTag('TimeControl', c);
    assert.match(g.record(), new RegExp(`\\[TimeControl "${c.replace('+', '\\+').replace('.', '\\.')}"\\]`));
  }
  g.free();
});

test('two clocks: the first move starts them, each move stops the mover’s and adds the increment, the flag falls at zero', () => {
  const control = /** @type {import('../../www/lib/clock.js').TimeControl} */ (parseTimeControl('1+2'));
  let c = newClocks(control, 0);
  assert.equal(c.running, null);
  assert.equal(remaining(c, 'blue', 50_000), 60_000, 'no clock runs before the first move');
  c = afterMove(c, 'blue', 1000); // the first move: Blue's time was not running
  assert.deepEqual([c.blue, c.gray, c.running, c.since], [62_000, 60_000, 'gray', 1000]);
  assert.equal(remaining(c, 'gray', 11_000), 50_000);
  assert.equal(fallen(c, 11_000), null);
  c = afterMove(c, 'gray', 11_000);
  assert.deepEqual([c.blue, c.gray, c.running], [62_000, 52_000, 'blue']);
  assert.equal(fallen(c, 11_000 + 62_000), 'blue');
  assert.equal(remaining(c, 'blue', 99_999_999), 0);
  const stopped = run(c, null, 20_000);
  assert.deepEqual([stopped.blue, stopped.running], [53_000, null]);
  // Days per move: a whole move's allowance again after each move.
  const days = newClocks(/** @type {any} */ (parseTimeControl('1d')), 0);
  const d = afterMove(afterMove(days, 'blue', 0), 'gray', 3_600_000);
  assert.equal(d.gray, 86_400_000);
  // From a record's times: the side to move's clock runs.
  assert.deepEqual(moversOf(3, 'gray'), ['blue', 'gray', 'blue']);
  const back = clocksFromTimes(control, [61_000, null, 40_000], moversOf(3, 'gray'), 'gray', false, 5);
  assert.deepEqual([back.blue, back.gray, back.running, back.since], [40_000, 60_000, 'gray', 5]);
  assert.equal(clocksFromTimes(control, [], [], 'blue', false, 5).running, null);
  assert.equal(clocksFromTimes(control, [1], ['blue'], 'gray', true, 5).running, null);
});

test('a clock’s text', () => {
  assert.equal(formatClock(300_000), '5:00');
  assert.equal(formatClock(59_999), '0:59');
  assert.equal(formatClock(7_345), '0:07.3');
  assert.equal(formatClock(3_723_000), '1:02:03');
  assert.equal(formatClock(2 * 86_400_000 + 3 * 3_600_000), '2d 03:00');
  assert.equal(formatClock(-5), '0:00.0');
});

test('a live move’s claimed time is accepted only within what the receiver measured, with the lag allowance', () => {
  const control = /** @type {any} */ (parseTimeControl('3+2'));
  // Blue had 100 s when its turn began here; its move arrived 10 s later: at most 92 s + the lag.
  const base = { before: 100_000, elapsed: 10_000, control };
  assert.equal(acceptedTime({ ...base, claimed: 91_500 }), 91_500, 'an honest claim (the mover’s own clock)');
  assert.equal(acceptedTime({ ...base, claimed: 92_000 + LAG_ALLOWANCE }), 93_000, 'within the lag allowance');
  assert.equal(acceptedTime({ ...base, claimed: 150_000 }), 92_000, 'a clock that gives itself time is ignored: the receiver’s own measure');
  assert.equal(acceptedTime({ ...base, claimed: -1 }), 92_000);
  assert.equal(acceptedTime({ ...base, claimed: NaN }), 92_000);
  assert.equal(acceptedTime({ ...base, elapsed: 200_000, claimed: 5000 }), 2000, 'a move after the flag: only the increment');
  const days = /** @type {any} */ (parseTimeControl('1d'));
  assert.equal(acceptedTime({ before: 86_400_000, elapsed: 3_600_000, control: days, claimed: 86_400_000 }), 86_400_000);
});

/** A game with a clock started by Blue: keys, signers, its first snapshot. */
async function timedGame(clock = '1+0') {
  const id = newGameId();
  const blue = await newIdentity();
  const gray = await newIdentity();
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const snap = await firstSnapshot({ id, variant: 'sackson', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: signBlue, clock });
  const expect = { id, hostKey: blue.key, known: null, replay: replayWith(core.Game) };
  return { id, signBlue, signGray, snap, expect };
}

const wire = (snap) => parseSnapshot(JSON.stringify(snap));

test('live: the time control is the host’s, each move’s time is signed by its mover, and a changed one is refused', async () => {
  const g = await timedGame();
  assert.equal(g.snap.clock, '1+0');
  assert.equal(await checkSnapshot(wire(g.snap), g.expect), null);
  // The relay cannot give the game another clock.
  assert.match(String(await checkSnapshot(wire({ ...g.snap, clock: '180+0' }), g.expect)), /not signed by the host/);
  let s = await withMove(g.snap, ['e2-e3'], g.signBlue, 'blue', 59_000, 1000);
  s = await withMove(s, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 58_000, 3000);
  assert.deepEqual([s.times, s.at], [
    [59_000, 58_000],
    [1000, 3000],
  ]);
  assert.equal(await checkSnapshot(wire(s), g.expect), null);
  // A time changed after signing (by the relay, or the mover after the fact) is refused.
  assert.match(String(await checkSnapshot(wire({ ...s, times: [59_000, 600_000] }), g.expect)), /move 2 is not signed by gray/);
  assert.equal(wire({ ...s, times: [59_000] }), null, 'one time per move');
  assert.equal(wire({ ...s, at: [1000, -3] }), null);
});

test('live: a flag fall holds signed by the flagged seat, or claimed by the other while the flagged side is to move', async () => {
  const g = await timedGame();
  assert.match(String(await checkSnapshot(wire(await withEnd(g.snap, 'time', 'gray', g.signBlue)), g.expect)), /without a running clock/);
  const one = await withMove(g.snap, ['e2-e3'], g.signBlue, 'blue', 60_000, 1000);
  // Gray is to move: Blue claims Gray's flag (Gray's device may be closed); Gray may own it.
  const claim = await withEnd(one, 'time', 'gray', g.signBlue);
  // This device saw Gray's turn begin at 1000: the claim holds once Gray's minute is gone here.
  const seen = { ...g.expect, starts: [0, 1000], now: 61_000 };
  assert.equal(await checkSnapshot(wire(claim), seen), null);
  assert.equal(compare(claim, one), 'newer');
  assert.equal(await checkSnapshot(wire(await withEnd(one, 'time', 'gray', g.signGray)), g.expect), null, 'Gray’s own, whenever');
  // Gray cannot claim Blue's flag while Blue is not to move; a stranger's claim is refused.
  assert.match(String(await checkSnapshot(wire(await withEnd(one, 'time', 'blue', g.signGray)), g.expect)), /side that has just moved/);
  const stranger = await signer((await newIdentity()).privateJwk);
  assert.match(String(await checkSnapshot(wire(await withEnd(one, 'time', 'gray', stranger)), g.expect)), /not signed by a seat/);
  // A game without a clock has no flag to fall.
  const plain = await firstSnapshot({ id: g.id, variant: 'sackson', host: 'blue', keys: g.snap.keys, sign: g.signBlue });
  assert.equal(plain.clock, undefined);
});

test('live: the other seat’s flag claim holds only when the flagged side’s time is gone by this device’s measure', async () => {
  const g = await timedGame();
  const one = await withMove(g.snap, ['e2-e3'], g.signBlue, 'blue', 60_000, 1_000_000);
  const two = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 59_000, 1_002_000);
  // Gray's modified client claims Blue's flag at once: Blue, to move, has about 59.6 s of its minute.
  const early = wire(await withEnd(two, 'time', 'blue', g.signGray));
  const blueSaw = { ...g.expect, known: two, present: { seat: /** @type {const} */ ('blue'), since: 0 }, starts: [900_000, 1_000_000, 1_002_400] };
  assert.equal(await checkSnapshot(early, { ...blueSaw, now: 1_002_800 }), CLAIM_REFUSED.flag);
  // Within the lag allowance of the minute's end, and after it, the claim holds.
  assert.equal(await checkSnapshot(early, { ...blueSaw, now: 1_002_400 + 60_000 - LAG_ALLOWANCE }), null);
  assert.equal(await checkSnapshot(early, { ...blueSaw, now: 1_002_400 + 61_000 }), null);
  // A device that did not see the turn begin counts it from the stamps (Blue's turn from 1 002 000).
  assert.equal(await checkSnapshot(early, { ...g.expect, now: 1_002_000 + 30_000 }), CLAIM_REFUSED.flag);
  assert.equal(await checkSnapshot(early, { ...g.expect, now: 1_002_000 + 60_000 }), null);
  // A move back-dated to 0 charges Blue nothing: its turn is counted from when the move came.
  const backdated = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 59_000, 0);
  const claimBack = wire(await withEnd(backdated, 'time', 'blue', g.signGray));
  assert.equal(await checkSnapshot(claimBack, { ...g.expect, now: 1_005_000 }), CLAIM_REFUSED.flag);
});

test('live: each turn begins by this device’s clock; a stamp back-dated or in the future charges no one', () => {
  const now = 5_000_000;
  // A device that follows the game: the move heard live began the next turn on arrival.
  assert.deepEqual(turnStarts({ kept: [1000, 2000], moves: 1, at: [0], live: true, now }), [1000, 2000]);
  assert.deepEqual(turnStarts({ kept: [1000, 2000], moves: 2, at: [1900, 0], live: true, now }), [1000, 2000, now]);
  // What it kept stays: a reload measures from its own receipt, not from the mover's stamp 0.
  assert.deepEqual(turnStarts({ kept: [1000, 2000, 4_000_000], moves: 2, at: [1900, 0], live: false, now }), [1000, 2000, 4_000_000]);
  // Catching up: stamps that hold count; one before an earlier stamp, or in the future, does not.
  assert.deepEqual(turnStarts({ kept: [1000], moves: 3, at: [1500, 2500, 3500], live: false, now }), [1000, 1500, 2500, 3500]);
  assert.deepEqual(turnStarts({ kept: [1000], moves: 3, at: [1500, 2500, 0], live: false, now }), [1000, 1500, 2500, now]);
  assert.deepEqual(turnStarts({ kept: [1000], moves: 2, at: [1500, now + LAG_ALLOWANCE + 1], live: false, now }), [1000, 1500, now]);
  assert.deepEqual(turnStarts({ kept: [1000], moves: 3, at: [1500, 9e15, 2500], live: false, now }), [1000, 1500, now, 2500]);
  // The first move's stamp is not before this device had the game; a game without stamps counts on arrival.
  assert.deepEqual(turnStarts({ kept: [1000], moves: 1, at: [0], live: false, now }), [1000, now]);
  assert.deepEqual(turnStarts({ kept: [], moves: 2, live: false, now }), [now, now, now]);
  // A move stamped 0 neither zeroes nor shortens the side to move's clock, live or caught up.
  const control = /** @type {import('../../www/lib/clock.js').TimeControl} */ (parseTimeControl('1+0'));
  for (const live of [true, false]) {
    const starts = turnStarts({ kept: [1000, 2000], moves: 2, at: [2000, 0], live, now });
    const c = liveClocks(control, [60_000, 59_000], ['blue', 'gray'], starts);
    assert.equal(c.running, 'blue');
    assert.equal(remaining(c, 'blue', now + 400), 59_600, live ? 'live' : 'caught up');
  }
});

test('live: a move that reached the relay late is signed again with its arrival; a device catching up then counts its turn as the players did', async () => {
  const g = await timedGame('3+2');
  const one = await withMove(g.snap, ['e2-e3'], g.signBlue, 'blue', 180_000, 1_000_000);
  // Gray moved at 1 010 000 with 170 s left (its own measure), off the network until 1 025 000.
  const sent = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 172_000, 1_010_000);
  const late = await restamped(sent, g.signGray, 1_025_000);
  assert.ok(late);
  assert.deepEqual([late.times, late.at], [
    [180_000, 157_000],
    [1_000_000, 1_025_000],
  ]);
  assert.equal(await checkSnapshot(wire(late), g.expect), null);
  // It is news to a device that has the first signing, and the first is not news to one that has it.
  assert.equal(compare(late, sent), 'newer');
  assert.equal(compare(sent, late), 'older');
  // A stamp changed without the time it costs gains nothing: not news, either way.
  const cheat = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 171_000, 1_025_000);
  assert.equal(compare(cheat, sent), 'same');
  assert.equal(compare(sent, cheat), 'same');
  // Not later, no clock or no move: nothing to sign again.
  assert.equal(restamped(sent, g.signGray, 1_010_000), null);
  assert.equal(restamped(g.snap, g.signBlue, 1_025_000), null);
  // A device that joins afterwards counts Gray's turn to its arrival, as Blue's device saw it
  // (Blue's turn, from 1 025 000, 10 s gone): both read Gray at 157 s and Blue at 170 s.
  const movers = replayWith(core.Game)('sackson', late.moves);
  const now = 1_035_000;
  const joiner = liveClocks(parseTimeControl('3+2'), late.times, movers, turnStarts({ kept: [], moves: 2, at: late.at, live: false, now }));
  const blueSaw = liveClocks(parseTimeControl('3+2'), sent.times, movers, [990_000, 1_000_000, 1_025_000]);
  for (const side of /** @type {const} */ (['blue', 'gray'])) assert.ok(Math.abs(remaining(joiner, side, now) - remaining(blueSaw, side, now)) <= LAG_ALLOWANCE, side);
  assert.equal(remaining(joiner, 'gray', now), 157_000);
});

test('live: a move signed again after the other seat replied to its first signing keeps its new stamp, in the reply and carried into it', async () => {
  const g = await timedGame('3+2');
  const one = await withMove(g.snap, ['e2-e3'], g.signBlue, 'blue', 180_000, 1_000_000);
  // Gray moved off the network; its move reached the relay at 1 025 000, and Blue replied to
  // that first signing at once, before Gray's device signed it again.
  const sent = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 172_000, 1_010_000);
  const reply = await withMove(sent, ['e2-e3', 'e8-e7', 'd2-d3'], g.signBlue, 'blue', 181_000, 1_026_000);
  // Gray's device signs its move again within the reply (move 2 of 3).
  const within = await restamped(reply, g.signGray, 1_025_000, 1);
  assert.ok(within);
  assert.deepEqual([within.times, within.at], [
    [180_000, 157_000, 181_000],
    [1_000_000, 1_025_000, 1_026_000],
  ]);
  assert.equal(within.sigs[2], reply.sigs[2], 'Blue’s reply keeps its signature');
  assert.equal(await checkSnapshot(wire(within), g.expect), null);
  assert.equal(compare(within, reply), 'newer');
  assert.equal(compare(reply, within), 'older');
  assert.equal(restamped(reply, g.signGray, 1_025_000, 3), null, 'no such move');
  // Or Gray's device signed it again first (late, 2 moves), then heard the reply built on the
  // first signing: it carries its own into the reply, and the other devices take that as news.
  const late = await restamped(sent, g.signGray, 1_025_000);
  assert.ok(late);
  const carried = withSignedOf(reply, late);
  assert.ok(carried);
  assert.deepEqual([carried.times, carried.at, carried.sigs], [within.times, within.at, [reply.sigs[0], late.sigs[1], reply.sigs[2]]]);
  assert.equal(await checkSnapshot(wire(carried), g.expect), null);
  assert.equal(compare(carried, reply), 'newer');
  assert.equal(compare(reply, carried), 'older');
  // Nothing to carry: the same stamps, a stamp changed without its cost, another game's moves.
  assert.equal(withSignedOf(reply, sent), null);
  const cheat = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray, 'gray', 171_000, 1_025_000);
  assert.equal(withSignedOf(reply, cheat), null);
  const other = await withMove(one, ['e2-e3', 'd8-d7'], g.signGray, 'gray', 172_000, 1_010_000);
  assert.equal(withSignedOf(reply, await restamped(other, g.signGray, 1_025_000)), null);
  // Moves signed again both ways (one each) cross: neither is news to the other.
  const blueLate = await restamped(reply, g.signBlue, 1_030_000);
  assert.ok(blueLate);
  assert.equal(compare(within, blueLate), 'same');
  assert.equal(compare(blueLate, within), 'same');
});
