// What two devices say to each other about a live game through the relay: its topics, what each
// seat signs, and the snapshots a device publishes; how a device checks what it hears is
// live-check.js's. Pure but for Web Crypto (live-keys.js): no DOM, no relay, and the rules core
// only as the caller hands it in (`replayWith(Game)`: who made each move, throwing at an illegal
// one). The design and its threat model: docs/LIVE-PROTOCOL.md.
//
// Topics, under one prefix per game (the relay keeps the last message of each, "retained"):
//   bluegray/v1/<id>/game            the game as it stands: a signed snapshot (below)
//   bluegray/v1/<id>/presence/<seat> the seat's signed presence (live-presence.js)
//   bluegray/v1/<id>/chat/<seat>     the seat's last chat lines, each signed (live-chat.js)
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
// left (`claim`, the win, or `claim-draw`; live/claims.js) also carries `at`, when it was claimed
// by the claimant's clock, signed with the rest: the other seat's device refuses a claim made
// while it was connected itself (`present`), so a claim cannot take a game from a player who is
// there. A draw offer is `offer: {side, ply,
// sig}`, signed by its seat after `ply` moves; it stands until the other seat moves, declines it
// by its signature `decline`, or its own seat withdraws it by its signature `withdraw` (after
// either, no seat offers again after those `ply` moves).
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
// asked first) is refused (live-check.js `isOldSnapshot` tells it apart, so the player can be told why).

/** @import { PerSide, Side } from '../core/core-types.js' */
/** @import { GameClass } from '../core/core-api.js' */
/** @import { Sign } from './live-keys.js' */

/**
 * How a player ended the game by their word: `resign`, `abort` or `draw` (accepting the other
 * seat's offer), or `claim`/`claim-draw` (the other seat left) at `at`, by the seat `side`,
 * signed by it; or `time`: `side`'s flag fell, signed by either seat (above).
 * @typedef {'resign'|'abort'|'draw'|'time'|'claim'|'claim-draw'} EndingHow
 * @typedef {{how: EndingHow, side: Side, sig: string, at?: number}} Ending
 */

/** The endings that claim a game the other seat left, which carry their time. */
export const CLAIMS = Object.freeze(['claim', 'claim-draw']);

/**
 * A draw offered by the seat `side` after `ply` moves, signed by it; `decline`, the other seat's
 * signature, declines it; `withdraw`, its own seat's, withdraws it (one of the two at most).
 * @typedef {{side: Side, ply: number, sig: string, decline?: string, withdraw?: string}} Offer
 */
/**
 * The answers to a draw offer that are no draw: the other seat's `decline`, or the offering
 * seat's `withdraw`; each is the Offer's field of that name, its signature.
 */
export const OFFER_ANSWERS = Object.freeze(/** @type {const} */ (['decline', 'withdraw']));
/** @typedef {typeof OFFER_ANSWERS[number]} OfferAnswer */

/**
 * A takeback (docs/RULES.md R38, docs/LIVE-PROTOCOL.md "Takebacks"): the seat `side` asks to
 * take back its own last move, `move`, the `ply`th (from 1), signed by it (`sig`); `accept`, the
 * other seat's signature, takes it back: the snapshot's moves are then the first `ply - 1`, and
 * the accepted takeback goes on with the game's next moves until the next request, so that a
 * device that missed it sees why the game is shorter than what it has; `withdraw`, the asking
 * seat's own signature, withdraws the request (one of the two at most), which then stands no
 * more, and bars another until the next move.
 * @typedef {{side: Side, ply: number, move: string, sig: string, accept?: string, withdraw?: string}} Takeback
 */
/** The answers to a takeback request, each the Takeback's field of that name, its signature: the other seat's `accept`, or the asking seat's `withdraw`. */
export const TAKEBACK_ANSWERS = Object.freeze(/** @type {const} */ (['accept', 'withdraw']));
/** What a seat signs of a takeback: the request, or one of its answers. @typedef {'ask'|typeof TAKEBACK_ANSWERS[number]} TakebackAct */

/**
 * A rematch (docs/LIVE-PROTOCOL.md "Rematch"), offered once the game is over by the seat `side`,
 * its `n`th offer of this game, signed by it (`sig`): the new game's id `id`, and `key`, the
 * public key of the offerer's seat there (the other side: sides swap), which hosts it. `answer`:
 * the other seat's `accept` (with `key`, its own seat's public key in the new game) or
 * `decline`, or the offerer's `cancel`, signed by the seat that answers.
 * @typedef {'accept'|'decline'|'cancel'} RematchHow
 * @typedef {{how: RematchHow, key?: string, sig: string}} RematchAnswer
 * @typedef {{side: Side, n: number, id: string, key: string, sig: string, answer?: RematchAnswer}} Rematch
 */

/**
 * A snapshot (above): the keys and signatures are base64url text.
 * @typedef {{v: 2, id: string, variant: string, host: Side, keys: PerSide<string>, hostSig: string, moves: string[], sigs: string[], end?: Ending, offer?: Offer, takeback?: Takeback, rematch?: Rematch, clock?: string, times?: number[], at?: number[]}} Snapshot
 */

/**
 * The side that made each of `moves` from the start of `variant` (replayWith), and whether the
 * rules ended the game after them (`over`); throws at a move the rules core refuses.
 * @typedef {(variant: string, moves: string[]) => Side[] & {over?: boolean}} Replay
 */

/** The prefix of every topic. */
export const ROOT = 'bluegray/v1';

// A game id (lib/game-id.js, its one home: the page's other packages name games by it too) is
// the second level of every game's topics; the relay, which builds on this package only, checks
// topics against its pattern and its load test makes games' ids with it.
export { GAME_ID, newGameId } from '../lib/game-id.js';

/** The most moves and the longest move text a snapshot may carry (far above any real game). */
export const MAX_MOVES = 3000;
export const MAX_MOVE_TEXT = 200;

/**
 * The topics of game `id`.
 * @param {string} id
 * @returns {{game: string, presence: (seat: Side) => string, presenceAll: string, chat: (seat: Side) => string, chatAll: string}}
 */
export function topics(id) {
  const base = `${ROOT}/${id}`;
  return { game: `${base}/game`, presence: (seat) => `${base}/presence/${seat}`, presenceAll: `${base}/presence/+`, chat: (seat) => `${base}/chat/${seat}`, chatAll: `${base}/chat/+` };
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
      const movers = moves.map((m) => {
        const side = g.state().side;
        g.play(m);
        return side;
      });
      // Whether the rules ended the game there (a rematch may be offered only then, or after an `end`).
      return Object.assign(movers, { over: !!g.state().result });
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
 * What a seat signs when it offers a draw after the first `ply` of `moves`, and what a seat signs
 * when it answers the offer otherwise than by a draw (`answer`: the other seat's decline, the
 * offering seat's withdrawal).
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {Side} side
 * @param {number} ply
 * @param {OfferAnswer} [answer]
 * @returns {string}
 */
export function offerText(id, variant, moves, side, ply, answer) {
  return `${ROOT} ${id} ${answer ? `offer-${answer}` : 'offer'} ${variant} ${side} ${ply} ${moves.slice(0, ply).join(' ')}`;
}

/**
 * What a seat signs when it asks to take back the `ply`th of `moves` (`moves`: the first `ply`,
 * its own move last), what the other seat signs when it accepts (`accept`), and what the asking
 * seat signs when it withdraws its request (`withdraw`).
 * @param {string} id
 * @param {string} variant
 * @param {string[]} moves
 * @param {Side} side
 * @param {number} ply
 * @param {TakebackAct} [act]
 * @returns {string}
 */
export function takebackText(id, variant, moves, side, ply, act = 'ask') {
  return `${ROOT} ${id} ${act === 'ask' ? 'takeback' : `takeback-${act}`} ${variant} ${side} ${ply} ${moves.slice(0, ply).join(' ')}`;
}

/**
 * What a seat signs of a rematch of game `snap` (its id, rules, time control and moves, so of
 * this game only): the offer `r` (`how` absent), or an answer to it (`how`, with the accepting
 * seat's new key `key`).
 * @param {Snapshot} snap
 * @param {Omit<Rematch, 'sig'|'answer'>} r
 * @param {RematchHow} [how]
 * @param {string} [key]
 * @returns {string}
 */
export function rematchText(snap, r, how, key = '') {
  const what = how ? `rematch-${how}` : 'rematch';
  return `${ROOT} ${snap.id} ${what} ${snap.variant} ${snap.clock ?? 'none'} ${r.side} ${r.n} ${r.id} ${r.key}${how === 'accept' ? ' ' + key : ''} ${snap.moves.length} ${snap.moves.join(' ')}`;
}

/**
 * The snapshot of a finished game once this device's seat `side` offers a rematch: new game `id`,
 * `key` its own seat's public key there (the caller keeps the private one, and checks that the
 * game is over and no offer stands unanswered).
 * @param {Snapshot} snap
 * @param {Side} side
 * @param {string} id
 * @param {string} key
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function withRematch(snap, side, id, key, sign) {
  const r = { side, n: (snap.rematch?.n ?? 0) + 1, id, key };
  return { ...snap, rematch: { ...r, sig: await sign(rematchText(snap, r)) } };
}

/**
 * The snapshot once this device's seat answers the standing rematch offer of `snap` by `how`
 * (`accept` with `key`, its own seat's public key in the new game); null when no offer stands.
 * @param {Snapshot} snap
 * @param {RematchHow} how
 * @param {Sign} sign
 * @param {string} [key]
 * @returns {Promise<Snapshot>|null}
 */
export function withRematchAnswer(snap, how, sign, key) {
  const r = snap.rematch;
  if (!r || r.answer) return null;
  const { side, n, id, key: offered } = r;
  return sign(rematchText(snap, { side, n, id, key: offered }, how, key)).then((sig) => ({ ...snap, rematch: { ...r, answer: how === 'accept' ? { how, key, sig } : { how, sig } } }));
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
  // offer goes on with its move (unless answered); the other seat's is answered by it.
  const { v, id, variant, host, keys, hostSig, offer, clock } = snap;
  const stamp = clock ? { time: Math.max(0, Math.round(time ?? 0)), at: Math.round(at) } : null;
  /** @type {Snapshot} */
  let next = { v, id, variant, host, keys, hostSig, moves: [...moves], sigs: [...snap.sigs.slice(0, i), await sign(moveText(snap.id, snap.variant, moves, i, stamp))] };
  if (clock && stamp) next = { ...next, clock, times: [...(snap.times ?? []).slice(0, i), stamp.time], at: [...(snap.at ?? []).slice(0, i), stamp.at] };
  // An accepted takeback goes on with the game (Takeback); a request the other seat answered by moving goes.
  if (snap.takeback?.accept) next = { ...next, takeback: snap.takeback };
  return offer && !offerAnswered(offer) && offer.side === seat && offer.ply === i ? { ...next, offer } : next;
}

/**
 * `snap` with its move `i` (by default its last) signed again by its mover, stamped `at` (later
 * than its stamp) and with its time left less the wait: the move reached the relay only at `at`,
 * so every device that reads the record, whenever it joins, counts the mover's turn to then, as
 * the devices that saw it arrive did. A mover can only lose time by it (live-check.js
 * restampOrder). A move's signature covers the moves up to it and its own stamp only, so the
 * other seat's reply may follow it already.
 * @param {Snapshot} snap
 * @param {Sign} sign
 * @param {number} at
 * @param {number} [i]
 * @returns {Promise<Snapshot>|null} null: not a game with a clock, no move `i`, or `at` not later
 */
export function restamped(snap, sign, at, i = snap.moves.length - 1) {
  const was = i >= 0 && i < snap.moves.length ? moveClock(snap, i) : null;
  const when = Math.round(at);
  if (!was || !snap.times || !snap.at || when <= was.at) return null;
  const stamp = { time: Math.max(0, was.time - (when - was.at)), at: when };
  const { times, at: stamps, sigs } = snap;
  return sign(moveText(snap.id, snap.variant, snap.moves, i, stamp)).then((sig) => ({
    ...snap,
    sigs: sigs.map((x, j) => (j === i ? sig : x)),
    times: times.map((x, j) => (j === i ? stamp.time : x)),
    at: stamps.map((x, j) => (j === i ? stamp.at : x)),
  }));
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
 * The snapshot once this device's seat answers the offer `offer` that stands in `snap`
 * (live-check.js standingOffer) by `how`: `decline`, the other seat's offer, or `withdraw`, its own.
 * @param {Snapshot} snap
 * @param {Offer} offer
 * @param {OfferAnswer} how
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function withOfferAnswered(snap, offer, how, sign) {
  const { side, ply, sig } = offer;
  return { ...snap, offer: { side, ply, sig, [how]: await sign(offerText(snap.id, snap.variant, snap.moves, side, ply, how)) } };
}

/**
 * How the offer `offer` was answered otherwise than by a draw, or null: not (yet).
 * @param {Offer} offer
 * @returns {OfferAnswer|null}
 */
export function offerAnswered(offer) {
  return offer.decline !== undefined ? 'decline' : offer.withdraw !== undefined ? 'withdraw' : null;
}

/**
 * The snapshot once this device's seat `side` asks to take back its last move (the caller
 * checks that the last move is its own and the game goes on; live-check.js refuses it else).
 * @param {Snapshot} snap
 * @param {Side} side
 * @param {Sign} sign
 * @returns {Promise<Snapshot>}
 */
export async function withTakebackRequest(snap, side, sign) {
  const ply = snap.moves.length;
  const move = snap.moves[ply - 1];
  return { ...snap, takeback: { side, ply, move, sig: await sign(takebackText(snap.id, snap.variant, snap.moves, side, ply)) } };
}

/**
 * The snapshot once this device's seat accepts the other seat's standing takeback request in
 * `snap`: the move is gone, with its signature and time (R38: the clocks stand as before the move,
 * the asker's turn counted from when it began), and any draw offer with it. Null: no request stands.
 * @param {Snapshot} snap
 * @param {Sign} sign
 * @returns {Promise<Snapshot>|null}
 */
export function withTakebackAccepted(snap, sign) {
  const t = snap.takeback;
  if (!t || t.accept || t.withdraw || snap.end || t.ply !== snap.moves.length || t.ply < 1) return null;
  const keep = t.ply - 1;
  return sign(takebackText(snap.id, snap.variant, snap.moves, t.side, t.ply, 'accept')).then((accept) => {
    /** @type {Snapshot} */
    const next = { ...snap, moves: snap.moves.slice(0, keep), sigs: snap.sigs.slice(0, keep), takeback: { ...t, accept } };
    delete next.offer;
    return snap.times && snap.at ? { ...next, times: snap.times.slice(0, keep), at: snap.at.slice(0, keep) } : next;
  });
}

/**
 * The snapshot once this device's seat `side` withdraws its own standing takeback request in
 * `snap`: it stands no more, and no other is asked before the next move. Null: none of `side`'s stands.
 * @param {Snapshot} snap
 * @param {Side} side
 * @param {Sign} sign
 * @returns {Promise<Snapshot>|null}
 */
export function withTakebackWithdrawn(snap, side, sign) {
  const t = snap.takeback;
  if (!t || t.side !== side || t.accept || t.withdraw || snap.end || t.ply !== snap.moves.length) return null;
  return sign(takebackText(snap.id, snap.variant, snap.moves, t.side, t.ply, 'withdraw')).then((withdraw) => ({ ...snap, takeback: { ...t, withdraw } }));
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
