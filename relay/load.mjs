#!/usr/bin/env node
// The relay under load, on this machine (loopback only, bounded): --games games played at once
// and --watchers clients watching them, through two relay processes (relay.mjs) sharing one
// Redis, as a host runs them behind one address. Each game's players are on different relays;
// the watchers are spread over the games and both relays. A move is what the page publishes: a
// retained message on the game's topic, the size a signed snapshot of that many moves has (the
// relay reads sizes, never the signatures, so the load is the real one). Each player answers the
// other's move after --think ms. The latency of a move runs from its publish to its arrival at
// the other player, and at each watcher.
//
//   node relay/load.mjs [--games 50] [--watchers 500] [--plies 40] [--think 100]
//
// Prints the moves delivered and lost, the latency percentiles (players, watchers) and the peak
// memory (VmRSS, sampled) of each relay and of Redis, before and under load. All clients come
// from 127.0.0.1, one address: the relays run with their per-address limits raised to let them
// in (what a host's many players behind many addresses would not need). The clients share this
// process's one thread, so on a busy machine the figures include its own queueing: they are an
// upper bound. Needs redis-server (bash scripts/setup.sh --test). Exits 1 when a move is lost or
// a process fails, 2 on a bad argument.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import mqtt from 'mqtt';
import { topics, newGameId } from '../www/live/live-protocol.js';
import { LOOPBACK_LIMITS, startRedis, startRelay } from './processes.mjs';
import { wholeNumber } from './relay.mjs';

/** @import { MqttClient } from 'mqtt' */

/** A move's text and its signature as a snapshot carries them (an ECDSA P-256 signature is 86 base64url characters). */
const MOVE = 'e2-e3';
const SIGNATURE = 'S'.repeat(86);
/** The seats' public keys as the snapshot writes them (base64url of a raw P-256 point; two different ones). */
const KEYS = { blue: 'B'.repeat(87), gray: 'G'.repeat(87) };
/** Clients connecting at once: a connect storm beyond this only measures the storm. */
const CONNECTING = 50;

/**
 * The retained message of a game after `ply` moves: a snapshot's shape (the relay keeps no
 * other, relay/retained.mjs) and size.
 * @param {string} id
 * @param {number} ply
 */
function snapshot(id, ply) {
  return JSON.stringify({ v: 2, id, variant: 'classic', host: 'blue', keys: KEYS, hostSig: SIGNATURE, moves: Array(ply).fill(MOVE), sigs: Array(ply).fill(SIGNATURE) });
}

/**
 * Connects to `url`, with the page's keep-alive.
 * @param {string} url
 * @param {import('mqtt').IClientOptions} [opts]
 * @returns {Promise<MqttClient>}
 */
function connect(url, opts = {}) {
  return mqtt.connectAsync(url, { protocolVersion: 4, keepalive: 60, reconnectPeriod: 0, connectTimeout: 30000, ...opts });
}

/**
 * Runs `make` for each of `n`, at most `CONNECTING` at a time; resolves to the results in order.
 * @template T
 * @param {number} n
 * @param {(i: number) => Promise<T>} make
 * @returns {Promise<T[]>}
 */
async function inBatches(n, make) {
  /** @type {T[]} */
  const all = [];
  for (let i = 0; i < n; i += CONNECTING) all.push(...(await Promise.all(Array.from({ length: Math.min(CONNECTING, n - i) }, (_, k) => make(i + k)))));
  return all;
}

/**
 * A process's resident memory now, in MB (0 when it is gone).
 * @param {number | undefined} pid
 */
function residentMB(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The `p`th percentile of sorted `xs` (nearest rank).
 * @param {number[]} xs
 * @param {number} p
 */
function percentile(xs, p) {
  return xs.length ? xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)] : NaN;
}

/**
 * One line of latency figures.
 * @param {string} who
 * @param {number[]} ms
 */
function latencyLine(who, ms) {
  const s = [...ms].sort((a, b) => a - b);
  const f = (/** @type {number} */ x) => x.toFixed(1).padStart(7);
  return `${who.padEnd(9)} ${String(s.length).padStart(7)} ${f(percentile(s, 50))} ${f(percentile(s, 90))} ${f(percentile(s, 99))} ${f(s[s.length - 1] ?? NaN)}`;
}

/**
 * A game's two players, each on its relay (`urls`), online and subscribed to the game.
 * @param {string[]} urls
 * @param {ReturnType<typeof topics>} t
 */
async function seat(urls, t) {
  const seats = /** @type {const} */ (['blue', 'gray']);
  const players = await Promise.all(seats.map((side, i) => connect(urls[i], { will: { topic: t.presence(side), payload: Buffer.from('offline'), qos: 1, retain: true } })));
  await Promise.all(players.map((p, i) => p.publishAsync(t.presence(seats[i]), 'online', { qos: 1, retain: true }).then(() => p.subscribeAsync(t.game, { qos: 1 }))));
  return { players, t };
}

/**
 * Plays a game of `plies` moves between `players` (Blue first): each answers the other's move
 * after `think` ms. `publish` sends a move; `arrived` hears of a move's arrival at the other
 * player. Resolves when the last move has arrived.
 * @param {MqttClient[]} players
 * @param {number} plies
 * @param {number} think
 * @param {{ publish: (mover: MqttClient, ply: number) => Promise<unknown>, arrived: (ply: number) => void }} io
 * @returns {Promise<void>}
 */
function play(players, plies, think, { publish, arrived }) {
  return new Promise((resolve, reject) => {
    const move = (/** @type {number} */ ply) => publish(players[(ply - 1) % 2], ply).catch(reject);
    players.forEach((p, i) => {
      p.on('message', (_topic, payload) => {
        const ply = JSON.parse(payload.toString()).moves.length;
        // Its own move comes back too (MQTT 3.1.1 has no "not my own"): only the other's counts.
        if ((ply - 1) % 2 === i) return;
        arrived(ply);
        if (ply >= plies) resolve();
        else setTimeout(() => move(ply + 1), think);
      });
    });
    move(1);
  });
}

/**
 * How big a load is: games at once, watchers, plies a game, ms a player thinks.
 * @typedef {{ games: number, watchers: number, plies: number, think: number }} Size
 */

/**
 * The load's size from the command line (the header's defaults), each a whole number above 0;
 * throws at a bad or an unknown option.
 * @returns {Size}
 */
function sizes() {
  const { values } = parseArgs({ options: { games: { type: 'string', default: '50' }, watchers: { type: 'string', default: '500' }, plies: { type: 'string', default: '40' }, think: { type: 'string', default: '100' } } });
  return { games: wholeNumber('games', values.games, 1), watchers: wholeNumber('watchers', values.watchers, 1), plies: wholeNumber('plies', values.plies, 1), think: wholeNumber('think', values.think, 1) };
}

/** @param {Size} size */
async function main({ games, watchers, plies, think }) {

  const redis = await startRedis({ durable: false });
  const relays = [await startRelay({ redis: redis.url, args: [...LOOPBACK_LIMITS] }), await startRelay({ redis: redis.url, args: [...LOOPBACK_LIMITS] })];
  const processes = [['relay A', relays[0].pid], ['relay B', relays[1].pid], ['redis', redis.pid]];
  const idle = processes.map(([, pid]) => residentMB(/** @type {number} */ (pid)));
  const peak = [...idle];
  const sampler = setInterval(() => processes.forEach(([, pid], i) => (peak[i] = Math.max(peak[i], residentMB(/** @type {number} */ (pid))))), 250);

  /** @type {MqttClient[]} */
  const clients = [];
  /** When each game's ply was published: `${game} ${ply}` → ms. */
  const sent = new Map();
  /** @type {number[]} */
  const playerMs = [];
  /** @type {number[]} */
  const watcherMs = [];
  const started = performance.now();
  /** Watchers that did not see the last move. @type {number} */
  let lost;
  try {
    const ids = Array.from({ length: games }, () => newGameId());
    // The watchers first, so that each sees every move of its game.
    /** @type {number[]} */
    const lastSeen = Array(watchers).fill(0);
    await inBatches(watchers, async (w) => {
      const g = w % games;
      const client = await connect(relays[w % 2].url);
      clients.push(client);
      const t = topics(ids[g]);
      client.on('message', (topic, payload) => {
        if (topic !== t.game) return;
        const ply = JSON.parse(payload.toString()).moves.length;
        const at = sent.get(`${g} ${ply}`);
        if (at !== undefined && ply > lastSeen[w]) watcherMs.push(performance.now() - at);
        lastSeen[w] = Math.max(lastSeen[w], ply);
      });
      await client.subscribeAsync([t.game, t.presenceAll], { qos: 1 });
    });
    // Each game: Blue on relay A, Gray on relay B, both seated before Blue's first move.
    const seated = await inBatches(games, (g) => seat(relays.map((r) => r.url), topics(ids[g])));
    for (const { players } of seated) clients.push(...players);
    await Promise.all(
      seated.map(({ players, t }, g) =>
        play(players, plies, think, {
          publish: (mover, ply) => {
            sent.set(`${g} ${ply}`, performance.now());
            return mover.publishAsync(t.game, snapshot(ids[g], ply), { qos: 1, retain: true });
          },
          arrived: (ply) => playerMs.push(performance.now() - /** @type {number} */ (sent.get(`${g} ${ply}`))),
        }),
      ),
    );
    // The watchers' last moves may still be on their way.
    const deadline = performance.now() + 10000;
    while (lastSeen.some((p) => p < plies) && performance.now() < deadline) await sleep(50);
    lost = lastSeen.filter((p) => p < plies).length;
  } finally {
    clearInterval(sampler);
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => {})));
    await Promise.all(relays.map((r) => r.dispose()));
    await redis.dispose();
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`${games} games of ${plies} plies (${think} ms to answer), ${watchers} watchers, two relays on one Redis: ${seconds.toFixed(1)} s`);
  console.log(`moves delivered: ${playerMs.length} of ${games * plies} to players, ${watcherMs.length} to watchers; watchers short of the last move: ${lost}`);
  console.log('\nlatency   samples     p50     p90     p99     max (ms, publish to arrival)');
  console.log(latencyLine('players', playerMs));
  console.log(latencyLine('watchers', watcherMs));
  console.log('\nmemory    idle MB   peak MB');
  processes.forEach(([name], i) => console.log(`${String(name).padEnd(9)} ${idle[i].toFixed(1).padStart(7)} ${peak[i].toFixed(1).padStart(9)}`));
  if (lost || playerMs.length !== games * plies) {
    console.error('relay-load: moves were lost');
    process.exitCode = 1;
  }
}

/** @param {unknown} err */
const said = (err) => `relay-load: ${err instanceof Error ? err.message : err}`;
/** @type {Size} */
let size;
try {
  size = sizes();
} catch (err) {
  console.error(said(err));
  process.exit(2);
}
try {
  await main(size);
} catch (err) {
  console.error(said(err));
  process.exit(1);
}
