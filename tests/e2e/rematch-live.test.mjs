// End-to-end: a live rematch between two devices through a real relay (relay/relay.mjs with a
// throwaway Redis), after a game ended by resignation: declined (the offerer is told, and may
// offer again), cancelled by the offerer (the friend's question goes), offered by both (pressing
// Rematch after the friend's offer accepts it, and both pressing at once: one new game on both
// devices, sides swapped), forged (signed with the wrong key and put on the relay by a plain MQTT
// client: nothing shown, while the same offer signed by the seat is), and left unanswered (the
// offerer's page says it waits, and that the friend left); the friend's offer alerts a hidden tab.
// And a rematch hosted with other rules than the finished game's is not taken by the acceptor.
// docs/LIVE-PROTOCOL.md "Rematch".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { state, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, liveGame, liveMove, waitPresence } from './devices.mjs';
import { topics, withRematch, firstSnapshot } from '../../www/live/live-protocol.js';
import { identityOf, newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';

const env = setUpDevices();
const relay = setUpRelay({ redis: true });

/** Records on `page` the rematch events its board fires, in `window.rematches`. */
function listen(page) {
  return page.evaluate(() => {
    window.rematches = [];
    for (const type of ['rematchoffer', 'rematchanswer']) window.bluegray.element.addEventListener(type, (e) => window.rematches.push({ type, ...e.detail }));
  });
}

/** A live game of two moves that Gray (device `b`) resigned, seen ended on both devices. */
async function resignedGame() {
  const game = await liveGame(env, relay);
  await liveMove(game.a, game.b, 0);
  await liveMove(game.b, game.a, 1);
  await game.b.page.click('#resign');
  await game.b.page.click('#end-confirm-yes');
  for (const d of [game.a, game.b]) await waitText(d.page, '#status', /Blue wins: Gray resigned\./);
  for (const d of [game.a, game.b]) await listen(d.page);
  return game;
}

/** Waits until `page`'s board holds a new live game (not `old`) at `side`, with no move yet. */
function waitRematched(page, side, old) {
  return page.waitForFunction(
    ([s, o]) => {
      const el = window.bluegray.element;
      return el.settings.mode === 'live' && el.settings.side === s && el.gameId !== o && el.state?.history.length === 0 && !el.state.result;
    },
    [side, old],
    { timeout: 15000 },
  );
}

test('a live rematch declined: the offerer is told and may offer again; one cancelled by the offerer goes from the friend’s page', async () => {
  const { a, b, id } = await resignedGame();
  await a.page.click('#rematch');
  await waitText(b.page, '#rematch-offer-text', /Rematch\?/);
  assert.deepEqual(await b.page.evaluate(() => window.rematches), [{ type: 'rematchoffer', side: 'blue' }], 'the alert’s event, once');
  await b.page.click('#decline-rematch');
  await waitText(a.page, '#notice', /Your friend declined the rematch/);
  await waitText(a.page, '#rematch-offer-text', /declined the rematch/);
  await b.page.waitForFunction(() => document.querySelector('#rematch-offer').hidden);
  const declined = await relay.retainedWhen(id, (s) => s.rematch?.answer?.how === 'decline');
  assert.equal(declined?.rematch?.side, 'blue');
  // The new game's key the offerer kept goes with the offer: it would host nothing.
  await a.page.waitForFunction((n) => localStorage.getItem(`bluegray.live.v1.${n}`) === null, declined?.rematch?.id);
  // Offered again, then cancelled: the friend's question goes, and both stay in the finished game.
  await a.page.click('#rematch');
  await waitText(b.page, '#rematch-offer-text', /Rematch\?/);
  await a.page.click('#cancel-rematch');
  await b.page.waitForFunction(() => document.querySelector('#rematch-offer').hidden, null, { timeout: 10000 });
  await waitText(b.page, '#notice', /withdrew the rematch/);
  const cancelled = await relay.retainedWhen(id, (s) => s.rematch?.n === 2 && s.rematch.answer?.how === 'cancel');
  assert.ok(cancelled, 'the second offer, cancelled, on the relay');
  await a.page.waitForFunction((n) => localStorage.getItem(`bluegray.live.v1.${n}`) === null, cancelled?.rematch?.id);
  for (const d of [a, b]) assert.equal(await d.page.evaluate(() => window.bluegray.element.gameId), id);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live rematch offered by one and then pressed by the other is accepted: one new game on both devices, sides swapped', async () => {
  const { a, b, id } = await resignedGame();
  const variant = (await state(a.page)).variant;
  // Gray's tab hidden: the offer's alert changes its title (play/alerts.js).
  const shown = (/** @type {boolean} */ on) => b.page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, on);
  await shown(false);
  await a.page.click('#rematch');
  await waitText(b.page, '#rematch-offer-text', /Rematch\?/);
  await b.page.waitForFunction(() => document.title === 'Rematch offered — Blue and Gray');
  await shown(true);
  // Gray presses Rematch too, not Accept: that accepts Blue's offer.
  await b.page.click('#rematch');
  await waitRematched(a.page, 'gray', id);
  await waitRematched(b.page, 'blue', id);
  const [idA, idB] = [await a.page.evaluate(() => window.bluegray.element.gameId), await b.page.evaluate(() => window.bluegray.element.gameId)];
  assert.equal(idA, idB, 'the same new game');
  assert.equal((await state(b.page)).variant, variant, 'the same rules');
  // Blue now (the finished game's Gray, seated once the host's game reaches it) moves first, and the other device has the move.
  await waitPresence(b.page, { seat: 'blue', blue: 'online', gray: 'online' });
  await liveMove(b, a, 0);
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a forged rematch offer put on the relay changes nothing; the same offer signed by the seat is shown', async () => {
  const { a, invite, id } = await resignedGame();
  const over = await relay.retainedWhen(id, (s) => !!s.end);
  assert.ok(over?.end, 'the finished game on the relay');
  const fragment = new URLSearchParams(new URL(invite).hash.slice(1));
  const signGray = await signer((await identityOf(String(fragment.get('seat-key')))).privateJwk);
  const stranger = await signer((await newIdentity()).privateJwk);
  const next = (await newIdentity()).key;
  /** @param {unknown} snap */
  const publish = async (snap) => {
    const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
    await client.publishAsync(topics(id).game, JSON.stringify(snap), { qos: 1, retain: true });
    await client.endAsync();
  };
  // Gray's offer, signed with another key than Gray's: Blue's device drops it (and puts its game back).
  await publish(await withRematch(over, 'gray', newGameId(), next, stranger));
  const back = await relay.retainedWhen(id, (s) => !s.rematch);
  assert.equal(back?.rematch, undefined, 'the honest device put its own game back');
  assert.equal(await a.page.evaluate(() => window.bluegray.element.rematchOffer), null);
  assert.equal(await a.page.evaluate(() => document.querySelector('#rematch-offer').hidden), true);
  // Gray's offer for this game signed by Gray, as a page would: shown.
  await publish(await withRematch(over, 'gray', newGameId(), next, signGray));
  await waitText(a.page, '#rematch-offer-text', /Rematch\?/);
  assert.deepEqual(await a.page.evaluate(() => window.rematches), [{ type: 'rematchoffer', side: 'gray' }]);
});

test('a live rematch offer left unanswered: the offerer’s page says it waits, and that the friend has left once they go', async () => {
  const { a, b } = await resignedGame();
  await a.page.click('#rematch');
  await waitText(a.page, '#rematch-offer-text', /waiting for your friend to answer/);
  await waitText(b.page, '#rematch-offer-text', /Rematch\?/);
  await b.page.close();
  await waitText(a.page, '#rematch-offer-text', /your friend has left/, 15000);
  assert.equal(await a.page.evaluate(() => document.querySelector('#cancel-rematch').hidden), false, 'it can still be cancelled');
  assert.deepEqual(a.problems, []);
});

test('both players press Rematch at once: whichever offer each device hears first, one new game on both devices, sides swapped', async () => {
  const { a, b, id } = await resignedGame();
  await Promise.all([a.page.click('#rematch'), b.page.click('#rematch')]);
  await waitRematched(a.page, 'gray', id);
  await waitRematched(b.page, 'blue', id);
  const [idA, idB] = [await a.page.evaluate(() => window.bluegray.element.gameId), await b.page.evaluate(() => window.bluegray.element.gameId)];
  assert.equal(idA, idB, 'the same new game');
  await waitPresence(b.page, { seat: 'blue', blue: 'online', gray: 'online' });
  await liveMove(b, a, 0);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a rematch whose host starts it with other rules than the finished game’s is not taken by the acceptor’s device, which says so', async () => {
  const { a, b, id } = await resignedGame();
  const old = await state(b.page);
  await a.page.click('#rematch');
  await waitText(b.page, '#rematch-offer-text', /Rematch\?/);
  // The offerer's device hears no more: the new game is hosted here instead, with the key it kept.
  await a.context.setOffline(true);
  await b.page.click('#accept-rematch');
  const accepted = await relay.retainedWhen(id, (s) => s.rematch?.answer?.how === 'accept');
  const r = accepted.rematch;
  const kept = JSON.parse(await a.page.evaluate((n) => localStorage.getItem(`bluegray.live.v1.${n}`), r.id));
  const keys = kept.seat === 'blue' ? { blue: r.key, gray: r.answer.key } : { blue: r.answer.key, gray: r.key };
  const other = old.variant === 'classic' ? 'super' : 'classic';
  const forged = await firstSnapshot({ id: r.id, variant: other, host: kept.seat, keys, sign: await signer(kept.privateJwk), clock: accepted.clock ?? null });
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  try {
    await client.publishAsync(topics(r.id).game, JSON.stringify(forged), { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
  await waitText(b.page, '#notice', /other rules or another clock/, 15000);
  const s = await state(b.page);
  assert.notEqual(s.variant, other, 'the board has not taken the other rules');
});
