// The computer's move gliding into place, hop by hop, so that a long capture sequence can be
// followed. Pure: the board element keeps the value and asks where the glide is at each frame.
// Only the picture lags: the game state is already the new position.
/** @import { Move, Piece } from '../core/core-types.js' */
/** @import { AnimView } from './draw.js' */

/**
 * A move gliding into place: the position `code` it leads to, its points, the pieces it
 * captures, and when it started (performance.now()) and how long it takes, in milliseconds.
 * @typedef {{code: string, points: string[], captured: Piece[], start: number, duration: number}} Glide
 */

/** Milliseconds a piece takes over one step or hop of an animated move. */
export const HOP_MS = 170;

/**
 * The glide of `move` (a move view with `points` and `captured`) just played over
 * `boardBefore`, starting at `now`, for the position `code` it leads to.
 * @param {Pick<Move, 'points'|'captured'>} move
 * @param {readonly Piece[]} boardBefore
 * @param {string} code
 * @param {number} now
 * @returns {Glide}
 */
export function startGlide(move, boardBefore, code, now) {
  const captured = move.captured.map((pt) => boardBefore.find((p) => p.point === pt)).filter((p) => p !== undefined);
  return { code, points: move.points, captured, start: now, duration: HOP_MS * (move.points.length - 1) };
}

/**
 * Where `glide` is at `now` while the board shows `code`: `{points, captured, t}` with t from 0
 * to 1, or null once it is over or the position moved on (an undo, a new game, the next move).
 * @param {Glide|null} glide
 * @param {string|null|undefined} code
 * @param {number} now
 * @returns {AnimView|null}
 */
export function glideAt(glide, code, now) {
  if (!glide || glide.code !== code) return null;
  const t = (now - glide.start) / glide.duration;
  if (!(t < 1)) return null;
  return { points: glide.points, captured: glide.captured, t: Math.max(0, t) };
}
