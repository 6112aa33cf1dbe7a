#!/usr/bin/env node
// The relay for live games: a standard MQTT 3.1.1 broker (Aedes) reached over WebSocket, which
// the page's two browsers both connect to. The project writes no broker of its own; any MQTT
// broker with WebSocket support does the same job, and this one is here so a host needs nothing
// but Node (and Redis, to run more than one process or to keep games over a restart). Of the
// project it builds on the live protocol only (www/live/: its topics, the game id, the biggest
// messages a page accepts), so that what the relay lets through is what the page speaks.
//
//   node relay/relay.mjs [--host 127.0.0.1] [--port 9001] [--redis redis://HOST:PORT] [--id NAME]
//                        [--connect-timeout 5] [--max-keepalive 120] [--max-game BYTES]
//                        [--max-presence BYTES] [--max-chat BYTES] [--max-connections 10000]
//                        [--max-per-address 50] [--rate 20] [--trust-proxy]
//                        [--max-lobby BYTES] [--lobby-rate 10] [--lobby-expiry 600]
//                        [--max-challenges 3] [--max-accepting 2]
//                        [--max-subscribe 16] [--max-subscriptions 32] [--game-expiry 1209600]
//
// (`npx bluegray-relay …` in the repository is the same: the package's bin.)
// A host points the page at it with `?relay=ws://HOST:PORT` (wss:// behind TLS) or the element's
// `relay` attribute. Without --redis everything lives in this process. With --redis, retained
// messages (and the client ids in use) are kept in Redis and messages pass through it, so any
// number of relay processes behind one address serve one pool of games and a restart loses none.
//
// It serves games and nothing else (docs/RELAY.md, "What it accepts"):
// - topics: a client may publish to and subscribe to `bluegray/v1/<game id>/` followed by `game`,
//   `presence/blue`, `presence/gray`, `chat/blue` or `chat/gray` only (and subscribe to
//   `presence/+` and `chat/+`), and publish its mark
//   as an onlooker to `watch/<its own client id>` (subscribe: `watch/+`); a refused
//   subscription gets the failure code and nothing else, a refused publish (or will) ends the
//   connection; a SUBSCRIBE (or UNSUBSCRIBE) names at most --max-subscribe topics (more ends the
//   connection before Aedes reads it), and a connection holds at most --max-subscriptions (one
//   more gets the failure code), so no packet asks for work without bound;
// - what is kept (retained.mjs): a retained message on `game` must read as a snapshot of the
//   topic's game (`v: 2` and its outer shape), on `presence/<seat>` as a presence, on
//   `chat/<seat>` as a seat's chat lines (live-chat.js parseChat); one that does
//   not is passed on to those connected and kept nowhere. A game topic's retained message is
//   cleared --game-expiry seconds after the last one on it. Every session is clean (one asking
//   for a persistent session gets a clean one), so a client gone has nothing queued for it;
// - the lobby of open games (www/live/lobby-protocol.js): a client publishes its challenge to
//   `bluegray/v1/lobby/<its own client id>` only (retained; empty withdraws it, also as its will)
//   and acceptances to `bluegray/v1/lobby/<id>/accept` (never retained); it subscribes to
//   `bluegray/v1/lobby/+`, the relay's one wildcard, and to its own `…/accept`. Lobby messages
//   are at most --max-lobby bytes, at most --lobby-rate a minute from one address, each in the
//   shape the page posts (lobby-protocol.js challengeShape, acceptanceShape: a challenge's clock
//   one the page offers, its rules in a spec's characters), and a challenge is cleared
//   --lobby-expiry seconds after it was posted. One address holds at most --max-challenges
//   standing challenges and --max-accepting pending acceptances (an acceptance of a standing
//   challenge, pending until that challenge goes or the acceptor's device gives up waiting),
//   counted across the processes on one Redis (lobby-holds.mjs);
// - the counts (counts.mjs): the relay publishes, retained, `bluegray/v1/lobby/counts`, the
//   players online and the games being played, counted from the presences its clients say and
//   the lobby's connections, summed over the processes on one Redis; clients may only read it;
// - sizes: a message on `game` up to --max-game bytes (default: the biggest snapshot the page
//   accepts, MAX_MOVES of the longest moves, computed below), on `presence/…` up to
//   --max-presence (default: the biggest signed presence, computed below), on `chat/…` up to
//   --max-chat (default: the biggest chat a page accepts, computed below); an MQTT packet that announces more than the biggest of
//   these and 1 KiB ends the connection as soon as its header arrives, before its body is read;
// - time: a connection that has not upgraded to WebSocket and sent CONNECT within
//   --connect-timeout seconds is closed; a CONNECT must ask for a keep-alive of 1 to
//   --max-keepalive seconds (0, "never", is refused), and a client silent for one and a half
//   times its keep-alive is closed (MQTT's rule);
// - numbers: --max-connections in all and --max-per-address from one address, both counted on
//   the TCP connection as it is accepted (before any HTTP or WebSocket), and --rate packets a
//   second from one address (all its connections together; bursts up to twice that), beyond
//   which the connection is closed. --trust-proxy takes the address from the last entry of
//   X-Forwarded-For (behind a reverse proxy that sets it; never on a relay reached directly);
//   --max-per-address then counts WebSockets per forwarded address, at the upgrade;
// - client ids (client-ids.mjs): a CONNECT whose client id is connected, from any address and to
//   any relay process sharing the Redis, is refused (CONNACK "identifier rejected"), so no one
//   can knock a player off; the relay then pings that connection over WebSocket (through Redis,
//   on its own process) and closes it when no pong comes within --connect-timeout (a phone that
//   changed networks gets its id back within seconds).
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
import { ROOT, MAX_MOVES, GAME_ID } from '../www/live/live-protocol.js';
import { NAME_MAX } from '../www/live/live-presence.js';
import { MAX_CHAT_LINES, MAX_CHAT_TEXT } from '../www/live/live-chat.js';
import { LOBBY, LOBBY_ALL, LOBBY_COUNTS, LOBBY_EXPIRY_S, BIGGEST_CHALLENGE, ACCEPT_WAIT_MS, challengeShape, acceptanceShape } from '../www/live/lobby-protocol.js';
import { clientIds } from './client-ids.mjs';
import { lobbyHolds } from './lobby-holds.mjs';
import { relayCounts } from './counts.mjs';
import { deadlines, inShape } from './retained.mjs';

/**
 * @import { AddressInfo } from 'node:net'
 * @import { EventEmitter } from 'node:events'
 * @import { Duplex } from 'node:stream'
 * @import { AedesOptions, AuthenticateError, Client } from 'aedes'
 * @import { MQEmitterRedis } from 'mqemitter-redis'
 * @import { WebSocket } from 'ws'
 * @import { Snapshot } from '../www/live/live-protocol.js'
 * @import { PresenceNote } from '../www/live/live-presence.js'
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
 * What the relay uses of the broker's emitter (Aedes' own, or the Redis one), which its d.ts
 * leaves out: a message to every process, and a listener on a topic.
 * @typedef {{ emit(message: { topic: string, payload: string }, done: () => void): void, on(topic: string, listener: (message: { payload: string | Buffer }, done: () => void) => void): void }} Emitter
 */
/**
 * The broker's options as the relay sets them.
 * @typedef {Omit<AedesOptions, 'persistence' | 'mq'> & { persistence?: RedisPersistence, mq?: RedisEmitter }} BrokerOptions
 */
/**
 * The relay's limits (the header above says what each does).
 * @typedef {object} Limits
 * @property {number} connectTimeout milliseconds from the TCP connection to CONNECT
 * @property {number} maxKeepalive seconds
 * @property {number} maxGame bytes of a message on `game`
 * @property {number} maxPresence bytes of a message on `presence/<seat>`
 * @property {number} maxChat bytes of a message on `chat/<seat>`
 * @property {number} maxConnections connections in all
 * @property {number} maxPerAddress connections from one address
 * @property {number} rate MQTT packets a second from one address
 * @property {boolean} trustProxy whether the client's address is X-Forwarded-For's last entry
 * @property {number} maxLobby bytes of a message in the lobby
 * @property {number} lobbyRate lobby messages a minute from one address
 * @property {number} lobbyExpiry seconds a challenge stands
 * @property {number} maxChallenges standing challenges from one address
 * @property {number} maxAccepting pending acceptances from one address
 * @property {number} maxSubscribe topic filters in one SUBSCRIBE (or UNSUBSCRIBE)
 * @property {number} maxSubscriptions topic filters a connection is subscribed to at once
 * @property {number} gameExpiry seconds a game's retained message is kept without a new one
 */
/**
 * What startRelay takes.
 * @typedef {object} RelayOptions
 * @property {string} [host] default 127.0.0.1
 * @property {number} [port] default 9001
 * @property {string} [redis] a redis:// or rediss:// URL: without it everything lives in this process
 * @property {string} [id] the broker's id
 * @property {Partial<Limits>} [limits] default DEFAULT_LIMITS
 */
/**
 * What the relay knows of a client's connection: its address, its WebSocket, and the client id
 * it holds (with its claim's token, client-ids.mjs) once its CONNECT was taken.
 * @typedef {{ address: string, ws: WebSocket, claim?: { id: string, token: string } }} Peer
 */
/**
 * One address's connections and its allowances (token buckets): packets, and lobby messages.
 * @typedef {{ connections: number, tokens: number, at: number, lobbyTokens: number, lobbyAt: number }} AddressState
 */
/**
 * A message as the relay judges it: its topic, payload, whether it is to be retained, and the
 * client id of the connection it comes from.
 * @typedef {{ topic: string, payload: string | Buffer, retain: boolean, clientId: string }} Judged
 */

/**
 * The biggest snapshot the page accepts (live-check.js, snapshotOf), with every field it may have:
 * MAX_MOVES moves, each the longest a move can be written (18 points joined by `x`, docs/RULES.md
 * §6.2), its rules' name at its longest (500), both seats' keys and every signature, each move's
 * time and stamp, an ending, a draw offer with its answer, a takeback with its answer and a rematch, every number
 * at its largest. Real games are far smaller.
 * @returns {Snapshot}
 */
export function biggestSnapshot() {
  const key = (/** @type {string} */ c) => c.repeat(87);
  const sig = 's'.repeat(86);
  const longestMove = Array(18).fill('a1').join('x');
  const big = Number.MAX_SAFE_INTEGER;
  return {
    v: 2, id: '0'.repeat(32), variant: 'v'.repeat(500), host: 'blue', keys: { blue: key('b'), gray: key('g') }, hostSig: sig,
    moves: Array(MAX_MOVES).fill(longestMove), sigs: Array(MAX_MOVES).fill(sig),
    end: { how: 'claim-draw', side: 'blue', sig, at: big },
    offer: { side: 'blue', ply: big, sig, withdraw: sig },
    // Accepted or withdrawn: the withdrawal's field is the longer name.
    takeback: { side: 'blue', ply: MAX_MOVES, move: longestMove, sig, withdraw: sig },
    rematch: { side: 'blue', n: big, id: '0'.repeat(32), key: key('r'), sig, answer: { how: 'accept', key: key('a'), sig } },
    clock: 'c'.repeat(20), times: Array(MAX_MOVES).fill(big), at: Array(MAX_MOVES).fill(big),
  };
}

/** biggestSnapshot()'s size as it travels (JSON, UTF-8). */
export const BIGGEST_SNAPSHOT = Buffer.byteLength(JSON.stringify(biggestSnapshot()));

/**
 * The biggest presence the page accepts (live-presence.js, parsePresence): 'offline', both times
 * at the largest safe integer, the longest device name (64 hex digits), the longest player's name
 * (NAME_MAX characters of four bytes each, as JSON writes them) and a signature.
 */
export const BIGGEST_PRESENCE = (() => {
  /** @type {PresenceNote} */
  const note = { state: 'offline', at: Number.MAX_SAFE_INTEGER, since: Number.MAX_SAFE_INTEGER, device: 'f'.repeat(64), name: '\u{10FFFF}'.repeat(NAME_MAX), sig: 's'.repeat(86) };
  return Buffer.byteLength(JSON.stringify(note));
})();

/**
 * The biggest chat the page accepts (live-chat.js, parseChat): MAX_CHAT_LINES lines of
 * MAX_CHAT_TEXT code units, each at its longest in JSON (a lone surrogate is written as six
 * bytes, `\udxxx`, more than any character), the largest time and a signature.
 */
export const BIGGEST_CHAT = (() => {
  const line = { text: '\ud800'.repeat(MAX_CHAT_TEXT), at: Number.MAX_SAFE_INTEGER, sig: 's'.repeat(86) };
  return Buffer.byteLength(JSON.stringify({ lines: Array(MAX_CHAT_LINES).fill(line) }));
})();

/** What an MQTT packet holds besides its message: fixed header, topic, packet id (and a CONNECT's fields). */
const PACKET_OVERHEAD = 1024;

/** @type {Limits} */
export const DEFAULT_LIMITS = {
  connectTimeout: 5000,
  maxKeepalive: 120,
  maxGame: BIGGEST_SNAPSHOT,
  maxPresence: BIGGEST_PRESENCE,
  maxChat: BIGGEST_CHAT,
  maxConnections: 10000,
  maxPerAddress: 50,
  rate: 20,
  trustProxy: false,
  maxLobby: BIGGEST_CHALLENGE,
  lobbyRate: 10,
  lobbyExpiry: LOBBY_EXPIRY_S,
  // A device posts one challenge at a time and accepts one at a time: a few allow for a
  // household or a school behind one address, not for a script filling or emptying the lobby.
  maxChallenges: 3,
  maxAccepting: 2,
  // A page subscribes to one game's few topics and the lobby's, in a packet or two.
  maxSubscribe: 16,
  maxSubscriptions: 32,
  // A game between players who are away for days is still there when they come back.
  gameExpiry: 14 * 24 * 3600,
};

/** `text` matched literally in a regular expression. */
const literal = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** 32 hex digits: a game's id (live-protocol.js's GAME_ID), and the client id of a lobby's or an onlooker's connection. */
const HEX32 = GAME_ID.source.replace(/^\^|\$$/g, '');
/** A game's topics' prefix: ROOT and a game id. */
const GAME_TOPIC = `${literal(ROOT)}/${HEX32}`;
/** The topics one publishes to, the kind of each in group 1 (an onlooker's client id in group 2). */
const PUBLISH_TOPIC = new RegExp(`^${GAME_TOPIC}/(game|presence/(?:blue|gray)|chat/(?:blue|gray)|watch/(${HEX32}))$`);
/** The topic filters one subscribes to: the same, and the game's presence and chat of both seats and its onlookers. */
const SUBSCRIBE_TOPIC = new RegExp(`^${GAME_TOPIC}/(?:game|presence/(?:blue|gray|\\+)|chat/(?:blue|gray|\\+)|watch/\\+)$`);
/** A lobby's topic: the poster's id in group 1, `/accept` in group 2 for its acceptances. */
const LOBBY_TOPIC = new RegExp(`^${literal(LOBBY)}/(${HEX32})(/accept)?$`);

const USAGE = `usage: node relay/relay.mjs [--host 127.0.0.1] [--port 9001] [--redis redis://127.0.0.1:6379] [--id NAME]
  [--connect-timeout SECONDS (${DEFAULT_LIMITS.connectTimeout / 1000})] [--max-keepalive SECONDS (${DEFAULT_LIMITS.maxKeepalive})]
  [--max-game BYTES (${DEFAULT_LIMITS.maxGame})] [--max-presence BYTES (${DEFAULT_LIMITS.maxPresence})] [--max-chat BYTES (${DEFAULT_LIMITS.maxChat})]
  [--max-connections N (${DEFAULT_LIMITS.maxConnections})] [--max-per-address N (${DEFAULT_LIMITS.maxPerAddress})]
  [--rate PACKETS-A-SECOND (${DEFAULT_LIMITS.rate})] [--trust-proxy]
  [--max-lobby BYTES (${DEFAULT_LIMITS.maxLobby})] [--lobby-rate MESSAGES-A-MINUTE (${DEFAULT_LIMITS.lobbyRate})] [--lobby-expiry SECONDS (${DEFAULT_LIMITS.lobbyExpiry})]
  [--max-challenges N (${DEFAULT_LIMITS.maxChallenges})] [--max-accepting N (${DEFAULT_LIMITS.maxAccepting})]
  [--max-subscribe TOPICS (${DEFAULT_LIMITS.maxSubscribe})] [--max-subscriptions TOPICS (${DEFAULT_LIMITS.maxSubscriptions})] [--game-expiry SECONDS (${DEFAULT_LIMITS.gameExpiry})]`;

/**
 * The size cap of a message on a game's `topic` (an onlooker's mark is a presence's size at most), or 0 when it is no game's.
 * @param {Limits} limits
 * @param {string} topic
 * @returns {number}
 */
function messageCap(limits, topic) {
  const kind = PUBLISH_TOPIC.exec(topic)?.[1];
  if (!kind) return 0;
  if (kind.startsWith('chat/')) return limits.maxChat;
  return kind === 'game' ? limits.maxGame : limits.maxPresence;
}

/**
 * Why a message may not pass, or null when it may: a game's topic (an onlooker's mark only on its
 * own client id's), or the lobby's (a challenge only on the poster's own topic, retained, an
 * acceptance never retained, each in the page's shape or empty), each within its size.
 * @param {Limits} limits
 * @param {Judged} m
 * @returns {string | null}
 */
function refusal(limits, { topic, payload, retain, clientId }) {
  const lobby = LOBBY_TOPIC.exec(topic);
  if (lobby && !lobby[2] && lobby[1] !== clientId) return `another client's challenge: ${topic}`;
  if (lobby && lobby[2] && retain) return `a retained acceptance: ${topic}`;
  if (lobby && payload.length) {
    if (!lobby[2] && !retain) return `a challenge not retained: ${topic}`;
    const text = payload.toString();
    if (!(lobby[2] ? acceptanceShape(text) : challengeShape(text, lobby[1]))) return `not a lobby message the page posts: ${topic}`;
  }
  const onlooker = PUBLISH_TOPIC.exec(topic)?.[2];
  if (onlooker && onlooker !== clientId) return `another client's onlooker mark: ${topic}`;
  const cap = lobby ? limits.maxLobby : messageCap(limits, topic);
  if (!cap) return `not a game's topic: ${topic}`;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  return size > cap ? `a message of ${size} bytes on ${topic} (at most ${cap})` : null;
}

/**
 * Whether a client `clientId` may subscribe to `filter`: a game's exact topics, the lobby's
 * wildcard, or its own acceptances.
 * @param {string} filter
 * @param {string} clientId
 */
function subscribable(filter, clientId) {
  if (filter === LOBBY_ALL || filter === LOBBY_COUNTS) return true;
  const lobby = LOBBY_TOPIC.exec(filter);
  if (lobby) return !!lobby[2] && lobby[1] === clientId;
  return SUBSCRIBE_TOPIC.test(filter);
}

/**
 * Whether a retained message on `topic` may be kept: on a game's topic, in the protocol's shape
 * (retained.mjs); the lobby's challenges are bounded by their size, one per client id, and their
 * expiry.
 * @param {string} topic
 * @param {string | Buffer} payload
 */
function keepable(topic, payload) {
  const kind = PUBLISH_TOPIC.exec(topic)?.[1];
  return !kind || inShape(kind, topic.slice(ROOT.length + 1, ROOT.length + 33), payload);
}

/** How often each process writes what its connections hold and says the counts again (ms; counts.mjs). */
const COUNTS_EVERY_MS = 10000;
/** How long a burst of changes to the counts waits before they are said once (ms). */
const COUNTS_SETTLE_MS = 200;

/** MQTT's packet types that name topic filters (the high four bits of a packet's first byte). */
const SUBSCRIBE = 8;
const UNSUBSCRIBE = 10;
/** The longest topic filter a SUBSCRIBE is read with (bytes): every filter the relay grants is under 64. */
const LONGEST_FILTER = 256;

/**
 * A reader of a connection's bytes as MQTT packets, without keeping them: it follows each fixed
 * header and skips the body, so it knows a packet's announced length before the body arrives.
 * A SUBSCRIBE or UNSUBSCRIBE is the exception: it may be at most `maxFilters` filters of
 * LONGEST_FILTER bytes long (else it ends at its header), and its body, so bounded, is read to
 * count its filters, at most `maxFilters`. So no packet asks Aedes for work without bound.
 * `feed(bytes)` returns why the connection must end (a packet over `maxPacket`, a malformed
 * length, too many filters, or what `onPacket` returns), else null.
 * @param {number} maxPacket
 * @param {number} maxFilters
 * @param {() => string | null} onPacket called at each packet's header
 */
function packetReader(maxPacket, maxFilters, onPacket) {
  const maxFiltersPacket = 2 + maxFilters * (2 + LONGEST_FILTER + 1);
  let state = 'type';
  let kind = 0;
  let length = 0;
  let scale = 1;
  let left = 0;
  /** The body of a SUBSCRIBE or UNSUBSCRIBE so far, else null. @type {Buffer[] | null} */
  let filters = null;
  /** @param {Buffer} bytes */
  return (bytes) => {
    let i = 0;
    while (i < bytes.length) {
      if (state === 'body') {
        const n = Math.min(left, bytes.length - i);
        filters?.push(bytes.subarray(i, i + n));
        i += n;
        left -= n;
        if (left > 0) continue;
        state = 'type';
        const why = filters && filtersRefusal(Buffer.concat(filters), kind === SUBSCRIBE, maxFilters);
        filters = null;
        if (why) return why;
        continue;
      }
      const b = bytes[i++];
      if (state === 'type') {
        state = 'length';
        kind = b >> 4;
        length = 0;
        scale = 1;
        continue;
      }
      length += (b & 0x7f) * scale;
      scale *= 0x80;
      if (b & 0x80) {
        // At most four bytes of length (MQTT 3.1.1 §2.2.3).
        if (scale === 0x80 ** 4) return 'a malformed packet length';
        continue;
      }
      if (length > maxPacket) return `a packet of ${length} bytes (at most ${maxPacket})`;
      const naming = kind === SUBSCRIBE || kind === UNSUBSCRIBE;
      if (naming && length > maxFiltersPacket) return `a (UN)SUBSCRIBE of ${length} bytes (at most ${maxFiltersPacket})`;
      const why = onPacket();
      if (why) return why;
      left = length;
      filters = naming ? [] : null;
      state = left ? 'body' : 'type';
      if (!left && naming) {
        filters = null;
        return 'an empty (UN)SUBSCRIBE';
      }
    }
    return null;
  };
}

/**
 * Why a SUBSCRIBE's (`subscribe`) or UNSUBSCRIBE's `body` may not pass: more than `max` filters.
 * (A malformed body is Aedes' to refuse.)
 * @param {Buffer} body
 * @param {boolean} subscribe
 * @param {number} max
 * @returns {string | null}
 */
function filtersRefusal(body, subscribe, max) {
  let count = 0;
  // The packet id, then each filter: its length in two bytes, its text, and (SUBSCRIBE) its QoS.
  for (let i = 2; i + 2 <= body.length; i += 2 + body.readUInt16BE(i) + (subscribe ? 1 : 0)) count++;
  return count > max ? `a (UN)SUBSCRIBE of ${count} topics (at most ${max})` : null;
}

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
export async function startRelay({ host = '127.0.0.1', port = 9001, redis, id, limits: given = {} } = {}) {
  /** @type {Limits} */
  const limits = { ...DEFAULT_LIMITS, ...given };
  const maxPacket = Math.max(limits.maxGame, limits.maxPresence, limits.maxChat, limits.maxLobby) + PACKET_OVERHEAD;
  /** @type {BrokerOptions} */
  const opts = { id, connectTimeout: limits.connectTimeout, keepaliveLimit: limits.maxKeepalive };
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
  const ids = clientIds({ redis: conns[0] });
  const holds = lobbyHolds({ redis: conns[0], keepMs: Math.max(limits.lobbyExpiry * 1000, ACCEPT_WAIT_MS) });
  const kept = deadlines({ redis: conns[0] });
  const counts = relayCounts({ redis: conns[0], process: broker.id, everyMs: COUNTS_EVERY_MS });

  /** Each connection's peer, by the stream Aedes reads. @type {WeakMap<object, Peer>} */
  const peers = new WeakMap();
  /** The connections of this process that hold a client id, by id. @type {Map<string, Peer>} */
  const holders = new Map();
  /** @type {Map<string, AddressState>} */
  const addresses = new Map();
  const burst = 2 * limits.rate;

  // The game's topics and the lobby only, each message within its kind's size, so no one can use
  // the relay (and its Redis) as a store of their own. A refusal ends the client's connection
  // (Aedes). A retained message out of the protocol's shape reaches those connected, and is
  // kept nowhere (retained.mjs).
  broker.authorizePublish = (client, packet, done) => {
    const why = refusal(limits, { topic: packet.topic, payload: packet.payload, retain: packet.retain, clientId: client?.id ?? '' }) ?? lobbyRefusal(client, packet.topic);
    if (!why && packet.retain && !keepable(packet.topic, packet.payload)) packet.retain = false;
    if (why) return done(new Error(why));
    holdRefusal(client, packet.topic, packet.payload).then(
      (held) => done(held ? new Error(held) : null),
      () => done(new Error('the lobby\'s holds are out of reach')),
    );
  };
  // The game's exact topics and the lobby's one wildcard: no wildcard over games, no `#`, no
  // `$SYS`; and at most --max-subscriptions at once, so that what one connection costs each
  // message is bounded. A refused subscription gets the failure code in SUBACK and no message.
  broker.authorizeSubscribe = (client, sub, done) => {
    const mine = client ? subscribed(client) : new Set();
    const ok = subscribable(sub.topic, client?.id ?? '') && (mine.has(sub.topic) || mine.size < limits.maxSubscriptions);
    if (ok) mine.add(sub.topic);
    done(null, ok ? sub : null);
  };
  broker.on('unsubscribe', (filters, client) => {
    for (const filter of filters) subscribed(client).delete(filter);
    if (filters.includes(LOBBY_ALL)) lobbyVisit(client, false);
  });
  broker.on('subscribe', (subs, client) => {
    if (subs.some((sub) => sub.topic === LOBBY_ALL)) lobbyVisit(client, true);
  });
  broker.on('clientDisconnect', (client) => {
    counts.gone(client.id);
    countsChanged();
  });

  // The lobby's counts (counts.mjs): a connection is a player while it holds a seat or is in
  // the lobby (a lobby's client id: an onlooker's, also 32 hex digits, subscribes to no lobby).
  /**
   * @param {Client} client
   * @param {boolean} inLobby
   */
  function lobbyVisit(client, inLobby) {
    if (!LOBBY_TOPIC.test(`${LOBBY}/${client.id}`)) return;
    counts.lobby(client.id, inLobby);
    countsChanged();
  }
  /**
   * A presence a client of this process published (its will too): the seat it holds now.
   * @param {Client} client
   * @param {string} topic
   * @param {string | Buffer} payload
   */
  function presenceSaid(client, topic, payload) {
    const kind = PUBLISH_TOPIC.exec(topic)?.[1];
    if (!kind?.startsWith('presence/')) return;
    let state;
    try {
      state = JSON.parse(payload.toString())?.state;
    } catch {
      return;
    }
    const seat = topic.slice(ROOT.length + 1).replace('/presence', '');
    if (state === 'online') counts.seat(client.id, seat);
    else if (state === 'offline') counts.seat(client.id, null);
    else return;
    countsChanged();
  }
  let countsDue = false;
  /** Says the counts soon: a burst of changes is said once. */
  function countsChanged() {
    if (countsDue) return;
    countsDue = true;
    setTimeout(sayCounts, COUNTS_SETTLE_MS).unref();
  }
  /** Publishes the relay's counts, retained, to every lobby (a Redis away: the next time). */
  async function sayCounts() {
    countsDue = false;
    try {
      await counts.refresh();
      const { players, games } = await counts.totals();
      broker.publish({ cmd: 'publish', topic: LOBBY_COUNTS, payload: Buffer.from(JSON.stringify({ v: 1, players, games })), qos: 0, retain: true, dup: false }, () => {});
    } catch {
      // The connections report it.
    }
  }
  const countsTimer = setInterval(sayCounts, COUNTS_EVERY_MS);
  countsTimer.unref();
  // A will is kept (in Redis too) as long as the connection lasts: it must be a message the
  // client could publish (in the lobby, only the empty one). Every session is clean: a session that is gone keeps no subscription
  // and has nothing queued for it (a client asking for a persistent one gets a clean one, and
  // CONNACK says no session was kept).
  broker.preConnect = (_client, packet, done) => {
    const will = packet.will;
    // A lobby's will can only withdraw: a challenge said by a will would stand unheld.
    const why = !will ? null : LOBBY_TOPIC.test(will.topic) && will.payload.length ? `a lobby will that is not empty: ${will.topic}` : refusal(limits, { topic: will.topic, payload: will.payload, retain: !!will.retain, clientId: packet.clientId });
    if (will?.retain && !keepable(will.topic, will.payload)) will.retain = false;
    packet.clean = true;
    done(why ? new Error(`will: ${why}`) : null, !why);
  };

  /** Each connection's subscriptions (Aedes' client, for this process's clients). @type {WeakMap<Client, Set<string>>} */
  const subscriptions = new WeakMap();
  /**
   * The topic filters `client` is subscribed to.
   * @param {Client} client
   */
  function subscribed(client) {
    let set = subscriptions.get(client);
    if (!set) subscriptions.set(client, (set = new Set()));
    return set;
  }

  /**
   * Why a lobby message from `client` may not pass: its address has sent its lobby messages of
   * the minute (a bucket of --lobby-rate, refilled over a minute). Null for other topics.
   * @param {Client | null} client
   * @param {string} topic
   * @returns {string | null}
   */
  function lobbyRefusal(client, topic) {
    if (!LOBBY_TOPIC.test(topic)) return null;
    const address = client ? peers.get(client.conn)?.address : undefined;
    const state = address === undefined ? undefined : addresses.get(address);
    if (!state) return null;
    const now = Date.now();
    state.lobbyTokens = Math.min(limits.lobbyRate, state.lobbyTokens + ((now - state.lobbyAt) / 60000) * limits.lobbyRate);
    state.lobbyAt = now;
    if (state.lobbyTokens < 1) return `more than ${limits.lobbyRate} lobby messages a minute`;
    state.lobbyTokens -= 1;
    return null;
  }

  /**
   * Why a lobby message from `client` may not pass: a challenge when its address has
   * --max-challenges others standing, an acceptance when it has --max-accepting others pending
   * (lobby-holds.mjs). Null for others, and for empty messages (which hold nothing).
   * @param {Client | null} client
   * @param {string} topic
   * @param {string | Buffer} payload
   * @returns {Promise<string | null>}
   */
  async function holdRefusal(client, topic, payload) {
    const lobby = LOBBY_TOPIC.exec(topic);
    const address = client ? peers.get(client.conn)?.address : undefined;
    if (!lobby || !payload.length || address === undefined) return null;
    const now = Date.now();
    if (!lobby[2]) {
      const ok = await holds.hold('post', address, lobby[1], now + limits.lobbyExpiry * 1000, limits.maxChallenges);
      return ok ? null : `more than ${limits.maxChallenges} challenges standing from one address`;
    }
    const ok = await holds.hold('accept', address, lobby[1], now + ACCEPT_WAIT_MS, limits.maxAccepting);
    return ok ? null : `more than ${limits.maxAccepting} acceptances pending from one address`;
  }

  // What is retained stands for a stated time (retained.mjs): a challenge --lobby-expiry seconds
  // after it was posted, a game's message --game-expiry seconds after the last on its topic; an
  // empty one keeps nothing. Every retained message published here passes by (a client's, a
  // will, the relay's own clearing), whichever process its topic's readers are on.
  broker.on('publish', (packet, client) => {
    if (client) presenceSaid(client, packet.topic, packet.payload);
    if (!packet.retain) return;
    // A challenge gone (withdrawn, taken, its will, cleared here) frees what held it.
    const lobby = LOBBY_TOPIC.exec(packet.topic);
    if (lobby && !lobby[2] && !packet.payload.length) holds.clear(lobby[1]);
    const life = lifeOf(packet.topic);
    if (!life) return;
    if (packet.payload.length) kept.set(packet.topic, Date.now() + life * 1000);
    else kept.drop(packet.topic);
  });
  let sweeping = false;
  const expiry = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const topic of await kept.takeDue(Date.now())) {
        broker.publish({ cmd: 'publish', topic, payload: Buffer.alloc(0), qos: 0, retain: true, dup: false }, () => {});
      }
    } catch {
      // Redis away: the next sweep tries again (the connections report it).
    } finally {
      sweeping = false;
    }
  }, Math.min(10000, (Math.min(limits.lobbyExpiry, limits.gameExpiry) * 1000) / 4));
  expiry.unref();

  /**
   * Seconds a retained message on `topic` stands without a new one: a challenge's, or a game
   * topic's; 0 for the rest (nothing else is retained).
   * @param {string} topic
   */
  function lifeOf(topic) {
    const lobby = LOBBY_TOPIC.exec(topic);
    if (lobby) return lobby[2] ? 0 : limits.lobbyExpiry;
    return PUBLISH_TOPIC.test(topic) ? limits.gameExpiry : 0;
  }

  // A client id belongs to the connection that claimed it first, on any relay process sharing
  // this one's Redis (client-ids.mjs); a CONNECT asking for it meanwhile is refused, and the
  // holder is asked for a pong, and closed when none comes (a device that changed networks, or
  // a dead one). The holder's process is told through the broker's emitter (Redis, with it).
  broker.authenticate = (client, _username, _password, done) => {
    const mine = peers.get(client.conn);
    if (!mine) return done(null, true);
    const clientId = client.id;
    ids.claim(clientId).then(
      (token) => {
        if (token) {
          // A connection that closed while its claim was on its way gives it back at once.
          if (mine.ws.readyState !== mine.ws.OPEN) {
            ids.release(clientId, token);
            return done(null, false);
          }
          mine.claim = { id: clientId, token };
          holders.set(clientId, mine);
          return done(null, true);
        }
        probeHolder(clientId);
        done(/** @type {AuthenticateError} */ (Object.assign(new Error(`client id ${clientId} is connected`), { returnCode: 2 })), false);
      },
      () => done(/** @type {AuthenticateError} */ (Object.assign(new Error('the client ids are out of reach'), { returnCode: 3 })), false),
    );
  };

  /** The emitter's topic on which a process asks whoever holds a client id to be pinged (no client can reach `$` topics). */
  const PROBE = '$relay/probe';
  const mq = /** @type {Aedes & { mq: Emitter }} */ (broker).mq;
  /**
   * Has the connection that holds client id `clientId`, on this process or another, pinged.
   * @param {string} clientId
   */
  function probeHolder(clientId) {
    const here = holders.get(clientId);
    if (here) return probe(here.ws);
    mq.emit({ topic: PROBE, payload: clientId }, () => {});
  }
  mq.on(PROBE, (message, done) => {
    const here = holders.get(String(message.payload));
    if (here) probe(here.ws);
    done();
  });

  /** @type {WeakSet<WebSocket>} */
  const probing = new WeakSet();
  /**
   * Pings `ws`; terminates it when no pong comes within the connect timeout.
   * @param {WebSocket} ws
   */
  function probe(ws) {
    if (probing.has(ws)) return;
    probing.add(ws);
    const timer = setTimeout(() => ws.terminate(), limits.connectTimeout);
    ws.once('pong', () => {
      clearTimeout(timer);
      probing.delete(ws);
    });
    ws.once('close', () => clearTimeout(timer));
    ws.ping();
  }

  /**
   * A client's address: the socket's, or behind a trusted proxy the last X-Forwarded-For entry.
   * @param {http.IncomingMessage} req
   * @returns {string}
   */
  function addressOf(req) {
    const forwarded = limits.trustProxy ? String(req.headers['x-forwarded-for'] ?? '').split(',').pop()?.trim() : '';
    return forwarded || req.socket.remoteAddress || '';
  }

  /**
   * `address`'s state, made when it has none.
   * @param {string} address
   * @returns {AddressState}
   */
  function stateOf(address) {
    let state = addresses.get(address);
    if (!state) addresses.set(address, (state = { connections: 0, tokens: burst, at: Date.now(), lobbyTokens: limits.lobbyRate, lobbyAt: Date.now() }));
    return state;
  }

  /**
   * Counts one more connection from `address` until `closable` closes: false, and nothing
   * counted, when it has --max-per-address already.
   * @param {string} address
   * @param {EventEmitter} closable
   */
  function admit(address, closable) {
    const state = stateOf(address);
    if (state.connections >= limits.maxPerAddress) return false;
    state.connections++;
    closable.once('close', () => state.connections--);
    return true;
  }

  /**
   * Takes one packet from `address`'s allowance: why not when it has none left.
   * @param {AddressState} state
   * @returns {string | null}
   */
  function spend(state) {
    const now = Date.now();
    state.tokens = Math.min(burst, state.tokens + ((now - state.at) / 1000) * limits.rate);
    state.at = now;
    if (state.tokens < 1) return `more than ${limits.rate} packets a second`;
    state.tokens -= 1;
    return null;
  }

  // An address's allowance outlives its connections until it is full again, so reconnecting
  // does not refill it.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [address, state] of addresses) {
      const full = state.tokens + ((now - state.at) / 1000) * limits.rate >= burst && state.lobbyTokens + ((now - state.lobbyAt) / 60000) * limits.lobbyRate >= limits.lobbyRate;
      if (state.connections === 0 && full) addresses.delete(address);
    }
  }, 10000);
  sweep.unref();

  const server = http.createServer((req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  // Both limits of connections apply as a TCP connection is accepted, before a byte of HTTP is
  // read: Node's own for all of them, and --max-per-address on the socket's address, so that
  // sockets one address opens and never upgrades (each standing up to the connect timeout) take
  // its own share only. Behind a trusted proxy every socket is the proxy's: there the address is
  // the forwarded one, known at the upgrade, and counted then.
  server.maxConnections = limits.maxConnections;
  // A socket has the connect timeout to become a WebSocket (then Aedes gives it as long again
  // for CONNECT from its start).
  /** @type {WeakMap<object, NodeJS.Timeout>} */
  const handshakes = new WeakMap();
  server.on('connection', (socket) => {
    if (!limits.trustProxy && !admit(socket.remoteAddress ?? '', socket)) return void socket.destroy();
    handshakes.set(socket, setTimeout(() => socket.destroy(), limits.connectTimeout));
  });
  server.on('upgrade', (_req, socket) => clearTimeout(handshakes.get(socket)));
  try {
    await /** @type {Promise<void>} */ (
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, resolve);
      })
    );
  } catch (err) {
    clearInterval(sweep);
    clearInterval(expiry);
    clearInterval(countsTimer);
    await /** @type {Promise<void>} */ (new Promise((resolve) => broker.close(resolve)));
    await ids.close();
    for (const c of conns) c.disconnect();
    throw /** @type {NodeJS.ErrnoException} */ (err).code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is in use`) : err;
  }
  // One WebSocket message holds at most a packet (the packet reader below bounds packets that
  // span several).
  const wss = new WebSocketServer({ server, maxPayload: maxPacket });
  wss.on('error', (err) => console.error(`relay: ${err.message}`));
  wss.on('connection', (ws, req) => {
    const address = addressOf(req);
    // One too many is cut at once (a closing handshake could be held open).
    if (limits.trustProxy && !admit(address, ws)) return void ws.terminate();
    const counted = stateOf(address);
    // Registered before the stream's own listener, so a packet too big or too many ends the
    // connection before Aedes reads it.
    const read = packetReader(maxPacket, limits.maxSubscribe, () => spend(counted));
    ws.on('message', (data) => {
      // Destroying the stream ends the WebSocket and pushes nothing more to Aedes.
      if (read(/** @type {Buffer} */ (data))) stream.destroy();
    });
    const stream = createWebSocketStream(ws);
    stream.on('error', () => ws.terminate());
    /** @type {Peer} */
    const peer = { address, ws };
    peers.set(stream, peer);
    ws.once('close', () => {
      if (!peer.claim) return;
      if (holders.get(peer.claim.id) === peer) holders.delete(peer.claim.id);
      ids.release(peer.claim.id, peer.claim.token);
    });
    broker.handle(stream, req);
  });
  // A server listening on a port: its address is the host's and port's.
  const addr = /** @type {AddressInfo} */ (server.address());
  const url = `ws://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}`;
  // What an earlier run left retained is said again at once.
  void sayCounts();

  async function shutdown() {
    clearInterval(sweep);
    clearInterval(expiry);
    clearInterval(countsTimer);
    wss.close();
    const closed = new Promise((resolve) => server.close(resolve));
    // Closing the clients through the broker ends their sessions properly (wills, stored
    // subscriptions); with Redis gone that never finishes, so it gets a few seconds, then all is cut.
    await Promise.race([/** @type {Promise<void>} */ (new Promise((resolve) => broker.close(resolve))), sleep(3000, null, { ref: false })]);
    if (opts.persistence) await Promise.race([opts.persistence.destroy().catch(() => {}), sleep(1000, null, { ref: false })]);
    await Promise.race([ids.close(), sleep(1000, null, { ref: false })]);
    for (const c of conns) c.disconnect();
    for (const ws of wss.clients) ws.terminate();
    server.closeAllConnections();
    await closed;
  }
  /** @type {Promise<void> | undefined} */
  let closing;
  return { url, close: () => (closing ??= shutdown()) };
}

/**
 * A whole number from `min` up, from option `name`'s text (the load test's options too, load.mjs).
 * @param {string} name
 * @param {string} text
 * @param {number} min
 * @returns {number}
 */
export function wholeNumber(name, text, min) {
  if (!/^\d+$/.test(text) || Number(text) < min) throw new Error(`--${name} must be a whole number from ${min}, not '${text}'`);
  return Number(text);
}

async function main() {
  /** @type {RelayOptions} */
  let options;
  let help;
  try {
    const d = DEFAULT_LIMITS;
    const { values } = parseArgs({
      options: {
        host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '9001' }, redis: { type: 'string' }, id: { type: 'string' },
        'connect-timeout': { type: 'string', default: String(d.connectTimeout / 1000) }, 'max-keepalive': { type: 'string', default: String(d.maxKeepalive) },
        'max-game': { type: 'string', default: String(d.maxGame) },
        'max-presence': { type: 'string', default: String(d.maxPresence) }, 'max-chat': { type: 'string', default: String(d.maxChat) }, 'max-connections': { type: 'string', default: String(d.maxConnections) },
        'max-per-address': { type: 'string', default: String(d.maxPerAddress) }, rate: { type: 'string', default: String(d.rate) },
        'trust-proxy': { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' },
        'max-lobby': { type: 'string', default: String(d.maxLobby) }, 'lobby-rate': { type: 'string', default: String(d.lobbyRate) },
        'lobby-expiry': { type: 'string', default: String(d.lobbyExpiry) },
        'max-challenges': { type: 'string', default: String(d.maxChallenges) }, 'max-accepting': { type: 'string', default: String(d.maxAccepting) },
        'max-subscribe': { type: 'string', default: String(d.maxSubscribe) }, 'max-subscriptions': { type: 'string', default: String(d.maxSubscriptions) },
        'game-expiry': { type: 'string', default: String(d.gameExpiry) },
      },
    });
    help = values.help;
    if (!/^\d+$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be 0 to 65535, not '${values.port}'`);
    if (values.redis !== undefined && !/^rediss?:\/\/./.test(values.redis)) throw new Error(`--redis must be a redis:// or rediss:// URL, not '${values.redis}'`);
    const timeout = values['connect-timeout'];
    if (!/^\d+(\.\d+)?$/.test(timeout) || !(Number(timeout) > 0)) throw new Error(`--connect-timeout must be a number of seconds above 0, not '${timeout}'`);
    options = {
      host: values.host, port: Number(values.port), redis: values.redis, id: values.id,
      limits: {
        connectTimeout: Number(timeout) * 1000,
        // Aedes reads 0 as no limit; MQTT's keep-alive is at most 65535 seconds.
        maxKeepalive: Math.min(wholeNumber('max-keepalive', values['max-keepalive'], 1), 65535),
        maxGame: wholeNumber('max-game', values['max-game'], 1),
        maxPresence: wholeNumber('max-presence', values['max-presence'], 1),
        maxChat: wholeNumber('max-chat', values['max-chat'], 1),
        maxConnections: wholeNumber('max-connections', values['max-connections'], 1), maxPerAddress: wholeNumber('max-per-address', values['max-per-address'], 1),
        rate: wholeNumber('rate', values.rate, 1), trustProxy: values['trust-proxy'],
        maxLobby: wholeNumber('max-lobby', values['max-lobby'], 1), lobbyRate: wholeNumber('lobby-rate', values['lobby-rate'], 1),
        lobbyExpiry: wholeNumber('lobby-expiry', values['lobby-expiry'], 1),
        maxChallenges: wholeNumber('max-challenges', values['max-challenges'], 1), maxAccepting: wholeNumber('max-accepting', values['max-accepting'], 1),
        maxSubscribe: wholeNumber('max-subscribe', values['max-subscribe'], 1), maxSubscriptions: wholeNumber('max-subscriptions', values['max-subscriptions'], 1),
        gameExpiry: wholeNumber('game-expiry', values['game-expiry'], 1),
      },
    };
  } catch (err) {
    console.error(`relay: ${/** @type {Error} */ (err).message} (--help for usage)`);
    process.exit(1);
  }
  if (help) {
    console.log(`${USAGE}\nAn MQTT broker over WebSocket for live games and their lobby, and nothing else; with --redis, processes sharing that Redis serve one pool of games.\nSee docs/RELAY.md.`);
    return;
  }
  let relay;
  try {
    relay = await startRelay(options);
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
