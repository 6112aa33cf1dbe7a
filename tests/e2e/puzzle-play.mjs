// Playing the puzzle view by clicks, shared by tests/e2e/puzzles.test.mjs and the slower
// scripts/check-puzzles.mjs (which solves every puzzle of the set). The moves come from the
// rules core's puzzleSolution(), through the view's window `window.bluegray.puzzles`; they are
// clicked with helpers.mjs's playMove.
import { playMove } from './helpers.mjs';

/**
 * @import { JSHandle, Page } from 'playwright-core'
 * @import { PuzzleInfo } from '../../www/core/core-types.js'
 * @import { BoardElement, TestHooks } from './lib/board.mjs'
 */
/**
 * The puzzle view's window for tests (www/learn/puzzles.js, which www/app.js adds to the page's):
 * its attempt (null before the view is first opened) with the puzzle on the board (null: none),
 * the set, the rest of a puzzle's solution after some moves, and a puzzle put on the board.
 * @typedef {{
 *   readonly session: { puzzle: PuzzleInfo | null } | null,
 *   puzzles(): PuzzleInfo[],
 *   solution(puzzle: PuzzleInfo, moves: string[]): string[],
 *   choose(id: string): Promise<void>,
 * }} PuzzleView
 */
/**
 * The page's window as the code run in it sees it: its window for tests, and in that the puzzle
 * view's, each there once the page has put it there.
 * @typedef {Window & { bluegray?: TestHooks & { puzzles?: PuzzleView } }} PuzzleWindow
 */

export const PUZZLE_BOARD = '#puzzles blue-gray-game';

/**
 * Opens the puzzle view and waits until a puzzle is on its board, ready for a move.
 * @param {Page} page
 * @returns {Promise<void>}
 */
export async function openPuzzles(page) {
  const open = await page.evaluate(() => {
    const dialog = document.getElementById('puzzles');
    if (!(dialog instanceof HTMLDialogElement)) throw new Error('the page has no #puzzles dialog');
    return dialog.open;
  });
  if (!open) await page.click('#open-puzzles');
  await page.waitForSelector('#puzzles[open] .puzzle');
  await waitPuzzleStatus(page, ['playing']);
}

/**
 * Waits until the view's attempt is in one of `statuses` with no move still to be played.
 * @param {Page} page
 * @param {string[]} statuses e.g. 'playing', 'solved', 'wrong' (www/learn/puzzle-session.js)
 * @param {number} [timeout] ms
 * @returns {Promise<JSHandle<boolean>>}
 */
export function waitPuzzleStatus(page, statuses, timeout = 20000) {
  return page.waitForFunction(
    (list) => {
      const v = /** @type {HTMLElement | null} */ (document.querySelector('#puzzles .puzzle'));
      if (!v || v.dataset.status === undefined || !list.includes(v.dataset.status) || v.dataset.busy !== 'false') return false;
      const b = /** @type {BoardElement | null} */ (document.querySelector('#puzzles blue-gray-game'));
      if (!b) throw new Error('the puzzle view has no board');
      return !!b.state && !b.animating;
    },
    statuses,
    { timeout },
  );
}

/**
 * Puts puzzle `id` on the board and waits for it.
 * @param {Page} page
 * @param {string} id
 * @returns {Promise<void>}
 */
export async function choosePuzzle(page, id) {
  await page.evaluate((i) => {
    const view = /** @type {PuzzleWindow} */ (window).bluegray?.puzzles;
    if (!view) throw new Error('the page has no window.bluegray.puzzles');
    return view.choose(i);
  }, id);
  await page.waitForFunction(
    ([i, sel]) => {
      const v = /** @type {HTMLElement | null} */ (document.querySelector('#puzzles .puzzle'));
      if (!v) throw new Error('the puzzle view has no puzzle');
      if (v.dataset.puzzle !== i) return false;
      const s = /** @type {BoardElement | null} */ (document.querySelector(sel))?.state;
      if (!s) throw new Error(`${sel} has no game`);
      return s.history.length === 0;
    },
    [id, PUZZLE_BOARD],
  );
  await waitPuzzleStatus(page, ['playing']);
}

/**
 * The puzzle on the view's board (null: none) and the moves played on it.
 * @param {Page} page
 * @returns {Promise<{ puzzle: PuzzleInfo | null, history: string[] }>}
 */
export function current(page) {
  return page.evaluate((sel) => {
    const session = /** @type {PuzzleWindow} */ (window).bluegray?.puzzles?.session;
    if (!session) throw new Error('the page has no puzzle attempt in window.bluegray.puzzles');
    const s = /** @type {BoardElement | null} */ (document.querySelector(sel))?.state;
    if (!s) throw new Error(`${sel} has no game`);
    return { puzzle: session.puzzle, history: s.history };
  }, PUZZLE_BOARD);
}

/**
 * The rest of the puzzle on the board's solution, from the moves played so far ([]: no puzzle,
 * or out of reach).
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export function solutionNow(page) {
  return page.evaluate((sel) => {
    const view = /** @type {PuzzleWindow} */ (window).bluegray?.puzzles;
    if (!view?.session) throw new Error('the page has no puzzle attempt in window.bluegray.puzzles');
    const p = view.session.puzzle;
    if (!p) return [];
    const s = /** @type {BoardElement | null} */ (document.querySelector(sel))?.state;
    if (!s) throw new Error(`${sel} has no game`);
    return view.solution(p, s.history);
  }, PUZZLE_BOARD);
}

/**
 * Solves the puzzle on the view's board by clicks, each move the first of the solution from
 * where it stands. Returns the solver's moves; throws when the view does not say solved.
 * @param {Page} page
 * @returns {Promise<string[]>}
 */
export async function solveByClicks(page) {
  /** @type {string[]} */
  const mine = [];
  for (let guard = 0; guard < 8; guard++) {
    const [move] = await solutionNow(page);
    if (!move) throw new Error(`no solution from ${JSON.stringify(await current(page))}`);
    await playMove(page, move, { board: PUZZLE_BOARD });
    mine.push(move);
    await waitPuzzleStatus(page, ['playing', 'solved', 'wrong', 'error']);
    const status = await page.evaluate(() => {
      const v = /** @type {HTMLElement | null} */ (document.querySelector('#puzzles .puzzle'));
      if (!v) throw new Error('the puzzle view has no puzzle');
      return v.dataset.status;
    });
    if (status === 'solved') return mine;
    if (status !== 'playing') throw new Error(`after ${mine.join(' ')} the view says ${status}: ${await page.textContent('#puzzles .puzzle-feedback')}`);
  }
  throw new Error(`not solved after ${mine.join(' ')}`);
}
