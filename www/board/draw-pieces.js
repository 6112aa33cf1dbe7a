// The pieces: a captain (a star), a sergeant (two chevrons) and a private (a stripe), in their
// side's colours with a ring that tells the sides apart without colour, each painted once into a
// cached sprite that the board's frames copy.
import { circle, makeCanvas, cached } from './draw-canvas.js';
/** @import { Piece, Side } from '../core/core-types.js' */
/** @import { Ctx } from './draw-canvas.js' */

/**
 * The pieces' colours, by side.
 * @type {Record<Side, {light: string, dark: string, outline: string, mark: string, path: string}>}
 */
export const COLORS = {
  blue: {
    light: '#4f86db',
    dark: '#163a78',
    outline: '#0b1d3d',
    mark: '#f4f7ff',
    path: '#2a5db0',
  },
  gray: {
    light: '#fbfbf9',
    dark: '#aeb3b9',
    outline: '#30343a',
    mark: '#2c3036',
    path: '#7d838b',
  },
};

/**
 * @param {Ctx} ctx
 * @param {number} x
 * @param {number} y
 * @param {number} r
 */
function star(ctx, x, y, r) {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    const px = x + Math.cos(a) * rr;
    const py = y + Math.sin(a) * rr;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

// The pieces' sprites, painted once per look and size: most frames are then a few blits.
/** @type {Map<string, OffscreenCanvas|HTMLCanvasElement>} */
const spriteCache = new Map();

/**
 * How a piece is drawn: the canvas's device pixels per CSS px, which way its side advances on
 * the screen (-1: up), lifted (dragged or gliding) and its opacity.
 * @typedef {{dpr?: number, forward?: number, lifted?: boolean, alpha?: number}} PieceOptions
 */

/**
 * One piece at canvas coordinates (x, y), from a cached sprite.
 * @param {Ctx} ctx
 * @param {number} cell
 * @param {number} x
 * @param {number} y
 * @param {Pick<Piece, 'color'|'kind'>} piece
 * @param {PieceOptions} [opts]
 */
export function drawPiece(ctx, cell, x, y, piece, opts = {}) {
  const dpr = opts.dpr || 1;
  const forward = opts.forward ?? -1;
  const lifted = !!opts.lifted;
  const half = Math.ceil(cell * 0.62);
  const key = `${piece.color}|${piece.kind}|${forward}|${lifted}|${cell.toFixed(2)}|${dpr}`;
  const sprite = cached(spriteCache, key, () => {
    const px = Math.ceil(2 * half * dpr);
    const { canvas, g } = makeCanvas(px, px);
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintPiece(g, cell, half, half, piece, { forward, lifted });
    return canvas;
  });
  ctx.save();
  ctx.globalAlpha = opts.alpha ?? 1;
  ctx.drawImage(sprite, x - half, y - half, 2 * half, 2 * half);
  ctx.restore();
}

/**
 * Paints one piece with vector drawing. `forward` is -1 when its side advances upwards.
 * @param {Ctx} ctx
 * @param {number} cell
 * @param {number} x
 * @param {number} y
 * @param {Pick<Piece, 'color'|'kind'>} piece
 * @param {PieceOptions} [opts]
 */
function paintPiece(ctx, cell, x, y, piece, opts = {}) {
  const c = COLORS[piece.color] || COLORS.blue;
  const captain = piece.kind === 'captain';
  const r = cell * (captain ? 0.45 : 0.37);
  ctx.save();
  ctx.globalAlpha = opts.alpha ?? 1;
  // Shadow: two soft rings instead of shadowBlur, which is slow on a CPU-rastered canvas.
  const drop = cell * (opts.lifted ? 0.09 : 0.035);
  circle(ctx, x, y + drop, r * 1.06);
  ctx.fillStyle = 'rgba(0,0,0,0.12)';
  ctx.fill();
  circle(ctx, x, y + drop * 0.6, r * 1.01);
  ctx.fillStyle = 'rgba(0,0,0,0.22)';
  ctx.fill();
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.4, r * 0.1, x, y, r);
  g.addColorStop(0, c.light);
  g.addColorStop(1, c.dark);
  circle(ctx, x, y, r);
  ctx.fillStyle = g;
  ctx.fill();
  // Outline: Blue solid, Gray thick dark rim. The inner ring tells the sides apart without
  // colour: solid on Blue, dashed on Gray.
  ctx.lineWidth = Math.max(1.2, cell * 0.035);
  ctx.strokeStyle = c.outline;
  ctx.stroke();
  circle(ctx, x, y, r * 0.8);
  ctx.lineWidth = Math.max(1, cell * 0.025);
  ctx.strokeStyle = c.mark;
  if (piece.color === 'gray') ctx.setLineDash([cell * 0.05, cell * 0.045]);
  ctx.stroke();
  ctx.setLineDash([]);
  // Rank marking.
  ctx.fillStyle = c.mark;
  ctx.strokeStyle = c.mark;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const f = opts.forward ?? -1; // -1: marking points up
  if (captain) {
    star(ctx, x, y + r * 0.03, r * 0.52);
    ctx.fill();
    if (piece.color === 'gray') {
      ctx.lineWidth = Math.max(1, cell * 0.02);
      ctx.strokeStyle = '#000';
      ctx.stroke();
    }
  } else if (piece.kind === 'sergeant') {
    ctx.lineWidth = cell * 0.065;
    const w = r * 0.42;
    for (const off of [-0.2, 0.2]) {
      const cy = y + off * r * 1.15;
      ctx.beginPath();
      ctx.moveTo(x - w, cy - f * w * 0.55);
      ctx.lineTo(x, cy + f * w * 0.45);
      ctx.lineTo(x + w, cy - f * w * 0.55);
      ctx.stroke();
    }
  } else {
    // Private: a single stripe.
    ctx.lineWidth = cell * 0.075;
    ctx.beginPath();
    ctx.moveTo(x - r * 0.42, y);
    ctx.lineTo(x + r * 0.42, y);
    ctx.stroke();
  }
  ctx.restore();
}
