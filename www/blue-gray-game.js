// <blue-gray-game>: the board and the game as one reusable element. Importing this module
// registers it; any number of boards may live on one page, each with its own game and computer
// player, sharing one compiled rules core (assets.js) and one analysis worker (analysis.js):
//
//   <script type="module" src="blue-gray-game.js"></script>
//   <blue-gray-game mode="ai" level="3"></blue-gray-game>
//
// This file is the public API and nothing else; the board's parts are in element/, one module
// per job as chessground splits its board (docs/ARCHITECTURE.md lists them).
import './lib/browser-only.js';
import { BoardController } from './element/controller.js';
import { ATTRIBUTE_NAMES, defineReflectedProperties, valueInForce } from './element/config.js';
import { stylesheet } from './core/assets.js';
import { buildShadow } from './element/render.js';
import { showHint, showMistake } from './element/marks.js';
import * as S from './element/state.js';
import * as Sel from './board/selection.js';
import { typeName } from './lib/errors.js';
/** @import { ReflectedProperties } from './element/config.js' */
// The API's data shapes are api-types.js's, which the package ships with its types.
/** @import { AiInfo, Catalogue, GameState, LiveStatus, MessageParams } from './api-types.js' */

/**
 * A board as a page sees it: the element's methods and properties, and the properties that
 * reflect its attributes (defined on it by config.js).
 * @typedef {BlueGrayGame & ReflectedProperties} BlueGrayGameElement
 */

/**
 * A Blue and Gray board with its game: against the computer, two people on one device, the
 * computer against itself, showing a game, one puzzle, or against a friend on another device
 * (by links, or live through a relay).
 *
 * @element blue-gray-game
 *
 * @attr {string} variant - The rules: a variant spec such as `sackson` or `classic-turbo,lead=2`. A change starts a new game.
 * @attr {'ai'|'two'|'demo'|'view'|'puzzle'|'edit'|'friend'|'live'|'analysis'} mode - Who plays: against the computer, two people, the computer alone, nobody (showing a game), a puzzle's solver (with `position` and `goal`: the person plays the side to move, the board plays the other side's replies), the board editor in place of the board (opened on the game's position; each change fires `change` with the code), or the person's seat (`side`) against a friend elsewhere: `friend` takes the friend's moves through `play()` or a newer `record`, `live` through the `relay`; or an analysis board (`analysis`): a game's copy to explore, the person moving for both sides, Undo and Redo always, any variation made the line, play going on past an ending the players declared (a resignation, an agreement: the game's, not the position's), the engine's help unless `help="none"` (docs/RULES.md R28).
 * @attr {'blue'|'gray'} side - The person's side against the computer; their seat against a friend (in a live game the relay may seat them at the other side, or make them an onlooker: see `seat`).
 * @attr {string} relay - In live mode, the WebSocket address of an MQTT broker (3.1.1 or 5) that carries the game, such as `wss://relay.example.org/mqtt`.
 * @attr {string} game-id - The id of a game with a friend elsewhere (32 hex digits). In live mode without it the board starts a new game and sets it; with it, it joins or resumes that game.
 * @attr {string} host-key - In live mode, the public key of the seat that started the game (from the invitation or watch link), which the board checks every message against.
 * @attr {string} seat-key - In live mode, the private key of the seat a live game's invitation gives (its `seat-key`): the board keeps it on the device and plays that seat, taking it from any other device that had it. Without it (and without a seat kept on the device), a board that joins a game watches.
 * @attr {string} player-name - This device's player's name (at most 24 characters, words only: no control, bidi or markup character; one that breaks these rules is refused with an `error`). Against a friend elsewhere it goes into this seat's `Blue` or `Gray` tag of the record (so a link carries it), and live it is said, signed by the seat's key, with the seat's presence; the friend's name, checked by the same rules, is shown in their player's strip (both seats' to a watcher) and written in their tag. Absent: no name (the tag says `Human`). A change mid-game is said at once.
 * @attr {number} level - The computer's level, from the rules core's lowest to its highest (see `catalogue.levels`).
 * @attr {number} movetime - The computer's time per move in milliseconds; 0 for the level's own budget.
 * @attr {'on'|'none'} help - `none`: the players of a two-player game chose no engine help, so Hint (and `hint()`), the evaluation and the best line are off until the game is over, as against a friend elsewhere. Absent (`on`): help as usual. A game's own: `newGame()` without it starts a game with help.
 * @attr {string} clock - The time control of a new game against the computer, between two people, by link or live: `none` (the default), minutes+seconds of increment such as `1+0`, `3+2`, `5+3`, `10+5`, `15+10` (minutes may have decimals: `0.5+0`), or days per move such as `3d`. Both clocks are shown on the board, the running one marked; a side whose time runs out loses (`gameover` with reason `time`). A record's `TimeControl` tag wins over it. A change starts a new game.
 * @attr {string} position - A position code to start from. A change starts a new game.
 * @attr {string} record - A game record to load. A change starts a new game.
 * @attr {'blue'|'gray'} orientation - The side shown at the bottom.
 * @attr {'on'|'off'} coordinates - Point names on the frame.
 * @attr {string} lang - The board's language (`en`, `ru`, `hu`); the page's by default.
 * @attr {'wood'|'dark'|'contrast'} theme - The board's colours.
 * @attr {'win2'|'win3'|'stop'} goal - In puzzle mode, the puzzle's goal: win in 2 or 3 of the side to move's own moves, or stop the other side's win. The rules core judges each move against it. A change starts the puzzle again.
 * @attr {string} players - While present, a strip above and one below the board (the parts `player-top` and `player-bottom`) name each side and who plays it (the computer and its level, you, your friend or their name) and hold its clock, big, red under ten seconds; without it the clocks sit in the frame's corners.
 * @attr {string} locked - While present, the board takes no move from a person; its value, if any, is what a press on the board says.
 *
 * @prop {string|null} position - The `position` attribute: the position code the game started from, or null.
 * @prop {boolean} coordinates - Whether point names are on the frame (the `coordinates` attribute is `on` or `off`).
 * @prop {'win2'|'win3'|'stop'|null} goal - The `goal` attribute in force: the puzzle's goal, or null.
 * @prop {boolean} players - Whether the players' strips are shown; true adds the `players` attribute, false removes it.
 * @prop {boolean|string} locked - Whether the board takes no move from a person; true or a sentence adds the `locked` attribute, false removes it.
 * @prop {string|null} relay - The `relay` attribute in force, or null.
 * @prop {{control: string, blue: number, gray: number, running: 'blue'|'gray'|null}|null} clocks - The game's clocks now: its time control, each side's time left in milliseconds and whose clock runs; null in a game without a clock.
 * @prop {string|null} gameId - The game's id against a friend elsewhere (the `game-id` attribute), or null; a new live game sets it once it is made.
 * @prop {string|null} hostKey - The host's public key in a live game (the `host-key` attribute), or null; a new live game sets it.
 * @prop {string|null} seatKey - The `seat-key` attribute in force, or null.
 * @prop {string|null} playerName - The `player-name` attribute in force (this device's player's name), or null for none.
 *
 * @fires {CustomEvent<Record<string, never>>} ready - The rules core has loaded and the first game is set up.
 * @fires {CustomEvent<{text: string, ply: number, side: 'blue'|'gray', record: string, code: string, by: 'human'|'computer'|'api'|'remote'}>} move - A move was played: its text, the ply after it, the side that moved, the record and position code after it, and who made it (`human` on the board, `computer`, `api` with `play()`, or `remote`: a friend's, through the relay).
 * @fires {CustomEvent<{winner?: 'blue'|'gray', reason: 'breakthrough'|'lead'|'impasse'|'resignation'|'agreement'|'aborted'|'time'|'abandoned', cause?: 'no-moves'|'repetition'|'no-progress', token: '1-0'|'0-1'|'1/2-1/2'|'*', text: string}>} gameover - The game ended: the winner (absent for a draw or an abort), why (by the rules, by the players: `resign()`, `offerDraw()`, `abort()`, `claim()`, or `time`: the loser's clock ran out), the result token (`*` for an abort: no result) and a sentence in the board's language.
 * @fires {CustomEvent<{side: 'blue'|'gray', ply: number}>} takebackoffer - Against a friend elsewhere, a takeback request now stands: `side` asks to take back its move `ply` (its last; `takeback()`), this board's seat's or the friend's (from the relay, or brought from their link), which `takeback({accept: true})` accepts.
 * @fires {CustomEvent<{side: 'blue'|'gray'}>} rematchoffer - After a live game, a rematch offer now stands: `side` offers it (`rematch()`), this board's seat or the friend, whose offer `rematch()` or `rematch({answer: 'accept'})` accepts.
 * @fires {CustomEvent<{side: 'blue'|'gray', answer: 'accept'|'decline'|'cancel'}>} rematchanswer - After a live game, the rematch offer of `side` was answered: accepted or declined by the other seat, or cancelled by `side`.
 * @fires {CustomEvent<{relay: string, gameId: string, hostKey: string, side: 'blue'|'gray', variant: string, clock: string}>} rematch - A live rematch was agreed on: the new game (its seat's key kept on this device), which the embedding page opens with `newGame({mode: 'live', relay, 'game-id': gameId, 'host-key': hostKey, side, variant, clock})`, as both devices do at once.
 * @fires {CustomEvent<{side: 'blue'|'gray'}>} drawoffer - Against a friend elsewhere, a draw offer now stands: this board's seat's (`offerDraw()`), or the friend's, which the page brings from their link or the relay brings live.
 * @fires {CustomEvent<{control: string, blue: number, gray: number, running: 'blue'|'gray'|null}>} clock - In a game with a clock, a clock started or stopped (a game set up, a move, the end): the time control, each side's time left in milliseconds and whose clock runs now.
 * @fires {CustomEvent<{message: string}>} error - Something could not be done (a bad attribute value, a failed load, the computer failing), said in the board's language.
 * @fires {CustomEvent<{moves: string[]}>} puzzle-solved - In puzzle mode, the person's move reached the goal: every move from the start, the board's replies included.
 * @fires {CustomEvent<{moves: string[]}>} puzzle-slower - In puzzle mode, the person's move wins too, but not in the moves the goal asks: every move from the start (that one last), which the board then takes back for another try, saying the win it still has.
 * @fires {CustomEvent<{moves: string[], refutation: string[]}>} puzzle-failed - In puzzle mode, the person's move misses the goal: every move from the start (the wrong one last), and the engine's refutation, which the board then plays, followed by the defender's win when it has one, saying why in words on its notice.
 * @fires {CustomEvent<{thinking: boolean}>} thinking - The computer started or stopped thinking.
 * @fires {CustomEvent<{text: string, ply: number, side: 'blue'|'gray', record: string, code: string, by: 'api'|'remote'}>} opponentmove - Against a friend elsewhere, the friend's move arrived (`remote`: through the relay; `api`: by `play()`). A `move` event comes with it.
 * @fires {CustomEvent<{relay: 'connecting'|'connected'|'unreachable'|'none', seat: 'blue'|'gray'|'watch'|null, host: 'blue'|'gray'|null, blue: 'online'|'offline'|'unknown', gray: 'online'|'offline'|'unknown', names: {blue: string, gray: string}, elsewhere: boolean, opponent: 'online'|'offline'|'unknown', unsent: number, onlookers: number}>} presence - In a live game, the relay's connection, this device's seat (`watch`: an onlooker, who cannot move; null: not known yet), who is connected, each seat's name as its signed presence says it (`names`, '' for none: plain text), whether another tab of this browser plays this device's seat (`elsewhere`: this board watches until `takeSeat()`), how many of this device's moves wait to be sent (`unsent`: made while the relay could not be reached, until it has them), or how many devices watch the game (`onlookers`) changed.
 * @fires {CustomEvent<{lines: {seat: 'blue'|'gray', text: string, at: number}[]}>} chat - In a live game on a device that plays a seat, the two seats' chat lines changed: the last ones of each seat, in the order written, each signed by its seat's key and checked (`at`: its writer's clock). Plain text: show it as text, never as markup. A watcher's board has none.
 * @fires {CustomEvent<Record<string, never>|{code: string, variant: string, side: 'blue'|'gray', ok: boolean, problems: {code: string, params: object, text: string}[]}>} change - Anything the board shows changed; in edit mode, a change in the editor, with the position code, the rules, the side to move, and whether it can be played (the rules core's reasons in `problems`).
 *
 * @csspart frame - The box around the board.
 * @csspart board - The board's canvas.
 * @csspart result - The result of a finished game over the board (its sentence and a close button, which hides it for that game; the next finished game shows its own). Hide it with `display: none` where the page says the result itself.
 * @csspart notice - The line over the board's lower margin, under its last row of points, that says why a move was refused.
 * @csspart clock-top - In a game with a time control, the clock of the side at the top, in the frame's upper right corner, or with `players` in the top strip (`data-side`, `data-running` and `data-low` say whose it is, whether it runs and whether its time is under ten seconds, a fallen flag's 0:00 among them).
 * @csspart clock-bottom - The clock of the side at the bottom, in the frame's lower right corner or the bottom strip (as `clock-top`).
 * @csspart player-top - With `players`, the strip above the board: the top side's name, who plays it, and its clock (`data-side`, and `data-running` while its clock runs). A page may place it elsewhere, beside the board say, with `position: absolute` (the element is the box it is placed in).
 * @csspart player-bottom - With `players`, the strip below the board (as `player-top`).
 *
 * @cssprop [--blue-gray-game-radius=12px] - The board's corner radius.
 * @cssprop [--blue-gray-game-shadow=0 10px 30px rgba(0, 0, 0, 0.45), 0 2px 6px rgba(0, 0, 0, 0.35)] - The board's shadow (`none` for a flat board).
 * @cssprop [--blue-gray-game-focus-ring=#ffd54f] - The colour of the ring around the board when it has the keyboard's focus.
 * @cssprop [--blue-gray-game-font=14px/1.35 system-ui, sans-serif] - The font of the notice and the result.
 * @cssprop [--blue-gray-game-notice-background=rgba(30, 24, 18, 0.88)] - The background of the notice and the result.
 * @cssprop [--blue-gray-game-notice-color=#fff7e6] - The text colour of the notice and the result.
 * @cssprop [--blue-gray-game-clock-background=rgba(30, 24, 18, 0.72)] - The background of a stopped clock.
 * @cssprop [--blue-gray-game-clock-color=#fff7e6] - The text colour of a stopped clock.
 * @cssprop [--blue-gray-game-clock-running-background=#ffd54f] - The background of the running clock.
 * @cssprop [--blue-gray-game-clock-running-color=#1b1208] - The text colour of the running clock.
 * @cssprop [--blue-gray-game-clock-low-background=#d32f2f] - The background of a clock under ten seconds, running or fallen.
 * @cssprop [--blue-gray-game-player-background=rgba(30, 24, 18, 0.55)] - The background of the players' strips.
 * @cssprop [--blue-gray-game-player-color=#fff7e6] - The text colour of the players' strips.
 * @cssprop [--blue-gray-game-clock-size=1.6em] - The size of a clock's figures in the players' strips.
 */
export class BlueGrayGame extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTE_NAMES;
  }

  #c;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    stylesheet(root);
    this.#c = new BoardController(this, buildShadow(root));
  }

  connectedCallback() {
    this.#c.connected();
  }

  disconnectedCallback() {
    this.#c.disconnected();
  }

  /**
   * @param {string} name
   * @param {string|null} oldValue
   * @param {string|null} newValue
   */
  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue !== newValue) this.#c.attributeChanged(name);
  }

  /** @type {Promise<BlueGrayGame>} Settles when the rules core has loaded and the first game is set up. */
  get ready() {
    // The controller's host is this element.
    return /** @type {Promise<BlueGrayGame>} */ (this.#c.ready);
  }

  /** @type {GameState|null} The plain state the board draws from (the rules core's view of the game), or null. */
  get state() {
    return this.#c.s.gs;
  }

  /** @type {GameState|null} The plain state of the position on the board: the one looked at (`viewPath`), or the game's (`state`). */
  get shownState() {
    return S.shownGame(this.#c.s);
  }

  /** @type {string|null} The game record of the game in progress; setting it loads a record. */
  get record() {
    return this.#c.game ? this.#c.game.record() : this.getAttribute('record');
  }

  set record(text) {
    if (text === null || text === undefined) this.removeAttribute('record');
    else this.setAttribute('record', String(text));
  }

  /** @type {string|null} The current position code. */
  get code() {
    return this.#c.game ? this.#c.game.code() : null;
  }

  /** @type {boolean} Whether the computer is waiting to move or thinking. */
  get thinking() {
    return this.#c.s.thinking;
  }

  /** @type {'blue'|'gray'|'watch'|null} The seat this board's person plays against a friend elsewhere (`watch`: an onlooker of a live game), or null in other modes and while a live game has not said. */
  get seat() {
    return S.seatOf(this.#c.s);
  }

  /** @type {LiveStatus|null} A live game's connection, this device's seat, the seat that started the game, and who is connected (see the `presence` event), or null outside live games. */
  get presence() {
    return this.#c.s.live ? { ...this.#c.s.live } : null;
  }

  /** @type {{blue: string, gray: string}} Against a friend elsewhere, each side's player's name as the strips show it ('' for none): live, from the seat's signed presence; by link, from the record's `Blue` and `Gray` tags; each checked by the name rules (plain text: show it as text only). */
  get playerNames() {
    return { ...this.#c.s.names };
  }

  /** @type {string|null} In a live game this device started, the private key of the other seat, which its invitation carries (`seat-key`); null elsewhere. */
  get inviteKey() {
    return this.#c.s.inviteKey;
  }

  /** @type {string|null} In a live game whose seat's key this browser could not keep (storage full or off: an `error` says so), that key: a link with it as `seat-key` gives the seat back after a reload. Null elsewhere. */
  get unkeptSeatKey() {
    return this.#c.s.unkeptKey;
  }

  /** @type {boolean} Whether a demo is held still. */
  get paused() {
    return this.#c.s.paused;
  }

  set paused(on) {
    this.#c.setPaused(on);
  }

  /** @type {AiInfo|null} The computer's last search: {side, move, score, mateIn, scoreText, depth, nodes, pv}. */
  get aiInfo() {
    return this.#c.s.aiInfo;
  }

  /** @type {{requested: number, replied: number|null}|null} performance.now() when the last search was requested and answered (for measuring). */
  get lastSearch() {
    return this.#c.s.lastSearch ? { ...this.#c.s.lastSearch } : null;
  }

  /** @type {boolean} Whether the computer's last move is still gliding into place. */
  get animating() {
    return this.#c.painter.animating;
  }

  /** @type {{path: string[], targets: string[], captured: string[]}|null} The piece picked and the hops entered so far (`path`), the legal next points and the guards a capture takes so far. */
  get selection() {
    return this.#c.s.gs ? Sel.selectionView(this.#c.s.gs, this.#c.s.ui) : null;
  }

  /** @type {{variant: string, mode: 'ai'|'two'|'demo'|'view'|'puzzle'|'edit'|'friend'|'live'|'analysis', side: 'blue'|'gray', level: number, movetime: number, help: 'on'|'none', clock: string}} The settings in force. */
  get settings() {
    return { ...this.#c.s.settings };
  }

  /** @type {'blue'|'gray'} The side shown at the bottom. */
  get bottomSide() {
    return S.bottomSide(this.#c.s);
  }

  /** @type {Catalogue|null} The variants, rule options and levels the rules core knows (after `ready`). */
  get catalogue() {
    return this.#c.r.catalogue;
  }

  /** @type {string} The language the board speaks. */
  get language() {
    return this.#c.language;
  }

  /**
   * The value in force of a reflected attribute (what its property reads).
   * @param {string} name
   * @returns {unknown}
   */
  reflected(name) {
    return valueInForce(this, this.#c.s, name);
  }

  /**
   * Plays a move given in notation (`d2-d3`, `c3xc5xe5`) and returns it as the rules core writes
   * it; throws an Error saying why (with the rules core's `code`, `reason` and `points`) when it
   * cannot be played.
   * @param {string} text
   * @returns {string}
   */
  play(text) {
    this.#c.requireGame();
    if (typeof text !== 'string') throw new TypeError(this.#c.t('api.moveNotText', { type: typeName(text) }));
    return this.#c.play(text);
  }

  /** In a game by link, once the friend's moves from their link are played (`play`): the link's `MoveStamp` tag (its record's stamp of its last move), from which the turn it brings, and its clock, runs when it holds: not before this game's stamp of the move before, nor more than 10 minutes in the future (docs/RULES.md, ruling R37); the record keeps it for the next link. Returns null when it is taken, else why not: `'none'` (no stamp of the link's last move), `'unreadable'`, `'before'` or `'future'`, and the turn then runs from now. Throws an Error outside a game by link. @param {string} text @returns {null|'none'|'unreadable'|'before'|'future'} */
  takeStamp(text) {
    return this.#c.takeStamp(text);
  }

  /** In a game by link, the friend's name their link's record carries (its tag of the friend's side, `Blue` or `Gray`), written into this game's record and shown in their strip: taken when it is a name under the rules (at most 24 characters, words only), else none is (the tag says `Human`, the strip "Your friend"). Returns whether a name was taken. Throws an Error outside a game by link. @param {string} text @returns {boolean} */
  takeName(text) {
    return this.#c.takeName(text);
  }

  /** Takes back a move (against the computer, back to the person's turn; never against a friend elsewhere, who has seen it). Returns whether it did. @returns {boolean} */
  undo() {
    return this.#c.history.step(-1);
  }

  /** Against a friend elsewhere (live or by link), asks to take back this seat's own last move (docs/RULES.md R38; nothing when the last move is the friend's or a request stands already; by link `side` names the friend's request, which the page brings from their link); with `accept`, accepts the friend's request, and the move goes (live on both devices; by link here, and the next link carries the game without it), or by link this seat's own once the friend's link says they accepted; with `decline`, declines the friend's on this device (the next move answers no); with `withdraw`, withdraws this seat's own (live on both devices; by link here, and the next link carries it; by link `side` names the friend's withdrawal, which the page brings from their link), and that seat asks no other until the next move. A request fires `takebackoffer` and stands in `takebackOffer`. Throws an Error in other games (use `undo()` against the computer and at one device), or when accepting, declining or withdrawing with no such request standing. @param {{accept?: boolean, decline?: boolean, withdraw?: boolean, side?: 'blue'|'gray'}} [options] @returns {void} */
  takeback(options) {
    this.#c.takeback(options?.accept ? 'accept' : options?.decline ? 'decline' : options?.withdraw ? 'withdraw' : 'ask', options?.side);
  }

  /** After a live game, offers the friend a rematch (same rules and clock, sides swapped, a new game id; docs/LIVE-PROTOCOL.md "Rematch"), or accepts theirs when it stands; `answer: 'accept'` only accepts theirs (nothing when none stands), `answer: 'decline'` declines it, `answer: 'cancel'` withdraws this seat's own. Fires `rematchoffer`, `rematchanswer` and, once agreed, `rematch` on both devices. Against the computer and at one device, start the new game with `newGame()`. @param {{answer?: 'accept'|'decline'|'cancel'}} [options] @returns {void} */
  rematch(options) {
    this.#c.rematch(options?.answer);
  }

  /** @type {{side: 'blue'|'gray', answer: 'accept'|'decline'|'cancel'|null}|null} After a live game, its rematch offer (`side`: who offered it) and its answer, or null. */
  get rematchOffer() {
    return this.#c.rematchOffer();
  }

  /** Replays a move taken back (against the computer, up to the person's turn). Returns whether it did. @returns {boolean} */
  redo() {
    return this.#c.history.step(1);
  }

  /** Resigns the game: against the computer the person's side; with two people `side` (the side to move when not given); by link `side` (this board's seat when not given: a friend's resignation, from their link, names theirs), which the next link carries; live only this board's seat, and the relay carries it. The other side wins and `gameover` follows. Throws an Error when the game is over or nobody here may resign (a demo, a game shown, a puzzle, an onlooker). @param {'blue'|'gray'} [side] @returns {{winner?: 'blue'|'gray', reason: string, token: string, text: string}} */
  resign(side) {
    return this.#c.endings.resign(side);
  }

  /** Offers a draw. The computer accepts when its analysis says it is not ahead; two people at the board agree at once; against a friend elsewhere the offer of `side` (by link, this board's seat when not given; live, only its seat) stands in the record, for the next link or on the relay (`drawoffer`), until the other side moves, and the friend's own offer standing makes it a draw. Resolves to `{accepted}` (a draw ends the game: `gameover`); rejects where there is nobody to offer it to, once the game is over, or with an `AbortError` when the position kept changing. @param {'blue'|'gray'} [side] @returns {Promise<{accepted: boolean}>} */
  offerDraw(side) {
    return this.#c.endings.offerDraw(side);
  }

  /** Against a friend elsewhere, makes the standing draw offer (see `drawOffer`) a draw by agreement: the friend's, or by link this seat's own once the friend's link says they accepted (live, the relay brings their acceptance). Throws an Error when no offer stands. @returns {{reason: string, token: string, text: string}} */
  acceptDraw() {
    return this.#c.endings.acceptDraw();
  }

  /** Against a friend elsewhere, declines the friend's standing draw offer or withdraws this seat's own (live, signed and on the friend's device at once; by link, in the next link); neither side offers again before another move (`drawDeclined`). Throws an Error when no offer stands. @returns {void} */
  declineDraw() {
    this.#c.endings.declineDraw();
  }

  /** In a live game whose other player has been away on their own turn for the set time (2 minutes with a clock, 24 hours without; see `claimableAt`), claims the win (`'win'`, the default) or a draw (`'draw'`) for this board's seat; the relay carries the claim, signed, and `gameover` follows with the reason `abandoned`. By link, once the friend's clock has run out on their turn (from the stamp of their move: `takeStamp`), claims the win on time (`gameover` with the reason `time`; never a draw), which the next link carries. Throws an Error when there is nothing to claim yet (saying how long is left) or this board holds no seat. @param {'win'|'draw'} [kind] @returns {{winner?: 'blue'|'gray', reason: string, token: string, text: string}} */
  claim(kind) {
    return this.#c.endings.claim(kind);
  }

  /** @type {number|null} In a live game, when this board's seat may claim the game the other player left (ms since 1970, this device's clock; already past once it may: see `claim()`), or null while the other player is here, it is this seat's turn, or outside live games; by link, when the friend's clock runs out on their turn (null on this seat's turn or without a clock). A `change` event follows when the time comes. */
  get claimableAt() {
    return this.#c.endings.claimableAt();
  }

  /** @type {{control: string, blue: number, gray: number, running: 'blue'|'gray'|null}|null} The game's clocks now: its time control, each side's time left in milliseconds and whose clock runs; null in a game without a clock. */
  get clocks() {
    return this.#c.clocks;
  }

  /** @type {{side: 'blue'|'gray', ply: number}|null} Against a friend elsewhere, the takeback request that stands (`side` asks to take back its move `ply`, the game's last; see `takeback()`), or null. */
  get takebackOffer() {
    return this.#c.takebacks.standing();
  }

  /** @type {boolean} Whether this board's seat may ask to take back now (`takeback()`): against a friend elsewhere, its own move is the last and it has not asked (nor withdrawn a request) since. */
  get canAskTakeback() {
    return this.#c.takebacks.canAsk();
  }

  /** @type {'blue'|'gray'|null} Against a friend elsewhere, the side whose draw offer stands (until the other side moves), or null. */
  get drawOffer() {
    return this.#c.endings.drawOffer();
  }

  /** @type {boolean} Against a friend elsewhere, whether a draw offer was declined or withdrawn after the moves on the board: neither side offers again before another move (`offerDraw()` throws). */
  get drawDeclined() {
    return this.#c.endings.drawDeclined();
  }

  /** Calls the game off before both sides have moved, against the computer, with two people, by link or live (this board's seat): it ends with no result (`*`, reason `aborted`). Throws an Error once both sides have moved or the game is over. @returns {{reason: string, token: string, text: string}} */
  abort() {
    return this.#c.endings.abort();
  }

  /**
   * Starts a new game. `options` may give any of variant, mode, side, level, movetime, help,
   * clock, position, record, relay, game-id, host-key and seat-key (they become the element's
   * attributes; a help, game-id, host-key or seat-key not given is removed: another game); the game starts from the variant's start
   * unless a position or a record is given. Throws an Error, and changes nothing, when an option
   * is not valid, or its position or record cannot be read. The game is on the board at once
   * (once the rules core is loaded: before, it comes from the attributes, as the first game
   * does); the promise returned resolves once its clocks are there too.
   * @param {{variant?: string, mode?: 'ai'|'two'|'demo'|'view'|'puzzle'|'edit'|'friend'|'live'|'analysis', side?: 'blue'|'gray', level?: number, movetime?: number, help?: 'on'|'none', clock?: string, position?: string, record?: string, relay?: string, 'game-id'?: string, 'host-key'?: string, 'seat-key'?: string}} [options]
   * @returns {Promise<void>}
   */
  newGame(options = {}) {
    return this.#c.newGame(options);
  }

  /** @type {number|null} The ply being looked at (0 is the start; in a variation, the moves before the position looked at), or null while the board shows the game itself; set it to look at the game's own moves. */
  get viewPly() {
    return this.#c.s.view ? this.#c.s.view.ply : null;
  }

  set viewPly(ply) {
    this.#c.history.view(ply);
  }

  /**
   * @type {number[]|null} Where the board looks in the game's tree (its `state.tree`, or its
   * moves in a line): the index of the move taken at each step from the start (0 the game's own,
   * 1 and on its variations), or null while it shows the game itself; set it to look. A move
   * played there (against the computer, two on one device, a demonstration) tries it as a
   * variation, leaving the game as it is.
   */
  get viewPath() {
    const v = this.#c.s.view;
    return v ? [...v.path] : null;
  }

  set viewPath(path) {
    this.#c.history.viewPath(path);
  }

  /**
   * Tries a move at the position looked at (`viewPath`) as a person's move on the board there
   * does: it follows the game's move or a variation that has it, or starts a variation, the game
   * itself unchanged. Returns the new `viewPath`; null, with nothing done, where no move may be
   * tried (the board shows the game itself, or its mode makes no variations: see `viewPath`).
   * Throws an Error when `text` is not a legal move of the position looked at.
   * @param {string} text
   * @returns {number[]|null}
   */
  explore(text) {
    this.#c.requireGame();
    if (typeof text !== 'string') throw new TypeError(this.#c.t('api.exploreNotText', { type: typeName(text) }));
    return this.#c.explore(text);
  }

  /**
   * Changes the variation the board looks at: 'promote' moves it one place up where it leaves its
   * line, 'main' makes it the game's line (the game is replayed along it, the old line kept as a
   * variation), 'delete' removes it. Returns whether anything changed (nothing does on the game's
   * own moves).
   * @param {'promote'|'main'|'delete'} how
   * @returns {boolean}
   */
  editVariation(how) {
    return this.#c.history.editVariation(how);
  }

  /**
   * Writes `text` as the comment after the move at `path` of the game's tree (a `viewPath`; `[]`:
   * before the first move), kept in the game's record; an empty text takes it away. At most the
   * catalogue's `maxComment` characters, single-spaced. Returns whether it was written: not in a
   * game against a friend elsewhere. Throws a RangeError where the game has no such move.
   * @param {number[]} path
   * @param {string} text
   * @returns {boolean}
   */
  setComment(path, text) {
    this.#c.requireGame();
    return this.#c.history.setComment(path, text);
  }

  /**
   * Makes the position after `ply` moves the game's own, keeping the later moves to redo until
   * another move is played. Returns whether anything was taken back.
   * @param {number} ply
   * @returns {boolean}
   */
  continueFrom(ply) {
    return this.#c.history.continueFrom(ply);
  }

  /**
   * The whole line of the game, moves taken back included: `{record, ply, moves}`, the record of
   * every move, how many of them are played, and the moves themselves. `newGame({record})` then
   * `continueFrom(ply)` brings it back.
   * @returns {{record: string, ply: number, moves: string[]}}
   */
  line() {
    return this.#c.history.line();
  }

  /**
   * Asks the engine (full strength, the same answer every time) for the best move of the side
   * to move and shows it as an arrow; the hint is counted in the record (tags BlueHints,
   * GrayHints). Resolves to `{move, points, reason, score, mateIn, scoreText, pv}` (`reason` a sentence or
   * ''); rejects with an Error (the game is over, or is against a person by link or live and
   * not over: no engine help then), an `AbortError` DOMException when a newer hint, a move or
   * the board's removal overtakes it.
   * @returns {Promise<{move: string, points: string[], reason: string, score: number, mateIn: number|null, scoreText: string, pv: string[]}>}
   */
  hint() {
    return this.#c.hints.ask();
  }

  /**
   * Draws a legal move as a hint arrow without asking the engine or counting a hint (for
   * tutorials); `null` takes it away. The arrow goes with the position. Returns the move as the
   * board writes it (null when it took the arrow away); throws an Error when it is not a legal move here.
   * @param {string|null} text
   * @returns {string|null}
   */
  showHint(text) {
    this.#c.requireGame();
    if (text !== null && typeof text !== 'string') throw new TypeError(this.#c.t('api.hintNotText', { type: typeName(text) }));
    return showHint(this.#c.marked, text);
  }

  /**
   * Marks the last move played as a mistake: a dashed red arrow (black on the contrast theme)
   * that stays while the game holds that move, through the moves played after it, and goes when
   * it is taken back or a new game begins; `null` takes it away. For tutorials and puzzles (the
   * board's own puzzle mode marks a wrong move itself). Returns the move as the board writes it
   * (null when it took the mark away); throws an Error when `text` is not the last move played.
   * @param {string|null} text
   * @returns {string|null}
   */
  showMistake(text) {
    this.#c.requireGame();
    if (text !== null && typeof text !== 'string') throw new TypeError(this.#c.t('api.mistakeNotText', { type: typeName(text) }));
    return showMistake(this.#c.marked, text);
  }

  /** Turns the board around. @returns {void} */
  flip() {
    this.setAttribute('orientation', this.bottomSide === 'blue' ? 'gray' : 'blue');
  }

  /** In a live game whose seat another tab of this browser plays (`presence.elsewhere`), takes the seat here; that tab then watches. @returns {Promise<boolean>} Whether this board holds the seat now. */
  takeSeat() {
    return this.#c.takeSeat();
  }

  /** In a live game, the key of the seat this board plays, as a link's `seat-key` carries it, to continue the game on another device: whoever opens such a link plays the seat there, and this board then watches. Keep it private. @returns {Promise<string|null>} The key, or null when this board holds no seat. */
  seatSecret() {
    return this.#c.seatSecret();
  }

  /** In a live game, says `text` in the chat from the seat this board plays (a line of at most 140 characters, its control characters taken out), signed by the seat's key; the other seat's board has it as a `chat` event. @param {string} text @returns {Promise<boolean>} Whether it was sent (not: this board plays no live seat, or nothing was left of the text). */
  say(text) {
    return this.#c.say(text);
  }

  /** In a live game on a device that plays a seat, both seats' chat lines as the last `chat` event said; empty otherwise. @type {{seat: 'blue'|'gray', text: string, at: number}[]} */
  get chat() {
    return this.#c.chat();
  }

  /** The position the board shows as a PNG image, drawn as the board draws it (its theme, its orientation). @param {{size?: number}} [options] `size`: its side in pixels, 120 to 2000 (480 by default). @returns {Promise<Blob>} The image. */
  toPNG(options) {
    return this.#c.picture('png', options);
  }

  /** The whole game as an animated GIF, one frame a position from the start, looping: made in the browser. @param {{size?: number, frameMs?: number}} [options] `size`: its side in pixels, 120 to 2000 (480 by default); `frameMs`: how long each position stays, 100 to 10000 ms (800 by default; the last stays three times as long). @returns {Promise<Blob>} The animation. */
  toGIF(options) {
    return this.#c.picture('gif', options);
  }

  /**
   * Viewport coordinates of a point's centre as the board is laid out now (for overlays and tests), or null.
   * @param {string} point
   * @returns {{x: number, y: number}|null}
   */
  pointCenter(point) {
    return this.#c.painter.pointCenter(point);
  }

  /** The result of the finished game in the board's language, or ''. @returns {string} */
  resultText() {
    return this.#c.resultText();
  }

  /**
   * Says a message of the board's language (for a page around it): the text of message `key`
   * with `params` put in. (Not `translate`: HTMLElement's `translate` is the attribute's property.)
   * @param {string} key
   * @param {MessageParams} [params]
   * @returns {string}
   */
  message(key, params) {
    return this.#c.t(key, params);
  }
}

defineReflectedProperties(BlueGrayGame);

if (!customElements.get('blue-gray-game')) customElements.define('blue-gray-game', BlueGrayGame);
