// The engine's advice beside the board: a hint for the position on the board (the move as an
// arrow, and why, in the hint line; at a position looked at, an earlier one or a variation's,
// the move in the hint line), and the evaluation bar and best line when the reader shows them,
// for the position on the board wherever it is in the game's tree. Both come from the page's one
// analysis worker (engine/analysis.js, fetched when first asked: the evaluation is off by
// default) and belong to the position they were asked for: shown only while it is on the board.
// The engine's judgement in words beside the board (renderJudgement): the computer's move and
// what it thinks of the position it left (how far it looked, in the tooltip), and the evaluation
// bar and its sentence and best line (engine/evaluation.js says them), drawn by the panel.
// The page tells lib/fair-play.js, from its kept games, whether this browser plays a game against
// a person elsewhere: the engine then keeps out of every board of the page, in every tab.
import { positionOf } from '../engine/position.js';
import { setIfChanged } from '../lib/dom.js';
import { say, groupDigits } from '../lib/i18n.js';
import { isAbort } from '../engine/ai-client.js';
import { engineHelpBarred, barWhile, keptGameBars } from '../lib/fair-play.js';
import { describeScore, describeAfterMove, searchDetails, blueView, VALUE_LIMIT } from '../engine/evaluation.js';
import { adviceShown } from './page-state.js';
import { byId } from './page-elements.js';

/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { BoardSnapshot, GameSnapshot } from './panel.js' */
/** @import { GameState } from '../core/core-types.js' */
/** @import { Translate } from '../lib/i18n.js' */

/** The page's analysis, fetched when first asked. */
const loadAnalysis = () => import('../engine/analysis.js').then((m) => m.analysis());

/** @param {PageContext} ctx */
export function advice(ctx) {
  const { board } = ctx;
  // The page's list of kept games follows this tab's saves and other tabs' (recent.js), so the
  // bar comes and goes with a game against a person begun or ended in any tab.
  barWhile(() => ctx.page().recent.some((e) => keptGameBars(e.summary)));
  /** The number of analysed nodes per position, as the rules core says. */
  function analysisNodes() {
    return board.catalogue ? board.catalogue.analysisNodes : undefined;
  }

  /** Asks the board for a hint and says it in the hint line. */
  async function hint() {
    const gs = board.shownState;
    if (!gs || gs.result || engineHelpBarred(board.settings, gs)) return;
    const position = positionOf(gs);
    const key = position.key;
    const looking = board.viewPly !== null;
    ctx.update((p) => ({ ...p, hint: { key, message: { key: 'hint.thinking' } } }));
    /** @type {import('../lib/i18n.js').Message|null} */
    let message;
    try {
      const h = looking
        ? { move: (await (await loadAnalysis()).analyse(position, { priority: 'hint', nodes: analysisNodes() })).best ?? '', reason: '' }
        : await board.hint();
      message = { key: 'hint.says', params: { move: h.move, reason: h.reason } };
    } catch (e) {
      message = isAbort(e) ? null : { text: String((e && /** @type {Error} */ (e).message) || e) };
    }
    ctx.update((p) => (p.hint && p.hint.key === key ? { ...p, hint: message ? { key, message } : null } : p));
  }

  /** Analyses the position on the board when the evaluation or the best line is shown (adviceShown). */
  async function evaluate() {
    const gs = board.shownState;
    const { showEval, showLine } = adviceShown(ctx.page());
    if (!(showEval || showLine) || !gs || gs.result || engineHelpBarred(board.settings, gs)) return;
    const position = positionOf(gs);
    const shown = ctx.page().evaluation;
    if (shown && shown.key === position.key) return;
    let result;
    try {
      result = await (await loadAnalysis()).analyse(position, { priority: 'evaluation', nodes: analysisNodes() });
    } catch {
      return; // the panel shows no evaluation; the next position asks again
    }
    ctx.update((p) => ({ ...p, evaluation: { key: position.key, result } }));
  }

  return { hint, evaluate, analysisNodes };
}

/**
 * Draws the judgement for the page state `p` and the board `b`: the computer's last move (and
 * what it thinks of the position, where the evaluation is shown), and the evaluation of the
 * position shown.
 * @param {Document} doc
 * @param {PageState} p
 * @param {GameSnapshot} b
 * @param {Translate} t
 * @param {boolean} barred whether the engine keeps out of this game (lib/fair-play.js): no evaluation,
 * and of the computer's move only the move
 */
export function renderJudgement(doc, p, b, t, barred) {
  const info = b.aiInfo;
  // What the computer thinks of the position is the evaluation: said only where it is shown.
  const judged = !barred && adviceShown(p).showEval;
  const judgement = info && judged && describeAfterMove(info);
  const infoText = info ? t(judgement ? 'ai.info' : 'ai.played', { side: info.side, move: info.move, judgement }) : '';
  setIfChanged(byId(doc, 'ai-info'), 'textContent', infoText);
  setIfChanged(byId(doc, 'ai-info'), 'title', info && !barred ? say(p.lang, searchDetails(info, groupDigits(p.lang, info.nodes))) : '');
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
  const shown = adviceShown(p);
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
