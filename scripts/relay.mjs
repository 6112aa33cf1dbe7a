#!/usr/bin/env node
// The relay for live games: a standard MQTT 3.1.1/5 broker (Aedes) reached over WebSocket, which
// the page's two browsers both connect to. The project writes no broker of its own; any MQTT
// broker with WebSocket support does the same job, and this one is here so a host needs nothing
// but Node (and Redis, to run more than one process or to keep games over a restart).
//
//   node scripts/relay.mjs [--host 127.0.0.1] [--port 9001] [--redis redis://HOST:PORT] [--id NAME]
//
// A host points the page at it with `?relay=ws://HOST:PORT` (wss:// behind TLS) or the element's
// `relay` attribute. Without --redis everything lives in this process. With --redis, retained
// messages, sessions and subscriptions are kept in Redis and messages pass through it, so any
// number of relay processes behind one address serve one pool of games and a restart loses none.
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Aedes } from 'aedes';
import { WebSocketServer, createWebSocketStream } from 'ws';
import Redis from 'ioredis';
import redisPersistence from 'aedes-persistence-redis';
import redisEmitter from 'mqemitter-redis';
import { ROOT } from '../www/remote/live-protocol.js';

/**
 * @import { AddressInfo } from 'node:net'
 * @import { EventEmitter } from 'node:events'
 * @import { AedesOptions } from 'aedes'
 * @import { MQEmitterRedis } from 'mqemitter-redis'
 */
/**
 * What the relay uses of its Redis persistence: `destroy()` without a callback returns the
 * stored state's promise (aedes-persistence's type says void, the callback form's).
 * @typedef {{ destroy(): Promise<unknown> }} RedisPersistence
 */
/**
 * The Redis emitter, with the connections' state events its d.ts leaves out.
 * @typedef {MQEmitterRedis & { state: EventEmitter }} RedisEmitter
 */
/**
 * The broker's options as the relay sets them.
 * @typedef {Omit<AedesOptions, 'persistence' | 'mq'> & { persistence?: RedisPersistence, mq?: RedisEmitter }} BrokerOptions
 */
/**
 * What startRelay takes.
 * @typedef {object} RelayOptions
 * @property {string} [host] default 127.0.0.1
 * @property {number} [port] default 9001
 * @property {string} [redis] a redis:// or rediss:// URL: without it everything lives in this process
 * @property {string} [id] the broker's id
 */

/** The largest message the relay passes on: a whole game's signed snapshot is far smaller. */
const MAX_MESSAGE = 1 << 20;

const USAGE = 'usage: node scripts/relay.mjs [--host 127.0.0.1] [--port 9001] [--redis redis://127.0.0.1:6379] [--id NAME]';

/**
 * One Redis connection, connected before it is handed over so an unreachable Redis fails the start at once.
 * @param {string} url
 * @returns {Promise<Redis>}
 */
async function redisConnection(url) {
  let connected = false;
  let down = false;
  // ioredis retries forever by default: right once the relay runs (Redis may restart under it),
  // but at start a wrong address should be an error, not a hang.
  const conn = new Redis(url, { lazyConnect: true, retryStrategy: (n) => (connected ? Math.min(n * 200, 2000) : null) });
  conn.on('ready', () => {
    if (down) console.error('relay: Redis connection back');
    connected = true;
    down = false;
  });
  conn.on('error', (err) => {
    if (connected && !down) console.error(`relay: Redis connection lost (${err.message}); retrying`);
    down = connected;
  });
  try {
    await conn.connect();
  } catch {
    throw new Error(`cannot reach Redis at ${url}`);
  }
  return conn;
}

/**
 * Starts the relay. Resolves to its `ws://` URL and `close()`.
 * @param {RelayOptions} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startRelay({ host = '127.0.0.1', port = 9001, redis, id } = {}) {
  /** @type {BrokerOptions} */
  const opts = { id };
  /** @type {Redis[]} */
  const conns = [];
  if (redis) {
    for (let i = 0; i < 3; i++) conns.push(await redisConnection(redis).catch((err) => { conns.forEach((c) => c.disconnect()); throw err; }));
    opts.persistence = redisPersistence({ conn: conns[0] });
    opts.mq = /** @type {RedisEmitter} */ (redisEmitter({ subConn: conns[1], pubConn: conns[2] }));
    // The connections report their own errors; without a listener the emitter would throw them.
    opts.mq.state.on('error', () => {});
  }
  const broker = await Aedes.createBroker(opts);
  // The relay carries the game's topics only, so no one can use it (and its Redis) as a store of
  // their own.
  broker.authorizePublish = (client, packet, done) =>
    done(packet.topic.startsWith(`${ROOT}/`) && packet.payload.length <= MAX_MESSAGE ? null : new Error(`not a game's topic: ${packet.topic}`));
  const server = http.createServer((req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  try {
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, resolve);
      })
    );
  } catch (err) {
    await /** @type {Promise<void>} */ (new Promise((resolve) => broker.close(resolve)));
    for (const c of conns) c.disconnect();
    throw /** @type {NodeJS.ErrnoException} */ (err).code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is in use`) : err;
  }
  // Moves and records are small; a cap keeps one client from filling the memory.
  const wss = new WebSocketServer({ server, maxPayload: 2 << 20 });
  wss.on('error', (err) => console.error(`relay: ${err.message}`));
  wss.on('connection', (ws, req) => {
    const stream = createWebSocketStream(ws);
    stream.on('error', () => ws.terminate());
    broker.handle(stream, req);
  });
  // A server listening on a port: its address is the host's and port's.
  const addr = /** @type {AddressInfo} */ (server.address());
  const url = `ws://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;

  async function shutdown() {
    wss.close();
    const closed = new Promise((resolve) => server.close(resolve));
    // Closing the clients through the broker ends their sessions properly (wills, stored
    // subscriptions); with Redis gone that never finishes, so it gets a few seconds, then all is cut.
    await Promise.race([/** @type {Promise<void>} */ (new Promise((resolve) => broker.close(resolve))), sleep(3000, null, { ref: false })]);
    if (opts.persistence) await Promise.race([opts.persistence.destroy().catch(() => {}), sleep(1000, null, { ref: false })]);
    for (const c of conns) c.disconnect();
    for (const ws of wss.clients) ws.terminate();
    server.closeAllConnections();
    await closed;
  }
  /** @type {Promise<void> | undefined} */
  let closing;
  return { url, close: () => (closing ??= shutdown()) };
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: { host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '9001' }, redis: { type: 'string' }, id: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be 0 to 65535, not '${values.port}'`);
    if (values.redis !== undefined && !/^rediss?:\/\/./.test(values.redis)) throw new Error(`--redis must be a redis:// or rediss:// URL, not '${values.redis}'`);
  } catch (err) {
    console.error(`relay: ${/** @type {Error} */ (err).message} (--help for usage)`);
    process.exit(1);
  }
  if (values.help) {
    console.log(`${USAGE}\nAn MQTT broker over WebSocket for live games; with --redis, processes sharing that Redis serve one pool of games.`);
    return;
  }
  let relay;
  try {
    relay = await startRelay({ host: values.host, port: Number(values.port), redis: values.redis, id: values.id });
  } catch (err) {
    console.error(`relay: ${/** @type {Error} */ (err).message}`);
    process.exit(1);
  }
  console.log(`relay listening on ${relay.url}`);
  const stop = () => {
    // A shutdown stuck on a dead Redis must not keep the process (and its port) forever.
    setTimeout(() => process.exit(1), 10000).unref();
    relay.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main();
