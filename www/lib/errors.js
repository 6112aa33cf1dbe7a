// What went wrong, as text: an exception may be an Error (the rules core's carry a message), a
// DOMException, an error of the page's that names a message of its tables (KeyedError), or
// anything a script threw; and what kind of value a wrong argument is.

/**
 * An error whose text is the page's message `key`, said in the reader's language where it is
 * shown: for what the page itself refuses, where a message table is not at hand when it throws.
 */
export class KeyedError extends Error {
  /** @param {string} key a message key of www/messages */
  constructor(key) {
    super(key);
    this.key = key;
  }
}

/**
 * The message of `e` when it has one, else `e` itself as text; a KeyedError's in the language of `t`.
 * @param {unknown} e
 * @param {(key: string) => string} [t]
 * @returns {string}
 */
export function errorText(e, t) {
  if (t && e instanceof KeyedError) return t(e.key);
  const message = typeof e === 'object' && e !== null && 'message' in e ? e.message : undefined;
  return String(message || e);
}

/**
 * What kind of value `v` is, for an error message.
 * @param {unknown} v
 * @returns {string}
 */
export function typeName(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}
