// The page's memory across visits: the game in progress with its settings, and the reader's
// preferences. Writes are cheap however long the game: a record is written only when it has
// changed, and one too large to keep is not written at all (the page says so once).

/** Where the game in progress is kept. */
export const SAVE_KEY = 'bluegray.game.v1';

/** Where the reader's preferences (language, …) are kept. */
export const PREFS_KEY = 'bluegray.prefs.v1';

/** The longest record kept, in characters: about 1 MB, far above any real game. */
export const MAX_SAVED_RECORD = 1_000_000;

/**
 * A saved-game store over a Web Storage object (`localStorage`, or any object with getItem,
 * setItem and removeItem). Storage may be missing or full; saving is a nicety and never throws.
 */
export class GameStore {
  #storage;
  /** What was last written or read: {settingsJson, record}, to skip unchanged writes cheaply. */
  #last = null;

  constructor(storage) {
    this.#storage = storage;
  }

  /**
   * Saves the game: its settings, its record and the ply it stands at (the record may go on
   * with moves taken back, to redo). Returns 'saved', 'unchanged', 'too-large' or 'unavailable'.
   */
  save(settings, record, ply) {
    if (typeof record !== 'string') return 'unavailable';
    if (record.length > MAX_SAVED_RECORD) return 'too-large';
    const settingsJson = JSON.stringify({ ...settings, ply });
    if (this.#last && this.#last.record === record && this.#last.settingsJson === settingsJson) return 'unchanged';
    try {
      this.#storage.setItem(SAVE_KEY, `{"version":1,"settings":${settingsJson},"record":${JSON.stringify(record)}}`);
      this.#last = { settingsJson, record };
      return 'saved';
    } catch {
      return 'unavailable';
    }
  }

  /**
   * The saved game: `{settings, record}` with settings unchecked (the caller validates them; the
   * ply the game stands at is `settings.ply`), null when there is none, or `{error}` when what
   * is there cannot be read (it is then removed).
   */
  load() {
    let raw = null;
    try {
      raw = this.#storage.getItem(SAVE_KEY);
    } catch {
      return null;
    }
    if (!raw) return null;
    try {
      const data = JSON.parse(raw);
      if (!data || data.version !== 1 || typeof data.record !== 'string') throw new Error('unknown format');
      const settings = data.settings && typeof data.settings === 'object' ? data.settings : {};
      this.#last = { settingsJson: JSON.stringify(settings), record: data.record };
      return { settings, record: data.record };
    } catch (e) {
      this.forget();
      return { error: String((e && e.message) || e) };
    }
  }

  /** Removes the saved game. */
  forget() {
    this.#last = null;
    try {
      this.#storage.removeItem(SAVE_KEY);
    } catch {
      /* nothing to forget where storage is unavailable */
    }
  }
}

/** The reader's preferences, `{}` when none are kept. */
export function loadPrefs(storage) {
  try {
    const data = JSON.parse(storage.getItem(PREFS_KEY) || '{}');
    return data && typeof data === 'object' && !Array.isArray(data) ? data : {};
  } catch {
    return {};
  }
}

/** Keeps `prefs` merged into the reader's preferences. */
export function savePrefs(storage, prefs) {
  try {
    storage.setItem(PREFS_KEY, JSON.stringify({ ...loadPrefs(storage), ...prefs }));
  } catch {
    /* a preference not kept is asked again next visit */
  }
}
