// Going through a board's game: undo and redo (against the computer and in a puzzle, on to the
// person's turn), looking at an earlier position without changing the game, continuing from an
// earlier position (the later moves kept to redo until another move is played), and the whole
// line with the moves taken back. A move a friend elsewhere has seen is never taken back on one
// device.
import * as B from './board.js';
import * as S from './state.js';
import { isHuman } from '../lib/settings.js';
/** @import { Core, CoreGame, Side } from '../engine/core-types.js' */
/** @import { BoardState } from './state.js' */
/** @import { MessageParams } from '../lib/i18n.js' */

/**
 * What the history asks of its board.
 * @typedef {{
 *   state(): BoardState,
 *   core(): Core|null,
 *   game(): CoreGame,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   stopMoving(): void,
 *   settled(): void,
 *   refresh(): void,
 *   changed(): void,
 *   describe(): void,
 *   t(key: string, params?: MessageParams): string,
 * }} HistoryBoard
 */

export class History {
  /** @type {HistoryBoard} */
  #board;

  /** @param {HistoryBoard} board */
  constructor(board) {
    this.#board = board;
  }

  /** The number of moves of the game on the board. */
  #last() {
    return this.#board.state().gs?.history.length ?? 0;
  }

  /**
   * Undo (-1) or redo (1), against the computer and in a puzzle on to the person's turn.
   * Returns whether it stepped.
   * @param {-1|1} dir
   */
  step(dir) {
    const b = this.#board;
    const game = b.game();
    const s = b.state();
    if (S.seatOf(s)) return false;
    b.stopMoving();
    const one = () => (dir < 0 ? game.undo() : game.redo());
    if (!one()) {
      b.refresh();
      return false;
    }
    const puzzle = s.settings.mode === 'puzzle' ? s.puzzle : null;
    if (s.settings.mode === 'ai' || puzzle) {
      const human = (/** @type {Side} */ side) => (puzzle ? side === puzzle.side : isHuman(s.settings, side));
      let st = game.state();
      while (!human(st.side) && (dir < 0 ? st.canUndo : st.canRedo && !st.result)) {
        one();
        st = game.state();
      }
    }
    if (puzzle) b.apply(B.puzzleResumed);
    b.apply(B.afterStep, game.state());
    b.settled();
    return true;
  }

  /**
   * Looks at the position after `ply` moves (null: back to the game).
   * @param {number|null} ply
   */
  view(ply) {
    const b = this.#board;
    const game = b.game();
    const core = b.core();
    const last = this.#last();
    if (ply === null || ply === undefined || ply === last) {
      b.apply(B.viewing, null);
      return b.changed();
    }
    this.#check(ply, last);
    if (!core) return;
    const past = core.Game.fromRecord(game.record());
    try {
      for (let i = last; i > ply; i--) past.undo();
      b.apply(B.viewing, ply, past.state());
    } finally {
      past.free();
    }
    b.describe();
    b.changed();
  }

  /**
   * Makes the position after `ply` moves the game's own, the later moves kept to redo. Returns
   * whether anything was taken back.
   * @param {number} ply
   */
  continueFrom(ply) {
    const b = this.#board;
    const game = b.game();
    const last = this.#last();
    this.#check(ply, last);
    if (S.seatOf(b.state())) return false;
    b.stopMoving();
    for (let i = last; i > ply; i--) game.undo();
    b.apply(B.afterStep, game.state());
    b.settled();
    return ply < last;
  }

  /**
   * The whole line of the game, moves taken back included: its record, how many moves are
   * played, and the moves.
   * @returns {{record: string, ply: number, moves: string[]}}
   */
  line() {
    const game = this.#board.game();
    const played = this.#board.state().gs?.history ?? [];
    let ahead = 0;
    while (game.redo()) ahead++;
    const record = game.record();
    const moves = ahead ? game.state().history : played;
    for (let i = 0; i < ahead; i++) game.undo();
    return { record, ply: played.length, moves };
  }

  /**
   * @param {unknown} ply
   * @param {number} last
   * @returns {asserts ply is number}
   */
  #check(ply, last) {
    if (!Number.isInteger(ply) || /** @type {number} */ (ply) < 0 || /** @type {number} */ (ply) > last) {
      throw new RangeError(this.#board.t('api.badPly', { max: last, ply: String(ply).slice(0, 24) }));
    }
  }
}
