// Games against a friend on another device, as the page sees them: how a link's moves and ending
// stand to the copy this device keeps, and what the panel says about whose turn it is and who is
// connected. Pure: the board (its seat, its game) and the page state come in as arguments.
import { moveNumberOf } from '../lib/moves.js';
import { isRemote, otherSide } from '../lib/settings.js';
import { standingOffer } from '../lib/draw-offer.js';
import { standingTakeback, acceptedTakeback, withdrawnTakeback } from '../lib/takeback-offer.js';
import { formatClock } from '../lib/clock.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { BoardSnapshot, GameSnapshot } from '../play/panel.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { LiveStatus } from '../api-types.js' */

/**
 * How a link's moves stand to this device's: the same, going on from them, behind them, or
 * parting from them at `ply` (from 1); `own`: going on with a move of this device's own seat at
 * `ply`, which only this device may make.
 * @typedef {{order: 'same'|'newer'|'older'}|{order: 'differs'|'own', ply: number}} MoveOrder
 */

/**
 * How a link's moves (`theirs`) stand to this device's (`mine`): `{order: 'same'|'newer'|'older'}`
 * or `{order: 'differs', ply}` (the first ply, from 1, at which they part).
 * @param {string[]} mine
 * @param {string[]} theirs
 * @returns {MoveOrder}
 */
export function compareMoves(mine, theirs) {
  const n = Math.min(mine.length, theirs.length);
  for (let i = 0; i < n; i++) if (mine[i] !== theirs[i]) return { order: 'differs', ply: i + 1 };
  if (theirs.length > mine.length) return { order: 'newer' };
  if (theirs.length < mine.length) return { order: 'older' };
  return { order: 'same' };
}

/**
 * How a link's moves (`theirs`) stand to the game this device keeps at `seat` (`gs`): as
 * compareMoves, but a link may add only the friend's moves; one that goes on with a move of
 * `seat` is `{order: 'own', ply}` (the first such ply, from 1), whoever wrote it.
 * @param {Pick<GameState, 'history'|'side'>} gs
 * @param {string|null} seat
 * @param {string[]} theirs
 * @returns {MoveOrder}
 */
export function linkOrder(gs, seat, theirs) {
  const order = compareMoves(gs.history, theirs);
  if (order.order !== 'newer') return order;
  for (let ply = gs.history.length + 1; ply <= theirs.length; ply++) if (sideAt(gs, ply) === seat) return { order: 'own', ply };
  return order;
}

/**
 * The side that plays ply `ply` (from 1) after the game `gs`, which stands at its last move.
 * Passing is never allowed, so the sides take turns from the side to move now.
 * @param {Pick<GameState, 'history'|'side'>} gs
 * @param {number} ply
 */
function sideAt(gs, ply) {
  return (ply - gs.history.length) % 2 === 1 ? gs.side : otherSide(gs.side);
}

/**
 * What the page says of a link to a game it keeps (`gs`: the kept game's state, `theirs`: the
 * link's moves, `order` from linkOrder), or null when there is nothing to say.
 * @param {GameState} gs
 * @param {string[]} theirs
 * @param {MoveOrder} order
 * @returns {Message|null}
 */
export function linkNotice(gs, theirs, order) {
  if (order.order === 'differs') {
    const ply = order.ply;
    return { key: 'friend.differs', params: { n: moveNumberOf(gs, ply), mine: gs.history[ply - 1], theirs: theirs[ply - 1] } };
  }
  if (order.order === 'own') return { key: 'friend.ownMove', params: { move: theirs[order.ply - 1], side: sideAt(gs, order.ply) } };
  if (order.order === 'older') return { key: 'friend.behind', params: { theirs: theirs.length, mine: gs.history.length } };
  return null;
}

/**
 * What a link's ending by the players' word (its record's result: a resignation, an agreed draw,
 * an abort) does to the game this device keeps at `seat` (`gs`, already gone on with the link's
 * moves `theirs`, with `offer` the side whose draw offer stands in it): `{end: 'resign', side}`,
 * `{end: 'draw'}` or `{end: 'abort'}` to take it, a message when the link may not end the game
 * so, or null when it brings no ending. As with moves, a link ends the game only for the friend:
 * it cannot resign this device's seat, nor agree to a draw this device did not offer. A loss on
 * time (ruling R37) is taken by this device's own clock: the friend's own flag fall is this
 * seat's to claim here (`{end: 'claim'}`, refused by the board while their clock still runs
 * here), and a claim against this device's seat holds only when its clock, running from the
 * stamp of the friend's last move, has run out (`left`, this seat's time by this device's clock,
 * 0: its own flag falls here; null: no clock to tell, and the link changes nothing).
 * @param {Pick<GameState, 'history'|'result'>} gs
 * @param {string|null} seat
 * @param {string[]} theirs
 * @param {GameState['result']} ending the link's result
 * @param {Side|null} [offer]
 * @param {number|null} [left]
 * @returns {{end: 'resign', side: Side}|{end: 'draw'}|{end: 'abort'}|{end: 'claim'}|{notice: Message}|null}
 */
export function linkEnding(gs, seat, theirs, ending, offer = null, left = null) {
  if (!ending || gs.result || gs.history.length !== theirs.length || (seat !== 'blue' && seat !== 'gray')) return null;
  if (ending.reason === 'aborted') return { end: 'abort' };
  if (ending.reason === 'time' && ending.winner) {
    if (ending.winner === seat) return { end: 'claim' };
    return left !== null && left > 0 ? { notice: { key: 'friend.timeClaimRefused', params: { side: seat, time: formatClock(left) } } } : null;
  }
  if (ending.reason === 'agreement') return offer === seat ? { end: 'draw' } : { notice: { key: 'friend.drawNotOffered' } };
  if (ending.reason !== 'resignation' || !ending.winner) return null;
  const loser = otherSide(ending.winner);
  if (loser === seat) return { notice: { key: 'friend.ownResignation', params: { side: seat } } };
  return { end: 'resign', side: loser };
}

/**
 * Whether a link brings the friend's draw offer into the game this device keeps at `seat` (`gs`,
 * gone on with the link's moves): the friend's side when the link's game (`theirs`, its state)
 * has their offer standing (lib/draw-offer.js, `tag` the link's `DrawOffer`) and this device
 * has none standing yet; else null. A link cannot offer for this device's seat.
 * @param {Pick<GameState, 'history'|'result'>} gs
 * @param {string|null} seat
 * @param {Pick<GameState, 'history'|'side'|'result'>} theirs
 * @param {string|undefined} tag
 * @param {Side|null} standing the side whose offer stands on this device
 * @returns {Side|null}
 */
export function linkOffer(gs, seat, theirs, tag, standing) {
  if (gs.result || standing || (seat !== 'blue' && seat !== 'gray') || gs.history.length !== theirs.history.length) return null;
  const offer = standingOffer(theirs, tag);
  return offer && offer !== seat ? offer : null;
}

/**
 * What a link's takeback (ruling R38; `tag` its `TakebackOffer`, lib/takeback-offer.js) does to
 * the game this device keeps at `seat` (`gs`, gone on with the link's moves; `standing` the
 * request that stands here): `{back: true}` when the link is this game without its last move
 * alone, marked as the friend's acceptance of this seat's request, and that request stands here
 * (this device takes its move back); a message when such a link comes without it; `{ask: side}`
 * when the link's game (`theirs`, its state) has the friend's request standing and this device
 * has none yet; `{withdraw: side}` when the friend withdrew in the link's game the request that
 * stands here; else null. A link cannot ask for this device's seat, nor take back a move of the
 * friend's or one this seat did not ask to take back, nor withdraw this seat's request.
 * @param {Pick<GameState, 'history'|'result'>} gs
 * @param {string|null} seat
 * @param {Pick<GameState, 'history'|'side'|'result'>} theirs
 * @param {string|undefined} tag
 * @param {{side: Side, ply: number}|null} standing
 * @returns {{back: true}|{ask: Side}|{withdraw: Side}|{notice: Message}|null}
 */
export function linkTakeback(gs, seat, theirs, tag, standing) {
  if (gs.result || theirs.result || (seat !== 'blue' && seat !== 'gray')) return null;
  const accepted = acceptedTakeback(tag);
  const n = gs.history.length;
  const backOne = theirs.history.length === n - 1 && theirs.history.every((m, i) => gs.history[i] === m);
  if (accepted && backOne && accepted.side === seat && accepted.ply === n) {
    return standing && standing.side === seat && standing.ply === n ? { back: true } : { notice: { key: 'friend.takebackRefused' } };
  }
  if (theirs.history.length !== n) return null;
  const withdrawn = withdrawnTakeback(theirs, tag);
  if (standing) return withdrawn && withdrawn.side !== seat && withdrawn.side === standing.side && withdrawn.ply === standing.ply ? { withdraw: withdrawn.side } : null;
  const asked = standingTakeback(theirs, tag);
  return asked && asked.side !== seat ? { ask: asked.side } : null;
}

/**
 * The status line against a friend elsewhere, as a message: `b` is the board's snapshot
 * (`settings`, `gs`, `seat`). Null in other modes.
 * @param {Pick<GameSnapshot, 'settings'|'gs'|'seat'>} b
 * @returns {Message|null}
 */
export function friendStatus(b) {
  const { gs, seat } = b;
  if (!isRemote(b.settings.mode) || gs.result) return null;
  if (seat === 'watch') return { key: 'live.watching', params: { side: gs.side } };
  if (!seat) return { key: 'live.joining' };
  if (gs.side === seat) return gs.captureRequired ? { key: 'status.withCapture', params: { turn: { key: 'friend.yourMove', params: { side: seat } } } } : { key: 'friend.yourMove', params: { side: seat } };
  return { key: 'friend.waiting', params: { side: gs.side } };
}

/**
 * What the panel says of a live game's connection, as a message, or null outside live games.
 * It names no address: the relay's is the page's setting, not a player's word.
 * @param {LiveStatus|null} live
 * @returns {Message|null}
 */
export function liveLine(live) {
  if (!live) return null;
  if (live.relay === 'none') return { key: 'live.noRelay' };
  if (live.unsent && live.relay === 'unreachable') return { key: 'live.unsentUnreachable' };
  if (live.relay === 'unreachable') return { key: 'live.unreachable' };
  if (live.unsent) return { key: 'live.sending' };
  if (live.relay === 'connecting') return { key: 'live.connecting' };
  if (live.elsewhere) return { key: 'live.otherTab' };
  if (live.seat === 'watch') return { key: 'live.connectedWatching' };
  if (!live.seat) return { key: 'live.waitingForSeat' };
  const other = otherSide(live.seat);
  return { key: live[other] === 'online' ? 'live.opponentOnline' : 'live.opponentAway', params: { side: other } };
}

/**
 * How many watch a live game, while connected and when anyone does (the status line's end).
 * @param {Pick<LiveStatus, 'relay'|'onlookers'>|null} live
 * @returns {Message|null}
 */
export function onlookersLine(live) {
  return live && live.relay === 'connected' && live.onlookers ? { key: 'live.onlookers', params: { n: live.onlookers } } : null;
}

/**
 * Whether the page offers the link for the friend now: after this device's move (the friend is
 * to move) or once the game is over, in a game by link; in a live game, only while the relay
 * cannot be reached (links are then the way on).
 * @param {Pick<BoardSnapshot, 'gs'|'seat'|'settings'|'live'>} b
 * @returns {boolean}
 */
export function offersLink(b) {
  const { gs, seat } = b;
  if (!gs || !seat || seat === 'watch') return false;
  if (b.settings.mode === 'live' && !(b.live && b.live.relay === 'unreachable')) return false;
  return !!gs.result || gs.side !== seat;
}

/**
 * Whether this device may invite a friend to the live game: it is the host's, and the other seat
 * is still open (its player has never been seen on the relay). Any other device, and the host's
 * once the friend has come, offers the watch link instead, which gives no seat.
 * @param {Pick<LiveStatus, 'seat'|'host'|'blue'|'gray'>|null} live
 * @returns {boolean}
 */
export function invites(live) {
  if (!live || !live.host || live.seat !== live.host) return false;
  return live[otherSide(live.host)] === 'unknown';
}
