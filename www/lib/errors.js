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
 * `text` as a sentence a person reads on its own: its first letter a capital (in the reader's
 * language's way: `lang`) and a full stop at its end unless it ends one already. Pieces said
 * mid-sentence (an error put into another message) stay as they are; this is for one shown alone
 * or beside others, so that each starts and ends as a sentence does.
 * @param {string} text
 * @param {string} [lang]
 * @returns {string}
 */
export function asSentence(text, lang) {
  const s = text.trim();
  if (!s) return s;
  const first = s.codePointAt(0) ?? 0;
  const head = String.fromCodePoint(first);
  const body = head.toLocaleUpperCase(lang) + s.slice(head.length);
  return /[.!?…]["”»’)]*$/.test(body) ? body : `${body}.`;
}

/**
 * The error `e` said as a sentence of its own (errorText, then asSentence): where an error is
 * shown alone, or joined with others in one notice.
 * @param {unknown} e
 * @param {(key: string, params?: MessageParams) => string} [t]
 * @param {string} [lang]
 * @returns {string}
 */
export function errorMessage(e, t, lang) {
  return asSentence(errorText(e, t), lang);
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
