// A live game's session with the relay: an MQTT broker over WebSocket (any of them: the
// project's scripts/relay.mjs, EMQX, Mosquitto with WebSocket, a hosted one). It makes a new
// game's two key pairs (the host's, and the guest's whose secret the invitation carries) or takes
// the seat an invitation's secret holds, keeps what it knows (live-kept.js), publishes the signed
// snapshot after each of its moves, checks every snapshot it hears (live-protocol.js) and hands
// the board only those that hold, and says and hears who is connected, signed (live-presence.js).
// What it hears that fails a check is dropped; a player puts its game or its presence back on the
// relay only when the relay's is older or broken, and at most once per REPUBLISH_MS, so junk
// costs it nothing more. The MQTT client is loaded only when a live game starts.
import { otherSide } from '../lib/settings.js';
import { errorText } from '../lib/errors.js';
import { replayWith, topics, withMove, parseSnapshot, isOldSnapshot, checkSnapshot, compare } from './live-protocol.js';
import { signer } from './live-keys.js';
import { signedPresence, parsePresence, presenceHolds } from './live-presence.js';
import { writeKept, hostedGame, joinedGame, refusal } from './live-kept.js';
import { Republisher } from './live-republish.js';
/** @import { GameClass, PerSide, Side } from '../engine/core-types.js' */
/** @import { Snapshot, Replay } from './live-protocol.js' */
/** @import { Sign } from './live-keys.js' */
/** @import { PresenceNote } from './live-presence.js' */
/** @import { Kept } from './live-kept.js' */
/** @import { Presence, LiveStatus } from '../api-types.js' */
/** @import { WebStorage } from '../page/storage.js' */
/** @import { MqttClient, IClientOptions, connect } from '../vendor/mqtt.js' */

/**
 * What a live session is given (see LiveSession's constructor) and whom it tells.
 * @typedef {{
 *   relay: string,
 *   id: string|null,
 *   seat: Side,
 *   hostKey: string|null,
 *   seatKey: string|null,
 *   variant: string,
 *   storage: WebStorage,
 *   Game: GameClass,
 *   created: (game: {id: string, hostKey: string}) => void,
 *   invitation: (secret: string) => void,
 *   snapshot: (snap: Snapshot) => void,
 *   status: (status: LiveStatus) => void,
 *   error: (message: string) => void,
 *   notice: (key: string) => void,
 * }} LiveOptions
 */

/** How long a connection attempt may take, and the wait between attempts, in milliseconds. */
const CONNECT_TIMEOUT_MS = 5000;
const RECONNECT_MS = 1000;
/** After connecting, the wait for the relay's own game before this player's goes back, in ms. */
const SETTLE_MS = 500;
export { REPUBLISH_MS } from './live-republish.js';

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

export class LiveSession {
  /** @type {LiveOptions} */
  #o;
  /** @type {MqttClient|null} */
  #client = null;
  /** @type {ReturnType<typeof setTimeout>|null} */
  #retry = null;
  #closed = false;
  /** @type {Kept|null} What this device keeps; null until start() has made or read it. */
  #me = null;
  /** @type {Sign|null} Signs with this device's seat's key; null for a watcher. */
  #sign = null;
  /** @type {PerSide<Presence|'unknown'>} */
  #presence = { blue: 'unknown', gray: 'unknown' };
  /** @type {PerSide<PresenceNote|null>} The last presence of each seat taken. */
  #notes = { blue: null, gray: null };
  /** @type {PerSide<string|null>} A presence heard before the seat's key was known. */
  #unchecked = { blue: null, gray: null };
  /** @type {PresenceNote|null} This device's own presence, as last said. */
  #said = null;
  /** @type {'connecting'|'connected'|'unreachable'} */
  #relayState = 'connecting';
  #toldOld = false;
  /** A game this device has just started: the relay cannot have it yet. */
  #fresh = false;
  #game = new Republisher(() => this.#publishGame());
  #presenceBack = new Republisher(() => this.#publishPresence());
  /** @type {Replay} The side that made each move of a snapshot, from the rules core. */
  #replay;

  /**
   * `relay`: the broker's WebSocket address; `id`: the game (null: start a new one, as its
   * host); `seat`: the seat asked for (the host's, or the one the invitation names); `hostKey`:
   * the host's key from the link; `seatKey`: the invitation's secret (absent: watch, unless this
   * device keeps a seat); `variant`: a new game's rules; `storage`: Web Storage; `Game`: the
   * rules core's game class, which checks every move heard; callbacks `created({id, hostKey})`,
   * `invitation(secret)` (the host's device: what the invitation carries), `snapshot(snap)` (a
   * checked snapshot newer than the last), `status({relay, seat, host, blue, gray})`,
   * `error(message)` and `notice(key)` (a message of the tables).
   * @param {LiveOptions} options
   */
  constructor(options) {
    this.#o = options;
    this.#replay = replayWith(options.Game);
  }

  /** @returns {string|null} The game's id, once known. */
  get id() {
    return this.#me ? this.#me.id : this.#o.id;
  }

  /** @returns {Kept} What this device keeps; start() sets it before it connects. */
  #started() {
    if (!this.#me) throw new Error('the live session has not started');
    return this.#me;
  }

  /** Whether this device holds a seat (it can sign for it). */
  #sitting() {
    return !!this.#me && this.#me.seat !== 'watch' && !!this.#sign;
  }

  /**
   * Starts: makes or reads this device's seat, then connects. Resolves once connecting; rejects
   * with an Error whose `key` is the message that says why it cannot start.
   * @returns {Promise<void>}
   */
  async start() {
    const o = this.#o;
    // Signing needs Web Crypto, which browsers give only to secure pages (https, localhost).
    if (!(globalThis.crypto && globalThis.crypto.subtle)) throw refusal('live.insecure');
    const me = o.id ? await joinedGame(o.id, o) : await hostedGame(o);
    this.#fresh = !o.id;
    this.#sign = me.privateJwk && me.seat !== 'watch' ? await signer(me.privateJwk) : null;
    this.#me = me;
    this.#keep();
    if (!o.id) o.created({ id: me.id, hostKey: me.hostKey });
    if (me.secret) o.invitation(me.secret);
    if (me.snap) o.snapshot(me.snap);
    this.#status();
    if (this.#closed) return;
    await this.#connect();
  }

  #keep() {
    writeKept(this.#o.storage, this.#started());
  }

  #status() {
    const me = this.#me;
    // A guest's seat is its own once a snapshot says so (it can sign no move before one came).
    const seat = !me ? null : me.seat !== 'watch' && !me.snap ? null : me.seat;
    this.#o.status({ relay: this.#relayState, seat, host: me ? me.host : null, ...this.#presence });
  }

  /**
   * A presence of this device's seat, signed: `at` is its time.
   * @param {Presence} state
   * @param {number} at
   * @returns {Promise<PresenceNote|null>}
   */
  async #note(state, at) {
    const me = this.#started();
    if (!this.#sitting() || !this.#sign || me.seat === 'watch') return null;
    return signedPresence(me.id, me.seat, { state, at, since: me.since, device: me.device }, this.#sign);
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
    const me = this.#started();
    const t = topics(me.id);
    // A player's last will is its offline, signed now; its online (said once connected) is just older.
    const now = Date.now();
    const offline = await this.#note('offline', now);
    const online = await this.#note('online', now - 1);
    if (this.#closed) return;
    /** @type {IClientOptions['will']} */
    const will = offline && me.seat !== 'watch' ? { topic: t.presence(me.seat), payload: JSON.stringify(offline), qos: 1, retain: true } : undefined;
    // No reconnection by the library: each connection gets a will of its own time (#retryLater).
    const client = mqtt.connect(this.#o.relay, {
      protocolVersion: 4,
      clean: true,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      // Its keep-alive timer on the page itself, not in a blob: worker a strict CSP may refuse.
      timerVariant: 'native',
      will,
    });
    this.#client = client;
    client.on('connect', () => {
      if (client !== this.#client) return;
      this.#relayState = 'connected';
      this.#status();
      client.subscribe([t.game, t.presenceAll], { qos: 1 });
      this.#said = online;
      if (online) this.#publishPresence();
      // The relay may have lost the game (restarted without a store): unless it says it has it
      // soon after, what this device has goes back.
      if (this.#fresh) this.#publishGame();
      else if (this.#sitting() && me.snap) this.#game.due(SETTLE_MS);
      this.#fresh = false;
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
    client.on('close', () => {
      down();
      this.#retryLater(client);
    });
    client.on('message', (topic, payload) => {
      if (client !== this.#client) return;
      this.#heard(topic, decoder.decode(payload)).catch((e) => this.#o.error(errorText(e)));
    });
  }

  /**
   * The connection `client` has ended: a new one in a moment.
   * @param {MqttClient} client
   */
  #retryLater(client) {
    if (client !== this.#client || this.#closed) return;
    this.#client = null;
    client.end(true);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      if (!this.#closed) this.#connect().catch((e) => this.#o.error(errorText(e)));
    }, RECONNECT_MS);
  }

  /** Connects again (a seat taken or given up: another last will). */
  #reconnect() {
    if (this.#retry) clearTimeout(this.#retry);
    this.#retry = null;
    const client = this.#client;
    this.#client = null;
    // Ended with a word to the relay, so that it does not say the old last will.
    client?.end(false);
    this.#connect().catch((e) => this.#o.error(errorText(e)));
  }

  #publishGame() {
    const me = this.#started();
    if (!this.#client || !me.snap || !this.#sitting()) return;
    this.#game.sent();
    this.#client.publish(topics(me.id).game, JSON.stringify(me.snap), { qos: 1, retain: true });
  }

  #publishPresence() {
    const me = this.#started();
    if (!this.#client || !this.#said || me.seat === 'watch') return;
    this.#presenceBack.sent();
    this.#client.publish(topics(me.id).presence(me.seat), JSON.stringify(this.#said), { qos: 1, retain: true });
  }

  /**
   * @param {string} topic
   * @param {string} text
   * @returns {Promise<void>}
   */
  async #heard(topic, text) {
    const t = topics(this.#started().id);
    if (topic === t.game) return this.#heardGame(text);
    for (const seat of /** @type {const} */ (['blue', 'gray'])) if (topic === t.presence(seat)) return this.#heardPresence(seat, text);
  }

  /** What the relay has of the game is broken or older than this player's: it goes back, when due. */
  #behind() {
    if (this.#sitting() && this.#started().snap) this.#game.due();
  }

  /** @param {string} text */
  async #heardGame(text) {
    const me = this.#started();
    const snap = parseSnapshot(text);
    if (!snap && isOldSnapshot(text, me.id) && !this.#toldOld) {
      this.#toldOld = true;
      this.#o.notice('live.oldGame');
    }
    const why = await checkSnapshot(snap, { id: me.id, hostKey: me.hostKey, known: me.snap, replay: this.#replay });
    if (why || !snap) return this.#behind();
    const order = compare(snap, me.snap);
    if (order === 'older') return this.#behind();
    if (order === 'different') return;
    this.#game.heard();
    if (order === 'same') return;
    const first = !me.snap;
    me.snap = snap;
    me.host = snap.host;
    if (me.seat !== 'watch' && snap.keys[me.seat] !== me.key) {
      // The invitation named the other seat than its key's, or is another game's: watch.
      const other = otherSide(me.seat);
      if (snap.keys[other] === me.key && other !== snap.host) me.seat = other;
      else this.#giveUp('live.notInvited');
      this.#reconnect();
    }
    this.#keep();
    this.#status();
    this.#o.snapshot(snap);
    if (first) for (const seat of /** @type {const} */ (['blue', 'gray'])) this.#recheck(seat);
  }

  /**
   * A presence heard before the seat's key was known is heard again.
   * @param {Side} seat
   */
  #recheck(seat) {
    const text = this.#unchecked[seat];
    this.#unchecked[seat] = null;
    if (text) this.#heardPresence(seat, text).catch((e) => this.#o.error(errorText(e)));
  }

  /**
   * @param {Side} seat
   * @param {string} text
   */
  async #heardPresence(seat, text) {
    const me = this.#started();
    const mine = seat === me.seat && this.#sitting();
    const note = parsePresence(text);
    const key = me.snap ? me.snap.keys[seat] : mine ? me.key : null;
    if (note && !key) this.#unchecked[seat] = text;
    if (!key || !(await presenceHolds(note, { id: me.id, seat, key }))) {
      if (mine) this.#presenceBack.due();
      return;
    }
    if (!note) return;
    if (mine && note.device !== me.device) {
      // The seat was taken on another device later than here: it is that device's now.
      if (note.since > me.since) {
        this.#giveUp('live.seatMoved');
        return this.#reconnect();
      }
      // A device that had the seat before speaks: this one's presence goes back, so it hears.
      return this.#presenceBack.due();
    }
    const last = this.#notes[seat];
    if (last && note.at <= last.at) {
      if (mine && (!this.#said || note.at < this.#said.at)) this.#presenceBack.due();
      return;
    }
    // This device's own older word (its last will from before) is not what the relay should keep.
    if (mine && this.#said && note.at < this.#said.at) this.#presenceBack.due();
    else if (mine) this.#presenceBack.heard();
    this.#notes[seat] = note;
    this.#presence = { ...this.#presence, [seat]: note.state };
    this.#status();
  }

  /**
   * This device no longer holds its seat: it watches, and forgets the seat's key.
   * @param {string} why the message that says why
   */
  #giveUp(why) {
    const me = this.#started();
    me.seat = 'watch';
    me.key = null;
    me.privateJwk = null;
    this.#sign = null;
    this.#said = null;
    this.#game.stop();
    this.#presenceBack.stop();
    this.#keep();
    this.#status();
    this.#o.notice(why);
  }

  /**
   * After this device's move: `moves` is the whole game, ending with it.
   * @param {string[]} moves
   * @returns {Promise<void>}
   */
  async played(moves) {
    const me = this.#me;
    const sign = this.#sign;
    if (!me || !sign || !me.snap || me.seat === 'watch') return;
    me.snap = await withMove(me.snap, moves, sign);
    this.#keep();
    this.#publishGame();
  }

  /** Leaves: says so to the other seat and closes the connection. */
  close() {
    this.#closed = true;
    this.#game.stop();
    this.#presenceBack.stop();
    if (this.#retry) clearTimeout(this.#retry);
    const client = this.#client;
    this.#client = null;
    if (!client) return;
    const me = this.#me;
    if (!me || me.seat === 'watch' || !client.connected) return void client.end(true);
    const seat = me.seat;
    this.#note('offline', Date.now())
      .then((note) => {
        if (!note) return client.end(true);
        client.publish(topics(me.id).presence(seat), JSON.stringify(note), { qos: 0, retain: true }, () => client.end(true));
      })
      .catch(() => client.end(true));
  }
}
