// The puzzle view: a dialog with the next puzzle not yet solved on a <blue-gray-game>, its goal
// in words, the streak, a hint, the solution on request, and the next puzzle. The rules core
// gives the set (puzzles()), judges each move (puzzleJudge(): the defender's reply, or the
// engine's refutation of a wrong move) and gives the rest of the solution (puzzleSolution());
// the attempt's state is puzzle-session.js's, and progress is kept on the device.
import '../blue-gray-game.js';
import { loadTeaching } from '../engine/assets.js';
import { el, exerciseBoard, closeButton } from '../lib/dom.js';
import * as P from './puzzle-session.js';

/** Pause before each move the page plays itself, so that the player sees the position it answers. */
const REPLY_DELAY_MS = 400;

function button(key, t, cls = '') {
  return el('button', { type: 'button', class: cls, 'data-i18n': key, text: t(key) });
}

const errorText = (e) => String((e && e.message) || e);
const other = (side) => (side === 'blue' ? 'gray' : 'blue');

/**
 * Wires the puzzles: `dialog` (a <dialog>), `openButton`, `t(key, params)` (a message in the
 * page's language) and `storage` (Web Storage for the progress). Returns a small window on the
 * view for tests and tools: `{session, puzzles(), solution(puzzle, moves), choose(id)}`.
 */
export function initPuzzles({ dialog, openButton, t, storage }) {
  let session = P.loading(P.loadProgress(storage));
  /** Progress could not be written the last time (storage full or refused). */
  let notKept = false;
  const ui = {};
  /** The message under the board: {key, params}, {text}, or a list of them. */
  let message = null;
  let timer = null;
  /** Moves queued to play on the board, and what to do once they are played. */
  let queue = [];
  let afterQueue = null;
  /** The first puzzle has been put on the board. */
  let started = false;
  /** The rules core's teaching calls (engine/assets.js loadTeaching), once loaded. */
  let core = null;

  /** Builds the view once (a second opening meanwhile waits for the same build); false when it failed. */
  let building = null;
  function ensureBuilt() {
    if (!building) building = build0().then((ok) => ok || (building = null) || false);
    return building;
  }

  async function build0() {
    if (ui.body) return true;
    let list;
    try {
      core = await loadTeaching();
      if (typeof core.puzzles !== 'function') throw new Error(t('puzzles.board.unsupported'));
      list = core.puzzles();
    } catch (e) {
      dialog.replaceChildren(el('p', { text: errorText(e) }));
      return false;
    }
    build();
    session = P.withPuzzles(session, list);
    return true;
  }

  function build() {
    const close = closeButton(dialog, t, 'puzzles.close');
    const title = el('h2', { id: 'puzzles-title', 'data-i18n': 'puzzles.title', text: t('puzzles.title') });
    dialog.setAttribute('aria-labelledby', 'puzzles-title');
    const head = el('div', { class: 'sheet-head' }, [title, close]);

    ui.view = el('section', { class: 'puzzle', 'aria-labelledby': 'puzzle-heading' });
    ui.intro = el('p', { class: 'lead', 'data-i18n': 'puzzles.intro', text: t('puzzles.intro') });
    ui.heading = el('h3', { id: 'puzzle-heading' });
    ui.rules = el('p', { class: 'puzzle-rules' });
    ui.goal = el('p', { class: 'puzzle-goal' });
    ui.progress = el('p', { class: 'puzzle-progress' });
    ({ box: ui.boardBox, board: ui.board } = exerciseBoard('puzzle-board'));
    ui.feedback = el('p', { class: 'puzzle-feedback', role: 'status', 'aria-live': 'polite' });
    ui.hint = button('puzzles.hint', t, 'puzzle-hint');
    ui.solution = button('puzzles.showSolution', t, 'puzzle-solution');
    ui.retry = button('puzzles.tryAgain', t, 'puzzle-retry');
    ui.next = button('puzzles.next', t, 'puzzle-next');
    ui.hint.addEventListener('click', hint);
    ui.solution.addEventListener('click', showSolution);
    ui.retry.addEventListener('click', () => begin(P.tryAgain(session)));
    ui.next.addEventListener('click', () => begin(P.next(session)));
    const buttons = el('div', { class: 'puzzle-buttons' }, [ui.hint, ui.solution, ui.retry, ui.next]);
    ui.view.append(ui.intro, ui.heading, ui.rules, ui.goal, ui.progress, ui.boardBox, ui.feedback, buttons);
    ui.body = el('div', { class: 'sheet-body' }, [ui.view]);
    dialog.replaceChildren(head, ui.body);
    ui.board.addEventListener('move', onMove);
  }

  // ------------------------------------------------------------------ the attempt

  function stop() {
    clearTimeout(timer);
    timer = null;
    queue = [];
    afterQueue = null;
  }

  /** Puts `next` (a session on a fresh attempt) on the board. */
  async function begin(next) {
    stop();
    session = next;
    const p = session.puzzle;
    if (!p) {
      say({ key: 'puzzles.none' });
      return render();
    }
    say({ key: 'puzzles.yourMove', params: { side: p.side } });
    render();
    ui.board.setAttribute('lang', document.documentElement.lang || 'en');
    try {
      await ui.board.ready;
      if (session.puzzle !== p) return; // another puzzle was asked for meanwhile
      ui.board.newGame({ variant: p.variant, position: p.code, mode: 'two' });
      ui.board.setAttribute('orientation', p.side);
    } catch (e) {
      session = P.broken(session, errorText(e));
      say({ text: errorText(e) });
    }
    render();
  }

  function history() {
    return ui.board.state ? [...ui.board.state.history] : [];
  }

  function onMove(e) {
    // Only the player's own moves are judged; the page plays the rest through the element's API.
    if (e.detail.by !== 'human' || !P.canMove(session)) return;
    const p = session.puzzle;
    const move = e.detail.text;
    let verdict;
    try {
      verdict = core.puzzleJudge(p.variant, p.code, p.goal, history());
    } catch (err) {
      session = P.broken(session, errorText(err));
      say({ text: errorText(err) });
      return render();
    }
    const before = session.progress;
    session = P.played(session, move, verdict);
    if (session.progress !== before) keep();
    if (session.status === 'solved') {
      const all = P.solvedCount(session) === session.puzzles.length;
      const said =
        session.progress.streak > before.streak ? { key: 'puzzles.solvedStreak', params: { n: session.progress.streak } } : { key: 'puzzles.solvedHelped' };
      say(all ? [said, { key: 'puzzles.allSolved' }] : said);
    } else if (session.status === 'replying') {
      say({ key: 'puzzles.replying', params: { side: other(p.side) } });
      playQueue([session.reply], () => {
        const reply = session.reply;
        session = P.replied(session);
        say({ key: 'puzzles.replied', params: { side: other(p.side), move: reply } });
      });
    } else if (session.status === 'wrong') {
      const line = session.refutation.join(' ');
      say(line ? { key: 'puzzles.wrong', params: { move, line } } : { key: 'puzzles.wrongNoLine', params: { move } });
      try {
        ui.board.showMistake(move);
      } catch {
        /* the words say it still */
      }
      playQueue(session.refutation, null);
    } else {
      say({ text: errorText(session.error) });
    }
    render();
  }

  /** Plays `moves` on the board one after the other, each after a pause, then calls `done`. */
  function playQueue(moves, done) {
    stop();
    queue = [...moves];
    afterQueue = done;
    if (queue.length) timer = setTimeout(playNext, REPLY_DELAY_MS);
    else finishQueue();
  }

  function playNext() {
    timer = null;
    const move = queue.shift();
    try {
      ui.board.play(move);
    } catch (e) {
      queue = [];
      afterQueue = null;
      say({ text: errorText(e) });
      return render();
    }
    if (queue.length) timer = setTimeout(playNext, REPLY_DELAY_MS);
    else finishQueue();
  }

  function finishQueue() {
    const done = afterQueue;
    afterQueue = null;
    if (done) done();
    render();
  }

  /** The rest of the solution from the moves played so far, or [] when out of reach. */
  function solution(p, moves) {
    try {
      const rest = core.puzzleSolution(p.variant, p.code, p.goal, moves);
      return Array.isArray(rest) ? rest.filter((m) => typeof m === 'string') : [];
    } catch {
      return [];
    }
  }

  function hint() {
    if (!P.canMove(session)) return;
    const move = solution(session.puzzle, history())[0];
    if (!move) return say({ key: 'puzzles.noHint' });
    try {
      ui.board.showHint(move);
    } catch {
      /* the words say it still */
    }
    session = P.hinted(session, move);
    say({ key: 'puzzles.hintMove', params: { move } });
    render();
  }

  async function showSolution() {
    const p = session.puzzle;
    if (!p || session.status === 'solved' || session.status === 'shown') return;
    // After a wrong move the solution is shown from the start; otherwise from where the attempt stands.
    if (session.status !== 'playing' && session.status !== 'replying') {
      await begin(P.tryAgain(session));
      if (session.puzzle !== p) return;
    }
    if (session.status === 'replying') {
      // The reply is played first: the solution goes on from the solver's turn.
      stop();
      ui.board.play(session.reply);
      session = P.replied(session);
    }
    const rest = solution(p, history());
    session = P.shown(session, rest);
    keep();
    say(rest.length ? { key: 'puzzles.showing', params: { line: rest.join(' ') } } : { key: 'puzzles.noSolution' });
    playQueue(rest, null);
    render();
  }

  function keep() {
    notKept = !P.saveProgress(storage, session.progress);
  }

  // ------------------------------------------------------------------ drawing

  function say(m) {
    message = m;
    if (ui.feedback) ui.feedback.textContent = words(m);
  }

  function words(m) {
    if (!m) return '';
    if (Array.isArray(m)) return m.map(words).join(' ');
    return m.key ? t(m.key, m.params) : String(m.text ?? '');
  }

  function render() {
    if (!ui.body) return;
    const s = session;
    const p = s.puzzle;
    const busy = queue.length > 0 || timer !== null;
    ui.view.dataset.status = s.status;
    ui.view.dataset.puzzle = p ? p.id : '';
    ui.view.dataset.busy = String(busy);
    ui.heading.textContent = p ? t('puzzles.heading', { n: s.puzzles.indexOf(p) + 1, total: s.puzzles.length }) : t('puzzles.title');
    ui.rules.textContent = p ? t('puzzles.rules', { name: variantName(p.variant) }) : '';
    const goal = P.goalMessage(p);
    ui.goal.textContent = goal ? t(goal.key, goal.params) : '';
    ui.progress.textContent = t('puzzles.progress', {
      streak: s.progress.streak,
      best: s.progress.best,
      solved: P.solvedCount(s),
      total: s.puzzles.length,
    });
    ui.boardBox.hidden = !p;
    ui.hint.hidden = s.status !== 'playing';
    ui.solution.hidden = !p || s.status === 'solved' || s.status === 'shown' || s.status === 'error';
    ui.solution.disabled = s.status === 'replying';
    ui.retry.hidden = !['wrong', 'shown', 'error'].includes(s.status);
    ui.next.hidden = s.puzzles.length < 2 && s.status !== 'solved';
    ui.next.classList.toggle('primary', s.status === 'solved' || s.status === 'shown');
    ui.retry.classList.toggle('primary', s.status === 'wrong' || s.status === 'error');
    const feedback = [words(message), notKept ? t('puzzles.notKept') : ''].filter(Boolean).join(' ');
    if (ui.feedback.textContent !== feedback) ui.feedback.textContent = feedback;
    // The board takes a move only on the player's turn, never while a move plays.
    const lock = P.canMove(s) && !busy ? null : s.status === 'replying' || busy ? t('puzzles.board.wait') : s.status === 'solved' ? t('puzzles.board.solved') : '';
    if (lock === null) ui.board.removeAttribute('locked');
    else if (ui.board.getAttribute('locked') !== lock) ui.board.setAttribute('locked', lock);
  }

  function variantName(spec) {
    const key = `variantName.${spec}`;
    const name = t(key);
    return name === key ? spec : name;
  }

  async function open() {
    if (!ui.body) dialog.replaceChildren(el('p', { class: 'puzzle-loading', text: t('puzzles.loading') }));
    if (!dialog.open) dialog.showModal();
    if (!(await ensureBuilt())) return;
    ui.board.setAttribute('lang', document.documentElement.lang || 'en');
    // The first opening puts the first puzzle on the board; later ones say it again in the
    // page's language, which may have changed since.
    if (!started) {
      started = true;
      await begin(session);
    } else {
      say(message);
      render();
    }
  }

  openButton.addEventListener('click', () => open());

  return {
    /** The view's state (puzzle-session.js). */
    get session() {
      return session;
    },
    /** The set, once the view has been opened. */
    puzzles() {
      return session.puzzles;
    },
    /** The rest of `puzzle`'s solution after `moves`. */
    solution,
    /** Puts puzzle `id` on the board (once the view has been opened). */
    choose(id) {
      return begin(P.choose(session, id));
    },
  };
}
