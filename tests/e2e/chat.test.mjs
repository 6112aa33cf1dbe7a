// End-to-end: the chat of a live game (www/live/live-chat.js, www/friends/chat-box.js) between two
// devices through a real relay: a line typed on one shows on the other and after a reload, a
// watcher (the watch link, on a third device) has none, chat turned off shows none and sends none,
// a mute hides the other player's lines, and lines published straight to the relay with a key
// that is not the seat's (a stranger's, the other seat's) are not shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { state, waitText, copyLink, seriousA11y } from './helpers.mjs';
import { setUpDevices, setUpRelay, waitConnected, liveGame } from './devices.mjs';
import { topics } from '../../www/live/live-protocol.js';
import { signer, newIdentity } from '../../www/live/live-keys.js';
import { signedLine, parseChat } from '../../www/live/live-chat.js';

const env = setUpDevices();
const relay = setUpRelay();

/** Types `text` in the chat box and sends it with Enter, as a player at the keyboard does. */
async function type(page, text) {
  await page.focus('#chat-input');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /** @type {HTMLInputElement} */ (document.querySelector('#chat-input')).value === '');
}

/** Waits until the board has a chat line of `seat` saying `text`. */
function heard(page, seat, text) {
  return page.waitForFunction(([s, t]) => window.bluegray.element.chat.some((l) => l.seat === s && l.text === t), [seat, text], { timeout: 10000 });
}

const shown = (page) => page.evaluate(() => [...document.querySelectorAll('#chat-lines li')].map((li) => li.textContent));

/** The chat lines the relay keeps for `seat` of game `id` (none: []). */
async function retainedChat(id, seat) {
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  try {
    const topic = topics(id).chat(seat);
    const got = new Promise((resolve) => client.on('message', (t, payload) => t === topic && resolve(parseChat(payload.toString()) ?? [])));
    await client.subscribeAsync(topic, { qos: 1 });
    // The relay sends a retained message right after SUBACK; a round trip on the game's other
    // seat's chat topic (the page drops what is not in shape, the relay keeps none of it) shows
    // when there is none.
    const echo = `${topics(id).chat(seat === 'blue' ? 'gray' : 'blue')}`;
    const none = new Promise((resolve) => client.on('message', (t) => t === echo && resolve([])));
    await client.subscribeAsync(echo, { qos: 1 });
    await client.publishAsync(echo, 'round trip', { qos: 1 });
    return await Promise.race([got, none]);
  } finally {
    await client.endAsync();
  }
}

test('chat: a line typed on one player’s device shows on the other’s and after a reload; a watcher has none; forged lines are not shown', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await waitText(a.page, '#live-status', /Gray is online/);
  await waitText(a.page, '#chat-title', /^Chat$/);
  assert.deepEqual(await seriousA11y(a.page, '#chat-box'), []);
  await type(a.page, 'Good luck! <b>bold</b>\u0007');
  await heard(b.page, 'blue', 'Good luck! <b>bold</b>');
  await waitText(b.page, '#chat-lines', /Blue:Good luck! <b>bold<\/b>/);
  assert.equal(await b.page.evaluate(() => document.querySelector('#chat-lines b')), null, 'shown as text, not markup');
  await type(b.page, 'Thanks, you too');
  await waitText(a.page, '#chat-lines', /Gray:Thanks, you too/);
  assert.deepEqual(await shown(a.page), ['You (Blue):Good luck! <b>bold</b>', 'Gray:Thanks, you too']);

  // A reload shows the game's chat again, from the device itself: the relay's copy is cleared
  // first (an empty retained message, which anyone may publish; the devices drop it).
  const clearer = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  for (const seat of /** @type {const} */ (['blue', 'gray'])) await clearer.publishAsync(topics(id).chat(seat), '', { qos: 1, retain: true });
  await clearer.endAsync();
  assert.deepEqual(await retainedChat(id, 'gray'), []);
  await b.page.reload();
  await waitConnected(b.page);
  await waitText(b.page, '#chat-lines', /Blue:Good luck!.*You \(Gray\):Thanks, you too/);

  // A third device with the watch link watches, and is shown no chat.
  const watchLink = await copyLink(b.page, '#invite-link', /Watch link copied/);
  const c = await env.device(watchLink);
  await waitConnected(c.page);
  assert.equal(await c.page.evaluate(() => window.bluegray.element.seat), 'watch');
  await type(a.page, 'Someone is watching');
  await heard(b.page, 'blue', 'Someone is watching');
  assert.deepEqual(await c.page.evaluate(() => window.bluegray.element.chat), []);
  assert.equal(await c.page.evaluate(() => /** @type {HTMLElement} */ (document.querySelector('#chat-box')).hidden), true);

  // Lines published straight to the relay: one as Gray signed by a stranger's key, one as Blue
  // signed by Gray's own key (taken from its device), then a true line of Gray's after them.
  const grayKey = await b.page.evaluate((key) => JSON.parse(localStorage.getItem(key)).privateJwk, `bluegray.live.v1.${id}`);
  const graySign = await signer(grayKey);
  const stranger = await signer((await newIdentity()).privateJwk);
  const forged = await signedLine(id, 'gray', 'I resign, you win', stranger);
  const asBlue = await signedLine(id, 'blue', 'Gray is right', graySign);
  const real = await signedLine(id, 'gray', 'After the forgeries', graySign);
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await client.publishAsync(topics(id).chat('blue'), JSON.stringify({ lines: [asBlue] }), { qos: 1, retain: true });
  await client.publishAsync(topics(id).chat('gray'), JSON.stringify({ lines: [forged, real] }), { qos: 1, retain: true });
  await client.endAsync();
  await heard(a.page, 'gray', 'After the forgeries');
  const lines = (await a.page.evaluate(() => window.bluegray.element.chat)).map((l) => l.text);
  assert.ok(!lines.includes('I resign, you win') && !lines.includes('Gray is right'), `no forged line: ${lines.join(' | ')}`);
  assert.doesNotMatch((await shown(a.page)).join(' '), /I resign|Gray is right/);
  assert.equal((await state(a.page)).result, undefined);
});

test('chat turned off shows nothing and sends nothing, remembered; a mute hides the other player’s lines in this game', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await waitText(a.page, '#live-status', /Gray is online/);
  await type(a.page, 'Hello Gray');
  await heard(b.page, 'blue', 'Hello Gray');

  // Gray mutes Blue: Blue's next line reaches Gray's board but is not shown; Gray's own are.
  await b.page.click('#chat-mute');
  await waitText(b.page, '#chat-mute', /^Unmute the other player$/);
  assert.equal(await b.page.getAttribute('#chat-mute', 'aria-pressed'), 'true');
  await type(a.page, 'Are you there?');
  await heard(b.page, 'blue', 'Are you there?');
  await type(b.page, 'Thinking');
  await waitText(b.page, '#chat-lines', /Thinking/);
  assert.deepEqual(await shown(b.page), ['You (Gray):Thinking']);
  await b.page.click('#chat-mute');
  await waitText(b.page, '#chat-lines', /Blue:Are you there\?/);

  // Blue turns chat off (by the keyboard): no lines shown, no field, and nothing sent even when
  // the form is submitted.
  await a.page.focus('#chat-on');
  await a.page.keyboard.press('Space');
  await a.page.waitForFunction(() => /** @type {HTMLElement} */ (document.querySelector('#chat-lines')).hidden);
  assert.equal(await a.page.isVisible('#chat-input'), false);
  await a.page.evaluate(() => {
    /** @type {HTMLInputElement} */ (document.querySelector('#chat-input')).value = 'Sent while off';
    /** @type {HTMLFormElement} */ (document.querySelector('#chat-form')).requestSubmit();
  });
  await type(b.page, 'Still here');
  await heard(a.page, 'gray', 'Still here');
  assert.equal(await a.page.isVisible('#chat-lines'), false);
  assert.deepEqual((await retainedChat(id, 'blue')).map((l) => l.text), ['Hello Gray', 'Are you there?']);
  // Remembered: after a reload chat is still off.
  await a.page.reload();
  await waitConnected(a.page);
  await a.page.waitForFunction(() => !(/** @type {HTMLElement} */ (document.querySelector('#chat-box')).hidden));
  assert.equal(await a.page.isChecked('#chat-on'), false);
  assert.equal(await a.page.isVisible('#chat-lines'), false);
});
