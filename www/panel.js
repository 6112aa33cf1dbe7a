// The page's panel around the board, drawn from the board's state: the status line, captain
// progress, the buttons' states, the move list and the computer's last search. DOM writes
// happen only where something changed, so an unchanged panel costs no repaint.
import { say, groupDigits } from './i18n.js';

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
    return board.resultText() + (r.half_win || r.halfWin ? ' ' + t('status.halfWin') : '');
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

/** Draws the whole panel from the board and the page's own notice. */
export function renderPanel(doc, board, page, t) {
  const gs = board.state;
  if (!gs) return;
  const s = board.settings;
  const status = byId(doc, 'status');
  setIfChanged(status, 'textContent', statusText(board, t));
  setIfChanged(status.dataset, 'state', gs.result ? 'over' : board.thinking ? 'thinking' : gs.side);
  setIfChanged(byId(doc, 'thinking'), 'hidden', !board.thinking);
  setIfChanged(byId(doc, 'turn-indicator'), 'className', `turn ${gs.result ? 'over' : gs.side}`);
  const notice = byId(doc, 'notice');
  const noticeText = say(page.lang, page.notice);
  setIfChanged(notice, 'textContent', noticeText);
  setIfChanged(notice, 'hidden', !noticeText);

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
  const pause = byId(doc, 'pause');
  setIfChanged(pause, 'hidden', s.mode !== 'demo' || !!gs.result);
  setIfChanged(pause, 'textContent', t(board.paused ? 'controls.resume' : 'controls.pause'));

  const info = board.aiInfo;
  const infoText = info
    ? t('ai.info', {
        side: info.side,
        move: info.move,
        score: info.scoreText,
        depth: info.depth,
        nodes: groupDigits(page.lang, info.nodes),
      }) + (info.pv.length > 1 ? ' · ' + t('ai.line', { line: info.pv.slice(0, 6).join(' ') }) : '')
    : '';
  setIfChanged(byId(doc, 'ai-info'), 'textContent', infoText);
  renderMoves(doc, gs);
}

function renderMoves(doc, gs) {
  const list = byId(doc, 'moves');
  const key = gs.history.join(' ');
  if (list.dataset.key !== key) {
    list.dataset.key = key;
    list.textContent = '';
    const [firstSide, secondSide] = gs.first === 'blue' ? ['blue', 'gray'] : ['gray', 'blue'];
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
        if (!text && side === secondSide) continue;
        const cell = doc.createElement('span');
        cell.className = `mv ${side}`;
        // A game begun with the second player to move leaves the first half of its first row empty.
        cell.textContent = text || '…';
        li.appendChild(cell);
      }
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight;
  }
  setIfChanged(byId(doc, 'result-token'), 'textContent', gs.result ? gs.result.token : '');
}
