// The relay for live games (relay.mjs) through a real MQTT client over WebSocket: retained
// messages and last wills in memory, and with Redis (from processes.mjs) retained messages
// that outlive a restart of everything and messages shared between relay processes. The Redis tests
// fail, not skip, without redis-server: `bash scripts/setup.sh --test` installs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { startRedis, startRelay } from '../processes.mjs';
import { LOBBY_COUNTS as COUNTS } from '../../www/live/lobby-protocol.js';

const RELAY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'relay.mjs');
const WAIT = 15000;
/** Game `n`'s topics' prefix: a game id is 32 hex digits (www/live/live-protocol.js, GAME_ID). */
const game = (n) => `bluegray/v1/${String(n).repeat(32)}`;
/** Game `n`'s retained message after `moves`, in the protocol's shape (www/live/live-check.js parseSnapshot; the relay reads no signature). */
const snapshot = (n, moves) => JSON.stringify({ v: 2, id: String(n).repeat(32), variant: 'classic', host: 'blue', keys: { blue: 'B'.repeat(87), gray: 'G'.repeat(87) }, hostSig: 'S'.repeat(86), moves, sigs: moves.map(() => 'S'.repeat(86)) });

/** What a test opened, ended in reverse order when it is done, passed or failed. */
function scope(t) {
  const undo = [];
  t.after(async () => {
    for (const fn of undo.reverse()) await fn();
  });
  return {
    /** A connected MQTT 3.1.1 client that never reconnects on its own, so a lost relay is an error. */
    connect(url, opts = {}) {
      const client = mqtt.connect(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: WAIT, ...opts });
      undo.push(() => client.endAsync(true));
      return new Promise((resolve, reject) => {
        // Listeners stay: an 'error' with none would throw, and a reject after resolve does nothing.
        client.once('connect', () => resolve(client));
        client.on('error', reject);
        client.on('close', () => reject(new Error(`connection to ${url} closed before CONNACK`)));
      });
    },
    /** A relay or Redis from the harness. */
    async start(startX) {
      const proc = await startX();
      undo.push(() => proc.dispose());
      return proc;
    },
  };
}

/** The first message on `topic` after now, as {payload, retain}; fails after WAIT. */
function nextMessage(client, topic) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${WAIT} ms`));
    }, WAIT);
    function onMessage(t, payload, packet) {
      if (t !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve({ payload: payload.toString(), retain: packet.retain });
    }
    client.on('message', onMessage);
  });
}

/** Subscribes and resolves to the first message on `topic` (a retained one arrives right after SUBACK). */
async function subscribeForOne(client, topic) {
  const message = nextMessage(client, topic);
  await client.subscribeAsync(topic, { qos: 1 });
  return message;
}

test('a retained message is delivered to a client that subscribes later', async (t) => {
  const { connect, start } = scope(t);
  const relay = await start(startRelay);
  const host = await connect(relay.url);
  await host.publishAsync(`${game(1)}/game`, snapshot(1, ['e2-e3']), { qos: 1, retain: true });
  const guest = await connect(relay.url);
  assert.deepEqual(await subscribeForOne(guest, `${game(1)}/game`), { payload: snapshot(1, ['e2-e3']), retain: true });
});

test('the relay carries the games’ topics only: a message elsewhere ends its connection and is not kept', async (t) => {
  const { connect, start } = scope(t);
  const relay = await start(startRelay);
  const stray = await connect(relay.url);
  const closed = new Promise((resolve) => stray.once('close', resolve));
  stray.publish('elsewhere/notes', 'kept?', { qos: 1, retain: true });
  await closed;
  // A later reader of that topic gets nothing, while a game's topic works as before.
  const reader = await connect(relay.url);
  let strayArrived = false;
  reader.on('message', (topic) => (strayArrived ||= topic === 'elsewhere/notes'));
  // Nor can one subscribe there (limits.test.mjs tries more).
  await assert.rejects(reader.subscribeAsync('elsewhere/notes', { qos: 1 }), /Subscribe error/);
  await reader.publishAsync(`${game(0)}/game`, snapshot(0, ['a1-a2']), { qos: 1, retain: true });
  assert.deepEqual(await subscribeForOne(reader, `${game(0)}/game`), { payload: snapshot(0, ['a1-a2']), retain: true });
  assert.equal(strayArrived, false);
});

test("a client's last will reaches the other side when its connection drops", async (t) => {
  const { connect, start } = scope(t);
  const relay = await start(startRelay);
  const watcher = await connect(relay.url);
  await watcher.subscribeAsync(`${game(2)}/presence/blue`, { qos: 1 });
  const will = nextMessage(watcher, `${game(2)}/presence/blue`);
  const player = await connect(relay.url, { will: { topic: `${game(2)}/presence/blue`, payload: 'gone', qos: 1, retain: false } });
  // end(true) drops the socket without DISCONNECT, as a closed tab or a lost network does;
  // a clean end() would (rightly) discard the will.
  player.end(true);
  assert.deepEqual(await will, { payload: 'gone', retain: false });
});

test('with Redis, a retained message survives a restart of the relay and of Redis', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const relay = await start(() => startRelay({ redis: redis.url }));
  const host = await connect(relay.url);
  await host.publishAsync(`${game(3)}/game`, snapshot(3, ['b1-b2', 'b3-b4']), { qos: 1, retain: true });
  await host.endAsync();
  assert.deepEqual(await relay.stop(), { code: 0, signal: null }, `the relay shuts down cleanly: ${relay.stderr}`);
  await redis.stop();
  await redis.start();
  await relay.start();
  const guest = await connect(relay.url);
  assert.deepEqual(await subscribeForOne(guest, `${game(3)}/game`), { payload: snapshot(3, ['b1-b2', 'b3-b4']), retain: true });
});

test('two relays sharing one Redis serve one pool of games', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const a = await start(() => startRelay({ redis: redis.url }));
  const b = await start(() => startRelay({ redis: redis.url }));
  const onB = await connect(b.url);
  await onB.subscribeAsync(`${game(4)}/presence/blue`, { qos: 1 });
  const live = nextMessage(onB, `${game(4)}/presence/blue`);
  const onA = await connect(a.url);
  await onA.publishAsync(`${game(4)}/presence/blue`, 'e2e4', { qos: 1 });
  assert.deepEqual(await live, { payload: 'e2e4', retain: false });

  await onA.publishAsync(`${game(4)}/game`, snapshot(4, ['c1-c2']), { qos: 1, retain: true });
  const late = await connect(b.url);
  assert.deepEqual(await subscribeForOne(late, `${game(4)}/game`), { payload: snapshot(4, ['c1-c2']), retain: true });
});

test('relay.mjs with a bad argument exits 1 and says why on stderr', () => {
  for (const args of [['--port', 'nine'], ['--bogus'], ['--redis', 'localhost:6379'], ['--rate', '0'], ['--connect-timeout', 'soon'], ['--max-game', '1e6']]) {
    const run = spawnSync(process.execPath, [RELAY, ...args], { encoding: 'utf8', timeout: WAIT });
    assert.equal(run.status, 1, `${args.join(' ')}: exit code`);
    assert.match(run.stderr, /^relay: .+/, `${args.join(' ')}: stderr`);
    assert.equal(run.stdout, '');
  }
});

test('with Redis, a client id connected to one relay process is refused on another while its holder answers, and free once it has gone', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const a = await start(() => startRelay({ redis: redis.url }));
  const b = await start(() => startRelay({ redis: redis.url }));
  const holder = await connect(a.url, { clientId: 'mqttjs_both' });
  let closed = false;
  holder.once('close', () => (closed = true));
  await assert.rejects(connect(b.url, { clientId: 'mqttjs_both' }), (err) => err.code === 2);
  // The holder was asked for a pong through Redis, answered, and keeps its connection.
  await holder.subscribeAsync(`${game(5)}/presence/blue`, { qos: 1 });
  const echo = nextMessage(holder, `${game(5)}/presence/blue`);
  await holder.publishAsync(`${game(5)}/presence/blue`, 'here', { qos: 1 });
  assert.deepEqual(await echo, { payload: 'here', retain: false });
  assert.equal(closed, false);
  await holder.endAsync();
  const deadline = Date.now() + WAIT;
  for (;;) {
    try {
      await connect(b.url, { clientId: 'mqttjs_both' });
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
});

test('with Redis, a retained message out of the protocol’s shape is not kept, and one in shape is cleared after --game-expiry on every relay', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const a = await start(() => startRelay({ redis: redis.url, args: ['--game-expiry', '2'] }));
  const b = await start(() => startRelay({ redis: redis.url, args: ['--game-expiry', '2'] }));
  const onA = await connect(a.url);
  await onA.publishAsync(`${game(6)}/game`, 'x'.repeat(2000), { qos: 1, retain: true });
  await onA.publishAsync(`${game(7)}/game`, snapshot(7, ['d1-d2']), { qos: 1, retain: true });
  const onB = await connect(b.url);
  const heard = [];
  onB.on('message', (topic, payload) => heard.push([topic, payload.toString()]));
  const kept = nextMessage(onB, `${game(7)}/game`);
  await onB.subscribeAsync([`${game(6)}/game`, `${game(7)}/game`], { qos: 1 });
  assert.deepEqual(await kept, { payload: snapshot(7, ['d1-d2']), retain: true });
  assert.deepEqual(await nextMessage(onB, `${game(7)}/game`), { payload: '', retain: false });
  assert.deepEqual(heard, [[`${game(7)}/game`, snapshot(7, ['d1-d2'])], [`${game(7)}/game`, '']], 'the junk was not kept; the clearing came once');
  const late = await connect(a.url);
  let any = false;
  late.on('message', () => (any = true));
  await late.subscribeAsync([`${game(6)}/game`, `${game(7)}/game`], { qos: 1 });
  await late.publishAsync(`${game(6)}/presence/blue`, 'round trip', { qos: 1 });
  assert.equal(any, false);
});

test('with Redis, one address’s standing challenges are counted across relay processes: the cap holds on either, and a challenge withdrawn on one frees room on the other', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const args = ['--max-challenges', '2'];
  const a = await start(() => startRelay({ redis: redis.url, args }));
  const b = await start(() => startRelay({ redis: redis.url, args }));
  const poster = (n) => String(n).repeat(32);
  /** Poster `n`'s challenge in the page's shape (lobby-protocol.js challengeShape). */
  const challenge = (n) => JSON.stringify({ v: 1, id: poster(n), game: 'a'.repeat(32), key: 'K'.repeat(87), variant: 'classic', side: 'random', clock: 'none', at: Date.now(), sig: 'S'.repeat(86) });
  /** Posts poster `n`'s challenge through `relay`: resolves whether it stands (else its connection was ended). */
  const post = async (relay, n) => {
    const c = await connect(relay.url, { clientId: poster(n) });
    const closed = new Promise((resolve) => c.once('close', () => resolve(false)));
    // Acknowledged once taken; a refusal ends the connection instead.
    const answered = new Promise((resolve) => c.publish(`bluegray/v1/lobby/${poster(n)}`, challenge(n), { qos: 1, retain: true }, (err) => !err && resolve(true)));
    return { c, stands: await Promise.race([closed, answered]) };
  };
  const first = await post(a, 1);
  assert.equal(first.stands, true);
  assert.equal((await post(b, 2)).stands, true);
  assert.equal((await post(a, 3)).stands, false, 'a third through the first process');
  assert.equal((await post(b, 4)).stands, false, 'a third through the second');
  await first.c.publishAsync(`bluegray/v1/lobby/${poster(1)}`, '', { qos: 1, retain: true });
  assert.equal((await post(b, 5)).stands, true, 'room once one was withdrawn on the other process');
});

/** A presence saying `state`, in the page’s shape (the relay reads no signature). */
const presence = (state) => JSON.stringify({ state, at: Date.now(), since: 1, device: 'd'.repeat(16), sig: 'S'.repeat(86) });
/** A lobby's client id: 32 hex digits. */
const lobbyId = (n) => String(n).repeat(32);

/** Waits until `client` (subscribed to the lobby) has heard the counts `want`; fails after WAIT with the last heard. */
function countsHeard(client, want) {
  return new Promise((resolve, reject) => {
    let last = null;
    const timer = setTimeout(() => {
      client.off('message', onMessage);
      reject(new Error(`counts ${JSON.stringify(want)} not heard within ${WAIT} ms (last: ${last})`));
    }, WAIT);
    function onMessage(topic, payload) {
      if (topic !== COUNTS) return;
      last = payload.toString();
      const m = JSON.parse(last);
      if (m.v !== 1 || m.players !== want.players || m.games !== want.games) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(m);
    }
    client.on('message', onMessage);
  });
}

test('the relay counts the players online (seats held by their last presence, and lobby visitors) and the games being played, and only it says them', async (t) => {
  const { connect, start } = scope(t);
  const relay = await start(startRelay);
  const visitor = await connect(relay.url, { clientId: lobbyId(1) });
  let heard = countsHeard(visitor, { players: 1, games: 0 });
  await visitor.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  await heard;
  // Blue and Gray of one game online, on two connections: two players, one game.
  const blue = await connect(relay.url, { will: { topic: `${game(5)}/presence/blue`, payload: presence('offline'), qos: 1, retain: true } });
  heard = countsHeard(visitor, { players: 3, games: 1 });
  await blue.publishAsync(`${game(5)}/presence/blue`, presence('online'), { qos: 1, retain: true });
  const gray = await connect(relay.url);
  await gray.publishAsync(`${game(5)}/presence/gray`, presence('online'), { qos: 1, retain: true });
  await heard;
  // One connection holds one seat: saying another game's seat moves it there (two games, still three players).
  heard = countsHeard(visitor, { players: 3, games: 2 });
  await gray.publishAsync(`${game(6)}/presence/gray`, presence('online'), { qos: 1, retain: true });
  await heard;
  // Offline, or a dropped connection (its will), and the seat is no longer held.
  heard = countsHeard(visitor, { players: 2, games: 1 });
  await gray.publishAsync(`${game(6)}/presence/gray`, presence('offline'), { qos: 1, retain: true });
  await heard;
  heard = countsHeard(visitor, { players: 1, games: 0 });
  blue.end(true);
  await heard;
  // A late visitor hears them at once (retained); no client may say them.
  const late = await connect(relay.url, { clientId: lobbyId(2) });
  heard = countsHeard(late, { players: 2, games: 0 });
  await late.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  await heard;
  const forger = await connect(relay.url);
  const closed = new Promise((resolve) => forger.once('close', resolve));
  forger.publish(COUNTS, JSON.stringify({ v: 1, players: 999, games: 999 }), { qos: 1, retain: true });
  await closed;
  const check = await connect(relay.url, { clientId: lobbyId(3) });
  heard = countsHeard(check, { players: 3, games: 0 });
  await check.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  await heard;
});

test('with Redis, the counts are over every relay process', async (t) => {
  const { connect, start } = scope(t);
  const redis = await start(startRedis);
  const a = await start(() => startRelay({ redis: redis.url }));
  const b = await start(() => startRelay({ redis: redis.url }));
  const visitor = await connect(a.url, { clientId: lobbyId(4) });
  let heard = countsHeard(visitor, { players: 1, games: 0 });
  await visitor.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  await heard;
  heard = countsHeard(visitor, { players: 3, games: 1 });
  const onB = await connect(b.url);
  await onB.publishAsync(`${game(7)}/presence/blue`, presence('online'), { qos: 1, retain: true });
  // The same seat said from the other process (a seat moving to another device) is one player.
  const onA = await connect(a.url);
  await onA.publishAsync(`${game(7)}/presence/blue`, presence('online'), { qos: 1, retain: true });
  const other = await connect(b.url);
  await other.publishAsync(`${game(7)}/presence/gray`, presence('online'), { qos: 1, retain: true });
  await heard;
});
