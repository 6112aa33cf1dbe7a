// Writing a comment at the move shown (docs/RULES.md R31): a button under the move list opens a
// small editor for the comment after that move (before the first move at the start), the game's
// or a variation's, with the limit the rules core sets (the catalogue's `maxComment`) said
// where the player types. The board writes it into the game's record (its `setComment`), which
// the page keeps and downloads as it is, so a comment outlives a reload and goes with the record.
// Not in a game against a friend elsewhere, whose record both devices keep alike.
import { moveLabel } from '../lib/moves.js';
import { treeOf, nodeAt, onMain, mainPath } from '../lib/tree.js';
import { setIfChanged } from '../lib/dom.js';
import { byId, button } from './page-elements.js';
/** @import { PageContext } from './context.js' */
/** @import { GameState } from '../core/core-types.js' */
/** @import { GameSnapshot } from './panel.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The words of the comment after the move at `path` of `gs`, as the move list shows them: the
 * game's own moves' from its `comments`, a variation's from its tree, without the commands
 * `[%…]` there (the clocks', which the rules core keeps when the words change).
 * @param {GameState} gs
 * @param {number[]} path
 */
export function commentAt(gs, path) {
  if (onMain(path)) {
    return (gs.comments ?? []).filter((c) => c.ply === path.length).map((c) => c.text).join(' ');
  }
  const said = nodeAt(treeOf(gs), path)?.comments ?? [];
  return said.join(' ').replace(/\[%[^\]]*\]?/g, ' ').split(/\s+/).filter(Boolean).join(' ');
}

/** @param {PageContext} ctx */
export function pageComments(ctx) {
  const { board, $, t } = ctx;
  const form = /** @type {HTMLFormElement} */ ($('comment-form'));
  const text = /** @type {HTMLTextAreaElement} */ ($('comment-text'));

  /** The path of the move shown: where the board looks, or the game's last move. */
  function shownPath() {
    return board.viewPath ?? mainPath(board.state?.history.length ?? 0);
  }

  function open() {
    const gs = board.state;
    if (!gs) return;
    const path = shownPath();
    form.dataset.path = path.join('.');
    const max = board.catalogue?.maxComment ?? 0;
    if (max) text.maxLength = max;
    text.value = commentAt(gs, path);
    const move = path.length ? moveLabel(board.shownState ?? gs, path.length) : '';
    $('comment-label').textContent = move ? t('comment.label', { move }) : t('comment.labelStart');
    $('comment-limit').textContent = t('comment.limit', { max });
    form.hidden = false;
    text.focus();
  }

  function close() {
    form.hidden = true;
    delete form.dataset.path;
    $('comment-open').focus();
  }

  function save() {
    const key = form.dataset.path;
    if (key === undefined) return;
    const path = key ? key.split('.').map(Number) : [];
    try {
      board.setComment(path, text.value);
    } catch (e) {
      // The game changed under the editor (its move gone) or the rules core refused the text.
      ctx.notify({ text: e instanceof Error ? e.message : String(e) });
      return;
    }
    close();
  }

  function wire() {
    $('comment-open').addEventListener('click', open);
    $('comment-cancel').addEventListener('click', close);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      save();
    });
    // Escape leaves the editor as it was; Ctrl+Enter saves, as a form's one line would.
    text.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close();
      } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        save();
      }
    });
  }

  return { wire };
}

/**
 * Draws the comment button: there while a game is on the board and this device may write in
 * its record (not against a friend elsewhere), named for what it does at the move shown. The
 * editor is closed where the button goes.
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {Translate} t
 */
export function renderComment(doc, b, t) {
  const open = button(doc, 'comment-open');
  const barred = !!b.seat;
  setIfChanged(open, 'hidden', barred);
  const path = b.viewPath ?? mainPath(b.viewPly ?? b.gs.history.length);
  setIfChanged(open, 'textContent', t(commentAt(b.gs, path) ? 'comment.edit' : 'comment.add'));
  const form = byId(doc, 'comment-form');
  if (barred && !form.hidden) form.hidden = true;
}
