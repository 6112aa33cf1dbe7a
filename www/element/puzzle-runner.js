// The board's puzzle mode at work (puzzle-mode.js says what it is): the rules core's verdict on
// each of the person's moves, and the board's own moves after a pause (the defender's replies, a
// refutation, a slower move taken back), with timers that stop while the board is out of the
// page. Fetched when a board is first in puzzle mode (lazy-parts.js).
import { errorText } from '../lib/errors.js';
import { REPLY_DELAY_MS } from '../lib/pace.js';
import { goalMoves } from '../lib/settings.js';
import { whyMessage } from '../lib/puzzle-why.js';
import { slowerMessage, whyNoMove } from './puzzle-mode.js';
/** @import { PuzzleVerdict } from '../core/core-types.js' */
/** @import { Teaching } from '../core/core-api.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */
/** @import { Puzzle } from './puzzle-mode.js' */

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
 *   notice(message: Message): void,
 *   teaching(): Promise<Teaching>,
 *   play(move: string): boolean,
 *   emit(type: PuzzleEvent['type'], detail: {moves: string[], refutation: string[]}): void,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 * }} PuzzleHost
 */

/**
 * The puzzle after the rules core's verdict on the solver's move (puzzleJudge: {status:
 * 'solved'|'continue'|'wrong'|'slower', reply, refutation}); `event` is the event to fire now,
 * if any ({type: 'puzzle-solved'|'puzzle-failed'|'puzzle-slower', refutation}); after a wrong
 * move the board plays the verdict's line (the refutation and the defender's win), or the
 * refutation when it has none. A slower move
 * is no failure: the board takes it back (status 'slower' until then). A null verdict (the
 * rules core could not judge) fails the puzzle. A wrong or slower move keeps the verdict's
 * decisive reason in words (`why`, the words the page's puzzle view says too).
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
  const line = verdict && Array.isArray(verdict.line) ? verdict.line.filter((m) => typeof m === 'string') : [];
  const why = verdict ? whyMessage(verdict.why, puzzle.side, line) : null;
  if (status === 'slower') return { puzzle: { ...puzzle, status: 'slower', queue: [], why }, event: { type: 'puzzle-slower', refutation: [] } };
  const refutation = verdict && Array.isArray(verdict.refutation) ? verdict.refutation.filter((m) => typeof m === 'string') : [];
  // The line (the refutation, then the defender's win when it has one) is played, as the page's puzzle view does.
  return { puzzle: { ...puzzle, status: 'failed', queue: line.length ? line : refutation, why }, event: { type: 'puzzle-failed', refutation } };
}

/**
 * Runs a board's puzzle: `host` gives {state(), setPuzzle(p), markMistake() (the last move),
 * takeBack(news) (the person's last move, then says `news`), notice(message) (shown on the
 * board while its position is there), teaching() (the rules core's teaching module, once loaded), play(move) → boolean, emit(type,
 * detail), error(message), t(key, params)}.
 */
export class PuzzleRunner {
  /** @private @type {PuzzleHost} */ _host;
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _timer = null;

  /** @param {PuzzleHost} host */
  constructor(host) {
    this._host = host;
  }

  /** Stops any move waiting to be played (a new game, or the board left the page). */
  cancel() {
    if (this._timer !== null) clearTimeout(this._timer);
    this._timer = null;
  }

  /** Plays what is queued, or takes a slower move back, again once the board is back in the page. */
  resume() {
    const p = this._host.state().puzzle;
    if (p && (p.status === 'slower' || p.queue.length) && !this._timer) this._schedule();
  }

  /**
   * The person moved: asks the rules core's teaching module (fetched at the first move of the
   * first puzzle) for its verdict and acts on it, unless the board has moved on meanwhile.
   */
  async judge() {
    const h = this._host;
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
    if (puzzle.queue.length || puzzle.status === 'slower') this._schedule();
    else if (puzzle.status === 'failed') this._failedSaid();
  }

  /** The board's next move of its own after a pause: the next one queued, or a slower move taken back. @private */
  _schedule() {
    this.cancel();
    this._timer = setTimeout(() => this._playNext(), REPLY_DELAY_MS);
  }

  /** @private */
  _playNext() {
    this._timer = null;
    const h = this._host;
    const p = h.state().puzzle;
    if (!p || !h.state().connected) return;
    // The person's slower move: taken back (history's undo, which resumes the puzzle on their
    // turn), saying why.
    if (p.status === 'slower') {
      const said = slowerMessage(p, goalMoves(h.state().goal));
      h.takeBack([said]);
      return h.notice(said);
    }
    if (!p.queue.length) return;
    const [move, ...rest] = p.queue;
    const status = p.status === 'replying' && !rest.length ? 'playing' : p.status;
    h.setPuzzle({ ...p, status, queue: rest });
    if (!h.play(move)) {
      const now = h.state().puzzle;
      if (now) h.setPuzzle({ ...now, queue: [] });
      return;
    }
    if (rest.length) this._schedule();
    else if (status === 'failed') this._failedSaid();
  }

  /** The puzzle failed and the refutation is on the board: says why, on the board. @private */
  _failedSaid() {
    const h = this._host;
    h.notice(whyNoMove(h.state()));
  }
}
