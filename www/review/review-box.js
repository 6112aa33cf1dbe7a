// The review box of the page's panel: how far the review has come, its chart, its summary (each
// side's accuracy and mistakes), the offer to learn from the player's mistakes, and the turning
// points. index.html has only the empty box; its content is built here with the review's code, at
// the first review. Drawn from the page state's review (page-state.js) and the board snapshot
// (panel.js), writing to the DOM only where something changed.
import { say } from '../lib/i18n.js';
import { drawChart } from './chart.js';
import { el, setIfChanged } from '../lib/dom.js';
import { currentReview } from '../play/page-state.js';
import { retryList } from '../engine/mistakes.js';
import { lostSteps } from '../engine/evaluation.js';
import { moveLabel } from '../lib/moves.js';
import { byId, button, meter, canvasById } from '../play/page-elements.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { BoardSnapshot } from '../play/panel.js' */
/** @import { PageState, Review } from '../play/page-state.js' */
/** @import { MarkCount } from '../engine/mistakes.js' */
/** @import { Message, Translate } from '../lib/i18n.js' */

/**
 * Fills the empty review box `box` with its parts, their texts marked for the page's
 * localisation (lib/i18n.js localisePage) and said there.
 * @param {HTMLElement} box
 */
export function buildReviewBox(box) {
  /** @param {string} key */
  const said = (key) => ({ 'data-i18n': key });
  box.replaceChildren(
    el('h2', said('review.title')),
    el('div', { class: 'review-progress' }, [
      el('progress', { id: 'review-progress', max: '1', value: '0' }),
      el('button', { id: 'review-cancel', type: 'button', ...said('review.cancel') }),
    ]),
    el('canvas', { id: 'review-chart', class: 'review-chart', 'data-i18n-aria-label': 'review.chart' }),
    el('p', { id: 'review-summary', class: 'desc' }),
    el('p', { id: 'review-accuracy-help', class: 'desc small', hidden: '', ...said('review.accuracyHelp') }),
    el('button', { id: 'learn-mistakes', type: 'button', class: 'primary', hidden: '' }),
    el('h3', said('review.turningPoints')),
    el('ol', { id: 'turning-points', class: 'turning-points' }),
  );
}

/**
 * The review's summary as a message: that it runs (and how far), what stopped it, or, once
 * every position is analysed, its verdict: each side's accuracy and counts of inaccuracies,
 * mistakes and blunders.
 * @param {Review} r
 * @returns {Message}
 */
export function reviewSummary(r) {
  if (r.error) return r.error;
  // A review is done once it has its marks, and then its accuracy and counts too.
  const { accuracy, counts } = r;
  if (r.running || !r.marks || !accuracy || !counts) return { key: 'review.running', params: { n: r.entries.length, of: r.total } };
  /**
   * @param {Side} s
   * @returns {Message}
   */
  const side = (s) =>
    accuracy[s] === null
      ? { key: 'review.side.none', params: { side: s } }
      : { key: 'review.side', params: { side: s, accuracy: accuracy[s], ...pluralCounts(counts[s]) } };
  return { key: 'review.summary', params: { blue: side('blue'), gray: side('gray') } };
}

/** @param {MarkCount} c */
function pluralCounts(c) {
  return { inaccuracies: c.inaccuracy, mistakes: c.mistake, blunders: c.blunder };
}

/**
 * The review: progress, the chart, the summary, the offer to learn from the mistakes of
 * `sides` (the player's), and the turning points.
 * @param {Document} doc
 * @param {PageState} p
 * @param {BoardSnapshot} b
 * @param {Translate} t
 * @param {Side[]} sides
 */
export function renderReview(doc, p, b, t, sides) {
  const gs = b.gs;
  const r = gs ? currentReview(p, gs) : null;
  const box = byId(doc, 'review-box');
  setIfChanged(box, 'hidden', !r);
  if (!r || !gs) return;
  const marks = r.running ? null : r.marks;
  const done = !!marks;
  const progress = meter(doc, 'review-progress');
  setIfChanged(progress, 'max', Math.max(1, r.total));
  setIfChanged(progress, 'value', r.entries.length);
  setIfChanged(progress, 'hidden', !r.running);
  setIfChanged(button(doc, 'review-cancel'), 'hidden', !r.running);
  setIfChanged(byId(doc, 'review-summary'), 'textContent', say(p.lang, reviewSummary(r)));
  setIfChanged(byId(doc, 'review-accuracy-help'), 'hidden', !done);
  const toLearn = marks ? retryList(marks, sides).length : 0;
  const learn = byId(doc, 'learn-mistakes');
  setIfChanged(learn, 'hidden', !toLearn);
  setIfChanged(learn, 'textContent', t('review.learn', { n: toLearn }));
  const canvas = canvasById(doc, 'review-chart');
  const w = Math.max(100, Math.floor(canvas.clientWidth));
  const h = Math.max(60, Math.floor(canvas.clientHeight));
  const dpr = globalThis.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
  if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('the review chart has no 2D context');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const css = getComputedStyle(canvas);
  /**
   * @param {string} name
   * @param {string} fallback
   */
  const color = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  drawChart(ctx, w, h, r.entries, {
    total: r.total,
    current: b.viewPly === null ? gs.history.length : b.viewPly,
    marked: r.marks || [],
    colors: {
      background: color('--chart-bg', '#fffaf0'),
      area: color('--chart-area', 'rgba(42,93,176,0.25)'),
      axis: color('--chart-axis', '#9c8863'),
      line: color('--chart-line', '#2a5db0'),
      mistake: color('--chart-mistake', '#d08000'),
      blunder: color('--chart-blunder', '#c0200c'),
      current: color('--chart-current', '#2b241c'),
    },
  });
  const list = byId(doc, 'turning-points');
  const key = done ? `${r.points.map((x) => x.ply).join(',')}|${t('mark.best')}` : '';
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.textContent = '';
    if (done && !r.points.length) {
      const li = doc.createElement('li');
      li.textContent = t('review.none');
      list.appendChild(li);
    }
    for (const pt of done ? r.points : []) {
      const li = doc.createElement('li');
      const btn = doc.createElement('button');
      btn.type = 'button';
      btn.dataset.ply = String(pt.ply);
      btn.textContent = t('review.turning', {
        move: moveLabel(gs, pt.ply + 1),
        side: pt.side,
        mark: pt.mark,
        loss: lostSteps(pt.loss),
        best: pt.best,
      });
      li.appendChild(btn);
      list.appendChild(li);
    }
  }
}
