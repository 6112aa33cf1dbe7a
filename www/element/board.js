// The board's changes, as pure functions from a state (state.js) and what the rules core says
// (its `state()` object, here `gs`) to the next state. The element carries out what these ask
// for (playing a move on the rules core, explaining a refusal) and replaces its state with what
// they return; nothing here touches the DOM, the rules core or a timer, so all of it is tested
// in node (tests/unit/board.test.mjs).
import * as I from './interaction.js';
import * as Sel from '../lib/selection.js';
import { initialUi, canHumanMove, bottomSide, shownGame, seatOf } from './state.js';
import { whyNoMove as puzzleWhyNoMove, startPuzzle } from './puzzle-mode.js';
import { isRemote, isHuman } from '../lib/settings.js';
import { resultMessage } from '../lib/result.js';
/** @import { CoreError, GameState, Side } from '../engine/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */
/** @import { AiInfo } from '../api-types.js' */
/** @import { Glide } from './anim.js' */
/** @import { Intent } from './input.js' */

/**
 * What the element must do besides changing its state (handleIntent).
 * @typedef {{type: 'play', index: number}|{type: 'explain', from: string, to: string}|{type: 'describe'}} Effect
 */

/** @typedef {'human'|'computer'|'api'|'remote'} MoveBy */

/**
 * The state for a new game `gs`: nothing of the last game's is kept but the settings.
 * @param {BoardState} s
 * @param {GameState} gs
 * @returns {BoardState}
 */
export function withNewGame(s, gs) {
  return {
    ...s,
    gs,
    ui: { ...initialUi(), cursor: s.ui.cursor },
    puzzle: startPuzzle(gs),
    aiInfo: null,
    paused: false,
    halted: false,
    glide: null,
    notice: null,
    view: null,
    hint: null,
    mistake: null,
    announced: null,
  };
}

/**
 * The state with the game's last move marked as a mistake (none to mark before the first move).
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function withMistake(s) {
  const gs = s.gs;
  const last = gs && gs.lastMove;
  return { ...s, mistake: gs && last ? { ply: gs.ply - 1, text: last.text, points: last.points } : null };
}

/**
 * The state once the game has changed to `gs` (a move, an undo, a tag): a partial selection is
 * kept only while it still leads to a move, a notice only while its position is on the board.
 * @param {BoardState} s
 * @param {GameState} gs
 * @returns {BoardState}
 */
export function withGame(s, gs) {
  let ui = s.ui;
  if (ui.path && !Sel.movesWithPrefix(gs.moves, ui.path).length) ui = { ...ui, path: null, drag: null };
  const notice = s.notice && s.notice.code !== undefined && s.notice.code !== null && s.notice.code !== gs.code ? null : s.notice;
  return { ...s, gs, ui, notice, announced: gs.result ? s.announced : null };
}

/**
 * The state after a move was played (by 'human', 'computer', 'api' or 'remote'); `aiInfo` for
 * the computer's.
 * @param {BoardState} s
 * @param {GameState} gs
 * @param {{by: MoveBy, aiInfo?: AiInfo|null, glide?: Glide|null}} how
 * @returns {BoardState}
 */
export function afterMove(s, gs, { by, aiInfo = null, glide = null }) {
  const next = withGame(s, gs);
  return {
    ...next,
    ui: { ...next.ui, path: null, drag: null, notice: null, armDeselect: false },
    notice: null,
    view: null,
    halted: false,
    aiInfo: by === 'computer' ? aiInfo : s.aiInfo,
    glide,
  };
}

/**
 * The state after stepping through the game with undo or redo.
 * @param {BoardState} s
 * @param {GameState} gs
 * @returns {BoardState}
 */
export function afterStep(s, gs) {
  const next = withGame(s, gs);
  return { ...next, ui: { ...next.ui, path: null, drag: null, notice: null }, notice: null, aiInfo: null, view: null, halted: false, glide: null };
}

/**
 * The state looking at the position `pastGs` after `ply` moves (null: back to the game).
 * @param {BoardState} s
 * @param {number|null} ply
 * @param {GameState} [pastGs]
 * @returns {BoardState}
 */
export function viewing(s, ply, pastGs) {
  if (ply === null) return s.view ? { ...s, view: null } : s;
  if (!pastGs) throw new Error(`The position after ${ply} moves is needed to look at it.`);
  return { ...s, view: { ply, gs: pastGs }, ui: { ...s.ui, path: null, drag: null, notice: null } };
}

/**
 * The state once the rules core refused the move `from`-`to` with `error` (its `reason` and
 * `points`): the board says why, in the reader's language (message `why.<reason>`). Anything
 * else thrown changes nothing.
 * @param {BoardState} s
 * @param {string} from
 * @param {string} to
 * @param {unknown} error
 * @returns {BoardState}
 */
export function explainRefusal(s, from, to, error) {
  // What the rules core throws is a CoreError; anything else has no such `code`.
  const e = /** @type {Partial<CoreError>|null|undefined} */ (error);
  if (!e || e.code !== 'illegal-move' || !e.reason) return s;
  const points = Array.isArray(e.points) ? e.points : [];
  const notice = { key: `why.${e.reason}`, params: { from, to, p0: points[0], p1: points[1], points: points.join(', ') } };
  return { ...s, ui: { ...s.ui, notice } };
}

/**
 * Why the board takes no move from a person now, as a message.
 * @param {BoardState} s
 * @returns {Message}
 */
export function whyNoMove(s) {
  if (s.view) return { key: 'refuse.viewing', params: { ply: s.view.ply } };
  // A puzzle says where it stands (solved, failed), even when its last move ended the game.
  if (s.settings.mode === 'puzzle' && s.locked === null) return puzzleWhyNoMove(s);
  const gs = s.gs;
  if (!gs) throw new Error('There is no game on the board yet.');
  if (gs.result) return { key: 'refuse.gameOver', params: { result: resultMessage(gs) } };
  if (s.locked !== null) return s.locked ? { text: s.locked } : { key: 'refuse.locked' };
  if (s.settings.mode === 'view') return { key: 'refuse.viewOnly' };
  if (isRemote(s.settings.mode)) {
    const seat = seatOf(s);
    if (seat === 'watch') return { key: 'refuse.watching' };
    if (seat === null) return { key: 'refuse.joining' };
    if (seat !== gs.side) return { key: 'refuse.friendToMove', params: { side: gs.side } };
  }
  if (s.thinking) return { key: 'refuse.computerThinking' };
  if (s.settings.mode === 'demo') return { key: 'refuse.demo' };
  return { key: 'refuse.notYourTurn', params: { side: gs.side } };
}

/**
 * Handles an intent of input.js. Returns `{state, effect}`: the next state, and what the element
 * must do besides, or null: `{type: 'play', index}` (play the index-th legal move), `{type:
 * 'explain', from, to}` (ask the rules core why `from`-`to` is refused; it plays it if it is
 * legal after all) or `{type: 'describe'}` (tell a screen reader what the cursor is on).
 * @param {BoardState} s
 * @param {Intent} it
 * @returns {{state: BoardState, effect: Effect|null}}
 */
export function handleIntent(s, it) {
  const gs = s.gs;
  if (!gs) return { state: s, effect: null };
  let state = s;
  // Mouse presses hide the keyboard cursor; keys show it again.
  if (it.type === 'press') state = { ...state, focused: false };
  if (it.type === 'cursor' || it.type === 'activate') state = { ...state, focused: true };
  const canMove = canHumanMove(state);
  switch (it.type) {
    case 'press':
    case 'activate': {
      const point = it.type === 'press' ? it.point : state.ui.cursor;
      const before = state.ui;
      const { ui, play } = I.press(gs, before, point, canMove);
      let next = it.type === 'activate' ? I.release(ui) : ui;
      if (!canMove && point) next = { ...next, notice: whyNoMove(state) };
      state = { ...state, ui: next };
      if (play >= 0) return { state, effect: { type: 'play', index: play } };
      // A piece picked (no hop yet) and a press elsewhere that picked nothing: ask why.
      const picked = before.path && before.path.length === 1 ? before.path[0] : null;
      if (canMove && point && !ui.path && !ui.notice && picked !== null && point !== picked) {
        return { state, effect: { type: 'explain', from: picked, to: point } };
      }
      return { state, effect: it.type === 'activate' ? { type: 'describe' } : null };
    }
    case 'release':
      return { state: { ...state, ui: I.release(state.ui) }, effect: null };
    case 'drag':
      return { state: { ...state, ui: { ...state.ui, drag: { x: it.x, y: it.y } } }, effect: null };
    case 'drop': {
      // A drop on a point that is not a legal next point puts the piece back, selection kept.
      const sel = Sel.selectionView(gs, state.ui);
      if (!canMove || !sel || !sel.targets.includes(it.point)) return { state: { ...state, ui: { ...state.ui, drag: null } }, effect: null };
      const { ui, play } = I.press(gs, { ...state.ui, drag: null }, it.point, canMove);
      state = { ...state, ui };
      return { state, effect: play >= 0 ? { type: 'play', index: play } : null };
    }
    case 'dragCancel':
      return { state: { ...state, ui: { ...state.ui, drag: null } }, effect: null };
    case 'cursor':
      return { state: { ...state, ui: I.moveCursor(state.ui, it.dx, it.dy, bottomSide(state) === 'gray') }, effect: { type: 'describe' } };
    case 'cancel':
      return { state: { ...state, ui: { ...state.ui, path: null, drag: null } }, effect: null };
    default:
      return { state, effect: null };
  }
}

/**
 * What a screen reader is told about the board: the point under the keyboard cursor, with the
 * piece on it and the selection, as a list of messages (said one after the other).
 * @param {BoardState} s
 * @returns {Message[]}
 */
export function cursorMessages(s) {
  const gs = shownGame(s);
  if (!gs) return [];
  const p = s.ui.cursor;
  const piece = gs.board.find((x) => x.point === p);
  /** @type {Message[]} */
  const out = [
    piece
      ? { key: 'desc.piece', params: { point: p, color: piece.color, kind: piece.kind } }
      : { key: p === 'e5' ? 'desc.redDot' : 'desc.empty', params: { point: p } },
  ];
  const sel = canHumanMove(s) ? Sel.selectionView(gs, s.ui) : null;
  if (sel && sel.targets.includes(p)) out.push({ key: 'desc.destination' });
  else if (sel) out.push({ key: 'desc.selected', params: { path: sel.path.join(' '), targets: sel.targets.join(' ') } });
  return out;
}

/**
 * The news of a move just played, as messages: who played what, what it captured, and how the
 * game ended if it did. `side` is the side that moved.
 * @param {GameState} gs
 * @param {Side} side
 * @param {MoveBy} by
 * @returns {Message[]}
 */
export function moveNews(gs, side, by) {
  const m = gs.lastMove;
  if (!m) return [];
  /** @type {Message[]} */
  const out = [{ key: by === 'computer' ? 'announce.computer' : 'announce.move', params: { side, move: m.text } }];
  if (m.captured.length) out.push({ key: 'announce.captured', params: { points: m.captured.join(', ') } });
  const result = resultMessage(gs);
  if (result) out.push(result);
  return out;
}

/**
 * Whether the computer plays `side` in the state's settings (for the players' names).
 * @param {BoardState} s
 * @param {Side} side
 * @returns {boolean}
 */
export function computerPlays(s, side) {
  const { mode } = s.settings;
  return (mode === 'ai' || mode === 'demo') && !isHuman(s.settings, side);
}
