// Setting up a board's game: loading the rules core (and the board's language) once, the game
// the attributes describe (a record, else a position of the variant, else its start; a bad one
// is reported and the nearest good game started), the element's `newGame(options)`, who plays in
// the record's tags, a game by link's id, putting a game on the board, reading a record with the
// rules core that reads records (fetched first, docs/RULES.md R35), and moving a game to the
// rules core that keeps variations when it has some (R29).
import * as B from './board.js';
import { playerTags } from './players.js';
import { loadWasm, loadVariations, loadRecordReader, recordReaderAtHand } from '../core/assets.js';
import { DEFAULTS } from '../lib/settings.js';
import { readSettings } from '../lib/setting-reader.js';
import { GAME_ID_TAG, GAME_ID, newGameId } from '../lib/game-id.js';
import { errorText, KeyedError } from '../lib/errors.js';
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
 *   refresh(): void,
 *   changed(): void,
 *   line(): {record: string, ply: number, moves: string[]},
 *   t(key: string, params?: MessageParams): string,
 * }} SetupBoard
 */

/**
 * A game of the rules core: a record, else a position of the variant, else its start. Throws.
 * A record needs a rules core that reads records (`coreAtHand`, core/assets.js
 * `loadRecordReader`).
 * @param {Core} core
 * @param {{variant: string, record?: string|null, position?: string|null}} start
 * @returns {CoreGame}
 */
export function makeGame(core, { variant, record, position }) {
  const { Game } = core;
  if (record && record.trim()) {
    if (!Game.fromRecord) throw new Error('makeGame: this rules core does not read records');
    return Game.fromRecord(record);
  }
  if (position && position.trim()) return Game.fromCode(variant, position.trim());
  return new Game(variant);
}

/**
 * The rules core to make a game of `record` with: `core` itself unless there is a record it cannot
 * read, else the one that reads records if it is loaded already (docs/RULES.md R35), else null.
 * @param {Core} core
 * @param {string|null|undefined} record
 * @returns {Core|null}
 */
function coreAtHand(core, record) {
  return !record || !record.trim() || core.Game.fromRecord ? core : recordReaderAtHand();
}

/**
 * The rules core that reads records, loaded; a failure to load it is said as such.
 * @param {SetupBoard} b
 * @returns {Promise<Core>}
 */
function loadReader(b) {
  return loadRecordReader().catch((e) => {
    throw new Error(b.t('error.records', { error: errorText(e, b.t) }));
  });
}

export class GameSetup {
  /** @private @type {SetupBoard} */ _board;
  /**
   * The record a game of the play module was read from when that module read past its
   * variations: the game is read again from it with the rules core that keeps them.
   * @type {WeakMap<CoreGame, string>}
   * @private
   */
  _sources = new WeakMap();
  /** Counts the games asked for: one asked while a record's reader loaded supersedes it. @private */
  _asked = 0;

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
    // The first game's variations, if it has any, are there when the board is ready.
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
   * started. Resolves once its variations are kept, if it has any (see `setGame`).
   * @returns {Promise<unknown>}
   */
  async fromAttributes() {
    const b = this._board;
    const asked = ++this._asked;
    let core = b.resources().core;
    if (!core) return;
    const variant = b.state().settings.variant;
    const record = b.host.getAttribute('record');
    let game;
    try {
      const reader = coreAtHand(core, record) ?? (await loadReader(b));
      if (asked !== this._asked) return;
      game = makeGame(reader, { variant, record, position: b.host.getAttribute('position') });
      core = reader;
    } catch (e) {
      if (asked !== this._asked) return;
      b.error(b.t('error.badGame', { error: errorText(e, b.t), variant: DEFAULTS.variant }));
      try {
        game = new core.Game(variant);
      } catch {
        game = new core.Game(DEFAULTS.variant);
      }
    }
    if (!record) this._tagPlayers(game);
    const variations = this.setGame(game, { source: record, core });
    await this._clocked;
    return variations;
  }

  /**
   * newGame(options) of the element: the options become its attributes (a game id or host key
   * not given goes: another game); a refused option or game changes nothing, attributes included.
   * Throws at once when it can tell; a record given before the rules core that reads records is
   * loaded is read once it is, and the promise returned rejects when it cannot be read. The
   * promise resolves once the game is on the board with its clocks (or another game was asked for meanwhile).
   * @param {unknown} options
   * @returns {Promise<void>}
   */
  newGame(options) {
    const b = this._board;
    if (options === null || typeof options !== 'object') throw new TypeError(b.t('api.optionsNotObject'));
    const { settings, errors } = readSettings(/** @type {Record<string, unknown>} */ (options), GAME_OPTIONS, b.limits());
    if (errors.length) throw new Error(b.settingErrors(errors));
    const asked = ++this._asked;
    const core = b.resources().core;
    const reader = core && coreAtHand(core, settings.record);
    if (core && !reader) {
      return loadReader(b).then((loaded) => {
        if (asked !== this._asked) return;
        this._start(settings, loaded);
        return this._clocked;
      });
    }
    this._start(settings, reader);
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
    this.setGame(game, { source: settings.record, core });
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
      for (const [name, value] of playerTags(s.settings, b.resources().catalogue, s.gameId, new Date())) game.setTag(name, value);
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
   * Puts `game` on the board (`keepSession`: a live game's session goes on with it). A game the
   * play module read from `source` without its variations is then read again, with them, by the
   * rules core that keeps them (`keepVariations`): meanwhile the board has its moves. Returns
   * that promise, or null when there is none to keep.
   * `core`: the rules core that made `game`, when not the board's (a record's reader), which the
   * board then keeps.
   * @param {CoreGame} game
   * @param {{keepSession?: boolean, source?: string|null, core?: Core|null}} [options]
   * @returns {Promise<boolean>|null}
   */
  setGame(game, { keepSession = false, source = null, core = null } = {}) {
    const b = this._board;
    b.stop();
    const r = b.resources();
    if (r.game) r.game.free();
    r.game = game;
    if (core) r.core = core;
    this.nameFriendGame(game);
    this._clocked = b.startClocks(game);
    const gs = game.state();
    b.apply(B.withNewGame, gs);
    // The game's variant is the `variant` attribute's value (a loaded record may bring its own).
    b.apply(B.withVariant, gs.variant);
    if (b.host.getAttribute('variant') !== gs.variant) b.reflect(() => b.host.setAttribute('variant', gs.variant));
    b.started(keepSession);
    if (!source || !game.droppedVariations()) return null;
    this._sources.set(game, source);
    return this.keepVariations();
  }

  /**
   * Moves the board's game to the rules core that keeps variations (core/assets.js
   * `loadVariations`, docs/RULES.md R29), where it stays, as do the board's later games: the game
   * is read again from the record it came from (variations and all) or from its whole line, and
   * follows what was played on it meanwhile. Resolves to whether the board's game keeps
   * variations now: not when another game was put on the board meanwhile, or the rules core
   * could not be had (the single file leaves it out), which the board says; its game is then
   * played on without variations.
   * @returns {Promise<boolean>}
   */
  async keepVariations() {
    const b = this._board;
    const r = b.resources();
    const game = r.game;
    if (!game || r.core?.tree) return !!game;
    /** @type {Core} */
    let core;
    try {
      core = await loadVariations();
    } catch (e) {
      if (r.game !== game) return !!r.core?.tree;
      const leftOut = e instanceof KeyedError && e.key === 'singleFile.leftOut';
      b.apply(B.withNotice, leftOut ? { key: 'singleFile.variationsLeftOut' } : { key: 'error.variations', params: { error: errorText(e, b.t) } });
      b.changed();
      return false;
    }
    if (r.game !== game) return !!r.core?.tree;
    if (r.core?.tree) return true;
    const line = b.line();
    /** @type {CoreGame|null} */
    let next = null;
    try {
      next = makeGame(core, { variant: '', record: this._sources.get(game) ?? line.record });
      follow(next, line);
      // The tags set since it was read (the clock's time control, a game by link's id) come along
      // (the reserved ones, Variant, Result…, are no game's tags: `tag` has none of them).
      for (const [, name] of line.record.matchAll(/^\[(\w+) /gm)) {
        const value = game.tag(name);
        if (value !== undefined && next.tag(name) !== value) next.setTag(name, value);
      }
    } catch (e) {
      next?.free();
      // A variation's move that cannot be played (the play module did not check it): said, and
      // the game's own line is what a variation tried later starts from.
      this._sources.delete(game);
      b.error(errorText(e, b.t));
      return false;
    }
    r.core = core;
    r.game = next;
    game.free();
    b.refresh();
    return true;
  }
}

/**
 * Brings `game` (read from the record its board's game came from) to that game's whole `line`:
 * back to where they part, on along the line, then its moves taken back again.
 * @param {CoreGame} game
 * @param {{ply: number, moves: string[]}} line
 */
function follow(game, { ply, moves }) {
  const have = game.state().history;
  let shared = 0;
  while (shared < have.length && shared < moves.length && have[shared] === moves[shared]) shared++;
  for (let i = have.length; i > shared; i--) game.undo();
  for (const move of moves.slice(shared)) game.play(move);
  for (let i = moves.length; i > ply; i--) game.undo();
}
