// The board's geometry: point names, and where each point is on a board of a given size and
// orientation (and which point is under a pointer). Pure: the drawing (draw.js), the pointer
// input and the page's overlays all place points through it.

/** @typedef {{x: number, y: number}} XY */

/**
 * The geometry of a board (`layout`): its size and cell in CSS px, whether Gray is at the
 * bottom, and the conversions between point names and coordinates (null off the board).
 * @typedef {{size: number, cell: number, flipped: boolean, toXY: (name: string|null|undefined) => XY|null, toPoint: (x: number, y: number) => string|null}} Layout
 */

export const FILES = 'abcdefghi';

/**
 * Point name -> {file, rank} (0-based), or null.
 * @param {unknown} name
 * @returns {{file: number, rank: number}|null}
 */
export function parsePoint(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const file = FILES.indexOf(name[0]);
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || rank < 0 || rank > 8) return null;
  return { file, rank };
}

/**
 * The name of the point at `file` and `rank` (0-based).
 * @param {number} file
 * @param {number} rank
 * @returns {string}
 */
export function pointName(file, rank) {
  return FILES[file] + String(rank + 1);
}

/**
 * Geometry of a square board `size` CSS pixels wide. Points sit on a 9 x 9 grid with one cell
 * of frame around it. `flipped` shows Gray at the bottom.
 * @param {number} size
 * @param {boolean} flipped
 * @returns {Layout}
 */
export function layout(size, flipped) {
  const cell = size / 10;
  /** @type {Layout['toXY']} */
  const toXY = (name) => {
    const p = parsePoint(name);
    if (!p) return null;
    const col = flipped ? 8 - p.file : p.file;
    const row = flipped ? p.rank : 8 - p.rank;
    return { x: cell * (1 + col), y: cell * (1 + row) };
  };
  /** @type {Layout['toPoint']} */
  const toPoint = (x, y) => {
    const col = Math.round(x / cell - 1);
    const row = Math.round(y / cell - 1);
    if (col < 0 || col > 8 || row < 0 || row > 8) return null;
    const dx = x - cell * (1 + col);
    const dy = y - cell * (1 + row);
    if (dx * dx + dy * dy > (cell * 0.5) ** 2) return null;
    const file = flipped ? 8 - col : col;
    const rank = flipped ? row : 8 - row;
    return pointName(file, rank);
  };
  return { size, cell, flipped, toXY, toPoint };
}
