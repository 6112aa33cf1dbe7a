// Drawing: a pure function of state. `drawBoard(ctx, view)` paints everything from `view` and
// nothing else; it never changes the state and never decides a rule (all rule data - legal
// moves, paths, marked diagonals - comes from the wasm `state()` object).

export const FILES = 'abcdefghi';

/** Point name -> {file, rank} (0-based), or null. */
export function parsePoint(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const file = FILES.indexOf(name[0]);
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || rank < 0 || rank > 8) return null;
  return { file, rank };
}

export function pointName(file, rank) {
  return FILES[file] + String(rank + 1);
}

/**
 * Geometry of a square board `size` CSS pixels wide. Points sit on a 9 x 9 grid with one cell
 * of frame around it. `flipped` shows Gray at the bottom.
 */
export function layout(size, flipped) {
  const cell = size / 10;
  const toXY = (name) => {
    const p = parsePoint(name);
    if (!p) return null;
    const col = flipped ? 8 - p.file : p.file;
    const row = flipped ? p.rank : 8 - p.rank;
    return { x: cell * (1 + col), y: cell * (1 + row) };
  };
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

const COLORS = {
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

/** The palette of a theme name (the wooden one for an unknown name). */
export function palette(theme) {
  return THEMES[theme] || THEMES.wood;
}

function circle(ctx, x, y, r) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

/** Width of the wooden frame strip around the playing surface, in cells. */
const FRAME = 0.34;

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

function polyline(ctx, L, points) {
  ctx.beginPath();
  points.forEach((name, i) => {
    const p = L.toXY(name);
    if (!p) return;
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
}

function drawPaths(ctx, L, gs, P) {
  const { cell } = L;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const side of ['gray', 'blue']) {
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

function drawRedDot(ctx, L) {
  const c = L.toXY('e5');
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

function markPoint(ctx, L, name, fill, radius = 0.47) {
  const p = L.toXY(name);
  if (!p) return;
  circle(ctx, p.x, p.y, L.cell * radius);
  ctx.fillStyle = fill;
  ctx.fill();
}

function drawLastMove(ctx, L, mv) {
  if (!mv) return;
  const { cell } = L;
  ctx.save();
  const pts = mv.points;
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
 */
function drawArrow(ctx, L, points, color, dashed = false) {
  const xy = points.map((p) => L.toXY(p)).filter(Boolean);
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

function makeCanvas(w, h) {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

// Caches of pre-rendered images: they change only with the board size, the pixel ratio and the
// orientation, so drawing stays a pure function of the view while most frames are a few blits.
const spriteCache = new Map();
const backgroundCache = new Map();

function cached(cache, key, make) {
  let v = cache.get(key);
  if (!v) {
    if (cache.size > 64) cache.clear();
    v = make();
    cache.set(key, v);
  }
  return v;
}

/** One piece at canvas coordinates (x, y), from a cached sprite. */
export function drawPiece(ctx, cell, x, y, piece, opts = {}) {
  const dpr = opts.dpr || 1;
  const forward = opts.forward ?? -1;
  const lifted = !!opts.lifted;
  const half = Math.ceil(cell * 0.62);
  const key = `${piece.color}|${piece.kind}|${forward}|${lifted}|${cell.toFixed(2)}|${dpr}`;
  const sprite = cached(spriteCache, key, () => {
    const px = Math.ceil(2 * half * dpr);
    const c = makeCanvas(px, px);
    const g = c.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    paintPiece(g, cell, half, half, piece, { forward, lifted });
    return c;
  });
  ctx.save();
  ctx.globalAlpha = opts.alpha ?? 1;
  ctx.drawImage(sprite, x - half, y - half, 2 * half, 2 * half);
  ctx.restore();
}

/** Paints one piece with vector drawing. `forward` is -1 when its side advances upwards. */
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

/**
 * Where an animated move's piece is at progress `t` (0..1) along its points, each step or hop
 * taking an equal share, and which captured guards still stand: each until the piece is
 * halfway over it.
 */
function animationFrame(L, { points, captured, t }) {
  const hops = points.length - 1;
  const along = Math.min(Math.max(t, 0), 1) * hops;
  const i = Math.min(Math.floor(along), hops - 1);
  const a = L.toXY(points[i]);
  const b = L.toXY(points[i + 1]);
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
 */
export function drawBoard(ctx, view) {
  const { gs, layout: L } = view;
  const { cell } = L;
  const dpr = view.dpr || 1;
  ctx.clearRect(0, 0, L.size, L.size);
  const pathKey = gs ? `${gs.paths.blue.join('')}|${gs.paths.gray.join('')}|${gs.progress.blue}|${gs.progress.gray}` : '';
  const coordinates = view.coordinates !== false;
  const P = palette(view.theme);
  const bg = cached(backgroundCache, `${L.size}|${dpr}|${L.flipped}|${coordinates}|${view.theme}|${pathKey}`, () => {
    const px = Math.round(L.size * dpr);
    const c = makeCanvas(px, px);
    const g = c.getContext('2d');
    g.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawFrame(g, L, P);
    if (coordinates) drawCoordinates(g, L, P);
    drawGrid(g, L, P);
    if (gs) {
      drawPaths(g, L, gs, P);
      drawRedDot(g, L);
    }
    return c;
  });
  ctx.drawImage(bg, 0, 0, L.size, L.size);
  if (!gs) return;
  drawLastMove(ctx, L, gs.lastMove);

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
  let moving = null;
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
  if (gliding) {
    drawPiece(ctx, cell, anim.x, anim.y, gliding.piece, { dpr, forward: gliding.forward, lifted: true });
  }
  if (moving) {
    if (view.drag) {
      const a = L.toXY(at);
      drawPiece(ctx, cell, a.x, a.y, moving.piece, { dpr, forward: moving.forward, alpha: 0.3 });
      drawPiece(ctx, cell, view.drag.x, view.drag.y, moving.piece, {
        dpr,
        forward: moving.forward,
        lifted: true,
      });
    } else {
      const a = L.toXY(at);
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
