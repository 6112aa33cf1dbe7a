// Records in and out of the page: the controls that download the game's record and its
// pictures (the position as a PNG image, the game as an animated GIF, made by the board), open a
// record file (by its button, or dropped on the board), and the text box that shows the
// position's code or the game's record and opens what is pasted into it. A record opened goes
// through the page's one door (doors.js): the record of a game by link as that game, any other
// as a new game, the one in progress kept.
import { recordRequest, keepPlayers } from './doors.js';
import { errorText } from '../lib/errors.js';

/**
 * @import { PageContext } from './context.js'
 * @import { GameRequest } from './doors.js'
 * @import { Message } from '../lib/i18n.js'
 * @import { GameState } from '../core/core-types.js'
 */

/**
 * `start` opens a game through the door and says what could not be done; `variant` is the rules
 * the form shows, those of a pasted position.
 * @typedef {{
 *   start: (request: GameRequest, say?: {problem?: (text: string) => Message}) => Promise<boolean>,
 *   variant: () => GameRequest['variant'],
 * }} RecordParts
 */

/**
 * @param {PageContext} ctx
 * @param {RecordParts} parts
 */
export function pageRecords(ctx, parts) {
  const { board, $ } = ctx;
  const { start } = parts;
  const box = /** @type {HTMLTextAreaElement} */ ($('io-text'));
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

  function wire() {
    $('download-record').addEventListener('click', () => downloadRecord());
    $('download-png').addEventListener('click', () => picture('png'));
    $('download-gif').addEventListener('click', () => picture('gif'));
    $('open-record').addEventListener('click', () => $('record-file').click());
    $('record-file').addEventListener('change', async (e) => {
      const input = /** @type {HTMLInputElement} */ (e.target);
      const file = input.files && input.files[0];
      if (file) open(await file.text(), file.name);
      input.value = '';
    });
    const col = /** @type {HTMLElement} */ (document.querySelector('.board-col'));
    col.addEventListener('dragover', (e) => {
      if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
    });
    col.addEventListener('drop', async (e) => {
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (!file) return;
      e.preventDefault();
      open(await file.text(), file.name);
    });
    $('export-code').addEventListener('click', () => {
      box.value = board.code ?? '';
    });
    $('export-record').addEventListener('click', () => {
      box.value = board.record ?? '';
    });
    $('import').addEventListener('click', () => {
      const text = box.value.trim();
      if (!text) ctx.notify({ key: 'notice.pasteFirst' });
      // A record starts with a tag, a comment or a move number (one without tags is Sackson's
      // game, docs/RULES.md R21); a position code with its first rank, never with those.
      else if (/^(\[|\{|\d+\s*\.)/.test(text)) open(text);
      // A position of the form's rules, as a new game of the same players, at once.
      else parts.start({ ...keepPlayers(board, 'import'), variant: parts.variant(), position: text });
    });
  }

  return { wire };
}

/**
 * A file name for a game's record, or with `ext` its picture: blue-and-gray-<date>-<plies>.<ext>.
 * @param {Pick<GameState, 'history'>} state
 * @param {Date} [now]
 * @param {string} [ext]
 * @returns {string}
 */
function recordFileName(state, now = new Date(), ext = 'txt') {
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
function download(doc, name, data) {
  const url = URL.createObjectURL(typeof data === 'string' ? new Blob([data], { type: 'text/plain;charset=utf-8' }) : data);
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  doc.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
