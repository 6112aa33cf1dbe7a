// How a finished game ended, in words: the message for the rules core's result (its winner,
// reason and cause) with the progress figures a lead is told by, or who resigned or left. The board says it on the
// canvas and to screen readers; the page says it in the status and the game-over box.
/** @import { GameState } from '../core/core-types.js' */
/** @import { MessageParams } from './i18n.js' */

/**
 * How the finished game ended, as a message ({key, params}), or null while it goes on.
 * @param {Pick<GameState, 'result'|'progress'>|null|undefined} gs
 * @returns {{key: string, params: MessageParams}|null}
 */
export function resultMessage(gs) {
  const r = gs && gs.result;
  if (!r) return null;
  const { blue, gray } = gs.progress;
  // The players' endings have no winner's sentence and a draw's alike: each has its own.
  const loser = r.winner === 'blue' ? 'gray' : 'blue';
  // A drawn claim has a sentence of its own: nobody won, a player left.
  if (r.byPlayers) return { key: `result.${r.reason}${r.reason === 'abandoned' && !r.winner ? '.draw' : ''}`, params: { winner: r.winner, loser } };
  const key = r.winner ? `result.${r.reason}${r.cause ? '.' + r.cause : ''}` : `result.draw${r.cause ? '.' + r.cause : ''}`;
  return { key, params: { winner: r.winner, blue, gray, lead: Math.abs(blue - gray) } };
}
