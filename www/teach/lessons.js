// The lessons dialog: the view of a lesson session (lesson-session.js) and the wiring that turns
// the page's events into its transitions. The rules core judges every move (lessonJudge), names
// the replies and the hints (lessonHint); the learner plays on a <blue-gray-game mode="two">,
// which the session locks (its `locked` attribute, saying what to do) whenever it is not the
// learner's turn. Progress is kept in the browser's storage.
import '../blue-gray-game.js';
import { loadTeaching } from '../engine/assets.js';
import { el, exerciseBoard, closeButton } from '../lib/dom.js';
import * as S from './lesson-session.js';

export { STORAGE_KEY, loadProgress } from './lesson-session.js';

/** Pause before Gray's reply, so that the learner sees the position it answers. */
const REPLY_DELAY_MS = 350;

/** The levels of the computer offered for a first game once every lesson is done. */
const FIRST_GAME_LEVELS = Object.freeze([1, 2]);

function button(key, t, cls = '') {
  return el('button', { type: 'button', class: cls, 'data-i18n': key, text: t(key) });
}

function errorText(e) {
  return String((e && e.message) || e);
}

/**
 * Wires the lessons: `dialog` (a <dialog>), `openButton`, `offer` (a banner for a first-time
 * visitor), `t(key, params)` (a message in the page's current language), `storage` (a Web
 * Storage object for remembering progress) and `onPlay(level)`, called when the learner, every
 * lesson done, asks for a first game against the computer at that level.
 *
 * Returns `{open(id), lessonFor(option)}`: `open` shows the dialog with lesson `id` started (the
 * list when `id` is missing or unknown); `lessonFor` names the lesson that teaches a rules option
 * (`{id, title}`, or null), for the rules picker's links.
 */
export function initLessons({ dialog, openButton, offer, t, storage, onPlay = () => {} }) {
  let progress = S.loadProgress(storage);
  /** The lessons from the rules core (lesson-session.js's lessonInfo), once read. */
  let list = null;
  let session = S.idle();
  let timer = null;
  const ui = {};
  /** The rules core's teaching calls (engine/assets.js loadTeaching), once loaded. */
  let core = null;
  loadTeaching().then(
    (c) => (core = c),
    () => {}, // said when the lessons are opened
  );

  /** The catalogue, read from the rules core once it is loaded; null until then. */
  function catalogue() {
    if (list) return list;
    if (!core) return null;
    try {
      list = S.readCatalogue(core.lessons());
    } catch {
      list = null;
    }
    return list;
  }

  async function ensureBuilt() {
    if (ui.body) return true;
    try {
      core = await loadTeaching();
      list = S.readCatalogue(core.lessons());
    } catch (e) {
      dialog.replaceChildren(el('p', { text: errorText(e) }));
      return false;
    }
    build();
    return true;
  }

  // ---------------------------------------------------------------- building

  function build() {
    const close = closeButton(dialog, t, 'lessons.close');
    ui.title = el('h2', { id: 'lessons-title', 'data-i18n': 'lessons.title', text: t('lessons.title') });
    dialog.setAttribute('aria-labelledby', 'lessons-title');
    const head = el('div', { class: 'sheet-head' }, [ui.title, close]);

    // The list of lessons, by kind.
    ui.menu = el('div', { class: 'lessons-menu' });
    ui.intro = el('p', { class: 'lead' });
    ui.progress = el('p', { class: 'lessons-progress' });
    ui.list = el('div', { class: 'lessons-list' });
    ui.continue = button('lessons.startFirst', t, 'primary');
    ui.continue.addEventListener('click', () => start(S.firstNotDone(list, progress)));
    ui.menuPlay = el('div', { class: 'lessons-play' });
    ui.menu.append(ui.intro, ui.progress, ui.list, el('p', {}, [ui.continue]), ui.menuPlay);

    // One lesson.
    ui.lesson = el('section', { class: 'lesson', 'aria-labelledby': 'lesson-heading', hidden: '' });
    ui.heading = el('h3', { id: 'lesson-heading' });
    ui.text = el('p', { class: 'lesson-text' });
    ui.goal = el('p', { class: 'lesson-goal' });
    ({ box: ui.boardBox, board: ui.board } = exerciseBoard('lesson-board'));
    ui.said = el('p', { class: 'lesson-said' });
    ui.doNext = el('p', { class: 'lesson-do-next' });
    ui.feedback = el('div', { class: 'lesson-feedback', role: 'status', 'aria-live': 'polite' }, [ui.said, ui.doNext]);
    ui.hint = button('lessons.hint', t, 'lesson-hint');
    ui.retry = button('lessons.tryAgain', t, 'lesson-retry');
    ui.next = button('lessons.next', t, 'lesson-next');
    ui.back = button('lessons.back', t, 'lesson-back');
    ui.hint.addEventListener('click', hint);
    ui.retry.addEventListener('click', tryAgain);
    ui.next.addEventListener('click', next);
    ui.back.addEventListener('click', showMenu);
    const buttons = el('div', { class: 'lesson-buttons' }, [ui.hint, ui.retry, ui.next, ui.back]);
    ui.lessonPlay = el('div', { class: 'lessons-play' });
    ui.lesson.append(ui.heading, ui.text, ui.goal, ui.boardBox, ui.feedback, buttons, ui.lessonPlay);

    ui.body = el('div', { class: 'sheet-body' }, [ui.menu, ui.lesson]);
    dialog.replaceChildren(head, ui.body);
    ui.board.addEventListener('move', onMove);
  }

  // ---------------------------------------------------------------- drawing

  /** A message reference ({key, params} or {text}), or a list of them, in words. */
  function words(message) {
    if (!message) return '';
    if (Array.isArray(message)) return message.map(words).filter(Boolean).join(' ');
    return message.key ? t(message.key, message.params) : String(message.text ?? '');
  }

  function lessonTitle(l) {
    return t(`lesson.${l.id}.title`);
  }

  /** The offer of a first game against the computer, at each of FIRST_GAME_LEVELS. */
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
    const v = S.sessionView(session, list, progress);
    ui.board.setAttribute('lang', document.documentElement.lang || 'en');
    ui.lesson.dataset.lesson = v.lesson || '';
    ui.lesson.dataset.status = v.status;
    const l = session.lesson;
    if (l) {
      ui.heading.textContent = t('lessons.heading', { n: session.index + 1, total: list.length, title: lessonTitle(l) });
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
    const everyDone = S.allDone(list, progress);
    ui.intro.textContent = everyDone ? t('lessons.allDone') : t('lessons.intro');
    const count = S.doneCount(list, progress);
    ui.progress.textContent = t('lessons.progress', { done: count, total: list.length });
    ui.list.replaceChildren(
      ...S.groupByKind(list).flatMap(({ kind, lessons }) => {
        const id = `lessons-kind-${kind}`;
        const heading = el('h3', { id, text: t(`lessons.kind.${kind}`) });
        const items = lessons.map(({ lesson, index }) => {
          const b = el('button', { type: 'button', class: 'lesson-pick', 'data-lesson': lesson.id });
          b.append(el('span', { text: lessonTitle(lesson) }));
          const done = progress.done.includes(lesson.id);
          if (done) b.append(document.createTextNode(' '), el('span', { class: 'done-mark', text: t('lessons.doneMark') }));
          b.addEventListener('click', () => start(index));
          return el('li', { class: done ? 'done' : '', value: String(index + 1) }, [b]);
        });
        return [heading, el('ol', { 'aria-labelledby': id }, items)];
      }),
    );
    const first = S.firstNotDone(list, progress);
    ui.continue.textContent = count ? t('lessons.continueWith', { n: first + 1 }) : t('lessons.startFirst');
    ui.continue.hidden = everyDone;
    drawPlayOffer(ui.menuPlay, everyDone);
  }

  /** The banner for a first-time visitor: gone once taken up, declined, or every lesson done. */
  function drawOffer() {
    if (!offer) return;
    const l = catalogue();
    const shown = l ? S.offerShown(l, progress) : !progress.offer && !progress.done.length;
    if (shown && !offer.childElementCount) buildOffer();
    offer.hidden = !shown;
  }

  function buildOffer() {
    const line = el('p', { 'data-i18n': 'lessons.offer.text', text: t('lessons.offer.text') });
    const yes = button('lessons.offer.start', t, 'primary');
    const no = button('lessons.offer.dismiss', t);
    const decide = (choice) => {
      progress = { ...progress, offer: choice };
      S.saveProgress(storage, progress);
      drawOffer();
    };
    yes.addEventListener('click', () => {
      decide('started');
      open(null, true);
    });
    no.addEventListener('click', () => decide('dismissed'));
    offer.setAttribute('role', 'region');
    offer.setAttribute('aria-label', t('lessons.offer.label'));
    offer.setAttribute('data-i18n-aria-label', 'lessons.offer.label');
    offer.replaceChildren(line, el('div', { class: 'offer-buttons' }, [yes, no]));
  }

  // ---------------------------------------------------------------- transitions and effects

  /** Puts the session in force and draws it. */
  function go(next) {
    session = next;
    drawLesson();
  }

  function cancelReply() {
    clearTimeout(timer);
    timer = null;
  }

  function showMenu() {
    cancelReply();
    session = S.stop(session);
    drawLesson();
    ui.lesson.hidden = true;
    ui.menu.hidden = false;
    dialog.scrollTop = 0;
    drawMenu();
  }

  /** Starts lesson number `index`: loading at once, then its board. */
  function start(index) {
    const l = list && list[index];
    if (!l) return;
    cancelReply();
    go(S.start(session, l, index));
    ui.menu.hidden = true;
    ui.lesson.hidden = false;
    dialog.scrollTop = 0;
    load();
  }

  /** Sets up the board for the session's lesson (status loading). */
  async function load() {
    const { seq, lesson } = session;
    try {
      await ui.board.ready;
      if (session.seq !== seq) return;
      ui.board.setAttribute('orientation', lesson.learner);
      ui.board.newGame({ variant: lesson.variant, position: lesson.code, mode: 'two' });
      go(S.loaded(session, seq));
    } catch (e) {
      go(S.failed(session, seq, errorText(e)));
    }
  }

  function onMove(e) {
    // Gray's replies are played through the element's API; only the learner's moves count.
    if (e.detail.by !== 'human' || session.status !== 'playing') return;
    const history = ui.board.state.history;
    const move = history[history.length - 1];
    const id = session.lesson.id;
    let verdict;
    try {
      verdict = core.lessonJudge(id, [...session.moves, move]);
    } catch (err) {
      verdict = { error: errorText(err) };
    }
    if (verdict && verdict.status === 'done') {
      progress = S.markDone(progress, id);
      S.saveProgress(storage, progress);
      drawOffer();
    }
    go(S.moved(session, move, verdict));
    if (verdict && verdict.status === 'wrong') {
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
    timer = setTimeout(() => {
      timer = null;
      if (session.seq !== seq || session.pending !== pending) return;
      try {
        ui.board.play(pending);
      } catch (err) {
        go(S.replyFailed(session, errorText(err)));
        return;
      }
      go(S.replied(session, pending, ui.board.state && ui.board.state.lastMove));
    }, REPLY_DELAY_MS);
  }

  function tryAgain() {
    cancelReply();
    go(S.tryAgain(session));
    if (session.status === 'loading') {
      load();
      return;
    }
    // Back to the session's moves on the board.
    for (let guard = 16; ui.board.state.history.length > session.moves.length && guard > 0; guard--) {
      if (!ui.board.undo()) break;
    }
  }

  function hint() {
    let move = null;
    if (session.status === 'playing') {
      try {
        move = core.lessonHint(session.lesson.id, session.moves) || null;
        if (move) ui.board.showHint(move);
      } catch {
        move = null;
      }
    }
    go(S.hinted(session, move));
  }

  function next() {
    const i = S.nextIndex(session, list);
    if (i >= 0) start(i);
    else showMenu();
  }

  /**
   * Shows the dialog: with lesson `id` started, the first lesson not done (`first`), the lesson
   * on the board as it was, or the list.
   */
  async function open(id, first = false) {
    if (!(await ensureBuilt())) {
      if (!dialog.open) dialog.showModal();
      return;
    }
    if (!dialog.open) dialog.showModal();
    const index = id ? list.findIndex((l) => l.id === id) : -1;
    if (index >= 0) start(index);
    else if (first) start(S.firstNotDone(list, progress));
    else if (session.lesson) drawLesson(); // in the page's language, which may have changed meanwhile
    else showMenu();
  }

  /** The lesson that teaches rules option `option`: {id, title}, or null. */
  function lessonFor(option) {
    const l = catalogue();
    const lesson = l && S.lessonFor(l, option);
    return lesson ? { id: lesson.id, title: lessonTitle(lesson) } : null;
  }

  openButton.addEventListener('click', () => open(null));
  drawOffer();

  return { open: (id) => open(id), lessonFor };
}
