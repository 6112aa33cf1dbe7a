// End-to-end: Open games (issue 32, part 6) through a real relay (relay/relay.mjs). A challenge
// posted on one device is seen live on the others, is replaced by one posted in another tab of the
// same browser, and goes when its poster leaves; accepted on a second, it starts the same live
// game on both (the poster's device had closed the sheet meanwhile); a third device, watching the
// lobby all along, sees it come and go, then watches the game: the players see one onlooker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, waitText, waitReady, playMove, pickMove, copyLink } from './helpers.mjs';
import { setUpDevices, setUpRelay, waitPresence } from './devices.mjs';

/** A light army and the lead rule: a short game (live.test.mjs). */
const VARIANT = 'super-light';

const env = setUpDevices();
const relay = setUpRelay();

/** Opens the Open games sheet; resolves once it is connected. */
async function openLobby(page) {
  await page.click('#open-lobby');
  await page.waitForFunction(() => {
    const s = document.querySelector('#lobby-status');
    return !!s && document.querySelector('#lobby')?.open && !/Connecting/.test(s.textContent ?? '');
  });
}

test('a challenge posted on one device is seen on the others, replaced by one from another tab of that browser, and goes when its poster leaves; another, accepted on a second (one live game on both), is gone on a third, which then watches', async () => {
  const query = `?relay=${encodeURIComponent(relay.url)}`;
  const [a, b, c] = await Promise.all([env.device(query), env.device(query), env.device(query)]);
  await openLobby(c.page);
  await waitText(c.page, '#lobby-status', /No open games/);

  // One open challenge per device: one posted in another tab of A's browser takes the place of
  // A's; and a challenge goes when its poster leaves (its connection's last will).
  await openLobby(a.page);
  await a.page.click('#lobby-post');
  await c.page.waitForSelector('#lobby-list li');
  const tab = await a.context.newPage();
  await tab.goto(a.page.url());
  await waitReady(tab);
  await openLobby(tab);
  await tab.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /withdrawn here: you posted another in another tab/);
  await c.page.waitForFunction(() => document.querySelectorAll('#lobby-list li').length === 1);
  await tab.close();
  await waitText(c.page, '#lobby-status', /No open games/);
  await a.page.click('#lobby form[method="dialog"] button');

  // A posts a challenge under the rules and time control of its New game form, playing Blue, and
  // closes the sheet.
  await a.page.selectOption('#variant', VARIANT);
  await a.page.selectOption('#clock', '10+5');
  await openLobby(a.page);
  await a.page.selectOption('#lobby-side', 'blue');
  await a.page.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /Your challenge is open/);
  await a.page.waitForSelector('#lobby-list li:has-text("your challenge")');
  await a.page.click('#lobby form[method="dialog"] button');
  assert.equal(await a.page.evaluate(() => document.querySelector('#lobby').open), false);

  // B and C see it, as whoever accepts it would play it.
  await openLobby(b.page);
  for (const p of [b.page, c.page]) await p.waitForSelector('#lobby-list li:has-text("clock 10+5"):has-text("you play Gray")');

  // B accepts: both devices are in the same live game, A at Blue, B at Gray.
  await b.page.click('#lobby-list [data-accept]');
  await waitPresence(a.page, { seat: 'blue', gray: 'online' });
  await waitPresence(b.page, { seat: 'gray', blue: 'online' });
  const ids = await Promise.all([a.page, b.page].map((p) => p.evaluate(() => window.bluegray.element.gameId)));
  assert.match(ids[0], /^[0-9a-f]{32}$/);
  assert.equal(ids[0], ids[1], 'the same game');
  for (const p of [a.page, b.page]) {
    const s = await state(p);
    assert.equal(s.variant, VARIANT);
    assert.equal(await p.evaluate(() => window.bluegray.element.settings.mode), 'live');
    assert.equal(await p.evaluate(() => window.bluegray.element.clocks?.control), '10+5', 'the challenge’s time control');
    assert.equal(await p.evaluate(() => document.querySelector('#lobby').open), false, 'the sheet closed');
  }
  // A's move reaches B: the game is played.
  const move = await playMove(a.page, pickMove(await state(a.page), 0));
  await b.page.waitForFunction((m) => window.bluegray.state.history[0] === m, move);
  // An accepted challenge is gone for everyone.
  await waitText(c.page, '#lobby-status', /No open games/);
  assert.equal(await c.page.locator('#lobby-list li').count(), 0);

  // C watches the game by its watch link: the players' boards count one onlooker, until C leaves.
  const watch = await copyLink(b.page, '#invite-link', /Watch link copied/);
  await c.page.goto(watch);
  await waitPresence(c.page, { seat: 'watch', onlookers: 1 });
  for (const p of [a.page, b.page]) await waitText(p, '#live-status', /1 device watches/);
  await c.page.goto('about:blank');
  await waitPresence(a.page, { onlookers: 0 });
});
