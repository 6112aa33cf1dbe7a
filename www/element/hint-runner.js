// A board's hints: the engine's move for the position on the board, from the page's one analysis
// worker (engine/analysis.js, at the hint's priority), drawn as an arrow, counted in the record
// (`BlueHints`, `GrayHints`) and said with its reason. One hint at a time: a newer hint, a new
// game or the board leaving the page ends the one under way.
import { analysis, positionOf, hintReason } from '../engine/analysis.js';
import { engineHelpBarred } from '../lib/fair-play.js';
import { abortError } from '../engine/ai-client.js';
import * as B from './board.js';
import { travelled } from '../lib/moves.js';
/** @import { Catalogue } from '../core/core-types.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */

/**
 * What a hint asks of its board.
 * @typedef {{
 *   state(): BoardState,
 *   game(): CoreGame,
 *   catalogue(): Catalogue|null,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   refresh(): void,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 *   say(message: Message): string,
 * }} HintBoard
 */

/**
 * The element's `hint()` answer.
 * @typedef {{move: string, points: string[], reason: string, score: number, mateIn: number|null, scoreText: string, pv: string[]}} Hint
 */

export class HintRunner {
  /** @private @type {HintBoard} */ _board;
  /** The hint being searched for: its AbortController. @private */
  _abort = /** @type {AbortController|null} */ (null);

  /** @param {HintBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * Ends the hint under way, if any (its promise rejects with an AbortError saying `reason`).
   * @param {string} reason
   */
  cancel(reason) {
    if (this._abort) this._abort.abort(abortError(reason));
    this._abort = null;
  }

  /**
   * The engine's move for the position on the board, drawn and counted; rejects when the game is
   * over, the game is against a person and under way (lib/fair-play.js), the position changed
   * meanwhile (an AbortError) or the engine has no move.
   * @returns {Promise<Hint>}
   */
  async ask() {
    const b = this._board;
    const game = b.game();
    const gs = b.state().gs;
    if (!gs) throw new Error(b.t('api.notReady'));
    if (gs.result) throw new Error(b.t('hint.gameOver'));
    if (engineHelpBarred(b.state().settings, gs)) throw new Error(b.t('hint.againstPerson'));
    this.cancel('A newer hint was asked for.');
    const abort = new AbortController();
    this._abort = abort;
    const nodes = b.catalogue()?.analysisNodes;
    const result = await analysis().analyse(positionOf(gs), { priority: 'hint', signal: abort.signal, nodes });
    if (this._abort === abort) this._abort = null;
    if (b.game() !== game || b.state().gs?.code !== gs.code) throw abortError(b.t('hint.stale'));
    const move = gs.moves.find((m) => m.text === result.best);
    if (!move) throw new Error(b.t('ai.noMove'));
    const tag = gs.side === 'blue' ? 'BlueHints' : 'GrayHints';
    const count = (Number(game.tag(tag)) || 0) + 1;
    try {
      game.setTag(tag, String(count));
    } catch (e) {
      b.error(String((e && /** @type {Error} */ (e).message) || e));
    }
    b.apply(B.withHint, { code: gs.code, points: travelled(move, gs.paths[gs.side]) });
    b.refresh();
    const reason = hintReason(gs, move);
    return {
      move: move.text,
      points: move.points,
      reason: reason ? b.say(reason) : '',
      score: result.score,
      mateIn: result.mateIn ?? null,
      scoreText: result.scoreText,
      pv: result.pv,
    };
  }
}
