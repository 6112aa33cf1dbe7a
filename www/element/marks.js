// What a page marks on a board through the element's API: a move shown as an arrow
// (`showHint(text)`, for the position on the board only) and the last move marked as a mistake
// (`showMistake(text)`, a dashed red arrow while the game holds that move). The rules core reads
// the notation; each names a legal move or the last move, or throws saying why.
import * as B from './board.js';
import { travelled } from '../lib/moves.js';
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { MessageParams } from '../lib/i18n.js' */

/**
 * What marking asks of its board.
 * @typedef {{
 *   state(): BoardState,
 *   game(): CoreGame,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   changed(): void,
 *   t(key: string, params?: MessageParams): string,
 * }} MarkedBoard
 */

/**
 * Shows the move `text` as an arrow (null: none); returns it as the rules core writes it.
 * @param {MarkedBoard} b
 * @param {string|null} text
 * @returns {string|null}
 */
export function showHint(b, text) {
  const game = b.game();
  const gs = b.state().gs;
  if (text === null || !gs) {
    b.apply(B.withHint, null);
    b.changed();
    return null;
  }
  /** The legal move `text` names, or null. */
  const named = () => {
    try {
      const legal = game.legalMove(text);
      return gs.moves.find((m) => m.text === legal) || null;
    } catch {
      return null;
    }
  };
  const move = named();
  if (!move) throw new Error(b.t('api.hintNotLegal', { move: text.trim().slice(0, 40) }));
  b.apply(B.withHint, { code: gs.code, points: travelled(move, gs.paths[gs.side]) });
  b.changed();
  return move.text;
}

/**
 * Marks the last move, which `text` must name, as a mistake (null: takes the mark off); returns
 * it as the rules core writes it.
 * @param {MarkedBoard} b
 * @param {string|null} text
 * @returns {string|null}
 */
export function showMistake(b, text) {
  b.game();
  const last = b.state().gs?.lastMove;
  if (text === null) {
    b.apply(B.withoutMistake);
    b.changed();
    return null;
  }
  if (!last) throw new Error(b.t('api.mistakeNoMove'));
  // The board writes moves in lower case, as it reads them in any case.
  if (text.trim().toLowerCase() !== last.text) {
    throw new Error(b.t('api.mistakeNotLast', { move: text.trim().slice(0, 40), last: last.text }));
  }
  b.apply(B.withMistake);
  b.changed();
  return last.text;
}
