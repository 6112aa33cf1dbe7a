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
  #send;
  #last = 0;
  #pending = false;
  /** @type {ReturnType<typeof setTimeout>|null} */
  #timer = null;

  /** @param {() => void} send */
  constructor(send) {
    this.#send = send;
  }

  /** The relay's is older or broken: ours goes back, after `wait` ms at least. */
  due(wait = 0) {
    this.#pending = true;
    if (this.#timer) return;
    const delay = Math.max(wait, this.#last + REPUBLISH_MS - Date.now());
    this.#timer = setTimeout(() => {
      this.#timer = null;
      if (!this.#pending) return;
      this.sent();
      this.#send();
    }, delay);
  }

  /** The relay has ours or newer. */
  heard() {
    this.#pending = false;
  }

  /** Ours has just been published. */
  sent() {
    this.#last = Date.now();
    this.#pending = false;
  }

  stop() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending = false;
  }
}
