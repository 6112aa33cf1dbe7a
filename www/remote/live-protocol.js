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

/** The prefix of every topic. */
export const ROOT = 'bluegray/v1';

/** The most moves and the longest move text a snapshot may carry (far above any real game). */
export const MAX_MOVES = 3000;
const MAX_MOVE_TEXT = 200;

/** The topics of game `id`. */
export function topics(id) {
  const base = `${ROOT}/${id}`;
  return { game: `${base}/game`, join: `${base}/join`, presence: (seat) => `${base}/presence/${seat}`, presenceAll: `${base}/presence/+` };
}

/**
 * The `replay` that checkSnapshot wants, over the rules core's `Game` class: the side that made
 * each of `moves` from the start of `variant`; throws at a move the rules core refuses.
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

/** What the host signs to bind the game's rules to its key. */
export function gameText(id, variant, host) {
  return `${ROOT} ${id} game ${host} ${variant}`;
}

/** What the host signs to give `seat` to `key`. */
export function sealText(id, seat, key) {
  return `${ROOT} ${id} seat ${seat} ${key}`;
}

/** What the mover signs for move `i` (from 0) of `moves`. */
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

function toBase64Url(bytes) {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** Whether `text` looks like a public key of ours (a P-256 point, 65 bytes, base64url). */
export function isKeyText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{87}$/.test(text);
}

function isSigText(text) {
  return typeof text === 'string' && /^[A-Za-z0-9_-]{86}$/.test(text);
}

/** A new key pair of a seat: `{key (public, base64url), privateJwk}`. */
export async function newIdentity() {
  const pair = await subtle().generateKey(ALGORITHM, true, ['sign', 'verify']);
  const key = toBase64Url(await subtle().exportKey('raw', pair.publicKey));
  return { key, privateJwk: await subtle().exportKey('jwk', pair.privateKey) };
}

/** A signer for a kept identity: `sign(text)` resolves to the signature (base64url). */
export async function signer(privateJwk) {
  const k = await subtle().importKey('jwk', privateJwk, ALGORITHM, false, ['sign']);
  return async (text) => toBase64Url(await subtle().sign(SIGNING, k, encoder.encode(text)));
}

const publicKeys = new Map();

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

/** The first snapshot of a game the host starts, signed with `sign`. */
export async function firstSnapshot({ id, variant, host, key, sign }) {
  return { v: 1, id, variant, host, keys: { [host]: key }, hostSig: await sign(gameText(id, variant, host)), seal: null, moves: [], sigs: [] };
}

/** The snapshot with the other seat given to `key` (signed by the host with `sign`). */
export async function sealed(snap, key, sign) {
  const guest = otherSide(snap.host);
  return { ...snap, keys: { ...snap.keys, [guest]: key }, seal: await sign(sealText(snap.id, guest, key)) };
}

/** The snapshot after this device's move: `moves` is the whole game, its last move the new one. */
export async function withMove(snap, moves, sign) {
  const i = moves.length - 1;
  return { ...snap, moves: [...moves], sigs: [...snap.sigs.slice(0, i), await sign(moveText(snap.id, snap.variant, moves, i))] };
}

/** Reads a message's text as a snapshot's shape, or null: nothing here trusts it yet. */
export function parseSnapshot(text) {
  let s;
  try {
    s = JSON.parse(text);
  } catch {
    return null;
  }
  if (!s || typeof s !== 'object' || s.v !== 1) return null;
  if (typeof s.id !== 'string' || typeof s.variant !== 'string' || s.variant.length > 500) return null;
  if (s.host !== 'blue' && s.host !== 'gray') return null;
  if (!s.keys || typeof s.keys !== 'object' || !isKeyText(s.keys[s.host])) return null;
  const guestKey = s.keys[otherSide(s.host)];
  if (guestKey !== undefined && !isKeyText(guestKey)) return null;
  if (!Array.isArray(s.moves) || !Array.isArray(s.sigs) || s.moves.length !== s.sigs.length || s.moves.length > MAX_MOVES) return null;
  if (!s.moves.every((m) => typeof m === 'string' && m.length > 0 && m.length <= MAX_MOVE_TEXT)) return null;
  const keys = { [s.host]: s.keys[s.host] };
  if (guestKey) keys[otherSide(s.host)] = guestKey;
  return { v: 1, id: s.id, variant: s.variant, host: s.host, keys, hostSig: s.hostSig, seal: guestKey ? s.seal : null, moves: s.moves, sigs: s.sigs };
}

/**
 * Checks a snapshot against what this device knows of game `id`: the host's seat and key (from
 * the invite link or kept), and `known`, a snapshot already checked (its moves need no second
 * check when the new one repeats them). `replay(variant, moves)` gives the side that made each
 * move, from the rules core, and throws at a move it refuses. Resolves to null when the
 * snapshot holds, else to why not (a short English phrase, for the console of a developer).
 */
export async function checkSnapshot(snap, { id, host, hostKey, known, replay }) {
  if (!snap) return 'not a snapshot';
  if (snap.id !== id) return 'another game';
  if (snap.host !== host || snap.keys[host] !== hostKey) return 'not the host of this game';
  const guest = otherSide(host);
  const same = (a, b) => a && b && a.variant === b.variant && a.keys[guest] === b.keys[guest] && a.hostSig === b.hostSig;
  const trusted = known && same(known, snap) ? commonPrefix(known, snap) : 0;
  if (!(known && same(known, snap))) {
    if (!(await verify(hostKey, snap.hostSig, gameText(id, snap.variant, host)))) return 'the rules are not signed by the host';
    if (snap.keys[guest] && !(await verify(hostKey, snap.seal, sealText(id, guest, snap.keys[guest])))) return 'the second seat is not sealed by the host';
  }
  let movers;
  try {
    movers = replay(snap.variant, snap.moves);
  } catch (e) {
    return `an illegal move: ${String((e && e.message) || e)}`;
  }
  for (let i = trusted; i < snap.moves.length; i++) {
    const key = snap.keys[movers[i]];
    if (!key || !(await verify(key, snap.sigs[i], moveText(id, snap.variant, snap.moves, i)))) return `move ${i + 1} is not signed by ${movers[i]}`;
  }
  return null;
}

/** How many first moves two snapshots share, signatures included. */
function commonPrefix(a, b) {
  let i = 0;
  while (i < a.moves.length && i < b.moves.length && a.moves[i] === b.moves[i] && a.sigs[i] === b.sigs[i]) i++;
  return i;
}

/**
 * How a checked snapshot `snap` stands to the one this device has (`mine`, checked, or null):
 * 'newer' (it goes on from mine), 'same', 'older' (mine goes on from it), or 'different' (they
 * part at some move).
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
