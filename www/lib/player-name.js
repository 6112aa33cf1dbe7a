// A player's name: the one home for its rules, wherever it is chosen, kept, carried or shown (the
// Open games sheet, a challenge, and whatever shows it later). A name is never required; it is
// trimmed, its runs of spaces made one, at most NAME_MAX characters, and refused when it holds a
// control, format (bidi) or markup character, so that what a device shows of another's name is
// words only. It is always shown as text (textContent), never as HTML: the refusal is a second
// guard, and it keeps the name the same on every device, since each checks it with these rules.
import { webStorage } from './web-storage.js';
/** @import { WebStorage } from './web-storage.js' */

/** The longest name, in characters (code points). */
export const NAME_MAX = 24;
/** Where this device keeps its player's name. */
export const NAME_KEY = 'bluegray.name.v1';

/** Control and format characters (bidi marks among them), and characters of markup and templates. */
const REFUSED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}<>&"`\\{}]/u;

/**
 * The name `text` is under the rules: `{name}` ('' for none), or `{error}` why it is refused
 * (`tooLong`: over NAME_MAX; `refused`: a character the rules refuse), for the caller to say.
 * @param {unknown} text
 * @returns {{name: string, error?: undefined}|{name?: undefined, error: 'tooLong'|'refused'}}
 */
export function checkName(text) {
  if (typeof text !== 'string') return { error: 'refused' };
  if (REFUSED.test(text)) return { error: 'refused' };
  const name = text.trim().replace(/\s+/gu, ' ');
  if ([...name].length > NAME_MAX) return { error: 'tooLong' };
  return { name };
}

/**
 * Whether `text` is a name as the rules leave it (what a device accepts from another's message).
 * @param {unknown} text
 */
export function isName(text) {
  return typeof text === 'string' && checkName(text).name === text;
}

/**
 * This device's player's name, '' for none (or one kept that the rules now refuse).
 * @param {WebStorage} [storage]
 */
export function myName(storage = webStorage('localStorage')) {
  const kept = storage.getItem(NAME_KEY) ?? '';
  return isName(kept) ? kept : '';
}

/**
 * Keeps `text` as this device's player's name ('' forgets it): the name kept, or the error key
 * (checkName) when it is refused. Throws when the browser's storage refuses the write.
 * @param {string} text
 * @param {WebStorage} [storage]
 */
export function keepName(text, storage = webStorage('localStorage')) {
  const checked = checkName(text);
  if (checked.error) return checked;
  if (checked.name) storage.setItem(NAME_KEY, checked.name);
  else storage.removeItem(NAME_KEY);
  return checked;
}
