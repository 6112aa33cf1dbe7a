// The board editor's surface, shared by the page's sheet (editor-dialog.js) and the element's
// edit mode (element/edit-mode.js): a board drawn by the board's own drawing (board/draw.js) under
// a grid of buttons, one a point (so a click, Enter or Space puts the palette's piece down, the
// arrow keys go from point to point, a piece dragged moves or, off the board, goes), the palette
// (click a piece, then points; or drag a piece onto a point), the rules, the side to move, the
// position code live and the rules core's verdict (checkPosition) in words. What holds it only listens.
// The layout that makes it work (the points over the board) is set on the elements themselves,
// so it works in a shadow tree too; a stylesheet only adds the looks.
import { layout, drawBoard } from '../board/draw.js';
import { el, button, ensureOption } from '../lib/dom.js';
import { errorText } from '../lib/errors.js';
import * as E from './editor-state.js';

/**
 * @import { GameState, PositionCheck } from '../core/core-types.js'
 * @import { Core, Teaching } from '../core/core-api.js'
 * @import { Translate } from '../lib/i18n.js'
 * @import { EditorState, Tool } from './editor-state.js'
 */

/**
 * The editor's looks, adopted by the document or the shadow tree that shows it (editorStyles):
 * one sheet for both, and a constructed one, which no page's CSP refuses as it would a <style>.
 * A point is clear but for the pointer's shade and the focus ring. The board and the palette
 * select no text: a drag begun on selected text becomes the browser's own, cancelling the pointer's.
 */
const EDITOR_CSS = `
.editor { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.editor .editor-point { background: transparent; cursor: pointer; }
.editor[data-dragging] .editor-point, .editor[data-dragging] .editor-tool { cursor: grabbing; }
.editor .editor-tool { cursor: grab; }
.editor-board, .editor-palette { user-select: none; -webkit-user-select: none; }
.editor .editor-point:hover:not(:disabled) { background: rgba(40, 140, 60, 0.3); }
.editor .editor-point:focus-visible { outline: 3px solid #1a5fb4; outline-offset: -3px; }
.editor-tools { flex: 1 1 16rem; display: flex; flex-direction: column; gap: 0.6rem; }
.editor-palette { display: flex; flex-wrap: wrap; gap: 0.35rem; }
.editor-tool[aria-pressed="true"] { outline: 3px solid #1a5fb4; font-weight: 600; }
.editor-row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.editor-code { flex: 1 1 12rem; font-family: monospace; min-width: 0; }
.editor-verdict { padding: 0.4rem 0.6rem; border-left: 4px solid #a3301f; background: #fbe9e4; color: #4a160d; }
.editor-verdict[data-ok="true"] { border-left-color: #2d6a2a; background: #e6f3e2; color: #16361a; }
.editor-verdict p, .editor-verdict ul { margin: 0.2rem 0; }
.editor-puzzle { display: flex; flex-direction: column; gap: 0.5rem; min-width: 0; }
.editor-tools select { flex: 1 1 100%; min-width: 0; max-width: 100%; }
.editor-puzzle [hidden], .editor-puzzle[hidden] { display: none; }
.editor-puzzle-board blue-gray-game { display: block; width: 100%; max-width: 360px; }
`;

/** @type {CSSStyleSheet|null} */
let sheet = null;

/**
 * Gives `root` (the document, or a shadow tree) the editor's looks, once.
 * @param {Document|ShadowRoot} root
 */
export function editorStyles(root) {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(EDITOR_CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/** The board's size in CSS px: fits a 360 px phone with a sheet's padding. */
const MAX_BOARD_PX = 360;

/**
 * The editor view over the loaded rules core `core`, with `check`, the teaching module's
 * `checkPosition`, for its verdict; `t` says its messages (editor/i18n/,
 * loaded), `onChange(state, verdict)` hears every change, and `id` prefixes its form controls'
 * ids. `show({variant, code})` puts a position on it (a code the rules core wrote; anything else
 * leaves the variant's start).
 * @param {{core: Core, check: Teaching['checkPosition'], t: Translate, onChange?: (state: EditorState, verdict: PositionCheck|null) => void, id?: string}} parts
 */
export function editorView({ core, check: checkPosition, t, onChange = () => {}, id = 'editor' }) {
  /** @type {EditorState} */
  let state = E.editorState('sackson', 'blue', []);
  /** The variant's start, for its paths and diagonals (the drawing's background) and Reset. */
  /** @type {GameState|null} */
  let startState = null;
  /** @type {PositionCheck|null} */
  let verdict = null;

  const size = Math.min(MAX_BOARD_PX, Math.max(240, window.innerWidth - 56));
  const L = layout(size, false);
  const canvas = el('canvas', { class: 'editor-canvas', 'aria-hidden': 'true' });
  const grid = el('div', { class: 'editor-points', role: 'group', 'aria-label': t('edit.board') });
  canvas.style.cssText = grid.style.cssText = 'position:absolute;left:0;top:0;touch-action:none';
  /** @type {Map<string, HTMLButtonElement>} */
  const points = new Map();
  for (let rank = 9; rank >= 1; rank--) {
    for (const f of E.FILES) {
      const name = f + rank;
      const xy = L.toXY(name) || { x: 0, y: 0 };
      const b = el('button', { type: 'button', class: 'editor-point', 'data-point': name, tabindex: '-1' });
      b.style.cssText = `position:absolute;left:${xy.x - L.cell / 2}px;top:${xy.y - L.cell / 2}px;width:${L.cell}px;height:${L.cell}px;margin:0;padding:0;border:0;border-radius:50%;min-width:0;min-height:0`;
      b.addEventListener('click', () => change(E.applyTool(state, name)));
      points.set(name, b);
      grid.append(b);
    }
  }
  // Dragging, by mouse, pen or touch (the points and the palette take no scrolling, so a touch
  // drags): a piece on the board dragged to another point moves there, and off the board is
  // taken away; a palette's piece (or the eraser) dragged onto a point is put there. The release
  // lands elsewhere than the press, so no click follows; a press and release on one point stays
  // a click. The keyboard has the same through the palette and the points.
  /** @type {{from: string}|{tool: Tool}|null} */
  let drag = null;
  /** The point under a pointer, or 'off' outside the board (null: on the board between points). */
  const dropAt = (/** @type {PointerEvent} */ e) => {
    const r = boardBox.getBoundingClientRect();
    const x = e.clientX - r.left;
    const y = e.clientY - r.top;
    return x < 0 || y < 0 || x > r.width || y > r.height ? 'off' : L.toPoint(x, y);
  };
  /** @param {PointerEvent} e */
  const drop = (e) => {
    const was = drag;
    drag = null;
    window.removeEventListener('pointerup', drop);
    window.removeEventListener('pointercancel', drop);
    element.removeAttribute('data-dragging');
    const to = e.type === 'pointerup' ? dropAt(e) : null;
    if (!was || !to) return;
    if ('tool' in was) {
      if (to !== 'off') change(E.dropTool(state, was.tool, to));
    } else if (to === 'off') change(E.removePiece(state, was.from));
    else if (to !== was.from) change(E.movePiece(state, was.from, to));
  };
  /**
   * Starts a drag of `what` by the pointer of `e`; its release (or cancel), wherever it is, ends it.
   * @param {PointerEvent} e
   * @param {{from: string}|{tool: Tool}} what
   */
  const startDrag = (e, what) => {
    if (e.button !== 0) return;
    drag = what;
    element.setAttribute('data-dragging', 'true');
    window.addEventListener('pointerup', drop);
    window.addEventListener('pointercancel', drop);
  };
  grid.addEventListener('pointerdown', (e) => {
    const p = dropAt(e);
    if (p && p !== 'off' && state.pieces[p]) startDrag(e, { from: p });
  });
  grid.addEventListener('keydown', (e) => {
    const next = E.moveFocus(state, e.key);
    if (!next) return;
    e.preventDefault();
    state = next;
    renderPoints();
    points.get(state.focus)?.focus();
  });
  const boardBox = el('div', { class: 'editor-board' }, [canvas, grid]);
  boardBox.style.cssText = `position:relative;flex:none;width:${size}px;height:${size}px`;

  /** @type {Map<Tool, HTMLButtonElement>} */
  const tools = new Map();
  const palette = el('div', { class: 'editor-palette', role: 'group', 'aria-label': t('edit.palette') });
  for (const tool of E.TOOLS) {
    const label = tool === 'erase' ? t('edit.erase') : t('edit.tool', { color: tool.color, kind: tool.kind });
    const b = el('button', { type: 'button', class: 'editor-tool', 'aria-pressed': 'false', text: label, 'data-tool': tool === 'erase' ? 'erase' : `${tool.color}-${tool.kind}` });
    b.style.touchAction = 'none';
    b.addEventListener('click', () => change(E.chooseTool(state, tool)));
    b.addEventListener('pointerdown', (e) => startDrag(e, { tool }));
    tools.set(tool, b);
    palette.append(b);
  }

  const variantSelect = el('select', { id: `${id}-variant`, class: 'editor-variant' });
  for (const v of core.variants().variants) variantSelect.append(el('option', { value: v.name, text: t(`variantName.${v.name}`) }));
  variantSelect.addEventListener('change', () => change(E.setVariant(state, variantSelect.value), true));
  const sideSelect = el('select', { id: `${id}-side`, class: 'editor-side' }, [
    el('option', { value: 'blue', text: t('side.blue') }),
    el('option', { value: 'gray', text: t('side.gray') }),
  ]);
  sideSelect.addEventListener('change', () => change(E.setSide(state, sideSelect.value === 'gray' ? 'gray' : 'blue')));
  const clear = button('edit.clear', t, 'editor-clear');
  clear.addEventListener('click', () => change(E.clearBoard(state)));
  const reset = button('edit.reset', t, 'editor-reset');
  reset.addEventListener('click', () => {
    if (startState) change(E.resetBoard(state, startState.side, startState.board));
  });
  const codeBox = el('input', { id: `${id}-code`, class: 'editor-code', readonly: '', spellcheck: 'false' });
  const verdictBox = el('div', { class: 'editor-verdict', role: 'status', 'aria-live': 'polite' });
  const row = (/** @type {Node[]} */ children) => el('div', { class: 'editor-row' }, children);
  const tools2 = el('div', { class: 'editor-tools' }, [
    palette,
    row([el('label', { for: `${id}-variant`, text: t('edit.rules') }), variantSelect]),
    row([el('label', { for: `${id}-side`, text: t('edit.side') }), sideSelect]),
    row([clear, reset]),
    row([el('label', { for: `${id}-code`, text: t('edit.code') }), codeBox]),
    verdictBox,
  ]);
  const element = el('div', { class: 'editor' }, [boardBox, tools2]);

  /**
   * Takes a new state and shows it; `newStart` when the rules changed (another start to draw from).
   * @param {EditorState} next
   * @param {boolean} [newStart]
   */
  function change(next, newStart = false) {
    state = next;
    if (newStart) loadStart();
    render();
    onChange(state, verdict);
  }

  /** The variant's start from the rules core: its paths for the drawing, its pieces for Reset. */
  function loadStart() {
    try {
      const game = new core.Game(state.variant);
      startState = game.state();
      game.free();
    } catch {
      startState = null;
    }
  }

  function renderPoints() {
    for (const [name, b] of points) {
      const man = state.pieces[name];
      const label = man ? t('desc.piece', { point: name, color: man.color, kind: man.kind }) : t(name === 'e5' ? 'desc.redDot' : 'desc.empty', { point: name });
      if (b.getAttribute('aria-label') !== label) b.setAttribute('aria-label', label);
      b.tabIndex = name === state.focus ? 0 : -1;
    }
  }

  function render() {
    renderPoints();
    for (const [tool, b] of tools) b.setAttribute('aria-pressed', String(E.sameTool(tool, state.tool)));
    ensureOption(variantSelect, state.variant);
    variantSelect.value = state.variant;
    sideSelect.value = state.side;
    const code = E.positionCode(state);
    codeBox.value = code;
    verdict = check(code);
    const problems = verdict ? verdict.problems : [];
    const ok = !!verdict && verdict.ok;
    const reasons = problems.map((p) => el('li', { 'data-code': p.code, text: p.code === 'unreadable' ? p.text : t(`edit.problem.${p.code}`, p.params) }));
    verdictBox.replaceChildren(el('p', { text: ok ? t('edit.ok') : t('edit.notOk') }), ...(reasons.length ? [el('ul', {}, reasons)] : []));
    verdictBox.dataset.ok = String(ok);
    draw();
  }

  /**
   * The rules core's verdict on `code` (a refusal of the rules themselves as its one reason).
   * @param {string} code
   * @returns {PositionCheck}
   */
  function check(code) {
    try {
      return checkPosition(state.variant, code);
    } catch (e) {
      return { ok: false, code, problems: [{ code: 'unreadable', params: {}, text: errorText(e) }] };
    }
  }

  function draw() {
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(size * dpr);
    canvas.height = Math.round(size * dpr);
    canvas.style.width = canvas.style.height = `${size}px`;
    const ctx = canvas.getContext('2d');
    if (!ctx || !startState) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const gs = { ...startState, board: E.boardList(state), lastMove: undefined, moves: [] };
    drawBoard(ctx, { gs, layout: L, coordinates: true, dpr });
  }

  /**
   * Puts `position` on the editor: its pieces and side, or the variant's start when the code is
   * not one. Tells no one: it is the holder's own doing.
   * @param {{variant: string, code: string|null}} position
   */
  function show({ variant, code }) {
    const read = code ? E.readCode(code) : null;
    state = E.editorState(variant || 'sackson', read ? read.side : 'blue', []);
    loadStart();
    if (read) state = { ...state, pieces: read.pieces };
    else if (startState) state = E.resetBoard(state, startState.side, startState.board);
    render();
  }

  return {
    element,
    show,
    /** Gives the keyboard's focus to the point it is on. */
    focus() {
      points.get(state.focus)?.focus();
    },
    /** Selects the code, for a copy by hand. */
    selectCode() {
      codeBox.select();
    },
    get state() {
      return state;
    },
    get verdict() {
      return verdict;
    },
  };
}
