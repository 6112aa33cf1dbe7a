// The page's board editor: a sheet with the editor's surface (editor-view.js) and what the page
// does with a position: play it through the page's one door (against the computer, or two on
// this device), analyse it (two on this device, without Resign, a draw or Abort; the evaluation
// and best line as the reader's boxes say, and with both unticked the button says Explore, as
// the status line names the board, play/panel.js), copy its
// code or a link that opens it, or make a puzzle of it (puzzle-maker.js). Fetched, with its
// messages, at the first opening; the position it opens with is the board's. While the engine
// keeps out (a game against a person under way, lib/fair-play.js: the board's or another this
// browser plays), it neither analyses a position, nor plays it against the computer, nor
// searches it for a puzzle, and says why.
import { el, sheetHead, openSheet, button } from '../lib/dom.js';
import { loadWasm, loadTeaching } from '../core/assets.js';
import { errorText } from '../lib/errors.js';
import { positionCode, positionLink } from './editor-state.js';
import { editorView, editorStyles } from './editor-view.js';
import { puzzleMaker } from './puzzle-maker.js';

/**
 * @import { Side } from '../core/core-types.js'
 * @import { Translate } from '../lib/i18n.js'
 */

/**
 * A game the editor asks the page to open (the page's door, play/doors.js); `analyse`: to be
 * analysed (both sides moved by hand, no ending by the players' word: page-state.js analysingGame).
 * @typedef {{from: 'editor', mode: 'ai'|'two', side: Side, variant: string, position: string, analyse?: boolean}} EditorRequest
 */

/**
 * Builds the editor in `dialog`: `t` says the messages, `start(request)` opens a game through the
 * page's door (resolves to whether it opened), `current()` is the board's variant and position
 * code, which the editor opens with, `barred()` whether the engine keeps out (lib/fair-play.js
 * engineHelpBarred for the board's game), `advice()` which of the engine's judgements the reader's
 * boxes show (play/page-state.js adviceShown). Returns `{open()}` and, for tests, the state.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   start: (request: EditorRequest) => Promise<boolean>,
 *   current: () => {variant: string, code: string}|null,
 *   barred: () => boolean,
 *   advice: () => {showEval: boolean, showLine: boolean},
 * }} parts
 */
export function editorDialog({ dialog, t, start, current, barred, advice }) {
  /** @type {ReturnType<typeof editorView>|null} */
  let view = null;
  /** @type {ReturnType<typeof puzzleMaker>|null} */
  let maker = null;
  const { head } = sheetHead(dialog, t, 'edit');
  const playAi = button('edit.playAi', t, 'primary');
  playAi.addEventListener('click', () => play('ai'));
  const playTwo = button('edit.playTwo', t);
  playTwo.addEventListener('click', () => play('two'));
  // Its words change with the advice boxes (Analyse or Explore), so it is found by its class.
  const analyseIt = button('edit.analyse', t, 'editor-analyse');
  analyseIt.addEventListener('click', () => play('two', true));
  const copyCode = button('edit.copyCode', t);
  copyCode.addEventListener('click', () => view && copy(positionCode(view.state)));
  const copyLink = button('edit.copyLink', t);
  copyLink.addEventListener('click', () => view && copy(positionLink(location.href.replace(/[?#].*$/, ''), view.state)));
  const copied = el('p', { class: 'editor-copied', role: 'status', 'aria-live': 'polite' });
  const actions = el('div', { class: 'editor-row editor-actions' }, [playAi, playTwo, analyseIt, copyCode, copyLink]);
  const why = el('p', { class: 'editor-barred', text: t('edit.barred'), hidden: '' });

  /** Only a position that can be played is offered for play; the engine's part only while it may help. */
  function enable() {
    const ok = !!view?.verdict?.ok;
    const engineOut = barred();
    playTwo.disabled = !ok;
    playAi.disabled = analyseIt.disabled = !ok || engineOut;
    // With both boxes unticked the engine says nothing: the position is explored by hand, and
    // the button says so rather than promise an analysis.
    const { showEval, showLine } = advice();
    const explore = !showEval && !showLine;
    const key = explore ? 'edit.explore' : 'edit.analyse';
    analyseIt.dataset.i18n = key;
    analyseIt.textContent = t(key);
    analyseIt.title = explore ? t('edit.exploreTitle') : '';
    why.hidden = !engineOut;
    if (maker) maker.element.hidden = engineOut;
    copied.textContent = '';
    maker?.reset();
  }

  /** The position set up, when it can be played. */
  function playable() {
    const verdict = view?.verdict;
    return view && verdict && verdict.ok ? { variant: view.state.variant, code: verdict.code, side: view.state.side } : null;
  }

  /**
   * Opens the position as a game through the page's door, to `analyse` it or not; the sheet
   * closes once it opened.
   * @param {'ai'|'two'} mode
   */
  async function play(mode, analyse = false) {
    const verdict = view?.verdict;
    if (!view || !verdict || !verdict.ok || ((mode === 'ai' || analyse) && barred())) return;
    /** @type {EditorRequest} */
    const request = { from: 'editor', mode, side: view.state.side, variant: view.state.variant, position: verdict.code, analyse };
    if (await start(request)) dialog.close();
  }

  /**
   * Copies `text`, and says whether it could.
   * @param {string} text
   */
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      copied.textContent = t('edit.copied');
    } catch {
      view?.selectCode();
      copied.textContent = t('edit.copyFailed');
    }
  }

  /** The page's language the editor was built in: another builds it anew. */
  let builtLang = '';

  async function open() {
    const lang = document.documentElement.lang;
    if (builtLang !== lang) view = maker = null;
    if (!view) {
      dialog.replaceChildren(head, el('p', { text: t('edit.loading') }));
      await openSheet(dialog);
      try {
        const [core, teaching] = await Promise.all([loadWasm(), loadTeaching()]);
        view = editorView({ core, check: teaching.checkPosition, t, onChange: enable });
        maker = puzzleMaker({ t, core, position: playable, copy });
        builtLang = lang;
      } catch (e) {
        dialog.replaceChildren(head, el('p', { text: errorText(e, t) }));
        return;
      }
      editorStyles(document);
      view.element.querySelector('.editor-tools')?.append(actions, why, copied, maker.element);
      dialog.replaceChildren(head, view.element);
    }
    const now = current();
    view.show({ variant: now?.variant || 'sackson', code: now ? now.code : null });
    enable();
    await openSheet(dialog);
    view.focus();
  }

  return {
    open,
    /** The editor's state (for tests and tools), once it is built. */
    get state() {
      return view ? view.state : null;
    },
  };
}
