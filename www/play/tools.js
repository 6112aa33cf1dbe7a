// The page's tools: those fetched at their first opening, each with its package's words (lib/on-demand.js
// feature), how to play (learn/howto.js), the board editor (editor/editor-dialog.js) and the opening
// explorer (review/explorer.js), where a load that fails says so and is tried again at the next
// opening; and the keyboard shortcuts' sheet, whose list play/shortcuts.js draws.
import { feature } from '../lib/on-demand.js';
import { errorText } from '../lib/errors.js';
import { notLoaded } from './context.js';
import { openSheet } from '../lib/dom.js';
import { renderShortcuts } from './shortcuts.js';
import { engineHelpBarred } from '../lib/fair-play.js';
import { adviceShown } from './page-state.js';
import { offers } from '../core/assets.js';
/** @import { PageContext } from './context.js' */
/** @import { EditorRequest } from '../editor/editor-dialog.js' */

/**
 * Hides every door of `doc` to a part this build leaves out: an element marked
 * `data-needs="<part>"` (a part of core/assets.js offers(), as `teaching` or `live`) shows only
 * where the build carries that part. The single file's page then offers no lessons, puzzles,
 * editor, explorer nor relay, instead of views that only say they are not there.
 * @param {ParentNode} doc
 * @returns {void}
 */
export function hideLeftOut(doc) {
  const carried = /** @type {Record<string, boolean>} */ (offers());
  for (const door of doc.querySelectorAll('[data-needs]')) {
    if (door instanceof HTMLElement && !carried[door.dataset.needs ?? '']) door.hidden = true;
  }
}

/**
 * @param {PageContext} ctx
 * @param {{startFromEditor: (request: EditorRequest) => Promise<boolean>}} parts opens the game the editor asks for (resolves whether it opened)
 */
export function pageTools(ctx, { startFromEditor }) {
  const { $, t, board } = ctx;
  /** The opening explorer, once opened. @type {ReturnType<typeof import('../review/explorer.js').openingExplorer>|null} */
  let explorer = null;

  const loadHowto = feature('howto', { code: () => import('../learn/howto.js'), start: (m) => m.howTo({ dialog: ctx.dialog('howto'), t }) });
  const loadEditor = feature('editor', {
    code: () => import('../editor/editor-dialog.js'),
    start: (m) =>
      m.editorDialog({
        dialog: ctx.dialog('editor'),
        t,
        start: startFromEditor,
        current: () => (board.state ? { variant: board.state.variant, code: board.state.code } : null),
        barred: () => engineHelpBarred(board.settings, board.state),
        advice: () => adviceShown(ctx.page()),
      }),
  });
  const loadExplorer = feature('review', {
    code: () => import('../review/explorer.js'),
    start: (m) => {
      explorer = m.openingExplorer(ctx, { box: $('explorer-box') });
      return explorer;
    },
  });

  /** The keyboard shortcuts' sheet, its list drawn in the page's language. */
  function shortcuts() {
    renderShortcuts(document, t);
    openSheet(ctx.dialog('shortcuts')).catch((e) => ctx.notify(notLoaded('shortcut.open', e)));
  }

  function wire() {
    $('show-shortcuts').addEventListener('click', shortcuts);
    $('open-howto').addEventListener('click', () =>
      loadHowto(ctx.page().lang).then(
        (howto) => howto.open(),
        (e) => ctx.notify(notLoaded('howto.open', e)),
      ),
    );
    $('open-editor').addEventListener('click', async () => {
      try {
        await (await loadEditor(ctx.page().lang)).open();
      } catch (e) {
        // The single file's editor is left out, and says so (a KeyedError in the page's words).
        ctx.notify({ text: errorText(e, t) });
      }
    });
    $('open-explorer').addEventListener('click', () =>
      loadExplorer(ctx.page().lang).then(
        (x) => x.open(),
        (e) => ctx.notify(notLoaded('explorer.open', e)),
      ),
    );
  }

  /** Follows the board: the explorer, once opened, shows the position on it. */
  function render() {
    explorer?.render();
  }

  return { wire, render, shortcuts };
}
