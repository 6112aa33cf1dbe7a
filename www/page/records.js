// Records in and out of the page: the controls that download the game's record and its
// pictures, open a record file (by its button, or dropped on the board), and the text box that
// shows the position's code or the game's record and opens what is pasted into it. What they do
// (page/record-files.js) is fetched at the first use.
import { notLoaded } from './context.js';
import { onDemand } from '../lib/on-demand.js';
import { keepPlayers } from './doors.js';

/**
 * @import { PageContext } from './context.js'
 * @import { GameRequest } from './doors.js'
 * @import { Message } from '../lib/i18n.js'
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
  const box = /** @type {HTMLTextAreaElement} */ ($('io-text'));
  const load = onDemand(() => import('./record-files.js').then((m) => m.recordFiles(ctx, parts)));
  /**
   * Does what the player asked, once its code is there; says so when it could not be fetched.
   * @param {(files: ReturnType<typeof import('./record-files.js').recordFiles>) => unknown} f
   */
  const act = (f) => load().then(f, (e) => ctx.notify(notLoaded('share.region', e)));
  /**
   * Opens a record from a file called `name`.
   * @param {string} text
   * @param {string} name
   */
  const open = (text, name) => act((r) => r.open(text, name));

  function wire() {
    $('download-record').addEventListener('click', () => act((r) => r.downloadRecord()));
    $('download-png').addEventListener('click', () => act((r) => r.picture('png')));
    $('download-gif').addEventListener('click', () => act((r) => r.picture('gif')));
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
      else if (/^(\[|\{|\d+\s*\.)/.test(text)) act((r) => r.open(text));
      // A position of the form's rules, as a new game of the same players, at once.
      else parts.start({ ...keepPlayers(board, 'import'), variant: parts.variant(), position: text });
    });
  }

  return { wire };
}
