// A takeback asked in a game against a person elsewhere (docs/RULES.md R38): the side that asks
// to take back its own last move and the plies played then, kept in the record's `TakebackOffer`
// tag ("blue 7") as a draw offer is in `DrawOffer` (lib/draw-offer.js), so that by link it
// travels in the next link with the moves and survives a reload. It stands only while that move is
// the game's last: the other side's move answers no, and an empty tag is a request declined. The
// asker may withdraw it ("blue 7 withdrawn"), which bars another request until the next move. Pure.
/** @import { GameState, Side } from '../core/core-types.js' */

/** The record tag that holds the request. */
export const TAKEBACK_TAG = 'TakebackOffer';

/** What became of a request: accepted by the other side, or withdrawn by the asker. @typedef {'accepted'|'withdrawn'} TakebackAnswer */

/**
 * The tag's value for a request by `side` after `ply` plies, or for what became of it (`answer`).
 * @param {Side} side
 * @param {number} ply
 * @param {TakebackAnswer} [answer]
 * @returns {string}
 */
export function takebackTag(side, ply, answer) {
  return answer ? `${side} ${ply} ${answer}` : `${side} ${ply}`;
}

/**
 * The request the tag's value `value` marks accepted, or null.
 * @param {string|undefined|null} value
 * @returns {{side: Side, ply: number}|null}
 */
export function acceptedTakeback(value) {
  return tagged(value, 'accepted');
}

/**
 * The request the tag's value `value` marks withdrawn in the game `gs`, while its move is still
 * the game's last (no other is asked until the next move), or null.
 * @param {Pick<GameState, 'history'|'side'|'result'>} gs
 * @param {string|undefined|null} value
 * @returns {{side: Side, ply: number}|null}
 */
export function withdrawnTakeback(gs, value) {
  return lastMoveOf(gs, tagged(value, 'withdrawn'));
}

/**
 * The request that stands in the game `gs` with the tag's value `value`, or null: none, one made
 * at another ply, one whose move is not the asker's, or in a game over.
 * @param {Pick<GameState, 'history'|'side'|'result'>} gs
 * @param {string|undefined|null} value
 * @returns {{side: Side, ply: number}|null}
 */
export function standingTakeback(gs, value) {
  return lastMoveOf(gs, tagged(value, null));
}

/**
 * The request the tag's value `value` holds with `answer` (null: none, the request alone), or null.
 * @param {string|undefined|null} value
 * @param {TakebackAnswer|null} answer
 * @returns {{side: Side, ply: number}|null}
 */
function tagged(value, answer) {
  const m = /^(blue|gray) (\d{1,5})(?: (accepted|withdrawn))?$/.exec(value ?? '');
  return m && (m[3] ?? null) === answer ? { side: /** @type {Side} */ (m[1]), ply: Number(m[2]) } : null;
}

/**
 * The request `r` when its move, the `ply`th, is `side`'s and the last of the game `gs`, which
 * goes on; else null.
 * @param {Pick<GameState, 'history'|'side'|'result'>} gs
 * @param {{side: Side, ply: number}|null} r
 * @returns {{side: Side, ply: number}|null}
 */
function lastMoveOf(gs, r) {
  // The sides take turns (no passing): the last move is the asker's when the other is to move.
  return r && !gs.result && r.ply > 0 && gs.history.length === r.ply && gs.side !== r.side ? r : null;
}
