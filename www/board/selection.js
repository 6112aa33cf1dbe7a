// What a partial move leads to: the legal moves that start with the points entered so far,
// where the piece can go next and what it has captured so far. Pure functions of the rules
// core's legal move list (each move's `points` and `captured`): nothing here knows the rules.
// The board's interaction (element/interaction.js) and the how-to's figures draw from them.
/** @import { GameState, Move } from '../core/core-types.js' */

/**
 * The current selection as draw.js shows it: the piece picked and the hops entered so far
 * (`path`), the legal next points and the guards a capture takes so far.
 * @typedef {{path: string[], targets: string[], captured: string[]}} SelectionView
 */

/**
 * The legal moves whose point list starts with `prefix`.
 * @param {readonly Move[]} moves
 * @param {readonly string[]} prefix
 * @returns {Move[]}
 */
export function movesWithPrefix(moves, prefix) {
  return moves.filter(
    (m) => m.points.length >= prefix.length && prefix.every((p, i) => m.points[i] === p),
  );
}

/**
 * Points of the pieces that have a legal move.
 * @param {readonly Move[]} moves
 * @returns {string[]}
 */
export function movablePoints(moves) {
  return [...new Set(moves.map((m) => m.points[0]))];
}

/**
 * Where the piece can go next after the points entered so far.
 * @param {readonly Move[]} moves
 * @param {readonly string[]} prefix
 * @returns {string[]}
 */
export function nextTargets(moves, prefix) {
  /** @type {Set<string>} */
  const out = new Set();
  for (const m of movesWithPrefix(moves, prefix)) {
    if (m.points.length > prefix.length) out.add(m.points[prefix.length]);
  }
  return [...out];
}

/**
 * The guards captured by the hops entered so far (from the moves' own captured lists).
 * @param {readonly Move[]} moves
 * @param {readonly string[]} prefix
 * @returns {string[]}
 */
export function capturedSoFar(moves, prefix) {
  const m = movesWithPrefix(moves, prefix)[0];
  if (!m || m.kind !== 'capture') return [];
  return m.captured.slice(0, prefix.length - 1);
}

/**
 * The view of the current selection for draw.js, or null.
 * @param {Pick<GameState, 'moves'>} gs
 * @param {{path: string[]|null}} ui
 * @returns {SelectionView|null}
 */
export function selectionView(gs, ui) {
  if (!ui.path) return null;
  return {
    path: ui.path,
    targets: nextTargets(gs.moves, ui.path),
    captured: capturedSoFar(gs.moves, ui.path),
  };
}
