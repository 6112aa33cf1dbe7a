// What each address holds in the lobby of open games (relay.mjs), across every relay process on
// one Redis: its standing challenges (at most --max-challenges) and its pending acceptances (at
// most --max-accepting), so that one address, whatever client ids and connections it uses,
// cannot fill the lobby nor accept every challenge at once (docs/LIVE-PROTOCOL.md, "The lobby").
// A hold is a poster's id (the challenge's, or the one accepted) with a deadline: it goes when
// that poster's challenge goes (withdrawn, taken, its will, cleared at its expiry: `clear`), or
// at its deadline (a challenge's expiry, an acceptor's wait), whichever comes first. A poster's
// challenge counts where it was last posted from. An acceptance of a poster with no challenge
// standing holds nothing (no one reads it), so what is kept is bounded by the challenges. In memory the holds live in this process; with
// Redis each address has a sorted set per kind, `bluegray:relay:lobby:<kind>:<address>` (poster
// → deadline), and each poster a set of the sorted sets that hold it, so that clearing it
// reaches them all; every key expires with its last deadline.

/** @import { Redis } from 'ioredis' */

/** The kinds of holds: standing challenges, pending acceptances. @typedef {'post'|'accept'} Kind */

const PREFIX = 'bluegray:relay:lobby';
const holdsKey = (/** @type {Kind} */ kind, /** @type {string} */ address) => `${PREFIX}:${kind}:${address}`;
const posterKey = (/** @type {string} */ poster) => `${PREFIX}:poster:${poster}`;

// KEYS: the address's holds of the kind, the poster's index. ARGV: now, the deadline, the cap,
// the poster, the kind, the prefix of challenges' holds, ms to keep the keys. Drops what is past
// its deadline; an acceptance of no standing challenge passes unheld (2); else holds the poster
// when it is held already or there is room (1), a challenge moving from where it stood before.
const HOLD = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local posted = nil
for _, other in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local at = string.find(other, ARGV[6], 1, true) == 1 and redis.call('ZSCORE', other, ARGV[4])
  if at and tonumber(at) > tonumber(ARGV[1]) then posted = other end
end
if ARGV[5] == 'accept' and not posted then return 2 end
if not redis.call('ZSCORE', KEYS[1], ARGV[4]) then
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
  if ARGV[5] == 'post' and posted then
    redis.call('ZREM', posted, ARGV[4])
    redis.call('SREM', KEYS[2], posted)
  end
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2])
redis.call('SADD', KEYS[2], KEYS[1])
redis.call('PEXPIRE', KEYS[2], ARGV[7])
return 1`;
// KEYS: the poster's index. ARGV: the poster. Its holds everywhere go.
const CLEAR = `for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do redis.call('ZREM', key, ARGV[1]) end
redis.call('DEL', KEYS[1])
return 1`;

/**
 * The holds of the lobby.
 * @typedef {object} LobbyHolds
 * @property {(kind: Kind, address: string, poster: string, until: number, cap: number) => Promise<boolean>} hold
 *   `address` holds `poster` (a challenge of its own, or one it accepts while it stands) until
 *   `until` (ms since 1970): false, and nothing held, when it holds `cap` others of that kind
 * @property {(poster: string) => void} clear `poster`'s challenge is gone: every hold of it goes
 */

/**
 * Holds kept in this process, or in the Redis that `redis` reaches (`keepMs`: the longest a
 * hold lasts, so a poster's index outlives its holds).
 * @param {{ redis?: Redis, keepMs: number }} options
 * @returns {LobbyHolds}
 */
export function lobbyHolds({ redis, keepMs }) {
  if (redis) {
    const conn = redis;
    return {
      hold: async (kind, address, poster, until, cap) =>
        (await conn.eval(HOLD, 2, holdsKey(kind, address), posterKey(poster), Date.now(), until, cap, poster, kind, `${PREFIX}:post:`, keepMs)) !== 0,
      // A Redis away now leaves the holds to their deadlines.
      clear: (poster) => void conn.eval(CLEAR, 1, posterKey(poster), poster).catch(() => {}),
    };
  }
  /** kind:address → poster → deadline. @type {Map<string, Map<string, number>>} */
  const byAddress = new Map();
  /** poster → the kind:address keys that hold it. @type {Map<string, Set<string>>} */
  const byPoster = new Map();
  return {
    hold: async (kind, address, poster, until, cap) => {
      const key = holdsKey(kind, address);
      const now = Date.now();
      const held = byAddress.get(key) ?? new Map();
      for (const [p, at] of held) if (at <= now) held.delete(p);
      const index = byPoster.get(poster) ?? new Set();
      const posted = [...index].find((other) => other.startsWith(`${PREFIX}:post:`) && (byAddress.get(other)?.get(poster) ?? 0) > now);
      if (kind === 'accept' && !posted) return true;
      if (!held.has(poster)) {
        if (held.size >= cap) return false;
        if (posted) {
          byAddress.get(posted)?.delete(poster);
          index.delete(posted);
        }
      }
      held.set(poster, until);
      byAddress.set(key, held);
      index.add(key);
      byPoster.set(poster, index);
      return true;
    },
    clear: (poster) => {
      for (const key of byPoster.get(poster) ?? []) {
        const held = byAddress.get(key);
        held?.delete(poster);
        if (held && !held.size) byAddress.delete(key);
      }
      byPoster.delete(poster);
    },
  };
}
