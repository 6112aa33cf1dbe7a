// The lessons' catalogue as the page reads it and the learner's progress, with no DOM and no
// wasm: the lessons of the rules core (`lessons()`) checked and grouped by kind, what the
// learner has done (kept by lesson-progress.js, which the page reads at once: this module is
// fetched with the lessons), and whether the banner offers the lessons to a first-time visitor.
// One lesson's session is lesson-session.js's, which exports all of this module too.

export { STORAGE_KEY, loadProgress, saveProgress, markDone, offerShown } from './lesson-progress.js';

/** @import { Side } from '../core/core-types.js' */
/** @typedef {import('./lesson-progress.js').LessonProgress} LessonProgress */

/** @typedef {'rules'|'strategy'} LessonKind */

/**
 * One lesson of the catalogue as the page uses it (lessonInfo): the position it starts from,
 * the side the learner plays, how many of the learner's moves reach the goal, its kind and the
 * rules option it teaches (null: none).
 * @typedef {{id: string, variant: string, code: string, learner: Side, budget: number, kind: LessonKind, teaches: string|null}} Lesson
 */

/**
 * The kinds of lesson, in the order the list shows them.
 * @type {readonly LessonKind[]}
 */
export const KINDS = Object.freeze(['rules', 'strategy']);

/**
 * Whether `kind` is one of KINDS.
 * @param {unknown} kind
 * @returns {kind is LessonKind}
 */
function isKind(kind) {
  return KINDS.some((k) => k === kind);
}

/**
 * One lesson of the rules core's catalogue as the page uses it: `{id, variant, code, learner,
 * budget, kind, teaches}`. A missing or unknown `kind` counts as "rules", a missing `teaches`
 * as null (catalogues from before the two fields).
 * @param {unknown} raw
 * @returns {Lesson}
 */
export function lessonInfo(raw) {
  const r = /** @type {Record<string, unknown>} */ (raw && typeof raw === 'object' ? raw : {});
  return {
    id: String(r.id ?? ''),
    variant: String(r.variant ?? ''),
    code: String(r.code ?? ''),
    learner: r.learner === 'gray' ? 'gray' : 'blue',
    budget: typeof r.budget === 'number' && Number.isInteger(r.budget) && r.budget > 0 ? r.budget : 1,
    kind: isKind(r.kind) ? r.kind : 'rules',
    teaches: typeof r.teaches === 'string' && r.teaches ? r.teaches : null,
  };
}

/**
 * The catalogue (`lessons()` of the wasm) as lessonInfo's, lessons without an id left out.
 * @param {unknown} raw
 * @returns {Lesson[]}
 */
export function readCatalogue(raw) {
  return (Array.isArray(raw) ? raw : []).map(lessonInfo).filter((l) => l.id);
}

/**
 * The lessons grouped by kind, in KINDS order, each lesson with its place in the catalogue:
 * `[{kind, lessons: [{lesson, index}]}]`; a kind with no lesson is left out.
 * @param {Lesson[]} list
 * @returns {{kind: LessonKind, lessons: {lesson: Lesson, index: number}[]}[]}
 */
export function groupByKind(list) {
  return KINDS.map((kind) => ({
    kind,
    lessons: list.map((lesson, index) => ({ lesson, index })).filter((x) => x.lesson.kind === kind),
  })).filter((g) => g.lessons.length);
}

/**
 * The first lesson that teaches the rules option `option` (e.g. "captain"), or null.
 * @param {Lesson[]} list
 * @param {string} option
 * @returns {Lesson|null}
 */
export function lessonFor(list, option) {
  return list.find((l) => l.teaches === option) || null;
}

// ------------------------------------------------------------------ progress

/**
 * How many lessons of `list` are done.
 * @param {Lesson[]} list
 * @param {LessonProgress} progress
 */
export function doneCount(list, progress) {
  return list.filter((l) => progress.done.includes(l.id)).length;
}

/**
 * Whether every lesson of `list` is done (false for an empty list).
 * @param {Lesson[]} list
 * @param {LessonProgress} progress
 */
export function allDone(list, progress) {
  return list.length > 0 && doneCount(list, progress) === list.length;
}

/**
 * The index of the first lesson not done (0 when all are).
 * @param {Lesson[]} list
 * @param {LessonProgress} progress
 */
export function firstNotDone(list, progress) {
  const i = list.findIndex((l) => !progress.done.includes(l.id));
  return i < 0 ? 0 : i;
}

/**
 * A lesson's title, in the page's language.
 * @param {(key: string) => string} t
 * @param {Lesson} l
 * @returns {string}
 */
export function lessonTitle(t, l) {
  return t(`lesson.${l.id}.title`);
}
