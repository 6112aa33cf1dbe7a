// Which game the page shows, and keeping it: a link's game, else this tab's game, else the most
// recent one kept; saving the game on the board under its own id after each change; the recent
// games' list; and games opened from files, other tabs and new links. Nothing here ever writes
// a game over another one (storage.js), and nothing is thrown away without the player's say:
// a new game, a record opened or a link followed leaves the game in progress in the list.
import { readSettings, linkParams, isRemote } from '../lib/settings.js';
import { GameLibrary, SAVE, LIST_KEY } from './storage.js';
import { summarise } from './recent.js';
import { MATCH_SETTINGS } from '../remote/friend.js';

/** The game settings a link, a saved game or newGame() gives. */
export const GAME_SETTINGS = Object.freeze(['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record', ...MATCH_SETTINGS]);

/** The settings a kept game keeps besides its record. */
const KEPT_SETTINGS = Object.freeze(['variant', 'mode', 'side', 'level', 'movetime', ...MATCH_SETTINGS]);

/** Where this tab remembers the id of its game (a reload in the same tab reopens it). */
export const TAB_KEY = 'bluegray.tab.v1';

/**
 * The game a link asks for, checked against `limits` (settings.js): `{attrs, ply, view, relay,
 * errors}` (attrs: the board's game settings; relay: the relay the link names), or `{errors,
 * ply, view, relay}` when it asks for no game (its settings were all in error, or it gives only
 * `ply`, `view` or `relay`).
 */
export function linkGame(search, hash, limits) {
  const { settings, errors } = readSettings(linkParams(search, hash), [...GAME_SETTINGS, 'ply', 'view'], limits);
  // The page's board plays games; a puzzle is the Puzzles view's (the element's puzzle mode needs a goal).
  if (settings.mode === 'puzzle') {
    errors.push({ name: 'mode', value: 'puzzle', expected: 'puzzles.expectedPageMode', limits });
    delete settings.mode;
  }
  // A relay alone configures the page (live games are offered); it is a game's only in a live game's invite.
  const { ply, view, relay, ...attrs } = settings;
  if (relay && attrs.mode === 'live') attrs.relay = relay;
  if (!Object.keys(attrs).length) return { errors, ply, view, relay };
  return { attrs, ply, view, relay, errors };
}

/**
 * A game's whole line, as one text: its rules, its start and every move, those taken back
 * included (`moves`). Two kept games with the same line are the same game.
 */
export function lineOf(gs, moves) {
  return [gs.variant, gs.start, ...moves].join(' ');
}

export class Games {
  #board;
  #library;
  #session;
  #update;
  /** The board state last saved, so that only a changed game is saved. */
  #saved = null;
  /** The board is changing to another game: its changes are not the game in progress's. */
  #switching = false;

  /**
   * `board`: the <blue-gray-game>; `storage`, `session`: Web Storage objects (local and this
   * tab's); `update(change)`: changes the page state (page-state.js).
   */
  constructor({ board, storage, session, update, now }) {
    this.#board = board;
    this.#library = new GameLibrary(storage, { now });
    this.#session = session;
    this.#update = update;
  }

  /** The games kept, newest first. */
  list() {
    return this.#library.list();
  }

  #tabGame() {
    try {
      return this.#session.getItem(TAB_KEY);
    } catch {
      return null;
    }
  }

  #setGameId(id) {
    this.#update((p) => ({ ...p, gameId: id }));
    try {
      if (id) this.#session.setItem(TAB_KEY, id);
      else this.#session.removeItem(TAB_KEY);
    } catch {
      /* this tab then reopens the most recent game after a reload */
    }
  }

  /**
   * The game to open when the page starts without a link's game: this tab's, else the most
   * recent kept, after moving an earlier version's saved game into the list. Returns `{id}`,
   * `{id, error}` when it cannot be read, or null when there is none.
   */
  kept() {
    this.#library.migrate((settings) => summarise(settings, null));
    const list = this.#library.list();
    const tab = this.#tabGame();
    const id = list.some((e) => e.id === tab) ? tab : list[0] && list[0].id;
    if (!id) return null;
    const g = this.#library.load(id);
    if (!g) return null;
    return g.error ? { id, error: g.error } : { id };
  }

  /**
   * After a link's game was put on the board: when a kept game has the same line (the same
   * rules, start and moves, so the same link opened again), it becomes the page's game instead
   * of a new one. Returns its id, or null.
   */
  adoptSameLine() {
    const gs = this.#board.state;
    const line = lineOf(gs, this.#board.line().moves);
    const same = this.#library.list().find((e) => e.summary && e.summary.line === line);
    if (!same) return null;
    const g = this.#library.load(same.id);
    if (!g || g.error) return null;
    this.#setGameId(same.id);
    this.#saved = gs;
    return same.id;
  }

  /**
   * Saves the game on the board after a change (`force`: even if it has not changed since the
   * page took it). A game with no move and no record of its own is kept only once it has one.
   * Returns the save's outcome (storage.js SAVE), or null when there was nothing to do.
   */
  save(page, force = false) {
    const gs = this.#board.state;
    if (!gs || (gs === this.#saved && !force) || this.#switching) return null;
    this.#saved = gs;
    // A game against a friend is kept from the start: it is one of the player's games in progress.
    if (page.gameId === null && !gs.history.length && !gs.canRedo && !this.#board.gameId) return null;
    const settings = this.#board.settings;
    const { record, ply, moves } = gs.canRedo ? this.#board.line() : { record: gs.record, ply: null, moves: gs.history };
    const { variant, mode, side, level, movetime } = settings;
    const match = {};
    for (const [name, value] of [
      ['game-id', this.#board.gameId],
      ['relay', this.#board.relay],
      ['host-key', this.#board.hostKey],
    ]) {
      if (value && isRemote(mode)) match[name] = value;
    }
    // A live game's seat is the one asked for until the relay has said (an onlooker's is 'watch').
    const seat = this.#board.seat ?? settings.side;
    const summary = { ...summarise({ ...settings, seat, gameId: match['game-id'] }, gs), line: lineOf(gs, moves) };
    const r = this.#library.save({ id: page.gameId, settings: { variant, mode, side, level, movetime, ...match }, record, ply, summary });
    if (r.status === SAVE.saved && r.id !== page.gameId) this.#setGameId(r.id);
    return r;
  }

  /**
   * Puts another game on the board with `load()` (which calls the board's newGame and the
   * like), and then makes `id` the page's game (null: one not kept yet, saved at its first
   * move). The game in progress was saved at its last change and stays in the list. Throws what
   * `load` throws, and then the page's game is still the one on the board.
   */
  switchTo(id, load) {
    this.#switching = true;
    try {
      load();
    } finally {
      this.#switching = false;
    }
    this.#setGameId(id);
    this.#saved = id ? this.#board.state : null;
  }

  /**
   * The kept game with a friend elsewhere whose game id is `gameId`: `{id, settings, record}`,
   * or null when this device has none.
   */
  findMatch(gameId) {
    const entry = this.#library.list().find((e) => e.summary && e.summary.gameId === gameId);
    const g = entry && this.#library.load(entry.id);
    if (!g || g.error) return null;
    return { id: entry.id, settings: readSettings(g.settings, KEPT_SETTINGS).settings, record: g.record };
  }

  /**
   * Opens kept game `id` on the board (`overrides`: settings to change, such as a game by link
   * that goes on from a live game). Returns null, or what went wrong as a message.
   */
  open(id, overrides = {}) {
    const g = this.#library.load(id);
    if (!g) return { key: 'recent.gone' };
    if (g.error) return { key: 'notice.savedLost', params: { error: g.error } };
    const { settings } = readSettings(g.settings, KEPT_SETTINGS);
    try {
      this.switchTo(id, () => {
        this.#board.newGame({ ...settings, ...overrides, record: g.record });
        if (g.ply !== null && g.ply < this.#board.state.history.length) this.#board.continueFrom(g.ply);
      });
    } catch (e) {
      return { key: 'notice.savedLost', params: { error: String(e.message || e) } };
    }
    return null;
  }

  /** Deletes kept game `id` (not the one on the board). Returns whether it was deleted. */
  remove(id, current) {
    if (id === current) return false;
    return this.#library.remove(id);
  }

  /**
   * Starts a new game on the board with `options` (newGame's), the game in progress staying in
   * the list. Throws as newGame does, and then changes nothing.
   */
  startNew(options) {
    this.switchTo(null, () => this.#board.newGame(options));
  }

  /** Whether `e` (a `storage` event) changed the list of games. */
  static listChanged(e) {
    return e.key === null || e.key === LIST_KEY;
  }

  /** Whether game `id` was changed or deleted by another tab since this page read or wrote it. */
  changedElsewhere(id) {
    return !!id && this.#library.changedElsewhere(id);
  }
}
