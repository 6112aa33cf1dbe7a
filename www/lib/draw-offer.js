// A draw offered in a game by link (docs/RULES.md §5.1): the side that offered it and the plies
// played then, kept in the record's `DrawOffer` tag ("gray 12") so that it travels in the links
// with the moves and survives a reload. It stands until the side it was offered to has moved (a
// move is a refusal, as over the board) or the game ends; "declined 12" is one declined or
// withdrawn after those plies (no side offers again before another move, docs/RULES.md R39), and
// an empty tag none. Pure.
/** @import { GameState, Side } from '../core/core-types.js' */

/** The record tag that holds the offer. */
export const DRAW_OFFER_TAG = 'DrawOffer';

/** An offer's value in the tag: its side and plies. */
const OFFER_VALUE = /^(blue|gray) (\d{1,5})$/;

/**
 * The tag's value for an offer by `side` after `ply` plies.
 * @param {Side} side
 * @param {number} ply
 * @returns {string}
 */
export function offerTag(side, ply) {
  return `${side} ${ply}`;
}

/**
 * The side whose offer stands in the game `gs` with the tag's value `value`, or null: none, one
 * made in another line or later than the game, one the other side has answered by moving.
 * @param {Pick<GameState, 'history'|'side'|'result'>} gs
 * @param {string|undefined|null} value
 * @returns {Side|null}
 */
export function standingOffer(gs, value) {
  const m = OFFER_VALUE.exec(value ?? '');
  if (!m || gs.result) return null;
  const side = /** @type {Side} */ (m[1]);
  const ply = Number(m[2]);
  const played = gs.history.length;
  // The offer goes with its maker's own move after it; the other side's move answers it.
  const maker = played === ply + 1 && gs.side !== side;
  return played === ply || maker ? side : null;
}

/**
 * The tag's value once the offer made after `ply` plies is declined or withdrawn.
 * @param {number} ply
 * @returns {string}
 */
export function declinedTag(ply) {
  return `declined ${ply}`;
}

/**
 * The plies after which the offer of the tag's value `value` was made, or null: no offer.
 * @param {string|undefined|null} value
 * @returns {number|null}
 */
export function offerPly(value) {
  const m = OFFER_VALUE.exec(value ?? '');
  return m ? Number(m[2]) : null;
}

/**
 * Whether the tag's value `value` says an offer was declined in the game `gs` as it stands: no
 * side offers again before another move.
 * @param {Pick<GameState, 'history'>} gs
 * @param {string|undefined|null} value
 * @returns {boolean}
 */
export function declinedHere(gs, value) {
  const m = /^declined (\d{1,5})$/.exec(value ?? '');
  return !!m && Number(m[1]) === gs.history.length;
}
