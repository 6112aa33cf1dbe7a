// Drawing: a pure function of state. `drawBoard(ctx, view)` paints everything from `view` and
// nothing else; it never changes the state and never decides a rule (all rule data - legal
// moves, paths, marked diagonals - comes from the wasm `state()` object). The board's geometry
// is draw-layout.js's, its background (frame, grid, paths) draw-background.js's and the pieces
// draw-pieces.js's; this paints the position and what the player sees of the game over them.
import { travelled, moverPath } from '../lib/moves.js';
import { background, palette } from './draw-background.js';
import { drawPiece } from './draw-pieces.js';
import { circle, polyline, pointXY } from './draw-canvas.js';
/** @import { GameState, Move, Piece } from '../core/core-types.js' */
/** @import { SelectionView } from './selection.js' */
/** @import { Layout, XY } from './draw-layout.js' */
/** @import { Ctx } from './draw-canvas.js' */

export { FILES, parsePoint, pointName, layout } from './draw-layout.js';
export { palette } from './draw-background.js';
export { drawPiece } from './draw-pieces.js';

/**
 * A move gliding into place (board/anim.js): its points, the pieces it captures (drawn until
 * the piece passes them) and how far it is, from 0 to 1.
 * @typedef {{points: string[], captured: Piece[], t: number}} AnimView
 */

/**
 * Everything drawBoard paints from; see drawBoard.
 * @typedef {{
 *   gs: GameState|null,
 *   layout: Layout,
 *   selection?: SelectionView|null,
 *   movable?: string[],
 *   drag?: XY|null,
 *   cursor?: string|null,
 *   winnerCaptain?: string|null,
 *   coordinates?: boolean,
 *   theme?: string,
 *   arrows?: string[][],
 *   mistakes?: string[][],
 *   dpr?: number,
 *   anim?: AnimView|null,
 * }} DrawView
 */

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {string|null} name
 * @param {string} fill
 * @param {number} [radius]
 */
function markPoint(ctx, L, name, fill, radius = 0.47) {
  const p = L.toXY(name);
  if (!p) return;
  circle(ctx, p.x, p.y, L.cell * radius);
  ctx.fillStyle = fill;
  ctx.fill();
}

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {Move|undefined} mv
 * @param {readonly string[]|null} path the mover's path: a captain's slide is drawn along it
 */
function drawLastMove(ctx, L, mv, path) {
  if (!mv) return;
  const { cell } = L;
  ctx.save();
  const pts = path ? travelled(mv, path) : mv.points;
  markPoint(ctx, L, pts[0], 'rgba(255,206,64,0.45)');
  markPoint(ctx, L, pts[pts.length - 1], 'rgba(255,206,64,0.6)');
  if (pts.length > 2 || mv.kind === 'capture' || mv.kind === 'captain') {
    polyline(ctx, L, pts);
    ctx.strokeStyle = 'rgba(200,140,0,0.7)';
    ctx.lineWidth = cell * 0.05;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
  for (const c of mv.captured || []) cross(ctx, L, c, 'rgba(160,30,20,0.55)');
  ctx.restore();
}

/**
 * An arrow along a move's points, its head on the last one: solid for a hint, with a dashed
 * shaft for a mistake, so that the two differ in shape as well as in colour.
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {readonly string[]} points
 * @param {string} color
 * @param {boolean} [dashed]
 */
function drawArrow(ctx, L, points, color, dashed = false) {
  const xy = points.map((p) => L.toXY(p)).filter((p) => p !== null);
  if (xy.length < 2) return;
  const { cell } = L;
  const a = xy[xy.length - 2];
  const b = xy[xy.length - 1];
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  const head = cell * 0.32;
  // The shaft stops short of the head's tip, which stops short of the point's centre.
  const tip = { x: b.x - Math.cos(angle) * cell * 0.12, y: b.y - Math.sin(angle) * cell * 0.12 };
  const base = { x: tip.x - Math.cos(angle) * head, y: tip.y - Math.sin(angle) * head };
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = cell * 0.12;
  ctx.lineCap = dashed ? 'butt' : 'round';
  ctx.lineJoin = 'round';
  if (dashed) ctx.setLineDash([cell * 0.16, cell * 0.1]);
  ctx.beginPath();
  ctx.moveTo(xy[0].x, xy[0].y);
  for (const p of xy.slice(1, -1)) ctx.lineTo(p.x, p.y);
  ctx.lineTo(base.x, base.y);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(tip.x, tip.y);
  ctx.lineTo(base.x + Math.cos(angle + Math.PI / 2) * head * 0.6, base.y + Math.sin(angle + Math.PI / 2) * head * 0.6);
  ctx.lineTo(base.x + Math.cos(angle - Math.PI / 2) * head * 0.6, base.y + Math.sin(angle - Math.PI / 2) * head * 0.6);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * @param {Ctx} ctx
 * @param {Layout} L
 * @param {string} name
 * @param {string} color
 */
function cross(ctx, L, name, color) {
  const p = L.toXY(name);
  if (!p) return;
  const d = L.cell * 0.14;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = L.cell * 0.05;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(p.x - d, p.y - d);
  ctx.lineTo(p.x + d, p.y + d);
  ctx.moveTo(p.x + d, p.y - d);
  ctx.lineTo(p.x - d, p.y + d);
  ctx.stroke();
  ctx.restore();
}

/**
 * Where an animated move's piece is at progress `t` (0..1) along its points, each step or hop
 * taking an equal share, and which captured guards still stand: each until the piece is
 * halfway over it.
 * @param {Layout} L
 * @param {AnimView} anim
 * @returns {{to: string, x: number, y: number, captured: Piece[]}}
 */
function animationFrame(L, { points, captured, t }) {
  const hops = points.length - 1;
  const along = Math.min(Math.max(t, 0), 1) * hops;
  const i = Math.min(Math.floor(along), hops - 1);
  const a = pointXY(L, points[i]);
  const b = pointXY(L, points[i + 1]);
  const f = along - i;
  return {
    to: points[hops],
    x: a.x + (b.x - a.x) * f,
    y: a.y + (b.y - a.y) * f,
    captured: captured.filter((_, k) => along < k + 0.5),
  };
}

/**
 * Paints the whole board.
 *
 * view = {
 *   gs: the wasm state object,
 *   layout: from layout(),
 *   selection: null | {path: [points so far], targets: [points], captured: [points]},
 *   movable: [points of pieces that may be picked, shown when a capture is compulsory],
 *   drag: null | {x, y} (pointer position while dragging the selected piece),
 *   cursor: null | point name (keyboard cursor, shown when focused),
 *   winnerCaptain: null | point name,
 *   coordinates: whether point names are drawn on the frame (default true),
 *   theme: 'wood' | 'dark' | 'contrast' (palette()),
 *   arrows: [[points of a move], …] drawn as arrows (a hint),
 *   mistakes: [[points of a move], …] drawn as dashed arrows (a move marked as a mistake),
 *   dpr: device pixel ratio of the canvas,
 *   anim: null | {points, captured: [pieces], t} (the computer's move gliding in, t from 0 to 1),
 * }
 * @param {Ctx} ctx
 * @param {DrawView} view
 * @returns {void}
 */
export function drawBoard(ctx, view) {
  const { gs, layout: L } = view;
  const { cell } = L;
  const dpr = view.dpr || 1;
  ctx.clearRect(0, 0, L.size, L.size);
  const P = palette(view.theme);
  const bg = background(L, dpr, { gs, coordinates: view.coordinates !== false, theme: view.theme });
  ctx.drawImage(bg, 0, 0, L.size, L.size);
  if (!gs) return;
  drawLastMove(ctx, L, gs.lastMove, gs.lastMove ? moverPath(gs, gs.lastMove) : null);

  const sel = view.selection;
  const from = sel ? sel.path[0] : null;
  const at = sel ? sel.path[sel.path.length - 1] : null;
  const capturedNow = new Set(sel ? sel.captured : []);

  for (const p of view.movable || []) {
    const xy = L.toXY(p);
    if (!xy) continue;
    circle(ctx, xy.x, xy.y, cell * 0.46);
    ctx.strokeStyle = 'rgba(226,120,0,0.95)';
    ctx.lineWidth = cell * 0.06;
    ctx.stroke();
  }
  if (sel) {
    markPoint(ctx, L, at, 'rgba(40,140,60,0.35)', 0.5);
    if (sel.path.length > 1) {
      ctx.save();
      polyline(ctx, L, sel.path);
      ctx.strokeStyle = 'rgba(30,110,50,0.75)';
      ctx.lineWidth = cell * 0.06;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.stroke();
      ctx.restore();
    }
  }
  if (view.winnerCaptain) markPoint(ctx, L, view.winnerCaptain, 'rgba(255,200,40,0.55)', 0.6);

  // Pieces; the selected one is drawn where its partial move has taken it (or under the pointer).
  const anim = view.anim ? animationFrame(L, view.anim) : null;
  /** @type {{piece: Piece, forward: number}|null} */
  let moving = null;
  /** @type {{piece: Piece, forward: number}|null} */
  let gliding = null;
  const pieces = anim ? [...gs.board, ...anim.captured] : gs.board;
  for (const piece of pieces) {
    const xy = L.toXY(piece.point);
    if (!xy) continue;
    const forward = (piece.color === 'blue') !== L.flipped ? -1 : 1;
    if (piece.point === from) {
      moving = { piece, forward };
      continue;
    }
    if (anim && piece.point === anim.to) {
      gliding = { piece, forward };
      continue;
    }
    drawPiece(ctx, cell, xy.x, xy.y, piece, {
      dpr,
      forward,
      alpha: capturedNow.has(piece.point) ? 0.35 : 1,
    });
    if (capturedNow.has(piece.point)) cross(ctx, L, piece.point, 'rgba(170,20,10,0.9)');
  }
  if (sel) {
    // Destinations: a solid dot in a light ring, large enough to see on a path line on a phone.
    for (const t of sel.targets) {
      const xy = L.toXY(t);
      if (!xy) continue;
      circle(ctx, xy.x, xy.y, cell * 0.2);
      ctx.fillStyle = P.targetRing;
      ctx.fill();
      circle(ctx, xy.x, xy.y, cell * 0.15);
      ctx.fillStyle = P.target;
      ctx.fill();
    }
  }
  for (const points of view.mistakes || []) drawArrow(ctx, L, points, P.mistake, true);
  for (const points of view.arrows || []) drawArrow(ctx, L, points, P.arrow);
  // A piece glides only while there is an animation frame.
  if (gliding && anim) {
    drawPiece(ctx, cell, anim.x, anim.y, gliding.piece, { dpr, forward: gliding.forward, lifted: true });
  }
  if (moving) {
    if (view.drag) {
      const a = pointXY(L, at);
      drawPiece(ctx, cell, a.x, a.y, moving.piece, { dpr, forward: moving.forward, alpha: 0.3 });
      drawPiece(ctx, cell, view.drag.x, view.drag.y, moving.piece, {
        dpr,
        forward: moving.forward,
        lifted: true,
      });
    } else {
      const a = pointXY(L, at);
      drawPiece(ctx, cell, a.x, a.y, moving.piece, { dpr, forward: moving.forward });
      circle(ctx, a.x, a.y, cell * 0.48);
      ctx.strokeStyle = 'rgba(25,110,45,0.95)';
      ctx.lineWidth = cell * 0.05;
      ctx.stroke();
    }
  }
  if (view.cursor) {
    const xy = L.toXY(view.cursor);
    if (xy) {
      ctx.save();
      ctx.strokeStyle = 'rgba(20,20,20,0.85)';
      ctx.lineWidth = Math.max(1.5, cell * 0.03);
      ctx.setLineDash([cell * 0.08, cell * 0.06]);
      ctx.strokeRect(xy.x - cell * 0.5, xy.y - cell * 0.5, cell, cell);
      ctx.restore();
    }
  }
}

