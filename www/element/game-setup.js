// Setting up a board's game: loading the rules core (and the board's language) once, the game
// the attributes describe (a record, else a position of the variant, else its start; a bad one
// is reported and the nearest good game started), the element's `newGame(options)`, who plays in
// the record's tags, a game by link's id, and putting a game on the board.
import * as B from './board.js';
import { playerTags, ownSide, tagNames, PLAYER_TAG, NO_NAME_TAG } from './players.js';
import { seatOf } from './state.js';
import { isName } from '../lib/player-name.js';
import { loadWasm } from '../core/assets.js';
import { DEFAULTS } from '../lib/settings.js';
import { readSettings } from '../lib/setting-reader.js';
import { GAME_ID_TAG, GAME_ID, newGameId } from '../lib/game-id.js';
import { DRAW_OFFER_TAG } from '../lib/draw-offer.js';
import { errorText, errorMessage } from '../lib/errors.js';
import { loadLanguage } from '../lib/i18n.js';
/** @import { Core, CoreGame } from '../core/core-api.js' */
/** @import { BoardState, BoardResources } from './state.js' */
/** @import { Limits, SettingError } from '../lib/settings.js' */
/** @import { MessageParams } from '../lib/i18n.js' */

/** The game settings newGame() takes, besides the start (a position or a record). */
const GAME_OPTIONS = ['variant', 'mode', 'side', 'level', 'movetime', 'help', 'clock', 'position', 'record', 'relay', 'game-id', 'host-key', 'seat-key'];

/** The attributes that name one game with a friend elsewhere: a new game without them is another game. */
const MATCH_ATTRIBUTES = ['game-id', 'host-key', 'seat-key'];

/**
 * What setting up a game asks of its board. `stop()` ends what the last game had under way (the
 * computer, a puzzle's replies, a hint); `started(keepSession)` follows a game put on the board;
 * `loaded()` and `failed(message)` follow the rules core's loading.
 * @typedef {{
 *   host: HTMLElement,
 *   state(): BoardState,
 *   resources(): BoardResources,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   readAttributes(report: boolean): void,
 *   startClocks(game: CoreGame): Promise<void>,
 *   limits(): Limits,
 *   settingErrors(errors: SettingError[]): string,
 *   reflect(write: () => void): void,
 *   stop(): void,
 *   started(keepSession: boolean): void,
 *   loaded(): void,
 *   failed(message: string): void,
 *   language(): string,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 * }} SetupBoard
 */

/**
 * Takes away an ending the players declared (a resignation, an agreement, a flag fall, a claim,
 * an abort) at `game`'s last position, keeping its moves, comments and variations: the rules
 * core's undo drops such an ending with the position it was declared at, and redo plays the move
 * again. A game declared over before its first move has no move to take back, and stays over.
 * @param {CoreGame} game
 */
function playOn(game) {
  const result = game.state().result;
  if (result && result.byPlayers && game.undo() !== undefined) game.redo();
}

/**
 * A game of the rules core: a record (its variations kept), else a position of the variant, else
 * its start. Throws.
 * @param {Core} core
 * @param {{variant: string, record?: string|null, position?: string|null}} start
 * @returns {CoreGame}
 */
export function makeGame(core, { variant, record, position }) {
  const { Game } = core;
  if (record && record.trim()) return Game.fromRecord(record);
  if (position && position.trim()) return Game.fromCode(variant, position.trim());
  return new Game(variant);
}

export class GameSetup {
  /** @private @type {SetupBoard} */ _board;

  /**
   * Settles once the last game put on the board has its clocks (at once, but for the first game
   * with a time control, whose clocks start once their code is fetched: lazy-parts.js clockDoor).
   * @private @type {Promise<void>}
   */
  _clocked = Promise.resolve();

  /** @param {SetupBoard} board */
  constructor(board) {
    this._board = board;
  }

  /** Loads the rules core (once per board), then sets up the attributes' game. */
  async load() {
    const b = this._board;
    /** @type {Core} */
    let core;
    try {
      // The language's messages load meanwhile, so the first game is said in it.
      [core] = await Promise.all([loadWasm(), loadLanguage(b.language())]);
    } catch (e) {
      const message = b.t('error.load', { error: errorText(e, b.t) });
      b.apply(B.withNotice, { text: message });
      b.failed(message);
      return;
    }
    const r = b.resources();
    r.core = core;
    r.catalogue = core.variants();
    b.readAttributes(true);
    r.newGameQueued = false;
    try {
      await this.fromAttributes();
    } finally {
      b.loaded();
    }
  }

  /** A new game from the attributes at the end of the task (several may change at once). */
  queue() {
    const r = this._board.resources();
    if (r.newGameQueued || !r.core) return;
    r.newGameQueued = true;
    queueMicrotask(() => {
      if (!r.newGameQueued) return;
      r.newGameQueued = false;
      void this.fromAttributes();
    });
  }

  /**
   * Makes the game the attributes describe; a bad one is reported and the nearest good game
   * started. Resolves once it has its clocks.
   * @returns {Promise<void>}
   */
  async fromAttributes() {
    const b = this._board;
    const core = b.resources().core;
    if (!core) return;
    const variant = b.state().settings.variant;
    const record = b.host.getAttribute('record');
    let game;
    try {
      game = makeGame(core, { variant, record, position: b.host.getAttribute('position') });
    } catch (e) {
      b.error(b.t('error.badGame', { error: errorMessage(e, b.t), variant: DEFAULTS.variant }));
      try {
        game = new core.Game(variant);
      } catch {
        game = new core.Game(DEFAULTS.variant);
      }
    }
    if (!record) this._tagPlayers(game);
    this.setGame(game);
    await this._clocked;
  }

  /**
   * newGame(options) of the element: the options become its attributes (a game id or host key
   * not given goes: another game); a refused option or game changes nothing, attributes included.
   * Throws at once (before the rules core is loaded, the game comes from the attributes once it
   * is, and a bad one is reported as theirs). The promise resolves once the game is on the board
   * with its clocks.
   * @param {unknown} options
   * @returns {Promise<void>}
   */
  newGame(options) {
    const b = this._board;
    if (options === null || typeof options !== 'object') throw new TypeError(b.t('api.optionsNotObject'));
    const { settings, errors } = readSettings(/** @type {Record<string, unknown>} */ (options), GAME_OPTIONS, b.limits());
    if (errors.length) throw new Error(b.settingErrors(errors));
    this._start(settings, b.resources().core);
    return this._clocked;
  }

  /**
   * Starts the game of newGame's `settings` with `core` (null: the rules core is still loading,
   * and the game comes from the attributes once it is). Throws, changing nothing, when the game
   * cannot be made.
   * @param {ReturnType<typeof readSettings>['settings']} settings
   * @param {Core|null} core
   * @private
   */
  _start(settings, core) {
    const b = this._board;
    const game = core ? makeGame(core, { variant: settings.variant ?? b.state().settings.variant, record: settings.record, position: settings.position }) : null;
    const host = b.host;
    b.reflect(() => {
      for (const [k, v] of Object.entries(settings)) host.setAttribute(k, String(v));
      // A game's own: not carried over to the next game unless given again.
      for (const name of ['position', 'record', 'help', ...MATCH_ATTRIBUTES]) if (!(name in settings)) host.removeAttribute(name);
      host.removeAttribute('orientation');
    });
    b.readAttributes(false);
    if (!game || !core) return this.queue();
    if (!settings.record) this._tagPlayers(game);
    if (b.state().settings.mode === 'analysis') this._unmatch(game);
    this.setGame(game);
  }

  /**
   * An analysis board's copy of a game against a friend elsewhere names no such game (its id and
   * draw offer blanked): its record, downloaded and opened again, is no link of that game, and
   * no move of the analysis ever reaches it (docs/RULES.md R28).
   * @param {CoreGame} game
   * @private
   */
  _unmatch(game) {
    try {
      for (const tag of [GAME_ID_TAG, DRAW_OFFER_TAG]) if (game.tag(tag)) game.setTag(tag, '');
    } catch (e) {
      this._board.error(errorText(e, this._board.t));
    }
  }

  /**
   * Writes who plays each side and today's date into a new game's record.
   * @param {CoreGame} game
   * @private
   */
  _tagPlayers(game) {
    const b = this._board;
    const s = b.state();
    try {
      for (const [name, value] of playerTags(s.settings, b.resources().catalogue, s.gameId, new Date(), s.playerName)) game.setTag(name, value);
    } catch (e) {
      b.error(errorText(e, b.t));
    }
  }

  /**
   * A game by link always has an id, wherever it starts (a record that names one keeps it): the
   * devices tell its links apart by it.
   * @param {CoreGame} game
   */
  nameFriendGame(game) {
    const b = this._board;
    const s = b.state();
    if (s.settings.mode !== 'friend' || s.gameId) return;
    const tagged = String(game.tag(GAME_ID_TAG) ?? '').toLowerCase();
    const id = GAME_ID.test(tagged) ? tagged : newGameId();
    b.apply(B.named, id);
    b.reflect(() => b.host.setAttribute('game-id', id));
    try {
      game.setTag(GAME_ID_TAG, id);
    } catch (e) {
      b.error(errorText(e, b.t));
    }
  }

  /**
   * Against a friend elsewhere, the person's name (`player-name`) goes into their side's tag of
   * the game's record, so that the next link (or the record kept) carries it; the players'
   * names the strips show are then, by link, the record's (live, the seats' presence says them:
   * live-link.js).
   */
  tagOwnName() {
    const b = this._board;
    const s = b.state();
    const game = b.resources().game;
    const { mode } = s.settings;
    if (!game || (mode !== 'friend' && mode !== 'live')) return;
    // Live, the seat is the relay's word: a watcher names no side.
    const seat = mode === 'live' ? seatOf(s) : ownSide(s.settings);
    const side = seat === 'blue' || seat === 'gray' ? seat : null;
    try {
      if (side && game.tag(PLAYER_TAG[side]) !== (s.playerName || NO_NAME_TAG)) game.setTag(PLAYER_TAG[side], s.playerName || NO_NAME_TAG);
    } catch (e) {
      b.error(errorText(e, b.t));
    }
    if (mode === 'friend') b.apply(B.withNames, tagNames((name) => game.tag(name)));
  }

  /**
   * By link, the friend's name `text` (their link's tag of their side) into the game's record,
   * and into their strip: none when it breaks the rules. Returns whether a name was taken.
   * @param {unknown} text
   * @returns {boolean}
   */
  takeFriendName(text) {
    const b = this._board;
    const s = b.state();
    const game = b.resources().game;
    const side = ownSide(s.settings);
    if (!game || !side) return false;
    const friend = side === 'blue' ? 'gray' : 'blue';
    const name = isName(text) && text !== NO_NAME_TAG ? /** @type {string} */ (text) : '';
    game.setTag(PLAYER_TAG[friend], name || NO_NAME_TAG);
    this.tagOwnName();
    return !!name;
  }

  /**
   * Puts `game` on the board (`keepSession`: a live game's session goes on with it).
   * @param {CoreGame} game
   * @param {{keepSession?: boolean}} [options]
   */
  setGame(game, { keepSession = false } = {}) {
    const b = this._board;
    b.stop();
    const r = b.resources();
    if (r.game) r.game.free();
    r.game = game;
    // On an analysis board an ending the players declared is the game's, not its position's:
    // the board explores on from its last position (docs/RULES.md R28).
    if (b.state().settings.mode === 'analysis') playOn(game);
    this.nameFriendGame(game);
    this.tagOwnName();
    this._clocked = b.startClocks(game);
    const gs = game.state();
    b.apply(B.withNewGame, gs);
    // The game's variant is the `variant` attribute's value (a loaded record may bring its own).
    b.apply(B.withVariant, gs.variant);
    if (b.host.getAttribute('variant') !== gs.variant) b.reflect(() => b.host.setAttribute('variant', gs.variant));
    b.started(keepSession);
  }
}
