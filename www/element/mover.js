// Moves played on a board, whoever plays them: the person's (an intent's move, or one the rules
// core is asked to explain and finds legal after all), a page's through play(), the computer's
// reply, a puzzle's defender's, a friend's through the relay. Each is played on the rules core
// and followed the same way (the state with the computer's glide, the `move` and `opponentmove`
// events, the relay told of this device's move, a puzzle judged, the board settled), so that no
// kind of move is followed differently from another.
import * as B from './board.js';
import * as S from './state.js';
import * as T from './telling.js';
import { startGlide } from '../board/anim.js';
import { travelled } from '../lib/moves.js';
import { SIDES } from '../lib/settings.js';
import { errorText } from '../lib/errors.js';
/** @import { CoreError, GameState, SearchResult } from '../core/core-types.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState, BoardResources } from './state.js' */
/** @import { MoveBy } from './board.js' */
/** @import { AiInfo } from '../api-types.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */
/** @import { Claim } from './clocks.js' */

/**
 * What playing moves asks of its board. `stopComputer()` ends the computer's search (a move
 * played over it); `livePlayed(history)` tells the relay of this device's move; `judge()` judges
 * the solver's move in a puzzle; `settled(news)` follows every move.
 * @typedef {{
 *   state(): BoardState,
 *   resources(): BoardResources,
 *   game(): CoreGame,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   stopComputer(): void,
 *   livePlayed(history: string[], time: number|null): void,
 *   clockMoved(mover: 'blue'|'gray', claim: Claim|null): number|null,
 *   judge(): void,
 *   settled(news: Message[]): void,
 *   refresh(): void,
 *   changed(): void,
 *   emit(type: string, detail: object): void,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 *   say(message: Message): string,
 *   language(): string,
 * }} MoverBoard
 */

export class Mover {
  /** @private @type {MoverBoard} */ _board;

  /** @param {MoverBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * Plays `text` (the element's play()); returns the move as the rules core writes it.
   * @param {string} text
   */
  play(text) {
    const b = this._board;
    const game = b.game();
    const s = b.state();
    const gs = s.gs;
    // A live game's other seat plays on its own device; its moves come through the relay only.
    if (gs && s.settings.mode === 'live' && S.seatOf(s) !== gs.side) throw new Error(b.say(T.whyNoMove(s)));
    b.stopComputer();
    const played = game.play(text);
    if (gs) this._afterMove(gs, 'api');
    return played;
  }

  /**
   * Plays a move that is not the person's (the puzzle's defender, a friend's through the relay,
   * with its signed time: `claim`); false, said as an error, when it cannot be played.
   * @param {string} move
   * @param {MoveBy} by
   * @param {Claim|null} [claim]
   */
  playMove(move, by, claim = null) {
    const before = this._board.state().gs;
    const game = this._board.resources().game;
    if (!game || !before) return false;
    try {
      game.play(move);
    } catch (e) {
      this._board.error(errorText(e, this._board.t));
      return false;
    }
    this._afterMove(before, by, null, claim);
    return true;
  }

  /**
   * Plays the person's `i`-th legal move (an intent's).
   * @param {number} i
   */
  playIndex(i) {
    const before = this._board.state().gs;
    const game = this._board.resources().game;
    if (!game || !before) return;
    try {
      game.playIndex(i);
    } catch (e) {
      this._board.error(errorText(e, this._board.t));
      return this._board.changed();
    }
    this._afterMove(before, 'human');
  }

  /**
   * Asks the rules core about the person's `from`-`to`: played if legal after all, else
   * explained. Returns whether it was played.
   * @param {string} from
   * @param {string} to
   */
  explain(from, to) {
    const before = this._board.state().gs;
    const game = this._board.resources().game;
    if (!game || !before) return false;
    try {
      game.play(`${from}-${to}`);
    } catch (e) {
      // A reason the board's words lack (a rules core newer than its tables) is not said: the
      // move is refused silently.
      const b = this._board;
      const reason = `why.${/** @type {Partial<CoreError>} */ (e)?.reason}`;
      if (b.t(reason) !== reason) {
        b.apply(B.explainRefusal, from, to, /** @type {CoreError} */ (e));
        b.changed();
      }
      return false;
    }
    this._afterMove(before, 'human');
    return true;
  }

  /**
   * The computer started (`on`) or stopped waiting and thinking; the page hears of it.
   * @param {boolean} on
   */
  thinking(on) {
    const b = this._board;
    if (b.state().thinking === on) return;
    b.apply(B.thinking, on);
    b.emit('thinking', { thinking: on });
    b.changed();
  }

  /**
   * The computer's answer for the position `asked.code`: played if that position is still on the
   * board.
   * @param {SearchResult} result
   * @param {{code: string}} asked
   */
  replied(result, asked) {
    const b = this._board;
    b.apply(B.searchReplied, performance.now());
    this.thinking(false);
    const game = b.resources().game;
    const before = b.state().gs;
    if (!game || !before || game.code() !== asked.code) return b.refresh();
    if (!result.best) return this.failed(b.t('ai.noMove'));
    try {
      game.play(result.best);
    } catch (e) {
      return this.failed(errorText(e, b.t));
    }
    const { side, best: move, score, mateIn, scoreText, depth, nodes, pv } = result;
    this._afterMove(before, 'computer', { side, move, score, mateIn: mateIn ?? null, scoreText, depth, nodes, pv: pv || [] });
  }

  /**
   * The computer could not move: said, and not tried again until something changes.
   * @param {string} error
   */
  failed(error) {
    const b = this._board;
    this.thinking(false);
    const why = { key: 'ai.failed', params: { error } };
    b.apply(B.halted, why);
    b.error(b.say(why));
    b.changed();
  }

  /**
   * After a move: the state, the events, the relay told of this device's move, a puzzle judged.
   * @param {GameState} before the game before the move
   * @param {MoveBy} by
   * @param {AiInfo|null} [aiInfo] the computer's search, for its move
   * @param {Claim|null} [claim] a live move's signed time
   * @private
   */
  _afterMove(before, by, aiInfo = null, claim = null) {
    const b = this._board;
    // The mover's clock stops (its time goes into the record) before the game is read.
    const time = b.clockMoved(before.side, by === 'remote' ? claim ?? { live: true } : null);
    const gs = b.game().state();
    const last = gs.lastMove;
    const glide =
      by === 'computer' && last && !matchMedia('(prefers-reduced-motion: reduce)').matches
        ? startGlide({ ...last, points: travelled(last, before.paths[before.side]) }, before.board, gs.code, performance.now())
        : null;
    b.apply(B.afterMove, gs, { by, aiInfo, glide });
    const detail = { text: last ? last.text : '', ply: gs.ply, side: before.side, record: gs.record, code: gs.code, by };
    b.emit('move', detail);
    const s = b.state();
    const seat = S.seatOf(s);
    if (seat !== null && SIDES.includes(/** @type {'blue'|'gray'} */ (seat)) && before.side !== seat) b.emit('opponentmove', detail);
    // This device's own move goes to the relay; one of its seat's that came from the relay (a
    // device taking the seat over catches up) is already there, and must not be sent back.
    if (seat === before.side && s.settings.mode === 'live' && by !== 'remote') b.livePlayed(gs.history, time);
    if (by === 'human' && s.settings.mode === 'puzzle') b.judge();
    b.settled(T.moveNews(gs, before.side, by));
  }
}
