// The board editor's sheet: a board drawn by the board's own drawing (lib/draw.js) under a grid
// of buttons, one a point (so a click, Enter or Space puts the palette's piece down and the
// arrow keys go from point to point), the palette, the rules, the side to move, the position
// code live and the rules core's verdict in words; from there the position is played through
// the page's one door, or its code or link copied. Fetched, with its messages, at the first
// opening; its state is editor-state.js's.
import { layout, drawBoard } from '../lib/draw.js';
import { el, sheetHead, openSheet, button, ensureOption } from '../lib/dom.js';
import { loadWasm } from '../engine/assets.js';
import { errorText } from '../lib/errors.js';
import * as E from './editor-state.js';

/**
 * @import { Core, GameState, PositionCheck, Side } from '../engine/core-types.js'
 * @import { Translate } from '../lib/i18n.js'
 * @import { EditorState, Tool } from './editor-state.js'
 */

/**
 * A game the editor asks the page to open (the page's door, page/doors.js).
 * @typedef {{from: 'editor', mode: 'ai'|'two', side: Side, variant: string, position: string}} EditorRequest
 */

/** The board's size in CSS px: fits a 360 px phone with the sheet's padding. */
const MAX_BOARD_PX = 360;

/**
 * Builds the editor in `dialog`: `t` says the messages, `start(request)` opens a game through the
 * page's door (resolves to whether it opened), `current()` is the board's variant and position
 * code, which the editor opens with. Returns `{open()}` and, for tests, the state.
 * @param {{
 *   dialog: HTMLDialogElement,
 *   t: Translate,
 *   start: (request: EditorRequest) => Promise<boolean>,
 *   current: () => {variant: string, code: string}|null,
 * }} parts
 */
export function editorDialog({ dialog, t, start, current }) {
  /** @type {Core|null} */
  let core = null;
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
  /** @type {Map<string, HTMLButtonElement>} */
  const points = new Map();
  for (let rank = 9; rank >= 1; rank--) {
    for (const f of E.FILES) {
      const name = f + rank;
      const xy = L.toXY(name);
      const b = el('button', { type: 'button', class: 'editor-point', 'data-point': name, tabindex: '-1' });
      if (xy) b.style.cssText = `left:${xy.x - L.cell / 2}px;top:${xy.y - L.cell / 2}px;width:${L.cell}px;height:${L.cell}px`;
      b.addEventListener('click', () => change(E.applyTool(state, name)));
      points.set(name, b);
      grid.append(b);
    }
  }
  grid.addEventListener('keydown', (e) => {
    const next = E.moveFocus(state, e.key);
    if (!next) return;
    e.preventDefault();
    state = next;
    renderPoints();
    points.get(state.focus)?.focus();
  });
  const boardBox = el('div', { class: 'editor-board' }, [canvas, grid]);
  boardBox.style.width = boardBox.style.height = `${size}px`;

  /** @type {Map<Tool, HTMLButtonElement>} */
  const tools = new Map();
  const palette = el('div', { class: 'editor-palette', role: 'group', 'aria-label': t('edit.palette') });
  for (const tool of E.TOOLS) {
    const label = tool === 'erase' ? t('edit.erase') : t('edit.tool', { color: tool.color, kind: tool.kind });
    const b = el('button', { type: 'button', class: 'editor-tool', 'aria-pressed': 'false', text: label });
    if (tool !== 'erase') b.dataset.tool = `${tool.color}-${tool.kind}`;
    else b.dataset.tool = 'erase';
    b.addEventListener('click', () => change(E.chooseTool(state, tool)));
    tools.set(tool, b);
    palette.append(b);
  }

  const variantSelect = el('select', { id: 'editor-variant' });
  variantSelect.addEventListener('change', () => change(E.setVariant(state, variantSelect.value), { newStart: true }));
  const sideSelect = el('select', { id: 'editor-side' }, [
    el('option', { value: 'blue', text: t('side.blue') }),
    el('option', { value: 'gray', text: t('side.gray') }),
  ]);
  sideSelect.addEventListener('change', () => change(E.setSide(state, sideSelect.value === 'gray' ? 'gray' : 'blue')));
  const clear = button('edit.clear', t);
  clear.addEventListener('click', () => change(E.clearBoard(state)));
  const reset = button('edit.reset', t);
  reset.addEventListener('click', () => {
    if (startState) change(E.resetBoard(state, startState.side, startState.board));
  });
  const codeBox = el('input', { id: 'editor-code', class: 'editor-code', readonly: '', spellcheck: 'false' });
  const verdictBox = el('div', { class: 'editor-verdict', role: 'status', 'aria-live': 'polite' });
  const playAi = button('edit.playAi', t, 'primary');
  playAi.addEventListener('click', () => play('ai'));
  const playTwo = button('edit.playTwo', t);
  playTwo.addEventListener('click', () => play('two'));
  const copyCode = button('edit.copyCode', t);
  copyCode.addEventListener('click', () => copy(E.positionCode(state)));
  const copyLink = button('edit.copyLink', t);
  copyLink.addEventListener('click', () => copy(E.positionLink(location.href.replace(/[?#].*$/, ''), state)));
  const copied = el('p', { class: 'editor-copied', role: 'status', 'aria-live': 'polite' });

  const { head } = sheetHead(dialog, t, 'edit');
  const tools2 = el('div', { class: 'editor-tools' }, [
    palette,
    el('div', { class: 'editor-row' }, [el('label', { for: 'editor-variant', text: t('edit.rules') }), variantSelect]),
    el('div', { class: 'editor-row' }, [el('label', { for: 'editor-side', text: t('edit.side') }), sideSelect]),
    el('div', { class: 'editor-row' }, [clear, reset]),
    el('div', { class: 'editor-row' }, [el('label', { for: 'editor-code', text: t('edit.code') }), codeBox]),
    verdictBox,
    el('div', { class: 'editor-row editor-actions' }, [playAi, playTwo, copyCode, copyLink]),
    copied,
  ]);
  const body = el('div', { class: 'editor' }, [boardBox, tools2]);

  /**
   * Takes a new state and shows it; `newStart` when the rules changed (another start to draw from).
   * @param {EditorState} next
   * @param {{newStart?: boolean}} [opts]
   */
  function change(next, opts = {}) {
    state = next;
    if (opts.newStart) loadStart();
    render();
  }

  /** The variant's start from the rules core: its paths for the drawing, its pieces for Reset. */
  function loadStart() {
    if (!core) return;
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
    verdictBox.replaceChildren(
      el('p', { text: ok ? t('edit.ok') : t('edit.notOk') }),
      ...(problems.length ? [el('ul', {}, problems.map((p) => el('li', { 'data-code': p.code, text: p.code === 'unreadable' ? p.text : t(`edit.problem.${p.code}`, p.params) })))] : []),
    );
    verdictBox.dataset.ok = String(ok);
    playAi.disabled = playTwo.disabled = !ok;
    draw();
  }

  /**
   * The rules core's verdict on `code`, or null without it (the verdict then says it cannot tell).
   * @param {string} code
   * @returns {PositionCheck|null}
   */
  function check(code) {
    if (!core) return null;
    try {
      return core.checkPosition(state.variant, code);
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
   * Opens the position as a game through the page's door; the sheet closes once it opened.
   * @param {'ai'|'two'} mode
   */
  async function play(mode) {
    if (!verdict || !verdict.ok) return;
    if (await start({ from: 'editor', mode, side: state.side, variant: state.variant, position: verdict.code })) dialog.close();
  }

  /**
   * Copies `text`, and says whether it could.
   * @param {string} text
   */
  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      copied.textContent = t('edit.copied');
    } catch {
      codeBox.select();
      copied.textContent = t('edit.copyFailed');
    }
  }

  async function open() {
    if (!core) {
      dialog.replaceChildren(head, el('p', { text: t('edit.loading') }));
      await openSheet(dialog);
      try {
        core = await loadWasm();
      } catch (e) {
        dialog.replaceChildren(head, el('p', { text: errorText(e, t) }));
        return;
      }
      for (const v of core.variants().variants) variantSelect.append(el('option', { value: v.name, text: t(`variantName.${v.name}`) }));
      dialog.replaceChildren(head, body);
    }
    const now = current();
    const read = now ? E.readCode(now.code) : null;
    state = E.editorState(now?.variant || 'sackson', read ? read.side : 'blue', []);
    if (read) state = { ...state, pieces: read.pieces };
    loadStart();
    if (!read && startState) state = E.resetBoard(state, startState.side, startState.board);
    copied.textContent = '';
    render();
    await openSheet(dialog);
    points.get(state.focus)?.focus();
  }

  return {
    open,
    /** The editor's state (for tests and tools). */
    get state() {
      return state;
    },
  };
}
