// A line to one AI worker (ai-worker.js): one request at a time, answered by request id. A
// search cannot be stopped inside the worker, so cancelling one replaces the worker; a reply
// that arrives for a cancelled request is dropped by its id. A board has one for its computer
// player; analysis (hints, evaluation, review) uses another, so it never delays a move.
import { loadWasm, startWorker } from './assets.js';

export class AiClient {
  #worker = null;
  #nextId = 1;
  /** {id, resolve, reject, onProgress} of the request under way. */
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
   * Searches `{record, variant, level, movetimeMs}`; resolves to `{result, ms}` or rejects with
   * an Error. Rejects with `{cancelled: true}` when cancelled first.
   */
  think(request) {
    return this.#request({ type: 'think', ...request });
  }

  /**
   * Searches every position of `{record, level}`, calling `onProgress({ply, total, entry})`
   * after each; resolves to `{result: {entries}, ms}` (see ai-worker.js).
   */
  review(request, onProgress) {
    return this.#request({ type: 'review', ...request }, onProgress);
  }

  async #request(message, onProgress = null) {
    this.cancel();
    const id = this.#nextId++;
    const reply = new Promise((resolve, reject) => {
      this.#pending = { id, resolve, reject, onProgress };
    });
    const worker = await this.#ensure();
    // cancel() may have run while the worker was starting.
    if (this.#pending && this.#pending.id === id) worker.postMessage({ ...message, id });
    return reply;
  }

  /** Drops the search under way, if any (its promise rejects with `{cancelled: true}`). */
  cancel() {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    this.#kill();
    p.reject({ cancelled: true });
  }

  /** Ends the worker for good (the element left the page). */
  close() {
    this.cancel();
    this.#kill();
  }

  #kill() {
    if (this.#worker) {
      this.#worker.then((w) => w.terminate(), () => {});
      this.#worker = null;
    }
  }

  #ensure() {
    if (!this.#worker) {
      this.#worker = loadWasm().then(({ module }) => {
        const w = startWorker();
        w.onmessage = (e) => this.#onReply(e.data);
        w.onerror = (e) => {
          e.preventDefault();
          this.#fail(`the AI worker failed: ${e.message || 'it could not start'}`);
        };
        w.postMessage({ type: 'init', module });
        return w;
      });
      this.#worker.catch((e) => this.#fail(String((e && e.message) || e)));
    }
    return this.#worker;
  }

  #onReply(msg) {
    const p = this.#pending;
    if (!p || !msg || msg.id !== p.id) return;
    if (msg.progress) {
      if (p.onProgress) p.onProgress(msg.progress);
      return;
    }
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
