// What every part of the page shares: the board, the page's state (page-state.js) and its one
// way to change (`update`, which also asks for the panel to be drawn), the page's messages in
// its language, the browser's storage, and the elements of index.html by id. app.js makes one;
// each part of the page it puts together (the form, the address, the doors, the advice, the
// review, the navigation, the records and the rest) takes it. Also the one notice those parts
// give when their code could not be fetched.
import { defaultPageState, gameKey } from './page-state.js';
import { translate } from '../lib/i18n.js';
import { errorText } from '../lib/errors.js';

/**
 * @import { BlueGrayGameElement } from '../blue-gray-game.js'
 * @import { PageState } from './page-state.js'
 * @import { Message, MessageParams, Translate } from '../lib/i18n.js'
 */

/**
 * @typedef {{
 *   board: BlueGrayGameElement,
 *   page: () => PageState,
 *   update: (change: (p: PageState) => PageState) => void,
 *   notify: (message: Message|null) => void,
 *   t: Translate,
 *   say: (message: Message|null|undefined) => string,
 *   $: (id: string) => HTMLElement,
 *   dialog: (id: string) => HTMLDialogElement,
 *   storage: Storage,
 *   session: Storage,
 * }} PageContext
 */

/**
 * The page's context over `board`; `render()` draws the panel (asked for after each change).
 * @param {{board: BlueGrayGameElement, storage: Storage, session: Storage, render: () => void}} parts
 * @returns {PageContext}
 */
export function pageContext({ board, storage, session, render }) {
  /** The page's state; replaced, never edited in place, by `update`. */
  let state = defaultPageState();
  /** @type {PageContext['t']} */
  const t = (key, params) => translate(state.lang, key, params);
  /** @type {PageContext} */
  const ctx = {
    board,
    page: () => state,
    update(change) {
      state = change(state);
      render();
    },
    notify(message) {
      // A message about the game line on the board goes as soon as a move is played or another
      // game is shown.
      const gs = board.state;
      ctx.update((p) => ({ ...p, notice: message && gs ? { ...message, game: gameKey(gs) } : message }));
    },
    t,
    say: (m) => (m ? ('key' in m ? t(m.key, m.params) : String(m.text ?? '')) : ''),
    $(id) {
      const node = document.getElementById(id);
      if (!node) throw new Error(`index.html has no #${id}`);
      return node;
    },
    dialog(id) {
      const node = ctx.$(id);
      if (!(node instanceof HTMLDialogElement)) throw new Error(`index.html's #${id} is no dialog`);
      return node;
    },
    storage,
    session,
  };
  return ctx;
}

/**
 * The notice that a part of the page, which the player opened by the control labelled with
 * message `label` (its `params`, if any), could not be fetched because of `e`: the next use tries
 * again.
 * @param {string} label
 * @param {unknown} e
 * @param {MessageParams} [params]
 * @returns {Message}
 */
export function notLoaded(label, e, params) {
  return { key: 'notice.notLoaded', params: { what: { key: label, params }, error: errorText(e) } };
}
