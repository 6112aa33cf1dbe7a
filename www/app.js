// The controller: owns the wasm Game, the settings and the AI worker; turns input intents into
// state changes; renders (canvas via draw.js, the rest of the page via the DOM).
import { layout, drawBoard } from './draw.js';
import { attachInput } from './input.js';
import * as S from './state.js';

// The wasm bindings, loaded in main() so that a missing or broken build shows a message.
let Game = null;
let variants = null;

const $ = (id) => document.getElementById(id);
const SAVE_KEY = 'bluegray.game.v1';
const SIDE = { blue: 'Blue', gray: 'Gray' };
const MODES = ['ai', 'two', 'demo'];
const MODE_ALIASES = { ai: 'ai', computer: 'ai', two: 'two', human: 'two', humans: 'two', hotseat: 'two', '2p': 'two', demo: 'demo', auto: 'demo' };
const DEFAULTS = { variant: 'sackson', mode: 'ai', side: 'blue', level: 3, movetime: 0 };

const app = {
  game: null,
  gs: null,
  ui: S.initialUi(),
  settings: { ...DEFAULTS },
  catalogue: null,
  userFlip: false,
  focused: false,
  ai: { worker: null, pending: null, nextId: 1, timer: null, info: '' },
  notice: '',
  L: null,
  renderQueued: false,
  /** A demo held still, so that its moves can be stepped through with Undo and Redo. */
  paused: false,
  /** The computer's last move gliding into place: {code, points, captured, start, duration}. */
  anim: null,
};

/** Milliseconds a piece takes over one step or hop of an animated move. */
const HOP_MS = 170;

// ---------------------------------------------------------------- settings & persistence

function levelName(n) {
  const l = app.catalogue && app.catalogue.levels.find((x) => x.number === n);
  return l ? `level ${n}, ${l.name}` : `level ${n}`;
}

function isHuman(side) {
  const { mode } = app.settings;
  if (mode === 'two') return true;
  if (mode === 'demo') return false;
  return side === app.settings.side;
}

/** The computer is about to think or thinking. */
function aiBusy() {
  return !!(app.ai.pending || app.ai.timer);
}

function canHumanMove() {
  const gs = app.gs;
  return !!gs && !gs.result && isHuman(gs.side) && !app.ai.pending;
}

function flipped() {
  const auto = app.settings.mode === 'ai' && app.settings.side === 'gray';
  return auto !== app.userFlip;
}

function save() {
  if (!app.gs) return;
  try {
    localStorage.setItem(SAVE_KEY, JSON.stringify({ version: 1, settings: app.settings, record: app.gs.record }));
  } catch {
    /* storage may be unavailable (private mode, quota): saving is a nicety */
  }
}

function loadSaved() {
  let raw = null;
  try {
    raw = localStorage.getItem(SAVE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const data = JSON.parse(raw);
    if (!data || data.version !== 1 || typeof data.record !== 'string') throw new Error('unknown format');
    const game = Game.fromRecord(data.record);
    const settings = sanitizeSettings(data.settings || {});
    return { game, settings };
  } catch (e) {
    try {
      localStorage.removeItem(SAVE_KEY);
    } catch {
      /* ignore */
    }
    showNotice(`The saved game could not be restored (${e.message || e}); starting a new game.`);
    return null;
  }
}

function sanitizeSettings(s) {
  const out = { ...DEFAULTS };
  if (MODES.includes(s.mode)) out.mode = s.mode;
  if (s.side === 'blue' || s.side === 'gray') out.side = s.side;
  const max = app.catalogue ? app.catalogue.maxLevel : 8;
  if (Number.isInteger(s.level) && s.level >= 1 && s.level <= max) out.level = s.level;
  if (Number.isFinite(s.movetime) && s.movetime >= 0 && s.movetime <= 600000) out.movetime = s.movetime;
  if (typeof s.variant === 'string') out.variant = s.variant;
  return out;
}

/** Reads the URL parameters; bad ones are reported and ignored. */
function readParams() {
  const q = new URLSearchParams(location.search);
  const got = {};
  const errors = [];
  const max = app.catalogue.maxLevel;
  if (q.has('variant')) {
    const v = q.get('variant');
    try {
      new Game(v).free();
      got.variant = v;
    } catch (e) {
      errors.push(`variant "${v}": ${e.message}`);
    }
  }
  if (q.has('mode')) {
    const m = MODE_ALIASES[(q.get('mode') || '').toLowerCase()];
    if (m) got.mode = m;
    else errors.push(`mode "${q.get('mode')}": expected ai, two or demo`);
  }
  if (q.has('side')) {
    const s = (q.get('side') || '').toLowerCase();
    if (s === 'blue' || s === 'gray' || s === 'grey') got.side = s === 'grey' ? 'gray' : s;
    else errors.push(`side "${q.get('side')}": expected blue or gray`);
  }
  if (q.has('level')) {
    const n = Number(q.get('level'));
    if (Number.isInteger(n) && n >= 1 && n <= max) got.level = n;
    else errors.push(`level "${q.get('level')}": expected a whole number from 1 to ${max}`);
  }
  if (q.has('movetime')) {
    const n = Number(q.get('movetime'));
    if (Number.isFinite(n) && n >= 0 && n <= 600000) got.movetime = n;
    else errors.push(`movetime "${q.get('movetime')}": expected milliseconds from 0 to 600000`);
  }
  if (q.has('position')) got.position = q.get('position');
  if (q.has('record')) got.record = q.get('record');
  return { got, errors };
}

// ---------------------------------------------------------------- game flow

function showNotice(text) {
  app.notice = text;
  scheduleRender();
}

function newGame({ variant, code, record } = {}) {
  cancelAi();
  app.paused = false;
  let game = null;
  try {
    if (record) game = Game.fromRecord(record);
    else if (code) game = Game.fromCode(variant || app.settings.variant, code);
    else game = new Game(variant || app.settings.variant);
  } catch (e) {
    showNotice(`${e.message || e}. Starting a ${variant || DEFAULTS.variant} game instead.`);
    try {
      game = new Game(variant || DEFAULTS.variant);
    } catch {
      game = new Game(DEFAULTS.variant);
    }
  }
  // A loaded record keeps its own players and date.
  if (!record) tagPlayers(game);
  setGame(game);
}

/** Writes who plays each side and today's date into the game's record. */
function tagPlayers(game) {
  const name = (side) => (isHuman(side) ? 'Human' : `Computer (${levelName(app.settings.level)})`);
  const d = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  try {
    game.setTag('Blue', name('blue'));
    game.setTag('Gray', name('gray'));
    game.setTag('Date', `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`);
  } catch (e) {
    showNotice(String(e.message || e));
  }
}

function setGame(game) {
  if (app.game) app.game.free();
  app.game = game;
  app.ui = { ...S.initialUi() };
  app.ai.info = '';
  refresh();
  // The form shows the game in progress; it is not reset on every move, so that a player can
  // prepare the next game's settings meanwhile.
  syncForm();
}

function refresh() {
  app.gs = app.game.state();
  app.settings.variant = app.gs.variant;
  if (app.ui.path && !S.movesWithPrefix(app.gs.moves, app.ui.path).length) app.ui = { ...app.ui, path: null };
  save();
  scheduleRender();
  maybeAi();
}

function playIndex(i) {
  try {
    app.game.playIndex(i);
  } catch (e) {
    showNotice(String(e.message || e));
  }
  app.ui = { ...app.ui, path: null, drag: null };
  refresh();
}

function undo() {
  cancelAi();
  if (!app.game.undo()) return refresh();
  // Against the computer, take back to the human's turn.
  if (app.settings.mode === 'ai') {
    let st = app.game.state();
    while (!isHuman(st.side) && st.canUndo) {
      app.game.undo();
      st = app.game.state();
    }
  }
  app.ui = { ...app.ui, path: null, notice: '' };
  app.ai.info = '';
  refresh();
}

function redo() {
  cancelAi();
  if (!app.game.redo()) return refresh();
  if (app.settings.mode === 'ai') {
    let st = app.game.state();
    while (!isHuman(st.side) && st.canRedo && !st.result) {
      app.game.redo();
      st = app.game.state();
    }
  }
  app.ui = { ...app.ui, path: null };
  refresh();
}

// ---------------------------------------------------------------- AI worker

function ensureWorker() {
  if (app.ai.worker) return app.ai.worker;
  const w = new Worker(new URL('./ai-worker.js', import.meta.url), { type: 'module' });
  w.onmessage = (e) => onAiReply(e.data);
  w.onerror = (e) => {
    e.preventDefault();
    onAiFailure(`the AI worker failed: ${e.message || 'could not start'}`);
  };
  app.ai.worker = w;
  return w;
}

function cancelAi() {
  if (app.ai.timer) {
    clearTimeout(app.ai.timer);
    app.ai.timer = null;
  }
  if (app.ai.pending) {
    // Interrupt a search in progress: the worker cannot be told to stop mid-search, so it is
    // replaced; a reply already on its way is ignored by its request id.
    app.ai.worker.terminate();
    app.ai.worker = null;
    app.ai.pending = null;
    warmWorker();
  }
  setThinking(false);
}

function maybeAi() {
  const gs = app.gs;
  if (!gs || gs.result || isHuman(gs.side) || app.ai.pending || app.ai.timer || app.ai.halted || app.paused) return;
  const delay = app.settings.mode === 'demo' ? 450 : 120;
  // Show "thinking" from now on, in the same frame as the move just played, so that the page
  // does not have to repaint while the search runs.
  setThinking(true);
  app.ai.timer = setTimeout(() => {
    app.ai.timer = null;
    requestAi();
  }, delay);
}

function requestAi() {
  const gs = app.gs;
  if (!gs || gs.result || isHuman(gs.side)) return;
  const id = app.ai.nextId++;
  app.ai.pending = { id, code: gs.code, ply: gs.ply, side: gs.side, t0: performance.now() };
  app.ai.lastSearch = { requested: app.ai.pending.t0, replied: null };
  setThinking(true);
  ensureWorker().postMessage({
    id,
    record: gs.record,
    variant: gs.variant,
    level: app.settings.level,
    movetimeMs: app.settings.movetime || 0,
  });
  scheduleRender();
}

function onAiReply(msg) {
  const p = app.ai.pending;
  if (!p || !msg || msg.id !== p.id) return; // stale reply of an interrupted search
  if (app.ai.lastSearch) app.ai.lastSearch.replied = performance.now();
  app.ai.pending = null;
  setThinking(false);
  if (!msg.ok) return onAiFailure(msg.error);
  if (app.game.code() !== p.code) return refresh();
  const r = msg.result;
  if (!r.best) return onAiFailure('the computer found no move');
  const before = app.gs.board;
  try {
    const played = app.game.play(r.best);
    const pv = r.pv && r.pv.length > 1 ? ` · line ${r.pv.slice(0, 6).join(' ')}` : '';
    app.ai.info = `${SIDE[r.side]} played ${played} (${r.scoreText} for ${SIDE[r.side]}, depth ${r.depth}, ${groupDigits(r.nodes)} nodes)${pv}`;
  } catch (e) {
    return onAiFailure(String(e.message || e));
  }
  refresh();
  animate(app.gs.lastMove, before);
}

/**
 * Lets the computer's move glide along its points, showing each captured guard until the
 * hop over it, so that a long capture sequence can be followed. Only the picture lags: the
 * game state is already the new position, and a player may answer at once.
 */
function animate(move, boardBefore) {
  if (!move || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const captured = move.captured.map((pt) => boardBefore.find((p) => p.point === pt)).filter(Boolean);
  const duration = HOP_MS * (move.points.length - 1);
  app.anim = { code: app.gs.code, points: move.points, captured, start: performance.now(), duration };
  scheduleRender();
}

/** The animation's progress now, 0 to 1, or null when none runs (and then none is kept). */
function animationView() {
  const a = app.anim;
  if (!a) return null;
  const t = (performance.now() - a.start) / a.duration;
  // Undo, New game or the next move end it at once.
  if (!(t < 1) || !app.gs || app.gs.code !== a.code) {
    app.anim = null;
    return null;
  }
  scheduleRender();
  return { points: a.points, captured: a.captured, t: Math.max(0, t) };
}

/** 1234567 -> "1 234 567" (without toLocaleString, whose first call loads locale data). */
function groupDigits(n) {
  return String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

function onAiFailure(text) {
  if (app.ai.worker) app.ai.worker.terminate();
  app.ai.worker = null;
  app.ai.pending = null;
  app.ai.halted = true; // do not retry in a loop; New game or Undo resumes
  setThinking(false);
  showNotice(`The computer could not move: ${text}`);
}

/** Sets a DOM property only when it changes: an unchanged page needs no repaint. */
function setIfChanged(obj, prop, value) {
  if (obj[prop] !== value) obj[prop] = value;
}

function setThinking(on) {
  setIfChanged(document.documentElement.dataset, 'thinking', on ? 'true' : 'false');
}

// ---------------------------------------------------------------- input intents

function onIntent(it) {
  const gs = app.gs;
  if (!gs) return;
  switch (it.type) {
    case 'press': {
      const { ui, play } = S.press(gs, app.ui, it.point, canHumanMove());
      app.ui = ui;
      if (!canHumanMove() && it.point && !gs.result) {
        app.ui.notice = app.ai.pending ? 'Please wait: the computer is thinking.' : app.ui.notice;
      }
      if (play >= 0) return playIndex(play);
      break;
    }
    case 'release':
      app.ui = S.release(app.ui);
      break;
    case 'drag':
      app.ui = { ...app.ui, drag: { x: it.x, y: it.y } };
      break;
    case 'drop': {
      // A drop on a point that is not a legal next point puts the piece back, selection kept.
      const sel = S.selectionView(gs, app.ui);
      if (!sel || !sel.targets.includes(it.point)) {
        app.ui = { ...app.ui, drag: null };
        break;
      }
      const { ui, play } = S.press(gs, { ...app.ui, drag: null }, it.point, canHumanMove());
      app.ui = ui;
      if (play >= 0) return playIndex(play);
      break;
    }
    case 'dragCancel':
      app.ui = { ...app.ui, drag: null };
      break;
    case 'cursor':
      app.ui = S.moveCursor(app.ui, it.dx, it.dy, flipped());
      describeCursor();
      break;
    case 'activate': {
      const { ui, play } = S.press(gs, app.ui, app.ui.cursor, canHumanMove());
      app.ui = S.release(ui);
      if (play >= 0) return playIndex(play);
      describeCursor();
      break;
    }
    case 'cancel':
      app.ui = { ...app.ui, path: null, drag: null };
      break;
  }
  scheduleRender();
}

function describeCursor() {
  const gs = app.gs;
  const p = app.ui.cursor;
  const piece = gs.board.find((x) => x.point === p);
  let text = `${p}: ${piece ? `${SIDE[piece.color]} ${piece.kind}` : p === 'e5' ? 'the red dot' : 'empty'}`;
  const sel = S.selectionView(gs, app.ui);
  if (sel && sel.targets.includes(p)) text += ', a legal destination';
  else if (sel) text += `; selected ${sel.path.join(' ')}, destinations ${sel.targets.join(' ')}`;
  $('board-desc').textContent = text;
}

// ---------------------------------------------------------------- rendering

function scheduleRender() {
  if (app.renderQueued) return;
  app.renderQueued = true;
  requestAnimationFrame(() => {
    app.renderQueued = false;
    render();
  });
}

function resizeCanvas() {
  const canvas = $('board');
  const box = $('board-box');
  const size = Math.max(120, Math.floor(box.clientWidth));
  const dpr = window.devicePixelRatio || 1;
  const w = Math.round(size * dpr);
  if (canvas.width !== w || canvas.height !== w) {
    canvas.width = w;
    canvas.height = w;
  }
  setIfChanged(canvas.style, 'width', `${size}px`);
  setIfChanged(canvas.style, 'height', `${size}px`);
  app.L = layout(size, flipped());
  app.dpr = dpr;
}

function render() {
  const gs = app.gs;
  resizeCanvas();
  const canvas = $('board');
  const ctx = canvas.getContext('2d');
  ctx.setTransform(app.dpr, 0, 0, app.dpr, 0, 0);
  const humanTurn = canHumanMove();
  const winnerCaptain =
    gs && gs.result && gs.result.winner
      ? (gs.board.find((p) => p.kind === 'captain' && p.color === gs.result.winner) || {}).point
      : null;
  const view = {
    gs,
    layout: app.L,
    selection: gs && humanTurn ? S.selectionView(gs, app.ui) : null,
    movable: gs && humanTurn && gs.captureRequired && !app.ui.path ? S.movablePoints(gs.moves) : [],
    drag: humanTurn ? app.ui.drag : null,
    cursor: app.focused ? app.ui.cursor : null,
    winnerCaptain,
    dpr: app.dpr,
    anim: animationView(),
  };
  // Redraw the canvas only when what it shows has changed: a status-only update (e.g. "thinking")
  // must not re-upload a large canvas, which is slow where the browser rasterises on the CPU.
  const key = JSON.stringify([
    gs && gs.code,
    gs && gs.ply,
    gs && gs.lastMove,
    gs && gs.paths,
    view.selection,
    view.movable,
    view.drag,
    view.cursor,
    winnerCaptain,
    view.anim && view.anim.t,
    app.L.size,
    app.L.flipped,
    canvas.width,
    app.dpr,
  ]);
  if (key !== app.drawnKey) {
    app.drawnKey = key;
    drawBoard(ctx, view);
  }
  if (!gs) return;
  renderStatus();
  renderProgress();
  renderMoves();
  setIfChanged($('undo'), 'disabled', !gs.canUndo);
  setIfChanged($('pause'), 'hidden', app.settings.mode !== 'demo');
  setIfChanged($('pause'), 'textContent', app.paused ? 'Resume' : 'Pause');
  setIfChanged($('redo'), 'disabled', !gs.canRedo);
  setIfChanged(document.documentElement.dataset, 'ready', 'true');
}

function statusText() {
  const gs = app.gs;
  if (gs.result) {
    return `${gs.result.text}.${gs.result.halfWin ? ' (Sackson counts a win on impasse as half a game.)' : ''}`;
  }
  const side = SIDE[gs.side];
  if (app.paused && app.settings.mode === 'demo') return `Paused: ${side} to move. Undo and Redo step through the game.`;
  if (aiBusy()) return `${side} (computer, ${levelName(app.settings.level)}) is thinking…`;
  let s;
  if (app.settings.mode === 'two') s = `${side} to move`;
  else if (isHuman(gs.side)) s = `Your move (${side})`;
  else s = `${side} (computer) to move`;
  if (gs.captureRequired && isHuman(gs.side)) {
    s += ` — a capture is compulsory: only the highlighted guards can move`;
  }
  return s + '.';
}

function renderStatus() {
  const gs = app.gs;
  const el = $('status');
  const text = statusText();
  if (el.textContent !== text) el.textContent = text;
  setIfChanged(el.dataset, 'state', gs.result ? 'over' : aiBusy() ? 'thinking' : gs.side);
  setIfChanged($('thinking'), 'hidden', !aiBusy());
  const notice = app.ui.notice || app.notice;
  const n = $('notice');
  if (n.textContent !== notice) n.textContent = notice;
  setIfChanged(n, 'hidden', !notice);
  const info = $('ai-info');
  if (info.textContent !== app.ai.info) info.textContent = app.ai.info;
  setIfChanged($('turn-indicator'), 'className', `turn ${gs.result ? 'over' : gs.side}`);
}

function renderProgress() {
  const gs = app.gs;
  for (const side of ['blue', 'gray']) {
    const v = gs.progress[side];
    setIfChanged($(`progress-${side}-label`), 'textContent', `${SIDE[side]} captain ${v}/${gs.steps}`);
    const bar = $(`progress-${side}`);
    setIfChanged(bar, 'max', gs.steps);
    setIfChanged(bar, 'value', v);
  }
  setIfChanged($('progress').dataset, 'top', flipped() ? 'blue' : 'gray');
}

function renderMoves() {
  const gs = app.gs;
  const list = $('moves');
  const key = gs.history.join(' ');
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.textContent = '';
  const [firstSide, secondSide] = gs.first === 'blue' ? ['blue', 'gray'] : ['gray', 'blue'];
  for (const row of gs.moveRows) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${row.number}.`;
    li.appendChild(num);
    const cells = [
      [row.first, firstSide],
      [row.second, secondSide],
    ];
    for (const [text, side] of cells) {
      if (!text && side === secondSide) continue;
      const cell = document.createElement('span');
      cell.className = `mv ${side}`;
      // A game begun with the second player to move leaves the first half of its first row empty.
      cell.textContent = text || '…';
      li.appendChild(cell);
    }
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $('result-token').textContent = gs.result ? gs.result.token : '';
}

// ---------------------------------------------------------------- form

function fillForm() {
  const sel = $('variant');
  sel.textContent = '';
  for (const v of app.catalogue.variants) {
    const o = document.createElement('option');
    o.value = v.name;
    o.textContent = v.name;
    o.title = v.description;
    sel.appendChild(o);
  }
  const lv = $('level');
  lv.textContent = '';
  for (const l of app.catalogue.levels) {
    const o = document.createElement('option');
    o.value = String(l.number);
    o.textContent = `${l.number} · ${l.name}`;
    lv.appendChild(o);
  }
}

function syncForm() {
  const s = app.settings;
  const sel = $('variant');
  if (![...sel.options].some((o) => o.value === s.variant)) {
    const o = document.createElement('option');
    o.value = s.variant;
    o.textContent = s.variant;
    sel.appendChild(o);
  }
  sel.value = s.variant;
  $('mode').value = s.mode;
  $('side').value = s.side;
  $('level').value = String(s.level);
  $('movetime').value = String(s.movetime);
  updateFormVisibility();
}

function updateFormVisibility() {
  const mode = $('mode').value;
  $('side-row').hidden = mode !== 'ai';
  $('level-row').hidden = mode === 'two';
  $('movetime-row').hidden = mode === 'two';
  const v = app.catalogue.variants.find((x) => x.name === $('variant').value);
  $('variant-desc').textContent = v ? v.description : app.gs ? app.gs.variantDescription : '';
}

function readForm() {
  return sanitizeSettings({
    variant: $('variant').value,
    mode: $('mode').value,
    side: $('side').value,
    level: Number($('level').value),
    movetime: Number($('movetime').value),
  });
}

function wireControls() {
  $('new-game-form').addEventListener('submit', (e) => {
    e.preventDefault();
    app.settings = readForm();
    app.userFlip = false;
    app.notice = '';
    app.ai.halted = false;
    newGame({ variant: app.settings.variant });
  });
  for (const id of ['mode', 'variant']) $(id).addEventListener('change', updateFormVisibility);
  // Level and think time apply at once, to the game in progress too.
  $('level').addEventListener('change', () => {
    app.settings.level = Number($('level').value) || DEFAULTS.level;
    save();
  });
  $('movetime').addEventListener('change', () => {
    app.settings.movetime = Number($('movetime').value) || 0;
    save();
  });
  $('undo').addEventListener('click', () => {
    app.ai.halted = false;
    undo();
  });
  $('redo').addEventListener('click', () => {
    app.ai.halted = false;
    redo();
  });
  $('pause').addEventListener('click', () => {
    app.paused = !app.paused;
    if (app.paused) cancelAi();
    app.ai.halted = false;
    refresh();
  });
  $('flip').addEventListener('click', () => {
    app.userFlip = !app.userFlip;
    scheduleRender();
  });
  $('export-code').addEventListener('click', () => {
    $('io-text').value = app.gs.code;
  });
  $('export-record').addEventListener('click', () => {
    $('io-text').value = app.gs.record;
  });
  $('import').addEventListener('click', () => {
    const text = $('io-text').value.trim();
    if (!text) return showNotice('Paste a position code or a game record first.');
    let game;
    try {
      game = text.startsWith('[') ? Game.fromRecord(text) : Game.fromCode($('variant').value, text);
    } catch (e) {
      return showNotice(String(e.message || e));
    }
    cancelAi();
    app.notice = '';
    app.ai.halted = false;
    setGame(game);
  });
  const canvas = $('board');
  canvas.addEventListener('focus', () => {
    app.focused = true;
    describeCursor();
    scheduleRender();
  });
  canvas.addEventListener('blur', () => {
    app.focused = false;
    scheduleRender();
  });
  attachInput(canvas, {
    toPoint: (x, y) => (app.L ? app.L.toPoint(x, y) : null),
    canDrag: (p) => canHumanMove() && S.canDragFrom(app.ui, p),
    onIntent: (it) => {
      // Mouse presses hide the keyboard cursor; keys show it again.
      if (it.type === 'press') app.focused = false;
      if (it.type === 'cursor' || it.type === 'activate') app.focused = true;
      onIntent(it);
    },
  });
  new ResizeObserver(() => scheduleRender()).observe($('board-box'));
  window.addEventListener('resize', scheduleRender);
}

// ---------------------------------------------------------------- test and embedding hooks

function exposeHooks() {
  window.bluegray = {
    get state() {
      return app.gs;
    },
    get settings() {
      return { ...app.settings };
    },
    get thinking() {
      return !!app.ai.pending;
    },
    /** Whether the computer's last move is still gliding into place. */
    get animating() {
      return !!app.anim;
    },
    /** performance.now() when the last search was requested and when its reply arrived. */
    get lastSearch() {
      return app.ai.lastSearch ? { ...app.ai.lastSearch } : null;
    },
    /** The piece picked and the hops entered so far, with the legal next points. */
    get selection() {
      return app.gs ? S.selectionView(app.gs, app.ui) : null;
    },
    /** Viewport coordinates of a point's centre, for tests that click the canvas. */
    pointCenter(name) {
      const r = $('board').getBoundingClientRect();
      const p = app.L && app.L.toXY(name);
      return p ? { x: r.left + p.x, y: r.top + p.y } : null;
    },
  };
}

// ---------------------------------------------------------------- start

async function main() {
  try {
    const wasm = await import('./pkg/bluegray_wasm.js');
    await wasm.default();
    Game = wasm.Game;
    variants = wasm.variants;
  } catch (e) {
    $('status').textContent = `Could not load the game (WebAssembly): ${e.message || e}`;
    throw e;
  }
  app.catalogue = variants();
  fillForm();
  wireControls();
  exposeHooks();
  const { got, errors } = readParams();
  const saved = Object.keys(got).length ? null : loadSaved();
  if (saved) {
    app.settings = saved.settings;
    setGame(saved.game);
  } else {
    app.settings = sanitizeSettings({ ...DEFAULTS, ...got });
    if (got.record || got.position) {
      let game = null;
      try {
        game = got.record ? Game.fromRecord(got.record) : Game.fromCode(app.settings.variant, got.position);
      } catch (e) {
        errors.push(`${got.record ? 'record' : 'position'}: ${e.message || e}`);
      }
      if (game) setGame(game);
      else newGame({ variant: app.settings.variant });
    } else {
      newGame({ variant: app.settings.variant });
    }
  }
  if (errors.length) showNotice(`Ignored bad URL parameters — ${errors.join('; ')}.`);
  warmWorker();
}

/** Starts the AI worker ahead of need, so that its start-up never delays a search. */
function warmWorker() {
  const idle = window.requestIdleCallback || ((f) => setTimeout(f, 200));
  idle(() => {
    if (!app.ai.worker) ensureWorker().postMessage({ id: 0, warmup: true });
  });
}

main();
