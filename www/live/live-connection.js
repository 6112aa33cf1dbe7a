// A live session's connection to its relay (an MQTT broker over WebSocket): it loads the MQTT
// client on first use (not part of the page's first visit), connects with the last will the
// session gives for that connection (a presence signed just then), subscribes to the game's
// topics, tells the session what it hears and when the relay goes out of reach (the connection
// ends, or the relay leaves a packet that asks for an answer unanswered: ANSWER_MS), and connects
// again after a connection ends: a second at first, then twice as long after each attempt that
// fails, up to RECONNECT_MAX_MS (each failed attempt is a line in the browser's console), none
// while the browser says it is offline, and a moment after it says it is back online. The session decides what to publish (live/live.js,
// and the lobby's, live/lobby.js, which names its client id and subscribes as it goes).
import { onDemand } from '../lib/on-demand.js';
/** @import { MqttClient, IClientOptions, connect } from '../vendor/mqtt.js' */

/** How long a connection attempt may take, and the first and longest waits between attempts, in milliseconds. */
const CONNECT_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;
export const RECONNECT_MAX_MS = 30 * 1000;
/**
 * How long after the browser says it is back online the next attempt waits: a network just back
 * may not carry a connection yet (a failure then is a line in the console, as any is).
 */
const ONLINE_SETTLE_MS = 1000;

/**
 * The wait before the next attempt after `failed` attempts in a row that reached no relay.
 * @param {number} failed
 * @returns {number}
 */
export function reconnectDelay(failed) {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** Math.max(0, failed));
}
/**
 * The keep-alive asked of the relay, in seconds: a device that falls silent (asleep, off the
 * network) is dropped after one and a half times this (MQTT's rule), and its last will, its
 * seat's offline, published: the other player sees it gone within 15 s. Not less: each ping is a
 * packet for the relay. A hidden tab's pings still go: the client pings on a timer that every
 * answer from the relay starts afresh, which Chrome's throttling of long timer chains spares.
 */
export const KEEPALIVE_S = 10;

/**
 * How long the relay may leave a packet that asks for an answer (a QoS 1 message, a
 * subscription, a ping) unanswered before this device counts it out of reach and connects again:
 * a relay that stalls keeps its sockets open, so only its silence tells. Well above a loaded
 * relay's answer (milliseconds), and below the keep-alive's own timeout (15 s).
 */
export const ANSWER_MS = 6000;

/** The packets that the relay answers. */
const ASKING = new Set(['pingreq', 'subscribe', 'unsubscribe']);

const decoder = new TextDecoder();

/**
 * The MQTT client library, loaded on first use (a failed load is tried again at the next connection).
 * @type {() => Promise<{connect: typeof connect}>}
 */
const loadMqtt = onDemand(() => import('../vendor/mqtt.js').then((m) => m.default || m));

/**
 * What a connection asks of its session: `relay` and `topics` (subscribed to), `clientId` (the
 * MQTT client id, random when absent), `will()` (the next connection's last will, or undefined),
 * and whom it tells: `connected()`, `down()` (the relay is out of reach), `message(topic, text)`
 * and `error(e)`.
 * @typedef {{
 *   relay: string,
 *   clientId?: string,
 *   topics: string[],
 *   will: () => Promise<IClientOptions['will']>,
 *   connected: () => void,
 *   down: () => void,
 *   message: (topic: string, text: string) => void,
 *   error: (e: unknown) => void,
 * }} ConnectionHooks
 */

export class Connection {
  /** @private @type {ConnectionHooks} */ _h;
  /** @private @type {MqttClient|null} */ _client = null;
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _retry = null;
  /** @private */ _closed = false;
  /** Attempts in a row that reached no relay. @private */ _failed = 0;
  /** Counts `reconnect` calls: a connection that waits for the old one's close is made only if no later call came. @private */ _reconnects = 0;
  /** When the relay last sent this device anything (Date.now()), 0 before it has. */
  answeredAt = 0;
  /** The relay has not answered a packet that asks for it since then: out of reach at the end. @private @type {ReturnType<typeof setTimeout>|null} */ _silence = null;
  /** @private */ _online = () => {
    if (!this._retry) return;
    clearTimeout(this._retry);
    this._attemptIn(ONLINE_SETTLE_MS);
  };

  /** @param {ConnectionHooks} hooks */
  constructor(hooks) {
    this._h = hooks;
    globalThis.addEventListener?.('online', this._online);
  }

  /** Connects (a new client, with the will of this moment). */
  async connect() {
    const h = this._h;
    let mqtt;
    try {
      mqtt = await loadMqtt();
    } catch (e) {
      h.down();
      h.error(e);
      return;
    }
    const will = await h.will();
    if (this._closed) return;
    // No reconnection by the library: each connection gets a will of its own time (_retryLater).
    const client = mqtt.connect(h.relay, {
      protocolVersion: 4,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      keepalive: KEEPALIVE_S,
      // Its keep-alive timer on the page itself, not in a blob: worker a strict CSP may refuse.
      timerVariant: 'native',
      will,
      ...(h.clientId ? { clientId: h.clientId } : {}),
    });
    this._client = client;
    client.on('connect', () => {
      if (client !== this._client) return;
      this._failed = 0;
      client.subscribe(h.topics, { qos: 1 });
      h.connected();
    });
    const down = () => {
      if (client === this._client && !this._closed) h.down();
    };
    client.on('offline', down);
    client.on('error', down);
    client.on('close', () => {
      down();
      this._retryLater(client);
    });
    client.on('message', (topic, payload) => {
      if (client === this._client) h.message(topic, decoder.decode(payload));
    });
    client.on('packetreceive', () => {
      if (client !== this._client) return;
      this.answeredAt = Date.now();
      this._heard();
    });
    client.on('packetsend', (packet) => {
      if (client !== this._client || !client.connected || this._silence) return;
      if (!ASKING.has(packet.cmd) && !(packet.cmd === 'publish' && (packet.qos ?? 0) > 0)) return;
      this._silence = setTimeout(() => {
        this._silence = null;
        if (client !== this._client || this._closed) return;
        h.down();
        this._retryLater(client);
      }, ANSWER_MS);
    });
  }

  /** The relay answered: no silence is being timed. @private */
  _heard() {
    if (this._silence) clearTimeout(this._silence);
    this._silence = null;
  }

  /**
   * Asks the relay for an answer now (a ping), unless it answered since `since`: once it has,
   * `answeredAt` says so; a relay that stays silent is counted out of reach (ANSWER_MS).
   * @param {number} since
   */
  ask(since) {
    const client = this._client;
    if (client?.connected && this.answeredAt < since && !this._silence) client.sendPing();
  }

  /**
   * The connection `client` has ended: a new one in a moment.
   * @param {MqttClient} client
   * @private
   */
  _retryLater(client) {
    if (client !== this._client || this._closed) return;
    this._heard();
    this._client = null;
    client.end(true);
    const wait = reconnectDelay(this._failed);
    // A connection that had reached the relay starts the waits afresh (connect() zeroes it).
    this._failed += 1;
    this._attemptIn(wait);
  }

  /**
   * The next attempt to connect, in `wait` ms; none while the browser says it is offline (it
   * would fail, a line in the console each time): then it waits on, and the browser's `online`
   * brings the attempt forward (_online).
   * @param {number} wait
   * @private
   */
  _attemptIn(wait) {
    this._retry = setTimeout(() => {
      this._retry = null;
      if (this._closed) return;
      if (globalThis.navigator?.onLine === false) this._attemptIn(RECONNECT_MAX_MS);
      else this.connect().catch(this._h.error);
    }, wait);
  }

  /** Connects again (another last will), as soon as the connection before has closed. */
  reconnect() {
    if (this._retry) clearTimeout(this._retry);
    this._retry = null;
    this._heard();
    const client = this._client;
    this._client = null;
    const mine = ++this._reconnects;
    const connect = () => {
      if (mine === this._reconnects && !this._closed && !this._client) this.connect().catch(this._h.error);
    };
    if (!client) return connect();
    // Ended with a word to the relay, so that it does not say the old last will. The new
    // connection is made once the old has closed: the relay refuses a CONNECT for a client id that
    // a connection of its holds, and frees the id when that connection closes
    // (relay/client-ids.mjs), so a CONNECT sent at once was refused whenever it overtook the old
    // connection's close, and the session counted the relay out of reach. RECONNECT_MS at most,
    // if the close hangs (a relay that stalls does not answer).
    let asked = false;
    const once = () => {
      clearTimeout(hung);
      if (asked) return;
      asked = true;
      connect();
    };
    const hung = setTimeout(once, RECONNECT_MS);
    client.end(false, {}, once);
  }

  /**
   * Subscribes to `topic` too, now and on every connection after.
   * @param {string} topic
   */
  subscribe(topic) {
    if (this._h.topics.includes(topic)) return;
    this._h.topics = [...this._h.topics, topic];
    if (this._client?.connected) this._client.subscribe(topic, { qos: 1 });
  }

  /**
   * Publishes `payload` to `topic`, retained unless `retain` is false; returns whether a
   * connection took it. `stored` runs once the relay has it.
   * @param {string} topic
   * @param {string} payload
   * @param {() => void} [stored]
   * @param {{retain?: boolean}} [options]
   */
  publish(topic, payload, stored = () => {}, { retain = true } = {}) {
    const client = this._client;
    if (!client) return false;
    // QoS 1: the relay acknowledges a message once it has it (PUBACK), and then `stored` runs.
    client.publish(topic, payload, { qos: 1, retain }, (err) => {
      if (!err && client === this._client) stored();
    });
    return true;
  }

  /**
   * Ends: `last()`, when connected, gives a last message to publish first (or null).
   * @param {(() => Promise<{topic: string, payload: string}|null>)|null} last
   */
  close(last) {
    this._closed = true;
    globalThis.removeEventListener?.('online', this._online);
    if (this._retry) clearTimeout(this._retry);
    this._heard();
    const client = this._client;
    this._client = null;
    if (!client) return;
    if (!last || !client.connected) return void client.end(true);
    last()
      .then((m) => (m ? client.publish(m.topic, m.payload, { qos: 0, retain: true }, () => client.end(true)) : client.end(true)))
      .catch(() => client.end(true));
  }
}
