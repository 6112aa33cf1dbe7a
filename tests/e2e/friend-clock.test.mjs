// End-to-end: the clock of a game by link of a day a move (docs/RULES.md ruling R37), between
// devices that share nothing but the links they send (each a browser context, its clock the
// test's: Playwright's page.clock, so that no one waits a day). The receiver's clock runs from the
// sender's stamped move, not from when the link is opened (nor, after a reload, from then); a friend who lets their day run out
// is claimed on time, and the link carries the claim, which the friend's device takes only once
// its own clock, run from the same stamp, has run out; a move made after the friend's day ran
// out (by its stamp, or with none, by when its link is opened) is not played.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyLink, state, waitReady, waitText } from './helpers.mjs';
import { setUpDevices, playAMove, follow } from './devices.mjs';

const env = setUpDevices();

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** A new game by link of a day a move from the New game form, this device playing Blue. */
async function startDaily(page) {
  await page.selectOption('#variant', 'sackson');
  await page.selectOption('#mode', 'friend');
  await page.selectOption('#side', 'blue');
  await page.selectOption('#clock', '1d');
  await page.click('#new-game');
  await page.waitForFunction(() => {
    const el = /** @type {any} */ (window).bluegray.element;
    return el.settings.mode === 'friend' && el.clocks?.control === '1d' && el.state?.history.length === 0;
  });
}

/**
 * A game by link of a day a move: Blue's device (its clock at `t0`) starts it and moves, and
 * Gray's device (its clock at `grayAt`) opens Blue's link.
 * @param {number} t0
 * @param {number} grayAt
 */
async function dailyGame(t0, grayAt) {
  const a = await env.device('', { clock: t0 });
  await startDaily(a.page);
  await playAMove(a.page, 0);
  const b = await env.device('', { clock: grayAt });
  await follow(b.page, await copyLink(a.page, '#send-link'), 1);
  return { a, b };
}

/** The board's clocks now, as the page reads them, and its device's time (`now`). */
const clocksOf = (page) => page.evaluate(() => ({ .../** @type {any} */ (window).bluegray.element.clocks, now: Date.now() }));

test('a link opened six hours late has run six hours down; a day on, Blue claims on time, and Gray’s device takes it once its own clock ran out', async () => {
  const t0 = Date.now();
  const a = await env.device('', { clock: t0 });
  await startDaily(a.page);
  await playAMove(a.page, 0);
  const link = await copyLink(a.page, '#send-link');

  // Gray opens the link six hours later by its clock: its day is already six hours down.
  const b = await env.device('', { clock: t0 + 6 * HOUR });
  await follow(b.page, link, 1);
  await waitText(b.page, '#status', /Your move \(Gray\)/);
  const c = await clocksOf(b.page);
  assert.equal(c.running, 'gray');
  assert.ok(c.gray < 18 * HOUR + 10 * 60 * 1000 && c.gray > 17 * HOUR, `Gray has about 18 hours left, not a day: ${c.gray}`);
  // It runs from the stamp the link carries, Blue's clock when it moved.
  const stamp = String(new URLSearchParams(new URL(link).hash.slice(1)).get('record')).match(/\[MoveStamp "1 ([^"]+)"\]/);
  assert.ok(stamp, 'the link carries the move’s stamp');
  const moved = Date.parse(stamp[1]);
  assert.ok(moved >= t0 && moved < t0 + HOUR, 'stamped by Blue’s clock when it moved');
  assert.ok(Math.abs(c.gray - (DAY - (c.now - moved))) < 60 * 1000, 'a day from the stamp');
  // Gray's page opened again: its clock goes on from the same stamp, it does not start afresh.
  await b.page.reload();
  await waitReady(b.page);
  await waitText(b.page, '#status', /Your move \(Gray\)/);
  const again = await clocksOf(b.page);
  assert.ok(Math.abs(again.gray - (DAY - (again.now - moved))) < 60 * 1000, `after a reload, still a day from the stamp: ${again.gray}`);

  // Blue's board: nothing to claim while Gray's day runs.
  assert.equal(await a.page.isVisible('#claim'), false);
  const early = await a.page.evaluate(() => {
    try {
      /** @type {any} */ (window).bluegray.element.claim();
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(String(early), /Gray still has time on their clock/);

  // A day after Blue's move, by Blue's clock: Gray's flag is Blue's to claim, and the win on time only.
  await a.page.clock.fastForward(DAY + 60 * 1000);
  await waitText(a.page, '#claim-text', /Gray has used all the time for this move: you may claim the win on time/);
  assert.equal(await a.page.isVisible('#claim-draw'), false, 'a flag fall is never a draw');
  assert.equal((await clocksOf(a.page)).gray, 0);
  assert.equal((await state(a.page)).result, undefined, 'the game goes on until Blue claims it');
  await a.page.click('#claim-win');
  await waitText(a.page, '#status', /Blue wins on time: Gray's flag fell/);
  await waitText(a.page, '#notice', /send the link so that your friend learns of it/);
  const claim = await copyLink(a.page, '#send-link');
  const s = await state(a.page);
  assert.deepEqual([s.result?.winner, s.result?.reason, s.result?.token], ['blue', 'time', '1-0']);

  // Gray's device, still within its day by its own clock, refuses the claim and plays on, the
  // link opened in a fresh page too.
  await b.page.goto('about:blank');
  await follow(b.page, claim, 1);
  await waitText(b.page, '#notice', /This link says your time \(Gray\) ran out, but by your clock.*you still have/);
  assert.equal((await state(b.page)).result, undefined, 'the game goes on on Gray’s device');
  // Past the day by Gray's clock too, from the same stamp: its own flag falls, as Blue claimed,
  // and the claim's link then agrees with the game Gray's device keeps.
  await b.page.clock.fastForward(DAY);
  await follow(b.page, claim, 1);
  await waitText(b.page, '#status', /Blue wins on time: Gray's flag fell/);
  assert.deepEqual([(await state(b.page)).result?.winner, (await state(b.page)).result?.reason], ['blue', 'time']);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a stamp back-dated before the receiver’s own last move is refused: the turn runs from when the link is opened', async () => {
  const t0 = Date.now();
  const { a, b } = await dailyGame(t0, t0 + HOUR);
  await playAMove(b.page, 1);
  const honest = await copyLink(b.page, '#send-link');
  await follow(a.page, honest, 2);
  await playAMove(a.page, 2);
  // Blue's device forges its stamp: two days back, before Gray's move, as if Gray's day were gone.
  const link = new URL(await copyLink(a.page, '#send-link'));
  const fragment = new URLSearchParams(link.hash.slice(1));
  const record = String(fragment.get('record'));
  const forged = record.replace(/\[MoveStamp "3 [^"]+"\]/, `[MoveStamp "3 ${new Date(t0 - 2 * DAY).toISOString()}"]`);
  assert.notEqual(forged, record);
  fragment.set('record', forged);
  link.hash = fragment.toString();
  await follow(b.page, link.href, 3);
  await waitText(b.page, '#notice', /stamped earlier than the move before it/);
  const c = await clocksOf(b.page);
  assert.ok(c.gray > DAY - HOUR, `Gray's day runs from now: ${c.gray}`);
  assert.equal((await state(b.page)).result, undefined);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

/** `link` with its record's `MoveStamp` tag made `stamp` (null: the tag left out). */
function restamped(link, stamp) {
  const url = new URL(link);
  const fragment = new URLSearchParams(url.hash.slice(1));
  const record = String(fragment.get('record'));
  const tag = /\[MoveStamp "[^"]+"\]\n?/;
  assert.match(record, tag);
  fragment.set('record', record.replace(tag, stamp === null ? '' : `[MoveStamp "${stamp}"]\n`));
  url.hash = fragment.toString();
  return url.href;
}

test('a move made after the friend’s day ran out is not played, stamped so or with no stamp; one stamped in time is, however late its link is opened', async () => {
  const t0 = Date.now();
  const { a, b } = await dailyGame(t0, t0 + 23 * HOUR);
  await playAMove(b.page, 1);
  const honest = await copyLink(b.page, '#send-link');
  const stamp = String(new URLSearchParams(new URL(honest).hash.slice(1)).get('record')).match(/\[MoveStamp "2 (\S+)(?: \S+)?"\]/);
  assert.ok(stamp, 'Gray’s link carries its stamp');
  assert.ok(Date.parse(stamp[1]) < t0 + DAY, 'stamped when Gray moved, within its day');

  // A day and an hour after Blue's move, by Blue's clock: Gray's day is gone.
  await a.page.clock.fastForward(DAY + HOUR);
  await waitText(a.page, '#claim-text', /Gray has used all the time for this move/);
  // Gray's modified device stamps its move after its day ran out, or leaves the stamp out.
  for (const late of [restamped(honest, `2 ${new Date(t0 + DAY + HOUR / 2).toISOString()}`), restamped(honest, null)]) {
    // Opened in a fresh page, as a link from a message is: the game's clocks load as it opens.
    await a.page.goto('about:blank');
    await follow(a.page, late, 1);
    await waitText(a.page, '#notice', /made after your friend’s time for it had run out, so it is not played: you may claim the win on time/);
    const s = await state(a.page);
    assert.equal(s.history.length, 1, 'the late move is not played');
    assert.equal(s.result, undefined);
    assert.equal((await clocksOf(a.page)).gray, 0);
    assert.equal(await a.page.isVisible('#claim-win'), true, 'Blue may claim the win on time');
  }
  // Gray's honest link, stamped within its day, opened now: the move was made in time and is
  // played, and Blue's day runs from its stamp.
  await follow(a.page, honest, 2);
  await waitText(a.page, '#status', /Your move \(Blue\)/);
  assert.equal((await state(a.page)).result, undefined);
  const c = await clocksOf(a.page);
  assert.ok(Math.abs(c.blue - (DAY - (c.now - Date.parse(stamp[1])))) < 60 * 1000, `a day from Gray's stamp: ${c.blue}`);
  assert.equal(await a.page.isVisible('#claim-win'), false);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a takeback by link buys no time: the asker’s turn, running again, counts from when it began on both devices', async () => {
  const t0 = Date.now();
  // Gray opens Blue's link an hour later, moves four hours after that, and asks to take it back.
  const { a, b } = await dailyGame(t0, t0 + HOUR);
  await b.page.clock.fastForward(4 * HOUR);
  await playAMove(b.page, 1);
  await waitText(b.page, '#undo', /^Ask to take back$/);
  await b.page.click('#undo');
  await waitText(b.page, '#takeback-offer-text', /You asked to take back your move/);
  const asked = await copyLink(b.page, '#send-link');
  // Blue accepts six hours after its move: Gray's turn runs again from Blue's move, 18 hours left.
  await a.page.clock.fastForward(6 * HOUR);
  await follow(a.page, asked, 2);
  await waitText(a.page, '#takeback-offer-text', /Takeback\? Gray asks to take back their last move\./);
  await a.page.click('#accept-takeback');
  await a.page.waitForFunction(() => window.bluegray.state.history.length === 1);
  const onBlue = await clocksOf(a.page);
  assert.equal(onBlue.running, 'gray');
  assert.ok(Math.abs(onBlue.gray - (DAY - 6 * HOUR)) < 10 * 60 * 1000, `Gray's day from Blue's move, on Blue's device: ${onBlue.gray}`);
  // Gray's device takes the move back from the reply link, seven hours after Blue's move: 17 hours, not a new day.
  const reply = await copyLink(a.page, '#send-link');
  await b.page.clock.fastForward(2 * HOUR);
  await follow(b.page, reply, 1);
  await waitText(b.page, '#notice', /Your friend accepted: your move is taken back\./);
  const onGray = await clocksOf(b.page);
  assert.equal(onGray.running, 'gray');
  assert.ok(Math.abs(onGray.gray - (DAY - 7 * HOUR)) < 10 * 60 * 1000, `Gray's day from Blue's move, on Gray's device: ${onGray.gray}`);
  // The game goes on from there: Gray's next move's link is stamped, and Blue's day runs from it.
  await playAMove(b.page, 1);
  await follow(a.page, await copyLink(b.page, '#send-link'), 2);
  await waitText(a.page, '#status', /Your move \(Blue\)/);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});
