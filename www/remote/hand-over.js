// Continuing a live game on another device of the same player: a sheet with the seat's own link
// (an invitation to this device's seat, carrying its key), as text to copy and as a QR code to
// scan with a phone, under the warning that the link is the seat itself. Fetched on first use
// with its QR code library (www/vendor/qrcode.js, the npm package qrcode-generator). Opening the
// link is the page's one door (page/doors.js): the seat moves there and this device watches.
import qrcode from '../vendor/qrcode.js';
import { openSheet } from '../lib/dom.js';
import { byId } from '../page/page-elements.js';

/** A QR code's module size and quiet zone (in modules, 4 as the standard asks), in pixels. */
const CELL_PX = 4;
const QUIET_MODULES = 4;

/**
 * `text` as a QR code image's address (a GIF `data:` URL, which the page's CSP allows), with
 * medium error correction: a seat's link is about 500 characters, a code of about 80 modules.
 * @param {string} text
 * @returns {string}
 */
export function qrImage(text) {
  const qr = qrcode(0, 'M');
  qr.addData(text, 'Byte');
  qr.make();
  return qr.createDataURL(CELL_PX, QUIET_MODULES);
}

/**
 * Shows the sheet `#hand-over` with `link`, this device's seat's link; its Copy button calls
 * `copy(link)`.
 * @param {Document} doc
 * @param {string} link
 * @param {(link: string) => void} copy
 */
export async function showHandOver(doc, link, copy) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(doc, 'hand-over'));
  /** @type {HTMLImageElement} */ (byId(doc, 'hand-over-qr')).src = qrImage(link);
  /** @type {HTMLTextAreaElement} */ (byId(doc, 'hand-over-link')).value = link;
  byId(doc, 'hand-over-copy').onclick = () => copy(link);
  await openSheet(dialog);
}
