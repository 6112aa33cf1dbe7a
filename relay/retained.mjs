// What the relay keeps (relay.mjs): the retained messages of games and of the lobby, only in the
// live protocol's shape and only for a stated time, so that no one can use the relay, or its
// Redis, as a store of their own. A retained message on a game's `game` must read as a snapshot
// (www/live/live-check.js parseSnapshot: `v: 2`, keys, moves and signatures as text) of the
// topic's own game, one on `presence/<seat>` as a presence (live-presence.js parsePresence), one
// on `chat/<seat>` as a seat's chat lines (live-chat.js parseChat);
// what does not is passed on to those connected but not kept (the page drops it). Each kept
// topic has a deadline, pushed back by every new retained message on it; past it the relay
// clears the topic (an empty retained message), for everyone, once. The deadlines live in this
// process, or with Redis in one sorted set that every relay process on it sweeps, so they hold
// across processes and restarts.
import { parseSnapshot } from '../www/live/live-check.js';
import { parsePresence } from '../www/live/live-presence.js';
import { parseChat } from '../www/live/live-chat.js';

/** @import { Redis } from 'ioredis' */

/** The sorted set of deadlines in Redis: topic → ms since 1970. */
const DEADLINES = 'bluegray:relay:retained-deadlines';
/** The most topics one sweep clears (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

// Takes the topics past their deadline out of the set and answers them, in one step, so that of
// several relay processes sweeping at once each topic is cleared by one.
const TAKE_DUE = `local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
if #due > 0 then redis.call('ZREM', KEYS[1], unpack(due)) end
return due`;

/**
 * Whether a retained message on a game's topic is in the protocol's shape: `kind` is the topic's
 * last part(s) (`game`, `presence/blue`…; anything else is not checked here), `gameId` its game.
 * An empty message (which keeps nothing: it clears the topic) always is.
 * @param {string} kind
 * @param {string} gameId
 * @param {string | Buffer} payload
 * @returns {boolean}
 */
export function inShape(kind, gameId, payload) {
  if (!payload.length) return true;
  const text = payload.toString();
  if (kind === 'game') return parseSnapshot(text)?.id === gameId;
  if (kind.startsWith('presence/')) return parsePresence(text) !== null;
  if (kind.startsWith('chat/')) return parseChat(text) !== null;
  return true;
}

/**
 * The deadlines of the retained topics.
 * @typedef {object} Deadlines
 * @property {(topic: string, at: number) => void} set `topic`'s deadline is now `at` (ms since 1970)
 * @property {(topic: string) => void} drop `topic` keeps nothing any more
 * @property {(now: number) => Promise<string[]>} takeDue the topics past their deadline, taken out (each answered once)
 */

/**
 * Deadlines kept in this process, or in the Redis that `redis` reaches.
 * @param {{ redis?: Redis }} [options]
 * @returns {Deadlines}
 */
export function deadlines({ redis } = {}) {
  if (redis) {
    const conn = redis;
    // A Redis away now loses a deadline's update: the topic then goes at its earlier deadline,
    // or stays until its next message (the connections report the outage).
    return {
      set: (topic, at) => void conn.zadd(DEADLINES, at, topic).catch(() => {}),
      drop: (topic) => void conn.zrem(DEADLINES, topic).catch(() => {}),
      takeDue: async (now) => /** @type {string[]} */ (await conn.eval(TAKE_DUE, 1, DEADLINES, now, SWEEP_BATCH)),
    };
  }
  /** @type {Map<string, number>} */
  const byTopic = new Map();
  return {
    set: (topic, at) => void byTopic.set(topic, at),
    drop: (topic) => void byTopic.delete(topic),
    takeDue: async (now) => {
      /** @type {string[]} */
      const due = [];
      for (const [topic, at] of byTopic) {
        if (at > now) continue;
        byTopic.delete(topic);
        due.push(topic);
        if (due.length >= SWEEP_BATCH) break;
      }
      return due;
    },
  };
}
