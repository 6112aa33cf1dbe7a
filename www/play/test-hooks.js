// `window.bluegray`: a read-only window on the page's board for the end-to-end tests and for
// anyone poking at the page from the console. The board element itself is the API for pages
// that embed it; this only saves a test from reaching into the page's DOM.
/** @import { BlueGrayGame } from '../blue-gray-game.js' */

/**
 * Installs `window.bluegray` over `board` (a <blue-gray-game> element).
 * @param {BlueGrayGame} board
 */
export function exposeTestHooks(board) {
  const win = /** @type {Window & {bluegray?: object}} */ (window);
  win.bluegray = {
    get element() {
      return board;
    },
    get state() {
      return board.state;
    },
    get settings() {
      return board.settings;
    },
    get thinking() {
      return board.thinking;
    },
    get animating() {
      return board.animating;
    },
    get lastSearch() {
      return board.lastSearch;
    },
    get selection() {
      return board.selection;
    },
    /** @param {string} name */
    pointCenter(name) {
      return board.pointCenter(name);
    },
    /** Settles once the page's analysis has nothing left to do (no search runs or waits). */
    analysisIdle() {
      return import('../engine/analysis.js').then((m) => m.analysis().idle());
    },
  };
}
