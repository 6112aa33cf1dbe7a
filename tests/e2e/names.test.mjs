// End-to-end: a name and the challenge sheet's choices (issue 48, items 3 and 5) through a real
// relay. A chooses the clock on the sheet itself (not the New game form's) and a name; a name
// with markup is refused with a message; B sees A's name and the clock in the list, and the
// count of open challenges the relay carries; A's name and clock are kept for next time. And a
// name chosen in the preferences, everywhere it shows: live, each player sees the other's in the
// strip beside the board (a change mid-game too), a watcher sees both, both records' tags carry
// them, Recent games says "vs <name>", and a name published with the wrong key or out of the
// rules is not shown; by link, the sender's name travels in the record and the reply brings the
// receiver's back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { waitText, copyLink } from './helpers.mjs';
import { setUpDevices, setUpRelay, liveGame, liveMove, startFromForm, sendMoves, follow, playAMove } from './devices.mjs';
import { topics } from '../../www/live/live-protocol.js';
import { signer, newIdentity, identityOf } from '../../www/live/live-keys.js';
import { signedPresence } from '../../www/live/live-presence.js';

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

/** Chooses `name` in the preferences' "Your name" field, as a player does (typed, then Tab). */
async function chooseName(page, name) {
  await page.fill('#player-name', name);
  await page.press('#player-name', 'Tab');
}

/** What the players' strips beside the board say: `{blue, gray}`, each side's "who plays it". */
function strips(page) {
  return page.evaluate(() => {
    const root = /** @type {any} */ (window).bluegray.element.shadowRoot;
    const said = {};
    for (const p of root.querySelectorAll('.player')) said[p.dataset.side] = p.querySelector('.player-name').textContent;
    return said;
  });
}

/** Waits until the strip of `side` on `page` says `text`. */
function stripSays(page, side, text) {
  return page.waitForFunction(
    ([s, t]) => [.../** @type {any} */ (window).bluegray.element.shadowRoot.querySelectorAll('.player')].some((p) => p.dataset.side === s && p.querySelector('.player-name').textContent === t),
    [side, text],
    { timeout: 15000 },
  );
}

/** Waits until the record on `page` has the tag `[name "value"]`. */
function tagged(page, name, value) {
  return page.waitForFunction(([n, v]) => (window.bluegray.element.record ?? '').includes(`[${n} "${v}"]`), [name, value], { timeout: 15000 });
}

/** Publishes a presence of `seat` of game `id` straight to the relay, signed with `privateJwk`. */
async function publishPresence(id, seat, privateJwk, note) {
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  try {
    const signed = await signedPresence(id, seat, note, await signer(privateJwk));
    await client.publishAsync(topics(id).presence(seat), JSON.stringify(signed), { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
}

test('live: each player sees the other’s name beside the board, a watcher both, the records’ tags carry them, a change mid-game shows, and forged names do not', async () => {
  const { a, b, id, invite } = await liveGame(env, relay);
  // Before any name: the friend's strip says "Your friend", the record "Human".
  await stripSays(a.page, 'gray', 'Your friend');
  await chooseName(a.page, 'Anna');
  await chooseName(b.page, 'Boris <i>');
  await waitText(b.page, '#notice', /A name is words only/);
  await chooseName(b.page, '  Boris   B. ');
  await stripSays(a.page, 'gray', 'Boris B.');
  await stripSays(b.page, 'blue', 'Anna');
  assert.deepEqual(await strips(a.page), { blue: 'You', gray: 'Boris B.' });
  await tagged(a.page, 'Blue', 'Anna');
  await tagged(a.page, 'Gray', 'Boris B.');
  await tagged(b.page, 'Blue', 'Anna');
  await tagged(b.page, 'Gray', 'Boris B.');
  await liveMove(a, b, 0);

  // A watcher (the watch link) sees both names.
  const c = await env.device(await copyLink(b.page, '#invite-link', /Watch link copied/));
  await c.page.waitForFunction(() => window.bluegray.element.seat === 'watch', null, { timeout: 15000 });
  await stripSays(c.page, 'blue', 'Anna');
  await stripSays(c.page, 'gray', 'Boris B.');

  // A name changed mid-game reaches the other device and the watcher.
  await chooseName(a.page, 'Anna K.');
  await stripSays(b.page, 'blue', 'Anna K.');
  await stripSays(c.page, 'blue', 'Anna K.');
  await tagged(b.page, 'Blue', 'Anna K.');

  // Forged: Gray's presence with another name signed by a stranger's key, and one signed by
  // Gray's own key (the invitation's) with a name the rules refuse (markup): neither is shown.
  const stranger = await newIdentity();
  const gray = await identityOf(new URL(invite).hash.match(/seat-key=([\w-]+)/)[1]);
  const at = Date.now() + 60_000;
  await publishPresence(id, 'gray', stranger.privateJwk, { state: 'online', at, since: 1, device: 'ab'.repeat(8), name: 'Mallory' });
  const bad = await signedPresence(id, 'gray', { state: 'online', at: at + 1, since: 1, device: 'cd'.repeat(8) }, await signer(gray.privateJwk));
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await client.publishAsync(topics(id).presence('gray'), JSON.stringify({ ...bad, name: '<b>Eve</b>' }), { qos: 1, retain: true });
  await client.endAsync();
  // A move after them shows they have been heard (the relay sends in order).
  await liveMove(b, a, 1);
  await liveMove(a, b, 2);
  for (const page of [a.page, c.page]) {
    const said = await strips(page);
    assert.equal(said.gray, 'Boris B.', 'the forged names are not shown');
    assert.equal(await page.evaluate(() => window.bluegray.element.shadowRoot.querySelector('b, i')), null, 'no markup in the board');
  }
  assert.ok(!(await a.page.evaluate(() => window.bluegray.element.record)).includes('Mallory'));

  // Recent games name the friend.
  await a.page.click('#recent-box summary');
  await waitText(a.page, '#recent-box', /vs Boris B\./);
});

test('by link: the sender’s name travels in the record and shows on the receiver’s board; the reply brings the receiver’s back', async () => {
  const [a, b] = await Promise.all([env.device(), env.device()]);
  // A chooses its name in the New game form, where a game by link is set up (the same kept name
  // as the preferences'); B in the preferences.
  await a.page.selectOption('#mode', 'friend');
  await a.page.fill('#form-name', 'Alma');
  await a.page.press('#form-name', 'Tab');
  await a.page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#player-name')).value === 'Alma');
  await chooseName(b.page, 'Bence');
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 1);
  await stripSays(b.page, 'blue', 'Alma');
  await tagged(b.page, 'Blue', 'Alma');
  await sendMoves(b, a, 1, 1);
  await stripSays(a.page, 'gray', 'Bence');
  await tagged(a.page, 'Gray', 'Bence');
  await tagged(a.page, 'Blue', 'Alma');
  assert.deepEqual(await strips(b.page), { blue: 'Alma', gray: 'You' });
});

test('by link: a name out of the rules in the link’s record (markup) is not shown, nor taken as markup', async () => {
  const [a, b] = await Promise.all([env.device(), env.device()]);
  await chooseName(a.page, 'Alma');
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  const link = new URL(await copyLink(a.page, '#send-link'));
  const params = new URLSearchParams(link.hash.slice(1));
  const record = params.get('record') ?? '';
  assert.ok(record.includes('[Blue "Alma"]'), record);
  params.set('record', record.replace('[Blue "Alma"]', '[Blue "<img src=x onerror=alert(1)>Eve"]'));
  link.hash = params.toString();
  await follow(b.page, link.href, 1);
  await stripSays(b.page, 'blue', 'Your friend');
  assert.deepEqual(await b.page.evaluate(() => window.bluegray.element.playerNames), { blue: '', gray: '' });
  assert.equal(await b.page.evaluate(() => window.bluegray.element.shadowRoot.querySelector('img')), null);
  await b.page.click('#recent-box summary');
  await waitText(b.page, '#recent-box', /against a friend, by link/);
  assert.doesNotMatch(await b.page.textContent('#recent-box'), /Eve|vs /);
});
