// What went wrong, as text: an exception may be an Error (the rules core's carry a message in
// English, and their words as a message of the tables, `i18n`), a
// DOMException, an error of the page's that names a message of its tables (KeyedError), or
// anything a script threw; and what kind of value a wrong argument is.
/** @import { MessageParams } from '../api-types.js' */

/**
 * An error whose text is the page's message `key`, said in the reader's language where it is
 * shown: for what the page itself refuses, where a message table is not at hand when it throws.
 */
export class KeyedError extends Error {
  /** @param {string} key a message key of the tables (a package's i18n/) */
  constructor(key) {
    super(key);
    this.key = key;
  }
}

/**
 * The message of `e` when it has one, else `e` itself as text; a KeyedError's in the language of
 * `t`, and a rules core's error in it too where the tables of that language say it (its `i18n`):
 * otherwise the rules core's English message, which has every detail.
 * @param {unknown} e
 * @param {(key: string, params?: MessageParams) => string} [t]
 * @returns {string}
 */
export function errorText(e, t) {
  if (t) {
    if (e instanceof KeyedError) return t(e.key);
    const said = coreMessage(e);
    if (said) {
      // A language whose tables do not say it gives the key back: then the English message.
      const text = t(said.key, said.params);
      if (text !== said.key) return text;
    }
  }
  const message = typeof e === 'object' && e !== null && 'message' in e ? e.message : undefined;
  return String(message || e);
}

/**
 * A rules core's error as a message of the tables, its `i18n`; null for anything else.
 * @param {unknown} e
 * @returns {{key: string, params?: MessageParams}|null}
 */
function coreMessage(e) {
  if (typeof e !== 'object' || e === null) return null;
  const { i18n } = /** @type {{i18n?: unknown}} */ (e);
  return typeof i18n === 'object' && i18n !== null && typeof (/** @type {{key?: unknown}} */ (i18n).key) === 'string' ? /** @type {{key: string, params?: MessageParams}} */ (i18n) : null;
}

/**
 * What kind of value `v` is, for an error message.
 * @param {unknown} v
 * @returns {string}
 */
export function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}
