// Learning from one's own mistakes after a review: each side's accuracy, and the mistakes and
// blunders of a player offered again as positions to retry, judged by the page's deterministic
// analysis. Pure: the numbers come from the review's entries (the rules core's scores and win
// chances) and the marks of evaluation.js; nothing here knows a rule.
import { MARK_THRESHOLDS, lostSteps } from './evaluation.js';

/**
 * @import { PerSide, Side } from '../core/core-types.js'
 * @import { Evaluation, MarkedMove, ReviewEntry } from './evaluation.js'
 */

/**
 * How many moves of each of these marks a side made (markCounts).
 * @typedef {{inaccuracy: number, mistake: number, blunder: number}} MarkCount
 */

/**
 * How a try at a better move went (judgeTry): good enough or not, and what it lost.
 * @typedef {{good: boolean, loss: number}} TryVerdict
 */

/** @typedef {'trying'|'good'|'wrong'|'shown'|'done'} RetryStatus */

/**
 * A retry session: the mistakes to retry (retryList), the one on the board (`index`), the tries
 * at it so far, where it stands, and the last try (the move and its verdict; null: none yet).
 * @typedef {{items: MarkedMove[], index: number, tries: number, status: RetryStatus, last: ({move: string} & TryVerdict)|null}} RetrySession
 */

/**
 * How fast a move's accuracy falls with the share of the game it gave away: a move that lowers
 * its side's chance of winning by this many percentage points scores about 37 (1/e of 100).
 */
export const ACCURACY_FALL = 15;

/**
 * The mover's chance of winning, in thousandths, after the move of `entries[i]` (the review's
 * entries: `winChance` for the side to move at each ply, the last of a finished game with its
 * `result`).
 * @param {ReviewEntry[]} entries
 * @param {number} i
 */
function chanceAfter(entries, i) {
  const after = entries[i + 1];
  if (after.result) return !after.result.winner ? 500 : after.result.winner === entries[i].side ? 1000 : 0;
  // (Every position but a finished game's last has its chance; a missing one counts as none.)
  return 1000 - (after.winChance ?? 0);
}

/**
 * How accurate a move was, 0 to 100, from how many thousandths of a win it gave away.
 * @param {number} dropPermille
 */
export function moveAccuracy(dropPermille) {
  const points = Math.max(0, dropPermille) / 10;
  return 100 * Math.exp(-points / ACCURACY_FALL);
}

/**
 * Each side's accuracy over a reviewed game: the mean of its moves' accuracies (moveAccuracy of
 * the fall of its chance of winning), rounded, or null for a side that made no move.
 * @param {ReviewEntry[]} entries
 * @returns {PerSide<number|null>}
 */
export function accuracy(entries) {
  /** @type {PerSide<number[]>} */
  const per = { blue: [], gray: [] };
  for (let i = 0; i + 1 < entries.length; i++) {
    const e = entries[i];
    if (e.played === null || typeof e.winChance !== 'number' || !Number.isInteger(e.winChance)) continue;
    per[e.side].push(moveAccuracy(e.winChance - chanceAfter(entries, i)));
  }
  /** @param {number[]} xs */
  const mean = (xs) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
  return { blue: mean(per.blue), gray: mean(per.gray) };
}

/**
 * How many inaccuracies, mistakes and blunders each side made (marks of evaluation.js).
 * @param {MarkedMove[]} marks
 * @returns {PerSide<MarkCount>}
 */
export function markCounts(marks) {
  const counts = { blue: { inaccuracy: 0, mistake: 0, blunder: 0 }, gray: { inaccuracy: 0, mistake: 0, blunder: 0 } };
  for (const m of marks) if (m.mark === 'inaccuracy' || m.mark === 'mistake' || m.mark === 'blunder') counts[m.side][m.mark]++;
  return counts;
}

/**
 * The mistakes and blunders of `sides` (['blue'], say) to retry, in the order they were made.
 * @param {MarkedMove[]} marks
 * @param {Side[]} sides
 */
export function retryList(marks, sides) {
  return marks.filter((m) => sides.includes(m.side) && (m.mark === 'mistake' || m.mark === 'blunder'));
}

/**
 * A try at a better move, judged: `before` is the review's entry of the position (its score and
 * best move, for the side to move), `move` the move tried, `after` the analysis of the position
 * it leads to (for the other side). Good enough when it is the best move or loses no more than a
 * good move may (MARK_THRESHOLDS.good, in hundredths of a step). Returns `{good, loss}`.
 * @param {Pick<ReviewEntry, 'best'|'score'|'mateIn'>} before
 * @param {string} move
 * @param {Evaluation} after
 * @returns {TryVerdict}
 */
export function judgeTry(before, move, after) {
  if (move === before.best) return { good: true, loss: 0 };
  /** @param {number} x */
  const clamp = (x) => Math.max(-1000, Math.min(1000, x));
  // A position retried was analysed (its score is there); no `mateIn` is no forced result.
  const wasMate = before.mateIn ?? 0;
  const nowMate = after.mateIn ?? 0;
  const was = wasMate > 0 ? 1000 : wasMate < 0 ? -1000 : clamp(before.score ?? 0);
  const now = nowMate > 0 ? -1000 : nowMate < 0 ? 1000 : clamp(-after.score);
  const loss = Math.max(0, was - now);
  return { good: loss <= MARK_THRESHOLDS.good, loss };
}

/**
 * A fresh retry session over `items` (retryList): the first position, no try yet.
 * @param {MarkedMove[]} items
 * @returns {RetrySession}
 */
export function startRetry(items) {
  return { items, index: 0, tries: 0, status: items.length ? 'trying' : 'done', last: null };
}

/**
 * After a try judged `verdict` ({good, loss}) on move `move`: good, wrong, or the line shown after the second wrong try.
 * @param {RetrySession} r
 * @param {string} move
 * @param {TryVerdict} verdict
 * @returns {RetrySession}
 */
export function afterTry(r, move, verdict) {
  const tries = r.tries + 1;
  const status = verdict.good ? 'good' : tries >= 2 ? 'shown' : 'wrong';
  return { ...r, tries, status, last: { move, ...verdict } };
}

/**
 * The best line shown on request.
 * @param {RetrySession} r
 * @returns {RetrySession}
 */
export function showLine(r) {
  return { ...r, status: 'shown' };
}

/**
 * Whether the board takes a try now: while one is awaited, and at once after a wrong one (the
 * tried move is taken back and drawn; no button stands between the player and the next try).
 * @param {RetrySession} r
 */
export function canTry(r) {
  return r.status === 'trying' || r.status === 'wrong';
}

/**
 * How a try's loss compares with the game move's, in the steps the page says (evaluation.js lostSteps), so
 * that the words are true as read: `better` when the try gives away fewer, `worse` more, `same`.
 * @param {number} gameLoss the game move's loss
 * @param {number} tryLoss the try's
 * @returns {'better'|'same'|'worse'}
 */
export function compareTry(gameLoss, tryLoss) {
  const was = lostSteps(gameLoss);
  const now = lostSteps(tryLoss);
  return now < was ? 'better' : now > was ? 'worse' : 'same';
}

/**
 * On to the next position, or done.
 * @param {RetrySession} r
 * @returns {RetrySession}
 */
export function next(r) {
  const index = r.index + 1;
  return { ...r, index, tries: 0, last: null, status: index < r.items.length ? 'trying' : 'done' };
}
