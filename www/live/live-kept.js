// What a device keeps of a live game between visits, and how a live session makes it (a new
// game's, an invitation's, a watcher's) (Web Storage, under
// `bluegray.live.v1.<id>`): the game's id, the host's key and seat, this device's seat, the seat's
// key pair when it holds one (a watcher holds none), the invitation's secret on the host's
// device, this device's name and when it took the seat (live-presence.js), the last checked
// snapshot, and when each of its turns began by this device's clock (lib/clock.js turnStarts:
// its own receipt of each move, so that a reload measures from it, not from a mover's stamp), and
// the rules a rematch was agreed on until its first snapshot comes. An
// entry of an earlier page (without this device's name) reads as nothing.
// A link's seat key for a game kept already never replaces the kept key unasked (seatKeyStand).
import { newGameId } from '../lib/game-id.js';
import { otherSide } from '../lib/settings.js';
import { isKeyText, isSecretText, newIdentity, signer, secretOf, identityOf } from './live-keys.js';
import { firstSnapshot } from './live-protocol.js';
import { snapshotOf } from './live-check.js';
/** @import { PerSide, Side } from '../core/core-types.js' */
/** @import { Seat } from '../api-types.js' */
/** @import { Snapshot } from './live-protocol.js' */
/** @import { WebStorage } from '../lib/web-storage.js' */

/**
 * What this device keeps of a live game (above): `host` null until a snapshot has said,
 * `key` and `privateJwk` null for a watcher, `secret` the guest seat's (the host's device only),
 * `starts` when the game and each of its moves' turns began here (none known: empty), `rules`
 * the rules and clock the game was agreed on before its first snapshot (a rematch's acceptor:
 * the finished game's), which that snapshot must have.
 * @typedef {{
 *   id: string,
 *   hostKey: string,
 *   host: Side|null,
 *   seat: Seat,
 *   key: string|null,
 *   privateJwk: JsonWebKey|null,
 *   secret: string|null,
 *   device: string,
 *   since: number,
 *   snap: Snapshot|null,
 *   starts: number[],
 *   rules?: {variant: string, clock: string},
 * }} Kept
 */

/** Where a device keeps what it knows of live game `<id>`. */
export const LIVE_KEY_PREFIX = 'bluegray.live.v1.';

/**
 * A new random name of this device for a game (64 bits, hex).
 * @returns {string}
 */
export function newDevice() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * What this device keeps of live game `id`, or null when it keeps nothing it can read.
 * @param {WebStorage} storage
 * @param {string} id
 * @returns {Kept|null}
 */
export function readKept(storage, id) {
  try {
    const kept = keptOf(JSON.parse(storage.getItem(LIVE_KEY_PREFIX + id) || 'null'));
    return kept && kept.id === id ? kept : null;
  } catch {
    return null;
  }
}

/**
 * The rules a game was agreed on before its first snapshot, as kept (`rules` of Kept), or none.
 * @param {unknown} rules
 * @returns {{rules?: {variant: string, clock: string}}}
 */
function agreedRules(rules) {
  const r = /** @type {Record<string, unknown>|null} */ (rules && typeof rules === 'object' ? rules : null);
  return r && typeof r.variant === 'string' && typeof r.clock === 'string' ? { rules: { variant: r.variant, clock: r.clock } } : {};
}

/**
 * `data` (as storage gave it back) when it is what writeKept writes, else null.
 * @param {unknown} data
 * @returns {Kept|null}
 */
function keptOf(data) {
  if (!data || typeof data !== 'object') return null;
  const { id, hostKey, host, seat, key, privateJwk, secret, device, since, snap, starts, rules } = /** @type {Record<string, unknown>} */ (data);
  /** @param {unknown} x */
  const isSide = (x) => x === 'blue' || x === 'gray';
  if (typeof id !== 'string' || !isKeyText(hostKey) || !(host === null || isSide(host)) || !(seat === 'watch' || isSide(seat))) return null;
  if (typeof device !== 'string' || typeof since !== 'number' || !(secret === null || isSecretText(secret))) return null;
  const holds = isKeyText(key) && !!privateJwk && typeof privateJwk === 'object';
  if (seat !== 'watch' && !holds) return null;
  const checked = snap === null ? null : snapshotOf(snap);
  if (snap !== null && !checked) return null;
  return {
    id,
    hostKey,
    host: /** @type {Side|null} */ (host),
    seat: /** @type {Seat} */ (seat),
    key: holds ? key : null,
    privateJwk: holds ? /** @type {JsonWebKey} */ (privateJwk) : null,
    secret: /** @type {string|null} */ (secret),
    device,
    since,
    snap: checked,
    // An entry of a page that kept no turns, or of other moves, measures again from the stamps.
    starts: checked && Array.isArray(starts) && starts.length === checked.moves.length + 1 && starts.every(Number.isFinite) ? /** @type {number[]} */ (starts) : [],
    ...agreedRules(rules),
  };
}

/**
 * Keeps `data`, and returns whether storage now holds its seat's key (always true for a
 * watcher's). When storage refuses it (full, or turned off), the seat is this visit's only: after
 * a reload only a link with the seat's key (`seat-key`) gives it back, so the caller says so.
 * @param {WebStorage} storage
 * @param {Kept} data
 * @returns {boolean}
 */
export function writeKept(storage, data) {
  try {
    storage.setItem(LIVE_KEY_PREFIX + data.id, JSON.stringify(data));
  } catch {
    // What an earlier write kept may still hold the key (a later move's write was too large).
  }
  if (data.seat === 'watch') return true;
  const kept = readKept(storage, data.id);
  return !!kept && kept.key === data.key;
}

/**
 * Forgets what this device keeps of live game `id` (a rematch offered here that was declined or
 * cancelled: its key would host nothing).
 * @param {WebStorage} storage
 * @param {string} id
 */
export function forgetKept(storage, id) {
  try {
    storage.removeItem(LIVE_KEY_PREFIX + id);
  } catch {
    // Storage refused: the entry stays, harmless (no game of that id will be played).
  }
}

/**
 * An Error that says, by its message key `key`, why a live game cannot start.
 * @param {string} key
 */
export function refusal(key) {
  return Object.assign(new Error(key), { key });
}

/**
 * A new game, this device its host at `seat`: both seats' key pairs, the guest's secret for the
 * invitation, and the first snapshot of `variant` (and its time control `clock`), which binds
 * both keys.
 * @param {{seat: Side, variant: string, clock?: string|null}} o
 * @returns {Promise<Kept>}
 */
export async function hostedGame({ seat, variant, clock = null }) {
  const [host, guest] = await Promise.all([newIdentity(), newIdentity()]);
  const id = newGameId();
  const sign = await signer(host.privateJwk);
  /** @type {PerSide<string>} */
  const keys = seat === 'blue' ? { blue: host.key, gray: guest.key } : { blue: guest.key, gray: host.key };
  const snap = await firstSnapshot({ id, variant, host: seat, keys, sign, clock });
  const secret = await secretOf(guest.privateJwk);
  const since = Date.now();
  return { id, hostKey: host.key, host: seat, seat, ...host, secret, device: newDevice(), since, snap, starts: [since] };
}

/**
 * How a link's seat key (its public part, `key`) stands to what this device keeps of the game
 * (`kept`): `foreign` when the game's signed snapshot is kept and names no such key (refused at
 * once: signed with it, this seat's moves would be refused by the other device); `same` (or the
 * host's own device, which keeps its seat whatever it opens); `other`, another key of the game
 * than the seat's kept one, which replaces it only with the player's say (the page asks); `none`
 * when this device holds no seat of the game (the key is taken, checked once the game comes).
 * @param {Kept|null} kept
 * @param {string} key
 * @returns {'foreign'|'same'|'other'|'none'}
 */
export function seatKeyStand(kept, key) {
  if (kept?.snap && key !== kept.snap.keys.blue && key !== kept.snap.keys.gray) return 'foreign';
  if (!kept || kept.seat === 'watch') return 'none';
  return kept.key === key || kept.seat === kept.host ? 'same' : 'other';
}

/**
 * seatKeyStand for a link's secret `seatKey` of game `id`, as this device's storage keeps it; a
 * secret that holds no key is `none` (opening it says it is damaged).
 * @param {WebStorage} storage
 * @param {string} id
 * @param {string} seatKey
 * @returns {Promise<'foreign'|'same'|'other'|'none'>}
 */
export async function linkSeatKey(storage, id, seatKey) {
  const identity = await identityOf(seatKey).catch(() => null);
  return identity ? seatKeyStand(readKept(storage, id), identity.key) : 'none';
}

/**
 * Game `id` named by a link: what this device keeps of it, or the seat `seat` that the
 * invitation's secret `seatKey` holds (taken on this device now, so that it moves here from any
 * other), or else a watcher's place; `hostKey` is the link's. A secret that replaces another key
 * kept for the game is the caller's word that the player wants it (the page asks first:
 * play/doors.js). Rejects with an Error whose `key` says why not (no host key, a secret that
 * holds no key, or one that is no key of the game as kept: seatKeyStand's `foreign`).
 * @param {string} id
 * @param {{storage: WebStorage, seat: Side, hostKey: string|null, seatKey: string|null}} o
 * @returns {Promise<Kept>}
 */
export async function joinedGame(id, { storage, seat, hostKey: linkKey, seatKey }) {
  const kept = readKept(storage, id);
  const hostKey = kept ? kept.hostKey : linkKey;
  if (!isKeyText(hostKey)) throw refusal('live.noHostKey');
  // The host's own device keeps its seat, whatever it opens.
  if (seatKey && !(kept && kept.seat !== 'watch' && kept.seat === kept.host)) {
    const identity = await identityOf(seatKey).catch(() => {
      throw refusal('live.badSeatKey');
    });
    const stand = seatKeyStand(kept, identity.key);
    if (stand === 'foreign') throw refusal('live.foreignSeatKey');
    if (kept && stand === 'same') return kept;
    return { id, hostKey, host: otherSide(seat), seat, ...identity, secret: null, device: newDevice(), since: Date.now(), snap: kept ? kept.snap : null, starts: kept ? kept.starts : [] };
  }
  return kept || { id, hostKey, host: null, seat: 'watch', key: null, privateJwk: null, secret: null, device: newDevice(), since: 0, snap: null, starts: [] };
}
