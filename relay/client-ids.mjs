// Which connection holds a client id, across every relay process on one Redis (relay.mjs): an id
// is claimed by the connection that asks for it first and released when that connection closes,
// so no one can knock a player off by borrowing its id, from any address or any process. In
// memory the claims live in this process; with Redis each is a key `bluegray:relay:client:<id>`
// set only when absent (SET NX) and holding the claiming connection's random token, whose TTL the
// claiming process refreshes while the connection stands: a process that dies without a word
// frees its ids within CLAIM_TTL_MS.
import { randomUUID } from 'node:crypto';

/** @import { Redis } from 'ioredis' */

/** How long a claim outlives its process's last refresh (ms); refreshed every third of it. */
export const CLAIM_TTL_MS = 30000;

/** The Redis key of client id `id`'s claim. */
const keyOf = (/** @type {string} */ id) => `bluegray:relay:client:${id}`;

// Only the claim's own token may refresh or release it: a key that expired and was claimed by
// another connection since stays theirs.
const REFRESH = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0";
const RELEASE = "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0";

/**
 * The claims on client ids.
 * @typedef {object} ClientIds
 * @property {(id: string) => Promise<string | null>} claim the claim's token, or null when another connection holds `id`
 * @property {(id: string, token: string) => void} release gives `id` up, if `token` still holds it
 * @property {() => Promise<void>} close releases this process's claims and stops refreshing them
 */

/**
 * Claims kept in this process, or in the Redis that `redis` reaches.
 * @param {{ redis?: Redis }} [options]
 * @returns {ClientIds}
 */
export function clientIds({ redis } = {}) {
  /** This process's claims: id → token. @type {Map<string, string>} */
  const held = new Map();
  if (!redis) {
    return {
      claim: async (id) => {
        if (held.has(id)) return null;
        const token = randomUUID();
        held.set(id, token);
        return token;
      },
      release: (id, token) => {
        if (held.get(id) === token) held.delete(id);
      },
      close: async () => held.clear(),
    };
  }
  const conn = redis;
  const refresh = setInterval(() => {
    if (!held.size) return;
    const batch = conn.pipeline();
    for (const [id, token] of held) batch.eval(REFRESH, 1, keyOf(id), token, CLAIM_TTL_MS);
    // A Redis away now is retried at the next refresh, well within the TTL.
    batch.exec().catch(() => {});
  }, CLAIM_TTL_MS / 3);
  refresh.unref();
  return {
    claim: async (id) => {
      const token = randomUUID();
      const ok = await conn.set(keyOf(id), token, 'PX', CLAIM_TTL_MS, 'NX');
      if (ok !== 'OK') return null;
      held.set(id, token);
      return token;
    },
    release: (id, token) => {
      if (held.get(id) !== token) return;
      held.delete(id);
      conn.eval(RELEASE, 1, keyOf(id), token).catch(() => {});
    },
    close: async () => {
      clearInterval(refresh);
      const batch = conn.pipeline();
      for (const [id, token] of held) batch.eval(RELEASE, 1, keyOf(id), token);
      held.clear();
      await batch.exec().catch(() => {});
    },
  };
}
