// The puzzle player's progress, kept on the device: the puzzles solved, the current and the best
// streak, the player's rating and each rated puzzle's (puzzle-rating.js), read back from whatever
// storage holds (anything unreadable counts as none: progress kept before ratings existed reads
// with a new player's rating and no puzzle rated) and written without ever throwing (storage may
// be full or refused). puzzle-session.js counts the streak and rates the attempts.
import { newPlayer, readRating } from './puzzle-rating.js';
/** @import { Rating } from './puzzle-rating.js' */

/**
 * The player's progress, kept on the device: the puzzles solved, the current and the best
 * streak, the player's rating and the ratings of the puzzles rated so far, by id.
 * @typedef {{solved: string[], streak: number, best: number, rating: Rating, ratings: Record<string, Rating>}} PuzzleProgress
 */

/** Where progress is kept: {solved: [puzzle ids], streak, best, rating, ratings: {id: rating}}. */
export const STORAGE_KEY = 'bluegray.puzzles.v1';

/** The most puzzle ratings read back: more than any set has, so that a forged list stays small. */
const MAX_RATED = 5000;

/**
 * Progress with nothing done.
 * @returns {PuzzleProgress}
 */
export function noProgress() {
  return { solved: [], streak: 0, best: 0, rating: newPlayer(), ratings: Object.create(null) };
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
  return { solved, streak, best: Math.max(count(data.best), streak), rating: readRating(data.rating) ?? newPlayer(), ratings: readRatings(data.ratings) };
}

/**
 * The puzzles' ratings with puzzle `id`'s set to `rating`. Like every record of ratings here, one
 * without a prototype, so that an id such as `__proto__` is only an id.
 * @param {Record<string, Rating>} ratings
 * @param {string} id
 * @param {Rating} rating
 * @returns {Record<string, Rating>}
 */
export function ratingsWith(ratings, id, rating) {
  return Object.assign(Object.create(null), ratings, { [id]: rating });
}

/**
 * The puzzles' ratings from stored data: those that read as ratings under a puzzle id; the rest
 * is left out.
 * @param {unknown} stored
 * @returns {Record<string, Rating>}
 */
function readRatings(stored) {
  /** @type {Record<string, Rating>} */
  const out = Object.create(null);
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return out;
  for (const [id, value] of Object.entries(stored).slice(0, MAX_RATED)) {
    const r = id.length <= 200 ? readRating(value) : null;
    if (r) out[id] = r;
  }
  return out;
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
    const { solved, streak, best, rating, ratings } = progress;
    storage.setItem(STORAGE_KEY, JSON.stringify({ solved, streak, best, rating, ratings }));
    return true;
  } catch {
    return false;
  }
}
