// The move list: the game's moves in numbered rows, one row per move number as the rules core
// numbers them (a move is a turn of each side, so "12." is the first player's twelfth move and
// "12…" the reply), each move a button that shows the position after it; a game with variations
// has them drawn under the row of the move they replace (play/variations.js, fetched for the
// first game that has any). The comments of the game's own moves (`comments`) follow their
// move, under its row (the row goes on after them); a variation's are its own (variations.js). Each move's button names its place in the game's tree
// (`data-path`, lib/tree.js; the game's own moves also their `data-ply`). The list is a single
// stop for Tab (a roving tabindex): the move shown. The page's step keys (← → ↑ ↓ Home End,
// play/shortcuts.js) step the board from it as from anywhere, and the focus follows the move
// shown; a click, Enter or Space shows the move chosen. The numbering is lib/moves.js's.
import { GAP, moveLabel } from '../lib/moves.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { Mark } from '../engine/evaluation.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * Draws the variations of a game into its move list (play/variations.js's drawVariations).
 * @typedef {(list: HTMLElement, gs: GameState, t: Translate) => void} VariationsDrawer
 */

/**
 * Draws the moves of `gs` into `list` (an <ol>): `shown` is the path on the board (its moves'
 * indices joined by dots, lib/tree.js), `marks` the review's marks ({ply, mark}) or null,
 * `t(key, params)` says a message, `variations` draws the game's variations (null until fetched).
 * Rebuilds the rows only when the moves, marks or language change; keeps the focus on the same
 * move when it does.
 * @param {HTMLElement} list
 * @param {GameState} gs
 * @param {string} shown
 * @param {{ply: number, mark: Mark}[]|null} marks
 * @param {Translate} t
 * @param {VariationsDrawer|null} variations
 */
export function renderMoveList(list, gs, shown, marks, t, variations) {
  const doc = list.ownerDocument;
  const markKey = marks ? marks.map((m) => m.mark[0]).join('') : '';
  // A game with variations is redrawn when its record changes (its tree is in it), once they can be drawn.
  const treeKey = gs.tree && variations ? gs.record : '';
  const noteKey = (gs.comments ?? []).map((c) => `${c.ply}:${c.text}`).join('|');
  // A word of the page's messages, for their language.
  const key = `${gs.history.join(' ')}|${markKey}|${t('moves.comment')}|${treeKey}|${noteKey}`;
  if (list.dataset.key !== key) {
    const focused = focusedCell(list)?.dataset.path;
    list.dataset.key = key;
    list.textContent = '';
    const markOf = new Map((marks || []).map((m) => [m.ply + 1, m.mark]));
    const notes = notesOf(gs);
    /** @type {[Side, Side]} */
    const [firstSide, secondSide] = gs.first === 'blue' ? ['blue', 'gray'] : ['gray', 'blue'];
    /** A row of move number `number`; `gap`: its first half left empty ("12. … e8-e7"). */
    const newRow = (/** @type {number} */ number, /** @type {boolean} */ gap) => {
      const li = doc.createElement('li');
      const num = doc.createElement('span');
      num.className = 'num';
      num.textContent = `${number}.`;
      li.appendChild(num);
      if (gap) {
        const empty = doc.createElement('span');
        empty.className = `mv ${firstSide}`;
        empty.textContent = GAP;
        li.appendChild(empty);
      }
      return li;
    };
    if (notes.has(0)) list.appendChild(noteItem(doc, notes.get(0) ?? '', t));
    let ply = 0;
    for (const row of gs.moveRows) {
      // A game begun with the second player to move leaves the first half of its first row empty.
      let li = newRow(row.number, !row.first);
      for (const [text, side] of /** @type {[string|undefined, Side][]} */ ([
        [row.first, firstSide],
        [row.second, secondSide],
      ])) {
        if (!text) continue;
        ply += 1;
        const cell = doc.createElement('button');
        cell.type = 'button';
        cell.className = `mv ${side}`;
        cell.dataset.ply = String(ply);
        cell.dataset.path = new Array(ply).fill(0).join('.');
        cell.tabIndex = -1;
        cell.textContent = text;
        const mark = markOf.get(ply);
        const label = moveLabel(gs, ply);
        if (mark) {
          cell.dataset.mark = mark;
          cell.title = t(`mark.${mark}`);
        }
        cell.setAttribute('aria-label', mark ? `${label}, ${t(`mark.${mark}`)}` : label);
        li.appendChild(cell);
        const note = notes.get(ply);
        if (note) {
          // The comment under its move's row, and the reply (if any) in a row of its own after it.
          list.append(li, noteItem(doc, note, t));
          li = newRow(row.number, true);
        }
      }
      if (li.querySelector('button')) list.appendChild(li);
    }
    if (gs.tree && variations) variations(list, gs, t);
    const again = focused && /** @type {HTMLElement|null} */ (list.querySelector(`[data-path="${focused}"]`));
    if (again) again.focus({ preventScroll: true });
  }
  /** @type {HTMLElement|null} */
  let current = null;
  // The moves' buttons made above.
  const cells = /** @type {NodeListOf<HTMLButtonElement>} */ (list.querySelectorAll('[data-path]'));
  for (const cell of cells) {
    const on = cell.dataset.path === shown;
    if (on) current = cell;
    if (on !== cell.hasAttribute('aria-current')) {
      if (on) cell.setAttribute('aria-current', 'step');
      else cell.removeAttribute('aria-current');
    }
  }
  // The one move Tab reaches: the move shown (the last move at the start). When another move is
  // shown while the focus is in the list (a step key there), the focus goes with it.
  if (list.dataset.shownAt !== shown || !list.querySelector('[data-path][tabindex="0"]')) {
    const moved = list.dataset.shownAt !== shown;
    list.dataset.shownAt = shown;
    const inside = focusedCell(list);
    const stop = current || inside || cells[cells.length - 1] || null;
    for (const cell of cells) {
      const index = cell === stop ? 0 : -1;
      if (cell.tabIndex !== index) cell.tabIndex = index;
    }
    if (moved && inside && stop && stop !== inside) stop.focus({ preventScroll: true });
  }
  if (current && list.dataset.scrolledTo !== shown) {
    list.dataset.scrolledTo = shown;
    // Measured on the screen: the move's offsetTop is its offset parent's, which the list is not.
    const box = list.getBoundingClientRect();
    const at = current.getBoundingClientRect();
    if (at.top < box.top || at.bottom > box.bottom) list.scrollTop += at.top - box.top - (list.clientHeight - at.height) / 2;
  }
}

/**
 * The comments of the game's own moves (its state's `comments`), by the moves before them: the
 * comments between the same two moves in one.
 * @param {GameState} gs
 * @returns {Map<number, string>}
 */
function notesOf(gs) {
  /** @type {Map<number, string>} */
  const notes = new Map();
  for (const { ply, text } of gs.comments ?? []) notes.set(ply, notes.has(ply) ? `${notes.get(ply)} ${text}` : text);
  return notes;
}

/**
 * A comment's item of the list: under the row of the move it follows (at the top before the
 * first move), in smaller text; a screen reader hears that it is a comment.
 * @param {Document} doc
 * @param {string} text
 * @param {Translate} t
 */
function noteItem(doc, text, t) {
  const li = doc.createElement('li');
  li.className = 'comment';
  const said = doc.createElement('span');
  said.className = 'visually-hidden';
  said.textContent = `${t('moves.comment')} `;
  li.append(said, text);
  return li;
}

/**
 * The move of `list` that has the focus, or null.
 * @param {HTMLElement} list
 * @returns {HTMLElement|null}
 */
function focusedCell(list) {
  const active = list.ownerDocument.activeElement;
  return active instanceof HTMLElement && list.contains(active) && active.dataset.path !== undefined ? active : null;
}

/**
 * The path a move's button names (its `data-path`).
 * @param {string} key
 * @returns {number[]}
 */
export const pathOf = (key) => (key ? key.split('.').map(Number) : []);

/**
 * Makes `list` answer the player: a click on a move, or Enter or Space on it, calls
 * `onPick(path)`. The keys that step through the game (play/shortcuts.js STEP_KEYS) are the
 * page's, from the list too: they step the board, and the focus follows the move shown
 * (renderMoveList).
 * @param {HTMLElement} list
 * @param {(path: number[]) => void} onPick
 */
export function wireMoveList(list, onPick) {
  list.addEventListener('click', (e) => {
    const cell = e.target instanceof Element ? /** @type {HTMLElement|null} */ (e.target.closest('[data-path]')) : null;
    if (cell) onPick(pathOf(cell.dataset.path ?? ''));
  });
}
