// Records in and out of the page: the game's record downloaded as a file (and its pictures: the
// position as a PNG image, the game as an animated GIF, made by the board), a record file opened
// (by its button, or dropped on the board), and the text box that shows the position's code or
// the game's record and opens what is pasted into it (a record, else a position of the form's
// rules). Every record opens through the page's one door (doors.js): the record of a game by link
// as that game, any other as a new game, the one in progress kept.
import { recordFileName, download } from './share.js';
import { recordRequest, keepPlayers } from './doors.js';
import { errorText } from '../lib/errors.js';

/**
 * @import { PageContext } from './context.js'
 * @import { GameRequest } from './doors.js'
 * @import { Message } from '../lib/i18n.js'
 */

/**
 * @param {PageContext} ctx
 * @param {{
 *   start: (request: GameRequest, say?: {problem?: (text: string) => Message}) => Promise<boolean>,
 *   variant: () => GameRequest['variant'],
 * }} parts `start` opens a game through the door and says what could not be done; `variant` is
 *   the rules the form shows, those of a pasted position
 */
export function pageRecords(ctx, { start, variant }) {
  const { board, $ } = ctx;
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

  function wire() {
    $('download-record').addEventListener('click', () => board.state && download(document, recordFileName(board.state), board.record ?? ''));
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
      else if (text.startsWith('[')) open(text);
      else start({ ...keepPlayers(board, 'import'), variant: variant(), position: text });
    });
  }

  return { wire };
}
