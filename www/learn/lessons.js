// The lessons: their dialog (the list of lessons by kind, and one lesson on its board) and the
// lesson that teaches each rules option. The page fetches this at the first opening of the
// lessons, or when the rules picker asks which lesson teaches a rule; its banner and the
// learner's progress are lesson-door.js's, there from the start. The dialog is built once the
// rules core's teaching module and learn/'s words are there: it is drawn from a lesson session
// (lesson-session.js), with the wiring that turns the page's events into the session's
// transitions. The rules core judges every move (lessonJudge), names the replies and the hints
// (lessonHint); the learner plays on a <blue-gray-game mode="two">, which the session locks (its
// `locked` attribute, saying what to do) whenever it is not the learner's turn.
import '../blue-gray-game.js';
import { loadTeaching } from '../core/assets.js';
import { el, openSheet, sheetHead, button } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';
import { REPLY_DELAY_MS } from '../lib/pace.js';
import { markDone as withDone } from './lesson-progress.js';
import { exerciseBoard } from './exercise.js';
import { lessonTitle } from './lesson-catalogue.js';
import * as LS from './lesson-session.js';

/** @import { Lesson, LessonProgress } from './lesson-catalogue.js' */
/** @import { KeptProgress } from './lesson-door.js' */
/** @import { Translate } from '../lib/i18n.js' */
/**
 * @import { BlueGrayGame } from '../blue-gray-game.js'
 * @import { GameState, Side } from '../core/core-types.js'
 * @import { LessonSession, LessonVerdict, Message } from './lesson-session.js'
 */

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
   * The dialog's content (lessonDialog), once built.
   * @type {ReturnType<typeof lessonDialog>|null}
   */
  let built = null;

  /**
   * Fetches what the lessons need besides this module and its words (fetched with it, as a
   * feature: lesson-door.js): the rules core's teaching module (the catalogue). Resolves to
   * whether it came.
   */
  async function ready() {
    try {
      [core, S] = await Promise.all([loadTeaching(), import('./lesson-catalogue.js')]);
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
    try {
      [core, S] = await Promise.all([loadTeaching(), import('./lesson-catalogue.js')]);
      lessons = S.readCatalogue(core.lessons());
      list = lessons;
    } catch (e) {
      // With the sheet's head, whose × closes it by a tap as by a click (Esc is no way out on a phone).
      dialog.replaceChildren(sheetHead(dialog, t, 'lessons').head, el('p', { text: errorText(e, t) }));
      return null;
    }
    // (Two openings may have waited for the rules core together: the first builds.)
    built ??= lessonDialog({ dialog, t, core, list: lessons, progress: kept.get, markDone, onPlay });
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

/**
 * The `move` event of a <blue-gray-game>: the move, the ply after it, the side that moved, the
 * record and position after it, and who made it.
 * @typedef {CustomEvent<{text: string, ply: number, side: Side, record: string, code: string, by: 'human'|'computer'|'api'|'remote'}>} MoveEvent
 */

/**
 * The rules core's lesson calls (core/assets.js loadTeaching): the judgement of the learner's
 * moves (a LessonVerdict) and a move that reaches the goal (a string; undefined: none).
 * @typedef {{lessonJudge(id: string, moves: string[]): unknown, lessonHint(id: string, moves: string[]): unknown}} LessonCalls
 */

/** The levels of the computer offered for a first game once every lesson is done. */
const FIRST_GAME_LEVELS = Object.freeze([1, 2]);

/**
 * The board's game, the rules core's view of it; null before its first game.
 * @param {BlueGrayGame} board
 */
function stateOf(board) {
  return /** @type {GameState|null} */ (board.state);
}

/**
 * Builds the dialog's content in `dialog` (a <dialog>) over the lessons `list` (read from the
 * rules core, `core`) and wires it: `t(key, params)` says a message in the page's current
 * language, `progress()` is the learner's progress now, `markDone(id)` is called when lesson `id`
 * is done (to keep it), and `onPlay(level)` when the learner, every lesson done, asks for a first
 * game against the computer at that level.
 *
 * Returns `{show(id, first)}`: shows lesson `id` started, the first lesson not done (`first`),
 * the lesson on the board as it was, or the list (the dialog itself is opened by the caller).
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   core: LessonCalls,
 *   list: Lesson[],
 *   progress: () => LessonProgress,
 *   markDone: (id: string) => void,
 *   onPlay: (level: number) => void,
 * }} parts
 */
export function lessonDialog({ dialog, t, core, list, progress, markDone, onPlay }) {
  let session = LS.idle();
  /** @type {ReturnType<typeof setTimeout>|null} */
  let timer = null;
  const ui = build();

  // ---------------------------------------------------------------- building

  function build() {
    const { head } = sheetHead(dialog, t, 'lessons');
    const exercise = exerciseBoard('lesson-board');
    const view = {
      // The list of lessons, by kind.
      menu: el('div', { class: 'lessons-menu' }),
      intro: el('p', { class: 'lead' }),
      progress: el('p', { class: 'lessons-progress' }),
      list: el('div', { class: 'lessons-list' }),
      continue: button('lessons.startFirst', t, 'primary'),
      menuPlay: el('div', { class: 'lessons-play' }),
      // One lesson.
      lesson: el('section', { class: 'lesson', 'aria-labelledby': 'lesson-heading', hidden: '' }),
      heading: el('h3', { id: 'lesson-heading' }),
      text: el('p', { class: 'lesson-text' }),
      goal: el('p', { class: 'lesson-goal' }),
      board: /** @type {BlueGrayGame} */ (exercise.board),
      said: el('p', { class: 'lesson-said' }),
      doNext: el('p', { class: 'lesson-do-next' }),
      hint: button('lessons.hint', t, 'lesson-hint'),
      retry: button('lessons.tryAgain', t, 'lesson-retry'),
      next: button('lessons.next', t, 'lesson-next'),
      lessonPlay: el('div', { class: 'lessons-play' }),
    };
    view.continue.addEventListener('click', () => start(LS.firstNotDone(list, progress())));
    view.menu.append(view.intro, view.progress, view.list, el('p', {}, [view.continue]), view.menuPlay);

    const feedback = el('div', { class: 'lesson-feedback', role: 'status', 'aria-live': 'polite' }, [view.said, view.doNext]);
    const back = button('lessons.back', t, 'lesson-back');
    view.hint.addEventListener('click', hint);
    view.retry.addEventListener('click', tryAgain);
    view.next.addEventListener('click', next);
    back.addEventListener('click', showMenu);
    const buttons = el('div', { class: 'lesson-buttons' }, [view.hint, view.retry, view.next, back]);
    view.lesson.append(view.heading, view.text, view.goal, exercise.box, feedback, buttons, view.lessonPlay);

    const body = el('div', { class: 'sheet-body' }, [view.menu, view.lesson]);
    dialog.replaceChildren(head, body);
    view.board.addEventListener('move', onMove);
    return view;
  }

  // ---------------------------------------------------------------- drawing

  /**
   * A message reference ({key, params} or {text}), or a list of them, in words.
   * @param {Message|Message[]|null} message
   * @returns {string}
   */
  function words(message) {
    if (!message) return '';
    if (Array.isArray(message)) return message.map(words).filter(Boolean).join(' ');
    if ('key' in message && message.key) return t(message.key, message.params);
    return 'text' in message ? String(message.text ?? '') : '';
  }

  /**
   * The offer of a first game against the computer, at each of FIRST_GAME_LEVELS.
   * @param {HTMLElement} box
   * @param {boolean} shown
   */
  function drawPlayOffer(box, shown) {
    box.hidden = !shown;
    if (!shown) {
      box.replaceChildren();
      return;
    }
    const buttons = FIRST_GAME_LEVELS.map((level) => {
      const b = el('button', {
        type: 'button',
        class: level === FIRST_GAME_LEVELS[0] ? 'primary lesson-play' : 'lesson-play',
        'data-level': String(level),
        text: t('lessons.play', { level, name: t(`level.${level}`) }),
      });
      b.addEventListener('click', () => {
        dialog.close();
        onPlay(level);
      });
      return b;
    });
    box.replaceChildren(el('p', { text: t('lessons.playOffer') }), el('div', { class: 'lesson-buttons' }, buttons));
  }

  /** Draws the session on the lesson's section and its board. */
  function drawLesson() {
    const v = LS.sessionView(session, list, progress());
    ui.board.setAttribute('lang', document.documentElement.lang || 'en');
    ui.lesson.dataset.lesson = v.lesson || '';
    ui.lesson.dataset.status = v.status;
    const l = session.lesson;
    if (l) {
      ui.heading.textContent = t('lessons.heading', { n: session.index + 1, total: list.length, title: lessonTitle(t, l) });
      ui.text.textContent = t(`lesson.${l.id}.text`);
      ui.goal.textContent = t('lessons.goal', { goal: t(`lesson.${l.id}.goal`) });
    }
    // The board takes the learner's moves only on the learner's turn; a press says why not.
    if (v.locked) ui.board.setAttribute('locked', words(v.lock));
    else ui.board.removeAttribute('locked');
    ui.said.textContent = words(v.feedback);
    ui.doNext.textContent = words(v.next);
    ui.doNext.hidden = !v.next;
    ui.hint.hidden = !v.hint;
    ui.retry.hidden = !v.retry;
    ui.retry.classList.toggle('primary', v.retryPrimary);
    ui.next.hidden = v.last;
    ui.next.classList.toggle('primary', v.nextPrimary);
    drawPlayOffer(ui.lessonPlay, v.playOffer);
  }

  function drawMenu() {
    const p = progress();
    const everyDone = LS.allDone(list, p);
    ui.intro.textContent = everyDone ? t('lessons.allDone') : t('lessons.intro');
    const count = LS.doneCount(list, p);
    ui.progress.textContent = t('lessons.progress', { done: count, total: list.length });
    ui.list.replaceChildren(
      ...LS.groupByKind(list).flatMap(({ kind, lessons }) => {
        const id = `lessons-kind-${kind}`;
        const heading = el('h3', { id, text: t(`lessons.kind.${kind}`) });
        const items = lessons.map(({ lesson, index }) => {
          const b = el('button', { type: 'button', class: 'lesson-pick', 'data-lesson': lesson.id });
          b.append(el('span', { text: lessonTitle(t, lesson) }));
          const isDone = p.done.includes(lesson.id);
          if (isDone) b.append(document.createTextNode(' '), el('span', { class: 'done-mark', text: t('lessons.doneMark') }));
          b.addEventListener('click', () => start(index));
          return el('li', { class: isDone ? 'done' : '', value: String(index + 1) }, [b]);
        });
        return [heading, el('ol', { 'aria-labelledby': id }, items)];
      }),
    );
    const first = LS.firstNotDone(list, p);
    ui.continue.textContent = count ? t('lessons.continueWith', { n: first + 1 }) : t('lessons.startFirst');
    ui.continue.hidden = everyDone;
    drawPlayOffer(ui.menuPlay, everyDone);
  }

  // ---------------------------------------------------------------- transitions and effects

  /**
   * Puts the session in force and draws it.
   * @param {LessonSession} nextSession
   */
  function go(nextSession) {
    session = nextSession;
    drawLesson();
  }

  function cancelReply() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function showMenu() {
    cancelReply();
    session = LS.stop(session);
    drawLesson();
    ui.lesson.hidden = true;
    ui.menu.hidden = false;
    dialog.scrollTop = 0;
    drawMenu();
  }

  /**
   * Starts lesson number `index`: loading at once, then its board.
   * @param {number} index
   */
  function start(index) {
    const l = list[index];
    if (!l) return;
    cancelReply();
    go(LS.start(session, l, index));
    ui.menu.hidden = true;
    ui.lesson.hidden = false;
    dialog.scrollTop = 0;
    load();
  }

  /** Sets up the board for the session's lesson (status loading). */
  async function load() {
    const { seq, lesson } = session;
    if (!lesson) return; // (only a lesson is ever loading)
    try {
      await ui.board.ready;
      if (session.seq !== seq) return;
      ui.board.setAttribute('orientation', lesson.learner);
      ui.board.newGame({ variant: lesson.variant, position: lesson.code, mode: 'two' });
      go(LS.loaded(session, seq));
    } catch (e) {
      go(LS.failed(session, seq, errorText(e)));
    }
  }

  /** @param {Event} e the board's `move` event */
  function onMove(e) {
    const { detail } = /** @type {MoveEvent} */ (e);
    const lesson = session.lesson;
    // Gray's replies are played through the element's API; only the learner's moves count.
    if (detail.by !== 'human' || session.status !== 'playing' || !lesson) return;
    const gs = stateOf(ui.board);
    if (!gs) return; // (a board that has just played a move has a game)
    const history = gs.history;
    const move = history[history.length - 1];
    const id = lesson.id;
    /** @type {LessonVerdict|{error: string}} */
    let verdict;
    try {
      // The rules core's judgement, as its Rust struct makes it (bluegray-lessons' Verdict).
      verdict = /** @type {LessonVerdict} */ (core.lessonJudge(id, [...session.moves, move]));
    } catch (err) {
      verdict = { error: errorText(err) };
    }
    if (verdict && 'status' in verdict && verdict.status === 'done') markDone(id);
    go(LS.moved(session, move, verdict));
    if (verdict && 'status' in verdict && verdict.status === 'wrong') {
      try {
        // Marked on the board while Gray's reply shows what it allows, until Try again takes it back.
        ui.board.showMistake(move);
      } catch {
        /* the words say it still */
      }
    }
    if (session.pending) scheduleReply();
  }

  /** Plays Gray's pending reply after a pause, unless the session has moved on meanwhile. */
  function scheduleReply() {
    cancelReply();
    const { seq, pending } = session;
    if (!pending) return;
    timer = setTimeout(() => {
      timer = null;
      if (session.seq !== seq || session.pending !== pending) return;
      try {
        ui.board.play(pending);
      } catch (err) {
        go(LS.replyFailed(session, errorText(err)));
        return;
      }
      const gs = stateOf(ui.board);
      go(LS.replied(session, pending, gs && gs.lastMove));
    }, REPLY_DELAY_MS);
  }

  function tryAgain() {
    cancelReply();
    go(LS.tryAgain(session));
    if (session.status === 'loading') {
      load();
      return;
    }
    // Back to the session's moves on the board.
    for (let guard = 16; guard > 0; guard--) {
      const gs = stateOf(ui.board);
      if (!gs || gs.history.length <= session.moves.length || !ui.board.undo()) break;
    }
  }

  function hint() {
    /** @type {string|null} */
    let move = null;
    if (session.status === 'playing' && session.lesson) {
      try {
        const found = core.lessonHint(session.lesson.id, session.moves);
        move = typeof found === 'string' && found ? found : null;
        if (move) ui.board.showHint(move);
      } catch {
        move = null;
      }
    }
    go(LS.hinted(session, move));
  }

  function next() {
    const i = LS.nextIndex(session, list);
    if (i >= 0) start(i);
    else showMenu();
  }

  return {
    /**
     * Shows lesson `id` started, the first lesson not done (`first`), the lesson on the board as
     * it was, or the list.
     * @param {string|null|undefined} id
     * @param {boolean} first
     */
    show(id, first) {
      const index = id ? list.findIndex((l) => l.id === id) : -1;
      if (index >= 0) start(index);
      else if (first) start(LS.firstNotDone(list, progress()));
      else if (session.lesson) drawLesson(); // in the page's language, which may have changed meanwhile
      else showMenu();
    },
  };
}
