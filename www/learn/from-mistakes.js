// "Learn from your mistakes": after a review, each mistake and blunder of the player is a
// position to try again on a board of its own. The page's deterministic analysis says whether a
// move tried is good enough (mistakes.js judges it), and after a second wrong try the best line is
// shown. The session is mistakes.js's; this module draws it and carries out its steps.
import '../blue-gray-game.js';
import { el, sheetHead, openSheet } from '../lib/dom.js';
import { exerciseBoard } from './exercise.js';
import { analysis, positionOf } from '../engine/analysis.js';
import { isAbort } from '../engine/ai-client.js';
import { moveLabel } from '../lib/moves.js';
import * as R from '../engine/mistakes.js';
import { lostSteps } from '../engine/evaluation.js';
/** @import { Translate } from '../lib/i18n.js' */

/**
 * @import { BlueGrayGame } from '../blue-gray-game.js'
 * @import { GameState, Side } from '../core/core-types.js'
 * @import { Evaluation, MarkedMove, ReviewEntry } from '../engine/evaluation.js'
 * @import { RetrySession } from '../engine/mistakes.js'
 */

/**
 * The game whose mistakes are retried: its state and record, the review's entries, and the
 * analysis budget that judges a try.
 * @typedef {{gs: GameState, record: string, entries: ReviewEntry[], nodes: number}} ReviewedGame
 */

/**
 * The `move` event of a <blue-gray-game>: the move, the ply after it, the side that moved, the
 * record and position after it, and who made it.
 * @typedef {CustomEvent<{text: string, ply: number, side: Side, record: string, code: string, by: 'human'|'computer'|'api'|'remote'}>} MoveEvent
 */

/**
 * The board's game, the rules core's view of it; null before its first game.
 * @param {BlueGrayGame} board
 */
function stateOf(board) {
  return /** @type {GameState|null} */ (board.state);
}

/**
 * Wires the dialog (`dialog`, a <dialog>) and returns `open({gs, record, entries, items,
 * nodes})`: the reviewed game's state and record, the review's entries, the mistakes to retry
 * (mistakes.js retryList) and the analysis budget. `t(key, params)` says a message in the page's
 * language. The dialog's content is built at the first opening.
 * @param {{dialog: HTMLDialogElement, t: Translate}} parts
 */
export function initLearn({ dialog, t }) {
  /** @type {ReturnType<typeof learnDialog>|null} */
  let built = null;
  return {
    /**
     * Opens the dialog on the mistakes `items` of the reviewed game.
     * @param {ReviewedGame & {items: MarkedMove[]}} game
     */
    open(game) {
      built ??= learnDialog(dialog, t);
      return built.open(game);
    },
  };
}

/**
 * Builds the dialog's content in `dialog` and wires it; returns `{open(game)}`.
 * @param {HTMLDialogElement} dialog
 * @param {Translate} t
 */
function learnDialog(dialog, t) {
  /** The session (mistakes.js): no mistake to retry until the dialog is opened. */
  let session = R.startRetry([]);
  /** @type {ReviewedGame|null} */
  let game = null;
  /**
   * The try being judged: its AbortController.
   * @type {AbortController|null}
   */
  let judging = null;
  const ui = build();

  function build() {
    const { head, close } = sheetHead(dialog, t, 'learn');
    const exercise = exerciseBoard('lesson-board');
    const view = {
      close,
      heading: el('h3', { class: 'learn-heading' }),
      task: el('p', { class: 'learn-task' }),
      board: /** @type {BlueGrayGame} */ (exercise.board),
      feedback: el('p', { class: 'lesson-feedback learn-feedback', role: 'status', 'aria-live': 'polite' }),
      line: el('button', { type: 'button', class: 'learn-line', text: t('learn.showLine') }),
      next: el('button', { type: 'button', class: 'learn-next', text: t('learn.next') }),
    };
    view.line.addEventListener('click', () => {
      takeBack();
      step(R.showLine(session));
    });
    view.next.addEventListener('click', () => setUp(R.next(session)));
    view.board.addEventListener('move', (e) => {
      const { detail } = /** @type {MoveEvent} */ (e);
      if (detail.by === 'human' && R.canTry(session)) judge(detail.text);
    });
    const body = el('div', { class: 'sheet-body learn' }, [
      view.heading,
      view.task,
      exercise.box,
      view.feedback,
      el('div', { class: 'lesson-buttons' }, [view.line, view.next]),
    ]);
    dialog.replaceChildren(head, body);
    return view;
  }

  /** The reviewed game; only ever asked for once the dialog is open on one. */
  function reviewed() {
    if (!game) throw new Error('learn.js: no reviewed game before open()');
    return game;
  }

  const item = () => session.items[session.index];
  const entry = () => reviewed().entries[item().ply];

  /** Takes back the move tried, if one was played. */
  function takeBack() {
    const gs = stateOf(ui.board);
    if (gs && gs.history.length > item().ply) ui.board.undo();
  }

  /**
   * Puts the session's position on the board and draws it.
   * @param {RetrySession} next
   */
  async function setUp(next) {
    judging?.abort();
    session = next;
    if (session.status !== 'done') {
      await ui.board.ready;
      const { gs, record } = reviewed();
      // Read by the rules core that reads records (docs/RULES.md R35), fetched if need be.
      await ui.board.newGame({ variant: gs.variant, record, mode: 'two' });
      ui.board.continueFrom(item().ply);
      ui.board.setAttribute('orientation', item().side);
      ui.board.showHint(null);
    }
    draw();
  }

  /** @param {RetrySession} next */
  function step(next) {
    session = next;
    if (session.status === 'shown') ui.board.showHint(entry().best);
    draw();
  }

  /** @param {string} move */
  async function judge(move) {
    const gs = stateOf(ui.board);
    if (!gs) return; // (a board that has just played a move has a game)
    const abort = new AbortController();
    judging = abort;
    ui.board.setAttribute('locked', t('learn.judging'));
    ui.feedback.textContent = t('learn.judging');
    /** @type {Evaluation} */
    let after;
    try {
      after = finished(gs) ?? (await analysis().analyse(positionOf(gs), { priority: 'hint', signal: abort.signal, nodes: reviewed().nodes }));
    } catch (e) {
      if (!isAbort(e)) ui.feedback.textContent = errorText(e);
      return;
    }
    if (judging !== abort) return;
    judging = null;
    const verdict = R.judgeTry(entry(), move, after);
    if (!verdict.good) takeBack();
    step(R.afterTry(session, move, verdict));
    // The tried move stays in sight, drawn where it was played, while the next try is awaited.
    if (session.status === 'wrong') {
      try {
        ui.board.showHint(move);
      } catch {
        /* the words say it still */
      }
    }
  }

  /**
   * A finished game's value as an analysis would give it, for the side to move after the try: a
   * win of the mover is the side to move mated now, a draw is even; null while the game goes on.
   * @param {GameState} gs
   * @returns {Evaluation|null}
   */
  function finished(gs) {
    if (!gs.result) return null;
    const { winner } = gs.result;
    return { score: 0, mateIn: !winner ? null : winner === gs.side ? 1 : -1 };
  }

  /** Draws the session: the task, the board's lock, what the last try was worth, the buttons. */
  function draw() {
    const s = session;
    const done = s.status === 'done';
    ui.heading.textContent = done ? t('learn.doneTitle') : t('learn.heading', { n: s.index + 1, of: s.items.length });
    if (done) {
      ui.task.textContent = t('learn.done');
      ui.board.hidden = true;
    } else {
      const m = item();
      ui.board.hidden = false;
      ui.task.textContent = t('learn.task', { move: moveLabel(reviewed().gs, m.ply + 1), side: m.side, mark: m.mark, loss: lostSteps(m.loss) });
    }
    const last = s.last;
    const best = done ? '' : entry().best;
    const feedback = {
      trying: last ? t('learn.tryAgain') : '',
      good: last && last.move === best ? t('learn.best', { move: last && last.move }) : t('learn.good', { move: last && last.move, best }),
      wrong: last ? t(WRONG[R.compareTry(item().loss, last.loss)], { move: last.move, loss: lostSteps(last.loss), was: lostSteps(item().loss) }) : '',
      shown: t('learn.line', { line: done ? '' : (entry().pv || []).slice(0, 6).join(' ') || best }),
      done: '',
    }[s.status];
    ui.feedback.textContent = feedback;
    dialog.dataset.status = s.status;
    // The board takes a move only while a try is awaited (at once after a wrong one).
    if (R.canTry(s)) ui.board.removeAttribute('locked');
    else ui.board.setAttribute('locked', t('learn.pressNext'));
    ui.line.hidden = done || s.status === 'shown' || s.status === 'good';
    ui.next.hidden = done || !(s.status === 'good' || s.status === 'shown');
    // A pressed button that the new status hides would leave the keyboard's focus nowhere: it
    // goes to what there is to do now (the next button, else the dialog's close button).
    const focused = document.activeElement;
    if (dialog.open && (!focused || focused === document.body || (dialog.contains(focused) && focused instanceof HTMLElement && focused.hidden))) {
      ([ui.next, ui.line].find((b) => !b.hidden) || ui.close).focus();
    }
  }

  return {
    /**
     * Opens the dialog on the mistakes `items` of the reviewed game.
     * @param {ReviewedGame & {items: MarkedMove[]}} opened
     */
    async open({ gs, record, entries, items, nodes }) {
      game = { gs, record, entries, nodes };
      await openSheet(dialog);
      return setUp(R.startRetry(items));
    },
  };
}

/** What a wrong try is told, by how its loss compares with the game move's (mistakes.js compareTry). */
const WRONG = { better: 'learn.wrong.better', same: 'learn.wrong.same', worse: 'learn.wrong.worse' };

/**
 * What a thrown value says: its message, or the value itself.
 * @param {unknown} e
 */
function errorText(e) {
  const message = e !== null && (typeof e === 'object' || typeof e === 'function') ? /** @type {{message?: unknown}} */ (e).message : undefined;
  return String(message || e);
}
