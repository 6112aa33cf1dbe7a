// The learner's progress with the lessons, kept on the device: the lessons done and what became
// of the offer to a first-time visitor, and whether that offer shows. Read when the page starts
// (the banner, lesson-door.js); the rest of the lessons (lesson-catalogue.js, which exports this
// too) is fetched with them.

/**
 * The learner's progress, as kept: the lessons done and what became of the offer to a
 * first-time visitor (null: not answered yet).
 * @typedef {{done: string[], offer: 'started'|'dismissed'|null}} LessonProgress
 */

/** Where progress is kept: {done: [lesson ids], offer: 'started' | 'dismissed'}. */
export const STORAGE_KEY = 'bluegray.lessons.v1';

/**
 * Reads the saved progress from a Web Storage object; anything unreadable counts as none.
 * @param {Pick<Storage, 'getItem'>} storage
 * @returns {LessonProgress}
 */
export function loadProgress(storage) {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    /** @type {unknown} */
    const parsed = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return { done: [], offer: null };
    const data = /** @type {Record<string, unknown>} */ (parsed);
    /** @type {string[]} */
    const done = Array.isArray(data.done) ? data.done.filter((x) => typeof x === 'string') : [];
    const offer = data.offer === 'started' || data.offer === 'dismissed' ? data.offer : null;
    return { done: [...new Set(done)], offer };
  } catch {
    return { done: [], offer: null };
  }
}

/**
 * Keeps the progress; when storage refuses, it is only kept for this visit.
 * @param {Pick<Storage, 'setItem'>} storage
 * @param {LessonProgress} progress
 */
export function saveProgress(storage, progress) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ done: progress.done, offer: progress.offer }));
  } catch {
    /* kept in memory only */
  }
}

/**
 * The progress with lesson `id` done (and the lessons counted as taken up).
 * @param {LessonProgress} progress
 * @param {string} id
 * @returns {LessonProgress}
 */
export function markDone(progress, id) {
  const done = progress.done.includes(id) ? progress.done : [...progress.done, id];
  return { ...progress, done, offer: progress.offer || 'started' };
}

/**
 * Whether the banner offering the lessons to a first-time visitor shows: not once it was taken
 * or declined, and not once a lesson is done (so never once every lesson is done).
 * @param {LessonProgress} progress
 */
export function offerShown(progress) {
  return !progress.offer && !progress.done.length;
}
