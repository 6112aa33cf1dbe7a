// The board of an exercise in a dialog (a lesson, a puzzle, a mistake to retry), and the moves
// an exercise plays on it by itself (a defender's reply, a refutation, a solution),
// one after the other with the board's answering pause between them, so that a player can follow
// each; and one pause for anything else that must wait (a slower move taken back). Whether the
// view is busy is whether anything waits here: the board takes no move meanwhile.
import { REPLY_DELAY_MS } from '../lib/pace.js';
import { el } from '../lib/dom.js';
/** @import { BlueGrayGameElement } from '../blue-gray-game.js' */

/**
 * A board for an exercise in a dialog (a lesson, a puzzle, a mistake to retry): one
 * `<blue-gray-game>` for two players on one board, coordinates shown, locked until the exercise
 * lets the player move; and the box of class `boxClass` that holds it. Returns `{box, board}`.
 * The page that asks for one has loaded blue-gray-game.js, so the element is that class.
 * @param {string} boxClass
 * @returns {{box: HTMLDivElement, board: BlueGrayGameElement}}
 */
export function exerciseBoard(boxClass) {
  const board = /** @type {BlueGrayGameElement} */ (document.createElement('blue-gray-game'));
  board.setAttribute('mode', 'two');
  board.setAttribute('coordinates', 'on');
  board.setAttribute('locked', '');
  return { box: el('div', { class: boxClass }, [board]), board };
}

export class MoveQueue {
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _timer = null;
  /** @private @type {string[]} */ _moves = [];
  /** @private @type {(() => void)|null} */ _done = null;
  /** @private */ _play;
  /** @private */ _failed;
  /** @private */ _finished;

  /**
   * `play(move)` plays a move on the board (it may throw: the rest is then dropped and
   * `failed(error)` told); `finished()` is called once a run is over, after its `done`.
   * @param {{play: (move: string) => void, failed: (error: unknown) => void, finished: () => void}} parts
   */
  constructor({ play, failed, finished }) {
    this._play = play;
    this._failed = failed;
    this._finished = finished;
  }

  /** Whether a move or a pause waits. */
  get busy() {
    return this._moves.length > 0 || this._timer !== null;
  }

  /** Forgets whatever waits. */
  stop() {
    if (this._timer !== null) clearTimeout(this._timer);
    this._timer = null;
    this._moves = [];
    this._done = null;
  }

  /**
   * Calls `then` after one pause, instead of whatever waited.
   * @param {() => void} then
   */
  later(then) {
    this.stop();
    this._timer = setTimeout(() => {
      this._timer = null;
      then();
    }, REPLY_DELAY_MS);
  }

  /**
   * Plays `moves` one after the other, each after a pause, then calls `done`.
   * @param {string[]} moves
   * @param {(() => void)|null} done
   */
  run(moves, done) {
    this.stop();
    this._moves = [...moves];
    this._done = done;
    if (this._moves.length) this._timer = setTimeout(() => this._next(), REPLY_DELAY_MS);
    else this._finish();
  }

  /** @private */
  _next() {
    this._timer = null;
    const move = this._moves.shift();
    if (move === undefined) return this._finish(); // (a move is only awaited while one waits)
    try {
      this._play(move);
    } catch (e) {
      this._moves = [];
      this._done = null;
      return this._failed(e);
    }
    if (this._moves.length) this._timer = setTimeout(() => this._next(), REPLY_DELAY_MS);
    else this._finish();
  }

  /** @private */
  _finish() {
    const done = this._done;
    this._done = null;
    if (done) done();
    this._finished();
  }
}
