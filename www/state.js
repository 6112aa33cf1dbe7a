// The state of one board, declared once with its defaults (as chessground's state.ts does): the
// element keeps one such object, changes it in response to intents and replies, and draws from
// it. Only plain data lives here; the wasm Game and the AI worker belong to the element.
import { DEFAULTS } from './settings.js';

/** A fresh interaction state: nothing selected, the keyboard cursor on the red dot. */
export function initialUi() {
  return { path: null, cursor: 'e5', drag: null, notice: null, armDeselect: false };
}

/** The whole state of a board before its rules core has loaded. */
export function defaultState() {
  return {
    /** variant, mode, side, level, movetime: the game's settings (settings.js). */
    settings: { ...DEFAULTS },
    /** 'blue' | 'gray' at the bottom, or null: Blue, or the human's side against the computer. */
    orientation: null,
    /** Point names on the frame. */
    coordinates: true,
    /** Message language (a key of the message tables), or null: the page's. */
    lang: null,
    /** The rules core's view of the game (wasm `Game.state()`), or null before the first game. */
    gs: null,
    /** Selection, cursor, drag and the last refusal: see interaction.js. */
    ui: initialUi(),
    /** The keyboard cursor is shown (the board has focus from a key, not a mouse press). */
    focused: false,
    /** The computer is waiting to move or thinking. */
    thinking: false,
    /** A demo held still, so its moves can be stepped through with undo and redo. */
    paused: false,
    /** The computer could not move; a new game, undo or redo tries again. */
    halted: false,
    /** The last search: {side, move, scoreText, depth, nodes, pv}, for the page's panel. */
    aiInfo: null,
    /** performance.now() when the last search was requested and when its reply arrived. */
    lastSearch: null,
    /** The computer's last move gliding into place (anim.js), or null. */
    glide: null,
    /** A message for the player that is not tied to a press: {key, params} or {text}. */
    notice: null,
    /** A past position being looked at: {ply, gs}, or null when the board shows the game. */
    view: null,
    /** The engine's suggestion shown as an arrow: {code, points}, for the position `code`. */
    hint: null,
    /** Colour theme of the board: 'wood', 'dark' or 'contrast'. */
    theme: 'wood',
  };
}

/** The state of the game the board shows: a past position being looked at, or the game. */
export function shownGame(state) {
  return state.view ? state.view.gs : state.gs;
}

/** The side shown at the bottom. */
export function bottomSide(state) {
  if (state.orientation) return state.orientation;
  return state.settings.mode === 'ai' ? state.settings.side : 'blue';
}

/** Whether a person plays `side` under these settings. */
export function isHuman(settings, side) {
  if (settings.mode === 'two') return true;
  if (settings.mode === 'ai') return side === settings.side;
  return false;
}

/** Whether the board takes a move from a person now. */
export function canHumanMove(state) {
  const gs = state.gs;
  return !!gs && !gs.result && !state.view && isHuman(state.settings, gs.side) && !state.thinking;
}

/** Whether the computer should move now. */
export function computerToMove(state) {
  const gs = state.gs;
  const { mode } = state.settings;
  if (!gs || gs.result || state.halted || state.paused) return false;
  return (mode === 'ai' || mode === 'demo') && !isHuman(state.settings, gs.side);
}
