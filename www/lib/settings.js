// The game settings: their names, types, defaults and the values each may take (modes, sides,
// themes, goals). Their one validator, for every way settings arrive, is setting-reader.js's.
// Pure: no DOM, no wasm.
/** @import { Side, Goal, Catalogue } from '../core/core-types.js' */
/** @import { MessageParams } from './i18n.js' */

/** @typedef {'ai'|'two'|'demo'|'view'|'puzzle'|'edit'|'friend'|'live'|'analysis'} Mode */
/** @typedef {'wood'|'dark'|'contrast'} Theme */
/** @typedef {'on'|'none'} Help */

/**
 * The settings of a game: its rules (a variant spec), who plays, the person's side (or seat),
 * the computer's level and its time per move in milliseconds (0: the level's own budget), and
 * whether the engine helps (`none`: two players on one device chose no help, lib/fair-play.js),
 * the game's time control (lib/clock.js: `none`, `5+3`, `3d`).
 * @typedef {{variant: string, mode: Mode, side: Side, level: number, movetime: number, help: Help, clock: string}} Settings
 */

/**
 * What a setting is checked against: the rules core's level range.
 * @typedef {{minLevel: number, maxLevel: number}} Limits
 */

/**
 * What was wrong with a setting: its name, its value (cut short), the message key that says
 * what a valid value is, and the limits it was checked against.
 * @typedef {{name: string, value: string, expected: string, limits: Limits}} SettingError
 */

/**
 * Every setting the validator knows, with the type of its valid value.
 * @typedef {{
 *   variant: string,
 *   mode: Mode,
 *   side: Side,
 *   orientation: Side,
 *   level: number,
 *   movetime: number,
 *   help: Help,
 *   clock: string,
 *   coordinates: boolean,
 *   position: string,
 *   record: string,
 *   theme: Theme,
 *   ply: number,
 *   view: number,
 *   goal: Goal,
 *   'game-id': string,
 *   relay: string,
 *   'host-key': string,
 *   'seat-key': string,
 *   'player-name': string,
 *   lang: string,
 * }} SettingValues
 */

/** @typedef {keyof SettingValues} SettingName */

/**
 * Something read by `has` and `get`, as URLSearchParams (a link's settings).
 * @typedef {{has(name: string): boolean, get(name: string): unknown}} ParamSource
 */

/**
 * The settings of a new game when nothing says otherwise.
 * @type {Readonly<Settings>}
 */
export const DEFAULTS = Object.freeze({ variant: 'sackson', mode: 'ai', side: 'blue', level: 3, movetime: 0, help: /** @type {Help} */ ('on'), clock: 'none' });

/**
 * Who plays: against the computer, two people on one device, the computer alone, nobody, a
 * puzzle's solver, nobody while a position is set up (`edit`: the board editor), a friend elsewhere by links (`friend`) or live through a relay (`live`). In
 * those two the person plays `side`, their seat; the other seat's moves come from outside. Last,
 * an analysis board (`analysis`): a game's copy to explore, whose moves the person makes for both
 * sides and may always take back (docs/RULES.md R28).
 * @type {readonly Mode[]}
 */
export const MODES = Object.freeze(['ai', 'two', 'demo', 'view', 'puzzle', 'edit', 'friend', 'live', 'analysis']);

/**
 * The modes where a friend on another device plays the other seat.
 * @type {readonly Mode[]}
 */
export const REMOTE_MODES = Object.freeze(['friend', 'live']);

/** The game settings that name one game with a friend elsewhere, besides the game's own. */
export const MATCH_SETTINGS = Object.freeze(['game-id', 'relay', 'host-key', 'seat-key']);

/**
 * Whether `mode` is against a friend on another device.
 * @param {string} mode
 * @returns {boolean}
 */
export function isRemote(mode) {
  return oneOf(REMOTE_MODES, mode);
}

/**
 * Whether a game of `mode` that is over (`over`) has its moves and result final: every game but
 * an analysis board's, which is a copy to explore (docs/RULES.md R28). No variation is then made
 * part of its moves, and it is not continued from an earlier position (continueFrom).
 * @param {string} mode
 * @param {boolean} over
 */
export function movesFinal(mode, over) {
  return over && mode !== 'analysis';
}

/**
 * Whether Undo, Redo and continuing from an earlier position are refused in a game of `mode`
 * because it is over (`over`): against the computer and two on one device, whose moves and result
 * are then final (movesFinal; docs/RULES.md R28). The page refuses them; the element itself
 * refuses them only against the computer (`byBoard`), as the lessons and the mistakes trainer
 * take a tried move back, or stand a finished game at its blunder, on a board of two on one device.
 * @param {string} mode
 * @param {boolean} over
 * @param {{byBoard?: boolean}} [options]
 */
export function undoBarred(mode, over, { byBoard = false } = {}) {
  return movesFinal(mode, over) && (mode === 'ai' || (mode === 'two' && !byBoard));
}

/**
 * Whether `value` is one of `list`, a list of string literals (so that a string is narrowed to
 * their type).
 * @template {string} T
 * @param {readonly T[]} list
 * @param {string} value
 * @returns {value is T}
 */
export function oneOf(list, value) {
  /** @type {readonly string[]} */
  const strings = list;
  return strings.includes(value);
}

/**
 * Whether a person plays `side` under these settings: on this device, so against a friend
 * elsewhere only the person's own seat.
 * @param {{mode: string, side: Side}} settings
 * @param {Side|null} side
 * @returns {boolean}
 */
export function isHuman(settings, side) {
  if (settings.mode === 'two' || settings.mode === 'analysis') return true;
  if (settings.mode === 'ai' || isRemote(settings.mode)) return side === settings.side;
  return false;
}

/** The longest think time a link or a save may ask for, in milliseconds. */
export const MAX_MOVETIME = 600_000;

/**
 * The board's colour themes: the wooden board, a dark one, and one of high contrast.
 * @type {readonly Theme[]}
 */
export const THEMES = Object.freeze(['wood', 'dark', 'contrast']);

/**
 * A puzzle's goals (puzzle mode): win in 2 or 3 of one's own moves, or stop the other side's win.
 * @type {readonly Goal[]}
 */
export const GOALS = Object.freeze(['win2', 'win3', 'stop']);

/**
 * The solver's own moves a win goal asks for, 2 or 3: what the words for a move that wins only
 * later name (`stop` gets 2, but no move of a stop puzzle is judged so).
 * @param {string|null} goal
 */
export function goalMoves(goal) {
  return goal === 'win3' ? 3 : 2;
}

/**
 * Board orientations: the side shown at the bottom.
 * @type {readonly Side[]}
 */
export const SIDES = Object.freeze(['blue', 'gray']);

/**
 * The other side.
 * @param {Side} side
 * @returns {Side}
 */
export function otherSide(side) {
  return side === 'blue' ? 'gray' : 'blue';
}
