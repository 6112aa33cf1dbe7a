// Input: turns pointer and key events on the board canvas into intents for the controller.
//
// Intents (passed to `onIntent`):
//   {type: 'press', point}          a click/tap/pointer-down on a point (or null off the board)
//   {type: 'release'}               the press ended without a drag
//   {type: 'drop', point}           a drag released over a point
//   {type: 'drag', x, y}            the dragged piece follows the pointer (CSS px in the canvas)
//   {type: 'dragCancel'}            a drag abandoned
//   {type: 'cursor', dx, dy}        arrow keys: move the keyboard cursor (screen directions)
//   {type: 'activate'}              Enter / Space on the cursor point
//   {type: 'cancel'}                Escape: drop the selection (with none, close the result)
//   {type: 'closeResult'}           the result's close button (attachResultClose)
//
// `canDrag(point)` tells whether a press on `point` may turn into a drag (after the press
// intent has been handled); `toPoint(x, y)` maps canvas CSS coordinates to a point name.

/**
 * An intent (see the head of this file).
 * @typedef {{type: 'press', point: string|null}
 *   | {type: 'release'}
 *   | {type: 'drop', point: string}
 *   | {type: 'drag', x: number, y: number}
 *   | {type: 'dragCancel'}
 *   | {type: 'cursor', dx: number, dy: number}
 *   | {type: 'activate'}
 *   | {type: 'cancel'}
 *   | {type: 'closeResult'}} Intent
 */

const DRAG_THRESHOLD = 4; // px

/**
 * The arrow keys' moves of the keyboard cursor, in screen directions.
 * @type {Readonly<Record<string, [number, number]>>}
 */
const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Turns the events on `canvas` into intents for `onIntent`.
 * @param {HTMLCanvasElement} canvas
 * @param {{toPoint: (x: number, y: number) => string|null, canDrag: (point: string) => boolean, onIntent: (intent: Intent) => void}} handlers
 * @returns {void}
 */
export function attachInput(canvas, { toPoint, canDrag, onIntent }) {
  /** @type {{id: number, x0: number, y0: number, point: string|null, dragging: boolean, draggable: boolean}|null} */
  let down = null;

  /** @param {PointerEvent} e */
  const pos = (e) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || down) return;
    const { x, y } = pos(e);
    const point = toPoint(x, y);
    onIntent({ type: 'press', point });
    const draggable = point !== null && canDrag(point);
    down = { id: e.pointerId, x0: x, y0: y, point, dragging: false, draggable };
    if (draggable) {
      try {
        canvas.setPointerCapture(e.pointerId);
      } catch {
        /* capture is a nicety */
      }
    }
    e.preventDefault();
  });

  canvas.addEventListener('pointermove', (e) => {
    if (!down || e.pointerId !== down.id) {
      const { x, y } = pos(e);
      const p = toPoint(x, y);
      canvas.style.cursor = p !== null && canDrag(p) ? 'grab' : p !== null ? 'pointer' : 'default';
      return;
    }
    if (!down.draggable) return;
    const { x, y } = pos(e);
    if (!down.dragging && Math.hypot(x - down.x0, y - down.y0) < DRAG_THRESHOLD) return;
    down.dragging = true;
    canvas.style.cursor = 'grabbing';
    onIntent({ type: 'drag', x, y });
  });

  /**
   * @param {PointerEvent} e
   * @param {boolean} cancelled
   */
  const finish = (e, cancelled) => {
    if (!down || e.pointerId !== down.id) return;
    const d = down;
    down = null;
    canvas.style.cursor = 'default';
    if (!d.dragging) return onIntent({ type: 'release' });
    if (cancelled) return onIntent({ type: 'dragCancel' });
    const { x, y } = pos(e);
    const point = toPoint(x, y);
    if (point === null || point === d.point) onIntent({ type: 'dragCancel' });
    else onIntent({ type: 'drop', point });
  };
  canvas.addEventListener('pointerup', (e) => finish(e, false));
  canvas.addEventListener('pointercancel', (e) => finish(e, true));
  canvas.addEventListener('lostpointercapture', (e) => {
    if (down && down.dragging && e.pointerId === down.id) finish(e, true);
  });

  canvas.addEventListener('keydown', (e) => {
    const arrow = Object.hasOwn(ARROWS, e.key) ? ARROWS[e.key] : null;
    if (arrow) {
      const [dx, dy] = arrow;
      onIntent({ type: 'cursor', dx, dy });
    } else if (e.key === 'Enter' || e.key === ' ') {
      onIntent({ type: 'activate' });
    } else if (e.key === 'Escape') {
      onIntent({ type: 'cancel' });
    } else {
      return;
    }
    e.preventDefault();
  });
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
}

/**
 * Turns a press of the close button of the result shown over the board into its intent. Closed
 * from the keyboard (a click with no pointer), the focus goes back to the board, as the button
 * goes away.
 * @param {HTMLButtonElement} button
 * @param {HTMLCanvasElement} canvas
 * @param {(intent: Intent) => void} onIntent
 * @returns {void}
 */
export function attachResultClose(button, canvas, onIntent) {
  button.addEventListener('click', (e) => {
    const fromKeyboard = e.detail === 0;
    onIntent({ type: 'closeResult' });
    if (fromKeyboard) canvas.focus();
  });
}
