// Interactive lessons: each a position with a goal that the rules core checks (the
// bluegray-lessons crate, through the wasm functions lessons(), lessonJudge() and lessonHint()).
// The learner plays Blue on a <blue-gray-game mode="two"> inside the dialog; this module plays
// Gray's replies itself, says why a wrong move is wrong, gives hints, and remembers progress.
import './blue-gray-game.js';
import { loadWasm } from './assets.js';
import * as wasm from './pkg/bluegray_wasm.js';
import { el } from './dom.js';

/** Where progress is kept: {done: [lesson ids], offer: 'started' | 'dismissed'}. */
export const STORAGE_KEY = 'bluegray.lessons.v1';

/** Pause before Gray's reply, so that the learner sees the position it answers. */
const REPLY_DELAY_MS = 350;

/** Reads the saved progress; anything unreadable counts as none. */
export function loadProgress(storage) {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    const data = raw ? JSON.parse(raw) : null;
    if (!data || typeof data !== 'object') return { done: [], offer: null };
    const done = Array.isArray(data.done) ? data.done.filter((x) => typeof x === 'string') : [];
    const offer = data.offer === 'started' || data.offer === 'dismissed' ? data.offer : null;
    return { done: [...new Set(done)], offer };
  } catch {
    return { done: [], offer: null };
  }
}

function saveProgress(storage, progress) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ done: progress.done, offer: progress.offer }));
  } catch {
    /* progress is only kept for this visit */
  }
}

function button(key, t, cls = '') {
  return el('button', { type: 'button', class: cls, 'data-i18n': key, text: t(key) });
}

/**
 * Wires the lessons: `dialog` (a <dialog>), `openButton`, `offer` (a banner for a first-time
 * visitor), `t(key, params)` (a message in the page's current language) and `storage` (a Web
 * Storage object for remembering progress).
 */
export function initLessons({ dialog, openButton, offer, t, storage }) {
  const progress = loadProgress(storage);
  /** The lessons from the rules core: [{id, variant, code, learner, budget}]. */
  let list = [];
  const ui = {};
  /** The lesson on the board: {index, status: 'playing'|'replying'|'wrong'|'done', before, message}. */
  let current = null;
  let timer = null;

  async function ensureBuilt() {
    if (ui.body) return true;
    try {
      await loadWasm();
      list = wasm.lessons();
    } catch (e) {
      dialog.replaceChildren(el('p', { text: String((e && e.message) || e) }));
      return false;
    }
    build();
    return true;
  }

  function build() {
    const close = el('button', {
      type: 'button',
      class: 'sheet-close',
      'aria-label': t('lessons.close'),
      'data-i18n-aria-label': 'lessons.close',
      text: '×',
    });
    close.addEventListener('click', () => dialog.close());
    ui.title = el('h2', { id: 'lessons-title', 'data-i18n': 'lessons.title', text: t('lessons.title') });
    dialog.setAttribute('aria-labelledby', 'lessons-title');
    const head = el('div', { class: 'sheet-head' }, [ui.title, close]);

    // The list of lessons.
    ui.menu = el('div', { class: 'lessons-menu' });
    ui.intro = el('p', { class: 'lead', 'data-i18n': 'lessons.intro', text: t('lessons.intro') });
    ui.progress = el('p', { class: 'lessons-progress' });
    ui.list = el('ol', { class: 'lessons-list', 'aria-label': t('lessons.listLabel') });
    ui.continue = button('lessons.startFirst', t, 'primary');
    ui.continue.addEventListener('click', () => start(firstNotDone()));
    ui.menu.append(ui.intro, ui.progress, ui.list, el('p', {}, [ui.continue]));

    // One lesson.
    ui.lesson = el('section', { class: 'lesson', 'aria-labelledby': 'lesson-heading', hidden: '' });
    ui.heading = el('h3', { id: 'lesson-heading' });
    ui.text = el('p', { class: 'lesson-text' });
    ui.goal = el('p', { class: 'lesson-goal' });
    ui.boardBox = el('div', { class: 'lesson-board' });
    ui.board = document.createElement('blue-gray-game');
    ui.board.setAttribute('mode', 'two');
    ui.board.setAttribute('coordinates', 'on');
    ui.boardBox.appendChild(ui.board);
    ui.feedback = el('p', { class: 'lesson-feedback', role: 'status', 'aria-live': 'polite' });
    ui.hint = button('lessons.hint', t, 'lesson-hint');
    ui.retry = button('lessons.tryAgain', t, 'lesson-retry');
    ui.next = button('lessons.next', t, 'lesson-next');
    ui.back = button('lessons.back', t, 'lesson-back');
    ui.hint.addEventListener('click', hint);
    ui.retry.addEventListener('click', tryAgain);
    ui.next.addEventListener('click', () => {
      if (!current) return;
      if (current.index + 1 < list.length) start(current.index + 1);
      else showMenu(true);
    });
    ui.back.addEventListener('click', () => showMenu(false));
    const buttons = el('div', { class: 'lesson-buttons' }, [ui.hint, ui.retry, ui.next, ui.back]);
    ui.lesson.append(ui.heading, ui.text, ui.goal, ui.boardBox, ui.feedback, buttons);

    ui.body = el('div', { class: 'sheet-body' }, [ui.menu, ui.lesson]);
    dialog.replaceChildren(head, ui.body);
    ui.board.addEventListener('move', onMove);
  }

  function firstNotDone() {
    const i = list.findIndex((l) => !progress.done.includes(l.id));
    return i < 0 ? 0 : i;
  }

  function lessonTitle(l) {
    return t(`lesson.${l.id}.title`);
  }

  function showMenu(allDone) {
    clearTimeout(timer);
    current = null;
    ui.lesson.hidden = true;
    ui.menu.hidden = false;
    ui.intro.textContent = allDone && progress.done.length >= list.length ? t('lessons.allDone') : t('lessons.intro');
    const doneCount = list.filter((l) => progress.done.includes(l.id)).length;
    ui.progress.textContent = t('lessons.progress', { done: doneCount, total: list.length });
    ui.list.setAttribute('aria-label', t('lessons.listLabel'));
    ui.list.replaceChildren(
      ...list.map((l, i) => {
        const b = el('button', { type: 'button', class: 'lesson-pick', 'data-lesson': l.id });
        b.append(el('span', { text: lessonTitle(l) }));
        const done = progress.done.includes(l.id);
        if (done) b.append(document.createTextNode(' '), el('span', { class: 'done-mark', text: t('lessons.doneMark') }));
        b.addEventListener('click', () => start(i));
        return el('li', { class: done ? 'done' : '' }, [b]);
      }),
    );
    const next = firstNotDone();
    ui.continue.textContent = doneCount ? t('lessons.continueWith', { n: next + 1 }) : t('lessons.startFirst');
  }

  async function start(index) {
    clearTimeout(timer);
    const l = list[index];
    if (!l) return;
    current = { index, status: 'playing', before: 0, message: null, why: null };
    ui.menu.hidden = true;
    ui.lesson.hidden = false;
    ui.lesson.dataset.lesson = l.id;
    ui.heading.textContent = t('lessons.heading', { n: index + 1, total: list.length, title: lessonTitle(l) });
    ui.text.textContent = t(`lesson.${l.id}.text`);
    ui.goal.textContent = t('lessons.goal', { goal: t(`lesson.${l.id}.goal`) });
    ui.next.classList.remove('primary');
    ui.board.setAttribute('lang', document.documentElement.lang || 'en');
    try {
      await ui.board.ready;
      ui.board.newGame({ variant: l.variant, position: l.code, mode: 'two' });
    } catch (e) {
      say({ text: String((e && e.message) || e) });
      return;
    }
    ui.lesson.dataset.status = 'playing';
    say({ key: 'lessons.yourMove', params: { n: l.budget } });
  }

  /** Shows a message ({key, params} or {text}) in the feedback line. */
  function say(message) {
    if (current) current.message = message;
    ui.feedback.textContent = text(message);
  }

  function text(message) {
    return message.key ? t(message.key, message.params) : String(message.text ?? '');
  }

  function setStatus(status) {
    current.status = status;
    ui.lesson.dataset.status = status;
  }

  function onMove(e) {
    // The lesson's own replies are played through the element's API; only the learner's count.
    if (e.detail.by !== 'human' || !current || current.status !== 'playing') return;
    const l = list[current.index];
    const history = ui.board.state.history;
    current.before = history.length - 1;
    ui.board.setAttribute('mode', 'view');
    let verdict;
    try {
      verdict = wasm.lessonJudge(l.id, history);
    } catch (e) {
      say({ text: String((e && e.message) || e) });
      setStatus('wrong');
      return;
    }
    if (verdict.status === 'done') {
      setStatus('done');
      if (!progress.done.includes(l.id)) progress.done.push(l.id);
      progress.offer = progress.offer || 'started';
      saveProgress(storage, progress);
      say(verdict.feedback);
      ui.next.classList.add('primary');
      return;
    }
    if (verdict.status === 'wrong') {
      setStatus('wrong');
      current.why = verdict.feedback;
      say(verdict.feedback);
      if (verdict.reply) timer = setTimeout(() => playReply(verdict.reply), REPLY_DELAY_MS);
      return;
    }
    setStatus('replying');
    say({ key: 'lessons.replying' });
    timer = setTimeout(() => {
      if (!playReply(verdict.reply)) return;
      ui.board.setAttribute('mode', 'two');
      setStatus('playing');
      say({ key: 'lessons.replied', params: { move: verdict.reply, n: verdict.movesLeft } });
    }, REPLY_DELAY_MS);
  }

  /** Plays Gray's reply on the board; false if the board refused it. */
  function playReply(move) {
    timer = null;
    if (!move) return false;
    try {
      ui.board.play(move);
      return true;
    } catch (e) {
      say({ text: String((e && e.message) || e) });
      return false;
    }
  }

  function tryAgain() {
    if (!current) return;
    clearTimeout(timer);
    timer = null;
    if (current.status === 'wrong' || current.status === 'replying') {
      // Back to the position before the learner's last move.
      ui.board.setAttribute('mode', 'two');
      let guard = 8;
      while (ui.board.state.history.length > current.before && guard-- > 0 && ui.board.undo());
      setStatus('playing');
      const l = list[current.index];
      const used = Math.ceil(current.before / 2);
      say({ key: 'lessons.yourMove', params: { n: l.budget - used } });
      return;
    }
    start(current.index);
  }

  function hint() {
    if (!current) return;
    const l = list[current.index];
    if (current.status !== 'playing') {
      // After a wrong move: the reason again, and what to do.
      if (current.status === 'wrong' && current.why) say({ text: `${text(current.why)} ${t('lessons.noHint')}` });
      return;
    }
    let move = null;
    try {
      move = wasm.lessonHint(l.id, ui.board.state.history);
      if (move) ui.board.showHint(move);
    } catch {
      move = null;
    }
    const words = move ? `${t(`lesson.${l.id}.hint`)} ${t('lessons.hintMove', { move })}` : t('lessons.noHint');
    say({ text: words });
  }

  async function open(startLesson) {
    if (!(await ensureBuilt())) {
      if (!dialog.open) dialog.showModal();
      return;
    }
    if (!dialog.open) dialog.showModal();
    if (startLesson) start(firstNotDone());
    else if (current) {
      // Say the lesson again in the page's language, which may have changed meanwhile.
      if (current.message) say(current.message);
    } else showMenu(false);
  }

  openButton.addEventListener('click', () => open(false));

  // The offer to a first-time visitor: shown until taken or declined.
  if (offer && !progress.offer && !progress.done.length) {
    const line = el('p', { 'data-i18n': 'lessons.offer.text', text: t('lessons.offer.text') });
    const yes = button('lessons.offer.start', t, 'primary');
    const no = button('lessons.offer.dismiss', t);
    const decide = (choice) => {
      progress.offer = choice;
      saveProgress(storage, progress);
      offer.hidden = true;
    };
    yes.addEventListener('click', () => {
      decide('started');
      open(true);
    });
    no.addEventListener('click', () => decide('dismissed'));
    offer.setAttribute('role', 'region');
    offer.setAttribute('aria-label', t('lessons.offer.label'));
    offer.setAttribute('data-i18n-aria-label', 'lessons.offer.label');
    offer.replaceChildren(line, el('div', { class: 'offer-buttons' }, [yes, no]));
    offer.hidden = false;
  }
}
