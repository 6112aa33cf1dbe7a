// How many onlookers a live game has: each device that watches it (holds no seat) puts a mark on
// `bluegray/v1/<id>/watch/<its connection's client id>`, retained, and takes it off (an empty
// message) when it leaves or takes a seat; its connection's last will takes it off too, so a
// device that vanishes is no longer counted once the relay drops it. Every device of the game
// reads `…/watch/+` and counts the marks. The relay lets a connection mark its own client id
// only (relay/relay.mjs), so one connection is one onlooker. A mark is not signed: it claims
// nothing but that a connection watches. It makes a live session's connection (live-connection.js)
// with its own part of the hooks, so the session (live.js) only asks for the count.
import { ROOT } from './live-protocol.js';
import { newGameId } from '../lib/game-id.js';
import { Connection } from './live-connection.js';
/** @import { ConnectionHooks } from './live-connection.js' */

/** What a mark says: that its connection watches. */
const MARK = '1';

export class Onlookers {
  /** This session's connections' client id, and so its mark's topic. */
  clientId = newGameId();
  /** @private */ _prefix;
  /** @private @type {Set<string>} The client ids marked as watching, this device's among them. */
  _marked = new Set();
  /** This device's mark is on the relay (as far as it knows). @private */
  _marking = false;

  /** @param {string} id the game's id */
  constructor(id) {
    this._prefix = `${ROOT}/${id}/watch/`;
  }

  /** @returns {number} How many devices watch the game. */
  get count() {
    return this._marked.size;
  }

  /**
   * The session's connection, its `hooks` with the onlookers' part: their topic subscribed to,
   * the session's will or, while it watches, its mark taken off; its mark put on (or off, once it
   * holds a seat) at each connection; their messages counted, `changed()` called when the count
   * changes, and every other message passed on. `watching()` says whether the session watches.
   * @param {ConnectionHooks} hooks
   * @param {{watching: () => boolean, changed: () => void}} session
   * @returns {Connection}
   */
  connection(hooks, { watching, changed }) {
    const mine = this._prefix + this.clientId;
    const conn = new Connection({
      ...hooks,
      clientId: this.clientId,
      topics: [...hooks.topics, `${this._prefix}+`],
      will: async () => (await hooks.will()) ?? (watching() ? { topic: mine, payload: '', qos: 1, retain: true } : undefined),
      connected: () => {
        hooks.connected();
        if (watching() || this._marking) this._marking = conn.publish(mine, watching() ? MARK : '') && watching();
      },
      message: (topic, text) => {
        if (!topic.startsWith(this._prefix)) return hooks.message(topic, text);
        const before = this.count;
        const id = topic.slice(this._prefix.length);
        if (text) this._marked.add(id);
        else this._marked.delete(id);
        if (this.count !== before) changed();
      },
    });
    return conn;
  }
}
