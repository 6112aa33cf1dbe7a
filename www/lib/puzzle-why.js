// Why a puzzle move won or lost, as a message of the teaching part's table: the rules core's
// verdict's `why` (bluegray-puzzles' Why) in words. Here, not in learn/, because the puzzle view
// and the editor's "Try it" board both say it.
/** @import { Message } from './i18n.js' */
/** @import { Side } from '../core/core-types.js' */
import { otherSide } from './settings.js';

/** @param {unknown} n */
const step = (n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 99;

/**
 * The decisive reason a verdict gives, as a message, from its `why` (any value: `{winner, how,
 * blue, gray, lead, within}`, bluegray-puzzles' Why) for the solver `side`; `line` the moves that
 * lead there (its first a capture: the defender holds by capturing). Null for anything else.
 * @param {unknown} why
 * @param {Side} side
 * @param {string[]} [line]
 * @returns {Message|null}
 */
export function whyMessage(why, side, line = []) {
  if (!why || typeof why !== 'object') return null;
  const w = /** @type {Record<string, unknown>} */ (why);
  const { how, winner, blue, gray, lead, within } = w;
  if (!step(blue) || !step(gray) || !step(lead) || !step(within)) return null;
  const progress = { blue: Number(blue), gray: Number(gray) };
  if (how === 'held') {
    if (!Number(within)) return null;
    const key = line[0] && line[0].includes('x') ? 'puzzles.why.heldCapture' : 'puzzles.why.held';
    return { key, params: { side, other: otherSide(side), n: Number(within), move: line[0] || '' } };
  }
  if (how === 'impasse' && winner === null) return { key: 'puzzles.why.impasseDraw', params: { ours: progress.blue, theirs: progress.gray } };
  if (winner !== 'blue' && winner !== 'gray') return null;
  const params = { side: winner, lead: Number(lead), ours: progress[winner], theirs: progress[otherSide(winner)] };
  if (how === 'breakthrough') return { key: 'puzzles.why.breakthrough', params };
  if (how === 'lead') return { key: 'puzzles.why.lead', params };
  if (how === 'impasse') return { key: 'puzzles.why.impasse', params };
  return null;
}

