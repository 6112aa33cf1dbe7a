// How many players are online on the relay and how many games are being played, counted from
// what it carries (docs/LIVE-PROTOCOL.md, "The lobby"), for the lobby's sheet: a connection is a
// player when it holds a seat (its last presence on a game's `presence/<seat>` said `online`) or
// is in the lobby (a client id of 32 hex digits subscribed to the lobby's topics); a game is being
// played while a connection holds one of its seats. A connection holds one seat at most (its
// last said), and only while it stays connected, so a client that says `online` for games it
// is not in adds one player at most, as any visitor does. Two connections holding the same seat
// (a seat moving to another device) are one player. In memory the counts are this process's;
// with Redis each process keeps what its own connections hold under
// `bluegray:relay:counts:<process>` (refreshed every `everyMs`, expiring after three of them,
// so a process that stopped drops out), and the totals are over every process's.

/** @import { Redis } from 'ioredis' */

const PREFIX = 'bluegray:relay:counts';
/** The set of the processes that keep counts. */
const PROCESSES = `${PREFIX}:processes`;

/**
 * What a process's connections hold: the seats (`<game id>/<seat>`) and the lobby's connections.
 * @typedef {{ seats: string[], lobby: number }} Held
 */
/**
 * The relay's counts: `players` online (seats held, each once, and connections in the lobby),
 * `games` with a seat held.
 * @typedef {{ players: number, games: number }} Totals
 */

/**
 * The totals over what each process holds.
 * @param {Held[]} held
 * @returns {Totals}
 */
export function totals(held) {
  const seats = new Set(held.flatMap((h) => h.seats));
  const games = new Set([...seats].map((s) => s.slice(0, s.indexOf('/'))));
  return { players: seats.size + held.reduce((n, h) => n + h.lobby, 0), games: games.size };
}

/**
 * The counts of one relay process: `seat(client, key)` (a client holds the seat `key`, or none
 * with null), `lobby(client, inLobby)`, `gone(client)` (its connection ended), and `totals()`
 * over every process (`refresh()` first writes this process's to Redis).
 * @param {{ redis?: Redis, process: string, everyMs: number }} options
 */
export function relayCounts({ redis, process, everyMs }) {
  /** What each of this process's clients holds, by client id. @type {Map<string, {seat: string|null, lobby: boolean}>} */
  const clients = new Map();
  /** @returns {Held} */
  const mine = () => {
    const seats = new Set();
    let lobby = 0;
    for (const c of clients.values()) {
      if (c.seat) seats.add(c.seat);
      if (c.lobby) lobby++;
    }
    return { seats: [...seats], lobby };
  };
  /** @param {string} id */
  const entry = (id) => {
    let c = clients.get(id);
    if (!c) clients.set(id, (c = { seat: null, lobby: false }));
    return c;
  };
  const key = `${PREFIX}:${process}`;
  return {
    /** @param {string} id @param {string|null} seat */
    seat(id, seat) {
      // A will's offline comes as its connection ends, perhaps after `gone`.
      if (seat || clients.has(id)) entry(id).seat = seat;
    },
    /** @param {string} id @param {boolean} inLobby */
    lobby(id, inLobby) {
      entry(id).lobby = inLobby;
    },
    /** @param {string} id */
    gone(id) {
      clients.delete(id);
    },
    /** Writes this process's holdings where the other processes read them (Redis only). */
    async refresh() {
      if (!redis) return;
      await redis.multi().set(key, JSON.stringify(mine()), 'PX', 3 * everyMs).sadd(PROCESSES, process).exec();
    },
    /** @returns {Promise<Totals>} */
    async totals() {
      if (!redis) return totals([mine()]);
      const names = await redis.smembers(PROCESSES);
      const values = names.length ? await redis.mget(...names.map((n) => `${PREFIX}:${n}`)) : [];
      /** @type {Held[]} */
      const held = [mine()];
      names.forEach((name, i) => {
        const value = values[i];
        if (value === null) void redis.srem(PROCESSES, name).catch(() => {});
        else if (name !== process) held.push(JSON.parse(value));
      });
      return totals(held);
    },
  };
}
