// The puzzle view once the rules core is there: the puzzle on a <blue-gray-game>, its goal in
// words, the streak, the player's and the puzzle's ratings (puzzle-rating.js), a hint, the
// solution on request, and the next puzzle. The rules core judges each move (puzzleJudge(): the
// defender's reply, or the engine's refutation of a wrong move) and gives the rest of the
// solution (puzzleSolution()); the attempt's state is puzzle-session.js's, what it says
// puzzle-words.js's, the theme chooser puzzle-themes.js's, and progress is kept on the device.
// puzzles.js opens it.
import '../blue-gray-game.js';
import { el, sheetHead } from '../lib/dom.js';
import { exerciseBoard, MoveQueue } from './exercise.js';
import { errorText } from '../lib/errors.js';
import * as P from './puzzle-session.js';
import { goalMoves } from '../lib/settings.js';
import { endingMessage, hintMessage, lineOf, other, themeKey, variantName, verdictMessages, whyMessage, words } from './puzzle-words.js';
import { themeChooser } from './puzzle-themes.js';
/** @import { Translate } from '../lib/i18n.js' */

/**
 * @import { BlueGrayGame } from '../blue-gray-game.js'
 * @import { GameState, Side } from '../core/core-types.js'
 * @import { Message } from './lesson-session.js'
 * @import { Puzzle, PuzzleSession } from './puzzle-session.js'
 */

/**
 * The `move` event of a <blue-gray-game>: the move, the ply after it, the side that moved, the
 * record and position after it, and who made it.
 * @typedef {CustomEvent<{text: string, ply: number, side: Side, record: string, code: string, by: 'human'|'computer'|'api'|'remote'}>} MoveEvent
 */

/**
 * The rules core's puzzle calls (core/assets.js loadTeaching): the judgement of a move (a
 * PuzzleVerdict, which puzzle-session.js checks) and the rest of a solution.
 * @typedef {{puzzleJudge(variant: string, code: string, goal: string, moves: string[]): unknown, puzzleSolution(variant: string, code: string, goal: string, moves: string[]): unknown}} PuzzleCalls
 */

/**
 * A button that says the message `key` (again in another language: `data-i18n`).
 * @param {string} key
 * @param {Translate} t
 */
function button(key, t, cls = '') {
  return /** @type {HTMLButtonElement} */ (el('button', { type: 'button', class: cls, 'data-i18n': key, text: t(key) }));
}

/**
 * The board's game, the rules core's view of it; null before its first game.
 * @param {BlueGrayGame} board
 */
function stateOf(board) {
  return /** @type {GameState|null} */ (board.state);
}

/**
 * Builds the puzzle view in `dialog` (a <dialog>) and wires it: `t(key, params)` says a message
 * in the page's language, `storage` (Web Storage) keeps the progress, `core` is the rules core's
 * puzzle calls and `session` the view's state with the set known (puzzle-session.js
 * withPuzzles). Returns `{session, show(), solution(puzzle, moves), choose(id)}`: the state now,
 * what to do when the dialog opens, the rest of a puzzle's solution, and a puzzle put on the board.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   storage: Pick<Storage, 'setItem'>,
 *   core: PuzzleCalls,
 *   session: PuzzleSession,
 * }} parts
 */
export function puzzleDialog({ dialog, t, storage, core, session: first }) {
  let session = first;
  /** Progress could not be written the last time (storage full or refused). */
  let notKept = false;
  /**
   * The message under the board: {key, params}, {text}, or a list of them.
   * @type {Message|Message[]|null}
   */
  let message = null;
  /** The first puzzle has been put on the board. */
  let started = false;
  /** The progress as last kept. */
  let kept = first.progress;
  /**
   * The player's rating before this attempt's result changed it, shown with the new one (null: unchanged).
   * @type {import('./puzzle-rating.js').Rating|null}
   */
  let ratedFrom = null;
  const ui = build();
  const autoplay = new MoveQueue({
    play: (move) => ui.board.play(move),
    failed: (e) => {
      say({ text: errorText(e) });
      render();
    },
    finished: () => render(),
  });

  function build() {
    const { head } = sheetHead(dialog, t, 'puzzles');

    const exercise = exerciseBoard('puzzle-board');
    const view = {
      view: el('section', { class: 'puzzle', 'aria-labelledby': 'puzzle-heading' }),
      heading: el('h3', { id: 'puzzle-heading' }),
      themes: themeChooser(t, (theme) => begin(P.withTheme(session, theme))),
      rules: el('p', { class: 'puzzle-rules' }),
      theme: el('p', { class: 'puzzle-theme' }),
      goal: el('p', { class: 'puzzle-goal' }),
      progress: el('p', { class: 'puzzle-progress' }),
      rating: el('p', { class: 'puzzle-rating' }),
      boardBox: exercise.box,
      board: /** @type {BlueGrayGame} */ (exercise.board),
      feedback: el('p', { class: 'puzzle-feedback', role: 'status', 'aria-live': 'polite' }),
      hint: button('puzzles.hint', t, 'puzzle-hint'),
      solution: button('puzzles.showSolution', t, 'puzzle-solution'),
      retry: button('puzzles.tryAgain', t, 'puzzle-retry'),
      next: button('puzzles.next', t, 'puzzle-next'),
    };
    const intro = el('p', { class: 'lead', 'data-i18n': 'puzzles.intro', text: t('puzzles.intro') });
    view.hint.addEventListener('click', hint);
    view.solution.addEventListener('click', showSolution);
    view.retry.addEventListener('click', () => begin(P.tryAgain(session)));
    view.next.addEventListener('click', () => begin(P.next(session)));
    const buttons = el('div', { class: 'puzzle-buttons' }, [view.hint, view.solution, view.retry, view.next]);
    view.view.append(intro, view.themes.box, view.heading, view.rules, view.theme, view.goal, view.progress, view.rating, view.boardBox, view.feedback, buttons);
    const body = el('div', { class: 'sheet-body' }, [view.view]);
    dialog.replaceChildren(head, body);
    view.board.addEventListener('move', onMove);
    return view;
  }

  // ------------------------------------------------------------------ the attempt

  /**
   * Puts `next` (a session on a fresh attempt) on the board.
   * @param {PuzzleSession} next
   */
  async function begin(next) {
    autoplay.stop();
    session = next;
    ratedFrom = null;
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
    const gs = stateOf(ui.board);
    return gs ? [...gs.history] : [];
  }

  /** @param {Event} e the board's `move` event */
  function onMove(e) {
    const { detail } = /** @type {MoveEvent} */ (e);
    const p = session.puzzle;
    // Only the player's own moves are judged; the page plays the rest through the element's API.
    if (detail.by !== 'human' || !P.canMove(session) || !p) return;
    const move = detail.text;
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
    const reply = session.reply;
    if (session.status === 'solved') {
      const all = P.solvedCount(session) === session.puzzles.length;
      const said =
        session.progress.streak > before.streak ? { key: 'puzzles.solvedStreak', params: { n: session.progress.streak } } : { key: 'puzzles.solvedHelped' };
      // How it was won, from the rules core's outcome: a newcomer may not see why the last move counts.
      const how = endingMessage(/** @type {{ending?: unknown}} */ (verdict || {}).ending, p.side);
      say([said, how, all ? { key: 'puzzles.allSolved' } : null].filter((m) => m !== null));
    } else if (session.status === 'replying' && reply) {
      say({ key: 'puzzles.replying', params: { side: other(p.side) } });
      autoplay.run([reply], () => {
        session = P.replied(session);
        say({ key: 'puzzles.replied', params: { side: other(p.side), move: reply } });
      });
    } else if (session.status === 'slower') {
      // It wins too, only later: no mistake. The win it still has is played on the board and
      // said, then taken back with the move after a pause.
      const from = history().length - 1;
      say(verdictMessages('slower', verdict, p.side, move, goalMoves(p.goal)));
      autoplay.run(lineOf(verdict), () => autoplay.later(() => takeBack(from)));
    } else if (session.status === 'wrong') {
      // What beats it and why, the line (the refutation, and the defender's win when it has
      // one) played on the board.
      say(verdictMessages('wrong', verdict, p.side, move, goalMoves(p.goal)));
      try {
        ui.board.showMistake(move);
      } catch {
        /* the words say it still */
      }
      const line = lineOf(verdict);
      autoplay.run(line.length ? line : session.refutation, null);
    } else {
      say({ text: errorText(session.error) });
    }
    render();
  }

  /**
   * Takes the player's slower move back, and the line shown after it: their turn again from the
   * position before it, `from` moves into the game.
   * @param {number} from
   */
  function takeBack(from) {
    if (session.status !== 'slower') return;
    try {
      while (history().length > from) ui.board.undo();
    } catch (e) {
      say({ text: errorText(e) });
    }
    session = P.takenBack(session);
    render();
  }

  /**
   * The rest of the solution from the moves played so far, or [] when out of reach.
   * @param {Puzzle} p
   * @param {string[]} moves
   * @returns {string[]}
   */
  function solution(p, moves) {
    try {
      const rest = core.puzzleSolution(p.variant, p.code, p.goal, moves);
      return Array.isArray(rest) ? rest.filter((m) => typeof m === 'string') : [];
    } catch {
      return [];
    }
  }

  function hint() {
    const p = session.puzzle;
    if (!P.canMove(session) || !p) return;
    const move = solution(p, history())[0];
    if (!move) return say({ key: 'puzzles.noHint' });
    session = P.hinted(session, move);
    // The first hint names the piece only, and draws nothing: the arrow would give the move away.
    const level = session.hintLevel === 1 ? 1 : 2;
    if (level === 2) {
      try {
        ui.board.showHint(move);
      } catch {
        /* the words say it still */
      }
    }
    say(hintMessage(level, move, stateOf(ui.board)));
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
    const reply = session.reply;
    if (session.status === 'replying' && reply) {
      // The reply is played first: the solution goes on from the solver's turn.
      autoplay.stop();
      ui.board.play(reply);
      session = P.replied(session);
    }
    const rest = solution(p, history());
    session = P.shown(session, rest);
    keep();
    // How the solution wins, from the rules core's verdict on its last move (the solver's).
    const end = rest.length ? whyMessage(/** @type {{why?: unknown}} */ (judge(p, [...history(), ...rest]) || {}).why, p.side) : null;
    say(rest.length ? [{ key: 'puzzles.showing', params: { line: rest.join(' ') } }, end].filter((m) => m !== null) : { key: 'puzzles.noSolution' });
    autoplay.run(rest, null);
    render();
  }

  /**
   * The rules core's verdict on `moves` of `p` (puzzleJudge), or null when it cannot judge.
   * @param {Puzzle} p
   * @param {string[]} moves
   * @returns {unknown}
   */
  function judge(p, moves) {
    try {
      return core.puzzleJudge(p.variant, p.code, p.goal, moves);
    } catch {
      return null;
    }
  }

  /** Keeps the progress; a rating changed by the attempt's result is shown with what it was. */
  function keep() {
    if (session.progress.rating !== kept.rating) ratedFrom = kept.rating;
    kept = session.progress;
    notKept = !P.saveProgress(storage, session.progress);
  }

  // ------------------------------------------------------------------ drawing

  /** @param {Message|Message[]|null} m */
  function say(m) {
    message = m;
    ui.feedback.textContent = words(m, t);
  }

  function render() {
    const s = session;
    const p = s.puzzle;
    const busy = autoplay.busy;
    ui.view.dataset.status = s.status;
    ui.view.dataset.puzzle = p ? p.id : '';
    ui.view.dataset.busy = String(busy);
    ui.heading.textContent = p ? t('puzzles.heading', { n: s.puzzles.indexOf(p) + 1, total: s.puzzles.length }) : t('puzzles.title');
    ui.rules.textContent = p ? t('puzzles.rules', { name: variantName(p.variant, t) }) : '';
    ui.theme.textContent = p && p.theme ? t('puzzles.theme', { name: t(themeKey(p.theme)) }) : '';
    ui.themes.render(s);
    const goal = P.goalMessage(p);
    ui.goal.textContent = goal ? t(goal.key, goal.params) : '';
    ui.progress.textContent = t('puzzles.progress', {
      streak: s.progress.streak,
      best: s.progress.best,
      solved: P.solvedCount(s),
      total: s.puzzles.length,
    });
    const player = Math.round(s.progress.rating.rating);
    const puzzle = p ? Math.round(P.puzzleRating(s.progress, p).rating) : 0;
    ui.rating.textContent = !p ? '' : ratedFrom ? t('puzzles.ratingsChanged', { from: Math.round(ratedFrom.rating), player, puzzle }) : t('puzzles.ratings', { player, puzzle });
    ui.boardBox.hidden = !p;
    ui.hint.hidden = s.status !== 'playing';
    // After the piece, the next press gives the move.
    const hintKey = s.hint && s.hintLevel === 1 ? 'puzzles.hintMore' : 'puzzles.hint';
    ui.hint.dataset.i18n = hintKey;
    ui.hint.textContent = t(hintKey);
    ui.solution.hidden = !p || s.status === 'solved' || s.status === 'shown' || s.status === 'error';
    ui.solution.disabled = s.status === 'replying';
    ui.retry.hidden = !['wrong', 'shown', 'error'].includes(s.status);
    ui.next.hidden = s.puzzles.length < 2 && s.status !== 'solved';
    ui.next.classList.toggle('primary', s.status === 'solved' || s.status === 'shown');
    ui.retry.classList.toggle('primary', s.status === 'wrong' || s.status === 'error');
    const feedback = [words(message, t), notKept ? t('puzzles.notKept') : ''].filter(Boolean).join(' ');
    if (ui.feedback.textContent !== feedback) ui.feedback.textContent = feedback;
    // The board takes a move only on the player's turn, never while a move plays.
    const lock = P.canMove(s) && !busy ? null : s.status === 'replying' || s.status === 'slower' || busy ? t('puzzles.board.wait') : s.status === 'solved' ? t('puzzles.board.solved') : '';
    if (lock === null) ui.board.removeAttribute('locked');
    else if (ui.board.getAttribute('locked') !== lock) ui.board.setAttribute('locked', lock);
  }

  return {
    /** The view's state (puzzle-session.js). */
    get session() {
      return session;
    },
    /**
     * The dialog is open: the first time, the first puzzle goes on the board; later, what was
     * said is said again in the page's language, which may have changed since.
     */
    async show() {
      ui.board.setAttribute('lang', document.documentElement.lang || 'en');
      if (!started) {
        started = true;
        await begin(session);
      } else {
        say(message);
        render();
      }
    },
    solution,
    judge,
    /**
     * Puts puzzle `id` on the board.
     * @param {string} id
     */
    choose(id) {
      return begin(P.choose(session, id));
    },
  };
}
