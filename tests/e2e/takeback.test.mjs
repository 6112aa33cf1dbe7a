// End-to-end: takebacks between two devices of a live game through a real relay (relay/relay.mjs
// with a throwaway Redis): asked by the seat whose last move it is (`takeback()`), seen on the
// other device (`takebackoffer`) and accepted there (both boards back one move, the same
// position, and play goes on), or declined by a move (the asker is told); asked when the last
// move is the friend's, nothing is asked. docs/RULES.md R38, docs/LIVE-PROTOCOL.md Takebacks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, liveGame, liveMove } from './devices.mjs';

const env = setUpDevices();
const relay = setUpRelay({ redis: true });

/** Records on `page` the `takebackoffer` events its board fires, in `window.takebacks`. */
function listen(page) {
  return page.evaluate(() => {
    window.takebacks = [];
    window.bluegray.element.addEventListener('takebackoffer', (e) => window.takebacks.push(e.detail));
  });
}

test('a live takeback asked by the seat that moved last, accepted on the other device: both boards go back one move and play goes on', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await liveMove(a, b, 0);
  await listen(b.page);
  const before = (await state(b.page)).history;
  await a.page.evaluate(() => window.bluegray.element.takeback());
  await b.page.waitForFunction(() => window.takebacks.length === 1, null, { timeout: 10000 });
  assert.deepEqual(await b.page.evaluate(() => window.takebacks[0]), { side: 'blue', ply: 3 });
  await b.page.evaluate(() => window.bluegray.element.takeback({ accept: true }));
  for (const d of [a, b]) await d.page.waitForFunction(() => window.bluegray.state.history.length === 2, null, { timeout: 10000 });
  const [sa, sb] = [await state(a.page), await state(b.page)];
  assert.deepEqual(sa.history, before.slice(0, 2));
  assert.deepEqual(sb.history, sa.history, 'the same position on both devices');
  assert.equal(sa.side, 'blue', 'Blue to move again');
  await waitText(a.page, '#notice', /your move is taken back/);
  const kept = await relay.retainedWhen(id, (s) => s.moves.length === 2 && !!s.takeback?.accept);
  assert.equal(kept?.takeback?.side, 'blue');
  // Play goes on from there, on both devices: Blue moves again, then Gray.
  await liveMove(a, b, 1);
  await liveMove(b, a, 0);
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live takeback declined by a move is told to the asker; one asked when the last move is the friend’s asks nothing', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await listen(b.page);
  await listen(a.page);
  // Blue's last move is not the last one: Gray's is, so Blue asks nothing.
  await a.page.evaluate(() => window.bluegray.element.takeback());
  await liveMove(a, b, 0);
  const one = await relay.retainedWhen(id, (s) => s.moves.length === 3);
  assert.equal(one?.takeback, undefined, 'nothing was asked');
  assert.deepEqual(await b.page.evaluate(() => window.takebacks), []);
  // Now Blue asks, and Gray plays on instead: the answer is no.
  await a.page.evaluate(() => window.bluegray.element.takeback());
  await b.page.waitForFunction(() => window.takebacks.length === 1, null, { timeout: 10000 });
  await liveMove(b, a, 1);
  await waitText(a.page, '#notice', /your takeback request was declined/);
  assert.equal((await state(a.page)).history.length, 4);
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});
