// Keyboard shortcuts of the page: a key event to an intent, or null, and their list in its sheet
// ("?"): each shortcut's keys and what it does, in the reader's language (the messages'
// `shortcuts` part, fetched when the sheet first opens: play/tools.js). Keys typed into a form
// field are never taken; arrows on the focused board move its cursor, not the history.
import { byId } from './page-elements.js';
/** @import { Translate } from '../lib/i18n.js' */

const FIELDS = new Set(['input', 'select', 'textarea', 'button']);

/**
 * What a shortcut asks the page to do.
 * @typedef {'undo'|'redo'|'back'|'forward'|'up'|'down'|'first'|'last'|'flip'|'new'|'hint'|'help'} Shortcut
 */

/**
 * The intent of a keydown: 'undo', 'redo', 'back', 'forward', 'up', 'down' (between
 * variations), 'first', 'last', 'flip', 'new', 'hint' or 'help'; null for any other key, or when the key belongs to a field or the board.
 * `onBoard`: the event comes from the board (its canvas has the focus).
 * @param {KeyboardEvent} e
 * @param {boolean} onBoard
 * @returns {Shortcut|null}
 */
export function shortcutFor(e, onBoard) {
  const target = e.target instanceof Element ? e.target : null;
  if (target && (FIELDS.has(target.localName) || (target instanceof HTMLElement && target.isContentEditable))) {
    // Buttons take Enter and Space only; the rest of the shortcuts work from them.
    if (target.localName !== 'button') return null;
  }
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (key === 'y') return 'redo';
    return null;
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  if (!onBoard) {
    if (key === 'ArrowLeft') return 'back';
    if (key === 'ArrowRight') return 'forward';
    if (key === 'ArrowUp') return 'up';
    if (key === 'ArrowDown') return 'down';
    if (key === 'Home') return 'first';
    if (key === 'End') return 'last';
  }
  if (key === 'f') return 'flip';
  if (key === 'n') return 'new';
  if (key === 'h') return 'hint';
  if (key === '?') return 'help';
  return null;
}

/**
 * The shortcuts, for the "?" list: [keys message key, action message key].
 * @type {readonly (readonly [string, string])[]}
 */
export const SHORTCUTS = Object.freeze([
  ['keys.undo', 'shortcut.undo'],
  ['keys.redo', 'shortcut.redo'],
  ['keys.history', 'shortcut.history'],
  ['keys.ends', 'shortcut.ends'],
  ['keys.variations', 'shortcut.variations'],
  ['keys.flip', 'shortcut.flip'],
  ['keys.new', 'shortcut.new'],
  ['keys.hint', 'shortcut.hint'],
  ['keys.help', 'shortcut.help'],
]);

/**
 * The keyboard shortcuts' list.
 * @param {Document} doc
 * @param {Translate} t
 */
export function renderShortcuts(doc, t) {
  const list = byId(doc, 'shortcut-list');
  list.textContent = '';
  for (const [keys, action] of SHORTCUTS) {
    const dt = doc.createElement('dt');
    dt.textContent = t(keys);
    const dd = doc.createElement('dd');
    dd.textContent = t(action);
    list.append(dt, dd);
  }
}
