// How the page numbers moves, as the rules core's `moveRows` do: a move is a turn of each side,
// so "12." is the first player's twelfth move and "12…" the reply. Every count of moves the page
// says (the move list, the game over's length, the impasse limit, the turning points) uses this
// one numbering, and a forced result is counted in the winner's own moves (winnerMoves).
/** @import { GameState } from '../core/core-types.js' */

/** The ellipsis that stands for the first player's half of a row: `12… e8-e7`. */
export const GAP = '…';

/**
 * Where ply `ply` (1 = the first move of the game) stands in the numbered rows: `{number, first,
 * text}` (`first`: it is the first player's half of its row), or null past the end.
 * @param {Pick<GameState, 'moveRows'>} gs
 * @param {number} ply
 * @returns {{number: number, first: boolean, text: string}|null}
 */
function rowOf(gs, ply) {
  let n = 0;
  for (const row of gs.moveRows) {
    /** @type {[string|undefined, boolean][]} */
    const halves = [
      [row.first, true],
      [row.second, false],
    ];
    for (const [text, first] of halves) {
      if (!text) continue;
      n += 1;
      if (n === ply) return { number: row.number, first, text };
    }
  }
  return null;
}

/**
 * The number of ply `ply`'s move as the list writes it (`12`), or null past the end.
 * @param {Pick<GameState, 'moveRows'>} gs
 * @param {number} ply
 * @returns {number|null}
 */
export function moveNumberOf(gs, ply) {
  const r = rowOf(gs, ply);
  return r ? r.number : null;
}

/**
 * Ply `ply` of the game `gs` as a score sheet writes it: `12. e2-e3` or `12… e8-e7`; '' when none.
 * @param {Pick<GameState, 'moveRows'>} gs
 * @param {number} ply
 * @returns {string}
 */
export function moveLabel(gs, ply) {
  const r = rowOf(gs, ply);
  if (!r) return '';
  return r.first ? `${r.number}. ${r.text}` : `${r.number}${GAP} ${r.text}`;
}

/**
 * The number of the game's last move, as the list numbers it; null before the first move.
 * @param {Pick<GameState, 'moveRows'>} gs
 * @returns {number|null}
 */
export function lastMoveNumber(gs) {
  const rows = gs.moveRows;
  return rows.length ? rows[rows.length - 1].number : null;
}

/**
 * A number of plies (single turns, as the rules core counts them) in moves, as the list numbers
 * them: a move is a turn of each side, so 60 plies are 30 moves (and 61 are 30½).
 * @param {number} plies
 * @returns {number}
 */
export function pliesAsMoves(plies) {
  return plies / 2;
}

/**
 * A forced result `plies` plies away, in the winner's own moves. `plies` is counted as the rules
 * core's `mateIn` counts it: from the position on the board, the side to move's ply first,
 * negative when the side to move loses. The winner moves every other ply and makes the last, so
 * its own moves are half the plies, rounded up: a win in 1 ply or in 2 is a win in 1 move, in 3
 * plies (the side to move's move, the reply, the winning move) 2 moves. The puzzles count "win in
 * 2" the same way: two of the solver's own moves.
 * @param {number} plies
 * @returns {number}
 */
export function winnerMoves(plies) {
  return Math.ceil(Math.abs(plies) / 2);
}

/**
 * The points a move passes through, for drawing it: a captain's slide of several steps (turbo
 * rules) follows `path`, its side's path, from its start to its end; any other move goes through
 * its own points (its start and each landing point).
 * @param {{kind: string, points: string[]}} move
 * @param {readonly string[]} path the mover's path, as the rules core gives it (`gs.paths`)
 * @returns {string[]}
 */
export function travelled(move, path) {
  if (move.kind !== 'captain' || move.points.length !== 2) return move.points;
  const i = path.indexOf(move.points[0]);
  const j = path.indexOf(move.points[1]);
  return i >= 0 && j > i + 1 ? path.slice(i, j + 1) : move.points;
}

/**
 * The path of the side that made `move` in the game `gs` after it: the side of the piece that
 * stands on its last point.
 * @param {{board: {point: string, color: 'blue'|'gray'}[], paths: {blue: string[], gray: string[]}}} gs
 * @param {{points: string[]}} move
 * @returns {string[]}
 */
export function moverPath(gs, move) {
  const to = move.points[move.points.length - 1];
  const piece = gs.board.find((p) => p.point === to);
  return piece ? gs.paths[piece.color] : [];
}
