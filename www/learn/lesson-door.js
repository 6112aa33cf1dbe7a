// The lessons as the page starts with them: the banner that offers them to a first-time visitor,
// drawn at once (it moves the board down: it must not come late), the learner's progress it
// reads, and the door to the rest (lessons.js, the package's feature: with learn/'s words and
// styles), fetched at the first opening of the lessons or when the rules picker asks which
// lesson teaches a rule.
import { button, el } from '../lib/dom.js';
import { feature } from '../lib/on-demand.js';
import { loadProgress, offerShown, saveProgress } from './lesson-progress.js';

/** @import { LessonProgress } from './lesson-progress.js' */
/** @import { Lessons } from './lessons.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * The learner's progress as the lessons share it with the banner: read, and changed (kept on the
 * device, the banner drawn again).
 * @typedef {{get(): LessonProgress, set(progress: LessonProgress): void}} KeptProgress
 */

/**
 * Wires the lessons: `dialog` (a <dialog>), `openButton`, `offer` (the banner's box), `t(key,
 * params)` (a message in the page's language), `storage` (Web Storage for the progress),
 * `onPlay(level)` (a first game against the computer, asked for once every lesson is done) and
 * `failed(error)` (says that the lessons could not be fetched).
 *
 * Returns the lessons as the page uses them: `open(id)` shows the dialog with lesson `id` started
 * (the list when `id` is missing or unknown); `lessonFor(option)` names the lesson that teaches a
 * rules option, or null (always null until `ready()` has settled: it fetches the lessons).
 * @param {{
 *   dialog: HTMLDialogElement,
 *   openButton: HTMLElement,
 *   offer: HTMLElement|null,
 *   t: Translate,
 *   storage: Pick<Storage, 'getItem'|'setItem'>,
 *   onPlay: (level: number) => void,
 *   failed: (error: unknown) => void,
 * }} parts
 * @returns {Pick<Lessons, 'lessonFor'|'ready'> & {open(id?: string|null): Promise<void>}}
 */
export function lessonDoor({ dialog, openButton, offer, t, storage, onPlay, failed }) {
  let progress = loadProgress(storage);
  /** @type {KeptProgress} */
  const kept = {
    get: () => progress,
    set(p) {
      progress = p;
      saveProgress(storage, p);
      drawOffer();
    },
  };
  /** @type {Lessons|null} */
  let lessons = null;
  const fetchLessons = feature('learn', { code: () => import('./lessons.js'), start: (m) => (lessons = m.initLessons({ dialog, t, kept, onPlay })) });
  /** The lessons, in the page's language. */
  const load = () => fetchLessons(document.documentElement.lang || 'en');

  /**
   * Shows the dialog (lessons.js's open), once the lessons are fetched; says so when they cannot be.
   * @param {string|null|undefined} id
   * @param {boolean} [first]
   */
  function open(id, first = false) {
    return load().then((l) => l.open(id, first), failed);
  }

  /** The banner: only for a visitor who has neither answered it nor done a lesson. */
  function drawOffer() {
    if (!offer) return;
    const shown = offerShown(progress);
    if (shown && !offer.childElementCount) buildOffer(offer);
    offer.hidden = !shown;
  }

  /** @param {HTMLElement} banner */
  function buildOffer(banner) {
    const line = el('p', { 'data-i18n': 'lessons.offer.text', text: t('lessons.offer.text') });
    const yes = button('lessons.offer.start', t, 'primary');
    const no = button('lessons.offer.dismiss', t);
    /** @param {'started'|'dismissed'} choice */
    const decide = (choice) => kept.set({ ...progress, offer: choice });
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

  openButton.addEventListener('click', () => open(null));
  drawOffer();

  return {
    open: (id) => open(id),
    lessonFor: (option) => (lessons ? lessons.lessonFor(option) : null),
    ready: () => load().then((l) => l.ready(), () => false),
  };
}
