// Long work on the main thread in short steps: each step awaits `nextTask()`, so that the browser
// draws and answers input between them and no task holds the thread for long (the page's
// start-up, an animated picture's frames).

/**
 * Resolves in a later task: by the scheduler's `yield()` where the browser has it (the
 * continuation keeps its priority), else by a zero timeout.
 * @returns {Promise<void>}
 */
export function nextTask() {
  const s = /** @type {{scheduler?: {yield?: () => Promise<void>}}} */ (globalThis).scheduler;
  return s && s.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
}
