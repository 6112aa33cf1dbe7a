// The page's elements by id, for the modules that draw the panel (panel.js, review-box.js).
// index.html has every one they draw, or its box, which the part drawing it fills when it is
// fetched (review-box.js, friends/friend-box.js): a missing one is a broken page, said at once.

/**
 * The element `id` of the page.
 * @param {Document} doc
 * @param {string} id
 * @returns {HTMLElement}
 */
export function byId(doc, id) {
  const found = doc.getElementById(id);
  if (!found) throw new Error(`index.html has no #${id}`);
  return found;
}

// The page's controls, of the kinds index.html makes them.

/**
 * A `<select>` of the page.
 * @param {Document} doc
 * @param {string} id
 */
export const menu = (doc, id) => /** @type {HTMLSelectElement} */ (byId(doc, id));

/**
 * An `<input>` of the page.
 * @param {Document} doc
 * @param {string} id
 */
export const field = (doc, id) => /** @type {HTMLInputElement} */ (byId(doc, id));

/**
 * A `<button>` of the page.
 * @param {Document} doc
 * @param {string} id
 */
export const button = (doc, id) => /** @type {HTMLButtonElement} */ (byId(doc, id));

/**
 * A `<progress>` of the page.
 * @param {Document} doc
 * @param {string} id
 */
export const meter = (doc, id) => /** @type {HTMLProgressElement} */ (byId(doc, id));

/**
 * A `<canvas>` of the page.
 * @param {Document} doc
 * @param {string} id
 */
export const canvasById = (doc, id) => /** @type {HTMLCanvasElement} */ (byId(doc, id));
