// "Learn from your mistakes": after a review, each mistake and blunder of the player is a
// position to try again on a board of its own. The page's deterministic analysis says whether a
// move tried is good enough (mistakes.js judges it), and after a second wrong try the best line is
// shown. The session is mistakes.js's; this module draws it and carries out its steps.
import '../blue-gray-game.js';
import { el, exerciseBoard, closeButton } from '../lib/dom.js';
import { analysis, positionOf } from '../engine/analysis.js';
import { isAbort } from '../engine/ai-client.js';
import { moveLabel } from '../lib/moves.js';
import * as R from './mistakes.js';

/**
 * Wires the dialog (`dialog`, a <dialog>) and returns `open({gs, entries, items, nodes})`: the
 * reviewed game's state, the review's entries, the mistakes to retry (mistakes.js retryList) and
 * the analysis budget. `t(key, params)` says a message in the page's language.
 */
export function initLearn({ dialog, t }) {
  const ui = {};
  /** The session (mistakes.js), and what it is about. */
  let session = null;
  let game = null;
  /** The try being judged: its AbortController. */
  let judging = null;

  function build() {
    const close = closeButton(dialog, t, 'learn.close');
    ui.close = close;
    const title = el('h2', { id: 'learn-title', text: t('learn.title') });
    dialog.setAttribute('aria-labelledby', 'learn-title');
    ui.heading = el('h3', { class: 'learn-heading' });
    ui.task = el('p', { class: 'learn-task' });
    ({ box: ui.boardBox, board: ui.board } = exerciseBoard('lesson-board'));
    ui.feedback = el('p', { class: 'lesson-feedback learn-feedback', role: 'status', 'aria-live': 'polite' });
    ui.again = el('button', { type: 'button', class: 'learn-again', text: t('learn.again') });
    ui.line = el('button', { type: 'button', class: 'learn-line', text: t('learn.showLine') });
    ui.next = el('button', { type: 'button', class: 'learn-next', text: t('learn.next') });
    ui.again.addEventListener('click', () => {
      takeBack();
      step(R.again(session));
    });
    ui.line.addEventListener('click', () => {
      takeBack();
      step(R.showLine(session));
    });
    ui.next.addEventListener('click', () => setUp(R.next(session)));
    ui.board.addEventListener('move', (e) => {
      if (e.detail.by === 'human' && session && session.status === 'trying') judge(e.detail.text);
    });
    const body = el('div', { class: 'sheet-body learn' }, [
      ui.heading,
      ui.task,
      ui.boardBox,
      ui.feedback,
      el('div', { class: 'lesson-buttons' }, [ui.again, ui.line, ui.next]),
    ]);
    dialog.replaceChildren(el('div', { class: 'sheet-head' }, [title, close]), body);
  }

  const item = () => session.items[session.index];
  const entry = () => game.entries[item().ply];

  /** Takes back the move tried, if one was played. */
  function takeBack() {
    if (ui.board.state && ui.board.state.history.length > item().ply) ui.board.undo();
  }

  /** Puts the session's position on the board and draws it. */
  async function setUp(next) {
    judging?.abort();
    session = next;
    if (session.status !== 'done') {
      await ui.board.ready;
      ui.board.newGame({ variant: game.gs.variant, record: game.record, mode: 'two' });
      ui.board.continueFrom(item().ply);
      ui.board.setAttribute('orientation', item().side);
      ui.board.showHint(null);
    }
    draw();
  }

  function step(next) {
    session = next;
    if (session.status === 'shown') ui.board.showHint(entry().best);
    draw();
  }

  async function judge(move) {
    const abort = new AbortController();
    judging = abort;
    ui.board.setAttribute('locked', t('learn.judging'));
    ui.feedback.textContent = t('learn.judging');
    let after;
    try {
      after = finished(ui.board.state) ?? (await analysis().analyse(positionOf(ui.board.state), { priority: 'hint', signal: abort.signal, nodes: game.nodes }));
    } catch (e) {
      if (!isAbort(e)) ui.feedback.textContent = String(e.message || e);
      return;
    }
    if (judging !== abort) return;
    judging = null;
    const verdict = R.judgeTry(entry(), move, after);
    if (!verdict.good) takeBack();
    step(R.afterTry(session, move, verdict));
  }

  /**
   * A finished game's value as an analysis would give it, for the side to move after the try: a
   * win of the mover is the side to move mated now, a draw is even; null while the game goes on.
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
      ui.task.textContent = t('learn.task', { move: moveLabel(game.gs, m.ply + 1), side: m.side, mark: m.mark, loss: Math.max(1, Math.round(m.loss / 100)) });
    }
    const last = s.last;
    const best = done ? '' : entry().best;
    const feedback = {
      trying: last ? t('learn.tryAgain') : '',
      good: last && last.move === best ? t('learn.best', { move: last && last.move }) : t('learn.good', { move: last && last.move, best }),
      wrong: t('learn.wrong', { move: last && last.move, loss: last ? Math.max(1, Math.round(last.loss / 100)) : 0 }),
      shown: t('learn.line', { line: done ? '' : (game.entries[item().ply].pv || []).slice(0, 6).join(' ') || best }),
      done: '',
    }[s.status];
    ui.feedback.textContent = feedback;
    dialog.dataset.status = s.status;
    // The board takes a move only while a try is awaited.
    if (s.status === 'trying') ui.board.removeAttribute('locked');
    else ui.board.setAttribute('locked', s.status === 'wrong' ? t('learn.pressAgain') : t('learn.pressNext'));
    ui.again.hidden = s.status !== 'wrong';
    ui.line.hidden = done || s.status === 'shown' || s.status === 'good';
    ui.next.hidden = done || !(s.status === 'good' || s.status === 'shown');
    // A pressed button that the new status hides would leave the keyboard's focus nowhere: it
    // goes to what there is to do now (the next button, else the dialog's close button).
    const focused = document.activeElement;
    if (dialog.open && (!focused || focused === document.body || (dialog.contains(focused) && focused.hidden))) {
      ([ui.next, ui.again, ui.line].find((b) => !b.hidden) || ui.close).focus();
    }
  }

  return {
    /** Opens the dialog on the mistakes `items` of the reviewed game. */
    open({ gs, record, entries, items, nodes }) {
      if (!ui.board) build();
      game = { gs, record, entries, nodes };
      if (!dialog.open) dialog.showModal();
      return setUp(R.startRetry(items));
    },
  };
}
