// End-to-end: a game by link ended by a player's word, between devices that share nothing but the
// links they send (each a browser context): a resignation travels in the next link as a move
// does, an abort too, and a link that resigns the receiver's own seat changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyLink, state, waitText } from './helpers.mjs';
import { setUpDevices, startFromForm, playAMove, follow, sendMoves } from './devices.mjs';

const env = setUpDevices();


test('a resignation by link: asked, sent in the next link, and taken by the friend’s kept game', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 3);
  // Gray resigns on its turn, by the panel: asked first, for its own side.
  await waitText(b.page, '#status', /Your move \(Gray\)/);
  assert.equal(await b.page.isVisible('#abort'), false, 'both sides have moved');
  await b.page.click('#resign');
  await waitText(b.page, '#end-confirm-text', /Resign this game\? Gray loses\./);
  await b.page.click('#end-confirm-yes');
  await waitText(b.page, '#status', /Blue wins: Gray resigned\./);
  await waitText(b.page, '#notice', /send the link so that your friend learns of it/);
  const link = await copyLink(b.page, '#send-link');
  // Blue's device keeps the game: the link brings the resignation into it.
  await follow(a.page, link, 3);
  await waitText(a.page, '#status', /Blue wins: Gray resigned\./);
  const s = await state(a.page);
  assert.deepEqual([s.result?.winner, s.result?.reason, s.result?.token], ['blue', 'resignation', '1-0']);
  assert.match(s.record, /\[Termination "resignation"\]/);
  await waitText(a.page, '#recent-list', /result 1-0 by resignation/);
  const list = await a.page.evaluate(() => JSON.parse(localStorage.getItem('bluegray.games.v2') ?? '[]'));
  assert.equal(list.length, 1, 'still one kept game');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('an abort by link before both sides have moved; a link that resigns the receiver’s seat is refused', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  const honest = await copyLink(a.page, '#send-link');
  await follow(b.page, honest, 1);
  // A forged link: Blue's device resigns for Gray and sends that.
  const forged = await a.page.evaluate(() => {
    const el = /** @type {any} */ (window).bluegray.element;
    el.resign('gray');
    return el.record;
  });
  const url = new URL(honest);
  const fragment = new URLSearchParams(url.hash.slice(1));
  fragment.set('record', forged);
  url.hash = fragment.toString();
  await b.page.goto(url.href);
  await waitText(b.page, '#notice', /This link resigns for Gray, your side/);
  assert.equal((await state(b.page)).result, undefined, 'the game goes on');
  // Gray, not having moved, may still abort: by the panel, and the link takes it to Blue's device.
  const c = await env.device();
  await startFromForm(c.page, 'friend', 'blue');
  await playAMove(c.page, 0);
  const d = await env.device();
  await follow(d.page, await copyLink(c.page, '#send-link'), 1);
  await d.page.click('#abort');
  await d.page.click('#end-confirm-yes');
  await waitText(d.page, '#status', /Game aborted: no result\./);
  await follow(c.page, await copyLink(d.page, '#send-link'), 1);
  await waitText(c.page, '#status', /Game aborted: no result\./);
  assert.equal((await state(c.page)).result?.token, '*');
  for (const x of [a, b, c, d]) assert.deepEqual(x.problems, []);
});

test('a draw by link: offered with a move, declined by playing on, offered again and accepted', async () => {
  const a = await env.device();
  const b = await env.device();
  const offerOf = (d) => d.page.evaluate(() => /** @type {any} */ (window).bluegray.element.drawOffer);
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 2);
  // Blue offers on its turn, then moves: the offer goes with that move's link.
  await a.page.click('#offer-draw');
  await waitText(a.page, '#notice', /You offer a draw: it goes with your next link/);
  await waitText(a.page, '#draw-offer-text', /You offered a draw/);
  assert.equal(await a.page.isVisible('#accept-draw'), false, 'one does not accept one’s own offer');
  assert.equal(await offerOf(a), 'blue');
  await playAMove(a.page, 2);
  await follow(b.page, await copyLink(a.page, '#send-link'), 3);
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  assert.equal(await offerOf(b), 'blue');
  // Gray declines, and plays on: the offer lapses on Blue's device too, which says so.
  await b.page.click('#decline-draw');
  await b.page.waitForSelector('#draw-offer', { state: 'hidden' });
  await playAMove(b.page, 3);
  await follow(a.page, await copyLink(b.page, '#send-link'), 4);
  await waitText(a.page, '#notice', /Your friend played on: your draw offer was not taken\./);
  assert.equal(await offerOf(a), null);
  // Blue offers again through the element, moves, and Gray accepts.
  assert.deepEqual(await a.page.evaluate(() => /** @type {any} */ (window).bluegray.element.offerDraw()), { accepted: false });
  await playAMove(a.page, 4);
  await follow(b.page, await copyLink(a.page, '#send-link'), 5);
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  await b.page.click('#accept-draw');
  await waitText(b.page, '#status', /Draw by agreement\./);
  await waitText(b.page, '#notice', /send the link so that your friend learns of it/);
  await follow(a.page, await copyLink(b.page, '#send-link'), 5);
  await waitText(a.page, '#status', /Draw by agreement\./);
  await waitText(a.page, '#notice', /Your friend accepted your draw offer\./);
  const s = await state(a.page);
  assert.deepEqual([s.result?.reason, s.result?.token], ['agreement', '1/2-1/2']);
  assert.match(s.record, /\[Termination "agreement"\]/);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});
