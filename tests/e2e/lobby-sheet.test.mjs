// End-to-end: the Open games sheet's choices and the relay's counts (issue 48, item 5) through a
// real relay of its own. The rules, like the clock, are chosen on the sheet (not the New game
// form's), kept for the next opening and after a reload; the challenge is listed and played
// under them. The sheet says how many players are online and how many games are being played,
// as the relay counts them (relay/counts.mjs), and in the page's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, waitPresence } from './devices.mjs';

const env = setUpDevices();
const relay = setUpRelay();

/** Opens the Open games sheet; resolves once it is connected. */
async function openLobby(page) {
  await page.click('#open-lobby');
  await page.waitForFunction(() => {
    const s = document.querySelector('#lobby-status');
    return !!s && document.querySelector('#lobby')?.open && !/Connecting|Подключение|Kapcsolódás/.test(s.textContent ?? '');
  });
}

test('rules and clock chosen on the sheet (kept after a reload) are the challenge’s and the game’s; the sheet counts the players online and the games being played', async () => {
  const query = `?relay=${encodeURIComponent(relay.url)}`;
  const [a, b] = await Promise.all([env.device(query), env.device(query)]);
  await openLobby(a.page);
  await waitText(a.page, '#lobby-online', /^1 player online, no games being played$/);
  // The New game form says Sackson's original rules; the sheet chooses Classic and 5+3.
  assert.equal(await a.page.inputValue('#variant'), 'sackson');
  assert.equal(await a.page.inputValue('#lobby-rules'), 'sackson', 'the form’s rules until others are chosen on the sheet');
  await a.page.selectOption('#lobby-rules', 'classic');
  await a.page.selectOption('#lobby-clock', '5+3');
  await a.page.selectOption('#lobby-side', 'blue');
  await a.page.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /Your challenge is open/);

  await openLobby(b.page);
  await b.page.waitForSelector('#lobby-list li:has-text("Classic, clock 5+3: you play Gray")');
  await waitText(b.page, '#lobby-online', /^2 players online, no games being played$/);
  await b.page.click('#lobby-list [data-accept]');
  await waitPresence(a.page, { seat: 'blue', gray: 'online' });
  await waitPresence(b.page, { seat: 'gray', blue: 'online' });
  for (const p of [a.page, b.page]) {
    assert.equal((await state(p)).variant, 'classic');
    await p.waitForFunction(() => window.bluegray.element.clocks?.control === '5+3', null, { timeout: 5000 });
  }

  // A third device, in Russian: both players in their game and itself in the lobby.
  const c = await env.device(`${query}&lang=ru`);
  await openLobby(c.page);
  await waitText(c.page, '#lobby-online', /^3 игрока в сети, идёт 1 партия$/);
  assert.equal(await c.page.inputValue('#lobby-rules'), 'sackson', 'another device keeps its own choice');

  // The choices are kept on A's device: after a reload the sheet offers them again.
  // The New game form is set to other rules meanwhile: the sheet keeps its own.
  await a.page.reload();
  await waitPresence(a.page, { seat: 'blue' });
  await a.page.selectOption('#variant', 'super');
  await openLobby(a.page);
  assert.equal(await a.page.inputValue('#lobby-rules'), 'classic');
  assert.equal(await a.page.inputValue('#lobby-clock'), '5+3');
});
