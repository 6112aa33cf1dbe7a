// The lessons: the button that opens their dialog, the banner that offers them to a first-time
// visitor, the learner's progress (kept in the browser's storage) and the lesson that teaches
// each rules option. Only this and the progress (lesson-progress.js) are on the page from the
// start. The catalogue's reading (lesson-catalogue.js) and the dialog itself, the list and one
// lesson on its board (lesson-dialog.js), are fetched with the rules core's teaching module and
// the teaching messages at the first opening (or when the rules picker asks which lesson
// teaches a rule); the lessons' state is lesson-session.js's.
import { loadTeaching } from '../engine/assets.js';
import { el, button, openSheet } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';
import { loadMessages } from '../lib/i18n.js';
import { loadProgress, saveProgress, markDone as withDone } from './lesson-progress.js';

/** @import { Lesson } from './lesson-catalogue.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The lessons as the page uses them (initLessons): `open(id)` shows the dialog with lesson `id`
 * started (the list when `id` is missing or unknown); `lessonFor(option)` names the lesson that
 * teaches a rules option, or null (always null until `ready()` has settled: it fetches the
 * lessons' catalogue and messages).
 * @typedef {{open(id?: string|null): Promise<void>, lessonFor(option: string): {id: string, title: string}|null, ready(): Promise<boolean>}} Lessons
 */

export { STORAGE_KEY, loadProgress } from './lesson-progress.js';

/**
 * Wires the lessons: `dialog` (a <dialog>), `openButton`, `offer` (a banner for a first-time
 * visitor), `t(key, params)` (a message in the page's current language), `storage` (a Web
 * Storage object for remembering progress) and `onPlay(level)`, called when the learner, every
 * lesson done, asks for a first game against the computer at that level.
 *
 * Returns `{open(id), lessonFor(option)}`: `open` shows the dialog with lesson `id` started (the
 * list when `id` is missing or unknown); `lessonFor` names the lesson that teaches a rules option
 * (`{id, title}`, or null), for the rules picker's links.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   openButton: HTMLElement,
 *   offer: HTMLElement|null,
 *   t: Translate,
 *   storage: Pick<Storage, 'getItem'|'setItem'>,
 *   onPlay?: (level: number) => void,
 * }} parts
 * @returns {Lessons}
 */
export function initLessons({ dialog, openButton, offer, t, storage, onPlay = () => {} }) {
  let progress = loadProgress(storage);
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
   * The rules core's teaching calls (engine/assets.js loadTeaching), once loaded.
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
      [core, S] = await Promise.all([loadTeaching(), import('./lesson-catalogue.js'), loadMessages('teach', document.documentElement.lang || 'en')]);
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
      [core, dialogModule, S] = await Promise.all([loadTeaching(), import('./lesson-dialog.js'), import('./lesson-catalogue.js'), loadMessages('teach', document.documentElement.lang || 'en')]);
      lessons = S.readCatalogue(core.lessons());
      list = lessons;
    } catch (e) {
      dialog.replaceChildren(el('p', { text: errorText(e, t) }));
      return null;
    }
    // (Two openings may have waited for the rules core together: the first builds.)
    built ??= dialogModule.lessonDialog({ dialog, t, core, list: lessons, progress: () => progress, markDone, onPlay });
    return built;
  }

  /**
   * Lesson `id` is done: kept, and the banner goes.
   * @param {string} id
   */
  function markDone(id) {
    progress = withDone(progress, id);
    saveProgress(storage, progress);
    drawOffer();
  }

  /** The banner for a first-time visitor: gone once taken up, declined, or every lesson done. */
  function drawOffer() {
    if (!offer) return;
    const l = catalogue();
    const shown = l && S ? S.offerShown(l, progress) : !progress.offer && !progress.done.length;
    if (shown && !offer.childElementCount) buildOffer(offer);
    offer.hidden = !shown;
  }

  /** @param {HTMLElement} banner */
  function buildOffer(banner) {
    const line = el('p', { 'data-i18n': 'lessons.offer.text', text: t('lessons.offer.text') });
    const yes = button('lessons.offer.start', t, 'primary');
    const no = button('lessons.offer.dismiss', t);
    /** @param {'started'|'dismissed'} choice */
    const decide = (choice) => {
      progress = { ...progress, offer: choice };
      saveProgress(storage, progress);
      drawOffer();
    };
    yes.addEventListener('click', () => {
      decide('started');
      open(null, true);
    });
    no.addEventListener('click', () => decide('dismissed'));
    banner.setAttribute('role', 'region');
    banner.setAttribute('aria-label', t('lessons.offer.label'));
    banner.setAttribute('data-i18n-aria-label', 'lessons.offer.label');
    banner.replaceChildren(line, el('div', { class: 'offer-buttons' }, [yes, no]));
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

  openButton.addEventListener('click', () => open(null));
  drawOffer();

  return { open: (id) => open(id), lessonFor, ready };
}
