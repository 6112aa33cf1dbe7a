// Board interaction: what is selected, how far a multi-jump has been entered, where the keyboard
// cursor is, as pure functions over the `ui` part of the board's state (state.js). Every rule
// question is answered from the legal move list of the wasm `state()` object (each move's
// `points` and `captured`): nothing here knows the rules.
import { movesWithPrefix, movablePoints, nextTargets } from '../board/selection.js';
/** @import { GameState, Piece } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { Ui } from './state.js' */

/**
 * The piece on `point`, or null.
 * @param {GameState} gs
 * @param {string} point
 * @returns {Piece|null}
 */
function pieceAt(gs, point) {
  return gs.board.find((p) => p.point === point) || null;
}

/**
 * Applies "the player pressed point P" (a click, tap, drop or Enter) and returns
 * `{ui, play}`: the new interaction state, and the index into gs.moves of a move completed by
 * this press (or -1). `canMove` says whether the human may move now.
 * @param {GameState} gs
 * @param {Ui} ui
 * @param {string|null} point
 * @param {boolean} canMove
 * @returns {{ui: Ui, play: number}}
 */
export function press(gs, ui, point, canMove) {
  const next = { ...ui, notice: null, drag: null, armDeselect: false };
  if (!point) return { ui: { ...next, path: null }, play: -1 };
  if (!canMove) return { ui: { ...next, path: null }, play: -1 };
  const moves = gs.moves;
  if (ui.path) {
    const targets = nextTargets(moves, ui.path);
    if (targets.includes(point)) {
      const path = [...ui.path, point];
      const rest = movesWithPrefix(moves, path);
      const done = rest.find((m) => m.points.length === path.length);
      if (done) return { ui: { ...next, path: null }, play: moves.indexOf(done) };
      return { ui: { ...next, path, cursor: point }, play: -1 };
    }
    // Pressing the piece again (before any hop) puts it down when the press ends without a drag.
    if (ui.path.length === 1 && point === ui.path[0]) return { ui: { ...next, armDeselect: true }, play: -1 };
    // Pressing where the partial jump stands keeps it.
    if (ui.path.length > 1 && point === ui.path[ui.path.length - 1]) return { ui: next, play: -1 };
  }
  if (movablePoints(moves).includes(point)) {
    return { ui: { ...next, path: [point], cursor: point }, play: -1 };
  }
  return { ui: { ...next, path: null, notice: refusal(gs, point, !ui.path) }, play: -1 };
}

/**
 * Why a press on `point` picks nothing, as a message `{key, params}`, or null when there is
 * nothing to explain (an empty point).
 * @param {GameState} gs
 * @param {string} point
 * @param {boolean} nothingSelected
 * @returns {Message|null}
 */
export function refusal(gs, point, nothingSelected) {
  const piece = pieceAt(gs, point);
  if (!piece) return null;
  if (piece.color === gs.side && gs.captureRequired) {
    return { key: 'refuse.captureCompulsory', params: { side: gs.side, points: movablePoints(gs.moves).join(', ') } };
  }
  if (piece.color === gs.side) {
    const blocker = piece.kind === 'captain' ? captainBlocker(gs, piece) : null;
    if (blocker) return { key: 'refuse.captainBlocked', params: { point, blocker: blocker.point, kind: blocker.kind, color: blocker.color } };
    return { key: 'refuse.cannotMove', params: { kind: piece.kind, point } };
  }
  if (nothingSelected) return { key: 'refuse.notYourPiece', params: { color: piece.color, side: gs.side } };
  return null;
}

/**
 * The piece standing on the next point of a captain's path, which is what stops a captain that
 * has no move (its path is data from the rules core, not a rule of this file).
 * @param {GameState} gs
 * @param {Piece} captain
 * @returns {Piece|null}
 */
function captainBlocker(gs, captain) {
  const path = gs.paths[captain.color];
  const i = path.indexOf(captain.point);
  if (i < 0 || i + 1 >= path.length) return null;
  return pieceAt(gs, path[i + 1]);
}

/**
 * Applies the end of a press that did not become a drag.
 * @param {Ui} ui
 * @returns {Ui}
 */
export function release(ui) {
  return ui.armDeselect ? { ...ui, path: null, armDeselect: false } : ui;
}

/**
 * Whether a drag may start from `point`: the selected piece where its partial move stands.
 * @param {Ui} ui
 * @param {string} point
 * @returns {boolean}
 */
export function canDragFrom(ui, point) {
  return !!ui.path && ui.path[ui.path.length - 1] === point;
}

/**
 * Moves the keyboard cursor by (dFile, dRank) in screen terms, clamped to the board.
 * @param {Ui} ui
 * @param {number} dx
 * @param {number} dy
 * @param {boolean} flipped
 * @returns {Ui}
 */
export function moveCursor(ui, dx, dy, flipped) {
  const files = 'abcdefghi';
  let f = files.indexOf(ui.cursor[0]);
  let r = Number(ui.cursor[1]) - 1;
  const sx = flipped ? -1 : 1;
  f = Math.min(8, Math.max(0, f + dx * sx));
  r = Math.min(8, Math.max(0, r - dy * sx));
  return { ...ui, cursor: files[f] + (r + 1) };
}
