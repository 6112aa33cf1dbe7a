// Going through a board's game: undo and redo (against the computer and in a puzzle, on to the
// person's turn; against the computer not once the game is over; on an analysis board always),
// looking at an earlier position or a variation without changing the game, trying a move there
// (a variation, lib/tree.js), promoting, deleting or making the game's line a variation,
// continuing from an earlier position (the later moves kept to redo until another move is
// played), and the whole line with the moves taken back. A move a friend elsewhere has seen is
// never taken back on one device; a finished game's moves and result are final (no variation goes
// into them; against the computer no undo, redo or continuing; an analysis board's copy of a game
// stays open to change: lib/settings.js movesFinal, undoBarred), and no variation nests deeper
// than a record can be read back with (lib/tree.js MAX_NESTING): docs/RULES.md R28.
import * as B from './board.js';
import * as S from './state.js';
import { isHuman, undoBarred, movesFinal } from '../lib/settings.js';
import * as Tree from '../lib/tree.js';
import * as Edit from '../lib/tree-edit.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { Core, CoreGame } from '../core/core-api.js' */
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
  /** @private @type {HistoryBoard} */ _board;

  /** @param {HistoryBoard} board */
  constructor(board) {
    this._board = board;
  }

  /** The number of moves of the game on the board. @private */
  _last() {
    return this._board.state().gs?.history.length ?? 0;
  }

  /**
   * Undo (-1) or redo (1), against the computer and in a puzzle on to the person's turn.
   * Returns whether it stepped: not against a friend elsewhere, nor against the computer once
   * the game is over (the board then says why).
   * @param {-1|1} dir
   */
  step(dir) {
    const b = this._board;
    const game = b.game();
    const s = b.state();
    if (S.seatOf(s)) return false;
    if (undoBarred(s.settings.mode, !!s.gs?.result, { byBoard: true })) {
      b.apply(B.refused, { key: 'final.undo' });
      b.changed();
      return false;
    }
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
    if (ply === null || ply === undefined) return this.viewPath(null);
    this._check(ply, this._last());
    this.viewPath(Tree.mainPath(ply));
  }

  /**
   * Looks at the position at `path` in the game's tree (lib/tree.js; null: back to the game).
   * @param {number[]|null} path
   */
  viewPath(path) {
    const b = this._board;
    const core = b.core();
    const gs = b.state().gs;
    const last = this._last();
    if (path === null || path === undefined || (path.length === last && Tree.onMain(path))) {
      b.apply(B.viewing, null);
      return b.changed();
    }
    const tree = gs ? Tree.treeOf(gs) : null;
    if (!tree || !Array.isArray(path) || !path.every((i) => Number.isInteger(i)) || !Tree.nodeAt(tree, path)) {
      throw new RangeError(this._board.t('api.badPath', { path: String(path).slice(0, 40) }));
    }
    if (!core || !gs) return;
    // The game from its start along the path (the moves it shares with the game are the game's).
    const past = core.Game.fromCode(gs.variant, gs.start);
    try {
      for (const move of Tree.movesTo(tree, path)) past.play(move);
      b.apply(B.viewing, [...path], past.state());
    } finally {
      past.free();
    }
    b.describe();
    b.changed();
  }

  /**
   * Plays `move` at the position looked at: follows the game's move or a variation that has it,
   * or starts a variation there (docs/RULES.md R26); the board then looks at the position after
   * it. The game itself is not changed. Returns false, the board saying why, where the new
   * variation would nest deeper than a record is read back with.
   * @param {string} move
   * @returns {boolean}
   */
  explore(move) {
    const b = this._board;
    const s = b.state();
    if (!s.view || !s.gs) return false;
    const tree = Tree.treeOf(s.gs);
    const next = Edit.addMove(tree, s.view.path, move);
    if (next.tree !== tree && !this._setTree(next.tree)) return false;
    this.viewPath(next.path);
    b.settled();
    return true;
  }

  /**
   * Changes the variation the board looks at: 'promote' (one place up where it leaves its
   * line), 'main' (the game's line from then on: the game is replayed along it) or 'delete'
   * (gone, the board back where it left). Returns whether anything changed: nothing does on the
   * game's own moves, or with no variation looked at, nor where the variations would then nest
   * deeper than a record is read back with (the board says why). A finished game's moves are
   * final: a change that would put a variation into them throws.
   * @param {'promote'|'main'|'delete'} how
   */
  editVariation(how) {
    const b = this._board;
    const s = b.state();
    if (!s.view || !s.gs || S.seatOf(s)) return false;
    if (how !== 'promote' && how !== 'main' && how !== 'delete') throw new RangeError(b.t('api.badVariationEdit', { how: String(how).slice(0, 24) }));
    if (movesFinal(s.settings.mode, !!s.gs.result) && Edit.changesGame(how, s.view.path)) throw new Error(b.t('api.resultFinal'));
    const change = { promote: Edit.promote, main: Edit.makeMain, delete: Edit.remove }[how];
    const next = change(Tree.treeOf(s.gs), s.view.path);
    if (!next) return false;
    b.stopMoving();
    if (!this._setTree(next.tree)) return false;
    this.viewPath(next.path);
    b.settled();
    return true;
  }

  /**
   * Makes `text` the comment after the move at `path` of the game's tree (lib/tree.js; the
   * start: before the first move), written in its record (an empty text takes it away), the
   * board still looking where it was. Returns whether it was written: not in a game against a
   * friend elsewhere, whose record both devices keep alike. Throws where the tree has no such
   * move, and the rules core's error for a text longer than the catalogue's `maxComment`.
   * @param {number[]} path
   * @param {string} text
   */
  setComment(path, text) {
    const b = this._board;
    const s = b.state();
    if (!s.gs || S.seatOf(s)) return false;
    if (!Array.isArray(path) || !path.every((i) => Number.isInteger(i) && i >= 0) || !Tree.nodeAt(Tree.treeOf(s.gs), path)) {
      throw new RangeError(b.t('api.badPath', { path: String(path).slice(0, 40) }));
    }
    if (typeof text !== 'string') throw new TypeError(b.t('api.commentNotText'));
    b.game().setComment(path.join('.'), text);
    // The moves are the same: the position looked at, a move begun and the computer's turn stay.
    b.apply(B.withGame, b.game().state());
    b.changed();
    return true;
  }

  /**
   * Makes `tree` the game's (the rules core checks every move), or returns false, the board
   * saying why, where its variations nest deeper than the record reader reads.
   * @param {import('../core/core-types.js').TreeNode} tree
   * @returns {boolean}
   * @private
   */
  _setTree(tree) {
    const b = this._board;
    if (Tree.nesting(tree) > Tree.MAX_NESTING) {
      b.apply(B.refused, { key: 'final.tooDeep', params: { max: Tree.MAX_NESTING } });
      b.changed();
      return false;
    }
    b.game().setTree(Edit.linesOf(tree));
    b.apply(B.afterStep, b.game().state());
    return true;
  }

  /**
   * Makes the position after `ply` moves the game's own, the later moves kept to redo. Returns
   * whether anything was taken back: nothing is where Undo is refused (a finished game against
   * the computer: lib/settings.js undoBarred), and the board says why.
   * @param {number} ply
   */
  continueFrom(ply) {
    const b = this._board;
    const game = b.game();
    const last = this._last();
    this._check(ply, last);
    const s = b.state();
    if (S.seatOf(s)) return false;
    if (ply < last && undoBarred(s.settings.mode, !!s.gs?.result, { byBoard: true })) {
      b.apply(B.refused, { key: 'final.continue' });
      b.changed();
      return false;
    }
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
    const game = this._board.game();
    const played = this._board.state().gs?.history ?? [];
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
   * @private
   */
  _check(ply, last) {
    if (!Number.isInteger(ply) || /** @type {number} */ (ply) < 0 || /** @type {number} */ (ply) > last) {
      throw new RangeError(this._board.t('api.badPly', { max: last, ply: String(ply).slice(0, 24) }));
    }
  }
}
