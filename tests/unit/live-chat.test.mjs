// The chat lines of a live game (www/live/live-chat.js): what a typed line becomes, which lines
// a device takes (their shape, then their seat's signature for this game), and how lines join.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanLine, signedLine, parseChat, checkedLines, mergedLines, bothSeats, MAX_CHAT_TEXT, MAX_CHAT_LINES } from '../../www/live/live-chat.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';

const ID = 'a'.repeat(32);

test('a typed line: control characters and direction overrides out, spaces joined, cut to the limit without splitting a character', () => {
  assert.equal(cleanLine('  hello\tthere\n\u0007friend\u202e  '), 'hello there friend');
  assert.equal(cleanLine('\u0000\u001b[31m'), '[31m');
  assert.equal(cleanLine(' \n '), '');
  assert.equal(cleanLine('x'.repeat(500)).length, MAX_CHAT_TEXT);
  const emoji = cleanLine('a' + '😀'.repeat(100));
  assert.ok(emoji.length <= MAX_CHAT_TEXT && !/[\ud800-\udbff]$/.test(emoji), 'no half of a character at the end');
  assert.equal(cleanLine('<b>bold</b> & "quotes"'), '<b>bold</b> & "quotes"', 'markup is text: the page shows it as such');
});

test('a chat message is read only in its shape: lines of text within the limit, a time and a signature', () => {
  const sig = 's'.repeat(86);
  const ok = { text: 'hi', at: 1, sig };
  assert.deepEqual(parseChat(JSON.stringify({ lines: [ok] })), [ok]);
  assert.deepEqual(parseChat(JSON.stringify({ lines: [] })), []);
  for (const bad of [
    'junk', '', 'null', '{}', JSON.stringify({ lines: [{ ...ok, text: 'bell\u0007' }] }),
    JSON.stringify({ lines: [{ ...ok, text: 'x'.repeat(MAX_CHAT_TEXT + 1) }] }), JSON.stringify({ lines: [{ ...ok, text: '' }] }),
    JSON.stringify({ lines: [{ ...ok, text: ' padded' }] }), JSON.stringify({ lines: [{ ...ok, at: -1 }] }), JSON.stringify({ lines: [{ ...ok, sig: 'short' }] }),
    JSON.stringify({ lines: Array(MAX_CHAT_LINES + 1).fill(ok) }), JSON.stringify({ lines: [{ ...ok, text: '\ud800' }] }),
  ]) assert.equal(parseChat(bad), null, bad.slice(0, 60));
});

test('a line holds only signed by its seat’s key for this game and this seat', async () => {
  const blue = await newIdentity();
  const gray = await newIdentity();
  const line = await signedLine(ID, 'blue', 'good game', await signer(blue.privateJwk), 1000);
  assert.deepEqual(await checkedLines(ID, 'blue', blue.key, [line]), [line]);
  assert.deepEqual(await checkedLines(ID, 'blue', gray.key, [line]), [], 'another key');
  assert.deepEqual(await checkedLines(ID, 'gray', blue.key, [line]), [], 'another seat');
  assert.deepEqual(await checkedLines('b'.repeat(32), 'blue', blue.key, [line]), [], 'another game');
  assert.deepEqual(await checkedLines(ID, 'blue', blue.key, [{ ...line, text: 'I resign' }]), [], 'another text');
  assert.deepEqual(await checkedLines(ID, 'blue', blue.key, [{ ...line, at: 999 }]), [], 'another time');
});

test('lines join each once, in time order, the last MAX_CHAT_LINES; both seats in the order written', () => {
  const l = (/** @type {number} */ at) => ({ text: `t${at}`, at, sig: String(at).padStart(86, 's') });
  assert.deepEqual(mergedLines([l(1), l(3)], [l(2), l(3)]), [l(1), l(2), l(3)]);
  const many = Array.from({ length: MAX_CHAT_LINES + 5 }, (_, i) => l(i));
  assert.deepEqual(mergedLines([], many), many.slice(5));
  assert.deepEqual(bothSeats({ blue: [l(1), l(4)], gray: [l(2)] }).map((x) => [x.seat, x.at]), [['blue', 1], ['gray', 2], ['blue', 4]]);
});
