// What two devices say to each other about a live game through the relay, and how a device
// checks what it hears. Pure but for Web Crypto: no DOM, no relay, and the rules core only as
// the caller hands it in (`replayWith(Game)`: who made each move, throwing at an illegal one).
//
// Topics, under one prefix per game (the relay keeps the last message of each, "retained"):
//   bluegray/v1/<id>/game            the game as it stands: a signed snapshot (below)
//   bluegray/v1/<id>/join            the second seat's request: {seat, key}
//   bluegray/v1/<id>/presence/<seat> 'online' or 'offline' (the relay says 'offline' for a
//                                    player whose connection drops: MQTT's last will)
//
// A snapshot carries the whole game, so one message brings a device that was away up to date:
//   {v: 1, id, variant, host, keys: {blue, gray}, hostSig, seal, moves: [text], sigs: [sig]}
// `host` is the seat that started the game and `keys[host]` its public key, which the invite
// link carries, so no one else can pose as it. `hostSig` binds the game's rules to that key. The
// other seat's key is bound by `seal`, the host's signature over it, given to the first device
// that asks for the seat (a `join`); later askers watch. Each move is signed by the seat that
// made it over the game's id, rules and every move up to it, so a move is accepted only from
// that seat's key and only after the moves it follows.

import { otherSide } from '../lib/settings.js';
/** @import { GameClass, PerSide, Side } from '../engine/core-types.js' */
/** @import { Presence } from '../api-types.js' */

/**
 * A snapshot (above): the keys and signatures are base64url text, the seal null until the guest
 * is seated.
 * @typedef {{v: 1, id: string, variant: string, host: Side, keys: Partial<PerSide<string>>, hostSig: string, seal: string|null, moves: string[], sigs: string[]}} Snapshot
 */

/**
 * The second seat's request (the `join` topic): the seat and the asker's public key.
 * @typedef {{seat: Side, key: string}} JoinRequest
 */

/**
 * A seat's key pair: the public key as base64url text and the private key as a JWK (kept).
 * @typedef {{key: string, privateJwk: JsonWebKey}} Identity
 */

/**
 * Signs `text` with a seat's private key: resolves to the signature (base64url).
 * @typedef {(text: string) => Promise<string>} Sign
 */

/**
 * The side that made each of `moves` from the start of `variant` (replayWith); throws at a move
 * the rules core refuses.
 * @typedef {(variant: string, moves: string[]) => Side[]} Replay
 */

/** The prefix of every topic. */
export const ROOT = 'bluegray/v1';

/** The most moves and the longest move text a snapshot may carry (far above any real game). */
export const MAX_MOVES = 3000;
const MAX_MOVE_TEXT = 200;

/**
 * The topics of game `id`.
 * @param {string} id
 * @returns {{game: string, join: string, presence: (seat: Side) => string, presenceAll: string}}
 */
export function topics(id) {
  const base = `${ROOT}/${id}`;
  return { game: `${base}/game`, join: `${base}/join`, presence: (seat) => `${base}/presence/${seat}`, presenceAll: `${base}/presence/+` };
}

/**
 * The `replay` that checkSnapshot wants, over the rules core's `Game` class: the side that made
 * each of `moves` from the start of `variant`; throws at a move the rules core refuses.
 * @param {GameClass} Game
 * @returns {Replay}
 */
export function replayWith(Game) {
  return (variant, moves) => {
    const g = new Game(variant);
    try {
      return moves.map((m) => {
        const side = g.state().side;
        g.play(m);
        return side;
      });
    } finally {
      g.free();
    }
  };
}

/**
 * What the host signs to bind the game's rules to its key.
 * @param {string} id
 * @param {string} variant
 * @param {Side} host
 * @returns {string}
 */
export function gameText(id, variant, host) {
  return `${ROOT} ${id} game ${host} ${variant}`;
}

/**
 * What the host signs to give `seat` to `key`.
 * @param {string} id
 * @param {Side} seat
 * @param {string} key
 * @returns {string}
 */
export function sealText(id, seat, key) {
  return `${ROOT} ${id} seat ${seat} ${key}`;
}

/**
 * What the mover signs for move `i` (from 0) of `moves`.
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {number} i
 * @returns {string}
 */
export function moveText(id, variant, moves, i) {
  return `${ROOT} ${id} move ${variant} ${i} ${moves.slice(0, i + 1).join(' ')}`;
}

// ------------------------------------------------------------------ keys and signatures

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' };
const encoder = new TextEncoder();

function subtle() {
  const s = globalThis.crypto && globalThis.crypto.subtle;
  // Web Crypto is there only on secure pages (https, or this machine's own address).
  if (!s) throw new Error('Web Crypto is not available (the page must be served over https or from localhost)');
  return s;
}

/**
 * @param {ArrayBuffer} bytes
 * @returns {string}
 */
function toBase64Url(bytes) {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/**
 * Whether `text` looks like a public key of ours (a P-256 point, 65 bytes, base64url).
 * @param {unknown} text
 * @returns {text is string}
 */
export function isKeyText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{87}$/.test(text);
}

/**
 * Whether `text` looks like a signature of ours (P-256 ECDSA, 64 bytes, base64url).
 * @param {unknown} text
 * @returns {text is string}
 */
function isSigText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{86}$/.test(text);
}

/**
 * A new key pair of a seat: `{key (public, base64url), privateJwk}`.
 * @returns {Promise<Identity>}
 */
export async function newIdentity() {
  const pair = await subtle().generateKey(ALGORITHM, true, ['sign', 'verify']);
  const key = toBase64Url(await subtle().exportKey('raw', pair.publicKey));
  return { key, privateJwk: await subtle().exportKey('jwk', pair.privateKey) };
}

/**
 * A signer for a kept identity: `sign(text)` resolves to the signature (base64url).
 * @param {JsonWebKey} privateJwk
 * @returns {Promise<Sign>}
 */
export async function signer(privateJwk) {
  const k = await subtle().importKey('jwk', privateJwk, ALGORITHM, false, ['sign']);
  return async (text) => toBase64Url(await subtle().sign(SIGNING, k, encoder.encode(text)));
}

/** @type {Map<string, CryptoKey>} */
const publicKeys = new Map();

/**
 * Whether `sig` is the signature of `text` by the key `keyText` (false for anything that is not
 * a key and a signature of ours).
 * @param {unknown} keyText
 * @param {unknown} sig
 * @param {string} text
 * @returns {Promise<boolean>}
 */
async function verify(keyText, sig, text) {
  if (!isKeyText(keyText) || !isSigText(sig)) return false;
  let k = publicKeys.get(keyText);
  if (!k) {
    try {
      k = await subtle().importKey('raw', fromBase64Url(keyText), ALGORITHM, false, ['verify']);
    } catch {
      return false;
    }
    publicKeys.set(keyText, k);
  }
  return subtle().verify(SIGNING, k, fromBase64Url(sig), encoder.encode(text));
}

// ------------------------------------------------------------------ snapshots

/**
 * The first snapshot of a game the host starts, signed with `sign`.
 * @param {{id: string, variant: string, host: Side, key: string, sign: Sign}} game
 * @returns {Promise<Snapshot>}
 */
export async function firstSnapshot({ id, variant, host, key, sign }) {
  return { v: 1, id, variant, host, keys: { [host]: key }, hostSig: await sign(gameText(id, variant, host)), seal: null, moves: [], sigs: [] };
}

/**
 * The snapshot with the other seat given to `key` (signed by the host with `sign`).
 * @param {Snapshot} snap
 * @param {string} key
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function sealed(snap, key, sign) {
  const guest = otherSide(snap.host);
  return { ...snap, keys: { ...snap.keys, [guest]: key }, seal: await sign(sealText(snap.id, guest, key)) };
}

/**
 * The snapshot after this device's move: `moves` is the whole game, its last move the new one.
 * @param {Snapshot} snap
 * @param {string[]} moves
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function withMove(snap, moves, sign) {
  const i = moves.length - 1;
  return { ...snap, moves: [...moves], sigs: [...snap.sigs.slice(0, i), await sign(moveText(snap.id, snap.variant, moves, i))] };
}

/**
 * Whether `x` is an object (what JSON reads as one, or an array).
 * @param {unknown} x
 * @returns {x is Record<string, unknown>}
 */
function isObject(x) {
  return !!x && typeof x === 'object';
}

/**
 * Whether `x` is a list of text.
 * @param {unknown} x
 * @returns {x is string[]}
 */
function isTextList(x) {
  return Array.isArray(x) && x.every((item) => typeof item === 'string');
}

/**
 * Reads a message's text as a snapshot's shape, or null: nothing here trusts it yet. Its keys
 * and signatures are only text so far; checkSnapshot verifies them.
 * @param {string} text
 * @returns {Snapshot|null}
 */
export function parseSnapshot(text) {
  /** @type {unknown} */
  let s;
  try {
    s = JSON.parse(text);
  } catch {
    return null;
  }
  return snapshotOf(s);
}

/**
 * Reads a value (a message or a kept snapshot, as JSON gives it) as a snapshot's shape, or null.
 * @param {unknown} s
 * @returns {Snapshot|null}
 */
export function snapshotOf(s) {
  if (!isObject(s) || s.v !== 1) return null;
  if (typeof s.id !== 'string' || typeof s.variant !== 'string' || s.variant.length > 500) return null;
  const host = s.host;
  if (host !== 'blue' && host !== 'gray') return null;
  if (!isObject(s.keys) || !isKeyText(s.keys[host])) return null;
  const guestKey = s.keys[otherSide(host)];
  if (guestKey !== undefined && !isKeyText(guestKey)) return null;
  const { moves, sigs } = s;
  if (!isTextList(moves) || !isTextList(sigs) || moves.length !== sigs.length || moves.length > MAX_MOVES) return null;
  if (!moves.every((m) => m.length > 0 && m.length <= MAX_MOVE_TEXT)) return null;
  const seal = guestKey ? s.seal : null;
  if (typeof s.hostSig !== 'string' || (seal !== null && typeof seal !== 'string')) return null;
  /** @type {Partial<PerSide<string>>} */
  const keys = { [host]: s.keys[host] };
  if (guestKey) keys[otherSide(host)] = guestKey;
  return { v: 1, id: s.id, variant: s.variant, host, keys, hostSig: s.hostSig, seal, moves, sigs };
}

/**
 * Reads a message's text as a request for the second seat, or null when it is none.
 * @param {string} text
 * @returns {JoinRequest|null}
 */
export function parseJoin(text) {
  /** @type {unknown} */
  let ask;
  try {
    ask = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(ask)) return null;
  const { seat, key } = ask;
  return (seat === 'blue' || seat === 'gray') && isKeyText(key) ? { seat, key } : null;
}

/**
 * Checks a snapshot against what this device knows of game `id`: the host's seat and key (from
 * the invite link or kept), and `known`, a snapshot already checked (its moves need no second
 * check when the new one repeats them). `replay(variant, moves)` gives the side that made each
 * move, from the rules core, and throws at a move it refuses. Resolves to null when the
 * snapshot holds, else to why not (a short English phrase, for the console of a developer).
 * @param {Snapshot|null} snap
 * @param {{id: string, host: Side, hostKey: string, known: Snapshot|null, replay: Replay}} expected
 * @returns {Promise<string|null>}
 */
export async function checkSnapshot(snap, { id, host, hostKey, known, replay }) {
  if (!snap) return 'not a snapshot';
  if (snap.id !== id) return 'another game';
  if (snap.host !== host || snap.keys[host] !== hostKey) return 'not the host of this game';
  const guest = otherSide(host);
  // The same game as `a` but for its moves: its rules, its guest and the seal, checked in `a`.
  /**
   * @param {Snapshot|null} a
   * @param {Snapshot} b
   */
  const same = (a, b) => a && b && a.variant === b.variant && a.keys[guest] === b.keys[guest] && a.hostSig === b.hostSig && a.seal === b.seal;
  const trusted = known && same(known, snap) ? commonPrefix(known, snap) : 0;
  if (!(known && same(known, snap))) {
    if (!(await verify(hostKey, snap.hostSig, gameText(id, snap.variant, host)))) return 'the rules are not signed by the host';
    if (snap.keys[guest] && !(await verify(hostKey, snap.seal, sealText(id, guest, snap.keys[guest])))) return 'the second seat is not sealed by the host';
  }
  let movers;
  try {
    movers = replay(snap.variant, snap.moves);
  } catch (e) {
    return `an illegal move: ${errorText(e)}`;
  }
  for (let i = trusted; i < snap.moves.length; i++) {
    const key = snap.keys[movers[i]];
    if (!key || !(await verify(key, snap.sigs[i], moveText(id, snap.variant, snap.moves, i)))) return `move ${i + 1} is not signed by ${movers[i]}`;
  }
  return null;
}

/**
 * What went wrong, as a phrase: an error's message, or the thrown value itself.
 * @param {unknown} e
 * @returns {string}
 */
function errorText(e) {
  const message = e && typeof e === 'object' && 'message' in e ? e.message : undefined;
  return String(message || e);
}

/**
 * How many first moves two snapshots share, signatures included.
 * @param {Snapshot} a
 * @param {Snapshot} b
 * @returns {number}
 */
function commonPrefix(a, b) {
  let i = 0;
  while (i < a.moves.length && i < b.moves.length && a.moves[i] === b.moves[i] && a.sigs[i] === b.sigs[i]) i++;
  return i;
}

/**
 * How a checked snapshot `snap` stands to the one this device has (`mine`, checked, or null):
 * 'newer' (it goes on from mine), 'same', 'older' (mine goes on from it), or 'different' (they
 * part at some move).
 * @param {Snapshot} snap
 * @param {Snapshot|null} mine
 * @returns {'newer'|'same'|'older'|'different'}
 */
export function compare(snap, mine) {
  if (!mine) return 'newer';
  const n = Math.min(snap.moves.length, mine.moves.length);
  for (let i = 0; i < n; i++) if (snap.moves[i] !== mine.moves[i]) return 'different';
  if (snap.moves.length > mine.moves.length) return 'newer';
  if (snap.moves.length < mine.moves.length) return 'older';
  // The same moves: the one that names the second seat is the newer.
  if (!!snap.keys[otherSide(snap.host)] !== !!mine.keys[otherSide(mine.host)]) return snap.keys[otherSide(snap.host)] ? 'newer' : 'older';
  return 'same';
}
