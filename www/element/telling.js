// What a board says in words: why it takes no move from a person now, what is under the keyboard
// cursor (for a screen reader), and the news of a move just played. Pure: messages ({key,
// params}) from the state, said in the board's language where they are shown.
import * as Sel from '../board/selection.js';
import { canHumanMove, shownGame, seatOf } from './state.js';
import { whyNoMove as puzzleWhyNoMove } from './puzzle-mode.js';
import { isRemote } from '../lib/settings.js';
import { resultMessage } from '../lib/result.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */
/** @import { MoveBy } from './board.js' */

/**
 * Why the board takes no move from a person now, as a message.
 * @param {BoardState} s
 * @returns {Message}
 */
export function whyNoMove(s) {
  if (s.view) return { key: 'refuse.viewing', params: { ply: s.view.ply } };
  // A puzzle says where it stands (solved, failed), even when its last move ended the game.
  if (s.settings.mode === 'puzzle' && s.locked === null) return puzzleWhyNoMove(s);
  const gs = s.gs;
  if (!gs) throw new Error('There is no game on the board yet.');
  if (gs.result) return { key: 'refuse.gameOver', params: { result: resultMessage(gs) } };
  if (s.locked !== null) return s.locked ? { text: s.locked } : { key: 'refuse.locked' };
  if (s.settings.mode === 'view') return { key: 'refuse.viewOnly' };
  if (isRemote(s.settings.mode)) {
    const seat = seatOf(s);
    if (seat === 'watch') return { key: 'refuse.watching' };
    if (seat === null) return { key: 'refuse.joining' };
    if (seat !== gs.side) return { key: 'refuse.friendToMove', params: { side: gs.side } };
  }
  if (s.thinking) return { key: 'refuse.computerThinking' };
  if (s.settings.mode === 'demo') return { key: 'refuse.demo' };
  return { key: 'refuse.notYourTurn', params: { side: gs.side } };
}

/**
 * What a screen reader is told about the board: the point under the keyboard cursor, with the
 * piece on it and the selection, as a list of messages (said one after the other).
 * @param {BoardState} s
 * @returns {Message[]}
 */
export function cursorMessages(s) {
  const gs = shownGame(s);
  if (!gs) return [];
  const p = s.ui.cursor;
  const piece = gs.board.find((x) => x.point === p);
  /** @type {Message[]} */
  const out = [
    piece
      ? { key: 'desc.piece', params: { point: p, color: piece.color, kind: piece.kind } }
      : { key: p === 'e5' ? 'desc.redDot' : 'desc.empty', params: { point: p } },
  ];
  const sel = canHumanMove(s) ? Sel.selectionView(gs, s.ui) : null;
  if (sel && sel.targets.includes(p)) out.push({ key: 'desc.destination' });
  else if (sel) out.push({ key: 'desc.selected', params: { path: sel.path.join(' '), targets: sel.targets.join(' ') } });
  return out;
}

/**
 * The news of a move just played, as messages: who played what, what it captured, and how the
 * game ended if it did. `side` is the side that moved.
 * @param {GameState} gs
 * @param {Side} side
 * @param {MoveBy} by
 * @returns {Message[]}
 */
export function moveNews(gs, side, by) {
  const m = gs.lastMove;
  if (!m) return [];
  /** @type {Message[]} */
  const out = [{ key: by === 'computer' ? 'announce.computer' : 'announce.move', params: { side, move: m.text } }];
  if (m.captured.length) out.push({ key: 'announce.captured', params: { points: m.captured.join(', ') } });
  const result = resultMessage(gs);
  if (result) out.push(result);
  return out;
}
