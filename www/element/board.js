// The board's changes, as pure functions from a state (state.js) and what the rules core says
// (its `state()` object, here `gs`) to the next state, each named for what happened. The element
// replaces its state with what they return, through its one `apply(change, ...args)`: no state
// is written anywhere else. What an intent of input.js changes, and asks for besides, is
// intents.js's. Nothing here touches the DOM, the rules core or a timer, so all of it is tested
// in node (tests/unit/board.test.mjs).
import * as Sel from '../board/selection.js';
import { initialUi } from './state.js';
import { startPuzzle } from './puzzle-mode.js';
import { travelled, moverPath } from '../lib/moves.js';
/** @import { CoreError, GameState, Side } from '../core/core-types.js' */
/** @import { Message } from '../lib/i18n.js' */
/** @import { BoardState } from './state.js' */
/** @import { AiInfo } from '../api-types.js' */
/** @import { Glide } from '../board/anim.js' */
/** @import { Puzzle } from './puzzle-mode.js' */
/** @import { Clocks } from '../lib/clock.js' */
/** @import { LiveStatus, Seat } from '../api-types.js' */

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
    resultClosed: null,
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
  return { ...s, mistake: gs && last ? { ply: gs.ply - 1, text: last.text, points: travelled(last, moverPath(gs, last)) } : null };
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
 * The state looking at the position `pastGs` at `path` in the game's tree (null: back to the
 * game).
 * @param {BoardState} s
 * @param {number[]|null} path
 * @param {GameState} [pastGs]
 * @returns {BoardState}
 */
export function viewing(s, path, pastGs) {
  // A piece picked at the position looked at is not picked at the game's.
  if (path === null) return s.view ? { ...s, view: null, ui: { ...s.ui, path: null, drag: null } } : s;
  if (!pastGs) throw new Error(`The position at ${path.join('.')} is needed to look at it.`);
  return { ...s, view: { ply: path.length, path, gs: pastGs }, ui: { ...s.ui, path: null, drag: null, notice: null } };
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
  return refused(s, { key: `why.${e.reason}`, params: { from, to, p0: points[0], p1: points[1], points: points.join(', ') } });
}

/**
 * Why what the player asked did nothing (a move, an undo), said on the board until their next
 * press (state.js `ui.notice`).
 * @param {BoardState} s
 * @param {Message} notice
 * @returns {BoardState}
 */
export function refused(s, notice) {
  return { ...s, ui: { ...s.ui, notice } };
}

// ---------------------------------------------------------------- what happened besides a move

/**
 * The element joined the document (`on`) or left it.
 * @param {BoardState} s
 * @param {boolean} on
 * @returns {BoardState}
 */
export function connected(s, on) {
  return { ...s, connected: on };
}

/**
 * Who plays changed (the `mode` or `side` attribute): a selection, a refusal and a halted
 * computer are the last players'.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function playersChanged(s) {
  return { ...s, halted: false, ui: { ...initialUi(), cursor: s.ui.cursor } };
}

/**
 * The mode changed: a puzzle starts from the position on the board, with its side to move as
 * the solver.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function modeChanged(s) {
  return { ...playersChanged(s), puzzle: s.gs ? startPuzzle(s.gs) : null };
}

/**
 * A message for the player that is not tied to a press (see state.js `notice`).
 * @param {BoardState} s
 * @param {BoardState['notice']} notice
 * @returns {BoardState}
 */
export function withNotice(s, notice) {
  return { ...s, notice };
}

/**
 * The game's rules, which a loaded record may bring: they are the `variant` setting's.
 * @param {BoardState} s
 * @param {string} variant
 * @returns {BoardState}
 */
export function withVariant(s, variant) {
  return { ...s, settings: { ...s.settings, variant } };
}

/**
 * The game against a friend elsewhere is named: its id, and in a live game the host's key.
 * @param {BoardState} s
 * @param {string} gameId
 * @param {string|null} [hostKey] unchanged when absent
 * @returns {BoardState}
 */
export function named(s, gameId, hostKey) {
  return { ...s, gameId, hostKey: hostKey === undefined ? s.hostKey : hostKey };
}

/**
 * The result reached at `ply` was announced (a `gameover` event): not again for the same ply.
 * @param {BoardState} s
 * @param {number} ply
 * @returns {BoardState}
 */
export function announced(s, ply) {
  return { ...s, announced: ply };
}

/**
 * The player closed the result shown over the board: it stays closed for this finished position.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function closeResult(s) {
  return s.gs && s.gs.result ? { ...s, resultClosed: s.gs.code } : s;
}

/**
 * The puzzle's progress (puzzle-mode.js).
 * @param {BoardState} s
 * @param {Puzzle|null} puzzle
 * @returns {BoardState}
 */
export function withPuzzle(s, puzzle) {
  return { ...s, puzzle };
}

/**
 * Back on the solver's turn after an undo or a redo: the attempt goes on from there.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function puzzleResumed(s) {
  return s.puzzle ? { ...s, puzzle: { ...s.puzzle, status: 'playing', queue: [], why: null } } : s;
}

/**
 * A demo held still (`on`) or let go; either way the computer may try again.
 * @param {BoardState} s
 * @param {boolean} on
 * @returns {BoardState}
 */
export function paused(s, on) {
  return { ...s, paused: on, halted: false };
}

/**
 * A live game's connection (null: none, outside live games).
 * @param {BoardState} s
 * @param {LiveStatus|null} live
 * @returns {BoardState}
 */
export function withLive(s, live) {
  return { ...s, live };
}

/**
 * Each side's player's name against a friend elsewhere ('' for none).
 * @param {BoardState} s
 * @param {{blue: string, gray: string}} names
 * @returns {BoardState}
 */
export function withNames(s, names) {
  return s.names.blue === names.blue && s.names.gray === names.gray ? s : { ...s, names: { ...names } };
}

/**
 * The relay seated this device at `seat` (a side: the person's side becomes it).
 * @param {BoardState} s
 * @param {Seat} seat
 * @returns {BoardState}
 */
export function seated(s, seat) {
  return seat === 'blue' || seat === 'gray' ? { ...s, settings: { ...s.settings, side: seat } } : s;
}

/**
 * A move shown as an arrow for the position `code` (null: none).
 * @param {BoardState} s
 * @param {{code: string, points: string[]}|null} hint
 * @returns {BoardState}
 */
export function withHint(s, hint) {
  return { ...s, hint };
}

/**
 * The mistake mark taken off.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function withoutMistake(s) {
  return { ...s, mistake: null };
}

/**
 * The computer started or stopped waiting to move and thinking.
 * @param {BoardState} s
 * @param {boolean} on
 * @returns {BoardState}
 */
export function thinking(s, on) {
  return { ...s, thinking: on };
}

/**
 * The computer asked its worker for a move at `requested` (performance.now()).
 * @param {BoardState} s
 * @param {number} requested
 * @returns {BoardState}
 */
export function searchAsked(s, requested) {
  return { ...s, lastSearch: { requested, replied: null } };
}

/**
 * The computer's worker answered at `replied` (performance.now()).
 * @param {BoardState} s
 * @param {number} replied
 * @returns {BoardState}
 */
export function searchReplied(s, replied) {
  return { ...s, lastSearch: s.lastSearch ? { ...s.lastSearch, replied } : { requested: replied, replied } };
}

/**
 * The computer could not move: it says why and does not try again in a loop (a new game, undo or
 * redo tries again).
 * @param {BoardState} s
 * @param {Message} why
 * @returns {BoardState}
 */
export function halted(s, why) {
  return { ...s, halted: true, notice: why };
}

/**
 * The board got (`on`) or lost the keyboard's focus.
 * @param {BoardState} s
 * @param {boolean} on
 * @returns {BoardState}
 */
export function focused(s, on) {
  return { ...s, focused: on };
}

/**
 * The computer's last move has glided into place.
 * @param {BoardState} s
 * @returns {BoardState}
 */
export function glided(s) {
  return s.glide ? { ...s, glide: null } : s;
}

/**
 * The state with the game's clocks (clocks.js), or null for a game without them.
 * @param {BoardState} s
 * @param {Clocks|null} clocks
 * @returns {BoardState}
 */
export function withClocks(s, clocks) {
  return { ...s, clocks };
}
