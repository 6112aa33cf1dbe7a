// What the panel says of a live game's connection (friends/friend.js liveLine), this device's
// moves waiting to be sent among it, and how many watch it (onlookersLine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveLine, onlookersLine } from '../../www/friends/friend.js';
import fs from 'node:fs';

/** @type {import('../../www/api-types.js').LiveStatus} */
const CONNECTED = { relay: 'connected', seat: 'blue', host: 'blue', blue: 'online', gray: 'online', elsewhere: false, unsent: 0, onlookers: 0 };

test('a move not yet on the relay is said to wait, and why, until the relay has it', () => {
  assert.deepEqual(liveLine(CONNECTED), { key: 'live.opponentOnline', params: { side: 'gray' } });
  assert.deepEqual(liveLine({ ...CONNECTED, unsent: 1 }), { key: 'live.sending' });
  assert.deepEqual(liveLine({ ...CONNECTED, relay: 'unreachable', unsent: 1 }), { key: 'live.unsentUnreachable' });
  assert.deepEqual(liveLine({ ...CONNECTED, relay: 'unreachable' }), { key: 'live.unreachable' });
  assert.equal(liveLine(null), null);
});

test('the onlookers are counted while connected, and only when there are any', () => {
  assert.deepEqual(onlookersLine({ ...CONNECTED, onlookers: 2 }), { key: 'live.onlookers', params: { n: 2 } });
  assert.equal(onlookersLine(CONNECTED), null);
  assert.equal(onlookersLine({ ...CONNECTED, relay: 'unreachable', onlookers: 2 }), null, 'a count the relay cannot confirm');
  assert.equal(onlookersLine(null), null);
});

test('what a player reads of live games names no address and no word of the protocol', async () => {
  for (const pkg of ['live', 'friends', 'play']) {
    for (const file of fs.readdirSync(new URL(`../../www/${pkg}/i18n/`, import.meta.url))) {
      const { default: table } = await import(`../../www/${pkg}/i18n/${file}`);
      // The settings' relay field is where an address belongs; every other word is a player's.
      for (const [key, text] of Object.entries(table.messages).filter(([k]) => !k.startsWith('prefs.'))) {
        assert.doesNotMatch(String(text), /\{relay\}|wss?:\/\/|seat-key|host-key|game-id|MQTT/i, `${pkg}/${file} ${key}`);
      }
    }
  }
});
