// The puzzles: their view, a dialog with the next puzzle not yet solved on a <blue-gray-game>.
// The page fetches this, with learn/'s words, at the first click of its Puzzles button (a
// feature, lib/on-demand.js); this opens the dialog at once and fills it with the view,
// puzzle-dialog.js's, once the rules core's teaching module and the puzzle set (data beside the
// page, puzzles.txt, which the module's puzzles() reads) have come. The attempt's state is
// puzzle-session.js's, and progress is kept on the device.
import { loadTeaching, dataFile } from '../core/assets.js';
import { el, openSheet, sheetHead } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';

/** @import { Puzzle, PuzzleSession } from './puzzle-session.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The puzzle view's window for the page, tests and tools (initPuzzles): opening the view, its
 * state (null before the view is built), the set, the rest of a puzzle's solution after some
 * moves, the rules core's verdict on a line of moves (null before the view is built, or when it
 * cannot judge), and a puzzle put on the board.
 * @typedef {{
 *   open(): Promise<void>,
 *   readonly session: PuzzleSession|null,
 *   puzzles(): Puzzle[],
 *   solution(puzzle: Puzzle, moves: string[]): string[],
 *   judge(puzzle: Puzzle, moves: string[]): unknown,
 *   choose(id: string): Promise<void>,
 * }} Puzzles
 */

/**
 * Wires the puzzles: `dialog` (a <dialog>), `t(key, params)` (a message in the page's language)
 * and `storage` (Web Storage for the progress). Returns a small window on the view:
 * `{open(), session, puzzles(), solution(puzzle, moves), judge(puzzle, moves), choose(id)}`.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   storage: Pick<Storage, 'getItem'|'setItem'>,
 * }} parts
 * @returns {Puzzles}
 */
export function initPuzzles({ dialog, t, storage }) {
  /**
   * The view (puzzle-dialog.js), once built.
   * @type {ReturnType<typeof import('./puzzle-dialog.js').puzzleDialog>|null}
   */
  let built = null;

  /**
   * Builds the view once (a second opening meanwhile waits for the same build); false when it failed.
   * @type {Promise<boolean>|null}
   */
  let building = null;
  function ensureBuilt() {
    if (!building) building = build().then((ok) => ok || (building = null) || false);
    return building;
  }

  async function build() {
    if (built) return true;
    let core;
    let list;
    /** @type {[typeof import('./puzzle-dialog.js'), typeof import('./puzzle-session.js')]} */
    let modules;
    try {
      // The set once the teaching module is there: the single file leaves the module out (and
      // may fetch no file), which its error says.
      const teaching = loadTeaching();
      let set;
      [core, set, modules] = await Promise.all([
        teaching,
        teaching.then(() => dataFile('puzzles.txt')),
        Promise.all([import('./puzzle-dialog.js'), import('./puzzle-session.js')]),
      ]);
      if (typeof core.puzzles !== 'function') throw new Error(t('puzzles.board.unsupported'));
      list = core.puzzles(set);
    } catch (e) {
      // With the sheet's head, whose × closes it by a tap as by a click (Esc is no way out on a phone).
      dialog.replaceChildren(sheetHead(dialog, t, 'puzzles').head, el('p', { text: errorText(e, t) }));
      return false;
    }
    const [{ puzzleDialog }, P] = modules;
    built = puzzleDialog({ dialog, t, storage, core, session: P.withPuzzles(P.loading(P.loadProgress(storage)), list) });
    return true;
  }

  async function open() {
    if (!built) dialog.replaceChildren(el('p', { class: 'puzzle-loading', text: t('puzzles.loading') }));
    await openSheet(dialog);
    if (!(await ensureBuilt()) || !built) return;
    await built.show();
  }

  return {
    open,
    /** The view's state (puzzle-session.js), once the view has been opened. */
    get session() {
      return built ? built.session : null;
    },
    /** The set, once the view has been opened. */
    puzzles() {
      return built ? built.session.puzzles : [];
    },
    /** The rest of `puzzle`'s solution after `moves` ([] before the view has been opened). */
    solution(puzzle, moves) {
      return built ? built.solution(puzzle, moves) : [];
    },
    /** The rules core's verdict (puzzleJudge) on `moves` of `puzzle`, the last the solver's. */
    judge(puzzle, moves) {
      return built ? built.judge(puzzle, moves) : null;
    },
    /** Puts puzzle `id` on the board (once the view has been opened). */
    async choose(id) {
      if (built) await built.choose(id);
    },
  };
}
