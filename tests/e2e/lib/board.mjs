// Playing a <blue-gray-game> like a player, and waiting for what it does. Every helper takes the
// board by a CSS selector (`board`, the page's own #game unless told), so the same code plays the
// page's board, the lessons', the puzzles', the review's and an embedding page's.

/**
 * @import { Page } from 'playwright-core'
 * @import { GameState, Move, Side } from '../../../www/core/core-types.js'
 */
/**
 * A point's centre on the screen, in CSS pixels from the window's top left.
 * @typedef {{ x: number, y: number }} Spot
 */
/**
 * Where clickPoint's code in the page would click: a point's centre, and whether the board is
 * what shows there.
 * @typedef {Spot & { onBoard: boolean }} Aim
 */
/**
 * A <blue-gray-game> (www/blue-gray-game.js) as these helpers read it: its state (null until its
 * first game is set up), whether the computer is thinking, whether a piece still glides, and
 * where a point's centre lies (null: no such point, or nothing drawn yet).
 * @typedef {HTMLElement & {
 *   readonly state: GameState | null,
 *   readonly thinking: boolean,
 *   readonly animating: boolean,
 *   pointCenter(point: string): Spot | null,
 * }} BoardElement
 */
/**
 * The page's window for tests (www/play/test-hooks.js), over the page's own board: what these
 * helpers read of it.
 * @typedef {object} TestHooks
 * @property {GameState | null} state
 * @property {boolean} thinking
 * @property {boolean} animating
 * @property {(point: string) => Spot | null} pointCenter
 */
/**
 * The page's window as the code run in it sees it, with its window for tests once the page has
 * put it there.
 * @typedef {Window & { bluegray?: TestHooks }} PageWindow
 */

/** Blue's captain one step from the red dot (move 30): e4-e5 wins by breakthrough. */
export const NEAR_WIN = 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30';
/** Blue must capture: f5xf7xh7 is a double jump. */
export const JUMP = '1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1';

/**
 * The state of the board found by `board` (its position, moves, history and result; null before
 * its first game is set up).
 * @param {Page} page
 * @param {string} [board] its selector
 * @returns {Promise<GameState | null>}
 */
export function state(page, board = '#game') {
  return page.evaluate((sel) => {
    const b = /** @type {BoardElement | null} */ (document.querySelector(sel));
    if (!b) throw new Error(`no board ${sel}`);
    return b.state;
  }, board);
}

/**
 * After the next two frames: the board and the panel have drawn what changed. Resolves to the
 * second frame's time.
 * @param {Page} page
 * @returns {Promise<number>}
 */
export function frames(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * After the next frame's callbacks: the page draws its panel at the frame after the board's
 * change (app.js scheduleRender), so a wait on the board's state is followed by this before the
 * panel is read.
 * @param {Page} page
 * @returns {Promise<void>}
 */
export function nextFrame(page) {
  return page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
}

/**
 * Clicks the centre of a board point on the canvas, like a player. The point is read where the
 * board lies now (scrolled into view first if the board is not what shows there) and clicked
 * only once the layout has held still for two frames with that board on top there: a banner or a
 * status line that appears meanwhile moves the board, and a click on a point read before would
 * land on its neighbour.
 * @param {Page} page
 * @param {string} point its name, e.g. `e4`
 * @param {{ board?: string, timeout?: number }} [options] the board's selector; how long (ms) it may take to hold still
 * @returns {Promise<void>}
 */
export async function clickPoint(page, point, { board = '#game', timeout = 10000 } = {}) {
  // One round trip: the page watches its own frames and answers with where to click.
  const at = await page.evaluate(
    ([sel, p, ms]) =>
      new Promise((/** @type {(answer: Aim | { missing: true } | { stuck: (Aim | null)[] }) => void} */ resolve) => {
        const b = /** @type {BoardElement | null} */ (document.querySelector(sel));
        const shown = (/** @type {Spot} */ c) => c.x >= 0 && c.y >= 0 && c.x <= innerWidth && c.y <= innerHeight && document.elementFromPoint(c.x, c.y) === b;
        /** @returns {Aim | null} */
        const where = () => {
          if (!b) return null;
          let c = b.pointCenter(p);
          if (!c) return null;
          if (!shown(c)) {
            b.scrollIntoView({ block: 'center', inline: 'center' });
            c = b.pointCenter(p);
            if (!c) return null;
          }
          return { x: c.x, y: c.y, onBoard: shown(c) };
        };
        const until = performance.now() + ms;
        let before = where();
        if (!before) return resolve({ missing: true });
        const look = () => {
          const now = where();
          if (now && before && now.onBoard && now.x === before.x && now.y === before.y) return resolve(now);
          if (performance.now() > until) return resolve({ stuck: [before, now] });
          before = now;
          requestAnimationFrame(() => requestAnimationFrame(look));
        };
        requestAnimationFrame(() => requestAnimationFrame(look));
      }),
    /** @type {[string, string, number]} */ ([board, point, timeout]),
  );
  if ('missing' in at) throw new Error(`no point ${point} on ${board}`);
  if ('stuck' in at) throw new Error(`${board} did not hold still at ${point}: ${JSON.stringify(at.stuck)}`);
  await page.mouse.click(at.x, at.y);
}

/**
 * Drags from one point of the page's board to another with the mouse.
 * @param {Page} page
 * @param {string} from a point's name
 * @param {string} to a point's name
 * @returns {Promise<void>}
 */
export async function dragPoint(page, from, to) {
  /** @param {string} p */
  const centre = (p) =>
    page.evaluate((name) => {
      const hooks = /** @type {PageWindow} */ (window).bluegray;
      if (!hooks) throw new Error('the page has no window.bluegray');
      return hooks.pointCenter(name);
    }, p);
  const a = await centre(from);
  const b = await centre(to);
  if (!a || !b) throw new Error(`no point ${a ? to : from} on the page's board`);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/**
 * Plays `move` (a move of state.moves, or its text) by clicking each of its points (a
 * multi-jump's every landing point) on `board`, and waits until the board has played it, unless
 * `wait: false` (a board that takes the move back at once). Fails when the move is not legal
 * there or another was played; then waits for the next frame, where the page's panel draws it.
 * Returns its text.
 * @param {Page} page
 * @param {Move | string} move
 * @param {{ board?: string, wait?: boolean }} [options]
 * @returns {Promise<string>}
 */
export async function playMove(page, move, { board = '#game', wait = true } = {}) {
  const s = await state(page, board);
  if (!s) throw new Error(`${board} has no game to play ${typeof move === 'string' ? move : move.text} in`);
  const text = typeof move === 'string' ? move : move.text;
  const m = s.moves.find((x) => x.text === text);
  if (!m) throw new Error(`${text} is not legal in ${s.code} (legal: ${s.moves.map((x) => x.text).join(' ')})`);
  for (const p of m.points) await clickPoint(page, p, { board });
  if (!wait) return text;
  await page.waitForFunction(
    ([sel, n]) => {
      const now = /** @type {BoardElement | null} */ (document.querySelector(sel))?.state;
      if (!now) throw new Error(`${sel} has no game`);
      return now.history.length > n;
    },
    /** @type {[string, number]} */ ([board, s.history.length]),
    { timeout: 20000 },
  );
  const played = (await state(page, board))?.history[s.history.length];
  if (played !== text) throw new Error(`clicked ${text}, but ${played} was played`);
  await nextFrame(page);
  return text;
}

/**
 * Plays `moves` one after the other by clicks (playMove).
 * @param {Page} page
 * @param {readonly (Move | string)[]} moves
 * @param {{ board?: string, wait?: boolean }} [options] as playMove's
 * @returns {Promise<void>}
 */
export async function playMoves(page, moves, options) {
  for (const move of moves) await playMove(page, move, options);
}

/**
 * The move a scripted player makes at its `turn` in state `s`: with `walk`, the captain's walk
 * whenever there is one (the game ends), else the turn-th of all the moves; without, the turn-th
 * guard move while there are any (the game lasts).
 * @param {GameState} s
 * @param {number} turn
 * @param {{ walk?: boolean }} [options]
 * @returns {Move}
 */
export function pickMove(s, turn, { walk = true } = {}) {
  if (walk) return s.moves.find((m) => m.kind === 'captain') || s.moves[turn % s.moves.length];
  const guards = s.moves.filter((m) => m.kind !== 'captain');
  const pool = guards.length ? guards : s.moves;
  return pool[turn % pool.length];
}

/**
 * Plays a whole game against the computer by clicks, as `side`: the captain walks whenever it
 * can, a capture is made when it must be, otherwise the moves take turns (pickMove). Returns
 * the final state.
 * @param {Page} page
 * @param {Side} side
 * @param {number} [maxTurns]
 * @returns {Promise<GameState | null>}
 */
export async function playToTheEnd(page, side, maxTurns = 200) {
  for (let turn = 0; turn < maxTurns; turn++) {
    await page.waitForFunction(
      (me) => {
        const b = /** @type {PageWindow} */ (window).bluegray;
        if (!b?.state) throw new Error('the page has no game in window.bluegray');
        return b.state.result || (b.state.side === me && !b.thinking && !b.animating);
      },
      side,
      { timeout: 30000 },
    );
    const s = await state(page);
    if (!s) throw new Error('the page has no game');
    if (s.result) break;
    await playMove(page, pickMove(s, turn));
  }
  return state(page);
}

/**
 * Waits until the page's game has `n` moves in its history, and the panel has drawn it.
 * @param {Page} page
 * @param {number} n
 * @param {number} [timeout] ms
 * @returns {Promise<void>}
 */
export async function waitPly(page, n, timeout = 20000) {
  await page.waitForFunction(
    (k) => {
      const b = /** @type {PageWindow} */ (window).bluegray;
      if (!b) throw new Error('the page has no window.bluegray');
      return b.state && b.state.history.length >= k;
    },
    n,
    { timeout },
  );
  await nextFrame(page);
}

/**
 * Waits until the page's computer is not thinking, and the panel has drawn it.
 * @param {Page} page
 * @param {number} [timeout] ms
 * @returns {Promise<void>}
 */
export async function waitIdle(page, timeout = 20000) {
  await page.waitForFunction(
    () => {
      const b = /** @type {PageWindow} */ (window).bluegray;
      if (!b) throw new Error('the page has no window.bluegray');
      return !b.thinking;
    },
    null,
    { timeout },
  );
  await nextFrame(page);
}

/**
 * Waits until the page has settled: the computer neither thinks nor glides a piece, two frames
 * have been drawn, and the main thread has had a moment with nothing to do (requestIdleCallback).
 * @param {Page} page
 * @param {number} [timeout] ms
 * @returns {Promise<void>}
 */
export async function settle(page, timeout = 20000) {
  await page.waitForFunction(
    () => {
      const b = /** @type {PageWindow} */ (window).bluegray;
      if (!b) throw new Error('the page has no window.bluegray');
      return !b.thinking && !b.animating;
    },
    null,
    { timeout },
  );
  await frames(page);
  await page.evaluate(() => /** @type {Promise<void>} */ (new Promise((r) => requestIdleCallback(() => r(), { timeout: 5000 }))));
}

/**
 * The picture of the <blue-gray-game> found by `selector`, as a data URL, once it is drawn. It is
 * read after the frames have ended, not inside a frame callback: a resize seen in a frame is only
 * drawn after that frame's callbacks.
 * @param {Page} page
 * @param {string} [selector]
 * @returns {Promise<string>}
 */
export async function boardPicture(page, selector = '#game') {
  await frames(page);
  return page.evaluate((sel) => {
    const canvas = document.querySelector(sel)?.shadowRoot?.querySelector('canvas');
    if (!canvas) throw new Error(`no board picture in ${sel}`);
    return canvas.toDataURL();
  }, selector);
}
