// The evaluation chart of a reviewed game: one point per ply, Blue's advantage up, Gray's down.
// Drawing is a pure function of the data; `plyAt` maps a click back to a ply.
import { positionValue, VALUE_LIMIT } from '../engine/evaluation.js';

/** @import { MarkedMove, ReviewEntry } from '../engine/evaluation.js' */

/**
 * The chart's colours (CSS colours): its background, Blue's area, the middle line, the curve,
 * the dots of mistakes and blunders, and the line at the ply shown.
 * @typedef {{background: string, area: string, axis: string, line: string, mistake: string, blunder: string, current: string}} ChartColors
 */

const PAD = 6;

/**
 * x of ply `i` of `n` in a chart `w` wide.
 * @param {number} i
 * @param {number} n
 * @param {number} w
 */
function xOf(i, n, w) {
  return PAD + (n <= 1 ? 0 : (i * (w - 2 * PAD)) / (n - 1));
}

/**
 * Draws the chart of `entries` (review positions, possibly still coming in) on `ctx`, `w`×`h`
 * CSS px, scaled for `total` positions, marking `current` (the ply shown on the board) and the
 * moves in `marked` ({ply, mark}).
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} w
 * @param {number} h
 * @param {ReviewEntry[]} entries
 * @param {{total?: number, current?: number|null, marked?: Pick<MarkedMove, 'ply'|'mark'>[], colors: ChartColors}} options
 */
export function drawChart(ctx, w, h, entries, { total = entries.length, current = null, marked = [], colors }) {
  ctx.clearRect(0, 0, w, h);
  const mid = h / 2;
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, w, h);
  const values = entries.map(positionValue);
  /** @param {number} v */
  const yOf = (v) => mid - (v / VALUE_LIMIT) * (mid - PAD);
  const n = Math.max(total, values.length);
  if (!values.length) return;
  // Blue's area above the middle, Gray's below.
  ctx.beginPath();
  ctx.moveTo(xOf(0, n, w), mid);
  values.forEach((v, i) => ctx.lineTo(xOf(i, n, w), yOf(v)));
  ctx.lineTo(xOf(values.length - 1, n, w), mid);
  ctx.closePath();
  ctx.fillStyle = colors.area;
  ctx.fill();
  ctx.strokeStyle = colors.axis;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(0, mid);
  ctx.lineTo(w, mid);
  ctx.stroke();
  ctx.strokeStyle = colors.line;
  ctx.lineWidth = 2;
  ctx.beginPath();
  values.forEach((v, i) => (i ? ctx.lineTo : ctx.moveTo).call(ctx, xOf(i, n, w), yOf(v)));
  ctx.stroke();
  for (const m of marked) {
    if (m.mark !== 'mistake' && m.mark !== 'blunder') continue;
    const i = m.ply + 1;
    if (i >= values.length) continue;
    ctx.beginPath();
    ctx.arc(xOf(i, n, w), yOf(values[i]), 3.5, 0, Math.PI * 2);
    ctx.fillStyle = m.mark === 'blunder' ? colors.blunder : colors.mistake;
    ctx.fill();
  }
  if (current !== null && current < n) {
    const x = xOf(current, n, w);
    ctx.strokeStyle = colors.current;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
  }
}

/**
 * The ply nearest to x in a chart of `n` positions `w` wide.
 * @param {number} x
 * @param {number} n
 * @param {number} w
 */
export function plyAt(x, n, w) {
  if (n <= 1) return 0;
  const i = Math.round(((x - PAD) * (n - 1)) / (w - 2 * PAD));
  return Math.max(0, Math.min(n - 1, i));
}
