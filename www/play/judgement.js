// The engine's judgement beside the board, in words: the computer's move and what it thinks of
// the position it left (how far it looked, in the tooltip), and the evaluation bar and its
// sentence and best line (engine/evaluation.js says them). Fetched, with its messages and the bar's
// stylesheet, with the first the panel says (play/advice.js wordsFor); play/panel.js draws it.
import { say, groupDigits } from '../lib/i18n.js';
import { setIfChanged } from '../lib/dom.js';
import { positionOf } from '../engine/position.js';
import { describeScore, describeAfterMove, searchDetails, blueView, VALUE_LIMIT } from '../engine/evaluation.js';
import { adviceShown } from './page-state.js';
import { byId } from './page-elements.js';
/** @import { GameState } from '../core/core-types.js' */
/** @import { PageState } from './page-state.js' */
/** @import { GameSnapshot } from './panel.js' */
/** @import { Translate } from '../lib/i18n.js' */

/**
 * Draws the judgement for the page state `p` and the board `b`: the computer's last move, and the
 * evaluation of the position shown.
 * @param {Document} doc
 * @param {PageState} p
 * @param {GameSnapshot} b
 * @param {Translate} t
 * @param {boolean} barred whether the engine keeps out of this game (lib/fair-play.js): no evaluation
 */
export function renderJudgement(doc, p, b, t, barred) {
  const info = b.aiInfo;
  const judgement = info && describeAfterMove(info);
  const infoText = info ? t(judgement ? 'ai.info' : 'ai.played', { side: info.side, move: info.move, judgement }) : '';
  setIfChanged(byId(doc, 'ai-info'), 'textContent', infoText);
  setIfChanged(byId(doc, 'ai-info'), 'title', info ? say(p.lang, searchDetails(info, groupDigits(p.lang, info.nodes))) : '');
  renderEvaluation(doc, p, b.shown ?? b.gs, t, barred);
}

/**
 * The evaluation of the position on the board (the page state's `evaluation`, for this position
 * only): the words and the bar say it the same way (engine/evaluation.js), the search's depth
 * and size are in the tooltip.
 * @param {Document} doc
 * @param {PageState} p
 * @param {GameState} gs
 * @param {Translate} t
 * @param {boolean} barred whether the engine keeps out of this game (lib/fair-play.js): nothing is shown
 */
function renderEvaluation(doc, p, gs, t, barred) {
  const shown = adviceShown(p, gs);
  const showEval = shown.showEval && !barred;
  const showLine = shown.showLine && !barred;
  const e = p.evaluation && p.evaluation.key === positionOf(gs).key ? p.evaluation.result : null;
  const bar = byId(doc, 'eval-bar');
  setIfChanged(bar, 'hidden', !showEval || !!gs.result);
  const parts = [];
  if (e && showEval) {
    const words = say(p.lang, describeScore(e, e.side));
    parts.push(words);
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
  setIfChanged(byId(doc, 'eval-text'), 'title', e && text ? say(p.lang, searchDetails(e, groupDigits(p.lang, e.nodes))) : '');
}
