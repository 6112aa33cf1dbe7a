// What the controls of records in and out do (page/records.js, which wires them, fetches this at
// the first): the game's record downloaded as a file, and its pictures (the position as a PNG
// image, the game as an animated GIF, made by the board), and a record opened, from a file or the
// text box, through the page's one door (doors.js): the record of a game by link as that game,
// any other as a new game, the one in progress kept.
import { recordRequest, keepPlayers } from './doors.js';
import { errorText } from '../lib/errors.js';
/** @import { PageContext } from './context.js' */
/** @import { RecordParts } from './records.js' */
/** @import { GameState } from '../engine/core-types.js' */

/**
 * @param {PageContext} ctx
 * @param {RecordParts} parts
 */
export function recordFiles(ctx, { start }) {
  const { board } = ctx;

  /**
   * Opens a record from a file (`name`) or the text box.
   * @param {string} text
   * @param {string} [name] the file's name
   */
  async function open(text, name) {
    const request = await recordRequest(text, keepPlayers(board, 'record'), name ? 'record' : 'import');
    await start(request, { problem: (error) => (name ? { key: 'share.badFile', params: { name, error } } : { text: error }) });
  }

  /**
   * Downloads a picture the board makes: the position shown as a PNG image, or the game as an
   * animated GIF (which takes a moment for a long game: the page says so meanwhile).
   * @param {'png'|'gif'} kind
   */
  async function picture(kind) {
    const state = board.state;
    if (!state) return;
    if (kind === 'gif') ctx.notify({ key: 'share.making' });
    try {
      const blob = kind === 'png' ? await board.toPNG() : await board.toGIF();
      download(document, recordFileName(state, new Date(), kind), blob);
      // Only its own word goes: a notice said meanwhile (a link copied) stays.
      const notice = ctx.page().notice;
      if (notice && 'key' in notice && notice.key === 'share.making') ctx.notify(null);
    } catch (e) {
      ctx.notify({ key: 'share.pictureFailed', params: { error: errorText(e) } });
    }
  }

  /** Downloads the game's record. */
  function downloadRecord() {
    if (board.state) download(document, recordFileName(board.state), board.record ?? '');
  }

  return { open, picture, downloadRecord };
}

/**
 * A file name for a game's record, or with `ext` its picture: blue-and-gray-<date>-<plies>.<ext>.
 * @param {Pick<GameState, 'history'>} state
 * @param {Date} [now]
 * @param {string} [ext]
 * @returns {string}
 */
export function recordFileName(state, now = new Date(), ext = 'txt') {
  /** @param {number} n */
  const pad = (n) => String(n).padStart(2, '0');
  return `blue-and-gray-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${state.history.length}.${ext}`;
}

/**
 * Offers `data` (text, or a picture's Blob) to the reader as a file named `name`.
 * @param {Document} doc
 * @param {string} name
 * @param {string|Blob} data
 */
export function download(doc, name, data) {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type: 'text/plain;charset=utf-8' }) : data);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
