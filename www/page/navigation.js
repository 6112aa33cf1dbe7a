// Going through the game on the page: the buttons that step back and forth, the move list and
// the review's turning points that jump to a move, back to the game, and continuing from the
// position looked at (its later moves dropped, once the player says so). The board keeps which
// position it shows (its `viewPly`); this only asks it for another, so the page's keys, its
// review and its buttons all go through the game the same way.
import { wireMoveList } from './move-list.js';
import { moveLabel } from '../lib/moves.js';

/** @import { PageContext } from './context.js' */

/** @param {PageContext} ctx */
export function pageNavigation(ctx) {
  const { board, $, t } = ctx;

  /** The ply the board shows. */
  function shownPly() {
    const v = board.viewPly;
    return v === null ? (board.state?.history.length ?? 0) : v;
  }

  /**
   * Shows the position after `ply` moves (the game itself from its last on).
   * @param {number} ply
   */
  function goTo(ply) {
    const last = board.state?.history.length ?? 0;
    board.viewPly = Math.max(0, Math.min(last, ply)) === last ? null : Math.max(0, ply);
  }

  const back = () => goTo(shownPly() - 1);
  const forward = () => goTo(shownPly() + 1);

  function continueHere() {
    const ply = board.viewPly;
    const gs = board.state;
    if (ply === null || !gs) return;
    const later = gs.history.length - ply;
    if (later > 0 && !confirm(t('nav.confirmDrop', { last: moveLabel(gs, gs.history.length) }))) return;
    board.continueFrom(ply);
  }

  function wire() {
    $('nav-first').addEventListener('click', () => goTo(0));
    $('nav-back').addEventListener('click', back);
    $('nav-forward').addEventListener('click', forward);
    $('nav-last').addEventListener('click', () => goTo(Infinity));
    $('back-to-game').addEventListener('click', () => goTo(Infinity));
    $('continue-here').addEventListener('click', continueHere);
    wireMoveList($('moves'), goTo);
    $('turning-points').addEventListener('click', (e) => {
      const cell = /** @type {HTMLElement} */ (e.target).closest('[data-ply]');
      if (cell instanceof HTMLElement) goTo(Number(cell.dataset.ply));
    });
  }

  return { goTo, back, forward, wire };
}
