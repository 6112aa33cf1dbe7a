// Puts a board's view (view.js) on the page: the canvas, the line under it and the data
// attributes a page may style by, in the shadow tree built here. Writes only what changed, so
// an unchanged frame costs no repaint.
import { drawBoard } from '../board/draw.js';
import { boardView, noticeMessage, resultOverlay, boardSize, clockView, playersView } from './view.js';
import { say } from '../lib/i18n.js';
import { setIfChanged } from '../lib/dom.js';
/** @import { Layout } from '../board/draw-layout.js' */
/** @import { BoardState } from './state.js' */

/**
 * The parts of the board's shadow tree (SHADOW): the box around the board, its canvas, the result
 * shown over it at the end (its sentence and its close button), the line for refusals, and the
 * description a screen reader is told, the two clocks (the top side's and the bottom side's), and
 * the players' strips they sit in (each with its side's name and who plays it).
 * @typedef {{frame: HTMLElement, canvas: HTMLCanvasElement, result: HTMLElement, resultText: HTMLElement, resultClose: HTMLButtonElement, notice: HTMLElement, desc: HTMLElement, clockTop: HTMLElement, clockBottom: HTMLElement, playerTop: HTMLElement, playerBottom: HTMLElement}} BoardElements
 */

/**
 * The shadow tree: the players' strips above and below the board (shown with the `players`
 * attribute; without it each is only the box of its clock, which then sits in the frame's
 * corner), the canvas, the result over it at the end (after the canvas: Tab goes from the board
 * to its close button), a line for refusals and errors, and a description for screen readers.
 * A clock says its side and its time in spans of their own: a strip names the side already.
 */
const SHADOW = `
  <div class="player player-top" part="player-top">
    <p class="player-who"><span class="player-side"></span> <span class="player-name"></span></p>
    <p class="clock clock-top" part="clock-top" role="timer" hidden><span class="clock-side"></span> <span class="clock-time"></span></p>
  </div>
  <div class="frame" part="frame">
    <canvas part="board" tabindex="0" role="application"></canvas>
    <div class="result" part="result" hidden>
      <p class="result-text"></p>
      <button type="button" class="result-close">×</button>
    </div>
    <p class="notice" part="notice" role="status" hidden></p>
    <p class="desc" aria-live="polite"></p>
  </div>
  <div class="player player-bottom" part="player-bottom">
    <p class="player-who"><span class="player-side"></span> <span class="player-name"></span></p>
    <p class="clock clock-bottom" part="clock-bottom" role="timer" hidden><span class="clock-side"></span> <span class="clock-time"></span></p>
  </div>`;

/** @type {HTMLTemplateElement|null} */
let template = null;

/**
 * The element `sel` inside `el` (a part of the shadow tree that SHADOW gives it).
 * @param {HTMLElement} el
 * @param {string} sel
 * @returns {HTMLElement}
 */
function inside(el, sel) {
  const found = el.querySelector(sel);
  if (!(found instanceof HTMLElement)) throw new Error(`The board's shadow tree has no ${sel}.`);
  return found;
}

/**
 * A fresh copy of the shadow tree (its markup is parsed once).
 * @returns {Node}
 */
function shadowTree() {
  if (!template) {
    template = document.createElement('template');
    template.innerHTML = SHADOW;
  }
  return template.content.cloneNode(true);
}

/**
 * Puts the board's shadow tree (SHADOW) into `root` and returns the parts it draws into.
 * @param {ShadowRoot} root
 * @returns {BoardElements}
 */
export function buildShadow(root) {
  root.appendChild(shadowTree());
  /** @param {string} sel */
  const q = (sel) => {
    const part = root.querySelector(sel);
    if (!(part instanceof HTMLElement)) throw new Error(`The board's shadow tree has no ${sel}.`);
    return part;
  };
  const canvas = root.querySelector('canvas');
  if (!canvas) throw new Error("The board's shadow tree has no canvas.");
  const resultClose = root.querySelector('.result-close');
  if (!(resultClose instanceof HTMLButtonElement)) throw new Error("The board's shadow tree has no close button for its result.");
  return { frame: q('.frame'), canvas, result: q('.result'), resultText: q('.result-text'), resultClose, notice: q('.notice'), desc: q('.desc'), clockTop: q('.clock-top'), clockBottom: q('.clock-bottom'), playerTop: q('.player-top'), playerBottom: q('.player-bottom') };
}

/**
 * Draws state `s` into the shadow tree `els` ({frame, canvas, result, resultText, notice}) of
 * `host` in language `lang`. `drawnKey` is what the canvas shows now. Returns `{layout,
 * drawnKey, animating}`.
 * @param {HTMLElement} host
 * @param {Pick<BoardElements, 'frame'|'canvas'|'result'|'resultText'|'notice'> & Partial<Pick<BoardElements, 'clockTop'|'clockBottom'|'playerTop'|'playerBottom'>>} els
 * @param {BoardState} s
 * @param {string} lang
 * @param {string} drawnKey
 * @returns {{layout: Layout, drawnKey: string, animating: boolean}}
 */
export function renderBoard(host, els, s, lang, drawnKey) {
  const { canvas, frame, result, resultText, notice } = els;
  const size = boardSize(frame.clientWidth);
  const dpr = globalThis.devicePixelRatio || 1;
  const px = Math.round(size * dpr);
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  setIfChanged(canvas.style, 'width', `${size}px`);
  setIfChanged(canvas.style, 'height', `${size}px`);
  const { draw, key, animating } = boardView(s, { size, dpr, now: performance.now() });
  if (key !== drawnKey) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('The browser gave no 2D context for the board.');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    drawBoard(ctx, draw);
  }
  const over = say(lang, resultOverlay(s));
  setIfChanged(resultText, 'textContent', over);
  setIfChanged(result, 'hidden', !over);
  const text = say(lang, noticeMessage(s));
  setIfChanged(notice, 'textContent', text);
  setIfChanged(notice, 'hidden', !text);
  const clocks = clockView(s, Date.now());
  for (const [el, c] of /** @type {const} */ ([
    [els.clockTop, clocks && clocks.top],
    [els.clockBottom, clocks && clocks.bottom],
  ])) {
    if (!el) continue;
    setIfChanged(el, 'hidden', !c);
    if (!c) continue;
    setIfChanged(inside(el, '.clock-side'), 'textContent', `${c.running ? '▶ ' : ''}${say(lang, { key: `side.${c.side}` })}`);
    setIfChanged(inside(el, '.clock-time'), 'textContent', c.text);
    const label = say(lang, { key: c.running ? 'clock.running' : 'clock.label', params: { side: c.side, time: c.text } });
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
    setIfChanged(el.dataset, 'running', String(c.running));
    setIfChanged(el.dataset, 'side', c.side);
    setIfChanged(el.dataset, 'low', String(c.low));
  }
  const players = playersView(s);
  for (const [el, p, c] of /** @type {const} */ ([
    [els.playerTop, players.top, clocks && clocks.top],
    [els.playerBottom, players.bottom, clocks && clocks.bottom],
  ])) {
    if (!el) continue;
    setIfChanged(inside(el, '.player-side'), 'textContent', say(lang, { key: `side.${p.side}` }));
    setIfChanged(inside(el, '.player-name'), 'textContent', say(lang, p.who));
    setIfChanged(el.dataset, 'side', p.side);
    setIfChanged(el.dataset, 'running', String(!!c && c.running));
  }
  setIfChanged(host.dataset, 'ready', s.gs ? 'true' : 'false');
  setIfChanged(host.dataset, 'thinking', String(s.thinking));
  return { layout: draw.layout, drawnKey: key, animating };
}
