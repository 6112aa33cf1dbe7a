// A live game's session with the relay: an MQTT broker over WebSocket (any of them: the
// project's scripts/relay.mjs, EMQX, Mosquitto with WebSocket, a hosted one). It keeps this
// device's key for its seat, publishes the signed snapshot after each of its moves, checks every
// snapshot it hears (live-protocol.js) and hands the board only those that hold, and says who
// is connected. The MQTT client is loaded only when a live game starts.
import { newGameId } from '../lib/game-id.js';
import { otherSide } from '../lib/settings.js';
import { replayWith, topics, newIdentity, signer, firstSnapshot, sealed, withMove, parseSnapshot, checkSnapshot, compare, isKeyText } from './live-protocol.js';

/** Where a device keeps its seat, key and last checked snapshot of live game `<id>`. */
export const LIVE_KEY_PREFIX = 'bluegray.live.v1.';

/** How long a connection attempt may take, and the wait between attempts, in milliseconds. */
const CONNECT_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;

const decoder = new TextDecoder();

/** The MQTT client library, loaded on first use (not part of the page's first visit). */
let mqttModule = null;
function loadMqtt() {
  mqttModule ??= import('../vendor/mqtt.js').then((m) => m.default || m);
  return mqttModule;
}

function readKept(storage, id) {
  try {
    const data = JSON.parse(storage.getItem(LIVE_KEY_PREFIX + id) || 'null');
    return data && typeof data === 'object' && data.privateJwk && isKeyText(data.key) ? data : null;
  } catch {
    return null;
  }
}

function writeKept(storage, id, data) {
  try {
    storage.setItem(LIVE_KEY_PREFIX + id, JSON.stringify(data));
  } catch {
    /* kept for this visit only: a reload then asks to join again, and watches */
  }
}

export class LiveSession {
  #o;
  #client = null;
  #closed = false;
  /** What this device keeps: {id, host, hostKey, want, seat, key, privateJwk, snap}. */
  #me = null;
  #sign = null;
  #presence = { blue: 'unknown', gray: 'unknown' };
  #relayState = 'connecting';
  #asked = false;
  /** The side that made each move of a snapshot, from the rules core (live-protocol.js replayWith). */
  #replay;

  /**
   * `relay`: the broker's WebSocket address; `id`: the game (null: start a new one, as its
   * host); `seat`: the seat asked for; `hostKey`: the host's key from the invite (joining);
   * `variant`: a new game's rules; `storage`: Web Storage; `Game`: the rules core's game class,
   * which checks every move heard; callbacks `created({id, hostKey})`,
   * `snapshot(snap)` (a checked snapshot newer than the last), `status({relay, seat, blue,
   * gray})` and `error(message)`.
   */
  constructor(options) {
    this.#o = options;
    this.#replay = replayWith(options.Game);
  }

  /** The game's id, once known. */
  get id() {
    return this.#me ? this.#me.id : this.#o.id;
  }

  /**
   * Starts: makes or reads this device's seat, then connects. Resolves once connecting; rejects
   * with an Error whose `key` is the message that says why it cannot start.
   */
  async start() {
    const o = this.#o;
    // Signing needs Web Crypto, which browsers give only to secure pages (https, localhost).
    if (!(globalThis.crypto && globalThis.crypto.subtle)) throw Object.assign(new Error('no Web Crypto'), { key: 'live.insecure' });
    if (o.id) {
      this.#me = readKept(o.storage, o.id);
      if (!this.#me) {
        if (!isKeyText(o.hostKey)) throw Object.assign(new Error('no host key'), { key: 'live.noHostKey' });
        const identity = await newIdentity();
        this.#me = { id: o.id, host: otherSide(o.seat), hostKey: o.hostKey, want: o.seat, seat: null, ...identity, snap: null };
      }
    } else {
      const identity = await newIdentity();
      const id = newGameId();
      const sign = await signer(identity.privateJwk);
      const snap = await firstSnapshot({ id, variant: o.variant, host: o.seat, key: identity.key, sign });
      this.#me = { id, host: o.seat, hostKey: identity.key, want: o.seat, seat: o.seat, ...identity, snap };
      o.created({ id, hostKey: identity.key });
    }
    this.#keep();
    this.#sign = await signer(this.#me.privateJwk);
    if (this.#me.snap) o.snapshot(this.#me.snap);
    if (this.#closed) return;
    await this.#connect();
  }

  #keep() {
    writeKept(this.#o.storage, this.#me.id, this.#me);
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
      this.#o.error(String((e && e.message) || e));
      return;
    }
    if (this.#closed) return;
    const me = this.#me;
    const t = topics(me.id);
    const seat = me.seat;
    // Only a seated player leaves a last will: an onlooker's dropping says nothing of a seat.
    const will = seat ? { topic: t.presence(seat), payload: 'offline', qos: 1, retain: true } : undefined;
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
      if (me.seat) client.publish(t.presence(me.seat), 'online', { qos: 1, retain: true });
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
      this.#heard(topic, decoder.decode(payload)).catch((e) => this.#o.error(String((e && e.message) || e)));
    });
  }

  #publish() {
    if (this.#client) this.#client.publish(topics(this.#me.id).game, JSON.stringify(this.#me.snap), { qos: 1, retain: true });
  }

  async #heard(topic, text) {
    const me = this.#me;
    const t = topics(me.id);
    if (topic === t.game) return this.#heardGame(text);
    if (topic === t.join) return this.#heardJoin(text);
    for (const seat of ['blue', 'gray']) {
      if (topic === t.presence(seat) && (text === 'online' || text === 'offline')) {
        this.#presence = { ...this.#presence, [seat]: text };
        this.#status();
      }
    }
  }

  async #heardGame(text) {
    const me = this.#me;
    const snap = parseSnapshot(text);
    const why = await checkSnapshot(snap, { id: me.id, host: me.host, hostKey: me.hostKey, known: me.snap, replay: this.#replay });
    if (why) {
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

  /** The seat is known: a player reconnects to leave its last will for it. */
  #seated(seat) {
    const me = this.#me;
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
    const me = this.#me;
    this.#client.publish(topics(me.id).join, JSON.stringify({ seat: otherSide(me.host), key: me.key }), { qos: 1, retain: true });
  }

  async #heardJoin(text) {
    const me = this.#me;
    if (me.seat !== me.host || !me.snap || me.snap.keys[otherSide(me.host)]) return;
    let ask;
    try {
      ask = JSON.parse(text);
    } catch {
      return;
    }
    if (!ask || ask.seat !== otherSide(me.host) || !isKeyText(ask.key) || ask.key === me.key) return;
    me.snap = await sealed(me.snap, ask.key, this.#sign);
    this.#keep();
    this.#publish();
    this.#o.snapshot(me.snap);
  }

  /** After this device's move: `moves` is the whole game, ending with it. */
  async played(moves) {
    const me = this.#me;
    if (!me || !me.snap || !me.seat || me.seat === 'watch') return;
    me.snap = await withMove(me.snap, moves, this.#sign);
    this.#keep();
    this.#publish();
  }

  /** Leaves: says so to the other seat and closes the connection. */
  close() {
    this.#closed = true;
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    if (this.#me && this.#me.seat && this.#me.seat !== 'watch' && client.connected) {
      client.publish(topics(this.#me.id).presence(this.#me.seat), 'offline', { qos: 0, retain: true }, () => client.end(true));
    } else client.end(true);
  }
}
