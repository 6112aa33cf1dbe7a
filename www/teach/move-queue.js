// Moves an exercise plays on its board by itself (a defender's reply, a refutation, a solution),
// one after the other with the board's answering pause between them, so that a player can follow
// each; and one pause for anything else that must wait (a slower move taken back). Whether the
// view is busy is whether anything waits here: the board takes no move meanwhile.
import { REPLY_DELAY_MS } from '../lib/pace.js';

export class MoveQueue {
  /** @type {ReturnType<typeof setTimeout>|null} */
  #timer = null;
  /** @type {string[]} */
  #moves = [];
  /** @type {(() => void)|null} */
  #done = null;
  #play;
  #failed;
  #finished;

  /**
   * `play(move)` plays a move on the board (it may throw: the rest is then dropped and
   * `failed(error)` told); `finished()` is called once a run is over, after its `done`.
   * @param {{play: (move: string) => void, failed: (error: unknown) => void, finished: () => void}} parts
   */
  constructor({ play, failed, finished }) {
    this.#play = play;
    this.#failed = failed;
    this.#finished = finished;
  }

  /** Whether a move or a pause waits. */
  get busy() {
    return this.#moves.length > 0 || this.#timer !== null;
  }

  /** Forgets whatever waits. */
  stop() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#moves = [];
    this.#done = null;
  }

  /**
   * Calls `then` after one pause, instead of whatever waited.
   * @param {() => void} then
   */
  later(then) {
    this.stop();
    this.#timer = setTimeout(() => {
      this.#timer = null;
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
    this.#moves = [...moves];
    this.#done = done;
    if (this.#moves.length) this.#timer = setTimeout(() => this.#next(), REPLY_DELAY_MS);
    else this.#finish();
  }

  #next() {
    this.#timer = null;
    const move = this.#moves.shift();
    if (move === undefined) return this.#finish(); // (a move is only awaited while one waits)
    try {
      this.#play(move);
    } catch (e) {
      this.#moves = [];
      this.#done = null;
      return this.#failed(e);
    }
    if (this.#moves.length) this.#timer = setTimeout(() => this.#next(), REPLY_DELAY_MS);
    else this.#finish();
  }

  #finish() {
    const done = this.#done;
    this.#done = null;
    if (done) done();
    this.#finished();
  }
}
