// A line to one AI worker (ai-worker.js): one request at a time, answered by request id. A
// search cannot be stopped inside the worker, so cancelling one replaces the worker; a reply
// that arrives for a cancelled request is dropped by its id. A board has one for its computer
// player (computer.js); the page's analysis (analysis.js) has one more, so analysis never
// delays a move. The worker starts at the first request (or `warm()`), never before.
import { loadWasm, startWorker } from './assets.js';

/** The error a request is rejected with when it is cancelled, superseded or its board removed. */
export function abortError(message = 'The search was cancelled.') {
  return new DOMException(message, 'AbortError');
}

/** Whether `e` is the rejection of a cancelled request (not a failure to report). */
export function isAbort(e) {
  return !!e && e.name === 'AbortError';
}

export class AiClient {
  #worker = null;
  #nextId = 1;
  /** {id, resolve, reject} of the request under way. */
  #pending = null;

  /** Whether a search is under way. */
  get busy() {
    return this.#pending !== null;
  }

  /** Starts the worker ahead of need, so its start-up never delays the first search. */
  async warm() {
    await this.#ensure();
  }

  /**
   * Searches `{record, variant, level, movetimeMs}` as the computer player; resolves to
   * `{result, ms}` or rejects with an Error (an `AbortError` DOMException when cancelled).
   */
  think(request) {
    return this.#request({ type: 'think', ...request });
  }

  /**
   * Analyses one position at full strength, the same way every time: `{record, ply, nodes}`
   * (the position after `ply` moves of the record); resolves to `{result, ms}` as `think`.
   */
  analyse(request) {
    return this.#request({ type: 'analyse', ...request });
  }

  async #request(message) {
    this.cancel();
    const id = this.#nextId++;
    const reply = new Promise((resolve, reject) => {
      this.#pending = { id, resolve, reject };
    });
    const worker = await this.#ensure();
    // cancel() may have run while the worker was starting.
    if (worker && this.#pending && this.#pending.id === id) worker.post({ ...message, id });
    return reply;
  }

  /** Drops the search under way, if any (its promise rejects with an `AbortError`). */
  cancel(reason) {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    this.#kill();
    p.reject(abortError(reason));
  }

  /** Ends the worker (the element left the page); a later request starts a new one. */
  close(reason) {
    this.cancel(reason);
    this.#kill();
  }

  #kill() {
    if (this.#worker) {
      this.#worker.then((w) => w && w.end(), () => {});
      this.#worker = null;
    }
  }

  #ensure() {
    if (!this.#worker) {
      const starting = loadWasm().then(({ module }) => {
        // Closed while the rules core was loading: start nothing.
        if (this.#worker !== starting) return null;
        const started = startWorker();
        const w = started.worker;
        w.onmessage = (e) => this.#onReply(e.data);
        w.onerror = (e) => {
          e.preventDefault();
          this.#fail(`the AI worker failed: ${e.message || 'it could not start'}`);
        };
        w.postMessage({ type: 'init', module });
        return { post: (m) => w.postMessage(m), end: started.end };
      });
      this.#worker = starting;
      starting.catch((e) => this.#fail(String((e && e.message) || e)));
    }
    return this.#worker;
  }

  #onReply(msg) {
    const p = this.#pending;
    if (!p || !msg || msg.id !== p.id) return;
    this.#pending = null;
    if (msg.ok) p.resolve({ result: msg.result, ms: msg.ms });
    else p.reject(new Error(msg.error));
  }

  #fail(message) {
    this.#kill();
    const p = this.#pending;
    this.#pending = null;
    if (p) p.reject(new Error(message));
  }
}
