// Continuing a live game on another device of the same player: a sheet with the seat's own link
// (an invitation to this device's seat, carrying its key), as text to copy and as a QR code to
// scan with a phone, under the warning that the link is the seat itself. Fetched on first use
// with its QR code library (www/vendor/qrcode.js, the npm package qrcode-generator). Opening the
// link is the page's one door (play/doors.js): the seat moves there and this device watches.
// index.html has only the empty sheet; this builds its content at its first showing.
import qrcode from '../vendor/qrcode.js';
import { el, openSheet } from '../lib/dom.js';
import { byId } from '../play/page-elements.js';
import { localisePage } from '../play/panel.js';

/** @import { Translate } from '../lib/i18n.js' */

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
 * Fills the empty sheet `dialog`: the warning, how to use the link, its QR code, the link as text
 * and its Copy button, their texts marked for the page's localisation.
 * @param {HTMLDialogElement} dialog
 */
function buildSheet(dialog) {
  dialog.replaceChildren(
    el('h2', { 'data-i18n': 'handOver.title' }),
    el('p', { class: 'notice warning', 'data-i18n': 'handOver.private' }),
    el('p', { 'data-i18n': 'handOver.how' }),
    el('img', { id: 'hand-over-qr', class: 'qr', 'data-i18n-alt': 'handOver.qr', alt: '' }),
    el('textarea', { id: 'hand-over-link', readonly: '', rows: '4', 'data-i18n-aria-label': 'handOver.link' }),
    el('div', { class: 'buttons' }, [el('button', { id: 'hand-over-copy', type: 'button', 'data-i18n': 'handOver.copy' })]),
    el('form', { method: 'dialog' }, [el('button', { type: 'submit', 'data-i18n': 'dialog.close' })]),
  );
}

/**
 * Shows the sheet `#hand-over` with `link`, this device's seat's link; its Copy button calls
 * `copy(link)`. `t` says its texts.
 * @param {Document} doc
 * @param {string} link
 * @param {(link: string) => void} copy
 * @param {Translate} t
 */
export async function showHandOver(doc, link, copy, t) {
  const dialog = /** @type {HTMLDialogElement} */ (byId(doc, 'hand-over'));
  if (!dialog.childElementCount) {
    buildSheet(dialog);
    localisePage(doc, t);
  }
  /** @type {HTMLImageElement} */ (byId(doc, 'hand-over-qr')).src = qrImage(link);
  /** @type {HTMLTextAreaElement} */ (byId(doc, 'hand-over-link')).value = link;
  byId(doc, 'hand-over-copy').onclick = () => copy(link);
  await openSheet(dialog);
}
