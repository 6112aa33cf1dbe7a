// The review of the game on the board, as the page runs it: every position analysed by the
// page's analysis worker (engine/analysis.js) at the review's priority, the moves marked and the
// turning points found as the answers arrive (evaluation.js), each side's accuracy once all are
// in (mistakes.js), the chart's clicks, and "Learn from your mistakes" on the player's mistakes.
// A review belongs to one game line: a move played since makes it stale, and it stops. The page
// fetches this module, with the review's box and chart, at its first review; the dialog of
// "Learn from your mistakes" is fetched at its first opening. No review while the engine keeps out
// of a game against a person (lib/fair-play.js).
import { engineHelpBarred } from '../lib/fair-play.js';
import { onDemand } from '../lib/on-demand.js';
import { analysis } from '../engine/analysis.js';
import { isAbort } from '../engine/ai-client.js';
import { markMoves, turningPoints } from '../engine/evaluation.js';
import { accuracy, markCounts, retryList } from '../engine/mistakes.js';
import { plyAt } from './chart.js';
import { gameKey, currentReview } from '../play/page-state.js';
import { buildReviewBox, renderReview } from './review-box.js';

/** @import { PageContext } from '../play/context.js' */
/** @import { Side } from '../core/core-types.js' */
/** @import { PageState } from '../play/page-state.js' */
/** @import { BoardSnapshot } from '../play/panel.js' */

/**
 * The page's review over `ctx`; `nodes()` is the analysis budget per position, `goTo(ply)` shows
 * a position of the game.
 * @param {PageContext} ctx
 * @param {{nodes: () => number|undefined, goTo: (ply: number) => void}} parts
 */
export function pageReview(ctx, { nodes, goTo }) {
  const { board, $, t } = ctx;
  /** The review under way: its AbortController. */
  let running = /** @type {AbortController|null} */ (null);
  /** "Learn from your mistakes" (learn/from-mistakes.js, fetched at its first opening; a failed fetch is tried again). */
  const learn = onDemand(() => import('../learn/from-mistakes.js').then((m) => m.initLearn({ dialog: ctx.dialog('learn'), t })));

  /**
   * The sides whose mistakes are the player's to learn from: the person's against the computer, else both.
   * @returns {Side[]}
   */
  function playerSides() {
    const { mode, side } = board.settings;
    return mode === 'ai' ? [side] : ['blue', 'gray'];
  }

  async function start() {
    const gs = board.state;
    // Against a person, no review until the game is over (lib/fair-play.js); the button says so too.
    if (!gs || engineHelpBarred(board.settings, gs)) return;
    running?.abort();
    const key = gameKey(gs);
    if (!gs.history.length) {
      ctx.update((p) => ({ ...p, review: { key, total: 0, entries: [], running: false, error: { key: 'review.nothing' }, marks: null, points: [] } }));
      return;
    }
    const abort = new AbortController();
    running = abort;
    const total = gs.history.length + 1;
    ctx.update((p) => ({ ...p, review: { key, total, entries: [], running: true, error: null, marks: null, points: [] } }));
    const same = (/** @type {import('../play/page-state.js').PageState} */ p) => !!p.review && p.review.key === key && running === abort;
    try {
      const entries = await analysis().review(gs, {
        signal: abort.signal,
        nodes: nodes(),
        onEntry: (so) => ctx.update((p) => (same(p) && p.review ? { ...p, review: { ...p.review, entries: [...so] } } : p)),
      });
      const marks = markMoves(entries);
      const done = { entries, running: false, marks, points: turningPoints(marks), accuracy: accuracy(entries), counts: markCounts(marks) };
      ctx.update((p) => (same(p) && p.review ? { ...p, review: { ...p.review, ...done } } : p));
    } catch (e) {
      const error = isAbort(e) ? { key: 'review.cancelled' } : { text: String((e && /** @type {Error} */ (e).message) || e) };
      ctx.update((p) => (same(p) && p.review ? { ...p, review: { ...p.review, running: false, error } } : p));
    }
    if (running === abort) running = null;
  }

  function cancel() {
    running?.abort();
  }

  /** After a change of the board: a review of another game line is of no more use. */
  function followBoard() {
    const gs = board.state;
    if (running && gs && !currentReview(ctx.page(), gs)) running.abort();
  }

  /** Opens "Learn from your mistakes" on the reviewed game's mistakes and blunders. */
  async function learnFromMistakes() {
    const gs = board.state;
    const r = gs && currentReview(ctx.page(), gs);
    if (!gs || !r || !r.marks) return;
    (await learn()).open({ gs, record: gs.record, entries: r.entries, items: retryList(r.marks, playerSides()), nodes: nodes() ?? 0 });
  }

  /**
   * Draws the review's box of the panel (review/review-box.js).
   * @param {Document} doc
   * @param {PageState} p
   * @param {BoardSnapshot} b
   */
  function render(doc, p, b) {
    renderReview(doc, p, b, t, playerSides());
  }

  /**
   * Builds the review's box and wires its own buttons, its chart and its turning points (a click
   * shows that position); the page wires what starts one.
   */
  function wire() {
    buildReviewBox($('review-box'));
    $('turning-points').addEventListener('click', (e) => {
      const cell = /** @type {HTMLElement} */ (e.target).closest('[data-ply]');
      if (cell instanceof HTMLElement) goTo(Number(cell.dataset.ply));
    });
    $('review-cancel').addEventListener('click', cancel);
    $('learn-mistakes').addEventListener('click', learnFromMistakes);
    $('review-chart').addEventListener('click', (e) => {
      const r = board.state && currentReview(ctx.page(), board.state);
      if (!r || !r.entries.length) return;
      const box = /** @type {HTMLElement} */ (e.currentTarget).getBoundingClientRect();
      goTo(plyAt(e.clientX - box.left, r.total, box.width));
    });
  }

  return { start, cancel, followBoard, render, wire };
}
