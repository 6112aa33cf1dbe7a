// The shapes of the data the <blue-gray-game> element hands a page (its properties, methods and
// events, blue-gray-game.js), declared once here so that the npm package can ship them with its
// types (scripts/build-package.mjs makes types/api-types.d.ts of this module): the rules core's
// (core/core-types.d.ts, generated from the Rust types), the computer's last search, a live
// game's connection, and a message's parameters. Only types: no code runs here.
export {};

/** @typedef {import('./core/core-types.js').GameState} GameState */
/** @typedef {import('./core/core-types.js').Catalogue} Catalogue */
/** @typedef {import('./core/core-types.js').Side} Side */

/**
 * The computer's last search, as the element's `aiInfo` gives it: the rules core's answer with
 * the move it played.
 * @typedef {Pick<import('./core/core-types.js').SearchResult, 'side'|'score'|'scoreText'|'depth'|'nodes'|'pv'> & {move: string, mateIn: number|null}} AiInfo
 */

/**
 * A device's place in a live game: a seat, or 'watch' (an onlooker, who cannot move).
 * @typedef {Side|'watch'} Seat
 */

/** @typedef {'online'|'offline'} Presence */

/**
 * A live game as this device sees it (the element's `presence`): the relay's connection
 * ('none': there is no relay), this device's seat (null: not known yet), the seat that started
 * the game (null: not known yet), whether each seat is connected, and whether another tab of
 * this browser plays this device's seat (`elsewhere`: this board then watches, and its
 * `takeSeat()` takes the seat here), how many of this device's moves wait to be sent
 * (`unsent`: made while the relay could not be reached, or not yet acknowledged by it), how many
 * devices watch the game (`onlookers`, this one among them when it watches), and since when each
 * seat has been away as this device heard it (`away`: ms since 1970, from when it left or, if
 * later, when the turn began here; null while it is connected or not known to have left), and
 * each seat's name as its signed presence says it (`names`: '' for none; plain text, to show as
 * text only).
 * @typedef {{
 *   relay: 'connecting'|'connected'|'unreachable'|'none',
 *   seat: Seat|null,
 *   host: Side|null,
 *   blue: Presence|'unknown',
 *   gray: Presence|'unknown',
 *   names: {blue: string, gray: string},
 *   away: {blue: number|null, gray: number|null},
 *   elsewhere: boolean,
 *   unsent: number,
 *   onlookers: number,
 * }} LiveStatus
 */

/**
 * A game's clocks as the element's `clocks` property and `clock` event give them: the time
 * control (`5+3`, `0.5+0`, `3d`), each side's time left in milliseconds, and the side whose
 * clock runs (null before the first move and once the game is over).
 * @typedef {{control: string, blue: number, gray: number, running: Side|null}} ClockReading
 */

/**
 * Something to say: a message of the tables (`key`, with `params` put in), or text that is
 * already the reader's (`text`, e.g. from the rules core).
 * @typedef {{key: string, params?: MessageParams}|{text: string}} Message
 */

/**
 * The parameters of a message: each put in as it is, or said in the same language when it is a
 * message itself; an absent one leaves its place as written.
 * @typedef {{[name: string]: string|number|boolean|null|undefined|Message}} MessageParams
 */
