// The keyboard shortcuts' list in its sheet ("?"): each shortcut's keys and what it does, in the
// reader's language (the messages' `shortcuts` part). Fetched with them when the sheet first
// opens (page/tools.js); the keys themselves are read by page/shortcuts.js.
import { byId } from './page-elements.js';
/** @import { Translate } from '../lib/i18n.js' */

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
