// A takeback asked in a game against a person elsewhere (docs/RULES.md R38): the side that asks
// to take back its own last move and the plies played then, kept in the record's `TakebackOffer`
// tag ("blue 7") as a draw offer is in `DrawOffer` (lib/draw-offer.js), so that by link it
// travels in the next link with the moves and survives a reload. It stands only while that move is
// the game's last: the other side's move answers no, and an empty tag is a request declined. Pure.
/** @import { GameState, Side } from '../core/core-types.js' */

/** The record tag that holds the request. */
export const TAKEBACK_TAG = 'TakebackOffer';

/**
 * The tag's value for a request by `side` after `ply` plies, or for its acceptance.
 * @param {Side} side
 * @param {number} ply
 * @param {boolean} [accepted]
 * @returns {string}
 */
export function takebackTag(side, ply, accepted = false) {
  return accepted ? `${side} ${ply} accepted` : `${side} ${ply}`;
}

/**
 * The request the tag's value `value` marks accepted, or null.
 * @param {string|undefined|null} value
 * @returns {{side: Side, ply: number}|null}
 */
export function acceptedTakeback(value) {
  const m = /^(blue|gray) (\d{1,5}) accepted$/.exec(value ?? '');
  return m ? { side: /** @type {Side} */ (m[1]), ply: Number(m[2]) } : null;
}

/**
 * The request that stands in the game `gs` with the tag's value `value`, or null: none, one made
 * at another ply, one whose move is not the asker's, or in a game over.
 * @param {Pick<GameState, 'history'|'side'|'result'>} gs
 * @param {string|undefined|null} value
 * @returns {{side: Side, ply: number}|null}
 */
export function standingTakeback(gs, value) {
  const m = /^(blue|gray) (\d{1,5})$/.exec(value ?? '');
  if (!m || gs.result) return null;
  const side = /** @type {Side} */ (m[1]);
  const ply = Number(m[2]);
  // The sides take turns (no passing): the last move is the asker's when the other is to move.
  return ply > 0 && gs.history.length === ply && gs.side !== side ? { side, ply } : null;
}
