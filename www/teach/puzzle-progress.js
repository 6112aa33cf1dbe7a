// The puzzle player's progress, kept on the device: the puzzles solved, the current and the best
// streak, read back from whatever storage holds (anything unreadable counts as none) and written
// without ever throwing (storage may be full or refused). puzzle-session.js counts the streak.

/**
 * The player's progress, kept on the device: the puzzles solved, the current and the best streak.
 * @typedef {{solved: string[], streak: number, best: number}} PuzzleProgress
 */

/** Where progress is kept: {solved: [puzzle ids], streak, best}. */
export const STORAGE_KEY = 'bluegray.puzzles.v1';

/**
 * Progress with nothing done.
 * @returns {PuzzleProgress}
 */
export function noProgress() {
  return { solved: [], streak: 0, best: 0 };
}

/** @param {unknown} v */
const count = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e9 ? v : 0);

/**
 * Progress read from stored data (any value): anything unreadable counts as none.
 * @param {unknown} stored
 * @returns {PuzzleProgress}
 */
export function readProgress(stored) {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return noProgress();
  const data = /** @type {Record<string, unknown>} */ (stored);
  /** @type {string[]} */
  const solved = Array.isArray(data.solved) ? [...new Set(data.solved.filter((x) => typeof x === 'string' && x.length <= 200))] : [];
  const streak = count(data.streak);
  return { solved, streak, best: Math.max(count(data.best), streak) };
}

/**
 * The progress kept in `storage` (a Web Storage object); unreadable or refused storage counts as none.
 * @param {Pick<Storage, 'getItem'>} storage
 * @returns {PuzzleProgress}
 */
export function loadProgress(storage) {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    return readProgress(raw ? JSON.parse(raw) : null);
  } catch {
    return noProgress();
  }
}

/**
 * Keeps `progress` in `storage`; returns false, and throws nothing, when storage is full or refused.
 * @param {Pick<Storage, 'setItem'>} storage
 * @param {PuzzleProgress} progress
 */
export function saveProgress(storage, progress) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ solved: progress.solved, streak: progress.streak, best: progress.best }));
    return true;
  } catch {
    return false;
  }
}
