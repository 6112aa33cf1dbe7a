// The board's puzzle mode (`mode="puzzle"` with `position` and `goal`): the person plays the side
// to move at the start, the rules core judges each of their moves (puzzleJudge), and the board
// plays the defender's replies, or after a wrong move the engine's refutation, itself; a move that
// wins too, but not in the moves asked (`slower`), it takes back after a pause, saying so. The pure
// part says who may move and what a verdict leads to; PuzzleRunner carries it out with timers
// that stop while the board is out of the page.
import { errorText } from '../lib/errors.js';
import { REPLY_DELAY_MS } from '../lib/pace.js';
import { goalMoves } from '../lib/settings.js';
/** @import { GameState, PuzzleVerdict, Side, Teaching } from '../engine/core-types.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */

/**
 * The puzzle on a board: the solver's side, the position code it started from, where it stands
 * (see startPuzzle) and the moves the board is still to play itself.
 * @typedef {{side: Side, start: string, status: 'playing'|'replying'|'slower'|'solved'|'failed', queue: string[]}} Puzzle
 */

/**
 * What a verdict fires: a `puzzle-solved`, `puzzle-failed` or `puzzle-slower` event, with the
 * refutation (empty but for `puzzle-failed`).
 * @typedef {{type: 'puzzle-solved'|'puzzle-failed'|'puzzle-slower', refutation: string[]}} PuzzleEvent
 */

/**
 * What PuzzleRunner asks of its board; see PuzzleRunner.
 * @typedef {{
 *   state(): BoardState,
 *   setPuzzle(puzzle: Puzzle): void,
 *   markMistake(): void,
 *   takeBack(news: Message[]): void,
 *   teaching(): Promise<Teaching>,
 *   play(move: string): boolean,
 *   emit(type: PuzzleEvent['type'], detail: {moves: string[], refutation: string[]}): void,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 * }} PuzzleHost
 */

/**
 * A puzzle begun from the game state `gs`: the solver is the side to move, `start` the code.
 * `status`: 'playing' (the solver's turn), 'replying' (the board plays `queue`), 'solved' or
 * 'failed' (then `queue` is what is left of the refutation to play), or 'slower' (the person's
 * move wins too, but not in the moves asked: the board takes it back after a pause).
 * @param {GameState|null} gs
 * @returns {Puzzle}
 */
export function startPuzzle(gs) {
  return { side: gs ? gs.side : 'blue', start: gs ? gs.code : '', status: 'playing', queue: [] };
}

/**
 * Whether the person may move now in puzzle mode (the board's other conditions apart).
 * @param {BoardState} state
 * @returns {boolean}
 */
export function solverToMove(state) {
  const p = state.puzzle;
  return !!p && !!state.goal && p.status === 'playing' && !!state.gs && state.gs.side === p.side;
}

/**
 * Why the person may not move in puzzle mode, as a message.
 * @param {BoardState} state
 * @returns {Message}
 */
export function whyNoMove(state) {
  const p = state.puzzle;
  if (!state.goal) return { key: 'puzzles.board.noGoal' };
  if (p && p.status === 'solved') return { key: 'puzzles.board.solved' };
  if (p && p.status === 'failed') return { key: 'puzzles.board.failed' };
  if (p && p.status === 'slower') return { key: 'puzzles.board.slower', params: { n: goalMoves(state.goal) } };
  return { key: 'puzzles.board.wait' };
}

/**
 * The puzzle after the rules core's verdict on the solver's move (puzzleJudge: {status:
 * 'solved'|'continue'|'wrong'|'slower', reply, refutation}); `event` is the event to fire now,
 * if any ({type: 'puzzle-solved'|'puzzle-failed'|'puzzle-slower', refutation}). A slower move
 * is no failure: the board takes it back (status 'slower' until then). A null verdict (the
 * rules core could not judge) fails the puzzle.
 * @param {Puzzle} puzzle
 * @param {PuzzleVerdict|null} verdict
 * @returns {{puzzle: Puzzle, event: PuzzleEvent|null}}
 */
export function afterVerdict(puzzle, verdict) {
  const status = verdict && verdict.status;
  if (status === 'solved') return { puzzle: { ...puzzle, status: 'solved', queue: [] }, event: { type: 'puzzle-solved', refutation: [] } };
  if (status === 'continue' && verdict && typeof verdict.reply === 'string' && verdict.reply) {
    return { puzzle: { ...puzzle, status: 'replying', queue: [verdict.reply] }, event: null };
  }
  if (status === 'slower') return { puzzle: { ...puzzle, status: 'slower', queue: [] }, event: { type: 'puzzle-slower', refutation: [] } };
  const refutation = verdict && Array.isArray(verdict.refutation) ? verdict.refutation.filter((m) => typeof m === 'string') : [];
  return { puzzle: { ...puzzle, status: 'failed', queue: refutation }, event: { type: 'puzzle-failed', refutation } };
}

/**
 * Runs a board's puzzle: `host` gives {state(), setPuzzle(p), markMistake() (the last move),
 * takeBack(news) (the person's last move, then says `news`), teaching() (the rules core's teaching module, once loaded), play(move) → boolean, emit(type,
 * detail), error(message), t(key, params)}.
 */
export class PuzzleRunner {
  /** @type {PuzzleHost} */
  #host;
  /** @type {ReturnType<typeof setTimeout>|null} */
  #timer = null;

  /** @param {PuzzleHost} host */
  constructor(host) {
    this.#host = host;
  }

  /** Stops any move waiting to be played (a new game, or the board left the page). */
  cancel() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Plays what is queued, or takes a slower move back, again once the board is back in the page. */
  resume() {
    const p = this.#host.state().puzzle;
    if (p && (p.status === 'slower' || p.queue.length) && !this.#timer) this.#schedule();
  }

  /**
   * The person moved: asks the rules core's teaching module (fetched at the first move of the
   * first puzzle) for its verdict and acts on it, unless the board has moved on meanwhile.
   */
  async judge() {
    const h = this.#host;
    const s = h.state();
    // A person's move in puzzle mode (solverToMove) means a game and a goal.
    const { gs, goal } = s;
    if (!s.puzzle || s.puzzle.status !== 'playing' || !gs || !goal) return;
    /** @type {PuzzleVerdict|null} */
    let verdict;
    try {
      const teaching = await h.teaching();
      if (h.state().gs !== gs) return;
      if (typeof teaching.puzzleJudge !== 'function') throw new Error(h.t('puzzles.board.unsupported'));
      verdict = teaching.puzzleJudge(s.settings.variant, s.puzzle.start, goal, gs.history);
    } catch (e) {
      if (h.state().gs !== gs) return;
      h.error(errorText(e, h.t));
      verdict = null;
    }
    const { puzzle, event } = afterVerdict(s.puzzle, verdict);
    h.setPuzzle(puzzle);
    // The wrong move stays marked while the refutation is played after it.
    if (verdict && verdict.status === 'wrong') h.markMistake();
    if (event) h.emit(event.type, { moves: [...gs.history], refutation: event.refutation });
    if (puzzle.queue.length || puzzle.status === 'slower') this.#schedule();
  }

  /** The board's next move of its own after a pause: the next one queued, or a slower move taken back. */
  #schedule() {
    this.cancel();
    this.#timer = setTimeout(() => this.#playNext(), REPLY_DELAY_MS);
  }

  #playNext() {
    this.#timer = null;
    const h = this.#host;
    const p = h.state().puzzle;
    if (!p || !h.state().connected) return;
    // The person's slower move: taken back (history's undo, which resumes the puzzle on their
    // turn), saying why.
    if (p.status === 'slower') return h.takeBack([{ key: 'puzzles.board.slower', params: { n: goalMoves(h.state().goal) } }]);
    if (!p.queue.length) return;
    const [move, ...rest] = p.queue;
    const status = p.status === 'replying' && !rest.length ? 'playing' : p.status;
    h.setPuzzle({ ...p, status, queue: rest });
    if (!h.play(move)) {
      const now = h.state().puzzle;
      if (now) h.setPuzzle({ ...now, queue: [] });
      return;
    }
    if (rest.length) this.#schedule();
  }
}
