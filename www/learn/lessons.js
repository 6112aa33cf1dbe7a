// The lessons: their dialog (the list, and one lesson on its board) and the lesson that teaches
// each rules option. The page fetches this at the first opening of the lessons, or when the rules
// picker asks which lesson teaches a rule; its banner and the learner's progress are
// lesson-door.js's, there from the start. The catalogue's reading (lesson-catalogue.js) and the
// dialog itself (lesson-dialog.js) come with the rules core's teaching module and the teaching
// messages; the lessons' state is lesson-session.js's.
import { loadTeaching } from '../core/assets.js';
import { el, openSheet } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';
import { loadMessages } from '../lib/i18n.js';
import { markDone as withDone } from './lesson-progress.js';

/** @import { Lesson } from './lesson-catalogue.js' */
/** @import { KeptProgress } from './lesson-door.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The lessons as the page uses them (initLessons): `open(id, first)` shows the dialog with lesson
 * `id` started (the first lesson not done with `first`, the list when `id` is missing or
 * unknown); `lessonFor(option)` names the lesson that teaches a rules option, or null (always null
 * until `ready()` has settled: it fetches the lessons' catalogue and messages).
 * @typedef {{
 *   open(id?: string|null, first?: boolean): Promise<void>,
 *   lessonFor(option: string): {id: string, title: string}|null,
 *   ready(): Promise<boolean>,
 * }} Lessons
 */

/**
 * Wires the lessons: `dialog` (a <dialog>), `t(key, params)` (a message in the page's current
 * language), `kept` (the learner's progress, shared with the banner) and `onPlay(level)`, called
 * when the learner, every lesson done, asks for a first game against the computer at that level.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   kept: KeptProgress,
 *   onPlay?: (level: number) => void,
 * }} parts
 * @returns {Lessons}
 */
export function initLessons({ dialog, t, kept, onPlay = () => {} }) {
  /**
   * The catalogue's reading (lesson-catalogue.js), fetched with the teaching module.
   * @type {typeof import('./lesson-catalogue.js')|null}
   */
  let S = null;
  /**
   * The lessons from the rules core (lesson-catalogue.js's lessonInfo), once read.
   * @type {Lesson[]|null}
   */
  let list = null;
  /**
   * The rules core's teaching calls (core/assets.js loadTeaching), once loaded.
   * @type {Awaited<ReturnType<typeof loadTeaching>>|null}
   */
  let core = null;
  /**
   * The dialog's content (lesson-dialog.js), once built.
   * @type {ReturnType<typeof import('./lesson-dialog.js').lessonDialog>|null}
   */
  let built = null;

  /**
   * Fetches what the lessons need besides this module: the rules core's teaching module (the
   * catalogue) and the teaching messages in the page's language. Resolves to whether they came.
   */
  async function ready() {
    try {
      [core, S] = await Promise.all([loadTeaching(), import('./lesson-catalogue.js'), loadMessages('learn', document.documentElement.lang || 'en')]);
      return !!catalogue();
    } catch {
      return false;
    }
  }

  /** The catalogue, read from the rules core once it is loaded; null until then. */
  function catalogue() {
    if (list) return list;
    if (!core || !S) return null;
    try {
      list = S.readCatalogue(core.lessons());
    } catch {
      list = null;
    }
    return list;
  }

  /** The dialog's content, built once; null (the dialog saying why) when the rules core fails. */
  async function ensureBuilt() {
    if (built) return built;
    /** @type {Lesson[]} */
    let lessons;
    /** @type {typeof import('./lesson-dialog.js')} */
    let dialogModule;
    try {
      [core, dialogModule, S] = await Promise.all([loadTeaching(), import('./lesson-dialog.js'), import('./lesson-catalogue.js'), loadMessages('learn', document.documentElement.lang || 'en')]);
      lessons = S.readCatalogue(core.lessons());
      list = lessons;
    } catch (e) {
      dialog.replaceChildren(el('p', { text: errorText(e, t) }));
      return null;
    }
    // (Two openings may have waited for the rules core together: the first builds.)
    built ??= dialogModule.lessonDialog({ dialog, t, core, list: lessons, progress: kept.get, markDone, onPlay });
    return built;
  }

  /**
   * Lesson `id` is done: kept, and the banner goes.
   * @param {string} id
   */
  function markDone(id) {
    kept.set(withDone(kept.get(), id));
  }

  /**
   * Shows the dialog: with lesson `id` started, the first lesson not done (`first`), the lesson
   * on the board as it was, or the list.
   * @param {string|null|undefined} id
   */
  async function open(id, first = false) {
    const content = await ensureBuilt();
    await openSheet(dialog);
    if (content) content.show(id, first);
  }

  /**
   * The lesson that teaches rules option `option`: {id, title}, or null.
   * @param {string} option
   */
  function lessonFor(option) {
    const l = catalogue();
    const lesson = l && S && S.lessonFor(l, option);
    return lesson && S ? { id: lesson.id, title: S.lessonTitle(t, lesson) } : null;
  }

  return { open, lessonFor, ready };
}
