// "Make a puzzle" in the page's board editor: the teaching module's proof search (fetched at the
// first check) says whether the goal holds in the position set up, and whether its first move is
// the only one that reaches it, as a puzzle wants; a puzzle that holds can be tried at once on a
// board in puzzle mode, which then says what each ending move did and why (the rules core's
// verdict), with a button to try again, or copied as that board's element for a page of one's own.
import { el, button } from '../lib/dom.js';
import { whyMessage } from '../lib/puzzle-why.js';
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
  const tried = el('p', { class: 'editor-puzzle-tried', role: 'status', 'aria-live': 'polite' });
  const again = button('edit.puzzle.again', t);
  const found = el('div', { class: 'editor-row' }, [tryIt, copyIt]);
  /** The puzzle found to hold with one first move, or null. */
  let puzzle = /** @type {{variant: string, code: string, goal: Goal}|null} */ (null);
  /** Its solver, the side to move. */
  let solver = /** @type {'blue'|'gray'} */ ('blue');

  function reset() {
    puzzle = null;
    said.textContent = '';
    found.hidden = true;
    board.replaceChildren();
    tried.textContent = '';
    again.hidden = true;
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
        solver = p.side;
        found.hidden = false;
      }
    } catch (e) {
      said.textContent = String((e && /** @type {Error} */ (e).message) || e);
    } finally {
      check.disabled = false;
    }
  });
  /**
   * What the Try it board's ending move did, said under it, with why from the rules core's
   * verdict on the moves (`moves`, from the start); Try again puts the puzzle back.
   * @param {{variant: string, code: string, goal: Goal}} p
   * @param {string} type the board's event: puzzle-solved, puzzle-failed or puzzle-slower
   * @param {{moves: string[], refutation?: string[]}} detail
   */
  async function tell(p, type, detail) {
    const move = detail.moves[detail.moves.length - 1] || '';
    /** @type {unknown} */
    let verdict = null;
    try {
      verdict = (await loadTeaching()).puzzleJudge(p.variant, p.code, p.goal, detail.moves);
    } catch {
      /* the words say what the board did still */
    }
    const why = whyMessage(/** @type {{why?: unknown}} */ (verdict || {}).why, solver, /** @type {{line?: string[]}} */ (verdict || {}).line || []);
    const what =
      type === 'puzzle-solved'
        ? t('edit.puzzle.tried.solved', { move })
        : type === 'puzzle-failed'
          ? t('edit.puzzle.tried.failed', { move, line: (detail.refutation || []).join(' ') })
          : t('edit.puzzle.tried.slower', { move });
    tried.textContent = [what, why && 'key' in why ? t(why.key, why.params) : ''].filter(Boolean).join(' ');
    again.hidden = type === 'puzzle-slower';
  }

  async function tryPuzzle() {
    const p = puzzle;
    if (!p) return;
    // A board in puzzle mode speaks the teaching part, which the page loads only with the puzzles.
    await loadMessages('learn', document.documentElement.lang || 'en');
    const b = document.createElement('blue-gray-game');
    for (const [k, v] of Object.entries({ mode: 'puzzle', coordinates: 'on', variant: p.variant, position: p.code, goal: p.goal })) b.setAttribute(k, v);
    for (const type of ['puzzle-solved', 'puzzle-failed', 'puzzle-slower']) {
      b.addEventListener(type, (e) => void tell(p, type, /** @type {CustomEvent<{moves: string[], refutation?: string[]}>} */ (e).detail));
    }
    tried.textContent = '';
    again.hidden = true;
    board.replaceChildren(b);
  }
  tryIt.addEventListener('click', tryPuzzle);
  again.addEventListener('click', tryPuzzle);
  copyIt.addEventListener('click', () => puzzle && copy(puzzleElement(puzzle)));
  reset();
  const element = el('fieldset', { class: 'editor-puzzle' }, [
    el('legend', { text: t('edit.puzzle.heading') }),
    el('div', { class: 'editor-row' }, [el('label', { for: 'editor-goal', text: t('edit.puzzle.goal') }), goal, check]),
    said,
    found,
    board,
    tried,
    again,
  ]);
  return { element, reset };
}
