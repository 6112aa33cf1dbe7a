// The element's edit mode (`mode="edit"`): the board editor's surface (editor/editor-view.js, the
// page's own, fetched with its messages at the first use, so a board never in edit mode never
// fetches it) in place of the board, opened on the board's position, and a `change` event with
// the position code at every change. The board's game stays beneath, untouched, and comes back
// when the mode changes: a page puts the code it got into `position` to play it.
import { feature } from '../lib/on-demand.js';
import { loadTeaching } from '../core/assets.js';
import { errorText } from '../lib/errors.js';
/** @import { PositionProblem, Side } from '../core/core-types.js' */
/** @import { Core } from '../core/core-api.js' */
/** @import { MessageParams } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */

/**
 * What the editor tells the page at each change: the code, the rules, the side to move, and
 * whether the position can be played, with the rules core's reasons.
 * @typedef {{code: string, variant: string, side: Side, ok: boolean, problems: PositionProblem[]}} EditDetail
 */

/**
 * The board's port: its frame (hidden while editing), the rules core once loaded, its state,
 * its messages, its language and its events.
 * @typedef {{
 *   frame: HTMLElement,
 *   core: () => Core|null,
 *   state: () => BoardState,
 *   t: (key: string, params?: MessageParams) => string,
 *   language: () => string,
 *   emit: (type: string, detail: EditDetail) => void,
 *   failed: (message: string) => void,
 * }} EditPort
 */

/** The editor's surface and the teaching module's check, with editor/'s words. */
const loadEditor = feature('editor', { code: () => Promise.all([import('../editor/editor-view.js'), loadTeaching()]), start: (parts) => parts, styles: false });

export class EditMode {
  /** @private @type {EditPort} */ _port;
  /** @private @type {ReturnType<typeof import('../editor/editor-view.js').editorView>|null} */ _view = null;
  /** @private @type {HTMLElement|null} */ _box = null;
  /** @private @type {Promise<void>|null} */ _loading = null;
  /** The rules and start the editor was last opened on; a new game (a new `position`) opens it anew. @private */
  _shown = '';
  /** The language the editor speaks: another `lang` builds it anew, keeping what was set up. @private */
  _lang = '';
  /** What was set up, to put back on an editor built anew. @type {{variant: string, code: string}|null} @private */
  _kept = null;

  /** @param {EditPort} port */
  constructor(port) {
    this._port = port;
  }

  /** Follows the board: shows the editor while the mode is `edit`, the board otherwise. */
  sync() {
    const s = this._port.state();
    const on = s.settings.mode === 'edit' && !!this._port.core();
    // Not `hidden`: the element's and the editor's sheets give both a display of their own.
    this._port.frame.style.display = on ? 'none' : '';
    if (this._box) this._box.style.display = on ? '' : 'none';
    if (!on) {
      this._shown = '';
      return;
    }
    if (this._view && this._lang !== this._port.language()) {
      const { state, verdict, element } = this._view;
      this._kept = { variant: state.variant, code: verdict ? verdict.code : '' };
      element.remove();
      this._view = this._box = this._loading = null;
    }
    if (!this._view) {
      if (!this._loading) this._loading = this._load();
      return;
    }
    if (this._kept) {
      this._view.show(this._kept);
      this._kept = null;
      return;
    }
    const gs = s.gs;
    const key = `${s.settings.variant}|${gs ? gs.start : ''}`;
    if (key === this._shown) return;
    this._shown = key;
    this._view.show({ variant: s.settings.variant, code: gs ? gs.code : null });
  }

  /** @private */
  async _load() {
    const core = this._port.core();
    if (!core) return;
    try {
      const lang = this._port.language();
      const [{ editorView, editorStyles }, teaching] = await loadEditor(lang);
      this._lang = lang;
      const view = editorView({ core, check: teaching.checkPosition, t: this._port.t, id: 'edit', onChange: (state, verdict) => this._port.emit('change', detailOf(state, verdict)) });
      const root = this._port.frame.getRootNode();
      if (root instanceof ShadowRoot) editorStyles(root);
      this._box = view.element;
      this._port.frame.after(view.element);
      this._view = view;
    } catch (e) {
      this._loading = null;
      // (From the single file, which carries no teaching module: what it leaves out, in words.)
      this._port.failed(errorText(e, this._port.t));
      return;
    }
    this.sync();
  }
}

/**
 * @param {{variant: string, side: Side}} state
 * @param {import('../core/core-types.js').PositionCheck|null} verdict
 * @returns {EditDetail}
 */
function detailOf(state, verdict) {
  return { code: verdict ? verdict.code : '', variant: state.variant, side: state.side, ok: !!verdict && verdict.ok, problems: verdict ? verdict.problems : [] };
}
