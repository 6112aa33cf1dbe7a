// Unit tests of a live seat on one device: what live-kept.js keeps and whether storage took its
// key (writeKept), what a session's PresenceBook (live-presence.js) makes of the presence it
// hears, and the seat's lock among the tabs of one browser (live-seat-lock.js, with a stand-in
// for Web Locks that behaves as the browser's: ifAvailable, steal, release).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostedGame, joinedGame, writeKept, readKept, seatKeyStand, linkSeatKey, LIVE_KEY_PREFIX } from '../../www/live/live-kept.js';
import { signer, newIdentity, secretOf } from '../../www/live/live-keys.js';
import { reconnectDelay, RECONNECT_MAX_MS } from '../../www/live/live-connection.js';
import { signedPresence, PresenceBook } from '../../www/live/live-presence.js';
import { SeatLock } from '../../www/live/live-seat-lock.js';

/** A Web Storage of `room` characters (keys and values), which throws as a full browser's does. */
function storageOf(room = Infinity) {
  const items = new Map();
  const used = () => [...items].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem(k, v) {
      const before = items.get(k);
      items.set(k, String(v));
      if (used() > room) {
        if (before === undefined) items.delete(k);
        else items.set(k, before);
        throw new DOMException('full', 'QuotaExceededError');
      }
    },
    removeItem: (k) => void items.delete(k),
  };
}

test('writeKept says whether storage holds the seat’s key: kept, refused, or kept before a later write was refused', async () => {
  const me = await hostedGame({ seat: 'blue', variant: 'sackson' });
  assert.equal(writeKept(storageOf(), me), true);
  const full = storageOf(1000);
  assert.equal(writeKept(full, me), false, 'a kept game of about 1,100 characters does not fit in 1,000');
  assert.equal(full.getItem(LIVE_KEY_PREFIX + me.id), null);
  // A watcher holds no key: nothing to lose.
  assert.equal(writeKept(full, { ...me, seat: 'watch', key: null, privateJwk: null, secret: null, snap: null }), true);
  // The key kept at the start stays when a later, larger write is refused.
  const tight = storageOf(JSON.stringify(me).length + LIVE_KEY_PREFIX.length + me.id.length + 10);
  assert.equal(writeKept(tight, me), true);
  const longer = { ...me, snap: me.snap && { ...me.snap, moves: Array(20).fill('a1-a2'), sigs: Array(20).fill('s'.repeat(86)) } };
  assert.equal(writeKept(tight, longer), true);
  assert.equal(readKept(tight, me.id)?.key, me.key);
});

test('a PresenceBook takes a seat’s signed, newer presence, and says what it asks of the session', async () => {
  const me = await hostedGame({ seat: 'blue', variant: 'sackson' });
  const sign = await signer(/** @type {JsonWebKey} */ (me.privateJwk));
  const keys = me.snap?.keys ?? null;
  const book = new PresenceBook();
  const say = async (note) => JSON.stringify(await signedPresence(me.id, 'blue', note, sign));
  const mine = { id: me.id, keys, mine: true, key: me.key, device: me.device, since: me.since, said: null };
  const online = await say({ state: 'online', at: 10, since: me.since, device: me.device });
  assert.deepEqual(await book.heard('blue', online, mine), { changed: true, heard: true });
  assert.equal(book.states.blue, 'online');
  // The same again, or an older one: the relay's is older than what this device said.
  assert.deepEqual(await book.heard('blue', online, { ...mine, said: { state: 'online', at: 20, since: me.since, device: me.device, sig: '' } }), { back: true });
  assert.deepEqual(await book.heard('blue', online, { ...mine, mine: false }), {});
  // Junk on this device's own seat: its presence goes back; on another's, nothing.
  assert.deepEqual(await book.heard('blue', 'junk', mine), { back: true });
  assert.deepEqual(await book.heard('blue', 'junk', { ...mine, mine: false }), {});
  // Another device that took the seat later: the seat moved; earlier: it is answered.
  const later = await say({ state: 'online', at: 30, since: me.since + 1, device: 'f'.repeat(16) });
  assert.deepEqual(await book.heard('blue', later, mine), { moved: true });
  const earlier = await say({ state: 'online', at: 40, since: me.since - 1, device: 'f'.repeat(16) });
  assert.deepEqual(await book.heard('blue', earlier, mine), { back: true });
  // Heard before the seat's key is known: kept to hear again once, then forgotten.
  const fresh = new PresenceBook();
  assert.deepEqual(await fresh.heard('blue', online, { ...mine, keys: null, mine: false }), {});
  assert.equal(fresh.unchecked('blue'), online);
  assert.equal(fresh.unchecked('blue'), null);
});

test('a PresenceBook keeps the name of each seat’s last presence taken, and drops it with one that has none', async () => {
  const me = await hostedGame({ seat: 'blue', variant: 'sackson' });
  const sign = await signer(/** @type {JsonWebKey} */ (me.privateJwk));
  const book = new PresenceBook();
  const heard = (note) => signedPresence(me.id, 'blue', note, sign).then((n) => book.heard('blue', JSON.stringify(n), { id: me.id, keys: me.snap?.keys ?? null, mine: false, key: null, device: 'f'.repeat(16), since: 0, said: null }));
  const base = { state: 'online', since: me.since, device: me.device };
  assert.deepEqual(book.names, { blue: '', gray: '' });
  await heard({ ...base, at: 10, name: 'Anna' });
  assert.deepEqual(book.names, { blue: 'Anna', gray: '' });
  // An older one, with another name, changes nothing; a newer one renames; one without, unnames.
  await heard({ ...base, at: 5, name: 'Old' });
  assert.equal(book.names.blue, 'Anna');
  await heard({ ...base, at: 20, name: 'Anna K.' });
  assert.equal(book.names.blue, 'Anna K.');
  await heard({ ...base, at: 30 });
  assert.equal(book.names.blue, '');
});

test('a PresenceBook knows since when, by this device’s clock, each seat has been away', async () => {
  const me = await hostedGame({ seat: 'blue', variant: 'sackson' });
  const sign = await signer(/** @type {JsonWebKey} */ (me.privateJwk));
  let now = 5000;
  const book = new PresenceBook(() => now);
  const say = async (state, at) => JSON.stringify(await signedPresence(me.id, 'blue', { state, at, since: me.since, device: me.device }, sign));
  const theirs = { id: me.id, keys: me.snap?.keys ?? null, mine: false, key: null, device: 'f'.repeat(16), since: 0, said: null };
  assert.deepEqual(book.away, { blue: null, gray: null });
  await book.heard('blue', await say('online', 10), theirs);
  assert.equal(book.away.blue, null);
  now = 7000;
  await book.heard('blue', await say('offline', 20), theirs);
  assert.equal(book.away.blue, 7000, 'from when it was heard gone');
  now = 9000;
  await book.heard('blue', await say('offline', 30), theirs);
  assert.equal(book.away.blue, 7000, 'still away: the time it left stands');
  await book.heard('blue', await say('online', 40), theirs);
  assert.equal(book.away.blue, null, 'back');
});

/** A stand-in for navigator.locks: one holder a name; `steal` ends the holder's request with an AbortError. */
function fakeLocks() {
  /** @type {Map<string, {abort: (e: Error) => void}>} */
  const held = new Map();
  return {
    held,
    async request(name, { ifAvailable = false, steal = false }, callback) {
      if (held.has(name) && !steal) {
        if (ifAvailable) return callback(null);
        throw new Error('this stand-in does not queue');
      }
      const before = held.get(name);
      before?.abort(new DOMException('stolen', 'AbortError'));
      let abort = (/** @type {Error} */ _e) => {};
      const aborted = new Promise((_, reject) => (abort = reject));
      const mine = { abort };
      held.set(name, mine);
      try {
        return await Promise.race([callback({ name }), aborted]);
      } finally {
        if (held.get(name) === mine) held.delete(name);
      }
    },
  };
}

test('the seat’s lock: one tab of a browser holds it, another finds it held, takes it over, and the first is told', async () => {
  const locks = fakeLocks();
  let lostFirst = 0;
  const first = new SeatLock('abc', () => lostFirst++, locks);
  const second = new SeatLock('abc', () => assert.fail('the second tab keeps the seat'), locks);
  assert.equal(await first.hold(), true);
  assert.equal(first.held, true);
  assert.equal(await second.hold(), false, 'held by the first tab');
  assert.equal(second.held, false);
  assert.equal(await second.hold(true), true, 'taken over');
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(lostFirst, 1);
  assert.equal(first.held, false);
  second.release();
  await new Promise((r) => setTimeout(r, 0));
  assert.equal(locks.held.size, 0);
  assert.equal(await new SeatLock('abc', () => {}, locks).hold(), true, 'free again once released');
  // Without Web Locks every tab plays, as before.
  const bare = new SeatLock('abc', () => {}, null);
  assert.equal(await bare.hold(), true);
  assert.equal(bare.held, true);
});

test('a link’s seat key never replaces the kept one unasked, and one that is not the game’s is refused at once', async () => {
  const host = await hostedGame({ seat: 'blue', variant: 'sackson' });
  const storage = storageOf();
  const guestSecret = /** @type {string} */ (host.secret);
  const guest = await joinedGame(host.id, { storage, seat: 'gray', hostKey: host.hostKey, seatKey: guestSecret });
  writeKept(storage, { ...guest, snap: host.snap, host: 'blue' });
  const kept = readKept(storage, host.id);
  assert.equal(kept?.key, host.snap?.keys.gray);
  // Someone else's key, under this game's id: not one of the game's signed keys.
  const stranger = await newIdentity();
  const strangerSecret = await secretOf(stranger.privateJwk);
  assert.equal(seatKeyStand(kept, stranger.key), 'foreign');
  assert.equal(await linkSeatKey(storage, host.id, strangerSecret), 'foreign');
  await assert.rejects(joinedGame(host.id, { storage, seat: 'gray', hostKey: host.hostKey, seatKey: strangerSecret }), { key: 'live.foreignSeatKey' });
  assert.equal(readKept(storage, host.id)?.key, kept?.key, 'the kept key stays');
  // The game's other seat's key (the host's seat link) is a key of the game: the player is asked.
  assert.equal(await linkSeatKey(storage, host.id, await secretOf(/** @type {JsonWebKey} */ (host.privateJwk))), 'other');
  // The same invitation again, a device without the game, a damaged key: nothing to ask.
  assert.equal(await linkSeatKey(storage, host.id, guestSecret), 'same');
  assert.equal(await linkSeatKey(storageOf(), host.id, strangerSecret), 'none');
  assert.equal(await linkSeatKey(storage, host.id, 'junk'), 'none');
  // The host's own device keeps its seat whatever key a link brings, of the game.
  assert.equal(seatKeyStand(host, /** @type {string} */ (host.snap?.keys.gray)), 'same');
});

test('a relay out of reach is tried again less and less often, up to a limit', () => {
  assert.equal(reconnectDelay(0), 1000);
  assert.equal(reconnectDelay(1), 2000);
  assert.ok(reconnectDelay(3) > reconnectDelay(2));
  assert.equal(reconnectDelay(50), RECONNECT_MAX_MS);
  // A minute down costs a handful of attempts, not sixty.
  let attempts = 0;
  for (let t = 0; t < 60000; t += reconnectDelay(attempts)) attempts++;
  assert.ok(attempts <= 8, `${attempts} attempts in a minute`);
});
