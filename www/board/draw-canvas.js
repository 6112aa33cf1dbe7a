// What the board's drawing modules share: the 2D context they paint on, a few paths (a circle,
// a line through points), canvases off the page and the caches of what is painted on them once.
/** @import { Layout, XY } from './draw-layout.js' */

/**
 * A 2D context: a canvas's on the page, or one off it (the cached sprites and backgrounds).
 * @typedef {CanvasRenderingContext2D|OffscreenCanvasRenderingContext2D} Ctx
 */

/**
 * A circle's path (not yet filled or stroked).
 * @param {Ctx} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
export function circle(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

/**
 * A line's path through `points` (not yet stroked); points off the board are left out.
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {readonly string[]} points
 */
export function polyline(ctx, L, points) {
  ctx.beginPath();
  points.forEach((name, i) => {
    const p = L.toXY(name);
    if (!p) return;
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
}

/**
 * Where point `name` is drawn: a point the drawing needs (the red dot, a move's points), so one
 * off the board is a bug of the view.
 * @param {Layout} L
 * @param {string|null} name
 * @returns {XY}
 */
export function pointXY(L, name) {
  const p = L.toXY(name);
  if (!p) throw new Error(`Not a point of the board: ${name}`);
  return p;
}

/**
 * A canvas off the page, `w` × `h` pixels, and its 2D context.
 * @param {number} w
 * @param {number} h
 * @returns {{canvas: OffscreenCanvas|HTMLCanvasElement, g: Ctx}}
 */
export function makeCanvas(w, h) {
  if (typeof OffscreenCanvas !== 'undefined') {
    const offscreen = new OffscreenCanvas(w, h);
    return { canvas: offscreen, g: context2d(offscreen.getContext('2d')) };
  }
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return { canvas: c, g: context2d(c.getContext('2d')) };
}

/**
 * A canvas's 2D context, which a browser gives unless it cannot draw at all.
 * @param {Ctx|null} g
 * @returns {Ctx}
 */
function context2d(g) {
  if (!g) throw new Error('The browser gave no 2D context for a canvas.');
  return g;
}

/**
 * The value of `key` in `cache`, made (and kept) the first time it is asked for; a cache that
 * grows past 64 values starts again (a resized window makes new sizes).
 * @template T
 * @param {Map<string, T>} cache
 * @param {string} key
 * @param {() => T} make
 * @returns {T}
 */
export function cached(cache, key, make) {
  let v = cache.get(key);
  if (!v) {
    if (cache.size > 64) cache.clear();
    v = make();
    cache.set(key, v);
  }
  return v;
}
