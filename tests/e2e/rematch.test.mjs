// End-to-end: Rematch keeps the game's time control, sides swapped, whichever device presses it —
// the one that joined a live game (3+2 through a relay: an offer the host accepts, and both
// devices open the new game) and the one that received a game by link (3 days a move) took the
// clock from the game, not from their New game form, which says none; and two on one device, a
// finished game of 5+3 opened from its record (its TimeControl tag). The rest of the live
// rematch (declined, crossed, forged) is rematch-live.test.mjs's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, copyLink, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, startFromForm, playAMove, follow, sendMoves, waitConnected, waitPresence } from './devices.mjs';
import { loadCore } from '../unit/core.mjs';

const VARIANT = 'super-light';

const env = setUpDevices();
const relay = setUpRelay({ redis: true });

/** Waits until `page`'s board holds a new game of `mode` (not game `old`), this device at `side`, of time control `control`, with no move yet. */
function waitNewGame(page, mode, side, control, old = null) {
  return page.waitForFunction(
    ([m, s, c, o]) => {
      const el = /** @type {any} */ (window).bluegray.element;
      return el.settings.mode === m && el.settings.side === s && el.clocks?.control === c && el.state?.history.length === 0 && !el.state.result && (o === null || el.gameId !== o);
    },
    [mode, side, control, old],
    { timeout: 15000 },
  );
}

/** Starts a game of VARIANT of `mode` from the New game form with time control `control`, this device playing Blue (the clock chosen once the mode offers it). */
async function startWithClock(page, mode, control) {
  await page.selectOption('#mode', mode);
  await page.selectOption('#clock', control);
  await startFromForm(page, mode, 'blue', VARIANT);
  await page.waitForFunction((c) => window.bluegray.element.clocks?.control === c, control);
}

test('live 3+2, ended by resignation: the joiner presses Rematch, the host sees “Rematch?” and accepts; both devices are in one new game of 3+2, sides swapped', async () => {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`);
  await startWithClock(a.page, 'live', '3+2');
  await waitConnected(a.page);
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  const b = await env.device(invite);
  await waitConnected(b.page);
  assert.equal(await b.page.inputValue('#clock'), 'none', 'the joiner’s New game form has no clock');
  const first = await state(b.page);
  const oldId = new URL(invite).hash.match(/game-id=(\w+)/)[1];
  // The joiner's clocks come with the host's snapshot, which may follow the connection.
  await b.page.waitForFunction(() => window.bluegray.element.clocks?.control === '3+2');
  await playAMove(a.page, 0);
  await b.page.waitForFunction(() => window.bluegray.state.history.length === 1);
  await playAMove(b.page, 1);
  await a.page.waitForFunction(() => window.bluegray.state.history.length === 2);
  await b.page.click('#resign');
  await b.page.click('#end-confirm-yes');
  await waitText(b.page, '#status', /Blue wins: Gray resigned\./);
  await waitText(a.page, '#status', /Blue wins: Gray resigned\./);
  await b.page.click('#rematch');
  // An offer now: the joiner waits, its game still the finished one; the host is asked.
  await waitText(b.page, '#rematch-offer-text', /waiting for your friend/);
  await waitText(a.page, '#rematch-offer-text', /Rematch\?/);
  assert.equal(await b.page.evaluate(() => window.bluegray.element.gameId), oldId, 'no new game before the answer');
  await a.page.click('#accept-rematch');
  await waitNewGame(b.page, 'live', 'blue', '3+2', oldId);
  await waitNewGame(a.page, 'live', 'gray', '3+2', oldId);
  const [idA, idB] = [await a.page.evaluate(() => window.bluegray.element.gameId), await b.page.evaluate(() => window.bluegray.element.gameId)];
  assert.equal(idA, idB, 'the same new game on both devices');
  assert.equal((await state(b.page)).variant, first.variant, 'the same rules');
  // And it is played: the joiner, Blue now, moves first, and the host sees it.
  for (const d of [a, b]) await waitPresence(d.page, { blue: 'online', gray: 'online' });
  await playAMove(b.page, 0);
  await a.page.waitForFunction(() => window.bluegray.state.history.length === 1, null, { timeout: 10000 });
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('the receiver of a game by link of 3 days a move presses Rematch: a new game by link of 3 days a move, sides swapped, whose link opens on the friend’s page as a rematch', async () => {
  const a = await env.device('');
  await startWithClock(a.page, 'friend', '3d');
  await playAMove(a.page, 0);
  const b = await env.device('');
  await follow(b.page, await copyLink(a.page, '#send-link'), 1);
  // The clocks start once their module is in, just after the game is on the board.
  await b.page.waitForFunction(() => window.bluegray.element.clocks?.control === '3d', null, { timeout: 5000 })
    .catch(async () => assert.fail(`the receiver's time control: ${await b.page.evaluate(() => window.bluegray.element.clocks?.control)}`));
  await sendMoves(b, a, 1, 1);
  await b.page.click('#resign');
  await b.page.click('#end-confirm-yes');
  await waitText(b.page, '#status', /Blue wins: Gray resigned\./);
  const oldId = await b.page.evaluate(() => window.bluegray.element.gameId);
  await b.page.click('#rematch');
  await waitNewGame(b.page, 'friend', 'blue', '3d', oldId);
  assert.equal((await state(b.page)).variant, (await state(a.page)).variant, 'the same rules');
  // Its record names the game it is a rematch of; the friend's page says so when its link opens.
  assert.match(await b.page.evaluate(() => window.bluegray.element.record), new RegExp(`\\[RematchOf "${oldId}"\\]`));
  await playAMove(b.page, 0);
  await follow(a.page, await copyLink(b.page, '#send-link'), 1);
  await waitText(a.page, '#notice', new RegExp(`Rematch of your game ${oldId.slice(0, 8)}`));
  await a.page.waitForFunction((o) => {
    const el = window.bluegray.element;
    return el.settings.mode === 'friend' && el.settings.side === 'gray' && el.gameId !== o && el.clocks?.control === '3d';
  }, oldId);
  assert.equal(await a.page.evaluate(() => window.bluegray.element.gameId), await b.page.evaluate(() => window.bluegray.element.gameId), 'the same new game');
});

test('two on one device: Rematch of a finished game of 5+3 opened from its record keeps 5+3', async () => {
  const core = await loadCore();
  const game = new core.Game(VARIANT);
  let record;
  try {
    game.setTag('TimeControl', '5+3');
    for (let i = 0; i < 400 && !game.state().result; i++) {
      const s = game.state();
      game.play((s.moves.find((m) => m.kind === 'captain') || s.moves[0]).text);
    }
    record = game.record();
  } finally {
    game.free();
  }
  const d = await env.device(`#mode=two&side=blue&record=${encodeURIComponent(record)}`);
  await d.page.waitForFunction(() => window.bluegray.element.clocks?.control === '5+3' && !!window.bluegray.state?.result);
  await d.page.click('#rematch');
  await waitNewGame(d.page, 'two', 'blue', '5+3');
});
