// The page's panel around the board, drawn from two states and nothing else: the page's own
// (page-state.js) and a snapshot of the board (`boardSnapshot`). Every control shows its value
// from the state; DOM writes happen only where something changed, so an unchanged panel costs
// no repaint.
import { say, groupDigits } from '../lib/i18n.js';
import { SHORTCUTS } from './shortcuts.js';
import { describeScore, scoreMessage, blueView, VALUE_LIMIT } from '../review/evaluation.js';
import { drawChart } from '../review/chart.js';
import { setIfChanged } from '../lib/dom.js';
import { resultMessage } from '../lib/result.js';
import { positionOf } from '../engine/analysis.js';
import { jumpWarning, warnOn, currentNotice, currentReview } from './page-state.js';
import { retryList } from '../review/mistakes.js';
import { renderMoveList } from './move-list.js';
import { moveLabel, lastMoveNumber } from '../lib/moves.js';
import { friendStatus, liveLine, offersLink } from '../remote/friend.js';
import { isRemote, isHuman } from '../lib/settings.js';

const byId = (doc, id) => doc.getElementById(id);

/** What the panel needs of the board, read once per frame. */
export function boardSnapshot(board) {
  return {
    gs: board.state,
    settings: board.settings,
    thinking: board.thinking,
    paused: board.paused,
    viewPly: board.viewPly,
    aiInfo: board.aiInfo,
    bottomSide: board.bottomSide,
    seat: board.seat,
    live: board.presence,
    relay: board.relay,
    gameId: board.gameId,
  };
}

/**
 * Puts the page's static text in the reader's language: `data-i18n` (text, with the parameters
 * in `data-i18n-params` as JSON, if any), and `data-i18n-title`, `data-i18n-placeholder`,
 * `data-i18n-aria-label` (attributes).
 */
export function localisePage(doc, t) {
  for (const el of doc.querySelectorAll('[data-i18n]')) {
    const params = el.dataset.i18nParams ? JSON.parse(el.dataset.i18nParams) : undefined;
    setIfChanged(el, 'textContent', t(el.dataset.i18n, params));
  }
  const attrs = { i18nTitle: 'title', i18nPlaceholder: 'placeholder', i18nAriaLabel: 'aria-label' };
  for (const [data, attr] of Object.entries(attrs)) {
    const dashed = data.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    for (const el of doc.querySelectorAll(`[data-${dashed}]`)) el.setAttribute(attr, t(el.dataset[data]));
  }
  doc.title = t('page.documentTitle');
}

/** Fills the variant, level and language choices. `languages`: [[code, name], …]. */
export function fillChoices(doc, catalogue, t, lang, languages) {
  const fill = (select, items) => {
    const value = select.value;
    select.textContent = '';
    for (const [v, text, title] of items) {
      const o = doc.createElement('option');
      o.value = v;
      o.textContent = text;
      if (title) o.title = title;
      select.appendChild(o);
    }
    if (value) select.value = value;
  };
  if (catalogue) {
    fill(
      byId(doc, 'variant'),
      catalogue.variants.map((v) => [v.name, t(`variantName.${v.name}`), t(`variant.${v.name}`)]),
    );
    fill(
      byId(doc, 'level'),
      catalogue.levels.map((l) => [String(l.number), t('form.levelOption', { n: l.number, name: t(`level.${l.number}`) })]),
    );
  }
  fill(byId(doc, 'lang'), languages.map(([code, name]) => [code, name]));
  byId(doc, 'lang').value = lang;
}

/** The status line: whose turn, who is thinking, or how the game ended, as a message. */
export function statusMessage(b) {
  const { gs, settings: s } = b;
  if (gs.result) return gs.result.halfWin ? { key: 'status.over.half', params: { result: resultMessage(gs) } } : resultMessage(gs);
  const side = gs.side;
  if (s.mode === 'view') return { key: 'status.view', params: { side } };
  if (b.paused && s.mode === 'demo') return { key: 'status.paused', params: { side } };
  if (b.thinking) return { key: 'status.thinking', params: { side, level: s.level, name: { key: `level.${s.level}` } } };
  const friend = friendStatus(b);
  if (friend) return friend;
  const person = isHuman(s, side);
  const turn = s.mode === 'two' ? 'status.toMove' : person ? 'status.yourMove' : 'status.computerToMove';
  if (gs.captureRequired && person) return { key: 'status.withCapture', params: { turn: { key: turn, params: { side } } } };
  return { key: turn, params: { side } };
}

/** The box of a game against a friend elsewhere: the connection's line and the links to send. */
function renderFriend(doc, b, lang) {
  const remote = isRemote(b.settings.mode);
  setIfChanged(byId(doc, 'friend-box'), 'hidden', !remote);
  if (!remote) return;
  const line = say(lang, liveLine(b.live, b.relay));
  setIfChanged(byId(doc, 'live-status'), 'textContent', line);
  setIfChanged(byId(doc, 'live-status'), 'hidden', !line);
  if (b.live) setIfChanged(byId(doc, 'live-status').dataset, 'relay', b.live.relay);
  setIfChanged(byId(doc, 'send-link'), 'hidden', !offersLink(b));
  const seated = b.settings.mode === 'live' && b.live && b.live.host && b.gameId !== null;
  setIfChanged(byId(doc, 'invite-link'), 'hidden', !seated);
}

/** Draws the whole panel from the page state `p` and the board snapshot `b`. */
export function renderPanel(doc, p, b, t) {
  const gs = b.gs;
  if (!gs) return;
  const viewing = b.viewPly;
  const lang = p.lang;
  const status = byId(doc, 'status');
  setIfChanged(status, 'textContent', say(lang, statusMessage(b)));
  setIfChanged(status.dataset, 'state', gs.result ? 'over' : b.thinking ? 'thinking' : gs.side);
  setIfChanged(byId(doc, 'thinking'), 'hidden', !b.thinking);
  setIfChanged(byId(doc, 'turn-indicator'), 'className', `turn ${gs.result ? 'over' : gs.side}`);
  const notice = byId(doc, 'notice');
  const noticeText = say(lang, currentNotice(p, gs));
  setIfChanged(notice, 'textContent', noticeText);
  setIfChanged(notice, 'hidden', !noticeText);
  const warnChosen = warnOn(p.prefs, b.settings);
  setIfChanged(byId(doc, 'warn'), 'checked', warnChosen);
  const warning = warnChosen ? jumpWarning(gs, b.settings, viewing !== null) : null;
  const warn = byId(doc, 'warning');
  setIfChanged(warn, 'textContent', say(lang, warning));
  setIfChanged(warn, 'hidden', !warning);
  renderGameOver(doc, b, lang, t);
  renderFriend(doc, b, lang);

  for (const side of ['blue', 'gray']) {
    const v = gs.progress[side];
    setIfChanged(byId(doc, `progress-${side}-label`), 'textContent', t('progress.label', { side, n: v, of: gs.steps }));
    const bar = byId(doc, `progress-${side}`);
    setIfChanged(bar, 'max', gs.steps);
    setIfChanged(bar, 'value', v);
  }
  setIfChanged(byId(doc, 'progress').dataset, 'top', b.bottomSide === 'gray' ? 'blue' : 'gray');

  const s = b.settings;
  // A move a friend elsewhere has seen is not taken back on one device.
  setIfChanged(byId(doc, 'undo'), 'disabled', !gs.canUndo || isRemote(s.mode));
  setIfChanged(byId(doc, 'redo'), 'disabled', !gs.canRedo || isRemote(s.mode));
  const humanTurn = !gs.result && viewing === null && isHuman(s, gs.side) && (!isRemote(s.mode) || b.seat === gs.side);
  setIfChanged(byId(doc, 'hint'), 'disabled', !humanTurn || b.thinking);
  const here = positionOf(gs).key;
  const hint = p.hint && p.hint.key === here && viewing === null ? say(lang, p.hint.message) : '';
  setIfChanged(byId(doc, 'hint-text'), 'textContent', hint);
  setIfChanged(byId(doc, 'hint-text'), 'hidden', !hint);
  const pause = byId(doc, 'pause');
  setIfChanged(pause, 'hidden', s.mode !== 'demo' || !!gs.result);
  setIfChanged(pause, 'textContent', t(b.paused ? 'controls.resume' : 'controls.pause'));

  const shown = viewing === null ? gs.history.length : viewing;
  setIfChanged(byId(doc, 'nav-first'), 'disabled', shown === 0);
  setIfChanged(byId(doc, 'nav-back'), 'disabled', shown === 0);
  setIfChanged(byId(doc, 'nav-forward'), 'disabled', viewing === null);
  setIfChanged(byId(doc, 'nav-last'), 'disabled', viewing === null);
  setIfChanged(byId(doc, 'viewing'), 'hidden', viewing === null);
  if (viewing !== null) {
    setIfChanged(
      byId(doc, 'viewing-text'),
      'textContent',
      viewing === 0 ? t('nav.viewingStart') : t('nav.viewing', { move: moveLabel(gs, viewing) }),
    );
  }

  const info = b.aiInfo;
  const infoText = info
    ? t('ai.info', { side: info.side, move: info.move, score: scoreMessage(info), depth: info.depth, nodes: groupDigits(lang, info.nodes) })
    : '';
  setIfChanged(byId(doc, 'ai-info'), 'textContent', infoText);
  setIfChanged(byId(doc, 'show-eval'), 'checked', p.prefs.showEval);
  setIfChanged(byId(doc, 'show-line'), 'checked', p.prefs.showLine);
  renderEvaluation(doc, p, gs, t);
  const review = currentReview(p, gs);
  renderMoveList(byId(doc, 'moves'), gs, shown, review && review.marks, t);
  setIfChanged(byId(doc, 'result-token'), 'textContent', gs.result ? gs.result.token : '');
}

/** The preferences' controls, from the page state. */
export function renderPrefs(doc, p, theme) {
  setIfChanged(byId(doc, 'lang'), 'value', p.lang);
  setIfChanged(byId(doc, 'theme'), 'value', theme);
  setIfChanged(byId(doc, 'sound'), 'checked', !p.prefs.muted);
  const relay = byId(doc, 'relay');
  if (doc.activeElement !== relay) setIfChanged(relay, 'value', p.prefs.relay || '');
}

/**
 * The game-over panel: shown while the game is over, also while the player looks back through
 * it (its Rematch, Review and link stay at hand during a review).
 */
function renderGameOver(doc, b, lang, t) {
  const gs = b.gs;
  const box = byId(doc, 'game-over');
  const show = !!gs.result;
  setIfChanged(box, 'hidden', !show);
  if (!show) return;
  const r = gs.result;
  setIfChanged(byId(doc, 'over-title'), 'textContent', r.winner ? t('over.title.win', { winner: r.winner }) : t('over.title.draw'));
  const moves = lastMoveNumber(gs);
  const how = [say(lang, resultMessage(gs)), moves === null ? '' : t('over.after', { n: moves })];
  setIfChanged(byId(doc, 'over-how'), 'textContent', how.filter(Boolean).join(' '));
  setIfChanged(byId(doc, 'over-half'), 'hidden', !r.halfWin);
}

/** The evaluation of the position on the board (the page state's `evaluation`, for this position only). */
function renderEvaluation(doc, p, gs, t) {
  const { showEval, showLine } = p.prefs;
  const e = p.evaluation && p.evaluation.key === positionOf(gs).key ? p.evaluation.result : null;
  const bar = byId(doc, 'eval-bar');
  setIfChanged(bar, 'hidden', !showEval || !!gs.result);
  const parts = [];
  if (e && showEval) {
    const words = say(p.lang, describeScore(e, e.side));
    parts.push(`${words} (${say(p.lang, scoreMessage(e))})`);
    // Blue's share of the bar: half when level, all of it at the largest lead.
    const share = 50 + (50 * blueView(e.score, e.side)) / VALUE_LIMIT;
    setIfChanged(byId(doc, 'eval-fill').style, 'height', `${share.toFixed(1)}%`);
    const label = t('eval.bar', { text: words });
    if (bar.getAttribute('aria-label') !== label) bar.setAttribute('aria-label', label);
  }
  if (e && showLine && e.pv.length) parts.push(t('eval.line', { line: e.pv.slice(0, 8).join(' ') }));
  const text = parts.join(' ');
  setIfChanged(byId(doc, 'eval-text'), 'textContent', text);
  setIfChanged(byId(doc, 'eval-text'), 'hidden', !text);
}

/** The keyboard shortcuts' list. */
export function renderShortcuts(doc, t) {
  const list = byId(doc, 'shortcut-list');
  list.textContent = '';
  for (const [keys, action] of SHORTCUTS) {
    const dt = doc.createElement('dt');
    dt.textContent = t(keys);
    const dd = doc.createElement('dd');
    dd.textContent = t(action);
    list.append(dt, dd);
  }
}

/**
 * The review's summary as a message: that it runs (and how far), what stopped it, or, once
 * every position is analysed, its verdict: each side's accuracy and counts of inaccuracies,
 * mistakes and blunders.
 */
export function reviewSummary(r) {
  if (r.error) return r.error;
  if (r.running || !r.marks) return { key: 'review.running', params: { n: r.entries.length, of: r.total } };
  const side = (s) =>
    r.accuracy[s] === null
      ? { key: 'review.side.none', params: { side: s } }
      : { key: 'review.side', params: { side: s, accuracy: r.accuracy[s], ...pluralCounts(r.counts[s]) } };
  return { key: 'review.summary', params: { blue: side('blue'), gray: side('gray') } };
}

function pluralCounts(c) {
  return { inaccuracies: c.inaccuracy, mistakes: c.mistake, blunders: c.blunder };
}

/**
 * The review: progress, the chart, the summary, the offer to learn from the mistakes of
 * `sides` (the player's), and the turning points.
 */
export function renderReview(doc, p, b, t, sides) {
  const r = b.gs ? currentReview(p, b.gs) : null;
  const box = byId(doc, 'review-box');
  setIfChanged(box, 'hidden', !r);
  if (!r) return;
  const done = !r.running && !!r.marks;
  const progress = byId(doc, 'review-progress');
  setIfChanged(progress, 'max', Math.max(1, r.total));
  setIfChanged(progress, 'value', r.entries.length);
  setIfChanged(progress, 'hidden', !r.running);
  setIfChanged(byId(doc, 'review-cancel'), 'hidden', !r.running);
  setIfChanged(byId(doc, 'review-summary'), 'textContent', say(p.lang, reviewSummary(r)));
  setIfChanged(byId(doc, 'review-accuracy-help'), 'hidden', !done);
  const toLearn = done ? retryList(r.marks, sides).length : 0;
  const learn = byId(doc, 'learn-mistakes');
  setIfChanged(learn, 'hidden', !toLearn);
  setIfChanged(learn, 'textContent', t('review.learn', { n: toLearn }));
  const canvas = byId(doc, 'review-chart');
  const w = Math.max(100, Math.floor(canvas.clientWidth));
  const h = Math.max(60, Math.floor(canvas.clientHeight));
  const dpr = globalThis.devicePixelRatio || 1;
  if (canvas.width !== Math.round(w * dpr)) canvas.width = Math.round(w * dpr);
  if (canvas.height !== Math.round(h * dpr)) canvas.height = Math.round(h * dpr);
  const ctx = canvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const css = getComputedStyle(canvas);
  const color = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  drawChart(ctx, w, h, r.entries, {
    total: r.total,
    current: b.viewPly === null ? b.gs.history.length : b.viewPly,
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
        move: moveLabel(b.gs, pt.ply + 1),
        side: pt.side,
        mark: pt.mark,
        loss: Math.max(1, Math.round(pt.loss / 100)),
        best: pt.best,
      });
      li.appendChild(btn);
      list.appendChild(li);
    }
  }
}
