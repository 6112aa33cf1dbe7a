// The puzzle view's state and its changes, pure: which puzzle is on the board, the moves played
// in it (the defender's replies included), where the attempt stands, and the player's progress
// (the puzzles solved, the current and best streak), which the page keeps on the device. Whether
// a move is right is the rules core's word (puzzleJudge, through the page); this module only
// records the verdicts.
//
// A streak counts puzzles solved in a row at the first try with no help: a wrong move or asking
// for the solution ends it; a puzzle solved after a wrong move, a hint or "Try again" is
// remembered as solved but adds nothing to the streak (a hint alone does not end it). A move
// that wins too, but not in the moves asked (`slower`), is no mistake: it is taken back, the
// streak goes on, but a puzzle then solved adds nothing to it (it was not the first try).
//
// Each puzzle is rated on its first result on this device (puzzle-rating.js, Glicko-2): solved
// with no wrong move and no hint is the player's win, a wrong move, a hint then the solve, or the
// solution shown the player's loss; the puzzle gets the opposite result. Later attempts at it
// are practice and change no rating (a player could otherwise win it again and again).
//
// The player may choose a theme (the idea of a solution, as the rules core derives it): then
// Next goes only through the puzzles of that theme. Hints are graded: the first names the piece
// that moves, a second the move.

import { GOALS } from '../lib/settings.js';
import { noProgress, ratingsWith } from './puzzle-progress.js';
import { puzzleStart, rateAttempt } from './puzzle-rating.js';
/** @import { PuzzleProgress } from './puzzle-progress.js' */
/** @import { Rating } from './puzzle-rating.js' */

export { STORAGE_KEY, noProgress, readProgress, loadProgress, saveProgress } from './puzzle-progress.js';
/** @import { Side, PuzzleVerdict } from '../core/core-types.js' */

/** @typedef {'win2'|'win3'|'stop'} PuzzleGoal */

/** The themes the rules core gives puzzles (bluegray-puzzles idea.rs), in the order they are listed. */
export const THEMES = /** @type {const} */ (['breakthrough', 'lead', 'sacrifice', 'capture-chain', 'block', 'race', 'stop']);

/** @typedef {typeof THEMES[number]} PuzzleTheme */

/**
 * A puzzle of the rules core's set (`puzzles()`): its position, the side that solves it, its
 * goal, the solver's moves in the solution and its theme (null: not one known here).
 * @typedef {{id: string, variant: string, code: string, side: Side, goal: PuzzleGoal, length: number, theme: PuzzleTheme|null}} Puzzle
 */


/**
 * Where the attempt stands: the set not known yet (`loading`) or empty (`empty`), the player's
 * turn, the defender's reply playing, solved, a wrong move refuted, a move that wins too but
 * not in the moves asked about to be taken back (`slower`), the solution shown, or a move the
 * rules core could not judge (`error`).
 * @typedef {'loading'|'empty'|'playing'|'replying'|'solved'|'wrong'|'slower'|'shown'|'error'} PuzzleStatus
 */

/**
 * The puzzle view's state: the set, the progress, the theme chosen (null: every puzzle), the
 * puzzle on the board (null: none), the moves played in it, the defender's `reply` to play, the
 * `refutation` of a wrong move, the `solution` shown, the move `hint`ed and how much of it was
 * told (`hintLevel`: 1 the piece, 2 the move), whether the attempt still counts for the streak
 * (`clean`) and what went wrong (`error`).
 * @typedef {{
 *   puzzles: Puzzle[],
 *   progress: PuzzleProgress,
 *   theme: PuzzleTheme|null,
 *   puzzle: Puzzle|null,
 *   moves: string[],
 *   status: PuzzleStatus,
 *   reply: string|null,
 *   refutation: string[],
 *   solution: string[],
 *   hint: string|null,
 *   hintLevel: 0|1|2,
 *   clean: boolean,
 *   error: string|null,
 * }} PuzzleSession
 */

/**
 * Whether `goal` is one of the goals a puzzle may have (lib/settings.js GOALS).
 * @param {unknown} goal
 * @returns {goal is PuzzleGoal}
 */
function isGoal(goal) {
  return GOALS.some((g) => g === goal);
}

/**
 * @param {unknown} theme
 * @returns {theme is PuzzleTheme}
 */
function isTheme(theme) {
  return THEMES.some((x) => x === theme);
}

/**
 * A puzzle of the set as the rules core gives it, or null when it is not one.
 * @param {unknown} p
 * @returns {Puzzle|null}
 */
function checkPuzzle(p) {
  if (!p || typeof p !== 'object') return null;
  const { id, variant, code, side, goal, length, theme } = /** @type {Record<string, unknown>} */ (p);
  if (typeof id !== 'string' || typeof variant !== 'string' || typeof code !== 'string') return null;
  if (side !== 'blue' && side !== 'gray') return null;
  if (!isGoal(goal) || typeof length !== 'number' || !Number.isInteger(length) || length < 1) return null;
  return { id, variant, code, side, goal, length, theme: isTheme(theme) ? theme : null };
}

/**
 * A session before the puzzles are known.
 * @returns {PuzzleSession}
 */
export function loading(progress = noProgress()) {
  return { puzzles: [], progress, theme: null, puzzle: null, moves: [], status: 'loading', reply: null, refutation: [], solution: [], hint: null, hintLevel: 0, clean: true, error: null };
}

/**
 * The session once the set is known (`puzzles()` of the rules core; entries that are not
 * puzzles are left out), on the first puzzle not solved yet.
 * @param {PuzzleSession} session
 * @param {unknown} puzzles
 * @returns {PuzzleSession}
 */
export function withPuzzles(session, puzzles) {
  const list = (Array.isArray(puzzles) ? puzzles : []).map(checkPuzzle).filter((p) => p !== null);
  return next({ ...session, puzzles: list });
}

/**
 * Whether puzzle `id` has been solved.
 * @param {PuzzleSession} session
 * @param {string} id
 */
export function isSolved(session, id) {
  return session.progress.solved.includes(id);
}

/**
 * The puzzles Next goes through: those of the theme chosen, or all.
 * @param {PuzzleSession} session
 */
export function inTheme(session) {
  const theme = session.theme;
  return theme ? session.puzzles.filter((p) => p.theme === theme) : session.puzzles;
}

/**
 * The themes the set's puzzles have, in THEMES' order, each with how many puzzles have it.
 * @param {PuzzleSession} session
 * @returns {{theme: PuzzleTheme, count: number}[]}
 */
export function themes(session) {
  return THEMES.map((theme) => ({ theme, count: session.puzzles.filter((p) => p.theme === theme).length })).filter((x) => x.count > 0);
}

/**
 * The puzzle after the current one (in the set's order, coming round to the start) of the theme
 * chosen that is not solved yet; when every one is solved, simply the next one.
 * @param {PuzzleSession} session
 * @returns {Puzzle|null}
 */
export function nextPuzzle(session) {
  const list = inTheme(session);
  if (!list.length) return null;
  const current = session.puzzle;
  // A puzzle outside the theme has no place in the list: the list is then gone through from its start.
  const at = current ? list.findIndex((p) => p.id === current.id) : -1;
  for (let k = 1; k <= list.length; k++) {
    const p = list[(at + k) % list.length];
    if (!isSolved(session, p.id)) return p;
  }
  return list[(at + 1) % list.length];
}

/**
 * A fresh attempt at `puzzle`.
 * @param {PuzzleSession} session
 * @param {Puzzle|null} puzzle
 * @param {boolean} clean
 * @returns {PuzzleSession}
 */
function attempt(session, puzzle, clean) {
  return { ...session, puzzle, moves: [], status: puzzle ? 'playing' : 'empty', reply: null, refutation: [], solution: [], hint: null, hintLevel: 0, clean, error: null };
}

/**
 * The session on the next puzzle (nextPuzzle); 'empty' when the set has none.
 * @param {PuzzleSession} session
 */
export function next(session) {
  return attempt(session, nextPuzzle(session), true);
}

/**
 * The session on puzzle `id` (unchanged when there is no such puzzle).
 * @param {PuzzleSession} session
 * @param {string} id
 */
export function choose(session, id) {
  const p = session.puzzles.find((x) => x.id === id);
  return p ? attempt(session, p, true) : session;
}

/**
 * The session with `theme` chosen (null: every puzzle; anything not a theme of the set changes
 * nothing): on the puzzle there already when it has that theme, else on the theme's next one.
 * @param {PuzzleSession} session
 * @param {unknown} theme
 * @returns {PuzzleSession}
 */
export function withTheme(session, theme) {
  if (theme !== null && !themes(session).some((x) => x.theme === theme)) return session;
  const chosen = { ...session, theme: /** @type {PuzzleTheme|null} */ (theme) };
  const p = session.puzzle;
  return p && (theme === null || p.theme === theme) ? chosen : next(chosen);
}

/**
 * The same puzzle again from its start, after a wrong move or its solution (adds nothing to the streak).
 * @param {PuzzleSession} session
 */
export function tryAgain(session) {
  return session.puzzle ? attempt(session, session.puzzle, false) : session;
}

/**
 * Whether the player may move on the board now.
 * @param {PuzzleSession} session
 */
export function canMove(session) {
  return session.status === 'playing';
}

/**
 * @param {PuzzleSession} session
 * @param {Partial<PuzzleProgress>} change
 * @returns {PuzzleSession}
 */
function withProgress(session, change) {
  const p = { ...session.progress, ...change };
  return { ...session, progress: { ...p, best: Math.max(p.best, p.streak) } };
}

/**
 * The rating of `puzzle` on this device: its own once rated, else its start (puzzleStart).
 * @param {PuzzleProgress} progress
 * @param {Puzzle} puzzle
 * @returns {Rating}
 */
export function puzzleRating(progress, puzzle) {
  return Object.hasOwn(progress.ratings, puzzle.id) ? progress.ratings[puzzle.id] : puzzleStart(puzzle.length);
}

/**
 * The session with the attempt's result rated (the player's rating and the puzzle's), when it is
 * the puzzle's first result on this device (see the top of this file); else as it is.
 * @param {PuzzleSession} session
 * @param {boolean} won the player solved it alone
 * @returns {PuzzleSession}
 */
function rated(session, won) {
  const p = session.puzzle;
  if (!p || Object.hasOwn(session.progress.ratings, p.id)) return session;
  const after = rateAttempt(session.progress.rating, puzzleRating(session.progress, p), won);
  return withProgress(session, { rating: after.player, ratings: ratingsWith(session.progress.ratings, p.id, after.puzzle) });
}

/**
 * The session after the player's move `move` and the rules core's verdict on it (puzzleJudge:
 * {status: 'solved'|'continue'|'wrong'|'slower', reply, refutation}). A move made while no move
 * was expected, or a verdict that is not one, changes nothing but `error`. A slower move is not
 * kept in `moves` (the page takes it back: see takenBack).
 * @param {PuzzleSession} session
 * @param {unknown} move
 * @param {unknown} verdict a PuzzleVerdict, checked
 * @returns {PuzzleSession}
 */
export function played(session, move, verdict) {
  // (A session that takes moves is always on a puzzle; the check says so to the type checker.)
  if (!canMove(session) || !session.puzzle || typeof move !== 'string') return session;
  const moves = [...session.moves, move];
  const v = /** @type {Record<string, unknown>} */ (verdict && typeof verdict === 'object' ? verdict : {});
  const status = v.status;
  if (status === 'solved') {
    const id = session.puzzle.id;
    const solved = isSolved(session, id) ? session.progress.solved : [...session.progress.solved, id];
    const streak = session.clean ? session.progress.streak + 1 : session.progress.streak;
    return rated(withProgress({ ...session, moves, status: 'solved', hint: null }, { solved, streak }), session.hintLevel === 0);
  }
  if (status === 'continue' && typeof v.reply === 'string' && v.reply) {
    return { ...session, moves, status: 'replying', reply: v.reply, hint: null };
  }
  if (status === 'wrong') {
    /** @type {string[]} */
    const refutation = Array.isArray(v.refutation) ? v.refutation.filter((m) => typeof m === 'string') : [];
    return rated(withProgress({ ...session, moves, status: 'wrong', refutation, hint: null, clean: false }, { streak: 0 }), false);
  }
  if (status === 'slower') return { ...session, status: 'slower', hint: null, clean: false };
  return { ...session, error: 'verdict' };
}

/**
 * The player's slower move has been taken back on the board: their turn again, from before it.
 * @param {PuzzleSession} session
 * @returns {PuzzleSession}
 */
export function takenBack(session) {
  return session.status === 'slower' ? { ...session, status: 'playing' } : session;
}

/**
 * The rules core could not judge the move (`message` says why): the attempt stops there, the
 * streak untouched, until "Try again" or the next puzzle.
 * @param {PuzzleSession} session
 * @param {string} message
 * @returns {PuzzleSession}
 */
export function broken(session, message) {
  if (!session.puzzle) return session;
  return { ...session, status: 'error', error: String(message), reply: null, hint: null };
}

/**
 * The defender's reply is on the board: the player's turn again.
 * @param {PuzzleSession} session
 * @returns {PuzzleSession}
 */
export function replied(session) {
  if (session.status !== 'replying' || !session.reply) return session;
  return { ...session, moves: [...session.moves, session.reply], status: 'playing', reply: null };
}

/**
 * A hint for `move`, the next move of the solution: the first for it names the piece (level 1),
 * the next the move (level 2). The attempt no longer adds to the streak.
 * @param {PuzzleSession} session
 * @param {unknown} move
 * @returns {PuzzleSession}
 */
export function hinted(session, move) {
  if (!canMove(session) || typeof move !== 'string' || !move) return session;
  return { ...session, hint: move, hintLevel: session.hint === move && session.hintLevel > 0 ? 2 : 1, clean: false };
}

/**
 * The player gave up: `solution` (the rest of the solution from where the attempt stands) is
 * played on the board; the streak ends.
 * @param {PuzzleSession} session
 * @param {unknown} solution
 * @returns {PuzzleSession}
 */
export function shown(session, solution) {
  if (!session.puzzle || session.status === 'solved' || session.status === 'loading') return session;
  /** @type {string[]} */
  const rest = Array.isArray(solution) ? solution.filter((m) => typeof m === 'string') : [];
  return rated(withProgress({ ...session, status: 'shown', solution: rest, hint: null, clean: false, reply: null }, { streak: 0 }), false);
}

/**
 * What the player is asked to do, as a message: `{key, params}` of the message tables
 * (`puzzles.goal.win` with the side and the number of moves, or the side's `puzzles.goal.stop…`),
 * or null with no puzzle.
 * @param {Puzzle|null} puzzle
 * @returns {{key: string, params: import('../lib/i18n.js').MessageParams}|null}
 */
export function goalMessage(puzzle) {
  if (!puzzle) return null;
  if (puzzle.goal === 'stop') return { key: puzzle.side === 'blue' ? 'puzzles.goal.stopBlue' : 'puzzles.goal.stopGray', params: {} };
  return { key: 'puzzles.goal.win', params: { side: puzzle.side, n: puzzle.goal === 'win3' ? 3 : 2 } };
}

/**
 * How many of the set's puzzles are solved.
 * @param {PuzzleSession} session
 */
export function solvedCount(session) {
  return session.puzzles.filter((p) => isSolved(session, p.id)).length;
}
