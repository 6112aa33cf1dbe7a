// End-to-end: a live seat in one browser (issue 31) through a real relay (relay/relay.mjs).
// With the browser's storage nearly full, the page says at once that the seat's key was not kept
// and offers the seat's link, which gives the seat back after a reload; and of two tabs of one
// browser on the same game only one plays: the other says it watches, and its Play here takes
// the seat (the first tab then watches), so the game never forks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, waitText, waitReady, playMove, pickMove, copyLink } from './helpers.mjs';
import { setUpDevices, setUpRelay, startFromForm, waitPresence } from './devices.mjs';

/** A light army and the lead rule: a short game (live.test.mjs). */
const VARIANT = 'super-light';

const env = setUpDevices();
const relay = setUpRelay();

const presence = (page) => page.evaluate(() => window.bluegray.element.presence);

/**
 * Fills the page's localStorage until only `free` characters are left: fillers halving in size
 * until not one more character fits, then the first one shortened by `free`.
 */
function fillStorage(free) {
  let size = 1 << 20;
  let n = 0;
  while (size >= 1) {
    try {
      localStorage.setItem(`fill.${n}`, 'x'.repeat(size));
      n++;
    } catch {
      size = Math.floor(size / 2);
    }
  }
  const first = localStorage.getItem('fill.0') ?? '';
  localStorage.setItem('fill.0', first.slice(free));
  return n;
}

test('storage nearly full: the page says at once that the seat’s key was not kept, and its link gives the seat back after a reload', async () => {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`);
  assert.ok((await a.page.evaluate(fillStorage, 1000)) > 0);
  await startFromForm(a.page, 'live', 'blue', VARIANT);
  await waitText(a.page, '#notice', /seat’s key was not kept/);
  // The game reaches the relay (the reload below must find it there).
  await waitPresence(a.page, { seat: 'blue' });
  const link = (await a.page.textContent('#notice')).match(/https?:\/\/\S+/)[0];
  assert.match(link, new RegExp(`#mode=live&side=blue&variant=${VARIANT}&relay=ws.*&game-id=[0-9a-f]{32}&host-key=[\\w-]{87}&seat-key=[\\w-]{100,300}$`));
  const id = link.match(/game-id=(\w+)/)[1];
  assert.equal(await a.page.evaluate((key) => localStorage.getItem(key), `bluegray.live.v1.${id}`), null, 'nothing kept of the seat');
  // The element says so to its page too: an `error` (the notice above), and its key.
  assert.ok(await a.page.evaluate(() => window.bluegray.element.unkeptSeatKey));

  // A reload forgets the seat (the key was never kept) ...
  await a.page.reload();
  await waitReady(a.page);
  assert.notEqual((await presence(a.page))?.seat, 'blue');
  // ... and the link gives it back: this device plays Blue.
  await a.page.goto(link);
  await waitReady(a.page);
  await waitPresence(a.page, { seat: 'blue' });
  const s = await state(a.page);
  assert.equal(s.side, 'blue', 'Blue is to move in the first position');
  await playMove(a.page, pickMove(s, 0));
  assert.equal((await state(a.page)).history.length, 1);
});

test('two tabs of one browser on one live game: one plays, the other says it watches, and Play here takes the seat there', async () => {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`);
  await startFromForm(a.page, 'live', 'blue', VARIANT);
  await waitPresence(a.page, { seat: 'blue' });
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  const guest = await env.device(invite);
  await waitPresence(guest.page, { seat: 'gray' });

  // A second tab of the same browser on the same game: it watches, and says why.
  const tab = await a.context.newPage();
  await tab.goto(invite.replace(/&seat-key=[^&]*/, '').replace(/side=gray&/, ''));
  await waitReady(tab);
  await waitPresence(tab, { seat: 'watch', elsewhere: true });
  await waitText(tab, '#live-status', /another tab of this browser/);
  assert.equal(await tab.isVisible('#take-seat'), true);
  assert.equal((await presence(a.page)).seat, 'blue');
  assert.equal(await a.page.isVisible('#take-seat'), false);

  // Blue moves in the first tab only; the second follows.
  let s = await state(a.page);
  await playMove(a.page, pickMove(s, 0));
  await tab.waitForFunction(() => window.bluegray.state.history.length === 1);
  await guest.page.waitForFunction(() => window.bluegray.state.history.length === 1);
  await playMove(guest.page, pickMove(await state(guest.page), 1));
  await tab.waitForFunction(() => window.bluegray.state.history.length === 2);

  // Play here: the second tab takes the seat, the first watches and says why.
  await tab.click('#take-seat');
  await waitPresence(tab, { seat: 'blue', elsewhere: false });
  await waitPresence(a.page, { seat: 'watch', elsewhere: true });
  await waitText(a.page, '#live-status', /another tab of this browser/);
  s = await state(tab);
  assert.equal(s.history.length, 2);
  await playMove(tab, pickMove(s, 2));
  for (const page of [a.page, guest.page]) await page.waitForFunction(() => window.bluegray.state.history.length === 3);
  const lines = await Promise.all([a.page, tab, guest.page].map(async (p) => (await state(p)).history.join(' ')));
  assert.equal(new Set(lines).size, 1, 'one game, not a fork');
});
