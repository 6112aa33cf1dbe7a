// The games this browser keeps, and which of them this tab shows: saving the game on the board
// under its own id after each change, reopening a kept game, finding a friend's game by its id,
// and remembering this tab's game across a reload, kept or not yet kept (a new game is kept at
// its first move; a game against a friend from its start, a live game it starts once named,
// after its seat's key). Nothing here ever writes a game over another one (storage.js), and
// nothing is thrown away without the player's say: a new game, a record opened or a link
// followed leaves the game in progress in the list.
import { isRemote, movesFinal, DEFAULTS, MATCH_SETTINGS } from '../lib/settings.js';
import { readSettings } from '../lib/setting-reader.js';
import { GameLibrary, SAVE, LIST_KEY } from './storage.js';
import { lastMoveNumber } from '../lib/moves.js';

/**
 * @import { BlueGrayGameElement } from '../blue-gray-game.js'
 * @import { GameState, Result, Side } from '../core/core-types.js'
 * @import { PageState } from './page-state.js'
 */

/**
 * A game's summary for the list (summarise): its rules, who plays and at what level, its length
 * in plies and in moves (null without its state), against a friend elsewhere its id, this
 * device's seat and whose turn it is, and its result; `played`: whether the player has played it
 * here (against a friend elsewhere: this device's seat has moved), which a game opened by a link
 * has not yet: it is the first to go when the list is full (storage.js).
 * @typedef {{
 *   variant: string,
 *   mode: string,
 *   side: Side,
 *   level: number,
 *   plies: number|null,
 *   gameId: string|null,
 *   seat: Side|'watch'|null,
 *   turn: Side|null,
 *   moves: number|null,
 *   result: Result['token']|null,
 *   reason: Result['reason']|null,
 *   clock: string|null,
 *   opponent: string|null,
 *   played: boolean,
 * }} GameSummary
 */

/**
 * A game's summary for the list, from its settings and the rules core's state.
 * @param {{variant: string, mode: string, side: Side, level: number, clock?: string, gameId?: string|null, seat?: Side|'watch'|null, opponent?: string}} settings
 * @param {GameState|null} gs
 * @returns {GameSummary}
 */
export function summarise(settings, gs) {
  return {
    variant: gs ? gs.variant : settings.variant,
    mode: settings.mode,
    side: settings.side,
    level: settings.level,
    plies: gs ? gs.history.length : null,
    // Against a friend elsewhere: the game's id, this device's seat and whose turn it is.
    gameId: settings.gameId || null,
    seat: settings.seat || null,
    turn: gs && !gs.result ? gs.side : null,
    // Said in moves, as the move list and the game-over panel count them.
    moves: gs ? lastMoveNumber(gs) ?? 0 : null,
    result: gs && gs.result ? gs.result.token : null,
    // How it ended: the list says a resignation, an agreement or an abort.
    reason: gs && gs.result ? gs.result.reason : null,
    // The time control of a game with a clock (`5+3`), or null.
    clock: settings.clock && settings.clock !== 'none' ? settings.clock : null,
    // Against a friend elsewhere: their name, when they gave one (the board's, checked there).
    opponent: settings.opponent || null,
    played: !isRemote(settings.mode) || seatMoved(gs, settings.seat ?? null),
  };
}

/**
 * Whether `seat` has made a move of `gs` (null without its state: a kept game of an earlier page,
 * taken as played). The sides take turns, so the last move is the other side's from the one to move.
 * @param {GameState|null} gs
 * @param {Side|'watch'|null} seat
 */
function seatMoved(gs, seat) {
  if (!gs) return true;
  if (seat !== 'blue' && seat !== 'gray') return false;
  return gs.history.length >= 2 || (gs.history.length === 1 && gs.side !== seat);
}

/** The settings a kept game keeps besides its record. */
const KEPT_SETTINGS = Object.freeze(['variant', 'mode', 'side', 'level', 'movetime', 'help', 'clock', ...MATCH_SETTINGS]);

/** Where this tab remembers the id of its kept game (a reload in the same tab reopens it). */
export const TAB_KEY = 'bluegray.tab.v1';

/** Where this tab remembers its game while it is not kept yet: its settings and its record. */
export const TAB_NEW_KEY = 'bluegray.tab.new.v1';

/**
 * A game's whole line, as one text: its rules, its start and every move, those taken back
 * included (`moves`). Two kept games with the same line are the same game.
 * @param {GameState} gs
 * @param {string[]} moves
 */
export function lineOf(gs, moves) {
  return [gs.variant, gs.start, ...moves].join(' ');
}

/**
 * This tab's game at start-up: a kept one (`{id}`, or `{id, error}` when it cannot be read), one
 * not kept yet (`{settings, record}`), or null.
 * @typedef {{id: string, error?: string}|{settings: Record<string, unknown>, record: string}} TabGame
 */

export class Games {
  /** @private */ _board;
  /** @private */ _library;
  /** @private */ _session;
  /** @private */ _update;
  /** The board state last saved, so that only a changed game is saved. @private */
  _saved = /** @type {GameState|null} */ (null);
  /** The board is changing to another game: its changes are not the game in progress's. @private */
  _switching = false;
  /** On an analysis board, the kept game it was opened from (its summary's `analysisOf`). @private */
  _analysisOf = /** @type {string|null} */ (null);
  /** Settles once the game `open` last put on the board has its clocks (the board's newGame()). @private */
  _opened = Promise.resolve();

  /**
   * `board`: the <blue-gray-game>; `storage`, `session`: Web Storage objects (local and this
   * tab's); `update(change)`: changes the page state (page-state.js).
   * @param {{board: BlueGrayGameElement, storage: Storage, session: Storage, update: (change: (p: PageState) => PageState) => void, now?: () => number}} parts
   */
  constructor({ board, storage, session, update, now }) {
    this._board = board;
    this._library = new GameLibrary(storage, { now });
    this._session = session;
    this._update = update;
  }

  /** The games kept, newest first. */
  list() {
    return this._library.list();
  }

  /** @private @param {string} key */
  _tabGet(key) {
    try {
      return this._session.getItem(key);
    } catch {
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {string|null} value null removes it
   * @private
   */
  _tabSet(key, value) {
    try {
      if (value === null) this._session.removeItem(key);
      else this._session.setItem(key, value);
    } catch {
      /* this tab then reopens the most recent game after a reload */
    }
  }

  /** @private @param {string|null} id */
  _setGameId(id) {
    this._update((p) => ({ ...p, gameId: id }));
    this._tabSet(TAB_KEY, id);
    if (id) this._tabSet(TAB_NEW_KEY, null);
  }

  /**
   * The game to open when the page starts without a link's game: this tab's (kept or not yet),
   * else the most recent kept, after moving an earlier version's saved game into the list.
   * @returns {TabGame|null}
   */
  kept() {
    this._library.migrate((settings) => summarise({ ...DEFAULTS, ...readSettings(settings, KEPT_SETTINGS).settings }, null));
    const list = this._library.list();
    const tab = this._tabGet(TAB_KEY);
    if (!list.some((e) => e.id === tab)) {
      const fresh = this._tabNew();
      if (fresh) return fresh;
    }
    const id = list.some((e) => e.id === tab) ? tab : list[0] && list[0].id;
    if (!id) return null;
    const g = this._library.load(id);
    if (!g) return null;
    return 'error' in g ? { id, error: g.error } : { id };
  }

  /** This tab's game not kept yet, or null. @private */
  _tabNew() {
    try {
      const data = JSON.parse(this._tabGet(TAB_NEW_KEY) || 'null');
      if (!data || typeof data !== 'object' || typeof data.record !== 'string' || !data.settings || typeof data.settings !== 'object') return null;
      return { settings: readSettings(data.settings, KEPT_SETTINGS).settings, record: data.record };
    } catch {
      return null;
    }
  }

  /**
   * After a link's game was put on the board: when a kept game has the same line (the same
   * rules, start and moves, so the same link opened again), it becomes the page's game instead
   * of a new one. Returns its id, or null.
   */
  adoptSameLine() {
    const gs = this._board.state;
    if (!gs) return null;
    const line = lineOf(gs, this._board.line().moves);
    // Of the same mode: an analysis board of the game has its line too, but is another game.
    const mode = this._board.settings.mode;
    const same = this._library.list().find((e) => e.summary && e.summary.line === line && e.summary.mode === mode);
    if (!same) return null;
    const g = this._library.load(same.id);
    if (!g || 'error' in g) return null;
    this._setGameId(same.id);
    this._saved = gs;
    return same.id;
  }

  /**
   * Saves the game on the board after a change (`force`: even if it has not changed since the
   * page took it). A game with no move and no record of its own is kept only once it has one
   * (until then this tab remembers it); a game against a friend is kept from its start.
   * Returns the save's outcome (storage.js SAVE), or null when there was nothing to do.
   * @param {PageState} page
   * @param {boolean} [force]
   */
  save(page, force = false) {
    const gs = this._board.state;
    if (!gs || (gs === this._saved && !force) || this._switching) return null;
    this._saved = gs;
    const settings = this._board.settings;
    const { variant, mode, side, level, movetime, help, clock } = settings;
    /** @type {Record<string, string>} */
    const match = {};
    for (const [name, value] of /** @type {[string, string|null][]} */ ([
      ['game-id', this._board.gameId],
      ['relay', this._board.relay],
      ['host-key', this._board.hostKey],
    ])) {
      if (value && isRemote(mode)) match[name] = value;
    }
    const kept = { variant, mode, side, level, movetime, clock, ...(help === 'none' ? { help } : {}), ...match };
    // A live game started here is kept once named, after its seat's key (live/live-kept.js):
    // storage full, the key goes first, and the page says so if it cannot keep it.
    if (mode === 'live' && !match['game-id']) return null;
    // A resignation or an agreed draw before any move is a result to keep (an abort is none).
    const decided = gs.result?.reason === 'resignation' || gs.result?.reason === 'agreement';
    if (page.gameId === null && !gs.history.length && !gs.canRedo && !decided && !isRemote(mode)) {
      // Not kept yet: a reload in this tab makes the same new game again.
      this._tabSet(TAB_NEW_KEY, JSON.stringify({ settings: kept, record: gs.record }));
      return null;
    }
    const { record, ply, moves } = gs.canRedo ? this._board.line() : { record: gs.record, ply: null, moves: gs.history };
    // A live game's seat is the one asked for until the relay has said (an onlooker's is 'watch').
    const seat = this._board.seat ?? settings.side;
    const opponent = seat === 'blue' || seat === 'gray' ? this._board.playerNames[seat === 'blue' ? 'gray' : 'blue'] : '';
    const summary = { ...summarise({ ...settings, seat, gameId: match['game-id'], opponent }, gs), line: lineOf(gs, moves) };
    // An analysis board is kept as a game of its own, which names the game it was opened from.
    if (mode === 'analysis' && this._analysisOf) Object.assign(summary, { analysisOf: this._analysisOf });
    // A kept game never changes its players' mode or its rules: a board that shows other ones
    // has begun another game itself (its newGame(), not one of the page's doors), which is kept
    // as a game of its own, never written over the page's.
    const was = page.gameId ? this._library.entry(page.gameId)?.summary : null;
    /** @param {'mode'|'variant'} k */
    const changed = (k) => typeof was?.[k] === 'string' && was[k] !== summary[k];
    const other = changed('mode') || changed('variant');
    const r = this._library.save({ id: other ? null : page.gameId, settings: kept, record, ply, summary });
    if (r.status === SAVE.saved && r.id !== page.gameId) this._setGameId(r.id);
    return r;
  }

  /**
   * Puts another game on the board with `load()` (which calls the board's newGame and the
   * like), and then makes `id` the page's game (null: one not kept yet, saved at its first
   * move); `analysisOf`: an analysis board's, the kept game it was opened from. The game in
   * progress was saved at its last change and stays in the list. Throws what `load` throws, and
   * then the page's game is still the one on the board.
   * @param {string|null} id
   * @param {() => void} load
   * @param {string|null} [analysisOf]
   */
  switchTo(id, load, analysisOf = null) {
    this._switching = true;
    try {
      load();
    } finally {
      this._switching = false;
    }
    this._analysisOf = analysisOf;
    this._setGameId(id);
    this._saved = id ? this._board.state : null;
  }

  /**
   * The kept game with a friend elsewhere whose game id is `gameId`: `{id, settings, record}`,
   * or null when this device has none.
   * @param {string} gameId
   */
  findMatch(gameId) {
    const entry = this._library.list().find((e) => e.summary && e.summary.gameId === gameId);
    const g = entry && this._library.load(entry.id);
    if (!entry || !g || 'error' in g) return null;
    return { id: entry.id, settings: readSettings(g.settings, KEPT_SETTINGS).settings, record: g.record };
  }

  /**
   * Opens kept game `id` on the board (`overrides`: settings to change, such as a game by link
   * that goes on from a live game). Returns null, or what went wrong as a message.
   * @param {string} id
   * @param {Record<string, string>} [overrides]
   * @returns {import('../lib/i18n.js').Message|null}
   */
  open(id, overrides = {}) {
    const g = this._library.load(id);
    if (!g) return { key: 'recent.gone' };
    if ('error' in g) return { key: 'notice.savedLost', params: { error: g.error } };
    const { settings } = readSettings(g.settings, KEPT_SETTINGS);
    const from = this._library.entry(id)?.summary.analysisOf;
    try {
      this.switchTo(
        id,
        () => {
          this._opened = this._board.newGame({ ...settings, ...overrides, record: g.record }).catch(() => {});
          const gs = this._board.state;
          // A finished game's moves are final (no moves taken back to redo: movesFinal).
          if (g.ply !== null && gs && g.ply < gs.history.length && !movesFinal(this._board.settings.mode, !!gs.result)) this._board.continueFrom(g.ply);
        },
        typeof from === 'string' ? from : null,
      );
    } catch (e) {
      return { key: 'notice.savedLost', params: { error: String((e && /** @type {Error} */ (e).message) || e) } };
    }
    return null;
  }

  /**
   * Settles once the kept game last opened (`open`) is on the board with its clocks: their code
   * may still be on its way when it opens, and until it is there the board has no clocks to read
   * (a link's stamp, a claim on time are judged by them).
   * @returns {Promise<void>}
   */
  opened() {
    return this._opened;
  }

  /**
   * Deletes kept game `id` (not the one on the board). Returns whether it was deleted.
   * @param {string} id
   * @param {string|null} current
   */
  remove(id, current) {
    if (id === current) return false;
    return this._library.remove(id);
  }

  /**
   * Whether `e` (a `storage` event) changed the list of games.
   * @param {StorageEvent} e
   */
  static listChanged(e) {
    return e.key === null || e.key === LIST_KEY;
  }
}
