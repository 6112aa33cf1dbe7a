// The engine's judgement in words a player can read, and the marks of a game review. Pure.
//
// Scores are the engine's: hundredths of a step of captain progress, from the view of the side
// to move. Whether a score is a forced result, and in how many plies, is the rules core's to
// say (`mateIn` beside every score: plies to a forced win, negative for a loss, else null);
// nothing here decodes a score.
//
// The page says a score one way everywhere (the panel's evaluation and its bar, the computer's
// line), and only where the reader asked for the evaluation (play/page-state.js adviceShown):
// the side named, and its lead in steps of captain progress, the unit the rules count a lead
// in, rounded (aboutSteps): "Blue is ahead by about 4 steps", "Gray wins in 2 moves", "The game
// is about level"; never a bare figure whose unit and sign a reader must guess. A forced
// result is counted in the winner's own moves, as the puzzles count "win in 2" (lib/moves.js
// winnerMoves). How deep the engine looked and how many positions it searched are details for
// a tooltip (`searchDetails`).

/** @import { Result, Side } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
import { winnerMoves } from '../lib/moves.js';

/** @typedef {'best'|'good'|'inaccuracy'|'mistake'|'blunder'} Mark */

/**
 * The engine's judgement of a position for the side to move: a search's answer (SearchResult),
 * or anything with its score and `mateIn` (absent or null: no forced result).
 * @typedef {{score: number, mateIn?: number|null}} Evaluation
 */

/** @typedef {import('./analysis.js').ReviewEntry} ReviewEntry */

/**
 * A move of a reviewed game, marked (markMoves): the ply it was played at, the move, its side,
 * how much of the mover's evaluation it lost (hundredths of a step), its mark and the engine's
 * best move there. The turning points are some of them.
 * @typedef {{ply: number, move: string, side: Side, loss: number, mark: Mark, best: string|null}} MarkedMove
 */

/**
 * How much evaluation a move may lose, in hundredths of a step, and still be called each mark;
 * more than the last is a blunder. "Best" is the engine's own move or one within BEST.
 */
export const MARK_THRESHOLDS = Object.freeze({ best: 10, good: 50, inaccuracy: 150, mistake: 300 });

/** The marks, best first. */
/** @type {readonly Mark[]} */
export const MARKS = Object.freeze(['best', 'good', 'inaccuracy', 'mistake', 'blunder']);

/** Scores are clamped to this for charts and losses, so a forced result counts as a big lead. */
const CLAMP = 1000;

/**
 * `score` (for `side`) seen from Blue, clamped: forced results count as ±CLAMP.
 * @param {number} score
 * @param {Side} side
 */
export function blueView(score, side) {
  const s = Math.max(-CLAMP, Math.min(CLAMP, score));
  return side === 'blue' ? s : -s;
}

/**
 * How many steps of captain progress a score's lead is, rounded to a whole number: the one
 * home of "about N steps". 0 is a lead of less than half a step.
 * @param {number} score hundredths of a step, for either side
 * @returns {number}
 */
export function aboutSteps(score) {
  return Math.round(Math.abs(score) / 100);
}

/**
 * A move's loss (hundredths of a step) in the steps the review says it lost ("about N steps
 * lost"): aboutSteps, at least 1, since a move said to lose anything lost something.
 * @param {number} loss
 * @returns {number}
 */
export function lostSteps(loss) {
  return Math.max(1, aboutSteps(loss));
}

/**
 * A sentence about an analysis `{score, mateIn}` for the side to move `side`, as a message: who
 * wins by force and in how many of the winner's own moves, who is ahead and by about how many
 * steps (aboutSteps), or that the game is level or about level.
 * @param {Evaluation} evaluation
 * @param {Side} side
 * @returns {Message}
 */
export function describeScore({ score, mateIn }, side) {
  const other = side === 'blue' ? 'gray' : 'blue';
  if (mateIn !== null && mateIn !== undefined) return { key: 'eval.wins', params: { side: mateIn > 0 ? side : other, n: winnerMoves(mateIn) } };
  if (score === 0) return { key: 'eval.level' };
  const n = aboutSteps(score);
  if (n === 0) return { key: 'eval.aboutLevel' };
  return { key: 'eval.aheadSteps', params: { side: score > 0 ? side : other, n } };
}

/**
 * The computer's judgement of the position its move left, as a message, or null when that move
 * ended the game. Its search scored the position before the move for the side that moved
 * (`side`); the move is the first of its line, so the score holds after it and a forced result
 * is one ply nearer (the other side now moves first, which describeScore's count takes in).
 * @param {Evaluation & {side: Side}} info
 * @returns {Message|null}
 */
export function describeAfterMove(info) {
  const { mateIn } = info;
  if (mateIn === null || mateIn === undefined) return describeScore(info, info.side);
  const left = mateIn - Math.sign(mateIn);
  return left === 0 ? null : describeScore({ ...info, mateIn: left }, info.side);
}

/**
 * How far the engine looked, for a tooltip: its depth and the positions it searched.
 * @param {{depth: number, nodes: number}} search
 * @param {string} nodes the count of positions, its digits grouped in the reader's way
 * @returns {Message}
 */
export function searchDetails({ depth, nodes: count }, nodes) {
  return { key: 'engine.details', params: { depth, count, nodes } };
}

/**
 * Marks every move of a reviewed game. `entries` are the review's positions (ai-worker.js), one
 * per ply, the last one after the final move. Returns one `{ply, move, side, loss, mark, best}`
 * per move: `loss` is how much the mover's evaluation dropped, in hundredths of a step.
 * @param {ReviewEntry[]} entries
 * @returns {MarkedMove[]}
 */
export function markMoves(entries) {
  /** @type {MarkedMove[]} */
  const marks = [];
  for (let i = 0; i + 1 < entries.length; i++) {
    const before = entries[i];
    const after = entries[i + 1];
    if (before.score === null || before.played === null) continue;
    const mover = before.side;
    const was = positionValue(before);
    const now = positionValue(after);
    const sign = mover === 'blue' ? 1 : -1;
    const loss = Math.max(0, sign * (was - now));
    const mark = before.played === before.best ? 'best' : markFor(loss);
    marks.push({ ply: i, move: before.played, side: mover, loss, mark, best: before.best });
  }
  return marks;
}

/**
 * @param {number} loss
 * @returns {Mark}
 */
function markFor(loss) {
  for (const m of /** @type {const} */ (['best', 'good', 'inaccuracy', 'mistake'])) if (loss <= MARK_THRESHOLDS[m]) return m;
  return 'blunder';
}

/**
 * A reviewed position's value from Blue's view, clamped: its score, or for a finished game its
 * result (a win counts as the largest lead).
 * @param {ReviewEntry} entry
 */
export function positionValue(entry) {
  if (entry.score !== null) return blueView(entry.score, entry.side);
  if (!entry.result || !entry.result.winner) return 0;
  return entry.result.winner === 'blue' ? CLAMP : -CLAMP;
}

/** The largest value positionValue gives. */
export const VALUE_LIMIT = CLAMP;

/**
 * The moves that changed the game most: mistakes and blunders, biggest loss first, at most `n`.
 * @param {MarkedMove[]} marks
 * @returns {MarkedMove[]}
 */
export function turningPoints(marks, n = 5) {
  return marks
    .filter((m) => m.mark === 'mistake' || m.mark === 'blunder')
    .sort((a, b) => b.loss - a.loss)
    .slice(0, n)
    .sort((a, b) => a.ply - b.ply);
}
