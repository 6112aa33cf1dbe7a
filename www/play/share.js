// Sharing a game: a link that reproduces it, pure (a friend's links are friends/friend-links.js's,
// a record file's play/records.js's).
/** @import { Side } from '../core/core-types.js' */

/** Links longer than this are not written into the address bar (storage keeps the game). */
export const MAX_ADDRESS_LENGTH = 64_000;

/**
 * The link to a game: `base` (the page's address without query or fragment) with the game in
 * the fragment, which never reaches a server and so has no length limit. `game` is
 * `{record, mode, side, level, movetime, help, ply, view}`; `ply` (where the game stands when the
 * record goes on with moves taken back) and `view` (a ply to look at) are optional.
 * @param {string} base
 * @param {{record: string, mode: string, side: Side, level: number, movetime: number, help?: string, ply?: number|null, view?: number|null}} game
 * @returns {string}
 */
export function gameLink(base, { record, mode, side, level, movetime, help, ply, view }) {
  const params = new URLSearchParams();
  if (mode) params.set('mode', mode);
  if (mode === 'ai' && side) params.set('side', side);
  // Two on one device and an analysis board have no computer; the engine's bar goes with them.
  const people = mode === 'two' || mode === 'analysis';
  if (!people && level) params.set('level', String(level));
  if (!people && movetime) params.set('movetime', String(movetime));
  if (people && help === 'none') params.set('help', help);
  if (ply !== null && ply !== undefined) params.set('ply', String(ply));
  if (view !== null && view !== undefined) params.set('view', String(view));
  params.set('record', compactRecord(record));
  return `${base}#${params.toString()}`;
}

/**
 * A record without what a link need not carry: the blank lines and line breaks between moves
 * are spaces. The record reads back the same.
 * @param {string} record
 * @returns {string}
 */
export function compactRecord(record) {
  const text = String(record).replace(/\r\n?/g, '\n');
  const split = text.indexOf('\n\n');
  if (split < 0) return text.trim();
  const tags = text.slice(0, split).trim();
  const moves = text.slice(split + 2).replace(/\s+/g, ' ').trim();
  return `${tags}\n\n${moves}`;
}

/**
 * The page's address without query or fragment.
 * @param {Pick<Location, 'origin'|'protocol'|'href'|'pathname'>} location
 * @returns {string}
 */
export function pageBase(location) {
  return location.origin === 'null' || location.protocol === 'file:'
    ? location.href.split(/[?#]/)[0]
    : `${location.origin}${location.pathname}`;
}

/**
 * Whether a link to the page at `location` would open only on this computer: a page opened from
 * disk (`file:`, as the single file is) has an address no other device has.
 * @param {Pick<Location, 'protocol'>} location
 * @returns {boolean}
 */
export function linksOnlyHere(location) {
  return location.protocol === 'file:';
}
