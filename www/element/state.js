// The state of one board, declared once with its defaults (as chessground's state.ts does): every
// field of the plain-data state object, which the element replaces with the named changes of
// board.js and nothing else. What the controller holds besides (the rules core, its Game, the
// resize observer) is declared here too, in `defaultResources`; the handles of each part the
// controller runs (the painter's layout and frame, the computer's timer and worker, a hint's
// search, a live game's session) are that part's own, declared in its class.
import { DEFAULTS, isHuman } from '../lib/settings.js';
import { solverToMove } from './puzzle-mode.js';
/** @import { Catalogue, GameState, SearchResult, Side, Goal } from '../core/core-types.js' */
/** @import { Core, CoreGame } from '../core/core-api.js' */
/** @import { Settings, Theme } from '../lib/settings.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { AiInfo, LiveStatus } from '../api-types.js' */
/** @import { XY } from '../board/draw-layout.js' */
/** @import { Glide } from '../board/anim.js' */
/** @import { Puzzle } from './puzzle-mode.js' */
/** @import { Clocks } from '../lib/clock.js' */

/** @typedef {ReturnType<typeof initialUi>} Ui */
/** @typedef {ReturnType<typeof defaultState>} BoardState */
/** @typedef {ReturnType<typeof defaultResources>} BoardResources */

/** A fresh interaction state: nothing selected, the keyboard cursor on the red dot. */
export function initialUi() {
  return {
    /**
     * The piece picked and the hops entered so far (point names), or null.
     * @type {string[]|null}
     */
    path: null,
    /** The keyboard cursor's point. */
    cursor: 'e5',
    /**
     * A piece being dragged: {x, y} in CSS px of the canvas, or null.
     * @type {XY|null}
     */
    drag: null,
    /**
     * Why the last press did nothing, as a message ({key, params}, or {text}: the lock's own
     * sentence), or null.
     * @type {Message|null}
     */
    notice: null,
    /** The press that ends now puts the picked piece down again (it was pressed twice). */
    armDeselect: false,
  };
}

/** The whole state of a board before its rules core has loaded. */
export function defaultState() {
  return {
    /**
     * variant, mode, side, level, movetime: the game's settings (settings.js).
     * @type {Settings}
     */
    settings: { ...DEFAULTS },
    /**
     * 'blue' | 'gray' at the bottom, or null: Blue, or the human's side against the computer.
     * @type {Side|null}
     */
    orientation: null,
    /** Point names on the frame. */
    coordinates: true,
    /**
     * Message language (a key of the message tables), or null: the page's.
     * @type {string|null}
     */
    lang: null,
    /**
     * Colour theme of the board: 'wood', 'dark' or 'contrast'.
     * @type {Theme}
     */
    theme: 'wood',
    /**
     * The board takes no move from a person, whatever the mode (a lesson waiting for "Try
     * again", say): null when it does, else what a press says ('' for the standard sentence).
     * @type {string|null}
     */
    locked: null,
    /**
     * The players' strips are shown above and below the board, each with its side's name, who
     * plays it and its clock (the `players` attribute; its value is unused): null when not.
     * @type {string|null}
     */
    players: null,
    /**
     * A puzzle's goal (`win2`, `win3`, `stop`) in puzzle mode, or null.
     * @type {Goal|null}
     */
    goal: null,
    /**
     * The puzzle on the board in puzzle mode (puzzle-mode.js `startPuzzle`), or null.
     * @type {Puzzle|null}
     */
    puzzle: null,
    /**
     * The rules core's view of the game (wasm `Game.state()`), or null before the first game.
     * @type {GameState|null}
     */
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
    /**
     * The computer's last search: {side, move, score, mateIn, scoreText, depth, nodes, pv}, or null.
     * @type {AiInfo|null}
     */
    aiInfo: null,
    /**
     * performance.now() when the last search was requested and when its reply arrived.
     * @type {{requested: number, replied: number|null}|null}
     */
    lastSearch: null,
    /**
     * The computer's last move gliding into place (anim.js), or null.
     * @type {Glide|null}
     */
    glide: null,
    /**
     * A message for the player that is not tied to a press ({key, params} or {text}), with
     * `code`: the position it is about (it goes when the position changes), or null: it stays
     * until the next game.
     * @type {(Message & {code?: string|null})|null}
     */
    notice: null,
    /**
     * A position being looked at: the game's earlier one or one of its variations
     * (lib/tree.js): its `path` in the game's tree, `ply` the moves before it (the path's
     * length) and its state `gs`; null when the board shows the game.
     * @type {{ply: number, path: number[], gs: GameState}|null}
     */
    view: null,
    /**
     * A move shown as an arrow: {code, points}, for the position `code` only.
     * @type {{code: string, points: string[]}|null}
     */
    hint: null,
    /**
     * A move marked as a mistake: {ply, text, points}, the move `text` played after `ply` moves.
     * It is drawn while the game shown holds that move there, through the replies after it.
     * @type {{ply: number, text: string, points: string[]}|null}
     */
    mistake: null,
    /**
     * The ply at which the game's result was announced (a `gameover` event), or null.
     * @type {number|null}
     */
    announced: null,
    /**
     * The position code of the finished game whose result the player closed over the board, or
     * null: a finished game shows its result over the board until it is closed, and a closed
     * one stays closed for that position (looking back and forth, an undo and a redo), not for
     * the next game's.
     * @type {string|null}
     */
    resultClosed: null,
    /** The element is in a document (its computer, timers and animation run only then). */
    connected: false,
    /**
     * The relay of a live game (`relay` attribute): a WebSocket address, or null.
     * @type {string|null}
     */
    relay: null,
    /**
     * The id of a game with a friend elsewhere (`game-id`), or null: a live game makes one.
     * @type {string|null}
     */
    gameId: null,
    /**
     * The public key of the seat that started a live game (`host-key`), or null.
     * @type {string|null}
     */
    hostKey: null,
    /**
     * The private key of this device's seat from a live game's invitation (`seat-key`), or null.
     * @type {string|null}
     */
    seatKey: null,
    /**
     * This device's player's name (`player-name`, lib/player-name.js's rules), or null for none:
     * said to the other device of a live game, and written in this seat's tag of a record
     * against a friend elsewhere.
     * @type {string|null}
     */
    playerName: null,
    /**
     * Each side's player's name against a friend elsewhere ('' for none), as the players' strips
     * show it: live, from the seat's signed presence; by link, from the record's `Blue` and
     * `Gray` tags (players.js tagNames).
     * @type {{blue: string, gray: string}}
     */
    names: { blue: '', gray: '' },
    /**
     * In a live game this device started, the other seat's private key that the invitation
     * carries (set by live-link.js), or null.
     * @type {string|null}
     */
    inviteKey: null,
    /**
     * In a live game whose seat's key the browser could not keep (its storage full or turned
     * off), that key as a link's `seat-key` carries it (set by live-link.js), or null.
     * @type {string|null}
     */
    unkeptKey: null,
    /**
     * The game's two clocks (lib/clock.js; clocks.js runs them), or null in a game without a
     * time control.
     * @type {Clocks|null}
     */
    clocks: null,
    /**
     * A live game's connection (live.js, LiveStatus), or null outside live games.
     * @type {LiveStatus|null}
     */
    live: null,
  };
}

/** What a board holds besides its plain state: handles, timers and caches, none of them drawn. */
export function defaultResources() {
  return {
    /**
     * The rules core once loaded: {Game, variants, puzzleJudge, module}.
     * @type {Core|null}
     */
    core: null,
    /**
     * The catalogue of the rules core (variants, levels, options), once loaded.
     * @type {Catalogue|null}
     */
    catalogue: null,
    /**
     * The rules core's game (wasm `Game`), or null before the first game.
     * @type {CoreGame|null}
     */
    game: null,
    /** A new game from the attributes is queued for the end of the task. */
    newGameQueued: false,
    /** The element is writing its own attributes: their callbacks change nothing. */
    reflecting: false,
    /**
     * The ResizeObserver of the board's frame, while connected.
     * @type {ResizeObserver|null}
     */
    resizeObserver: null,
  };
}

/**
 * The state of the game the board shows: a past position being looked at, or the game.
 * @param {BoardState} state
 * @returns {GameState|null}
 */
export function shownGame(state) {
  return state.view ? state.view.gs : state.gs;
}

/**
 * Whether the finished game's result is shown over the board: the game on the board is over, the
 * board shows its end (not a position looked back at) and the player has not closed it there.
 * @param {BoardState} state
 * @returns {boolean}
 */
export function resultShown(state) {
  const gs = state.gs;
  return !!gs && !!gs.result && !state.view && state.resultClosed !== gs.code;
}

/**
 * The side shown at the bottom.
 * @param {BoardState} state
 * @returns {Side}
 */
export function bottomSide(state) {
  if (state.orientation) return state.orientation;
  if (state.settings.mode === 'puzzle') return state.puzzle ? state.puzzle.side : 'blue';
  const seat = seatOf(state);
  if (seat === 'blue' || seat === 'gray') return seat;
  return state.settings.mode === 'ai' ? state.settings.side : 'blue';
}

/**
 * The seat this board's person plays against a friend elsewhere: 'blue', 'gray', 'watch' (a live game's onlooker), or null.
 * @param {BoardState} state
 * @returns {Side|'watch'|null}
 */
export function seatOf(state) {
  const { mode, side } = state.settings;
  if (mode === 'friend') return side;
  if (mode === 'live') return state.live ? state.live.seat : null;
  return null;
}

/**
 * What live/claims.js needs to know whether this board's seat may claim its live game.
 * @param {BoardState} state
 * @returns {{gs: GameState|null, live: LiveStatus|null, clocked: boolean}}
 */
export function claimGame(state) {
  return { gs: state.gs, live: state.settings.mode === 'live' ? state.live : null, clocked: state.clocks !== null };
}

/**
 * Whether the board takes a move from a person now.
 * @param {BoardState} state
 * @returns {boolean}
 */
export function canHumanMove(state) {
  const gs = state.gs;
  const human = state.settings.mode === 'puzzle' ? solverToMove(state) : isHuman(state.settings, gs && gs.side);
  // A live game's seat is this device's only once the relay has said so.
  const seated = state.settings.mode !== 'live' || (!!gs && seatOf(state) === gs.side);
  return !!gs && !gs.result && !state.view && state.locked === null && human && seated && !state.thinking;
}

/**
 * Whether a person may try a move at the position looked at, starting or following a variation
 * there (docs/RULES.md R26): on a board of the page's own games (against the computer, two on one
 * device, a demonstration, an analysis board), not a friend's or a live game, a puzzle, the editor or a view.
 * @param {BoardState} state
 * @returns {boolean}
 */
export function canExplore(state) {
  const { view } = state;
  return !!view && !view.gs.result && state.locked === null && EXPLORING.has(state.settings.mode);
}

const EXPLORING = new Set(['ai', 'two', 'demo', 'analysis']);

/**
 * Whether the computer should move now.
 * @param {BoardState} state
 * @returns {boolean}
 */
export function computerToMove(state) {
  const gs = state.gs;
  const { mode } = state.settings;
  if (!gs || gs.result || state.halted || state.paused || !state.connected) return false;
  return (mode === 'ai' || mode === 'demo') && !isHuman(state.settings, gs.side);
}
