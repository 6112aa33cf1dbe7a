// The computer player of one board: when it is its turn, it waits a moment (so that a person
// sees the position it answers), asks its own AI worker, and hands the reply back. It never
// runs while its board is out of the document: `suspend()` ends its timer and its worker, and
// the board asks it again when it comes back.
import { AiClient, isAbort } from '../engine/ai-client.js';
import { computerToMove } from './state.js';
import { remaining } from '../lib/clock.js';
/** @import { SearchResult, Side } from '../core/core-types.js' */
/** @import { Clocks } from '../lib/clock.js' */
/** @import { Mode } from '../lib/settings.js' */
/** @import { BoardState } from './state.js' */

/**
 * A search asked for: the position's code, and performance.now() when it was asked.
 * @typedef {{code: string, requested: number}} Asked
 */

/**
 * What the computer player asks of its board; see the constructor.
 * @typedef {{
 *   state(): BoardState,
 *   thinking(on: boolean): void,
 *   asked(search: Asked): void,
 *   reply(result: SearchResult, asked: Asked): void,
 *   failed(error: Error): void,
 * }} ComputerBoard
 */

/**
 * Pause before the computer moves, so that a person sees the position it answers.
 * @type {Partial<Record<Mode, number>>}
 */
const DELAY_MS = { ai: 120, demo: 450 };

/**
 * The computer's time for a move: its `movetime` setting (0: the level's own budget), and with a
 * clock at most a thirtieth of its time left once that is short (under a minute's thinking at
 * 2 s a move), so that the computer does not lose on time.
 * @param {number} movetime
 * @param {Clocks|null} clocks
 * @param {Side} side
 * @returns {number}
 */
export function thinkTime(movetime, clocks, side) {
  if (!clocks) return movetime || 0;
  const cap = Math.max(20, Math.floor(remaining(clocks, side, Date.now()) / 30));
  if (cap >= 2000) return movetime || 0;
  return movetime ? Math.min(movetime, cap) : cap;
}

export class Computer {
  /** @private */ _client = new AiClient();
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _timer = null;
  /** @private @type {ComputerBoard} */ _board;

  /**
   * `board`: `{state()}` (the board's current state), `thinking(on)` (the computer waits or
   * thinks, or stopped), `asked(search)` ({code, requested}: a search was asked for), `reply(result,
   * asked)` (its answer, for the position `asked.code`) and `failed(error)` (an Error).
   * @param {ComputerBoard} board
   */
  constructor(board) {
    this._board = board;
  }

  /** Whether a search is under way. */
  get busy() {
    return this._client.busy;
  }

  /** Starts the worker ahead of its first move, when this board has a computer player. */
  warm() {
    const { mode } = this._board.state().settings;
    if (mode === 'ai' || mode === 'demo') this._client.warm().catch(() => {});
  }

  /** Moves if it is the computer's turn and it is not already on it. */
  consider() {
    const s = this._board.state();
    if (!computerToMove(s) || this._client.busy || this._timer) return;
    // "Thinking" shows from now, in the same frame as the move just played, so that the page
    // need not repaint while the search runs.
    this._board.thinking(true);
    this._timer = setTimeout(() => {
      this._timer = null;
      this._ask();
    }, DELAY_MS[s.settings.mode] ?? 0);
  }

  /** @private */
  async _ask() {
    const s = this._board.state();
    const gs = s.gs;
    if (!gs || !computerToMove(s)) return this._board.thinking(false);
    const asked = { code: gs.code, requested: performance.now() };
    this._board.asked(asked);
    let reply;
    try {
      reply = await this._client.think({
        variant: gs.variant,
        start: gs.start,
        moves: gs.history,
        level: s.settings.level,
        movetimeMs: thinkTime(s.settings.movetime, s.clocks, gs.side),
      });
    } catch (e) {
      if (!isAbort(e)) this._board.failed(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    this._board.reply(reply.result, asked);
  }

  /** Stops waiting or thinking, if it was; the worker is restarted for the next move. */
  cancel() {
    if (this._timer) {
      clearTimeout(this._timer);
      this._timer = null;
    }
    if (this._client.busy) {
      this._client.cancel();
      if (this._board.state().connected) this.warm();
    }
    this._board.thinking(false);
  }

  /** The board left the document: no timer, no search, no worker until it comes back. */
  suspend() {
    this.cancel();
    this._client.close('The board was removed from the page.');
  }
}
