// The relay's limits (relay.mjs, docs/RELAY.md "What it accepts"), each against a relay
// process with small values so nothing waits long: the game's exact topics only, each kind of
// message within its size, a packet too big closed at its header (the relay's memory stays
// low), keep-alive 0 and idle sockets closed, connections and packets per address, and a client
// id that stays with the connection that has it. Through the `mqtt` client, and raw WebSocket
// and TCP sockets for what a well-behaved client never sends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { once } from 'node:events';
import mqtt from 'mqtt';
import WebSocket from 'ws';
import { startRelay } from '../processes.mjs';
import { LOBBY_COUNTS } from '../../www/live/lobby-protocol.js';
import { snapshotOf } from '../../www/live/live-check.js';
import { biggestSnapshot, BIGGEST_SNAPSHOT } from '../relay.mjs';

const WAIT = 15000;
/** Game `n`'s topics' prefix: a game id is 32 hex digits (www/live/live-protocol.js, GAME_ID). */
const game = (n) => `bluegray/v1/${String(n).repeat(32)}`;
/** A second address of this machine (all of 127.0.0.0/8 is loopback on Linux). */
const OTHER_ADDRESS = '127.0.0.2';
/** Small limits for quick tests: a second to connect, messages of a few hundred bytes. */
const SMALL = ['--connect-timeout', '0.5', '--max-game', '2000', '--max-presence', '300', '--max-chat', '400'];
/**
 * Game `n`'s retained message in the protocol's shape (www/live/live-check.js parseSnapshot: the
 * relay reads no signature), after `moves`, padded with spaces (JSON allows them) to `size` bytes.
 */
function snapshot(n, moves = [], size = 0) {
  const text = JSON.stringify({ v: 2, id: String(n).repeat(32), variant: 'classic', host: 'blue', keys: { blue: 'B'.repeat(87), gray: 'G'.repeat(87) }, hostSig: 'S'.repeat(86), moves, sigs: moves.map(() => 'S'.repeat(86)) });
  return text.padEnd(size, ' ');
}
/** A seat's presence in the protocol's shape (live-presence.js parsePresence), padded to `size` bytes. */
function presence(state, size = 0) {
  return JSON.stringify({ state, at: 1, since: 1, device: 'ab'.repeat(8), sig: 'S'.repeat(86) }).padEnd(size, ' ');
}

/** What a test opened, ended in reverse order when it is done, passed or failed. */
function scope(t) {
  const undo = [];
  t.after(async () => {
    for (const fn of undo.reverse()) await fn();
  });
  return {
    /** A relay process with `args`. */
    async relay(args = SMALL) {
      const proc = await startRelay({ args });
      undo.push(() => proc.dispose());
      return proc;
    },
    /** An MQTT 3.1.1 client that never reconnects on its own: resolves once connected, rejects at a refusal. */
    connect(url, opts = {}) {
      const client = mqtt.connect(url, { protocolVersion: 4, reconnectPeriod: 0, connectTimeout: WAIT, ...opts });
      client.closed = new Promise((resolve) => client.once('close', resolve));
      undo.push(() => client.endAsync(true));
      return new Promise((resolve, reject) => {
        client.once('connect', () => resolve(client));
        client.on('error', reject);
        client.on('close', () => reject(new Error(`connection to ${url} closed before CONNACK`)));
      });
    },
    /** A raw WebSocket to the relay, open; `closed` resolves to the close code. */
    async socket(url, opts = {}) {
      const ws = new WebSocket(url, ['mqtt'], opts);
      ws.closed = new Promise((resolve) => ws.once('close', resolve));
      ws.on('error', () => {});
      // What the relay sent, in one buffer: Aedes writes a packet in several WebSocket messages.
      ws.heard = Buffer.alloc(0);
      ws.on('message', (data) => {
        ws.heard = Buffer.concat([ws.heard, data]);
        ws.emit('heard');
      });
      undo.push(() => ws.terminate());
      await once(ws, 'open');
      return ws;
    },
  };
}

/** Rejects when `promise` has not settled within `ms`, saying `what`. */
function within(ms, promise, what) {
  let timer;
  const late = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Resolves to what `attempt()` resolves to, trying again while it rejects; fails after WAIT. */
function eventually(attempt, what) {
  return within(WAIT, (async () => {
    for (;;) {
      try {
        return await attempt();
      } catch {
        // Not yet: try again.
      }
    }
  })(), what);
}

/** The first message on `topic` after now (its text); fails after WAIT. */
function nextMessage(client, topic) {
  return within(WAIT, new Promise((resolve) => {
    client.on('message', function onMessage(t, payload) {
      if (t !== topic) return;
      client.off('message', onMessage);
      resolve(payload.toString());
    });
  }), `a message on ${topic}`);
}

/** The first `n` bytes the relay sent on raw socket `ws` (as hex), once they are there; then drops them. */
async function received(ws, n) {
  await within(WAIT, (async () => {
    while (ws.heard.length < n) await once(ws, 'heard');
  })(), `${n} bytes from the relay`);
  const bytes = ws.heard.subarray(0, n);
  ws.heard = ws.heard.subarray(n);
  return bytes.toString('hex');
}

/** MQTT's remaining length: 7 bits a byte, low first. */
function varLength(n) {
  const bytes = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) b |= 0x80;
    bytes.push(b);
  } while (n > 0);
  return Buffer.from(bytes);
}

/** A length-prefixed string. */
function mqttString(text) {
  const b = Buffer.from(text);
  return Buffer.concat([Buffer.from([b.length >> 8, b.length & 0xff]), b]);
}

/** An MQTT 3.1.1 CONNECT, clean session, with `clientId` and `keepalive` (seconds). */
function connectPacket({ clientId = 'raw', keepalive = 60 } = {}) {
  const body = Buffer.concat([mqttString('MQTT'), Buffer.from([4, 0x02, keepalive >> 8, keepalive & 0xff]), mqttString(clientId)]);
  return Buffer.concat([Buffer.from([0x10]), varLength(body.length), body]);
}

/** The relay's memory in bytes (Linux), or null where /proc is not there. */
function rss(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

test('the biggest game the relay carries is a snapshot the page reads whole, every field it may have at its largest', () => {
  const big = biggestSnapshot();
  assert.deepEqual(snapshotOf(JSON.parse(JSON.stringify(big))), big, 'the page keeps every field of it');
  for (const field of ['end', 'offer', 'takeback', 'rematch', 'clock', 'times', 'at']) assert.ok(field in big, field);
  assert.equal(BIGGEST_SNAPSHOT, Buffer.byteLength(JSON.stringify(big)));
});

test('a subscription to anything but a game’s exact topics is refused and receives nothing', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const watcher = await connect(url);
  const heard = [];
  watcher.on('message', (topic) => heard.push(topic));
  for (const filter of ['#', 'bluegray/#', '$SYS/#', '+/+/+/+', 'bluegray/v1/+/game', `${game(1)}/#`, `${game(1)}/+`, `${game(1)}/presence/#`, 'bluegray/v1/store/1', `${game('A')}/game`]) {
    await assert.rejects(watcher.subscribeAsync(filter, { qos: 1 }), /Subscribe error/, filter);
  }
  // A client connecting (Aedes says so under $SYS) and a game's retained messages: none of it
  // reaches the refused filters, while the game's own topics work.
  const player = await connect(url);
  await player.publishAsync(`${game(1)}/game`, snapshot(1), { qos: 1, retain: true });
  await player.publishAsync(`${game(1)}/presence/blue`, presence('online'), { qos: 1, retain: true });
  const seat = nextMessage(watcher, `${game(1)}/presence/blue`);
  const kept = nextMessage(watcher, `${game(1)}/game`);
  await watcher.subscribeAsync([`${game(1)}/game`, `${game(1)}/presence/+`], { qos: 1 });
  assert.equal(await kept, snapshot(1));
  assert.equal(await seat, presence('online'));
  // One more round trip, so anything stray would be here by now.
  const last = nextMessage(watcher, `${game(1)}/presence/gray`);
  await player.publishAsync(`${game(1)}/presence/gray`, 'away', { qos: 1 });
  assert.equal(await last, 'away');
  assert.deepEqual(heard.sort(), [`${game(1)}/game`, `${game(1)}/presence/blue`, `${game(1)}/presence/gray`]);
});

test('a publish outside the game’s topics, or over its kind’s size, ends the connection and is not kept', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const refused = [
    ['bluegray/v1/store/1', 'a blob'],
    [`${game(2)}/notes`, 'x'],
    [`${game(2)}/presence`, 'online'],
    [`${game(2)}/presence/green`, 'online'],
    // The topic of an earlier protocol's join requests: gone, so no one may write there.
    [`${game(2)}/join`, 'ask'],
    [`bluegray/v1/${'2'.repeat(31)}/game`, 'x'],
    [`${game(2)}/game`, 'x'.repeat(2001)],
    [`${game(2)}/presence/gray`, presence('online', 301)],
  ];
  for (const [topic, payload] of refused) {
    const client = await connect(url);
    client.publish(topic, payload, { qos: 1, retain: true });
    await within(WAIT, client.closed, `closed after a publish to ${topic} (${payload.length} bytes)`);
  }
  // At their kinds' caps, messages pass; nothing refused above was kept.
  const player = await connect(url);
  await player.publishAsync(`${game(2)}/game`, snapshot(2, [], 2000), { qos: 1, retain: true });
  await player.publishAsync(`${game(2)}/presence/gray`, presence('online', 300), { qos: 1, retain: true });
  const reader = await connect(url);
  const got = new Map();
  reader.on('message', (topic, payload) => got.set(topic, payload.length));
  const all = within(WAIT, new Promise((resolve) => reader.on('message', () => got.size === 2 && resolve())), 'the two kept messages');
  await reader.subscribeAsync([`${game(2)}/game`, `${game(2)}/presence/+`], { qos: 1 });
  await all;
  assert.deepEqual(Object.fromEntries(got), { [`${game(2)}/game`]: 2000, [`${game(2)}/presence/gray`]: 300 });
});

test('a will outside the game’s topics or over its size is refused at CONNECT', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  for (const will of [{ topic: 'bluegray/v1/store/9', payload: 'blob' }, { topic: `${game(3)}/presence/blue`, payload: presence('offline', 301) }]) {
    await assert.rejects(connect(url, { will: { ...will, qos: 1, retain: true } }), /closed before CONNACK/, will.topic);
  }
  await connect(url, { will: { topic: `${game(3)}/presence/blue`, payload: presence('offline'), qos: 1, retain: true } });
});

test('a packet announcing 268 MB is closed at its header, and the relay does not buffer it', async (t) => {
  const { relay, socket } = scope(t);
  // The default sizes: 64 KiB WebSocket messages are well within them.
  const proc = await relay(['--connect-timeout', '0.5']);
  const ws = await socket(proc.url);
  ws.send(connectPacket());
  assert.equal(await received(ws, 4), '20020000', 'CONNACK');
  const before = rss(proc.pid);
  // A PUBLISH whose fixed header announces 268,435,455 bytes (the most MQTT can say), then its
  // body in 64 KiB WebSocket messages, for as long as the relay takes them (up to 64 MiB).
  const chunk = Buffer.alloc(1 << 16, 0x61);
  ws.send(Buffer.concat([Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]), mqttString('bluegray/v1/x'), chunk]));
  let sent = chunk.length;
  while (ws.readyState === WebSocket.OPEN && sent < 64 << 20) {
    const err = await new Promise((resolve) => ws.send(chunk, resolve));
    if (err) break;
    sent += chunk.length;
  }
  await within(WAIT, ws.closed, 'closed');
  assert.ok(sent < 16 << 20, `the relay closed the socket after ${sent} bytes`);
  const after = rss(proc.pid);
  if (before !== null && after !== null) assert.ok(after - before < 32 << 20, `the relay grew by ${((after - before) / 2 ** 20).toFixed(1)} MiB`);
});

test('a packet over the limit spread over small WebSocket messages, or a malformed length, is closed', async (t) => {
  const { relay, socket } = scope(t);
  const { url } = await relay();
  // The largest cap here is 2000 bytes; the limit of a packet is that and 1 KiB.
  const over = await socket(url);
  over.send(connectPacket());
  await received(over, 4);
  over.send(Buffer.concat([Buffer.from([0x30]), varLength(3025)]));
  await within(WAIT, over.closed, 'a packet of 3025 bytes');
  const malformed = await socket(url);
  malformed.send(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]));
  await within(WAIT, malformed.closed, 'a length of five bytes');
  // A packet at a game's cap (2050 bytes) passes.
  const at = await socket(url);
  at.send(connectPacket());
  await received(at, 4);
  const topic = mqttString(`${game(4)}/game`);
  const body = Buffer.concat([topic, Buffer.from([0, 1]), Buffer.alloc(2000, 0x62)]);
  at.send(Buffer.concat([Buffer.from([0x32]), varLength(body.length), body]));
  assert.equal(await received(at, 4), '40020001', 'PUBACK');
});

test('keep-alive 0 is refused, and a socket silent before or after CONNECT is closed', async (t) => {
  const { relay, socket } = scope(t);
  const { url } = await relay();
  const never = await socket(url);
  never.send(connectPacket({ keepalive: 0 }));
  assert.match(await received(never, 4), /^200200(?!00)/, 'CONNACK refusing');
  await within(WAIT, never.closed, 'closed after keep-alive 0');

  const start = Date.now();
  const mute = await socket(url);
  await within(WAIT, mute.closed, 'a WebSocket that never sends CONNECT');
  assert.ok(Date.now() - start < 5000, `closed after ${Date.now() - start} ms`);

  const port = Number(new URL(url).port);
  const tcp = net.connect(port, '127.0.0.1');
  tcp.on('error', () => {});
  t.after(() => tcp.destroy());
  await within(WAIT, once(tcp, 'close'), 'a TCP socket that never upgrades');

  const quiet = await socket(url);
  quiet.send(connectPacket({ keepalive: 1 }));
  assert.equal(await received(quiet, 4), '20020000', 'CONNACK');
  // Silent for 1.5 times its keep-alive of a second.
  await within(WAIT, quiet.closed, 'a client silent past its keep-alive');
});

test('a keep-alive over --max-keepalive is refused; the page’s 60 s is within the default', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--max-keepalive', '30']);
  await assert.rejects(connect(url, { keepalive: 60 }));
  await connect(url, { keepalive: 30 });
  const byDefault = await relay(SMALL);
  await connect(byDefault.url, { keepalive: 60 });
});

test('a client id stays with the connection that has it, from another address or its own', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const first = await connect(url, { clientId: 'mqttjs_seat' });
  let firstClosed = false;
  first.once('close', () => (firstClosed = true));
  // From elsewhere, or from the same address (another tab, or someone behind the same NAT), the
  // same id is refused (identifier rejected) while its holder answers, and the first keeps playing.
  await assert.rejects(connect(url, { clientId: 'mqttjs_seat', wsOptions: { localAddress: OTHER_ADDRESS } }), (err) => err.code === 2);
  await assert.rejects(connect(url, { clientId: 'mqttjs_seat' }), (err) => err.code === 2);
  const echo = nextMessage(first, `${game(5)}/presence/blue`);
  await first.subscribeAsync(`${game(5)}/presence/blue`, { qos: 1 });
  await first.publishAsync(`${game(5)}/presence/blue`, 'still here', { qos: 1 });
  assert.equal(await echo, 'still here');
  assert.equal(firstClosed, false);
  // Once it has gone (a reload), the id is free again.
  await first.endAsync();
  await eventually(() => connect(url, { clientId: 'mqttjs_seat' }), 'the id once its holder has gone');
});

test('a connection holding an id that does not answer a ping loses it to another address', async (t) => {
  const { relay, socket, connect } = scope(t);
  const { url } = await relay();
  // A device gone without a word (it changed networks): its socket no longer answers.
  const gone = await socket(url, { autoPong: false });
  gone.send(connectPacket({ clientId: 'mqttjs_moved' }));
  assert.equal(await received(gone, 4), '20020000', 'CONNACK');
  const elsewhere = { clientId: 'mqttjs_moved', wsOptions: { localAddress: OTHER_ADDRESS } };
  await assert.rejects(connect(url, elsewhere), (err) => err.code === 2);
  // The relay pinged it: no pong within the connect timeout, so it is closed and the id is free.
  await within(WAIT, gone.closed, 'the silent holder of the id');
  await connect(url, elsewhere);
});

test('packets a second and connections per address are limited, each address on its own', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--rate', '5', '--max-per-address', '3']);
  // 5 a second, bursts of 10: 30 at once close the connection.
  const flood = await connect(url);
  for (let i = 0; i < 30; i++) flood.publish(`${game(6)}/presence/blue`, `ask ${i}`, { qos: 0 });
  await within(WAIT, flood.closed, 'a client over the rate');
  // Another address has its own allowance and connections.
  const other = await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
  await other.publishAsync(`${game(6)}/presence/blue`, 'calm', { qos: 1 });
  // Three connections from one address, not four.
  const third = await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
  await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
  // (cut as it is accepted: the client sees the socket hang up or close, or fail under its CONNECT)
  await assert.rejects(connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } }), /closed before CONNACK|EPIPE|ECONNRESET|socket hang up/);
  // One leaving makes room (once the relay has seen it go).
  await third.endAsync();
  await within(WAIT, (async () => {
    for (;;) {
      try {
        return await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
      } catch {
        // Still counted: try again.
      }
    }
  })(), 'a connection once another from the same address has gone');
});

test('with --trust-proxy, the address is X-Forwarded-For’s last entry', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--max-per-address', '1', '--trust-proxy']);
  const via = (chain) => ({ wsOptions: { headers: { 'x-forwarded-for': chain } } });
  // Two clients behind one proxy (one socket address), each its own address.
  await connect(url, via('203.0.113.7, 198.51.100.1'));
  await connect(url, via('198.51.100.2'));
  await assert.rejects(connect(url, via('203.0.113.9, 198.51.100.1')), /closed before CONNACK|EPIPE|ECONNRESET/);
});

/** The lobby's topics (www/live/lobby-protocol.js): poster `id`'s challenge, and its acceptances. */
const lobby = (id) => `bluegray/v1/lobby/${id}`;
const poster = (n) => String(n).repeat(32);
/**
 * Poster `id`'s challenge in the shape the page posts (lobby-protocol.js challengeShape: the
 * relay reads no signature), with `fields` changed, padded with spaces to `size` bytes.
 */
function challenge(id, fields = {}, size = 0) {
  return JSON.stringify({ v: 1, id, game: 'a'.repeat(32), key: 'K'.repeat(87), variant: 'classic', side: 'random', clock: '10+5', at: Date.now(), sig: 'S'.repeat(86), ...fields }).padEnd(size, ' ');
}
/** An acceptance in the page's shape (acceptanceShape), by key `n`. */
const acceptance = (n = 1) => JSON.stringify({ v: 1, game: 'a'.repeat(32), key: String(n).repeat(87), sig: 'S'.repeat(86) });

test('the lobby: its one wildcard, a challenge only on its poster’s own topic (cleared by its will), acceptances read by the poster only and never kept', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const a = await connect(url, { clientId: poster(1), will: { topic: lobby(poster(1)), payload: '', qos: 1, retain: true } });
  const watcher = await connect(url);
  // The wildcard is the lobby's alone, and another poster's acceptances are not for others.
  for (const filter of ['bluegray/v1/lobby/#', 'bluegray/v1/+/+', 'bluegray/v1/lobby/+/accept', `${lobby(poster(1))}/accept`, lobby(poster(1))]) {
    await assert.rejects(watcher.subscribeAsync(filter, { qos: 1 }), /Subscribe error/, filter);
  }
  await a.subscribeAsync(`${lobby(poster(1))}/accept`, { qos: 1 });
  await a.publishAsync(lobby(poster(1)), challenge(poster(1)), { qos: 1, retain: true });
  const seen = nextMessage(watcher, lobby(poster(1)));
  await watcher.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  assert.equal(JSON.parse(await seen).id, poster(1));
  // Anyone may accept; the poster hears it.
  const accepted = nextMessage(a, `${lobby(poster(1))}/accept`);
  await watcher.publishAsync(`${lobby(poster(1))}/accept`, acceptance(), { qos: 1 });
  assert.equal(await accepted, acceptance());
  // Another client's challenge topic, a retained acceptance, a will on another's topic: refused.
  for (const [topic, retain] of [[lobby(poster(1)), true], [`${lobby(poster(1))}/accept`, true], [`${lobby(poster(2))}/x`, false]]) {
    const c = await connect(url, { clientId: poster(3) });
    c.publish(topic, '', { qos: 1, retain });
    await within(WAIT, c.closed, `closed after a publish to ${topic}`);
  }
  await assert.rejects(connect(url, { clientId: poster(4), will: { topic: lobby(poster(1)), payload: '', qos: 1, retain: true } }), /closed before CONNACK/);
  // The poster leaves without a word: its will withdraws the challenge, for everyone.
  const gone = nextMessage(watcher, lobby(poster(1)));
  a.stream.destroy();
  assert.equal(await gone, '');
  const late = await connect(url);
  const heard = [];
  // The relay's own counts are kept on the lobby's wildcard too; they are no challenge.
  late.on('message', (topic) => topic !== LOBBY_COUNTS && heard.push(topic));
  await late.subscribeAsync(['bluegray/v1/lobby/+', `${game(5)}/game`], { qos: 1 });
  assert.deepEqual(heard, [], 'no challenge kept');
});

test('the lobby’s size cap, its messages a minute from one address, and its expiry', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--max-lobby', '500', '--lobby-rate', '3', '--lobby-expiry', '1']);
  const big = await connect(url, { clientId: poster(6) });
  big.publish(lobby(poster(6)), challenge(poster(6), {}, 501), { qos: 1, retain: true });
  await within(WAIT, big.closed, 'closed after a challenge over --max-lobby');
  const watcher = await connect(url);
  await watcher.subscribeAsync('bluegray/v1/lobby/+', { qos: 1 });
  const a = await connect(url, { clientId: poster(7) });
  const posted = nextMessage(watcher, lobby(poster(7)));
  await a.publishAsync(lobby(poster(7)), challenge(poster(7), {}, 500), { qos: 1, retain: true });
  assert.equal((await posted).length, 500);
  // A second later the relay clears it.
  assert.equal(await nextMessage(watcher, lobby(poster(7))), '');
  // Three lobby messages a minute from this address (a refused one is not counted, nor the
  // relay's clearing): two more pass, the next does not.
  await a.publishAsync(lobby(poster(7)), challenge(poster(7)), { qos: 1, retain: true });
  await a.publishAsync(lobby(poster(7)), '', { qos: 1, retain: true });
  a.publish(lobby(poster(7)), challenge(poster(7)), { qos: 1, retain: true });
  await within(WAIT, a.closed, 'closed after more lobby messages than --lobby-rate');
});

test('the lobby takes only what the page posts: a challenge of an offered clock, a spec’s characters, retained; an acceptance in shape; a will that withdraws', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const refused = [
    // A 60 ms clock, one no form offers, days a move (offered for games by link only), a
    // right-to-left override in the rules, another's id, not JSON, an unsigned one.
    [challenge(poster(1), { clock: '0.001+0' }), true],
    [challenge(poster(1), { clock: 'abc' }), true],
    [challenge(poster(1), { clock: '3d' }), true],
    [challenge(poster(1), { variant: 'classic\u202e' }), true],
    [challenge(poster(2)), true],
    ['challenge', true],
    [challenge(poster(1), { sig: undefined }), true],
    // Not retained: a challenge that would reach those connected only.
    [challenge(poster(1)), false],
  ];
  for (const [payload, retain] of refused) {
    const c = await connect(url, { clientId: poster(1) });
    c.publish(lobby(poster(1)), payload, { qos: 1, retain });
    await within(WAIT, c.closed, `closed after ${payload.slice(0, 80)}`);
  }
  for (const payload of ['yes', acceptance().replace('"v":1', '"v":2')]) {
    const c = await connect(url);
    c.publish(`${lobby(poster(1))}/accept`, payload, { qos: 1 });
    await within(WAIT, c.closed, `closed after the acceptance ${payload.slice(0, 40)}`);
  }
  await assert.rejects(connect(url, { clientId: poster(3), will: { topic: lobby(poster(3)), payload: challenge(poster(3)), qos: 1, retain: true } }), /closed before CONNACK/);
  // What the page posts passes, `none` and the lead rule's values among it.
  const ok = await connect(url, { clientId: poster(4) });
  for (const fields of [{}, { clock: 'none' }, { variant: 'super-light,lead=2,impasse_plies=40' }]) await ok.publishAsync(lobby(poster(4)), challenge(poster(4), fields), { qos: 1, retain: true });
});

test('one address holds at most --max-challenges standing challenges, whatever its client ids; one withdrawn, taken down by a will or cleared makes room', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--max-challenges', '2', '--lobby-expiry', '2', '--lobby-rate', '1000', '--rate', '1000']);
  const post = async (n, opts = {}) => {
    const c = await connect(url, { clientId: poster(n), will: { topic: lobby(poster(n)), payload: '', qos: 1, retain: true }, ...opts });
    c.on('error', () => {});
    // Acknowledged once taken; a refusal ends the connection instead.
    c.taken = new Promise((resolve) => c.publish(lobby(poster(n)), challenge(poster(n)), { qos: 1, retain: true }, (err) => !err && resolve()));
    return c;
  };
  /** Whether `c`'s challenge stands or was refused (its connection ended). */
  const settled = (c) => Promise.race([c.closed.then(() => 'refused'), c.taken.then(() => 'standing')]);
  const [a, b] = [await post(1), await post(2)];
  assert.deepEqual([await settled(a), await settled(b)], ['standing', 'standing']);
  // A third from the same address (a script's third connection) is refused, its connection ended.
  const c = await post(3);
  await within(WAIT, c.closed, 'closed after a third challenge from one address');
  // Another address posts meanwhile.
  assert.equal(await settled(await post(4, { wsOptions: { localAddress: OTHER_ADDRESS } })), 'standing');
  // Posting again in its place holds no more.
  await a.publishAsync(lobby(poster(1)), challenge(poster(1)), { qos: 1, retain: true });
  // One withdrawn makes room; so does one whose poster left (its will).
  await a.publishAsync(lobby(poster(1)), '', { qos: 1, retain: true });
  assert.equal(await settled(await post(5)), 'standing');
  b.stream.destroy();
  await eventually(async () => {
    const d = await post(6);
    if ((await settled(d)) === 'standing') return;
    await new Promise((r) => setTimeout(r, 200));
    throw new Error('refused');
  }, 'a challenge once a will withdrew another');
  // Both stand their time, and the relay clears them: room again.
  await eventually(async () => {
    const e = await post(7);
    if ((await settled(e)) === 'standing') return;
    await new Promise((r) => setTimeout(r, 200));
    throw new Error('refused');
  }, 'a challenge once the relay cleared the others');
});

test('a script that accepts every challenge at once holds at most --max-accepting of them: a player from another address accepts the rest', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--max-accepting', '2']);
  const addresses = ['127.0.0.3', '127.0.0.4', '127.0.0.5'];
  const posters = await Promise.all(addresses.map(async (localAddress, i) => {
    const c = await connect(url, { clientId: poster(i + 1), wsOptions: { localAddress } });
    await c.subscribeAsync(`${lobby(poster(i + 1))}/accept`, { qos: 1 });
    await c.publishAsync(lobby(poster(i + 1)), challenge(poster(i + 1)), { qos: 1, retain: true });
    return c;
  }));
  // The script: a connection for each challenge, all from one address.
  const script = await Promise.all(posters.map(() => connect(url)));
  const outcomes = await Promise.all(script.map((c, i) => {
    c.on('error', () => {});
    return Promise.race([c.closed.then(() => 'refused'), c.publishAsync(`${lobby(poster(i + 1))}/accept`, acceptance(9), { qos: 1 }).then(() => 'pending')]);
  }));
  assert.deepEqual(outcomes.sort(), ['pending', 'pending', 'refused'], 'two of three');
  const rest = outcomes.indexOf('refused') >= 0 ? script.findIndex((c) => !c.connected) : -1;
  // A player elsewhere accepts the one left; its poster hears it.
  const heard = nextMessage(posters[rest], `${lobby(poster(rest + 1))}/accept`);
  const player = await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
  await player.publishAsync(`${lobby(poster(rest + 1))}/accept`, acceptance(2), { qos: 1 });
  assert.equal(await heard, acceptance(2));
  // A challenge taken (withdrawn by its poster) frees the script's hold on it; an acceptance of
  // no standing challenge holds nothing.
  const held = script.findIndex((c) => c.connected);
  await posters[held].publishAsync(lobby(poster(held + 1)), '', { qos: 1, retain: true });
  const again = await connect(url);
  await again.publishAsync(`${lobby(poster(rest + 1))}/accept`, acceptance(9), { qos: 1 });
  for (const n of [7, 8]) await again.publishAsync(`${lobby(poster(n))}/accept`, acceptance(9), { qos: 1 });
  assert.ok(again.connected);
});

test('an onlooker marks only its own client id under a game, and its will takes the mark off', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const watch = (id) => `${game(8)}/watch/${id}`;
  const reader = await connect(url);
  await reader.subscribeAsync(`${game(8)}/watch/+`, { qos: 1 });
  await assert.rejects(reader.subscribeAsync('bluegray/v1/+/watch/+', { qos: 1 }), /Subscribe error/);
  const onlooker = await connect(url, { clientId: poster(8), will: { topic: watch(poster(8)), payload: '', qos: 1, retain: true } });
  const marked = nextMessage(reader, watch(poster(8)));
  await onlooker.publishAsync(watch(poster(8)), '1', { qos: 1, retain: true });
  assert.equal(await marked, '1');
  const other = await connect(url, { clientId: poster(9) });
  other.publish(watch(poster(8)), '', { qos: 1, retain: true });
  await within(WAIT, other.closed, 'closed after marking another client id');
  const gone = nextMessage(reader, watch(poster(8)));
  onlooker.stream.destroy();
  assert.equal(await gone, '');
});

/** The topics that client `client` hears (a list that grows) once it has subscribed to `filters`. */
async function hearing(client, filters) {
  const heard = [];
  client.on('message', (topic, payload) => heard.push([topic, payload.toString()]));
  await client.subscribeAsync(filters, { qos: 1 });
  return heard;
}

/** Waits until `client`, subscribed to `topic`, hears its own message there: what the relay had queued before is in by then. */
async function roundTrip(client, topic) {
  const echo = nextMessage(client, topic);
  await client.publishAsync(topic, 'echo', { qos: 1 });
  await echo;
}

test('a SUBSCRIBE of more topics than --max-subscribe ends its connection at once, a connection holds at most --max-subscriptions, and others are served meanwhile', async (t) => {
  const { relay, connect } = scope(t);
  // The default sizes, so that 6,000 topics fit in one packet (300 KB).
  const { url } = await relay(['--connect-timeout', '0.5', '--rate', '1000', '--max-subscribe', '4', '--max-subscriptions', '6']);
  const topic = (n) => `bluegray/v1/${n.toString(16).padStart(32, '0')}/game`;
  // A persistent session naming 6,000 games in one SUBSCRIBE: before, minutes of the relay's
  // whole time (Aedes stored the packet's subscriptions once per topic).
  const hostile = await connect(url, { clean: false, clientId: 'mqttjs_hostile' });
  hostile.on('error', () => {});
  hostile.subscribe(Array.from({ length: 6000 }, (_, i) => topic(i)), { qos: 1 });
  await within(WAIT, hostile.closed, 'closed after a SUBSCRIBE of 6000 topics');
  const honest = await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
  const echo = nextMessage(honest, `${game(9)}/presence/blue`);
  await honest.subscribeAsync(`${game(9)}/presence/blue`, { qos: 1 });
  await honest.publishAsync(`${game(9)}/presence/blue`, 'served', { qos: 1 });
  assert.equal(await echo, 'served');
  // Five in one packet: over; four are granted.
  const five = await connect(url);
  five.on('error', () => {});
  five.subscribe([1, 2, 3, 4, 5].map(topic), { qos: 1 });
  await within(WAIT, five.closed, 'closed after a SUBSCRIBE of 5 topics');
  const client = await connect(url);
  assert.deepEqual((await client.subscribeAsync([1, 2, 3, 4].map(topic), { qos: 1 })).map((g) => g.qos), [1, 1, 1, 1]);
  await client.subscribeAsync([5, 6].map(topic), { qos: 1 });
  // A seventh is refused; the same again is no more; one given up makes room.
  await assert.rejects(client.subscribeAsync(topic(7), { qos: 1 }), /Subscribe error/);
  await client.subscribeAsync(topic(1), { qos: 1 });
  await client.unsubscribeAsync(topic(2));
  await client.subscribeAsync(topic(7), { qos: 1 });
  assert.ok(client.connected);
});

test('sockets that one address opens and never upgrades are cut beyond --max-per-address as they are accepted: another address connects meanwhile', async (t) => {
  const { relay, connect } = scope(t);
  // Sockets could stand for the connect timeout: long here, so that only the limit can close them.
  const { url } = await relay(['--connect-timeout', '60', '--max-per-address', '5', '--max-connections', '60']);
  const port = Number(new URL(url).port);
  const sockets = Array.from({ length: 100 }, () => {
    const s = net.connect(port, '127.0.0.1');
    s.on('error', () => {});
    s.gone = once(s, 'close');
    return s;
  });
  t.after(() => sockets.forEach((s) => s.destroy()));
  // All but five are closed at once (before, the first 60 stood and filled the relay).
  await within(WAIT, (async () => {
    while (sockets.filter((s) => s.destroyed).length < 95) await Promise.race(sockets.filter((s) => !s.destroyed).map((s) => s.gone));
  })(), '95 of 100 raw sockets closed');
  await connect(url, { wsOptions: { localAddress: OTHER_ADDRESS } });
});

test('a retained message out of the protocol’s shape reaches those connected but is not kept; one in shape is cleared after --game-expiry without a new one', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay([...SMALL, '--game-expiry', '2']);
  const t7 = { game: `${game(7)}/game`, blue: `${game(7)}/presence/blue`, gray: `${game(7)}/presence/gray` };
  const reader = await connect(url);
  const live = await hearing(reader, [t7.game, `${game(7)}/presence/+`]);
  const player = await connect(url);
  // Junk, another game's snapshot, a presence that is none: passed on, the player still connected.
  for (const [topic, payload] of [[t7.game, 'junk'], [t7.game, snapshot(8)], [t7.blue, 'online']]) await player.publishAsync(topic, payload, { qos: 1, retain: true });
  await roundTrip(reader, t7.gray);
  assert.deepEqual(live.slice(0, 3), [[t7.game, 'junk'], [t7.game, snapshot(8)], [t7.blue, 'online']]);
  assert.ok(player.connected);
  const late = await connect(url);
  const heard = await hearing(late, [t7.game, `${game(7)}/presence/+`]);
  await roundTrip(late, t7.gray);
  assert.deepEqual(heard, [[t7.gray, 'echo']], 'nothing kept');
  // In shape, kept: then, two seconds without a new one, cleared for everyone. (The client that
  // subscribes after it connects first: on a loaded machine a connection alone may take longer
  // than the two seconds.)
  const later = await connect(url);
  await player.publishAsync(t7.game, snapshot(7, ['e2-e3']), { qos: 1, retain: true });
  const cleared = nextMessage(reader, t7.game);
  const kept = nextMessage(later, t7.game);
  await later.subscribeAsync(t7.game, { qos: 1 });
  assert.equal(await kept, snapshot(7, ['e2-e3']));
  // (the reader's next message is the player's own, live; then the clearing)
  assert.equal(await cleared, snapshot(7, ['e2-e3']));
  assert.equal(await nextMessage(reader, t7.game), '');
  const last = await connect(url);
  const after = await hearing(last, [t7.game]);
  await last.subscribeAsync(t7.gray, { qos: 1 });
  await roundTrip(last, t7.gray);
  assert.deepEqual(after, [[t7.gray, 'echo']], 'nothing kept after the expiry');
});

test('every session is clean: a client that asked for a persistent one and left has nothing queued for it', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay();
  const away = { clientId: 'mqttjs_away', clean: false };
  const first = await connect(url, away);
  await first.subscribeAsync(`${game(6)}/presence/blue`, { qos: 1 });
  await first.endAsync();
  const other = await connect(url);
  for (let i = 0; i < 5; i++) await other.publishAsync(`${game(6)}/presence/blue`, `while away ${i}`, { qos: 1 });
  const back = await eventually(async () => {
    const c = await connect(url, away);
    c.heard = [];
    c.on('message', (topic, payload) => c.heard.push(payload.toString()));
    return c;
  }, 'the id back once its holder has gone');
  await back.subscribeAsync(`${game(6)}/presence/gray`, { qos: 1 });
  await roundTrip(back, `${game(6)}/presence/gray`);
  assert.deepEqual(back.heard, ['echo'], 'nothing queued, nor subscribed, from the session before');
});

test('a seat’s chat: on chat/blue or chat/gray only, within --max-chat, kept only in its shape (www/live/live-chat.js parseChat)', async (t) => {
  const { relay, connect } = scope(t);
  const { url } = await relay(SMALL);
  const chat = (text, size = 0) => {
    const json = JSON.stringify({ lines: [{ text, at: 1, sig: 'S'.repeat(86) }] });
    return size ? JSON.stringify({ lines: [{ text: text + 'x'.repeat(size - json.length), at: 1, sig: 'S'.repeat(86) }] }) : json;
  };
  for (const [topic, payload] of [[`${game(9)}/chat/green`, chat('hello')], [`${game(9)}/chat`, chat('hello')], [`${game(9)}/chat/blue`, chat('hello', 401)]]) {
    const client = await connect(url);
    client.publish(topic, payload, { qos: 1, retain: true });
    await within(WAIT, client.closed, `closed after a publish to ${topic} (${payload.length} bytes)`);
  }
  const player = await connect(url);
  // Not in shape (a control character, more than 140 characters): passed on, not kept.
  await player.publishAsync(`${game(9)}/chat/gray`, chat('bell\u0007'), { qos: 1, retain: true });
  await player.publishAsync(`${game(9)}/chat/gray`, chat('y'.repeat(141)), { qos: 1, retain: true });
  await player.publishAsync(`${game(9)}/chat/blue`, chat('good game'), { qos: 1, retain: true });
  const late = await connect(url);
  const heard = await hearing(late, [`${game(9)}/chat/+`]);
  await roundTrip(late, `${game(9)}/chat/gray`);
  assert.deepEqual(heard, [[`${game(9)}/chat/blue`, chat('good game')], [`${game(9)}/chat/gray`, 'echo']]);
});
