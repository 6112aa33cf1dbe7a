// The intent handler: an intent of input.js (a press, a release, a drag, a drop, a key) made
// into the board's next state and what the controller must do besides, which needs the rules
// core (play a legal move, ask why a move is refused) or the page (describe the cursor's point).
// Pure, like board.js's changes, and kept apart from them because it decides from the selection
// (interaction.js) and who may move (state.js) rather than follow what happened; tested in node
// (tests/unit/board.test.mjs).
import * as I from './interaction.js';
import * as Sel from '../board/selection.js';
import { canHumanMove, canExplore, bottomSide, resultShown } from './state.js';
import { closeResult } from './board.js';
import { whyNoMove } from './telling.js';
/** @import { BoardState } from './state.js' */
/** @import { Intent } from '../board/input.js' */

/**
 * What the element must do besides changing its state (handleIntent).
 * @typedef {{type: 'play', index: number}|{type: 'explore', move: string}|{type: 'explain', from: string, to: string}|{type: 'describe'}} Effect
 */

/**
 * Handles an intent of input.js. Returns `{state, effect}`: the next state, and what the element
 * must do besides, or null: `{type: 'play', index}` (play the index-th legal move), `{type:
 * 'explore', move}` (play `move` at the position looked at: a variation, lib/tree.js), `{type:
 * 'explain', from, to}` (ask the rules core why `from`-`to` is refused; it plays it if it is
 * legal after all) or `{type: 'describe'}` (tell a screen reader what the cursor is on).
 * @param {BoardState} s
 * @param {Intent} it
 * @returns {{state: BoardState, effect: Effect|null}}
 */
export function handleIntent(s, it) {
  // Looking at an earlier position or a variation, a move there tries it there.
  const exploring = canExplore(s);
  const gs = exploring && s.view ? s.view.gs : s.gs;
  if (!gs) return { state: s, effect: null };
  /** @param {number} index */
  const play = (index) => (exploring ? { type: /** @type {const} */ ('explore'), move: gs.moves[index].text } : { type: /** @type {const} */ ('play'), index });
  let state = s;
  // Mouse presses hide the keyboard cursor; keys show it again.
  if (it.type === 'press') state = { ...state, focused: false };
  if (it.type === 'cursor' || it.type === 'activate') state = { ...state, focused: true };
  const canMove = canHumanMove(state) || exploring;
  switch (it.type) {
    case 'press':
    case 'activate': {
      const point = it.type === 'press' ? it.point : state.ui.cursor;
      const before = state.ui;
      const { ui, play: index } = I.press(gs, before, point, canMove);
      let next = it.type === 'activate' ? I.release(ui) : ui;
      if (!canMove && point) next = { ...next, notice: whyNoMove(state) };
      state = { ...state, ui: next };
      if (index >= 0) return { state, effect: play(index) };
      // A piece picked (no hop yet) and a press elsewhere that picked nothing: ask why.
      const picked = before.path && before.path.length === 1 ? before.path[0] : null;
      if (canMove && !exploring && point && !ui.path && !ui.notice && picked !== null && point !== picked) {
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
      const { ui, play: index } = I.press(gs, { ...state.ui, drag: null }, it.point, canMove);
      state = { ...state, ui };
      return { state, effect: index >= 0 ? play(index) : null };
    }
    case 'dragCancel':
      return { state: { ...state, ui: { ...state.ui, drag: null } }, effect: null };
    case 'cursor':
      return { state: { ...state, ui: I.moveCursor(state.ui, it.dx, it.dy, bottomSide(state) === 'gray') }, effect: { type: 'describe' } };
    case 'cancel':
      // Escape drops a selection; with none, it closes the result shown over the board.
      if (!state.ui.path && resultShown(state)) return { state: closeResult(state), effect: null };
      return { state: { ...state, ui: { ...state.ui, path: null, drag: null } }, effect: null };
    case 'closeResult':
      return { state: closeResult(state), effect: null };
    default:
      return { state, effect: null };
  }
}
