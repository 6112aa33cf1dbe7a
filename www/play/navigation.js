// Going through the game on the page: the buttons that step back and forth, the move list that
// jumps to a move (as the review's chart and turning points do, through goTo), the arrows up and
// down between variations, back to the game, continuing from the position looked at (its later
// moves dropped, once the player says so), and promoting, deleting or making the game's line the
// variation looked at (neither continuing nor a variation into a finished game's moves).
// The board keeps where it looks in the game's tree (its `viewPath`, lib/tree.js); this only asks
// it for another place, so the page's keys, its review and its buttons all go through the game
// the same way, and draws the step buttons and the bar over a position looked at.
import { wireMoveList } from './move-list.js';
import { moveLabel } from '../lib/moves.js';
import { treeOf, nodeAt, mainPath, stepFrom } from '../lib/tree.js';
import { changesGame } from '../lib/tree-edit.js';
import { movesFinal } from '../lib/settings.js';
import { setIfChanged } from '../lib/dom.js';
import { byId, button } from './page-elements.js';
import { onDemand } from '../lib/on-demand.js';

/** @import { PageContext } from './context.js' */
/** @import { VariationsDrawer } from './move-list.js' */
/** @import { GameSnapshot } from './panel.js' */
/** @import { Translate } from '../lib/i18n.js' */

/** @param {PageContext} ctx */
export function pageNavigation(ctx) {
  const { board, $, t } = ctx;

  /**
   * Shows the position after `ply` of the game's moves (the game itself from its last on).
   * @param {number} ply
   */
  function goTo(ply) {
    const last = board.state?.history.length ?? 0;
    board.viewPly = Math.max(0, Math.min(last, ply)) === last ? null : Math.max(0, ply);
  }

  /**
   * Takes a step through the game's tree from where the board looks (lib/tree.js's stepFrom).
   * @param {Parameters<typeof stepFrom>[2]} step
   */
  function go(step) {
    const gs = board.state;
    if (!gs) return;
    board.viewPath = stepFrom(treeOf(gs), board.viewPath ?? mainPath(gs.history.length), step);
  }

  function continueHere() {
    const ply = board.viewPly;
    const gs = board.state;
    if (ply === null || !gs || board.viewPath?.some((i) => i > 0)) return;
    const later = gs.history.length - ply;
    if (later > 0 && !confirm(t('nav.confirmDrop', { last: moveLabel(gs, gs.history.length) }))) return;
    board.continueFrom(ply);
  }

  function wire() {
    $('nav-first').addEventListener('click', () => go('first'));
    $('nav-back').addEventListener('click', () => go('back'));
    $('nav-forward').addEventListener('click', () => go('forward'));
    $('nav-last').addEventListener('click', () => go('last'));
    $('back-to-game').addEventListener('click', () => goTo(Infinity));
    $('continue-here').addEventListener('click', continueHere);
    for (const how of /** @type {const} */ (['promote', 'main', 'delete'])) {
      $(`variation-${how}`).addEventListener('click', () => board.editVariation(how));
    }
    wireMoveList($('moves'), (path) => (board.viewPath = path));
  }

  /** @type {VariationsDrawer|null} */
  let drawer = null;
  const load = onDemand(() =>
    import('./variations.js').then((m) => {
      drawer = m.drawVariations;
      ctx.update((p) => p); // drawn again, with them
    }),
  );
  /** The move list's variations (play/variations.js), fetched for the first game that has any: null until then. */
  function variations() {
    if (!drawer && board.state?.tree) load().catch(() => {}); // not fetched: the next frame tries again
    return drawer;
  }

  return { goTo, go, wire, variations };
}

/**
 * Draws the step buttons and the bar over the position looked at: what it is (the game's move
 * or a variation's), and what can be done there (back to the game, continue from here, or
 * promote, make the main line or delete the variation).
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {Translate} t
 */
export function renderNavigation(doc, b, t) {
  const gs = b.gs;
  const viewing = b.viewPly;
  const shown = viewing === null ? gs.history.length : viewing;
  const path = b.viewPath ?? [];
  const inVariation = path.some((i) => i > 0);
  const atEnd = viewing === null || !nodeAt(treeOf(gs), path)?.children.length;
  setIfChanged(button(doc, 'nav-first'), 'disabled', shown === 0);
  setIfChanged(button(doc, 'nav-back'), 'disabled', shown === 0);
  setIfChanged(button(doc, 'nav-forward'), 'disabled', atEnd);
  setIfChanged(button(doc, 'nav-last'), 'disabled', atEnd);
  setIfChanged(byId(doc, 'viewing'), 'hidden', viewing === null);
  // A finished game's moves are final: it is not continued from an earlier position, and no
  // variation goes into its moves (docs/RULES.md R28); its analysis board is the place for that.
  const final = movesFinal(b.settings.mode, !!gs.result);
  setIfChanged(button(doc, 'continue-here'), 'hidden', inVariation || final);
  for (const how of /** @type {const} */ (['promote', 'main', 'delete'])) {
    const barred = final && changesGame(how, path);
    setIfChanged(button(doc, `variation-${how}`), 'hidden', !inVariation || !!b.seat || barred);
  }
  if (viewing !== null) {
    // The move is named as the position looked at numbers it: the game's, or its variation's.
    const move = moveLabel(b.shown ?? gs, viewing);
    const text = viewing === 0 ? t('nav.viewingStart') : t(inVariation ? 'nav.viewingVariation' : 'nav.viewing', { move });
    setIfChanged(byId(doc, 'viewing-text'), 'textContent', text);
  }
}
