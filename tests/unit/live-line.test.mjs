// What the panel says of a live game's connection (friends/friend.js liveLine), this device's
// moves waiting to be sent among it, and how many watch it (onlookersLine).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveLine, onlookersLine } from '../../www/friends/friend.js';

/** @type {import('../../www/api-types.js').LiveStatus} */
const CONNECTED = { relay: 'connected', seat: 'blue', host: 'blue', blue: 'online', gray: 'online', elsewhere: false, unsent: 0, onlookers: 0 };

test('a move not yet on the relay is said to wait, and why, until the relay has it', () => {
  const relay = 'wss://relay.example.org/';
  assert.deepEqual(liveLine(CONNECTED, relay), { key: 'live.opponentOnline', params: { side: 'gray' } });
  assert.deepEqual(liveLine({ ...CONNECTED, unsent: 1 }, relay), { key: 'live.sending' });
  assert.deepEqual(liveLine({ ...CONNECTED, relay: 'unreachable', unsent: 1 }, relay), { key: 'live.unsentUnreachable', params: { relay } });
  assert.deepEqual(liveLine({ ...CONNECTED, relay: 'unreachable' }, relay), { key: 'live.unreachable', params: { relay } });
  assert.equal(liveLine(null, relay), null);
});

test('the onlookers are counted while connected, and only when there are any', () => {
  assert.deepEqual(onlookersLine({ ...CONNECTED, onlookers: 2 }), { key: 'live.onlookers', params: { n: 2 } });
  assert.equal(onlookersLine(CONNECTED), null);
  assert.equal(onlookersLine({ ...CONNECTED, relay: 'unreachable', onlookers: 2 }), null, 'a count the relay cannot confirm');
  assert.equal(onlookersLine(null), null);
});
