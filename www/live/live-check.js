// How a device checks what it hears of a live game (live-protocol.js says what is said): a
// message read as a snapshot's shape, its host's, moves' and ending's signatures checked against
// the rules core's replay, the draw offer that stands, a finished game's rematch, and how two checked snapshots stand to
// each other (and what a device signed that the other seat's move overtook, carried into it); and whether a claim holds that the other seat's device made (a flag fall, a game
// left): only when the signed record shows it by this device's own measure of the turn (lib/
// clock.js turnStarts, liveClocks). Pure but for Web Crypto (live-keys.js). The threat model:
// docs/LIVE-PROTOCOL.md.

import { isKeyText, verify } from './live-keys.js';
import { otherSide } from '../lib/settings.js';
import { parseTimeControl, turnStarts, liveClocks, remaining, LAG_ALLOWANCE } from '../lib/clock.js';
import { CLAIMS, MAX_MOVES, MAX_MOVE_TEXT, GAME_ID, gameText, moveText, moveClock, offerText, offerAnswered, OFFER_ANSWERS, TAKEBACK_ANSWERS, endText, takebackText, rematchText } from './live-protocol.js';
import { CLAIM_AFTER_MS } from './claims.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { Snapshot, EndingHow, Replay, Offer, OfferAnswer } from './live-protocol.js' */

/** How long after it connected a device still takes a claim against it as made before (ms): the claim may have been on its way. */
export const CLAIM_GRACE_MS = 30 * 1000;

/**
 * Why checkSnapshot refuses a claim its seat signed but the record does not show: the flagged
 * side still has time, or the claimed-against side was not away long enough on its own turn, or
 * was here. A device tells its player when the claim was against its seat (live.js).
 */
export const CLAIM_REFUSED = Object.freeze({
  flag: 'a flag fall claimed while that side has time left',
  soon: 'a claim made before the other seat was away long enough on its turn',
  present: 'a claim made while the claimed-against seat was connected',
});

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
  const { end, offer, clock, times, at, takeback, rematch } = s;
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
    // An offer answered otherwise than by a draw carries one answer, its signature.
    const answers = answersOf(offer, OFFER_ANSWERS);
    if (!answers) return null;
    snap.offer = { side: offer.side, ply: Number(offer.ply), sig: offer.sig };
    for (const how of answers) snap.offer[how] = String(offer[how]);
  }
  if (takeback !== undefined) {
    const t = takeback;
    if (!isObject(t) || !isSide(t.side) || !Number.isSafeInteger(t.ply) || Number(t.ply) < 1 || Number(t.ply) > MAX_MOVES) return null;
    if (typeof t.move !== 'string' || !t.move || t.move.length > MAX_MOVE_TEXT || typeof t.sig !== 'string') return null;
    // Accepted or withdrawn, at most one of the two: its signature.
    const answers = answersOf(t, TAKEBACK_ANSWERS);
    if (!answers) return null;
    snap.takeback = { side: t.side, ply: Number(t.ply), move: t.move, sig: t.sig };
    for (const how of answers) snap.takeback[how] = String(t[how]);
  }
  if (rematch !== undefined) {
    const r = rematchOf(rematch);
    if (!r) return null;
    snap.rematch = r;
  }
  return snap;
}

/**
 * A rematch's shape (live-protocol.js Rematch), or null.
 * @param {unknown} r
 * @returns {import('./live-protocol.js').Rematch|null}
 */
function rematchOf(r) {
  if (!isObject(r) || !isSide(r.side) || !Number.isSafeInteger(r.n) || Number(r.n) < 1 || typeof r.id !== 'string' || !GAME_ID.test(r.id) || !isKeyText(r.key) || typeof r.sig !== 'string') return null;
  /** @type {import('./live-protocol.js').Rematch} */
  const read = { side: r.side, n: Number(r.n), id: r.id, key: r.key, sig: r.sig };
  const a = r.answer;
  if (a === undefined) return read;
  if (!isObject(a) || !['accept', 'decline', 'cancel'].includes(String(a.how)) || typeof a.sig !== 'string') return null;
  const how = /** @type {import('./live-protocol.js').RematchHow} */ (a.how);
  if (how === 'accept') return isKeyText(a.key) && a.key !== r.key ? { ...read, answer: { how, key: a.key, sig: a.sig } } : null;
  return a.key === undefined ? { ...read, answer: { how, sig: a.sig } } : null;
}

/**
 * Which of the answers `names` the object `o` read from JSON carries: none or one, each a
 * signature (text); null when it carries more than one, or one that is not text.
 * @template {string} N
 * @param {Record<string, unknown>} o
 * @param {readonly N[]} names
 * @returns {N[]|null}
 */
function answersOf(o, names) {
  const answers = names.filter((how) => o[how] !== undefined);
  return answers.length > 1 || answers.some((how) => typeof o[how] !== 'string') ? null : answers;
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
 * connected (its clock), when it holds one, against which no claim made since holds. `starts`:
 * when each turn of `snap` began by this device's clock (lib/clock.js turnStarts; none: from the
 * stamps, as a device catching up counts them) and `now` its time: the other seat's claim of a
 * flag or of a game left holds only when they show it. Resolves to null when the snapshot holds,
 * else to why not (a short English phrase, for the console of a developer; CLAIM_REFUSED's for
 * a claim the record does not show).
 * @param {Snapshot|null} snap
 * @param {{id: string, hostKey: string, known: Snapshot|null, replay: Replay, present?: {seat: Side, since: number}|null, starts?: number[]|null, now?: number}} expected
 * @returns {Promise<string|null>}
 */
export async function checkSnapshot(snap, { id, hostKey, known, replay, present = null, starts = null, now = Date.now() }) {
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
  const answer = offer ? offerAnswered(offer) : null;
  if (offer && answer) {
    const by = offerAnswerer(offer.side, answer);
    if (!(await verify(snap.keys[by], String(offer[answer]), offerText(id, snap.variant, snap.moves, offer.side, offer.ply, answer)))) return `the draw offer is not ${answer === 'decline' ? 'declined' : 'withdrawn'} by ${by}`;
  }
  const takebackWrong = await checkTakeback(snap, replay);
  if (takebackWrong) return takebackWrong;
  const rematchWrong = await checkRematch(snap, !!end || !!movers.over);
  if (rematchWrong) return rematchWrong;
  if (!end) return null;
  if (end.how === 'abort' && snap.moves.length >= 2) return 'an abort after both sides have moved';
  if (end.how === 'draw' && standingOffer(snap, movers) !== otherSide(end.side)) return 'a draw no offer of the other seat stands for';
  const ended = endText(id, snap.variant, snap.moves, end.how, end.side, end.at);
  const turns = starts ?? turnStarts({ kept: [], moves: snap.moves.length, at: snap.at, live: false, now });
  // When the side to move's turn began here (the game's start before the first move).
  const begun = turns[snap.moves.length] ?? now;
  if (end.how === 'time') {
    const control = parseTimeControl(snap.clock);
    if (!control || !snap.moves.length) return 'a flag fall in a game without a running clock';
    if (await verify(snap.keys[end.side], end.sig, ended)) return null;
    // The other seat's claim holds only while the flagged side is to move, its time gone here.
    if (movers[movers.length - 1] === end.side) return 'a flag fall claimed for the side that has just moved';
    if (!(await verify(snap.keys[otherSide(end.side)], end.sig, ended))) return 'the flag fall is not signed by a seat';
    const clocks = liveClocks(control, snap.times ?? [], movers, turns);
    return remaining(clocks, end.side, now) > LAG_ALLOWANCE ? CLAIM_REFUSED.flag : null;
  }
  if (!(await verify(snap.keys[end.side], end.sig, ended))) return `the ending is not signed by ${end.side}`;
  if (end.at === undefined) return null;
  // A game left: the other seat to move, away for the set time since its turn began here, the
  // claim's time not in the future, and its device not here meanwhile.
  const away = snap.clock ? CLAIM_AFTER_MS.clock : CLAIM_AFTER_MS.none;
  if (movers.length && movers[movers.length - 1] !== end.side) return 'a claim on the claimant’s own turn';
  if (end.at < begun + away - LAG_ALLOWANCE || end.at > now + LAG_ALLOWANCE) return CLAIM_REFUSED.soon;
  if (present && present.seat !== end.side && end.at > present.since + CLAIM_GRACE_MS) return CLAIM_REFUSED.present;
  return null;
}

/**
 * Why `snap`'s takeback does not hold, or null (none, or it holds): the request is signed by the
 * seat whose move it takes back, that move its last then; a request not accepted (withdrawn or
 * not) is there only right after that move (the other seat's move answers it); an acceptance is
 * signed by the other seat, and the game goes on from the move before; a withdrawal by the asking
 * seat itself.
 * @param {Snapshot} snap
 * @param {Replay} replay
 * @returns {Promise<string|null>}
 */
async function checkTakeback(snap, replay) {
  const t = snap.takeback;
  if (!t) return null;
  const before = t.ply - 1;
  if (snap.moves.length < before) return 'a takeback of a move the game has not reached';
  const asked = [...snap.moves.slice(0, before), t.move];
  if (!t.accept && (snap.moves.length !== t.ply || snap.moves[before] !== t.move)) return 'a takeback request that no longer stands';
  let movers;
  try {
    movers = replay(snap.variant, asked);
  } catch (e) {
    return `a takeback of an illegal move: ${errorText(e)}`;
  }
  if (movers[before] !== t.side) return 'a takeback of the other seat’s move';
  if (!(await verify(snap.keys[t.side], t.sig, takebackText(snap.id, snap.variant, asked, t.side, t.ply)))) return `the takeback is not asked by ${t.side}`;
  const other = otherSide(t.side);
  if (t.accept && !(await verify(snap.keys[other], t.accept, takebackText(snap.id, snap.variant, asked, t.side, t.ply, 'accept')))) return `the takeback is not accepted by ${other}`;
  if (t.withdraw && !(await verify(snap.keys[t.side], t.withdraw, takebackText(snap.id, snap.variant, asked, t.side, t.ply, 'withdraw')))) return `the takeback is not withdrawn by ${t.side}`;
  return null;
}

/**
 * Why `snap`'s rematch does not hold, or null (none, or it holds): offered only once the game is
 * `over`, for another game than this one, signed by the offering seat over this game (its id,
 * rules, clock and moves); accepted or declined by the other seat, cancelled by the offerer.
 * @param {Snapshot} snap
 * @param {boolean} over
 * @returns {Promise<string|null>}
 */
export async function checkRematch(snap, over) {
  const r = snap.rematch;
  if (!r) return null;
  if (!over) return 'a rematch of a game not over';
  if (r.id === snap.id) return 'a rematch that is this game';
  const { side, n, id, key } = r;
  if (!(await verify(snap.keys[side], r.sig, rematchText(snap, { side, n, id, key })))) return `the rematch is not offered by ${side}`;
  const a = r.answer;
  if (!a) return null;
  const by = a.how === 'cancel' ? side : otherSide(side);
  if (!(await verify(snap.keys[by], a.sig, rematchText(snap, { side, n, id, key }, a.how, a.key)))) return `the rematch's ${a.how} is not signed by ${by}`;
  return null;
}

/**
 * How two checked snapshots of one game, over and the same but for their rematches, stand:
 * a later offer (`n`) is newer, and an answer newer than the offer alone; null when they do not
 * differ there, `different` when they offer or answer otherwise at once.
 * @param {Snapshot} snap
 * @param {Snapshot} mine
 * @returns {'newer'|'older'|'different'|null}
 */
function rematchOrder(snap, mine) {
  const a = snap.rematch;
  const b = mine.rematch;
  if (!a || !b) return a ? 'newer' : b ? 'older' : null;
  if (a.n !== b.n) return a.n > b.n ? 'newer' : 'older';
  if (a.sig !== b.sig) return 'different';
  if (!a.answer || !b.answer) return a.answer ? 'newer' : b.answer ? 'older' : null;
  return a.answer.sig === b.answer.sig ? null : 'different';
}

/**
 * Whether `snap`'s accepted takeback took back the last move of `mine`, which goes no further:
 * mine is the game as it stood when the takeback was asked, or before it was.
 * @param {Snapshot} snap
 * @param {Snapshot} mine
 * @returns {boolean}
 */
function takesBack(snap, mine) {
  const t = snap.takeback;
  if (!t?.accept || mine.end || mine.moves.length !== t.ply || mine.moves[t.ply - 1] !== t.move) return false;
  const m = mine.takeback;
  if (m?.accept && m.ply === t.ply && m.side === t.side && m.move === t.move && m.accept === t.accept) return false;
  for (let i = 0; i < t.ply - 1; i++) if (snap.moves[i] !== mine.moves[i]) return false;
  return true;
}

/**
 * The seat that signs the answer `how` to an offer of the seat `side`: a decline is the other
 * seat's, a withdrawal the offering seat's own.
 * @param {Side} side
 * @param {OfferAnswer} how
 * @returns {Side}
 */
export function offerAnswerer(side, how) {
  return how === 'decline' ? otherSide(side) : side;
}

/**
 * The seat whose draw offer stands in `snap` (`movers`: the side that made each move), or null:
 * the offer stands after the moves it was made at, and after its own seat's next move, until the
 * other seat declines it or its own seat withdraws it.
 * @param {Snapshot} snap
 * @param {Side[]} movers
 * @returns {Side|null}
 */
export function standingOffer(snap, movers) {
  const offer = snap.offer;
  if (!offer || offerAnswered(offer) || offer.ply > snap.moves.length) return null;
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
 * 'newer' (it goes on from mine, or ends mine; of two crossed acceptances of a draw, Blue's),
 * 'same', 'older' (mine goes on from it, or ends it), or 'different' (they part at some move or
 * ending, or are not the same game).
 * @param {Snapshot} snap
 * @param {Snapshot|null} mine
 * @returns {'newer'|'same'|'older'|'different'}
 */
export function compare(snap, mine) {
  if (!mine) return 'newer';
  if (snap.hostSig !== mine.hostSig) return 'different';
  // A takeback the other seat accepted (checked: signed by the seat whose consent it needs)
  // goes back from a game with more moves.
  if (takesBack(snap, mine)) return 'newer';
  if (takesBack(mine, snap)) return 'older';
  const n = Math.min(snap.moves.length, mine.moves.length);
  for (let i = 0; i < n; i++) if (snap.moves[i] !== mine.moves[i]) return 'different';
  // A game ended by a player goes on no further: moves after its end are another game.
  if (snap.moves.length > mine.moves.length) return mine.end ? 'different' : 'newer';
  if (snap.moves.length < mine.moves.length) return snap.end ? 'different' : 'older';
  if (snap.end || mine.end) {
    if (!snap.end || !mine.end) return snap.end ? 'newer' : 'older';
    // Two acceptances that crossed (each seat took the other's offer, both checked): one draw by
    // agreement, and Blue's acceptance is the one both devices keep, so that their records agree.
    if (snap.end.how === 'draw' && mine.end.how === 'draw' && snap.end.side !== mine.end.side) return snap.end.side === 'blue' ? 'newer' : 'older';
    if (snap.end.how !== mine.end.how || snap.end.side !== mine.end.side) return 'different';
    return rematchOrder(snap, mine) ?? 'same';
  }
  // The same moves: a takeback asked since is news, as an offer is, and its withdrawal since
  // (after the same moves, the request is the same one: the last mover's).
  const asking = (/** @type {Snapshot} */ x) => (x.takeback && !x.takeback.accept ? (x.takeback.withdraw ? 2 : 1) : 0);
  if (asking(snap) !== asking(mine)) return asking(snap) > asking(mine) ? 'newer' : 'older';
  // The same moves: a draw offer made since is news; two offers of one moment cross.
  // A game the rules ended: a rematch offered or answered since is news.
  const rematch = rematchOrder(snap, mine);
  if (rematch) return rematch;
  if (!snap.offer || !mine.offer) return snap.offer ? 'newer' : mine.offer ? 'older' : restampOrder(snap, mine);
  return offerOrder(snap.offer, mine.offer) ?? restampOrder(snap, mine);
}

/**
 * How two offers in snapshots with the same moves stand: the offer answered since (declined or
 * withdrawn) is newer, and an offer after more moves than an answered one (no seat offers again
 * after the moves of an answered offer); of two answers to one offer that crossed, the decline;
 * null when they are one offer with one answer (or none); `different` when two offers stand at
 * once (they cross) or otherwise part.
 * @param {Offer} a
 * @param {Offer} b
 * @returns {'newer'|'older'|'different'|null}
 */
function offerOrder(a, b) {
  // Unanswered, withdrawn, declined: the later in this order is the newer.
  const rank = (/** @type {Offer} */ o) => {
    const how = offerAnswered(o);
    return how ? { withdraw: 1, decline: 2 }[how] : 0;
  };
  if (a.side === b.side && a.ply === b.ply) return rank(a) === rank(b) ? null : rank(a) > rank(b) ? 'newer' : 'older';
  if (offerAnswered(b) && a.ply > b.ply) return 'newer';
  if (offerAnswered(a) && b.ply > a.ply) return 'older';
  return 'different';
}

/**
 * How two snapshots with the same moves stand by their moves' stamps: the one with moves their
 * movers stamped later (live-protocol.js restamped) is newer when each such stamp gives its mover
 * at least the wait less time; any other change of a stamp gains nothing and is not news
 * ('same'), nor are stamps changed both ways.
 * @param {Snapshot} snap
 * @param {Snapshot} mine
 * @returns {'newer'|'same'|'older'}
 */
function restampOrder(snap, mine) {
  /** @type {'newer'|'same'|'older'} */
  let order = 'same';
  for (let i = 0; i < snap.moves.length; i++) {
    const a = moveClock(snap, i);
    const b = moveClock(mine, i);
    if (!a || !b || a.at === b.at) continue;
    const o = restampOf(a, b) ? 'newer' : restampOf(b, a) ? 'older' : null;
    if (!o || (order !== 'same' && order !== o)) return 'same';
    order = o;
  }
  return order;
}

/**
 * Whether a move's signed time `later` is `earlier` signed again (live-protocol.js restamped):
 * stamped after it, with at least the wait less time left.
 * @param {{time: number, at: number}} later
 * @param {{time: number, at: number}} earlier
 */
function restampOf(later, earlier) {
  return later.at > earlier.at && later.time <= Math.max(0, earlier.time - (later.at - earlier.at));
}

/**
 * `snap`, which goes on from `mine`'s moves, with what `mine` has signed since that `snap`'s
 * maker could not have seen: moves signed again later (restampOf; a reply's signature covers no
 * stamp but its own), and an answer (a decline) to the offer that rides on `snap`'s last move,
 * the same offer, unanswered there (an answer covers the moves up to the offer only). So a
 * second signing of a move, or a decline, that the other seat's move overtook still holds. Null
 * when `mine` has nothing to carry.
 * @param {Snapshot} snap
 * @param {Snapshot} mine
 * @returns {Snapshot|null}
 */
export function withSignedOf(snap, mine) {
  if (snap.moves.length < mine.moves.length || mine.moves.some((m, i) => snap.moves[i] !== m)) return null;
  const later = mine.moves.map((_, i) => {
    const a = moveClock(mine, i);
    const b = moveClock(snap, i);
    return a && b && restampOf(a, b) ? a : null;
  });
  const { offer } = snap;
  const answer = mine.offer && offer && !offerAnswered(offer) && mine.offer.side === offer.side && mine.offer.ply === offer.ply && mine.offer.sig === offer.sig ? offerAnswered(mine.offer) : null;
  if (!later.some(Boolean) && !answer) return null;
  /** @type {Snapshot} */
  let next = snap;
  if (later.some(Boolean) && snap.times && snap.at) {
    const { times, at } = snap;
    next = { ...next, sigs: snap.sigs.map((sig, i) => (later[i] ? mine.sigs[i] : sig)), times: times.map((t, i) => later[i]?.time ?? t), at: at.map((t, i) => later[i]?.at ?? t) };
  }
  if (offer && mine.offer && answer) next = { ...next, offer: { ...offer, [answer]: mine.offer[answer] } };
  return next === snap ? null : next;
}
