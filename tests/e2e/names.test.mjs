// End-to-end: a name and the challenge sheet's choices (issue 48, items 3 and 5) through a real
// relay. A chooses the clock on the sheet itself (not the New game form's) and a name; a name
// with markup is refused with a message; B sees A's name and the clock in the list, and the
// count of open challenges the relay carries; A's name and clock are kept for next time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay } from './devices.mjs';

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

test('a challenge with a clock chosen on the sheet and the poster’s name: refused with markup, seen by another device with the count, and kept for next time', async () => {
  const query = `?relay=${encodeURIComponent(relay.url)}`;
  const [a, b] = await Promise.all([env.device(query), env.device(query)]);
  await openLobby(b.page);
  await waitText(b.page, '#lobby-count', /No open challenges on this relay/);

  await openLobby(a.page);
  await a.page.selectOption('#lobby-clock', '3+2');
  await a.page.fill('#lobby-name', 'Anna <b>x</b>');
  await a.page.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /A name is words only/);
  assert.equal(await a.page.locator('#lobby-list li').count(), 0, 'nothing posted');
  await a.page.fill('#lobby-name', '  Anna   K.  ');
  await a.page.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /Your challenge is open/);

  // B sees the name, the clock chosen on A's sheet, and one open challenge.
  await b.page.waitForSelector('#lobby-list li:has-text("Anna K. —"):has-text("clock 3+2")');
  await waitText(b.page, '#lobby-count', /1 open challenge on this relay/);

  // A's choices are kept: withdrawn and opened again, the sheet offers the same name and clock.
  await a.page.click('#lobby-withdraw');
  await waitText(b.page, '#lobby-count', /No open challenges/);
  await a.page.click('#lobby form[method="dialog"] button');
  await a.page.reload();
  await a.page.waitForSelector('#open-lobby');
  await openLobby(a.page);
  assert.equal(await a.page.inputValue('#lobby-name'), 'Anna K.');
  assert.equal(await a.page.inputValue('#lobby-clock'), '3+2');
});
