// Keyboard shortcuts of the page: a key event to an intent, or null, and their list in its sheet
// ("?"): each shortcut's keys and what it does, in the reader's language (the messages'
// `shortcuts` part, fetched when the sheet first opens: play/tools.js). Keys typed into a form
// field are never taken; arrows on the focused board move its cursor, not the history.
import { byId } from './page-elements.js';
/** @import { Translate } from '../lib/i18n.js' */

const FIELDS = new Set(['input', 'select', 'textarea', 'button']);

/** A step through the game's tree (lib/tree.js stepFrom). @typedef {'back'|'forward'|'up'|'down'|'first'|'last'} Step */

/**
 * The keys that step through the game, their one home: each row a line of the shortcuts' list
 * (its keys' and its action's message keys) and the steps of its keys. The page takes them from
 * anywhere but a field or the focused board, the move list's moves included, so that a move
 * focused there steps the board as the step buttons do.
 * @type {readonly {keys: string, action: string, steps: Readonly<Partial<Record<string, Step>>>}[]}
 */
export const STEP_KEYS = Object.freeze([
  { keys: 'keys.history', action: 'shortcut.history', steps: { ArrowLeft: 'back', ArrowRight: 'forward' } },
  { keys: 'keys.ends', action: 'shortcut.ends', steps: { Home: 'first', End: 'last' } },
  { keys: 'keys.variations', action: 'shortcut.variations', steps: { ArrowUp: 'up', ArrowDown: 'down' } },
]);

/**
 * The step of a key (its `KeyboardEvent.key`), if it is one of STEP_KEYS.
 * @param {string} key
 * @returns {Step|null}
 */
export function stepOf(key) {
  for (const row of STEP_KEYS) if (Object.prototype.hasOwnProperty.call(row.steps, key)) return row.steps[key] ?? null;
  return null;
}

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
  const step = onBoard ? null : stepOf(key);
  if (step) return step;
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
  ...STEP_KEYS.map((row) => /** @type {const} */ ([row.keys, row.action])),
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
