// Playing the puzzle view by clicks, shared by tests/e2e/puzzles.test.mjs and the slower
// scripts/check-puzzles.mjs (which solves every puzzle of the set). The moves come from the
// rules core's puzzleSolution(), through the view's window `window.bluegray.puzzles`; they are
// clicked with helpers.mjs's playMove.
import { playMove } from './helpers.mjs';

export const PUZZLE_BOARD = '#puzzles blue-gray-game';

/** Opens the puzzle view and waits until a puzzle is on its board, ready for a move. */
export async function openPuzzles(page) {
  if (!(await page.evaluate(() => document.getElementById('puzzles').open))) await page.click('#open-puzzles');
  await page.waitForSelector('#puzzles[open] .puzzle');
  await waitPuzzleStatus(page, ['playing']);
}

/** Waits until the view's attempt is in one of `statuses` with no move still to be played. */
export function waitPuzzleStatus(page, statuses, timeout = 20000) {
  return page.waitForFunction(
    (list) => {
      const v = document.querySelector('#puzzles .puzzle');
      const b = document.querySelector('#puzzles blue-gray-game');
      return !!v && list.includes(v.dataset.status) && v.dataset.busy === 'false' && !!b.state && !b.animating;
    },
    statuses,
    { timeout },
  );
}

/** Puts puzzle `id` on the board and waits for it. */
export async function choosePuzzle(page, id) {
  await page.evaluate((i) => window.bluegray.puzzles.choose(i), id);
  await page.waitForFunction(
    ([i, sel]) => document.querySelector('#puzzles .puzzle').dataset.puzzle === i && document.querySelector(sel).state.history.length === 0,
    [id, PUZZLE_BOARD],
  );
  await waitPuzzleStatus(page, ['playing']);
}

/** The puzzle on the view's board and the moves played on it. */
export function current(page) {
  return page.evaluate((sel) => ({ puzzle: window.bluegray.puzzles.session.puzzle, history: document.querySelector(sel).state.history }), PUZZLE_BOARD);
}

/** The rest of the puzzle on the board's solution, from the moves played so far. */
export function solutionNow(page) {
  return page.evaluate((sel) => {
    const p = window.bluegray.puzzles.session.puzzle;
    return window.bluegray.puzzles.solution(p, document.querySelector(sel).state.history);
  }, PUZZLE_BOARD);
}

/**
 * Solves the puzzle on the view's board by clicks, each move the first of the solution from
 * where it stands. Returns the solver's moves; throws when the view does not say solved.
 */
export async function solveByClicks(page) {
  const mine = [];
  for (let guard = 0; guard < 8; guard++) {
    const [move] = await solutionNow(page);
    if (!move) throw new Error(`no solution from ${JSON.stringify(await current(page))}`);
    await playMove(page, move, { board: PUZZLE_BOARD });
    mine.push(move);
    await waitPuzzleStatus(page, ['playing', 'solved', 'wrong', 'error']);
    const status = await page.evaluate(() => document.querySelector('#puzzles .puzzle').dataset.status);
    if (status === 'solved') return mine;
    if (status !== 'playing') throw new Error(`after ${mine.join(' ')} the view says ${status}: ${await page.textContent('#puzzles .puzzle-feedback')}`);
  }
  throw new Error(`not solved after ${mine.join(' ')}`);
}
