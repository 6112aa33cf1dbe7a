// End-to-end: no win, draw or time a modified client did not earn. Blue plays a live game on a
// one-minute clock on a device (a page, through a real relay); Gray's seat is played by this test
// with the invitation's key, signing what an honest page never would: a move stamped 0, a claim
// of Blue's flag with Blue's minute nearly whole, and claims that Blue left, back-dated. Blue's
// device refuses each claim, says so and plays on, and its clock, after a reload too, is its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { state, playMove, pickMove, copyLink, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, startFromForm } from './devices.mjs';
import { topics, withMove, withEnd } from '../../www/live/live-protocol.js';
import { identityOf, signer } from '../../www/live/live-keys.js';

const env = setUpDevices();
const relay = setUpRelay();

/** Puts `snap` on game `id`'s topic, retained, as any client of the relay can. */
async function publish(id, snap) {
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await client.publishAsync(topics(id).game, JSON.stringify(snap), { qos: 1, retain: true });
  await client.endAsync();
}

test('live: a modified client’s early flag claim, back-dated claims that Blue left and a move stamped 0 earn it nothing', async () => {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}&clock=1%2B0&mode=two`);
  await a.page.waitForFunction(() => window.bluegray.element.clocks?.control === '1+0');
  await startFromForm(a.page, 'live', 'blue');
  await a.page.waitForFunction(() => window.bluegray.element.presence?.relay === 'connected' && window.bluegray.element.presence?.seat === 'blue', null, { timeout: 15000 });
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  const fragment = new URLSearchParams(new URL(invite).hash.slice(1));
  const id = String(fragment.get('game-id'));
  const signGray = await signer((await identityOf(String(fragment.get('seat-key')))).privateJwk);
  await playMove(a.page, pickMove(await state(a.page), 0, { walk: false }));
  const one = await relay.retainedWhen(id, (x) => x.moves.length === 1);
  const reply = (await state(a.page)).moves[0].text;
  // Gray's move, stamped 1970: Blue's device takes the move, and Blue's turn from its arrival.
  const two = await withMove(one, [...one.moves, reply], signGray, 'gray', 59_000, 0);
  await publish(id, two);
  await a.page.waitForFunction(() => window.bluegray.state.history.length === 2, null, { timeout: 10000 });
  // At once, Gray claims Blue's flag: refused, said, and the game goes on.
  await publish(id, await withEnd(two, 'time', 'blue', signGray));
  await waitText(a.page, '#notice', /claimed that your time ran out.*refused/, 15000);
  // Then that Blue left the game, stamped 1000, for the win and for a draw: refused too.
  await publish(id, await withEnd(two, 'claim', 'gray', signGray, 1000));
  await waitText(a.page, '#notice', /claimed that you left the game.*refused/, 15000);
  await publish(id, await withEnd(two, 'claim-draw', 'gray', signGray, 1000));
  await a.page.waitForTimeout(1500);
  let s = await state(a.page);
  assert.equal(s.result, undefined, 'the game goes on');
  await waitText(a.page, '#status', /Your move/);
  let clocks = await a.page.evaluate(() => window.bluegray.element.clocks);
  assert.equal(clocks.running, 'blue');
  assert.ok(clocks.blue > 20_000, `Blue's clock: ${clocks.blue} ms`);
  // Reloaded, Blue's device counts Blue's turn from when the move came, not from its stamp 0.
  await a.page.reload();
  await a.page.waitForFunction(() => window.bluegray?.state?.history.length === 2 && window.bluegray.element.clocks?.running === 'blue', null, { timeout: 15000 });
  await a.page.waitForFunction(() => window.bluegray.element.presence?.relay === 'connected', null, { timeout: 15000 });
  clocks = await a.page.evaluate(() => window.bluegray.element.clocks);
  assert.ok(clocks.blue > 20_000, `Blue's clock after a reload: ${clocks.blue} ms`);
  s = await state(a.page);
  assert.equal(s.result, undefined);
  // Blue's next move goes out with Blue's own time, not 0.
  await playMove(a.page, pickMove(s, 2, { walk: false }));
  const three = await relay.retainedWhen(id, (x) => x.moves.length === 3);
  assert.ok(three.times[2] > 20_000, `Blue's signed time: ${three.times[2]} ms`);
  assert.equal(three.end, undefined);
});
