// A line to one AI worker (ai-worker.js): one request at a time, answered by request id. A
// search cannot be stopped inside the worker, so cancelling one replaces the worker; a reply
// that arrives for a cancelled request is dropped by its id. A board has one for its computer
// player (computer.js); the page's analysis (analysis.js) has one more, so analysis never
// delays a move. The worker starts at the first request (or `warm()`), never before.
import { loadWasm, startWorker } from '../core/assets.js';
import { errorText } from '../lib/errors.js';
/** @import { SearchResult } from '../core/core-types.js' */
/** @import { Line } from './position.js' */

/**
 * A search for the computer player after a game's line (engine/position.js), at `level`, within
 * a time budget in milliseconds (0: the level's own).
 * @typedef {Line & {level: number, movetimeMs: number}} ThinkRequest
 */

/**
 * A full-strength analysis of the position after a game's line, within `nodes` nodes (absent: the
 * catalogue's budget).
 * @typedef {Line & {nodes?: number}} AnalyseRequest
 */

/**
 * A message to the worker (ai-worker.js): the rules core, once, then searches by id.
 * @typedef {{type: 'init', module: WebAssembly.Module}
 *   | ({type: 'think', id: number} & ThinkRequest)
 *   | ({type: 'analyse', id: number} & AnalyseRequest)} WorkerRequest
 */

/**
 * The worker's answer to request `id`: the rules core's result and the milliseconds it took,
 * or what went wrong.
 * @typedef {{id: number, ok: true, result: SearchResult, ms: number}|{id: number, ok: false, error: string|undefined}} WorkerReply
 */

/** @typedef {{result: SearchResult, ms: number}} SearchReply */

/**
 * The line to a started worker.
 * @typedef {{post: (message: WorkerRequest) => void, end: () => void}} WorkerLine
 */

/**
 * The error a request is rejected with when it is cancelled, superseded or its board removed.
 * @param {string} [message]
 * @returns {DOMException}
 */
export function abortError(message = 'The search was cancelled.') {
  return new DOMException(message, 'AbortError');
}

/**
 * Whether `e` is the rejection of a cancelled request (not a failure to report).
 * @param {unknown} e
 * @returns {boolean}
 */
export function isAbort(e) {
  return typeof e === 'object' && e !== null && 'name' in e && e.name === 'AbortError';
}

/**
 * The worker's reply in a message's `data`, or null when it is none (no numeric `id`).
 * @param {unknown} data
 * @returns {WorkerReply|null}
 */
function readReply(data) {
  if (typeof data !== 'object' || data === null || !('id' in data) || typeof data.id !== 'number') return null;
  if ('ok' in data && data.ok) {
    // The result is the rules core's own answer (think, analyse), passed on as it came.
    const result = /** @type {SearchResult} */ ('result' in data ? data.result : undefined);
    return { id: data.id, ok: true, result, ms: 'ms' in data && typeof data.ms === 'number' ? data.ms : NaN };
  }
  return { id: data.id, ok: false, error: 'error' in data && typeof data.error === 'string' ? data.error : undefined };
}

export class AiClient {
  /** @private @type {Promise<WorkerLine|null>|null} */ _worker = null;
  /** @private */ _nextId = 1;
  /**
   * {id, resolve, reject} of the request under way.
   * @type {{id: number, resolve: (reply: SearchReply) => void, reject: (error: Error) => void}|null}
   * @private
   */
  _pending = null;

  /** Whether a search is under way. */
  get busy() {
    return this._pending !== null;
  }

  /** Starts the worker ahead of need, so its start-up never delays the first search. */
  async warm() {
    await this._ensure();
  }

  /**
   * Searches `{variant, start, moves, level, movetimeMs}` as the computer player; resolves to
   * `{result, ms}` or rejects with an Error (an `AbortError` DOMException when cancelled).
   * @param {ThinkRequest} request
   * @returns {Promise<SearchReply>}
   */
  think(request) {
    return this._request({ type: 'think', ...request });
  }

  /**
   * Analyses one position at full strength, the same way every time: `{variant, start, moves,
   * nodes}` (the position after that line); resolves to `{result, ms}` as `think`.
   * @param {AnalyseRequest} request
   * @returns {Promise<SearchReply>}
   */
  analyse(request) {
    return this._request({ type: 'analyse', ...request });
  }

  /**
   * @param {({type: 'think'} & ThinkRequest)|({type: 'analyse'} & AnalyseRequest)} message
   * @returns {Promise<SearchReply>}
   * @private
   */
  async _request(message) {
    this.cancel();
    const id = this._nextId++;
    /** @type {Promise<SearchReply>} */
    const reply = new Promise((resolve, reject) => {
      this._pending = { id, resolve, reject };
    });
    const worker = await this._ensure();
    // cancel() may have run while the worker was starting.
    if (worker && this._pending && this._pending.id === id) worker.post({ ...message, id });
    return reply;
  }

  /**
   * Drops the search under way, if any (its promise rejects with an `AbortError`).
   * @param {string} [reason]
   */
  cancel(reason) {
    const p = this._pending;
    if (!p) return;
    this._pending = null;
    this._kill();
    p.reject(abortError(reason));
  }

  /**
   * Ends the worker (the element left the page); a later request starts a new one.
   * @param {string} [reason]
   */
  close(reason) {
    this.cancel(reason);
    this._kill();
  }

  /** @private */
  _kill() {
    if (this._worker) {
      this._worker.then((w) => w && w.end(), () => {});
      this._worker = null;
    }
  }

  /** @private @returns {Promise<WorkerLine|null>} */
  _ensure() {
    if (!this._worker) {
      const starting = loadWasm().then(({ module }) => {
        // Closed while the rules core was loading: start nothing.
        if (this._worker !== starting) return null;
        const started = startWorker();
        const w = started.worker;
        w.onmessage = (e) => this._onReply(readReply(e.data));
        w.onerror = (e) => {
          e.preventDefault();
          this._fail(`the AI worker failed: ${e.message || 'it could not start'}`);
        };
        w.postMessage({ type: 'init', module });
        /** @type {WorkerLine} */
        const line = { post: (m) => w.postMessage(m), end: started.end };
        return line;
      });
      this._worker = starting;
      starting.catch((e) => this._fail(errorText(e)));
    }
    return this._worker;
  }

  /** @private @param {WorkerReply|null} msg */
  _onReply(msg) {
    const p = this._pending;
    if (!p || !msg || msg.id !== p.id) return;
    this._pending = null;
    if (msg.ok) p.resolve({ result: msg.result, ms: msg.ms });
    else p.reject(new Error(msg.error));
  }

  /** @private @param {string} message */
  _fail(message) {
    this._kill();
    const p = this._pending;
    this._pending = null;
    if (p) p.reject(new Error(message));
  }
}
