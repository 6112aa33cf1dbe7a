// What went wrong, as text: an exception may be an Error (the rules core's carry a message), a
// DOMException, or anything a script threw.

/**
 * The message of `e` when it has one, else `e` itself as text.
 * @param {unknown} e
 * @returns {string}
 */
export function errorText(e) {
  const message = typeof e === 'object' && e !== null && 'message' in e ? e.message : undefined;
  return String(message || e);
}
