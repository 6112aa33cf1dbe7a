// A live game's session with the relay: an MQTT broker over WebSocket (any of them: the
// project's scripts/relay.mjs, EMQX, Mosquitto with WebSocket, a hosted one). It keeps this
// device's key for its seat, publishes the signed snapshot after each of its moves, checks every
// snapshot it hears (live-protocol.js) and hands the board only those that hold, and says who
// is connected. The MQTT client is loaded only when a live game starts.
import { newGameId } from '../lib/game-id.js';
import { otherSide } from '../lib/settings.js';
import { replayWith, topics, newIdentity, signer, firstSnapshot, sealed, withMove, parseSnapshot, parseJoin, snapshotOf, checkSnapshot, compare, isKeyText } from './live-protocol.js';
/** @import { GameClass, PerSide, Side } from '../engine/core-types.js' */
/** @import { Snapshot, Sign, Replay } from './live-protocol.js' */
/** @import { Presence, Seat, LiveStatus } from '../api-types.js' */
/** @import { WebStorage } from '../page/storage.js' */
/** @import { MqttClient, IClientOptions, connect } from '../vendor/mqtt.js' */

/**
 * What a live session is given (see LiveSession's constructor) and whom it tells.
 * @typedef {{
 *   relay: string,
 *   id: string|null,
 *   seat: Side,
 *   hostKey: string|null,
 *   variant: string,
 *   storage: WebStorage,
 *   Game: GameClass,
 *   created: (game: {id: string, hostKey: string}) => void,
 *   snapshot: (snap: Snapshot) => void,
 *   status: (status: LiveStatus) => void,
 *   error: (message: string) => void,
 * }} LiveOptions
 */

/**
 * What this device keeps of a live game: its id, the host's seat and key, the seat asked for,
 * the seat held (null: not known yet), this device's key pair, and the last checked snapshot.
 * @typedef {{id: string, host: Side, hostKey: string, want: Side, seat: Seat|null, key: string, privateJwk: JsonWebKey, snap: Snapshot|null}} Kept
 */

/** Where a device keeps its seat, key and last checked snapshot of live game `<id>`. */
export const LIVE_KEY_PREFIX = 'bluegray.live.v1.';

/** How long a connection attempt may take, and the wait between attempts, in milliseconds. */
const CONNECT_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;

const decoder = new TextDecoder();

/**
 * The MQTT client library, loaded on first use (not part of the page's first visit).
 * @type {Promise<{connect: typeof connect}>|null}
 */
let mqttModule = null;
function loadMqtt() {
  mqttModule ??= import('../vendor/mqtt.js').then((m) => m.default || m);
  return mqttModule;
}

/**
 * What this device keeps of live game `id`, or null when it keeps nothing it can read.
 * @param {WebStorage} storage
 * @param {string} id
 * @returns {Kept|null}
 */
function readKept(storage, id) {
  try {
    return keptOf(JSON.parse(storage.getItem(LIVE_KEY_PREFIX + id) || 'null'));
  } catch {
    return null;
  }
}

/**
 * `data` (as storage gave it back) when it is what writeKept writes, else null.
 * @param {unknown} data
 * @returns {Kept|null}
 */
function keptOf(data) {
  if (!data || typeof data !== 'object') return null;
  const { id, host, hostKey, want, seat, key, privateJwk, snap } = /** @type {Record<string, unknown>} */ (data);
  /** @param {unknown} x */
  const isSide = (x) => x === 'blue' || x === 'gray';
  if (!privateJwk || typeof privateJwk !== 'object' || !isKeyText(key) || typeof id !== 'string' || !isKeyText(hostKey)) return null;
  if (!isSide(host) || !isSide(want) || !(seat === null || seat === 'watch' || isSide(seat))) return null;
  const checked = snap === null ? null : snapshotOf(snap);
  if (snap !== null && !checked) return null;
  return { id, host, hostKey, want, seat, key, privateJwk, snap: checked };
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
 * @param {WebStorage} storage
 * @param {string} id
 * @param {Kept} data
 */
function writeKept(storage, id, data) {
  try {
    storage.setItem(LIVE_KEY_PREFIX + id, JSON.stringify(data));
  } catch {
    /* kept for this visit only: a reload then asks to join again, and watches */
  }
}

export class LiveSession {
  /** @type {LiveOptions} */
  #o;
  /** @type {MqttClient|null} */
  #client = null;
  #closed = false;
  /**
   * What this device keeps: {id, host, hostKey, want, seat, key, privateJwk, snap}; null until
   * start() has made or read it.
   * @type {Kept|null}
   */
  #me = null;
  /**
   * Signs with this device's key; set with #me, so that a move is never without its signature.
   * @type {Sign|null}
   */
  #sign = null;
  /** @type {PerSide<Presence|'unknown'>} */
  #presence = { blue: 'unknown', gray: 'unknown' };
  /** @type {'connecting'|'connected'|'unreachable'} */
  #relayState = 'connecting';
  #asked = false;
  /**
   * The side that made each move of a snapshot, from the rules core (live-protocol.js replayWith).
   * @type {Replay}
   */
  #replay;

  /**
   * `relay`: the broker's WebSocket address; `id`: the game (null: start a new one, as its
   * host); `seat`: the seat asked for; `hostKey`: the host's key from the invite (joining);
   * `variant`: a new game's rules; `storage`: Web Storage; `Game`: the rules core's game class,
   * which checks every move heard; callbacks `created({id, hostKey})`,
   * `snapshot(snap)` (a checked snapshot newer than the last), `status({relay, seat, host, blue,
   * gray})` and `error(message)`.
   * @param {LiveOptions} options
   */
  constructor(options) {
    this.#o = options;
    this.#replay = replayWith(options.Game);
  }

  /**
   * The game's id, once known.
   * @returns {string|null}
   */
  get id() {
    return this.#me ? this.#me.id : this.#o.id;
  }

  /**
   * What this device keeps and its signer. start() sets both before it connects, and all that
   * asks for them runs once connected.
   * @returns {{me: Kept, sign: Sign}}
   */
  #started() {
    if (!this.#me || !this.#sign) throw new Error('the live session has not started');
    return { me: this.#me, sign: this.#sign };
  }

  /**
   * Starts: makes or reads this device's seat, then connects. Resolves once connecting; rejects
   * with an Error whose `key` is the message that says why it cannot start.
   * @returns {Promise<void>}
   */
  async start() {
    const o = this.#o;
    // Signing needs Web Crypto, which browsers give only to secure pages (https, localhost).
    if (!(globalThis.crypto && globalThis.crypto.subtle)) throw Object.assign(new Error('no Web Crypto'), { key: 'live.insecure' });
    if (o.id) {
      let me = readKept(o.storage, o.id);
      if (!me) {
        if (!isKeyText(o.hostKey)) throw Object.assign(new Error('no host key'), { key: 'live.noHostKey' });
        const identity = await newIdentity();
        me = { id: o.id, host: otherSide(o.seat), hostKey: o.hostKey, want: o.seat, seat: null, ...identity, snap: null };
      }
      this.#sign = await signer(me.privateJwk);
      this.#me = me;
    } else {
      const identity = await newIdentity();
      const id = newGameId();
      const sign = await signer(identity.privateJwk);
      const snap = await firstSnapshot({ id, variant: o.variant, host: o.seat, key: identity.key, sign });
      this.#sign = sign;
      this.#me = { id, host: o.seat, hostKey: identity.key, want: o.seat, seat: o.seat, ...identity, snap };
      o.created({ id, hostKey: identity.key });
    }
    this.#keep();
    if (this.#me.snap) o.snapshot(this.#me.snap);
    if (this.#closed) return;
    await this.#connect();
  }

  #keep() {
    const { me } = this.#started();
    writeKept(this.#o.storage, me.id, me);
  }

  #status() {
    const seat = this.#me ? this.#me.seat : null;
    this.#o.status({ relay: this.#relayState, seat, host: this.#me ? this.#me.host : null, ...this.#presence });
  }

  async #connect() {
    let mqtt;
    try {
      mqtt = await loadMqtt();
    } catch (e) {
      this.#relayState = 'unreachable';
      this.#status();
      this.#o.error(errorText(e));
      return;
    }
    if (this.#closed) return;
    const { me } = this.#started();
    const t = topics(me.id);
    const seat = me.seat;
    // Only a seated player leaves a last will: an onlooker's dropping says nothing of a seat.
    /** @type {IClientOptions['will']} */
    const will = seat && seat !== 'watch' ? { topic: t.presence(seat), payload: 'offline', qos: 1, retain: true } : undefined;
    const client = mqtt.connect(this.#o.relay, {
      protocolVersion: 4,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: RECONNECT_MS,
      // Its keep-alive timer on the page itself, not in a blob: worker a strict CSP may refuse.
      timerVariant: 'native',
      will,
    });
    this.#client = client;
    this.#asked = false;
    client.on('connect', () => {
      if (client !== this.#client) return;
      this.#relayState = 'connected';
      this.#status();
      client.subscribe([t.game, t.join, t.presenceAll], { qos: 1 });
      if (me.seat && me.seat !== 'watch') client.publish(t.presence(me.seat), 'online', { qos: 1, retain: true });
      // The relay may have lost the game (restarted without a store): what this device has goes back.
      if (me.seat && me.snap) this.#publish();
    });
    const down = () => {
      if (client !== this.#client || this.#closed) return;
      if (this.#relayState !== 'unreachable') {
        this.#relayState = 'unreachable';
        this.#status();
      }
    };
    client.on('offline', down);
    client.on('error', down);
    client.on('close', down);
    client.on('message', (topic, payload) => {
      if (client !== this.#client) return;
      this.#heard(topic, decoder.decode(payload)).catch((e) => this.#o.error(errorText(e)));
    });
  }

  #publish() {
    const { me } = this.#started();
    if (this.#client) this.#client.publish(topics(me.id).game, JSON.stringify(me.snap), { qos: 1, retain: true });
  }

  /**
   * @param {string} topic
   * @param {string} text
   * @returns {Promise<void>}
   */
  async #heard(topic, text) {
    const { me } = this.#started();
    const t = topics(me.id);
    if (topic === t.game) return this.#heardGame(text);
    if (topic === t.join) return this.#heardJoin(text);
    for (const seat of /** @type {const} */ (['blue', 'gray'])) {
      if (topic === t.presence(seat) && (text === 'online' || text === 'offline')) {
        this.#presence = { ...this.#presence, [seat]: text };
        this.#status();
      }
    }
  }

  /** @param {string} text */
  async #heardGame(text) {
    const { me } = this.#started();
    const snap = parseSnapshot(text);
    const why = await checkSnapshot(snap, { id: me.id, host: me.host, hostKey: me.hostKey, known: me.snap, replay: this.#replay });
    // (checkSnapshot says why when there is no snapshot at all.)
    if (why || !snap) {
      // Ignored; a player puts the game as it stands back for those who come later.
      if (me.seat && me.seat !== 'watch' && me.snap) this.#publish();
      return;
    }
    const order = compare(snap, me.snap);
    if (order === 'older' && me.seat && me.seat !== 'watch') return this.#publish();
    if (order !== 'newer') return;
    me.snap = snap;
    const guest = otherSide(me.host);
    if (me.seat === null) {
      const taken = snap.keys[guest];
      if (taken === me.key) this.#seated(guest);
      else if (taken) this.#seated('watch');
      else this.#askForSeat();
    }
    this.#keep();
    this.#o.snapshot(snap);
  }

  /**
   * The seat is known: a player reconnects to leave its last will for it.
   * @param {Seat} seat
   */
  #seated(seat) {
    const { me } = this.#started();
    me.seat = seat;
    this.#keep();
    this.#status();
    if (seat !== 'watch') {
      this.#client?.end(true);
      this.#client = null;
      this.#connect();
    }
  }

  #askForSeat() {
    if (this.#asked || !this.#client) return;
    this.#asked = true;
    const { me } = this.#started();
    this.#client.publish(topics(me.id).join, JSON.stringify({ seat: otherSide(me.host), key: me.key }), { qos: 1, retain: true });
  }

  /** @param {string} text */
  async #heardJoin(text) {
    const { me, sign } = this.#started();
    if (me.seat !== me.host || !me.snap || me.snap.keys[otherSide(me.host)]) return;
    const ask = parseJoin(text);
    if (!ask || ask.seat !== otherSide(me.host) || ask.key === me.key) return;
    me.snap = await sealed(me.snap, ask.key, sign);
    this.#keep();
    this.#publish();
    this.#o.snapshot(me.snap);
  }

  /**
   * After this device's move: `moves` is the whole game, ending with it.
   * @param {string[]} moves
   * @returns {Promise<void>}
   */
  async played(moves) {
    const me = this.#me;
    const sign = this.#sign;
    if (!me || !sign || !me.snap || !me.seat || me.seat === 'watch') return;
    me.snap = await withMove(me.snap, moves, sign);
    this.#keep();
    this.#publish();
  }

  /** Leaves: says so to the other seat and closes the connection. */
  close() {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    const me = this.#me;
    if (me && me.seat && me.seat !== 'watch' && client.connected) {
      client.publish(topics(me.id).presence(me.seat), 'offline', { qos: 0, retain: true }, () => client.end(true));
    } else client.end(true);
  }
}
