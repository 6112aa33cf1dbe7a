// Pictures of a board's game to share: the position shown as a PNG image and the whole game as an
// animated GIF, painted by board/draw.js (the board's own drawing, a pure function of the rules
// core's state) on a canvas of their own, and encoded in the browser: PNG by the canvas, GIF by
// gifenc (www/vendor/gifenc.js, the npm package). No server. Loaded on first use, with gifenc.
import { drawBoard, layout } from '../board/draw.js';
import { makeCanvas } from '../board/draw-canvas.js';
import { nextTask } from '../lib/next-task.js';
/** @import { GameState } from '../core/core-types.js' */
/** @import { Core } from '../core/core-api.js' */

/**
 * How a picture is drawn: its width and height in pixels, the board's colour theme, whether Gray
 * is at the bottom, and whether the points' names are drawn.
 * @typedef {{size: number, theme: string, flipped: boolean, coordinates: boolean}} PictureLook
 */

/** The picture sizes allowed, in pixels (a side), and the default. */
export const PICTURE_SIZE = Object.freeze({ min: 120, max: 2000, default: 480 });
/** The time each position of an animated game stays, in milliseconds: allowed and default. */
export const FRAME_MS = Object.freeze({ min: 100, max: 10_000, default: 800 });
/** The last position stays this many frames' time, so that the end can be seen before it loops. */
const LAST_FRAME_HOLD = 3;

/**
 * The look of a picture the element's `toPNG(options)` or `toGIF(options)` asks for: `options`
 * (undefined, or an object with `size` in pixels and, for a GIF, `frameMs`) checked, the rest
 * as the board shows it (`board`). Throws an Error saying what is wrong (`t`: the board's words).
 * @param {unknown} options
 * @param {Omit<PictureLook, 'size'>} board
 * @param {(key: string, params?: Record<string, string|number>) => string} t
 * @returns {PictureLook & {frameMs: number}}
 */
export function pictureLook(options, board, t) {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) throw new TypeError(t('api.pictureOptions'));
  const o = /** @type {Record<string, unknown>} */ (options ?? {});
  /** @type {(name: string, range: {min: number, max: number, default: number}) => number} */
  const whole = (name, range) => {
    const v = o[name] ?? range.default;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < range.min || v > range.max) {
      throw new RangeError(t('api.pictureNumber', { name, min: range.min, max: range.max, value: String(v) }));
    }
    return v;
  };
  return { ...board, size: whole('size', PICTURE_SIZE), frameMs: whole('frameMs', FRAME_MS) };
}

/**
 * `gs` painted as the board paints it, on a canvas of `look.size` pixels.
 * @param {GameState} gs
 * @param {PictureLook} look
 */
function paint(gs, look) {
  const picture = makeCanvas(look.size, look.size);
  drawBoard(picture.g, { gs, layout: layout(look.size, look.flipped), theme: look.theme, coordinates: look.coordinates });
  return picture;
}

/**
 * The position `gs` as a PNG image.
 * @param {GameState} gs
 * @param {PictureLook} look
 * @returns {Promise<Blob>}
 */
export async function positionPNG(gs, look) {
  const { canvas } = paint(gs, look);
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/png' });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The browser made no PNG image.'))), 'image/png'));
}

/**
 * Every position of the game `gs` (the rules core's state), the start first: its moves replayed
 * from its start, and its own state last, which has its ending (a resignation too).
 * @param {Core} core
 * @param {GameState} gs
 * @returns {GameState[]}
 */
export function positionsOf(core, gs) {
  const game = core.Game.fromCode(gs.variant, gs.start);
  try {
    /** @type {GameState[]} */
    const states = [];
    for (const move of gs.history) {
      states.push(game.state());
      game.play(move);
    }
    states.push(gs);
    return states;
  } finally {
    game.free();
  }
}

/**
 * The RGBA pixels of `gs` painted.
 * @param {GameState} gs
 * @param {PictureLook} look
 * @returns {Uint8ClampedArray}
 */
function pixels(gs, look) {
  return paint(gs, look).g.getImageData(0, 0, look.size, look.size).data;
}

/**
 * The game `gs` as an animated GIF, looping: one frame a position, `frameMs` each, the last
 * held longer. One palette serves every frame, made from the first and the last (between them
 * they have every colour the board shows: all the pieces, the marks of a move and of the end),
 * so the colours do not flicker and each frame needs only matching; one frame a task, so a long
 * game does not hold the main thread.
 * @param {Core} core
 * @param {GameState} gs
 * @param {PictureLook & {frameMs: number}} look
 * @returns {Promise<Blob>}
 */
export async function gameGIF(core, gs, look) {
  const { GIFEncoder, quantize, applyPalette } = await import('../vendor/gifenc.js');
  const states = positionsOf(core, gs);
  const first = pixels(states[0], look);
  const last = pixels(states[states.length - 1], look);
  const both = new Uint8ClampedArray(first.length + last.length);
  both.set(first);
  both.set(last, first.length);
  const palette = quantize(both, 256);
  const gif = GIFEncoder();
  for (const [i, state] of states.entries()) {
    await nextTask();
    const data = i === 0 ? first : i === states.length - 1 ? last : pixels(state, look);
    const delay = i === states.length - 1 ? look.frameMs * LAST_FRAME_HOLD : look.frameMs;
    gif.writeFrame(applyPalette(data, palette), look.size, look.size, i === 0 ? { palette, delay, repeat: 0 } : { delay });
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: 'image/gif' });
}
