// The page's panel around the board, drawn from the board's state and the page's own (notice,
// hint, evaluation, review): the status line, the game-over panel, captain progress, the
// buttons' states, the history, the move list, the evaluation and the review. DOM writes
// happen only where something changed, so an unchanged panel costs no repaint.
import { say, groupDigits } from './i18n.js';
import { SHORTCUTS } from './shortcuts.js';
import { describeScore, blueView, MATE_SCORE, VALUE_LIMIT } from './evaluation.js';
import { drawChart } from './chart.js';

const byId = (doc, id) => doc.getElementById(id);

/** Sets a DOM property only when it changes. */
function setIfChanged(obj, prop, value) {
  if (obj[prop] !== value) obj[prop] = value;
}

/**
 * Puts the page's static text in the reader's language: `data-i18n` (text), and
 * `data-i18n-title`, `data-i18n-placeholder`, `data-i18n-aria-label` (attributes).
 */
export function localisePage(doc, t) {
  for (const el of doc.querySelectorAll('[data-i18n]')) setIfChanged(el, 'textContent', t(el.dataset.i18n));
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

/** The status line: whose turn, who is thinking, or how the game ended. */
export function statusText(board, t) {
  const gs = board.state;
  const s = board.settings;
  if (gs.result) {
    const r = gs.result;
    return board.resultText() + (r.halfWin ? ' ' + t('status.halfWin') : '');
  }
  const side = gs.side;
  if (s.mode === 'view') return t('status.view', { side });
  if (board.paused && s.mode === 'demo') return t('status.paused', { side });
  if (board.thinking) return t('status.thinking', { side, level: s.level, name: t(`level.${s.level}`) });
  let text;
  if (s.mode === 'two') text = t('status.toMove', { side });
  else if (s.mode === 'ai' && s.side === side) text = t('status.yourMove', { side });
  else text = t('status.computerToMove', { side });
  if (gs.captureRequired && (s.mode === 'two' || (s.mode === 'ai' && s.side === side))) {
    text += ' ' + t('status.captureRequired');
  }
  return text;
}

/** A score for the reader: a signed number of steps, or a forced result. */
function scoreText(t, score) {
  if (Math.abs(score) >= MATE_SCORE) return t('score.mate', { n: Math.max(0, Math.abs(score) - MATE_SCORE) });
  return `${score >= 0 ? '+' : '−'}${(Math.abs(score) / 100).toFixed(2)}`;
}

/** Draws the whole panel from the board and the page's own state. */
export function renderPanel(doc, board, page, t) {
  const gs = board.state;
  if (!gs) return;
  const s = board.settings;
  const viewing = board.viewPly;
  const status = byId(doc, 'status');
  setIfChanged(status, 'textContent', statusText(board, t));
  setIfChanged(status.dataset, 'state', gs.result ? 'over' : board.thinking ? 'thinking' : gs.side);
  setIfChanged(byId(doc, 'thinking'), 'hidden', !board.thinking);
  setIfChanged(byId(doc, 'turn-indicator'), 'className', `turn ${gs.result ? 'over' : gs.side}`);
  const notice = byId(doc, 'notice');
  const noticeText = say(page.lang, page.notice);
  setIfChanged(notice, 'textContent', noticeText);
  setIfChanged(notice, 'hidden', !noticeText);
  renderGameOver(doc, board, t);

  for (const side of ['blue', 'gray']) {
    const v = gs.progress[side];
    setIfChanged(byId(doc, `progress-${side}-label`), 'textContent', t('progress.label', { side, n: v, of: gs.steps }));
    const bar = byId(doc, `progress-${side}`);
    setIfChanged(bar, 'max', gs.steps);
    setIfChanged(bar, 'value', v);
  }
  setIfChanged(byId(doc, 'progress').dataset, 'top', board.bottomSide === 'gray' ? 'blue' : 'gray');

  setIfChanged(byId(doc, 'undo'), 'disabled', !gs.canUndo);
  setIfChanged(byId(doc, 'redo'), 'disabled', !gs.canRedo);
  const humanTurn = !gs.result && viewing === null && (s.mode === 'two' || (s.mode === 'ai' && s.side === gs.side));
  setIfChanged(byId(doc, 'hint'), 'disabled', !humanTurn || board.thinking);
  const hint = page.hint && page.hint.code === gs.code && viewing === null ? page.hint.text : '';
  setIfChanged(byId(doc, 'hint-text'), 'textContent', hint);
  setIfChanged(byId(doc, 'hint-text'), 'hidden', !hint);
  const pause = byId(doc, 'pause');
  setIfChanged(pause, 'hidden', s.mode !== 'demo' || !!gs.result);
  setIfChanged(pause, 'textContent', t(board.paused ? 'controls.resume' : 'controls.pause'));

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
      viewing === 0 ? t('nav.viewingStart') : t('nav.viewing', { n: viewing, of: gs.history.length }),
    );
  }

  const info = board.aiInfo;
  const infoText = info
    ? t('ai.info', {
        side: info.side,
        move: info.move,
        score: scoreText(t, info.score),
        depth: info.depth,
        nodes: groupDigits(page.lang, info.nodes),
      })
    : '';
  setIfChanged(byId(doc, 'ai-info'), 'textContent', infoText);
  renderEvaluation(doc, page, gs, t);
  renderMoves(doc, gs, shown, page.review && page.review.marks, t);
}

function renderGameOver(doc, board, t) {
  const gs = board.state;
  const box = byId(doc, 'game-over');
  const show = !!gs.result && board.viewPly === null;
  setIfChanged(box, 'hidden', !show);
  if (!show) return;
  const r = gs.result;
  setIfChanged(byId(doc, 'over-title'), 'textContent', r.winner ? t('over.title.win', { winner: r.winner }) : t('over.title.draw'));
  setIfChanged(byId(doc, 'over-how'), 'textContent', `${board.resultText()} ${t('over.after', { n: gs.history.length })}`);
  setIfChanged(byId(doc, 'over-half'), 'hidden', !r.halfWin);
}

function renderEvaluation(doc, page, gs, t) {
  const showEval = byId(doc, 'show-eval').checked;
  const showLine = byId(doc, 'show-line').checked;
  const e = page.evaluation && page.evaluation.code === gs.code && page.evaluation.score !== null ? page.evaluation : null;
  const bar = byId(doc, 'eval-bar');
  setIfChanged(bar, 'hidden', !showEval || !!gs.result);
  const parts = [];
  if (e && showEval) {
    const words = t(...describeScore(e.score, e.side));
    parts.push(`${words} (${scoreText(t, e.score)})`);
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

/** The move list: one row per move number, each move a button that shows its position. */
function renderMoves(doc, gs, shown, marks, t) {
  const list = byId(doc, 'moves');
  const markKey = marks ? marks.map((m) => m.mark[0]).join('') : '';
  const key = `${gs.history.join(' ')}|${markKey}|${t('mark.best')}`;
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.textContent = '';
    const markOf = new Map((marks || []).map((m) => [m.ply + 1, m.mark]));
    const [firstSide, secondSide] = gs.first === 'blue' ? ['blue', 'gray'] : ['gray', 'blue'];
    let ply = 0;
    for (const row of gs.moveRows) {
      const li = doc.createElement('li');
      const num = doc.createElement('span');
      num.className = 'num';
      num.textContent = `${row.number}.`;
      li.appendChild(num);
      for (const [text, side] of [
        [row.first, firstSide],
        [row.second, secondSide],
      ]) {
        if (!text) {
          // A game begun with the second player to move leaves the first half of its first row empty.
          if (side === firstSide) {
            const gap = doc.createElement('span');
            gap.className = `mv ${side}`;
            gap.textContent = '…';
            li.appendChild(gap);
          }
          continue;
        }
        ply += 1;
        const cell = doc.createElement('button');
        cell.type = 'button';
        cell.className = `mv ${side}`;
        cell.dataset.ply = String(ply);
        cell.textContent = text;
        const mark = markOf.get(ply);
        if (mark) {
          cell.dataset.mark = mark;
          cell.title = t(`mark.${mark}`);
        }
        li.appendChild(cell);
      }
      list.appendChild(li);
    }
  }
  let current = null;
  for (const cell of list.querySelectorAll('[data-ply]')) {
    const on = Number(cell.dataset.ply) === shown;
    if (on) current = cell;
    if (on !== cell.hasAttribute('aria-current')) {
      if (on) cell.setAttribute('aria-current', 'step');
      else cell.removeAttribute('aria-current');
    }
  }
  if (current && list.dataset.scrolledTo !== String(shown)) {
    list.dataset.scrolledTo = String(shown);
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  setIfChanged(byId(doc, 'result-token'), 'textContent', gs.result ? gs.result.token : '');
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

/** The review: progress, the chart, the summary and the turning points. */
export function renderReview(doc, board, page, t) {
  const r = page.review;
  const box = byId(doc, 'review-box');
  setIfChanged(box, 'hidden', !r);
  if (!r) return;
  const progress = byId(doc, 'review-progress');
  setIfChanged(progress, 'max', Math.max(1, r.total + 1));
  setIfChanged(progress, 'value', r.entries.length);
  setIfChanged(progress, 'hidden', !r.running);
  setIfChanged(byId(doc, 'review-cancel'), 'hidden', !r.running);
  let summary = r.error || '';
  if (!summary && r.running) summary = t('review.running', { n: r.entries.length, of: r.total + 1 });
  if (!summary && r.marks) {
    const count = (side, mark) => r.marks.filter((m) => m.side === side && m.mark === mark).length;
    summary = t('review.summary', {
      blueMistakes: count('blue', 'mistake'),
      blueBlunders: count('blue', 'blunder'),
      grayMistakes: count('gray', 'mistake'),
      grayBlunders: count('gray', 'blunder'),
    });
  }
  setIfChanged(byId(doc, 'review-summary'), 'textContent', summary);
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
  const gs = board.state;
  const viewing = board.viewPly;
  drawChart(ctx, w, h, r.entries, {
    total: r.total + 1,
    current: viewing === null ? gs.history.length : viewing,
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
  const key = r.marks ? `${r.points.map((p) => p.ply).join(',')}|${t('mark.best')}` : '';
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.textContent = '';
    if (r.marks && !r.points.length) {
      const li = doc.createElement('li');
      li.textContent = t('review.none');
      list.appendChild(li);
    }
    for (const p of r.points) {
      const li = doc.createElement('li');
      const b = doc.createElement('button');
      b.type = 'button';
      b.dataset.ply = String(p.ply);
      b.textContent = t('review.turning', {
        n: p.ply + 1,
        side: p.side,
        move: p.move,
        mark: p.mark,
        loss: Math.max(1, Math.round(p.loss / 100)),
        best: p.best,
      });
      li.appendChild(b);
      list.appendChild(li);
    }
  }
}
