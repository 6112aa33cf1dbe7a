// End-to-end: takebacks between people on the page (docs/RULES.md R38), two devices as players
// use them. Live through a real relay: the seat whose move is the last presses "Ask to take back"
// (the Undo control) or Ctrl+Z, its panel says the request stands, the other device shows
// "Takeback? Accept / Decline"; Accept takes the move back on both boards, Decline clears it there
// and the next move answers no, which the asker is told; an onlooker reads it only; the asker's
// Withdraw takes the request off both devices and bars another until the next move. By link: the
// request travels in the asker's next link, the receiver accepts, and its reply link takes the
// move back on the asker's device (a link one move behind without the asker's request does not);
// a withdrawal travels in the asker's next link too. Against the computer, Undo and Ctrl+Z stay
// as they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyLink, state, waitText, waitPly, playMove } from './helpers.mjs';
import { setUpDevices, setUpRelay, liveGame, liveMove, startFromForm, playAMove, follow, sendMoves } from './devices.mjs';

const env = setUpDevices();
const relay = setUpRelay();

/**
 * Two devices of a game by link after three moves, Blue's request to take back its last one
 * brought to Gray's device (b) with Blue's next link.
 */
async function askedByLink() {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 3);
  await a.page.click('#undo');
  await follow(b.page, await copyLink(a.page, '#send-link'), 3);
  await waitText(b.page, '#takeback-offer-text', /Takeback\? Blue asks/);
  return { a, b };
}

/** The history of `page`'s game once it has `n` moves. */
async function historyAt(page, n) {
  await page.waitForFunction((k) => window.bluegray.state.history.length === k, n, { timeout: 10000 });
  return (await state(page)).history;
}

test('live: Ask to take back on the page, accepted on the other device: both boards lose the move', async () => {
  const { a, b } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  // Gray's move is the last: Blue's control reads "Ask to take back", and is not open yet.
  await waitText(a.page, '#undo', /^Ask to take back$/);
  assert.equal(await a.page.isDisabled('#undo'), true, 'the last move is the friend’s');
  await liveMove(a, b, 0);
  const before = (await state(a.page)).history;
  await a.page.waitForSelector('#undo:not([disabled])');
  assert.equal(await b.page.isDisabled('#undo'), true, 'Gray’s last move is not the last one');
  await a.page.click('#undo');
  await waitText(a.page, '#takeback-offer-text', /You asked to take back your move/);
  assert.equal(await a.page.isVisible('#accept-takeback'), false, 'one does not accept one’s own request');
  assert.equal(await a.page.isDisabled('#undo'), true, 'asked once');
  await waitText(b.page, '#takeback-offer-text', /Takeback\? Blue asks to take back their last move\./);
  await b.page.click('#accept-takeback');
  for (const d of [a, b]) assert.deepEqual(await historyAt(d.page, 2), before.slice(0, 2));
  await waitText(a.page, '#notice', /Your friend accepted: your move is taken back\./);
  for (const d of [a, b]) await d.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  // Blue moves again, and play goes on on both devices: the request went with its move, and
  // Blue may ask again for the new one.
  await liveMove(a, b, 1);
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  for (const d of [a, b]) assert.equal(await d.page.evaluate(() => window.bluegray.element.takebackOffer), null);
  assert.equal(await b.page.isHidden('#takeback-offer'), true);
  await a.page.waitForSelector('#undo:not([disabled])');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('live: Ctrl+Z asks; the friend declines and moves, and the asker is told it was declined; an onlooker answers neither a takeback nor a draw offer', async () => {
  const { a, b } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await liveMove(a, b, 0);
  await a.page.waitForSelector('#undo:not([disabled])');
  await a.page.locator('#status').click();
  await a.page.keyboard.press('Control+z');
  await waitText(a.page, '#takeback-offer-text', /You asked to take back your move: waiting for your friend’s answer\./);
  await waitText(b.page, '#takeback-offer-text', /Takeback\? Blue asks/);
  // An onlooker reads the request, and has nothing to answer nor to ask.
  const c = await env.device(await copyLink(b.page, '#invite-link', /Watch link copied/));
  await c.page.waitForFunction(() => window.bluegray.element.presence?.seat === 'watch', null, { timeout: 10000 });
  await waitText(c.page, '#takeback-offer-text', /Takeback\? Blue asks/);
  assert.equal(await c.page.isVisible('#accept-takeback'), false);
  assert.equal(await c.page.isVisible('#decline-takeback'), false);
  assert.equal(await c.page.isDisabled('#undo'), true);
  await b.page.click('#decline-takeback');
  await b.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  await waitText(b.page, '#notice', /You declined the takeback: your friend learns of it with your move\./);
  assert.equal((await state(b.page)).history.length, 3, 'nothing taken back');
  await liveMove(b, a, 1);
  await waitText(a.page, '#notice', /Your friend played on: your takeback request was declined\./);
  await a.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  assert.deepEqual(await historyAt(a.page, 4), await historyAt(b.page, 4));
  await c.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  // A draw offer, likewise: the onlooker reads it and has nothing to answer.
  await a.page.click('#offer-draw');
  await waitText(c.page, '#draw-offer-text', /Blue offers a draw/);
  await b.page.waitForSelector('#accept-draw', { state: 'visible' });
  assert.equal(await c.page.isVisible('#accept-draw'), false);
  assert.equal(await c.page.isVisible('#decline-draw'), false);
  for (const d of [a, b, c]) assert.deepEqual(d.problems, []);
});

test('by link: the request travels in the asker’s next link, is accepted there, and the reply link takes the move back on the asker’s device', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 3);
  const before = (await state(a.page)).history;
  // Blue has sent its move's link; before Gray's reply it asks to take the move back.
  await waitText(a.page, '#undo', /^Ask to take back$/);
  await a.page.click('#undo');
  await waitText(a.page, '#takeback-offer-text', /You asked to take back your move: send the link, and your friend answers with theirs\./);
  await follow(b.page, await copyLink(a.page, '#send-link'), 3);
  await waitText(b.page, '#takeback-offer-text', /Takeback\? Blue asks to take back their last move\./);
  assert.deepEqual(await b.page.evaluate(() => window.bluegray.element.takebackOffer), { side: 'blue', ply: 3 });
  await b.page.click('#accept-takeback');
  assert.deepEqual(await historyAt(b.page, 2), before.slice(0, 2));
  await waitText(b.page, '#notice', /The move is taken back: send the link/);
  const reply = await copyLink(b.page, '#send-link');
  await follow(a.page, reply, 2);
  await waitText(a.page, '#notice', /Your friend accepted: your move is taken back\./);
  const s = await state(a.page);
  assert.deepEqual(s.history, before.slice(0, 2));
  assert.equal(s.side, 'blue', 'Blue to move again');
  // Play goes on from there by link.
  await playAMove(a.page, 1);
  await follow(b.page, await copyLink(a.page, '#send-link'), 3);
  assert.deepEqual((await state(b.page)).history, (await state(a.page)).history);
  // The same reply link opened again, now that Blue has moved on without asking, takes nothing back.
  await a.page.goto(reply);
  await waitText(a.page, '#notice', /no request of yours to take it back stands here/);
  assert.equal((await state(a.page)).history.length, 3);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('by link: a request declined by playing on is told to the asker; a link taking back a move never asked back is refused', async () => {
  const { a, b } = await askedByLink();
  await b.page.click('#decline-takeback');
  await b.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  await playAMove(b.page, 3);
  await follow(a.page, await copyLink(b.page, '#send-link'), 4);
  await waitText(a.page, '#notice', /Your friend played on: your takeback request was declined\./);
  await a.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  // Blue moves without asking; a forged reply takes that move back as if Blue had asked.
  await playAMove(a.page, 4);
  await follow(b.page, await copyLink(a.page, '#send-link'), 5);
  const forged = await b.page.evaluate(() => {
    const el = window.bluegray.element;
    el.takeback({ side: 'blue' });
    el.takeback({ accept: true });
    return el.record;
  });
  const url = new URL(await copyLink(b.page, '#send-link'));
  const fragment = new URLSearchParams(url.hash.slice(1));
  fragment.set('record', forged);
  url.hash = fragment.toString();
  await a.page.goto(url.href);
  await waitText(a.page, '#notice', /no request of yours to take it back stands here/);
  assert.equal((await state(a.page)).history.length, 5, 'the game stays as it was');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('live: the asker withdraws its request: it goes from both devices, and no other is asked before the next move', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await liveMove(a, b, 0);
  await a.page.waitForSelector('#undo:not([disabled])');
  assert.equal(await a.page.isVisible('#withdraw-takeback'), false, 'nothing to withdraw before asking');
  await a.page.click('#undo');
  await waitText(b.page, '#takeback-offer-text', /Takeback\? Blue asks/);
  assert.equal(await b.page.isVisible('#withdraw-takeback'), false, 'the seat asked does not withdraw');
  await a.page.click('#withdraw-takeback');
  await waitText(a.page, '#notice', /You withdrew your takeback request: your friend is told now\./);
  await waitText(b.page, '#notice', /Your friend withdrew their takeback request\./);
  for (const d of [a, b]) {
    await d.page.waitForSelector('#takeback-offer', { state: 'hidden' });
    assert.equal(await d.page.evaluate(() => window.bluegray.element.takebackOffer), null);
  }
  const kept = await relay.retainedWhen(id, (s) => typeof s.takeback?.withdraw === 'string');
  assert.equal(kept?.moves.length, 3, 'withdrawn on the relay, nothing taken back');
  // Blue may not ask again for the same move: the control stays shut, and the element asks nothing.
  assert.equal(await a.page.isDisabled('#undo'), true);
  assert.equal(await a.page.evaluate(() => window.bluegray.element.canAskTakeback), false);
  await a.page.evaluate(() => window.bluegray.element.takeback());
  assert.equal(await a.page.evaluate(() => window.bluegray.element.takebackOffer), null);
  const refused = await a.page.evaluate(() => {
    try {
      window.bluegray.element.takeback({ withdraw: true });
      return null;
    } catch (e) {
      return String(/** @type {Error} */ (e).message);
    }
  });
  assert.match(refused ?? '', /No takeback request of this seat’s stands in this game\./);
  // Gray plays on; after Blue's next move Blue may ask again.
  await liveMove(b, a, 1);
  await liveMove(a, b, 0);
  await a.page.waitForSelector('#undo:not([disabled])');
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  assert.equal((await state(a.page)).history.length, 5);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('by link: a withdrawn request travels in the asker’s next link and goes from the friend’s device', async () => {
  const { a, b } = await askedByLink();
  await a.page.click('#withdraw-takeback');
  await waitText(a.page, '#notice', /You withdrew your takeback request: send the link so that your friend learns of it\./);
  await a.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  assert.equal(await a.page.isDisabled('#undo'), true, 'no other request for this move');
  await b.page.goto(await copyLink(a.page, '#send-link'));
  await waitText(b.page, '#notice', /Blue withdrew their takeback request\./);
  await b.page.waitForSelector('#takeback-offer', { state: 'hidden' });
  assert.equal(await b.page.evaluate(() => window.bluegray.element.takebackOffer), null);
  assert.equal((await state(b.page)).history.length, 3, 'nothing taken back');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('against the computer Undo and Ctrl+Z take back as before, and ask nobody', async () => {
  const { page, problems } = await env.device('?mode=ai&side=blue&level=1');
  await waitText(page, '#status', /Your move \(Blue\)/);
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  await waitText(page, '#undo', /^Undo$/);
  assert.equal(await page.isHidden('#takeback-offer'), true);
  await page.click('#undo');
  await waitPly(page, 0);
  await playMove(page, 'd2-d3');
  await waitPly(page, 2);
  await page.locator('#status').click();
  await page.keyboard.press('Control+z');
  await waitPly(page, 0);
  assert.deepEqual(problems, []);
});
