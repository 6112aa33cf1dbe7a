// The browser's Web Storage, probed once per kind: a page from disk, a sandboxed frame or a
// browser set to refuse it throws on the first touch. Where it is refused, a stand-in keeps
// nothing and throws on every write, so that whoever saves learns that it failed and can say so.

/**
 * Where the page keeps things: `localStorage`, or anything with its getItem, setItem and
 * removeItem (a stand-in where the browser refuses storage, a test's).
 * @typedef {Pick<Storage, 'getItem'|'setItem'|'removeItem'>} WebStorage
 */

/**
 * localStorage or sessionStorage, or the stand-in where the browser refuses it.
 * @param {'localStorage'|'sessionStorage'} name
 * @returns {Storage}
 */
export function webStorage(name) {
  try {
    const s = globalThis[name];
    s.getItem('probe');
    return s;
  } catch {
    const refuse = () => {
      throw new DOMException(`${name} is not available`, 'SecurityError');
    };
    /** @type {Pick<Storage, 'getItem'|'setItem'|'removeItem'>} */
    const standIn = { getItem: () => null, setItem: refuse, removeItem: () => {} };
    return /** @type {Storage} */ (/** @type {unknown} */ (standIn));
  }
}
