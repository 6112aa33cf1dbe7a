// What two devices say to each other about a live game through the relay, and how a device
// checks what it hears. Pure but for Web Crypto (live-keys.js): no DOM, no relay, and the rules
// core only as the caller hands it in (`replayWith(Game)`: who made each move, throwing at an
// illegal one). The design and its threat model: docs/LIVE-PROTOCOL.md.
//
// Topics, under one prefix per game (the relay keeps the last message of each, "retained"):
//   bluegray/v1/<id>/game            the game as it stands: a signed snapshot (below)
//   bluegray/v1/<id>/presence/<seat> the seat's signed presence (live-presence.js)
//
// A snapshot carries the whole game, so one message brings a device that was away up to date:
//   {v: 2, id, variant, host, keys: {blue, gray}, hostSig, moves: [text], sigs: [sig], end?}
// `host` is the seat that started the game. The host's device made both seats' key pairs when it
// started the game, and `hostSig`, its signature over the game's id, rules and both public keys,
// binds them from the first snapshot on: the invitation link carries the guest seat's private key
// (live-keys.js, a "secret"), the watch link only the host's public key, so a seat is held by
// whoever holds its private key and by no one else, and nobody ever asks for a seat. Each move
// is signed by the seat that made it over the game's id, rules and every move up to it, so a
// move is accepted only from that seat's key and only after the moves it follows. A game a
// player ended by their word (docs/RULES.md §5.1) carries `end: {how, side, sig}`: `resign`,
// `abort` or `draw`, the seat that did it, signed by that seat's key over the game's id, rules and
// every move, as a move is; no move follows it, an abort holds only before both sides have moved,
// and a draw only as the answer to the other seat's offer. A game claimed because the other seat
// left (`claim`, the win, or `claim-draw`; lib/claims.js) also carries `at`, when it was claimed
// by the claimant's clock, signed with the rest: the other seat's device refuses a claim made
// while it was connected itself (`present`), so a claim cannot take a game from a player who is
// there. A draw offer is `offer: {side, ply,
// sig}`, signed by its seat after `ply` moves; it stands until the other seat moves.
//
// A game with a clock (docs/RULES.md §5.2) carries its time control, `clock` (`5+3`), bound by
// the host's signature, and with each move the mover's time left after it and its device's
// Date.now() when it moved, `times[i]` and `at[i]`, signed with the move. The other device
// accepts a claimed time only within what it measured itself (lib/clock.js acceptedTime). A flag
// fall is `end: {how: 'time', side}` with `side` the side whose time ran out, signed by that seat
// (its own device saw its flag fall) or by the other seat (a claim: only while `side` is to
// move, so that a claim holds even when the loser's device is closed).
//
// A snapshot of version 1 (games started before: the guest's key was sealed later, for whoever
// asked first) is refused (`isOldSnapshot` tells it apart, so the player can be told why).

import { isKeyText, verify } from './live-keys.js';
import { otherSide } from '../lib/settings.js';
/** @import { GameClass, PerSide, Side } from '../engine/core-types.js' */
/** @import { Sign } from './live-keys.js' */

/**
 * How a player ended the game by their word: `resign`, `abort` or `draw` (accepting the other
 * seat's offer), or `claim`/`claim-draw` (the other seat left) at `at`, by the seat `side`,
 * signed by it; or `time`: `side`'s flag fell, signed by either seat (above).
 * @typedef {'resign'|'abort'|'draw'|'time'|'claim'|'claim-draw'} EndingHow
 * @typedef {{how: EndingHow, side: Side, sig: string, at?: number}} Ending
 */

/** The endings that claim a game the other seat left, which carry their time. */
const CLAIMS = ['claim', 'claim-draw'];

/** How long after it connected a device still takes a claim against it as made before (ms): the claim may have been on its way. */
export const CLAIM_GRACE_MS = 30 * 1000;

/**
 * A draw offered by the seat `side` after `ply` moves, signed by it.
 * @typedef {{side: Side, ply: number, sig: string}} Offer
 */

/**
 * A snapshot (above): the keys and signatures are base64url text.
 * @typedef {{v: 2, id: string, variant: string, host: Side, keys: PerSide<string>, hostSig: string, moves: string[], sigs: string[], end?: Ending, offer?: Offer, clock?: string, times?: number[], at?: number[]}} Snapshot
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
 * @returns {{game: string, presence: (seat: Side) => string, presenceAll: string}}
 */
export function topics(id) {
  const base = `${ROOT}/${id}`;
  return { game: `${base}/game`, presence: (seat) => `${base}/presence/${seat}`, presenceAll: `${base}/presence/+` };
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
 * What the host signs to bind the game's rules, its time control (a game with a clock) and
 * both seats' keys to its own.
 * @param {string} id
 * @param {string} variant
 * @param {Side} host
 * @param {PerSide<string>} keys
 * @param {string} [clock]
 * @returns {string}
 */
export function gameText(id, variant, host, keys, clock) {
  return `${ROOT} ${id} game ${host} ${variant} blue ${keys.blue} gray ${keys.gray}${clock ? ` clock ${clock}` : ''}`;
}

/**
 * What the mover signs for move `i` (from 0) of `moves`, with its time left and its stamp in a
 * game with a clock.
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {number} i
 * @param {{time: number, at: number}|null} [clock]
 * @returns {string}
 */
export function moveText(id, variant, moves, i, clock = null) {
  return `${ROOT} ${id} move ${variant} ${i} ${moves.slice(0, i + 1).join(' ')}${clock ? ` clock ${clock.time} at ${clock.at}` : ''}`;
}

/**
 * Move `i`'s signed time in `snap`, or null in a game without a clock.
 * @param {Snapshot} snap
 * @param {number} i
 * @returns {{time: number, at: number}|null}
 */
export function moveClock(snap, i) {
  return snap.clock && snap.times && snap.at ? { time: snap.times[i], at: snap.at[i] } : null;
}

/**
 * What a seat signs when it offers a draw after the first `ply` of `moves`.
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {Side} side
 * @param {number} ply
 * @returns {string}
 */
export function offerText(id, variant, moves, side, ply) {
  return `${ROOT} ${id} offer ${variant} ${side} ${ply} ${moves.slice(0, ply).join(' ')}`;
}

/**
 * What a seat signs when it ends the game after `moves` by `how` (a claim at `at`).
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {EndingHow} how
 * @param {Side} side
 * @param {number} [at]
 * @returns {string}
 */
export function endText(id, variant, moves, how, side, at) {
  const when = at === undefined ? '' : ` at ${at}`;
  return `${ROOT} ${id} end ${variant} ${how}${when} ${side} ${moves.length} ${moves.join(' ')}`;
}

// ------------------------------------------------------------------ snapshots

/**
 * The first snapshot of a game the host starts: `keys` both seats' public keys (the host's and
 * the one the invitation's secret holds), and its time control `clock` (none: no clock), signed
 * with the host's `sign`.
 * @param {{id: string, variant: string, host: Side, keys: PerSide<string>, sign: Sign, clock?: string|null}} game
 * @returns {Promise<Snapshot>}
 */
export async function firstSnapshot({ id, variant, host, keys, sign, clock = null }) {
  const both = { blue: keys.blue, gray: keys.gray };
  const timed = clock && clock !== 'none' ? clock : undefined;
  /** @type {Snapshot} */
  const snap = { v: 2, id, variant, host, keys: both, hostSig: await sign(gameText(id, variant, host, both, timed)), moves: [], sigs: [] };
  return timed ? { ...snap, clock: timed, times: [], at: [] } : snap;
}

/**
 * The snapshot after this device's move: `moves` is the whole game, its last move the new one,
 * made by `seat`, with its time left `time` in a game with a clock (stamped `at`, Date.now()).
 * @param {Snapshot} snap
 * @param {string[]} moves
 * @param {Sign} sign
 * @param {Side|null} [seat]
 * @param {number|null} [time]
 * @param {number} [at]
 * @returns {Promise<Snapshot>}
 */
export async function withMove(snap, moves, sign, seat = null, time = null, at = Date.now()) {
  const i = moves.length - 1;
  // No move follows an ending: a snapshot with one is not gone on from. The seat's own draw
  // offer goes on with its move; the other seat's is answered by it.
  const { v, id, variant, host, keys, hostSig, offer, clock } = snap;
  const stamp = clock ? { time: Math.max(0, Math.round(time ?? 0)), at: Math.round(at) } : null;
  /** @type {Snapshot} */
  let next = { v, id, variant, host, keys, hostSig, moves: [...moves], sigs: [...snap.sigs.slice(0, i), await sign(moveText(snap.id, snap.variant, moves, i, stamp))] };
  if (clock && stamp) next = { ...next, clock, times: [...(snap.times ?? []).slice(0, i), stamp.time], at: [...(snap.at ?? []).slice(0, i), stamp.at] };
  return offer && offer.side === seat && offer.ply === i ? { ...next, offer } : next;
}

/**
 * The snapshot once this device's seat `side` offers a draw, after its moves.
 * @param {Snapshot} snap
 * @param {Side} side
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function withOffer(snap, side, sign) {
  const ply = snap.moves.length;
  return { ...snap, offer: { side, ply, sig: await sign(offerText(snap.id, snap.variant, snap.moves, side, ply)) } };
}

/**
 * The snapshot once this device's seat has ended the game by `how`, after its moves (`side`:
 * the seat that did, or for `time` the side whose flag fell; a claim at `at`, this device's
 * clock).
 * @param {Snapshot} snap
 * @param {EndingHow} how
 * @param {Side} side
 * @param {Sign} sign
 * @param {number} [at]
 * @returns {Promise<Snapshot>}
 */
export async function withEnd(snap, how, side, sign, at = Date.now()) {
  const when = CLAIMS.includes(how) ? at : undefined;
  const sig = await sign(endText(snap.id, snap.variant, snap.moves, how, side, when));
  return { ...snap, end: when === undefined ? { how, side, sig } : { how, side, sig, at: when } };
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
  if (!isObject(s) || s.v !== 2) return null;
  if (typeof s.id !== 'string' || typeof s.variant !== 'string' || s.variant.length > 500) return null;
  const host = s.host;
  if (host !== 'blue' && host !== 'gray') return null;
  if (!isObject(s.keys) || !isKeyText(s.keys.blue) || !isKeyText(s.keys.gray) || s.keys.blue === s.keys.gray) return null;
  const { moves, sigs } = s;
  if (!isTextList(moves) || !isTextList(sigs) || moves.length !== sigs.length || moves.length > MAX_MOVES) return null;
  if (!moves.every((m) => m.length > 0 && m.length <= MAX_MOVE_TEXT)) return null;
  if (typeof s.hostSig !== 'string') return null;
  /** @type {Snapshot} */
  const snap = { v: 2, id: s.id, variant: s.variant, host, keys: { blue: s.keys.blue, gray: s.keys.gray }, hostSig: s.hostSig, moves, sigs };
  const { end, offer, clock, times, at } = s;
  if (clock !== undefined) {
    /** @param {unknown} list */
    const stamps = (list) => Array.isArray(list) && list.length === moves.length && list.every((n) => Number.isSafeInteger(n) && n >= 0);
    if (typeof clock !== 'string' || !clock || clock.length > 20 || !stamps(times) || !stamps(at)) return null;
    snap.clock = clock;
    snap.times = /** @type {number[]} */ (times);
    snap.at = /** @type {number[]} */ (at);
  }
  if (end !== undefined) {
    if (!isObject(end) || !['resign', 'abort', 'draw', 'time', ...CLAIMS].includes(String(end.how)) || !isSide(end.side) || typeof end.sig !== 'string') return null;
    const how = /** @type {EndingHow} */ (end.how);
    const claim = CLAIMS.includes(how);
    if (claim !== (end.at !== undefined) || (claim && !(Number.isSafeInteger(end.at) && Number(end.at) >= 0))) return null;
    snap.end = claim ? { how, side: end.side, sig: end.sig, at: Number(end.at) } : { how, side: end.side, sig: end.sig };
  }
  if (offer !== undefined) {
    if (!isObject(offer) || !isSide(offer.side) || !Number.isInteger(offer.ply) || typeof offer.sig !== 'string') return null;
    snap.offer = { side: offer.side, ply: Number(offer.ply), sig: offer.sig };
  }
  return snap;
}

/**
 * Whether `x` names a seat.
 * @param {unknown} x
 * @returns {x is Side}
 */
function isSide(x) {
  return x === 'blue' || x === 'gray';
}

/**
 * Whether a message's text is a snapshot of the protocol's first version (a game started by an
 * earlier page, which this one refuses) of game `id`.
 * @param {string} text
 * @param {string} id
 * @returns {boolean}
 */
export function isOldSnapshot(text, id) {
  try {
    const s = JSON.parse(text);
    return isObject(s) && s.v === 1 && s.id === id;
  } catch {
    return false;
  }
}

/**
 * Checks a snapshot against what this device knows of game `id`: the host's key (from the
 * invitation or watch link, or kept), and `known`, a snapshot already checked (its moves need no
 * second check when the new one repeats them). The host's seat comes from the snapshot, its key
 * must be `hostKey`. `replay(variant, moves)` gives the side that made each move, from the rules
 * core, and throws at a move it refuses. `present`: this device's seat and since when it has been
 * connected (its clock), when it holds one, against which no claim made since holds. Resolves to
 * null when the snapshot holds, else to why not (a short English phrase, for the console of a
 * developer).
 * @param {Snapshot|null} snap
 * @param {{id: string, hostKey: string, known: Snapshot|null, replay: Replay, present?: {seat: Side, since: number}|null}} expected
 * @returns {Promise<string|null>}
 */
export async function checkSnapshot(snap, { id, hostKey, known, replay, present = null }) {
  if (!snap) return 'not a snapshot';
  if (snap.id !== id) return 'another game';
  if (snap.keys[snap.host] !== hostKey) return 'not the host of this game';
  // The same game as `a` but for its moves: its host, rules and keys, checked in `a`.
  /**
   * @param {Snapshot|null} a
   * @param {Snapshot} b
   */
  const same = (a, b) => !!a && a.host === b.host && a.variant === b.variant && a.clock === b.clock && a.keys.blue === b.keys.blue && a.keys.gray === b.keys.gray && a.hostSig === b.hostSig;
  const trusted = known && same(known, snap) ? commonPrefix(known, snap) : 0;
  if (!same(known, snap) && !(await verify(hostKey, snap.hostSig, gameText(id, snap.variant, snap.host, snap.keys, snap.clock)))) return 'the rules and seats are not signed by the host';
  let movers;
  try {
    movers = replay(snap.variant, snap.moves);
  } catch (e) {
    return `an illegal move: ${errorText(e)}`;
  }
  for (let i = trusted; i < snap.moves.length; i++) {
    if (!(await verify(snap.keys[movers[i]], snap.sigs[i], moveText(id, snap.variant, snap.moves, i, moveClock(snap, i))))) return `move ${i + 1} is not signed by ${movers[i]}`;
  }
  const { end, offer } = snap;
  if (offer && !(await verify(snap.keys[offer.side], offer.sig, offerText(id, snap.variant, snap.moves, offer.side, offer.ply)))) return `the draw offer is not signed by ${offer.side}`;
  if (!end) return null;
  if (end.how === 'abort' && snap.moves.length >= 2) return 'an abort after both sides have moved';
  if (end.how === 'draw' && standingOffer(snap, movers) !== otherSide(end.side)) return 'a draw no offer of the other seat stands for';
  const ended = endText(id, snap.variant, snap.moves, end.how, end.side, end.at);
  if (end.how === 'time') {
    if (!snap.clock || !snap.moves.length) return 'a flag fall in a game without a running clock';
    if (await verify(snap.keys[end.side], end.sig, ended)) return null;
    // The other seat's claim holds only while the flagged side is to move.
    if (movers[movers.length - 1] === end.side) return 'a flag fall claimed for the side that has just moved';
    if (!(await verify(snap.keys[otherSide(end.side)], end.sig, ended))) return 'the flag fall is not signed by a seat';
    return null;
  }
  if (end.at !== undefined && present && present.seat !== end.side && end.at > present.since + CLAIM_GRACE_MS) return `a claim made while ${present.seat} was connected`;
  if (!(await verify(snap.keys[end.side], end.sig, ended))) return `the ending is not signed by ${end.side}`;
  return null;
}

/**
 * The seat whose draw offer stands in `snap` (`movers`: the side that made each move), or null:
 * the offer stands after the moves it was made at, and after its own seat's next move.
 * @param {Snapshot} snap
 * @param {Side[]} movers
 * @returns {Side|null}
 */
export function standingOffer(snap, movers) {
  const offer = snap.offer;
  if (!offer || offer.ply > snap.moves.length) return null;
  const n = snap.moves.length;
  return n === offer.ply || (n === offer.ply + 1 && movers[offer.ply] === offer.side) ? offer.side : null;
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
 * 'newer' (it goes on from mine, or ends mine), 'same', 'older' (mine goes on from it, or ends
 * it), or 'different' (they part at some move or ending, or are not the same game).
 * @param {Snapshot} snap
 * @param {Snapshot|null} mine
 * @returns {'newer'|'same'|'older'|'different'}
 */
export function compare(snap, mine) {
  if (!mine) return 'newer';
  if (snap.hostSig !== mine.hostSig) return 'different';
  const n = Math.min(snap.moves.length, mine.moves.length);
  for (let i = 0; i < n; i++) if (snap.moves[i] !== mine.moves[i]) return 'different';
  // A game ended by a player goes on no further: moves after its end are another game.
  if (snap.moves.length > mine.moves.length) return mine.end ? 'different' : 'newer';
  if (snap.moves.length < mine.moves.length) return snap.end ? 'different' : 'older';
  if (snap.end || mine.end) {
    if (!snap.end || !mine.end) return snap.end ? 'newer' : 'older';
    return snap.end.how === mine.end.how && snap.end.side === mine.end.side ? 'same' : 'different';
  }
  // The same moves: a draw offer made since is news; two offers of one moment cross.
  if (!snap.offer || !mine.offer) return snap.offer ? 'newer' : mine.offer ? 'older' : 'same';
  return snap.offer.side === mine.offer.side && snap.offer.ply === mine.offer.ply ? 'same' : 'different';
}
