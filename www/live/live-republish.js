// A player's answer to a relay whose copy of something (the game's snapshot, the seat's presence)
// is older than the player's, or broken: the player's goes back, but at most once per
// REPUBLISH_MS however much junk comes, and not at all once the relay is heard to have the
// player's or newer. Used by live.js; no relay or DOM of its own.

/** The least time between two republishes of the same thing, in milliseconds. */
export const REPUBLISH_MS = 2000;

/**
 * Puts something back on the relay when it is due: at most once per REPUBLISH_MS, and only if
 * nothing as new has been heard from the relay meanwhile (`heard()`).
 */
export class Republisher {
  /** @private */ _send;
  /** @private */ _last = 0;
  /** @private */ _pending = false;
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _timer = null;

  /** @param {() => void} send */
  constructor(send) {
    this._send = send;
  }

  /** The relay's is older or broken: ours goes back, after `wait` ms at least. */
  due(wait = 0) {
    this._pending = true;
    if (this._timer) return;
    const delay = Math.max(wait, this._last + REPUBLISH_MS - Date.now());
    this._timer = setTimeout(() => {
      this._timer = null;
      if (!this._pending) return;
      this.sent();
      this._send();
    }, delay);
  }

  /** The relay has ours or newer. */
  heard() {
    this._pending = false;
  }

  /** Ours has just been published. */
  sent() {
    this._last = Date.now();
    this._pending = false;
  }

  stop() {
    if (this._timer) clearTimeout(this._timer);
    this._timer = null;
    this._pending = false;
  }
}
