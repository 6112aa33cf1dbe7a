// One live session per seat per browser (and one open challenge of the lobby, live/lobby.js,
// under the name `lobby`): a session that holds a seat also holds the Web Lock
// `bluegray.live.v1.<id>` (navigator.locks, shared by every tab of the browser's profile, as
// its storage is), so a second tab of the same seat finds it held and watches instead of
// playing (two tabs signing moves of one seat would fork the game). Taking the seat in that tab
// steals the lock: the tab that had it is told, and watches. A browser without Web Locks lets
// every tab play, as before (docs/LIVE-PROTOCOL.md).
import { LIVE_KEY_PREFIX } from './live-kept.js';

/**
 * The part of the Web Locks API this module uses.
 * @typedef {{request(name: string, options: {ifAvailable?: boolean, steal?: boolean}, callback: (lock: unknown) => unknown): Promise<unknown>}} Locks
 */

/** @returns {Locks|null} The browser's Web Locks, or null where it has none. */
function browserLocks() {
  const nav = /** @type {{locks?: Locks}|undefined} */ (globalThis.navigator);
  return nav && nav.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}

export class SeatLock {
  /** @private */ _name;
  /** @private @type {() => void} */ _lost;
  /** @private */ _locks;
  /** @private @type {(() => void)|null} Lets the lock go; null while this session holds none. */
  _release = null;

  /**
   * The lock of game `id`'s seat in this browser; `lost()` is called when another tab takes it.
   * `locks` stands in for the browser's (tests).
   * @param {string} id
   * @param {() => void} lost
   * @param {Locks|null} [locks]
   */
  constructor(id, lost, locks = browserLocks()) {
    this._name = LIVE_KEY_PREFIX + id;
    this._lost = lost;
    this._locks = locks;
  }

  /** Whether this session holds the lock (always, where the browser has no Web Locks). */
  get held() {
    return !this._locks || !!this._release;
  }

  /**
   * Takes the lock: only when no other tab holds it, or with `steal` from whichever does.
   * Resolves whether this session holds it now.
   * @param {boolean} [steal]
   * @returns {Promise<boolean>}
   */
  hold(steal = false) {
    const locks = this._locks;
    if (!locks || this._release) return Promise.resolve(true);
    return new Promise((resolve) => {
      /** @type {(() => void)|null} */
      let mine = null;
      locks
        .request(this._name, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
          if (!lock) return resolve(false);
          return new Promise((release) => {
            mine = () => release(undefined);
            this._release = mine;
            resolve(true);
          });
        })
        .catch(() => {
          // Stolen by another tab (the request ends with an AbortError), or refused.
          if (mine && this._release === mine) {
            this._release = null;
            this._lost();
          }
          resolve(false);
        });
    });
  }

  /** Lets the lock go (the session ends, or gives its seat up). */
  release() {
    const release = this._release;
    this._release = null;
    release?.();
  }
}
