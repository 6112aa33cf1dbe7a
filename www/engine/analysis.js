// The page's analysis: one engine worker, shared by every board of the document, for hints, the
// evaluation and the game review. Analysis is full strength and deterministic (the rules
// core's `analyse`: no noise, a fixed node budget, nothing carried over from one search to the
// next), so a position gets the same answer every time: a hint is the first move of the line
// the evaluation shows, and a game reviewed twice gets the same marks. Answers are kept by
// position, and requests wait their turn by priority: a hint before the evaluation before the
// review, so a hint never waits for a long review.
import { AiClient, abortError } from './ai-client.js';
import { positionOf } from './position.js';

// Its home is position.js, which the page reads at once; this module is fetched when first used.
export { positionOf };
/** @import { GameState, Move, Result, SearchResult, Side } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */

/** @typedef {'hint'|'evaluation'|'review'} Priority */

/** @typedef {import('./position.js').Position} Position */

/**
 * One position of a reviewed game: the side to move, the move played there (null at the end),
 * the engine's best move and score (`mateIn`: plies to a forced result, else null) and line;
 * the last position of a finished game has no analysis but the game's `result`.
 * @typedef {{
 *   ply: number,
 *   side: Side,
 *   played: string|null,
 *   best: string|null,
 *   score: number|null,
 *   mateIn: number|null,
 *   winChance: number|null,
 *   pv: string[],
 *   result?: Result,
 * }} ReviewEntry
 */

/**
 * A request waiting its turn: its position, its priority's rank, its node budget, and how to
 * settle it.
 * @typedef {{position: Position, rank: number, nodes: number|undefined, resolve: (result: SearchResult) => void, reject: (reason: unknown) => void}} Job
 */

/**
 * The kinds of request, first served first.
 * @type {readonly Priority[]}
 */
export const PRIORITIES = Object.freeze(['hint', 'evaluation', 'review']);

/** How many analysed positions are kept (a long game's review, and then some). */
const KEPT = 1000;

/**
 * Why the engine suggests `move` in `gs`, as a message: a capture, a block of the enemy
 * captain's next point, or a step of the race; or null when there is no simple reason.
 * @param {GameState} gs
 * @param {Move} move
 * @returns {Message|null}
 */
export function hintReason(gs, move) {
  const to = move.points[move.points.length - 1];
  if (move.kind === 'capture') return { key: 'hint.capture', params: { n: move.captured.length, points: move.captured.join(', ') } };
  if (move.kind === 'captain') return { key: 'hint.race', params: { n: gs.paths[gs.side].indexOf(to), of: gs.steps } };
  const enemy = gs.side === 'blue' ? 'gray' : 'blue';
  if (gs.paths[enemy][gs.progress[enemy] + 1] === to) return { key: 'hint.block', params: { side: enemy, point: to } };
  return null;
}

export class Analysis {
  /** @private */ _client = new AiClient();
  /**
   * Requests waiting: {position, rank, nodes, resolve, reject}, in arrival order.
   * @type {Job[]}
   * @private
   */
  _queue = [];
  /** @private */ _busy = false;
  /**
   * Answers by position key, oldest first.
   * @type {Map<string, SearchResult>}
   * @private
   */
  _kept = new Map();
  /**
   * Who waits for the analysis to have nothing to do (`idle()`).
   * @type {(() => void)[]}
   * @private
   */
  _idleWaiters = [];

  /**
   * The answer already known for `position`, or undefined.
   * @param {Position} position
   * @returns {SearchResult|undefined}
   */
  known(position) {
    return this._kept.get(position.key);
  }

  /**
   * The engine's answer for `position` (positionOf): `{best, score, mateIn, depth, nodes, pv,
   * side}`. `priority` is one of PRIORITIES; `signal` (an AbortSignal) withdraws the request,
   * which then rejects with its reason (an `AbortError`); `nodes` is the budget (the rules
   * core's catalogue says which).
   * @param {Position} position
   * @param {{priority?: Priority, signal?: AbortSignal, nodes?: number}} [options]
   * @returns {Promise<SearchResult>}
   */
  analyse(position, { priority = 'evaluation', signal, nodes } = {}) {
    const known = this.known(position);
    if (known) return Promise.resolve(known);
    if (signal && signal.aborted) return Promise.reject(signal.reason ?? abortError());
    return new Promise((resolve, reject) => {
      /** @type {Job} */
      const job = { position, rank: Math.max(0, PRIORITIES.indexOf(priority)), nodes, resolve, reject };
      if (signal) {
        signal.addEventListener(
          'abort',
          () => {
            const i = this._queue.indexOf(job);
            if (i >= 0) this._queue.splice(i, 1);
            reject(signal.reason ?? abortError());
          },
          { once: true },
        );
      }
      this._queue.push(job);
      this._next();
    });
  }

  /**
   * Reviews the game `gs`: every position from the start to the end, each analysed as by
   * `analyse` at the review's priority. Calls `onEntry(entries)` as each arrives; resolves to
   * the entries `{ply, side, played, best, score, mateIn, winChance, pv}` (the last position of a
   * game the rules finished: `{ply, played: null, best: null, score: null, winChance: null,
   * result}`).
   * @param {GameState} gs
   * @param {{signal?: AbortSignal, nodes?: number, onEntry?: (entries: ReviewEntry[]) => void}} [options]
   * @returns {Promise<ReviewEntry[]>}
   */
  async review(gs, { signal, nodes, onEntry = () => {} } = {}) {
    /** @type {ReviewEntry[]} */
    const entries = [];
    const last = gs.history.length;
    for (let ply = 0; ply <= last; ply++) {
      // A game the rules ended has nothing left to judge; one the players ended is judged where
      // they left it, so that a resignation does not count against the move before it.
      if (ply === last && gs.result && !gs.result.byPlayers) {
        entries.push({ ply, side: gs.side, played: null, best: null, score: null, mateIn: null, winChance: null, pv: [], result: gs.result });
      } else {
        const r = await this.analyse(positionOf(gs, ply), { priority: 'review', signal, nodes });
        entries.push({ ply, side: r.side, played: gs.history[ply] ?? null, best: r.best ?? null, score: r.score, mateIn: r.mateIn ?? null, winChance: r.winChance ?? null, pv: r.pv || [] });
      }
      onEntry(entries);
    }
    return entries;
  }

  /**
   * Settles once no request waits and no search runs (for tests and measurements).
   * @returns {Promise<void>}
   */
  idle() {
    if (!this._busy && !this._queue.length) return Promise.resolve();
    return new Promise((resolve) => this._idleWaiters.push(resolve));
  }

  /** @private @returns {Promise<void>} */
  async _next() {
    if (this._busy) return;
    if (!this._queue.length) {
      for (const resolve of this._idleWaiters.splice(0)) resolve();
      return;
    }
    const job = this._queue.reduce((a, b) => (b.rank < a.rank ? b : a));
    this._queue.splice(this._queue.indexOf(job), 1);
    const known = this.known(job.position);
    if (known) {
      job.resolve(known);
      return this._next();
    }
    this._busy = true;
    try {
      const { variant, start, moves } = job.position;
      const { result } = await this._client.analyse({ variant, start, moves, nodes: job.nodes });
      this._keep(job.position.key, result);
      job.resolve(result);
    } catch (e) {
      job.reject(e);
    } finally {
      this._busy = false;
      this._next();
    }
  }

  /**
   * @param {string} key
   * @param {SearchResult} result
   * @private
   */
  _keep(key, result) {
    this._kept.delete(key);
    this._kept.set(key, result);
    const oldest = this._kept.keys().next();
    if (this._kept.size > KEPT && !oldest.done) this._kept.delete(oldest.value);
  }
}

/** @type {Analysis|null} */
let shared = null;

/**
 * The document's analysis, started at the first request.
 * @returns {Analysis}
 */
export function analysis() {
  if (!shared) shared = new Analysis();
  return shared;
}
