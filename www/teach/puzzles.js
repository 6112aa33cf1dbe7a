// The puzzles: the button that opens their view, a dialog with the next puzzle not yet solved on a
// <blue-gray-game>. The view itself is puzzle-dialog.js's, built at the first opening once the
// rules core is loaded and has given the set (puzzles()); the attempt's state is
// puzzle-session.js's, and progress is kept on the device.
import { loadTeaching } from '../engine/assets.js';
import { el } from '../lib/dom.js';
import * as P from './puzzle-session.js';
import { errorText, puzzleDialog } from './puzzle-dialog.js';

/** @import { Puzzle, PuzzleSession } from './puzzle-session.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The puzzle view's window for tests and tools (initPuzzles): its state, the set, the rest of a
 * puzzle's solution after some moves, and a puzzle put on the board.
 * @typedef {{
 *   readonly session: PuzzleSession,
 *   puzzles(): Puzzle[],
 *   solution(puzzle: Puzzle, moves: string[]): string[],
 *   choose(id: string): Promise<void>,
 * }} Puzzles
 */

/**
 * Wires the puzzles: `dialog` (a <dialog>), `openButton`, `t(key, params)` (a message in the
 * page's language) and `storage` (Web Storage for the progress). Returns a small window on the
 * view for tests and tools: `{session, puzzles(), solution(puzzle, moves), choose(id)}`.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   openButton: HTMLElement,
 *   t: Translate,
 *   storage: Pick<Storage, 'getItem'|'setItem'>,
 * }} parts
 * @returns {Puzzles}
 */
export function initPuzzles({ dialog, openButton, t, storage }) {
  /** The view's state until the view is built (the set not known yet). */
  const waiting = P.loading(P.loadProgress(storage));
  /**
   * The view (puzzle-dialog.js), once built.
   * @type {ReturnType<typeof puzzleDialog>|null}
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
    try {
      core = await loadTeaching();
      if (typeof core.puzzles !== 'function') throw new Error(t('puzzles.board.unsupported'));
      list = core.puzzles();
    } catch (e) {
      dialog.replaceChildren(el('p', { text: errorText(e) }));
      return false;
    }
    built = puzzleDialog({ dialog, t, storage, core, session: P.withPuzzles(waiting, list) });
    return true;
  }

  async function open() {
    if (!built) dialog.replaceChildren(el('p', { class: 'puzzle-loading', text: t('puzzles.loading') }));
    if (!dialog.open) dialog.showModal();
    if (!(await ensureBuilt()) || !built) return;
    await built.show();
  }

  openButton.addEventListener('click', () => open());

  return {
    /** The view's state (puzzle-session.js). */
    get session() {
      return built ? built.session : waiting;
    },
    /** The set, once the view has been opened. */
    puzzles() {
      return (built ? built.session : waiting).puzzles;
    },
    /** The rest of `puzzle`'s solution after `moves` ([] before the view has been opened). */
    solution(puzzle, moves) {
      return built ? built.solution(puzzle, moves) : [];
    },
    /** Puts puzzle `id` on the board (once the view has been opened). */
    async choose(id) {
      if (built) await built.choose(id);
    },
  };
}
