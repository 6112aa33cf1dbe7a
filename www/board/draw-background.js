// The board without its pieces: the wooden frame with the point names on it, the grid, the
// captains' paths with their walked part, the marked diagonals and the red dot, in a theme's
// colours. It changes only with the size, the pixel ratio, the orientation, the theme and the
// paths, so it is painted once into a cached canvas that each frame copies.
import { FILES } from './draw-layout.js';
import { circle, polyline, pointXY, makeCanvas, cached } from './draw-canvas.js';
import { COLORS } from './draw-pieces.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { Layout } from './draw-layout.js' */
/** @import { Ctx } from './draw-canvas.js' */

/**
 * The board's colours in each theme (the pieces keep theirs: their shapes, chevrons and stars,
 * tell them apart without colour). `wood` is the 1903 look, `dark` suits a dark screen,
 * `contrast` has the strongest lines and edges.
 */
const THEMES = {
  wood: {
    frame: ['#9a6535', '#83522a', '#6e4420'],
    grain: '#2b1705',
    surface: ['#f6e7c4', '#e6cf9a'],
    surfaceEdge: 'rgba(60,35,10,0.55)',
    grid: 'rgba(80,50,20,0.7)',
    gridWidth: 0.028,
    coordinates: 'rgba(250,236,205,0.92)',
    halo: 'rgba(255,250,235,0.7)',
    path: { blue: COLORS.blue.path, gray: COLORS.gray.path },
    diagonal: 'rgba(30,20,10,0.55)',
    target: '#1f6e38',
    targetRing: 'rgba(255,255,255,0.9)',
    arrow: 'rgba(20,120,60,0.85)',
    mistake: 'rgba(185,35,20,0.85)',
  },
  dark: {
    frame: ['#3b3d44', '#2c2e34', '#202227'],
    grain: '#000000',
    surface: ['#4a505a', '#3a3f48'],
    surfaceEdge: 'rgba(0,0,0,0.6)',
    grid: 'rgba(210,215,225,0.55)',
    gridWidth: 0.028,
    coordinates: 'rgba(230,234,240,0.92)',
    halo: 'rgba(20,22,26,0.6)',
    path: { blue: '#6f9cf0', gray: '#c9ced6' },
    diagonal: 'rgba(240,240,240,0.6)',
    target: 'rgba(120,230,150,0.85)',
    targetRing: 'rgba(0,0,0,0.9)',
    arrow: 'rgba(110,230,150,0.9)',
    mistake: 'rgba(255,120,100,0.9)',
  },
  contrast: {
    frame: ['#000000', '#000000', '#000000'],
    grain: '#000000',
    surface: ['#ffffff', '#ffffff'],
    surfaceEdge: '#000000',
    grid: '#000000',
    gridWidth: 0.034,
    coordinates: '#ffffff',
    halo: '#ffffff',
    path: { blue: '#0033cc', gray: '#555555' },
    diagonal: '#000000',
    target: '#007a1f',
    targetRing: '#ffffff',
    arrow: '#b00000',
    mistake: '#000000',
  },
};

/** @typedef {typeof THEMES.wood} Palette */

/**
 * The palette of a theme name (the wooden one for an unknown name).
 * @param {string|null|undefined} theme
 * @returns {Palette}
 */
export function palette(theme) {
  /** @type {Record<string, Palette|undefined>} */
  const byName = THEMES;
  return (theme !== null && theme !== undefined && byName[theme]) || THEMES.wood;
}

/** Width of the wooden frame strip around the playing surface, in cells. */
const FRAME = 0.34;

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {Palette} P
 */
function drawFrame(ctx, L, P) {
  const { size, cell } = L;
  // The frame, with a little grain.
  const wood = ctx.createLinearGradient(0, 0, size, size);
  wood.addColorStop(0, P.frame[0]);
  wood.addColorStop(0.5, P.frame[1]);
  wood.addColorStop(1, P.frame[2]);
  ctx.fillStyle = wood;
  roundRect(ctx, 0, 0, size, size, cell * 0.18);
  ctx.fill();
  ctx.save();
  ctx.globalAlpha = 0.09;
  ctx.strokeStyle = P.grain;
  ctx.lineWidth = Math.max(1, cell * 0.02);
  for (let i = 0; i < 34; i++) {
    const y = (i / 34) * size;
    ctx.beginPath();
    ctx.moveTo(0, y);
    for (let x = 0; x <= size; x += size / 24) {
      ctx.lineTo(x, y + Math.sin(x / size * 9 + i * 1.7) * cell * 0.06);
    }
    ctx.stroke();
  }
  ctx.restore();
  // The playing surface.
  const inset = cell * FRAME;
  const board = ctx.createRadialGradient(size / 2, size / 2, cell, size / 2, size / 2, size * 0.75);
  board.addColorStop(0, P.surface[0]);
  board.addColorStop(1, P.surface[1]);
  ctx.fillStyle = board;
  roundRect(ctx, inset, inset, size - 2 * inset, size - 2 * inset, cell * 0.1);
  ctx.fill();
  ctx.strokeStyle = P.surfaceEdge;
  ctx.lineWidth = Math.max(1, cell * 0.025);
  ctx.stroke();
}

/**
 * @param {Ctx} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} w
 * @param {number} h
 * @param {number} r
 */
function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// The labels sit on the wooden frame, outside the playing surface, where no piece (a captain
// reaches nearly half a cell past its point) can ever cover them.
/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {Palette} P
 */
function drawCoordinates(ctx, L, P) {
  const { cell, flipped } = L;
  const rim = (cell * FRAME) / 2; // the middle of the frame strip
  ctx.save();
  ctx.fillStyle = P.coordinates;
  // Scaled with the board, but never below 10 CSS px while the strip can hold it: on a phone a
  // fifth of a cell is only 8 px.
  const px = Math.max(cell * 0.22, Math.min(10, cell * FRAME * 0.85));
  ctx.font = `600 ${Math.round(px)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = 0; i < 9; i++) {
    const file = flipped ? 8 - i : i;
    const rank = flipped ? i : 8 - i;
    const x = cell * (1 + i);
    ctx.fillText(FILES[file], x, L.size - rim);
    ctx.fillText(String(rank + 1), rim, cell * (1 + i));
  }
  ctx.restore();
}

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {Palette} P
 */
function drawGrid(ctx, L, P) {
  const { cell } = L;
  ctx.save();
  ctx.strokeStyle = P.grid;
  ctx.lineWidth = Math.max(1, cell * P.gridWidth);
  ctx.lineCap = 'square';
  ctx.beginPath();
  for (let i = 0; i < 9; i++) {
    const t = cell * (1 + i);
    ctx.moveTo(cell, t);
    ctx.lineTo(cell * 9, t);
    ctx.moveTo(t, cell);
    ctx.lineTo(t, cell * 9);
  }
  ctx.stroke();
  ctx.restore();
}

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {GameState} gs
 * @param {Palette} P
 */
function drawPaths(ctx, L, gs, P) {
  const { cell } = L;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  /** @type {Side[]} */
  const sides = ['gray', 'blue'];
  for (const side of sides) {
    const path = gs.paths[side];
    if (!path || !path.length) continue;
    // Halo, then the heavy coloured line.
    polyline(ctx, L, path);
    ctx.strokeStyle = P.halo;
    ctx.lineWidth = cell * 0.17;
    ctx.stroke();
    polyline(ctx, L, path);
    ctx.strokeStyle = P.path[side];
    ctx.lineWidth = cell * 0.1;
    ctx.stroke();
    // Walked part of the path, drawn as a lighter inner stripe so progress is visible on the board.
    const walked = path.slice(0, (gs.progress[side] || 0) + 1);
    if (walked.length > 1) {
      polyline(ctx, L, walked);
      ctx.strokeStyle = side === 'blue' ? 'rgba(200,220,255,0.85)' : 'rgba(245,245,245,0.9)';
      ctx.lineWidth = cell * 0.035;
      ctx.setLineDash([cell * 0.12, cell * 0.1]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // Start of the path: a ring.
    const s = L.toXY(path[0]);
    if (s) {
      circle(ctx, s.x, s.y, cell * 0.13);
      ctx.fillStyle = P.path[side];
      ctx.fill();
    }
  }
  // The marked diagonals (they are part of the paths): a thin dark centre line to stress them.
  ctx.strokeStyle = P.diagonal;
  ctx.lineWidth = Math.max(1, cell * 0.02);
  for (const [a, b] of gs.diagonals || []) {
    const p = L.toXY(a);
    const q = L.toXY(b);
    if (!p || !q) continue;
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(q.x, q.y);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 */
function drawRedDot(ctx, L) {
  const c = pointXY(L, 'e5');
  const r = L.cell * 0.17;
  ctx.save();
  circle(ctx, c.x, c.y, r * 1.35);
  ctx.fillStyle = 'rgba(255,245,225,0.9)';
  ctx.fill();
  const g = ctx.createRadialGradient(c.x - r * 0.3, c.y - r * 0.3, r * 0.1, c.x, c.y, r);
  g.addColorStop(0, '#ff6b5e');
  g.addColorStop(1, '#b3170c');
  circle(ctx, c.x, c.y, r);
  ctx.fillStyle = g;
  ctx.fill();
  ctx.strokeStyle = '#6d0d05';
  ctx.lineWidth = Math.max(1, L.cell * 0.02);
  ctx.stroke();
  ctx.restore();
}

/** @type {Map<string, OffscreenCanvas|HTMLCanvasElement>} */
const backgroundCache = new Map();

/**
 * The board without its pieces for layout `L` at `dpr` device pixels per CSS px, from the cache
 * when it was painted before: point names on the frame when `coordinates`, in the palette of
 * `theme`, with the paths and the red dot of `gs` (none before a game).
 * @param {Layout} L
 * @param {number} dpr
 * @param {{gs: GameState|null, coordinates: boolean, theme: string|undefined}} view
 * @returns {OffscreenCanvas|HTMLCanvasElement}
 */
export function background(L, dpr, { gs, coordinates, theme }) {
  const pathKey = gs ? `${gs.paths.blue.join('')}|${gs.paths.gray.join('')}|${gs.progress.blue}|${gs.progress.gray}` : '';
  const P = palette(theme);
  return cached(backgroundCache, `${L.size}|${dpr}|${L.flipped}|${coordinates}|${theme}|${pathKey}`, () => {
    const px = Math.round(L.size * dpr);
    const { canvas, g } = makeCanvas(px, px);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawFrame(g, L, P);
    if (coordinates) drawCoordinates(g, L, P);
    drawGrid(g, L, P);
    if (gs) {
      drawPaths(g, L, gs, P);
      drawRedDot(g, L);
    }
    return canvas;
  });
}
