// The engine's advice beside the board: a hint for the position on the board (the move as an
// arrow, and why, in the hint line; at a position looked at, an earlier one or a variation's,
// the move in the hint line), and the evaluation bar and best line when the reader shows them,
// for the position on the board wherever it is in the game's tree. Both come from the page's one
// analysis worker (engine/analysis.js, fetched when first asked: the evaluation is off by
// default) and belong to the position they were asked for: shown only while it is on the board.
// The panel says them, and the computer's moves, in words (play/judgement.js) fetched with the
// first it says.
import { positionOf } from '../engine/position.js';
import { onDemand } from '../lib/on-demand.js';
import { errorText } from '../lib/errors.js';
import { laterStyles } from '../lib/dom.js';
import { isAbort } from '../engine/ai-client.js';
import { engineHelpBarred } from '../lib/fair-play.js';
import { adviceShown } from './page-state.js';

/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { BoardSnapshot } from './panel.js' */

/** The page's analysis, fetched when first asked. */
const loadAnalysis = () => import('../engine/analysis.js').then((m) => m.analysis());

/** @param {PageContext} ctx */
export function advice(ctx) {
  const { board } = ctx;
  /** The engine's judgement in words (play/judgement.js), once fetched. @type {typeof import('./judgement.js')|null} */
  let words = null;
  /** It was asked for: fetched once (a failed fetch is said, and the panel goes on without it). */
  let asked = false;
  // With the stylesheet of the evaluation bar they draw.
  const loadWords = onDemand(() => Promise.all([import('./judgement.js'), laterStyles()]).then(([m]) => m));

  /**
   * The judgement in words for the panel to draw `p` and `b` with, or null: fetched (and then
   * drawn) when the panel first has one to say, the computer's move or an evaluation.
   * @param {PageState} p
   * @param {BoardSnapshot} b
   */
  function wordsFor(p, b) {
    const shown = adviceShown(p, b.gs);
    if (words || asked || !(b.aiInfo || shown.showEval || shown.showLine)) return words;
    asked = true;
    loadWords().then(
      (m) => {
        words = m;
        ctx.update((s) => s);
      },
      (e) => ctx.notify({ key: 'notice.wordsNotLoaded', params: { error: errorText(e) } }),
    );
    return null;
  }

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
    const { showEval, showLine } = adviceShown(ctx.page(), board.state);
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

  return { hint, evaluate, analysisNodes, wordsFor };
}
