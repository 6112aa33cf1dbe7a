// A board's picture on the page: it asks for one frame at a time, draws the state's view into the
// shadow tree (render.js) when a frame comes, keeps the layout drawn for pointer input, lets the
// computer's last move glide, and tells a screen reader what changed and what is under the
// keyboard cursor.
import * as B from './board.js';
import * as S from './state.js';
import * as T from './telling.js';
import { renderBoard } from './render.js';
import { boardSize } from './view.js';
import { glideAt } from '../board/anim.js';
import { layout } from '../board/draw.js';
import { say } from '../lib/i18n.js';
/** @import { BoardState } from './state.js' */
/** @import { BoardElements } from './render.js' */
/** @import { Layout } from '../board/draw-layout.js' */
/** @import { Message } from '../lib/i18n.js' */

/**
 * What the painter asks of its board.
 * @typedef {{
 *   state(): BoardState,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   language(): string,
 * }} PaintedBoard
 */

export class Painter {
  /** @private */ _host;
  /** @private */ _els;
  /** @private @type {PaintedBoard} */ _board;
  /** The layout of the last frame drawn, for pointer input. @private */
  _layout = /** @type {Layout|null} */ (null);
  /** What the canvas shows now (view.js `drawKey`), so an unchanged frame is not redrawn. @private */
  _drawn = '';
  /** A frame is requested. @private */
  _queued = false;

  /**
   * @param {HTMLElement} host the element
   * @param {BoardElements} els its shadow tree's parts
   * @param {PaintedBoard} board
   */
  constructor(host, els, board) {
    this._host = host;
    this._els = els;
    this._board = board;
  }

  /** Asks for a frame (one at a time). */
  frame() {
    if (this._queued) return;
    this._queued = true;
    requestAnimationFrame(() => {
      this._queued = false;
      this.render();
    });
  }

  /** Draws the board now; a glide asks for the next frame until it has landed. */
  render() {
    const s = this._board.state();
    const { layout: drawn, drawnKey, animating } = renderBoard(this._host, this._els, s, this._board.language(), this._drawn);
    this._layout = drawn;
    this._drawn = drawnKey;
    if (animating && s.connected) this.frame();
    else if (s.glide && !animating) this._board.apply(B.glided);
  }

  /** Whether the computer's last move is still gliding into place. */
  get animating() {
    const s = this._board.state();
    return !!glideAt(s.glide, s.gs ? s.gs.code : null, performance.now());
  }

  /**
   * The point under canvas coordinates (x, y), as the board was last drawn, or null.
   * @param {number} x
   * @param {number} y
   */
  toPoint(x, y) {
    return this._layout ? this._layout.toPoint(x, y) : null;
  }

  /**
   * Viewport coordinates of a point's centre, as the board is laid out now: a board whose size
   * changed since its last frame (shown after being hidden, say) is drawn first, so that the
   * point is where a click will find it.
   * @param {string} point
   * @returns {{x: number, y: number}|null}
   */
  pointCenter(point) {
    const size = boardSize(this._els.frame.clientWidth);
    const flipped = S.bottomSide(this._board.state()) === 'gray';
    if (!this._layout || this._layout.size !== size || this._layout.flipped !== flipped) this.render();
    const r = this._els.canvas.getBoundingClientRect();
    const p = (this._layout || layout(size, flipped)).toXY(point);
    return p ? { x: r.left + p.x, y: r.top + p.y } : null;
  }

  /**
   * Tells a screen reader the news (messages) and what is under the keyboard cursor.
   * @param {Message[]} [news]
   */
  describe(news = []) {
    const lang = this._board.language();
    const text = [...news, ...T.cursorMessages(this._board.state())].map((m) => say(lang, m)).join(' ');
    if (this._els.desc.textContent !== text) this._els.desc.textContent = text;
  }

  /**
   * Names the board, and the close button of its result, for a screen reader.
   * @param {(key: string) => string} t
   */
  label(t) {
    const c = this._els.canvas;
    c.setAttribute('aria-label', t('board.label'));
    c.setAttribute('aria-roledescription', t('board.role'));
    const close = this._els.resultClose;
    close.setAttribute('aria-label', t('board.closeResult'));
    close.title = t('board.closeResult');
  }
}
