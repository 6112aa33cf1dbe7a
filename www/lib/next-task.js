// Long work on the main thread in short steps: each step awaits `nextTask()`, so that the browser
// draws and answers input between them and no task holds the thread for long (the page's
// start-up, an animated picture's frames); and work that waits for the page's own, `idle()`.

/**
 * Resolves in a later task: by the scheduler's `yield()` where the browser has it (the
 * continuation keeps its priority), else by a zero timeout.
 * @returns {Promise<void>}
 */
export function nextTask() {
  const s = /** @type {{scheduler?: {yield?: () => Promise<void>}}} */ (globalThis).scheduler;
  return s && s.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
}

/**
 * Resolves once the browser is idle (`requestIdleCallback`), or after `timeout` ms at the latest
 * (also where the browser has no idle callback): for work that must wait for the page's own.
 * @param {number} [timeout]
 * @returns {Promise<void>}
 */
export function idle(timeout = 1000) {
  const w = /** @type {{requestIdleCallback?: (f: () => void, o: {timeout: number}) => number}} */ (globalThis);
  return new Promise((r) => (w.requestIdleCallback ? w.requestIdleCallback(() => r(), { timeout }) : setTimeout(r, timeout)));
}
