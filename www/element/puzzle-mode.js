// The board's puzzle mode (`mode="puzzle"` with `position` and `goal`): the person plays the side
// to move at the start, the rules core judges each of their moves (puzzleJudge), and the board
// plays the defender's replies, or after a wrong move the engine's refutation, itself; a move that
// wins too, but not in the moves asked (`slower`), it takes back after a pause, saying so. This
// part, which every board loads, says where a puzzle stands and who may move; puzzle-runner.js,
// fetched when a board is first in puzzle mode (lazy-parts.js), judges the moves and plays the
// replies.
import { goalMoves } from '../lib/settings.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */

/**
 * The puzzle on a board: the solver's side, the position code it started from, where it stands
 * (see startPuzzle), the moves the board is still to play itself, and after a wrong or slower
 * move the decisive reason the rules core gave (lib/puzzle-why.js), or null.
 * @typedef {{side: Side, start: string, status: 'playing'|'replying'|'slower'|'solved'|'failed', queue: string[], why: Message|null}} Puzzle
 */

/**
 * A puzzle begun from the game state `gs`: the solver is the side to move, `start` the code.
 * `status`: 'playing' (the solver's turn), 'replying' (the board plays `queue`), 'solved' or
 * 'failed' (then `queue` is what is left of the refutation to play), or 'slower' (the person's
 * move wins too, but not in the moves asked: the board takes it back after a pause).
 * @param {GameState|null} gs
 * @returns {Puzzle}
 */
export function startPuzzle(gs) {
  return { side: gs ? gs.side : 'blue', start: gs ? gs.code : '', status: 'playing', queue: [], why: null };
}

/**
 * Whether the person may move now in puzzle mode (the board's other conditions apart).
 * @param {BoardState} state
 * @returns {boolean}
 */
export function solverToMove(state) {
  const p = state.puzzle;
  return !!p && !!state.goal && p.status === 'playing' && !!state.gs && state.gs.side === p.side;
}

/**
 * Why the person may not move in puzzle mode, as a message.
 * @param {BoardState} state
 * @returns {Message}
 */
export function whyNoMove(state) {
  const p = state.puzzle;
  if (!state.goal) return { key: 'puzzles.board.noGoal' };
  if (p && p.status === 'solved') return { key: 'puzzles.board.solved' };
  if (p && p.status === 'failed') return p.why ? { key: 'puzzles.board.failedWhy', params: { why: p.why } } : { key: 'puzzles.board.failed' };
  if (p && p.status === 'slower') return slowerMessage(p, goalMoves(state.goal));
  return { key: 'puzzles.board.wait' };
}

/**
 * What the board says of a slower move (the puzzle `p` in status 'slower', `n` the moves asked),
 * with the win it still has when the rules core said it.
 * @param {Puzzle} p
 * @param {number} n
 * @returns {Message}
 */
export function slowerMessage(p, n) {
  return p.why ? { key: 'puzzles.board.slowerWhy', params: { n, why: p.why } } : { key: 'puzzles.board.slower', params: { n } };
}

