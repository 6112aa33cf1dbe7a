// The page's memory across visits: the recent games, each under its own key, and the reader's
// preferences. Nothing is ever written over another game: a game is saved under its own id
// only while the copy in storage is the one this page last read or wrote (another tab's newer
// copy is never overwritten: this page's moves then go to a new entry), and past the newest
// MAX_GAMES only games the player never played (a link's, opened from anywhere: their summary's
// `played` is false) and then finished games are let go, oldest first; a game in progress that
// the player plays never is, and a game never played never makes room but among its kind.
//
// Keys (all in one Web Storage, normally localStorage):
//   bluegray.games.v2          the list: [{id, rev, updated, summary}], newest first
//   bluegray.games.v2.<id>     one game: {version: 2, id, rev, settings, record, ply}
//   bluegray.game.v1           the one saved game of earlier versions, moved into the list once
//   bluegray.prefs.v1          the reader's preferences
/** @import { Prefs } from './page-state.js' */

/** @import { WebStorage } from '../lib/web-storage.js' */

/**
 * A game in the list: its id, its revision (one more at each save), when it was last saved (ms)
 * and its summary for the Recent games view (recent.js `summarise`, read back unchecked).
 * @typedef {{id: string, rev: number, updated: number, summary: Record<string, unknown>}} GameEntry
 */

/**
 * A kept game as `load` reads it: its settings as they were saved (unchecked: the caller
 * validates them), its record, and the ply it stands at (null: at the record's end).
 * @typedef {{id: string, rev: number, settings: Record<string, unknown>, record: string, ply: number|null, error?: undefined}} KeptGame
 */

/**
 * A kept game that cannot be read, and why.
 * @typedef {{id: string, error: string}} UnreadableGame
 */

/**
 * How a save went (SAVE): saved, under `id` (new for a new game or a fork, `forked` then for a
 * fork), or not, `id` being the game's as it was.
 * @typedef {{status: 'saved', id: string, forked?: true}|{status: 'unchanged', id: string}|{status: 'too-large', id: string|null}|{status: 'failed', id: string|null}|{status: 'full', id: string|null}} SaveOutcome
 */

/** The list of recent games. */
export const LIST_KEY = 'bluegray.games.v2';

/** The prefix of each game's own key. */
export const GAME_KEY_PREFIX = 'bluegray.games.v2.';

/** Where earlier versions kept their one game; read once, then moved into the list. */
export const LEGACY_KEY = 'bluegray.game.v1';

/** Where the reader's preferences (language, …) are kept. */
export const PREFS_KEY = 'bluegray.prefs.v1';

/** How many games the list keeps; the oldest finished ones beyond are let go. */
export const MAX_GAMES = 20;

/** The longest record kept, in characters: about 1 MB, far above any real game. */
export const MAX_SAVED_RECORD = 1_000_000;

/**
 * How saving went: saved, nothing to save, refused for its size, storage refused it, or a new
 * game not kept because every kept game is in progress (the player makes room).
 */
export const SAVE = Object.freeze({ saved: 'saved', unchanged: 'unchanged', tooLarge: 'too-large', failed: 'failed', full: 'full' });

/**
 * A fresh id for a game: time and randomness, so two tabs never pick the same one.
 * @param {number} now
 * @returns {string}
 */
function newId(now) {
  const random = Math.floor(Math.random() * 36 ** 6).toString(36).padStart(6, '0');
  return `${now.toString(36)}-${random}`;
}

/**
 * Whether the list's entry `e` is a game the player never played here (games.js summarise's
 * `played`: a game opened by a link and never moved in); an entry that does not say is the player's.
 * @param {GameEntry} e
 */
function neverPlayed(e) {
  return e.summary.played === false;
}

/**
 * A list entry as storage had it, or null when it is not one (junk is ignored, never thrown).
 * @param {unknown} x
 * @returns {GameEntry|null}
 */
function entryOf(x) {
  if (!isRecord(x) || typeof x.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(x.id)) return null;
  const rev = positiveInteger(x.rev) ?? 1;
  const updated = typeof x.updated === 'number' && Number.isFinite(x.updated) ? x.updated : 0;
  const summary = isRecord(x.summary) ? x.summary : {};
  return { id: x.id, rev, updated, summary };
}

/**
 * `x` when it is a ply (a whole number from 0), else null.
 * @param {unknown} x
 * @returns {number|null}
 */
function plyOf(x) {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : null;
}

/**
 * What went wrong, as a sentence: an error's message, or the thrown value itself.
 * @param {unknown} e
 * @returns {string}
 */
function errorText(e) {
  const message = e && typeof e === 'object' && 'message' in e ? e.message : undefined;
  return String(message || e);
}

/**
 * Whether `x` is a plain object, not an array (what JSON calls an object).
 * @param {unknown} x
 * @returns {x is Record<string, unknown>}
 */
function isRecord(x) {
  return !!x && typeof x === 'object' && !Array.isArray(x);
}

/**
 * `x` when it is a whole number above 0, else null.
 * @param {unknown} x
 * @returns {number|null}
 */
function positiveInteger(x) {
  return typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null;
}

/**
 * The recent games over a Web Storage object (`localStorage`, or anything with getItem,
 * setItem and removeItem). Storage may be missing, full or changed by another tab at any
 * moment; no method throws.
 */
export class GameLibrary {
  /** @private @type {WebStorage} */ _storage;
  /** @private @type {() => number} */ _now;
  /**
   * What this page last read or wrote of each game: id → {rev, json}, to skip unchanged writes.
   * @type {Map<string, {rev: number, json: string}>}
   * @private
   */
  _known = new Map();

  /**
   * `now`: the clock (ms), for tests.
   * @param {WebStorage} storage
   * @param {{now?: () => number}} [options]
   */
  constructor(storage, { now = () => Date.now() } = {}) {
    this._storage = storage;
    this._now = now;
  }

  /**
   * @param {string} key
   * @returns {string|null}
   * @private
   */
  _get(key) {
    try {
      return this._storage.getItem(key);
    } catch {
      return null;
    }
  }

  /**
   * The list, newest first: [{id, rev, updated, summary}].
   * @returns {GameEntry[]}
   */
  list() {
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(this._get(LIST_KEY) || '[]');
    } catch {
      data = [];
    }
    const entries = (Array.isArray(data) ? data : []).map(entryOf).filter((e) => e !== null);
    /** @type {Set<string>} */
    const seen = new Set();
    return entries.filter((e) => !seen.has(e.id) && seen.add(e.id)).sort((a, b) => b.updated - a.updated);
  }

  /**
   * The entry of game `id` in the list, or null.
   * @param {string} id
   * @returns {GameEntry|null}
   */
  entry(id) {
    return this.list().find((e) => e.id === id) || null;
  }

  /**
   * Game `id`: `{id, rev, settings, record, ply}` (settings unchecked: the caller validates
   * them), null when there is none, or `{id, error}` when what is there cannot be read.
   * @param {string} id
   * @returns {KeptGame|UnreadableGame|null}
   */
  load(id) {
    const raw = this._get(GAME_KEY_PREFIX + id);
    if (!raw) return null;
    try {
      /** @type {unknown} */
      const data = JSON.parse(raw);
      if (!isRecord(data) || data.version !== 2 || data.id !== id || typeof data.record !== 'string') throw new Error('unknown format');
      const settings = isRecord(data.settings) ? data.settings : {};
      const ply = plyOf(data.ply);
      const rev = positiveInteger(data.rev) ?? 1;
      this._known.set(id, { rev, json: this._gameJson(settings, data.record, ply) });
      return { id, rev, settings, record: data.record, ply };
    } catch (e) {
      return { id, error: errorText(e) };
    }
  }

  /**
   * @param {Record<string, unknown>} settings
   * @param {string} record
   * @param {number|null} ply
   * @returns {string}
   * @private
   */
  _gameJson(settings, record, ply) {
    return JSON.stringify({ settings, record, ply });
  }

  /**
   * Saves a game: `id` (null for a new game), its `settings`, its `record`, the `ply` it stands
   * at (the record may go on with moves to redo) and a `summary` for the list. A game changed
   * in storage since this page last read or wrote it (another tab) is not overwritten: it is
   * saved as a new game. Returns `{status, id}` (SAVE; `id`, the game's id after saving, is new
   * for a new game or such a fork) and `forked: true` for a fork.
   * @param {{id: string|null, settings: Record<string, unknown>, record: string, ply: number|null, summary: Record<string, unknown>}} game
   * @returns {SaveOutcome}
   */
  save({ id, settings, record, ply, summary }) {
    if (typeof record !== 'string') return { status: SAVE.failed, id };
    if (record.length > MAX_SAVED_RECORD) return { status: SAVE.tooLarge, id };
    const json = this._gameJson(settings, record, ply);
    const known = id ? this._known.get(id) : null;
    const stored = id ? this.entry(id) : null;
    // Ours to write: the copy in storage is the one this page last read or wrote.
    const ours = !!id && !!known && !!stored && stored.rev === known.rev;
    if (ours && known.json === json) return { status: SAVE.unchanged, id };
    // A game changed or deleted elsewhere since (another tab): keep both, this one as new.
    const forked = !!id && !ours;
    const now = this._now();
    const targetId = ours ? id : newId(now);
    const rev = ours ? known.rev + 1 : 1;
    const game = `{"version":2,"id":${JSON.stringify(targetId)},"rev":${rev},"settings":${JSON.stringify(settings)},"record":${JSON.stringify(record)},"ply":${JSON.stringify(ply)}}`;
    const all = this.list();
    const list = all.filter((e) => e.id !== targetId);
    const entry = { id: targetId, rev, updated: now, summary };
    const kept = [entry, ...list];
    // Room is made by letting games go, oldest first: those the player never played, then, for
    // a game the player plays, finished ones; a game in progress that the player plays is never
    // let go. When no game can go, a new one is not kept: the player is asked to make room (a
    // page that opens link after link cannot push the player's games out).
    const over = kept.length - MAX_GAMES;
    const visitors = list.filter(neverPlayed).reverse();
    const finished = neverPlayed(entry) ? [] : list.filter((e) => !neverPlayed(e) && e.summary.result).reverse();
    const dropped = over > 0 ? [...visitors, ...finished].slice(0, over) : [];
    if (over > dropped.length && list.length === all.length) return { status: SAVE.full, id };
    try {
      this._storage.setItem(GAME_KEY_PREFIX + targetId, game);
      this._storage.setItem(LIST_KEY, JSON.stringify(kept.filter((e) => !dropped.includes(e))));
    } catch {
      return { status: SAVE.failed, id };
    }
    for (const e of dropped) this._removeGame(e.id);
    this._known.set(targetId, { rev, json });
    return forked ? { status: SAVE.saved, id: targetId, forked: true } : { status: SAVE.saved, id: targetId };
  }

  /**
   * Whether game `id` was changed or deleted in storage since this page last read or wrote it.
   * @param {string} id
   * @returns {boolean}
   */
  changedElsewhere(id) {
    const known = this._known.get(id);
    if (!known) return false;
    const stored = this.entry(id);
    return !stored || stored.rev !== known.rev;
  }

  /** @private @param {string} id */
  _removeGame(id) {
    this._known.delete(id);
    try {
      this._storage.removeItem(GAME_KEY_PREFIX + id);
    } catch {
      /* nothing to remove where storage is unavailable */
    }
  }

  /**
   * Deletes game `id` from the list and from storage. Returns whether storage took the change.
   * @param {string} id
   * @returns {boolean}
   */
  remove(id) {
    try {
      this._storage.setItem(LIST_KEY, JSON.stringify(this.list().filter((e) => e.id !== id)));
    } catch {
      return false;
    }
    this._removeGame(id);
    return true;
  }

  /**
   * Moves the one saved game of earlier versions (LEGACY_KEY) into the list, once: returns the
   * new id, or null when there was none or it could not be read. `summarise(settings, record)`
   * makes its list summary. The old key is removed only once the game is in the list.
   * @param {(settings: Record<string, unknown>, record: string) => Record<string, unknown>} summarise
   * @returns {string|null}
   */
  migrate(summarise) {
    const raw = this._get(LEGACY_KEY);
    if (!raw) return null;
    /** @type {unknown} */
    let data;
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
    if (!isRecord(data) || data.version !== 1 || typeof data.record !== 'string') return null;
    const settings = isRecord(data.settings) ? { ...data.settings } : {};
    const ply = plyOf(settings.ply);
    delete settings.ply;
    const r = this.save({ id: null, settings, record: data.record, ply, summary: summarise(settings, data.record) });
    if (r.status !== SAVE.saved) return null;
    try {
      this._storage.removeItem(LEGACY_KEY);
    } catch {
      /* read again next time; the list then has it twice, which is better than not at all */
    }
    return r.id;
  }
}

/**
 * The reader's preferences, `{}` when none are kept (unchecked: page-state.js `prefsFrom` reads them).
 * @param {WebStorage} storage
 * @returns {Record<string, unknown>}
 */
export function loadPrefs(storage) {
  try {
    /** @type {unknown} */
    const data = JSON.parse(storage.getItem(PREFS_KEY) || '{}');
    return isRecord(data) ? data : {};
  } catch {
    return {};
  }
}

/**
 * Keeps `prefs` merged into the reader's preferences.
 * @param {WebStorage} storage
 * @param {Partial<Prefs>} prefs
 */
export function savePrefs(storage, prefs) {
  try {
    storage.setItem(PREFS_KEY, JSON.stringify({ ...loadPrefs(storage), ...prefs }));
  } catch {
    /* a preference not kept is asked again next visit */
  }
}
