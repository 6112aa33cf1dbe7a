// "Make a puzzle" in the page's board editor: the teaching module's proof search (fetched at the
// first check) says whether the goal holds in the position set up, and whether its first move is
// the only one that reaches it, as a puzzle wants; a puzzle that holds can be tried at once on a
// board in puzzle mode, or copied as that board's element for a page of one's own.
import { el, button } from '../lib/dom.js';
import { loadTeaching } from '../core/assets.js';
import { loadMessages } from '../lib/i18n.js';

/**
 * @import { Goal } from '../core/core-types.js'
 * @import { Core, Teaching } from '../core/core-api.js'
 * @import { Translate } from '../lib/i18n.js'
 */

/** The goals a puzzle may have, as the rules core names them. */
export const GOALS = /** @type {readonly Goal[]} */ (Object.freeze(['win2', 'win3', 'stop']));

/**
 * What the proof search says of a position and goal: it does not hold (or is beyond the search),
 * or it holds with a solution and the first moves that reach it (`unique` when there is one).
 * @typedef {{holds: false} | {holds: true, solution: string[], correct: string[], unique: boolean}} PuzzleFinding
 */

/**
 * Judges `goal` for the side to move in `code` under `variant`: the solution, then every legal
 * first move put to the rules core's puzzle judge, which calls one that still reaches the goal
 * `solved` or `continue` (a move that wins only later is `slower`, and no solution).
 * @param {Pick<Teaching, 'puzzleJudge'|'puzzleSolution'>} teaching
 * @param {Pick<Core, 'Game'>} core
 * @param {{variant: string, code: string, goal: Goal}} puzzle
 * @returns {PuzzleFinding}
 */
export function findPuzzle(teaching, core, { variant, code, goal }) {
  /** @type {string[]} */
  let solution;
  try {
    solution = teaching.puzzleSolution(variant, code, goal, []);
  } catch {
    return { holds: false };
  }
  if (!solution.length) return { holds: false };
  const game = core.Game.fromCode(variant, code);
  const moves = game.state().moves.map((m) => m.text);
  game.free();
  const correct = moves.filter((m) => {
    try {
      const { status } = teaching.puzzleJudge(variant, code, goal, [m]);
      return status === 'solved' || status === 'continue';
    } catch {
      return false;
    }
  });
  return { holds: true, solution, correct, unique: correct.length === 1 };
}

/**
 * The element that shows a puzzle on another page.
 * @param {{variant: string, code: string, goal: Goal}} puzzle
 */
export function puzzleElement({ variant, code, goal }) {
  const attr = (/** @type {string} */ v) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<blue-gray-game mode="puzzle" variant="${attr(variant)}" position="${attr(code)}" goal="${goal}"></blue-gray-game>`;
}

/**
 * The "Make a puzzle" box: `position()` is the position set up when it can be played (else
 * null), `core` the rules core, `copy(text)` copies. Returns `{element, reset()}`: `reset` forgets
 * a finding when the position changes.
 * @param {{t: Translate, core: Core, position: () => {variant: string, code: string, side: 'blue'|'gray'}|null, copy: (text: string) => void}} parts
 */
export function puzzleMaker({ t, core, position, copy }) {
  const goal = el('select', { id: 'editor-goal' }, GOALS.map((g) => el('option', { value: g, text: t(`edit.puzzle.goal.${g}`) })));
  const check = button('edit.puzzle.check', t);
  const said = el('p', { class: 'editor-puzzle-said', role: 'status', 'aria-live': 'polite' });
  const tryIt = button('edit.puzzle.try', t);
  const copyIt = button('edit.puzzle.copy', t);
  const board = el('div', { class: 'editor-puzzle-board' });
  const found = el('div', { class: 'editor-row' }, [tryIt, copyIt]);
  /** The puzzle found to hold with one first move, or null. */
  let puzzle = /** @type {{variant: string, code: string, goal: Goal}|null} */ (null);

  function reset() {
    puzzle = null;
    said.textContent = '';
    found.hidden = true;
    board.replaceChildren();
  }

  check.addEventListener('click', async () => {
    reset();
    const p = position();
    if (!p) return void (said.textContent = t('edit.puzzle.notPlayable'));
    const g = GOALS.find((x) => x === goal.value) || 'win2';
    said.textContent = t('edit.puzzle.checking');
    check.disabled = true;
    try {
      const finding = findPuzzle(await loadTeaching(), core, { variant: p.variant, code: p.code, goal: g });
      if (!finding.holds) said.textContent = t('edit.puzzle.fails', { side: p.side });
      else if (!finding.unique) said.textContent = t('edit.puzzle.many', { n: finding.correct.length, moves: finding.correct.join(', ') });
      else {
        said.textContent = t('edit.puzzle.unique', { move: finding.solution[0], line: finding.solution.join(' ') });
        puzzle = { variant: p.variant, code: p.code, goal: g };
        found.hidden = false;
      }
    } catch (e) {
      said.textContent = String((e && /** @type {Error} */ (e).message) || e);
    } finally {
      check.disabled = false;
    }
  });
  tryIt.addEventListener('click', async () => {
    if (!puzzle) return;
    // A board in puzzle mode speaks the teaching part, which the page loads only with the puzzles.
    await loadMessages('learn', document.documentElement.lang || 'en');
    const b = document.createElement('blue-gray-game');
    for (const [k, v] of Object.entries({ mode: 'puzzle', coordinates: 'on', variant: puzzle.variant, position: puzzle.code, goal: puzzle.goal })) b.setAttribute(k, v);
    board.replaceChildren(b);
  });
  copyIt.addEventListener('click', () => puzzle && copy(puzzleElement(puzzle)));
  reset();
  const element = el('fieldset', { class: 'editor-puzzle' }, [
    el('legend', { text: t('edit.puzzle.heading') }),
    el('div', { class: 'editor-row' }, [el('label', { for: 'editor-goal', text: t('edit.puzzle.goal') }), goal, check]),
    said,
    found,
    board,
  ]);
  return { element, reset };
}
