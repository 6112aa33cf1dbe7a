// The lobby of open games on a relay: this device's view of the challenges standing there (each
// checked: lobby-protocol.js), its own challenge, and the handshake that turns an acceptance
// into a live game. The poster's device made the host seat's key and the game's id when it
// posted; when acceptances come it collects them for ACCEPT_WINDOW_MS, draws one, signs that
// acceptor's key into the game's first snapshot, puts that on the game's topic and withdraws the
// challenge (a challenge the relay refused, heard neither back nor kept, is given up: its
// connection ends at the refusal, before the challenge comes back); the acceptor's device waits for
// that snapshot and takes its seat when the snapshot binds its key. Both then keep the game as a
// live session keeps it (live-kept.js) and the page opens it, so from there on it is the same
// live game an invitation starts (live/live.js). Its connection is live-connection.js's, with
// the lobby's id as its client id (the relay lets it post under that id only) and, once it has
// posted, as its last will the empty message that withdraws the challenge (a device that only
// looks leaves no will, which every visitor would hear). It also hears the relay's counts of
// players online and games being played.
import { newGameId } from '../lib/game-id.js';
import { otherSide } from '../lib/settings.js';
import { errorText } from '../lib/errors.js';
import { newIdentity, signer, verify } from './live-keys.js';
import { topics, firstSnapshot, gameText } from './live-protocol.js';
import { parseSnapshot } from './live-check.js';
import { writeKept, newDevice } from './live-kept.js';
import { LOBBY_ALL, LOBBY_COUNTS, LOBBY_EXPIRY_S, ACCEPT_WINDOW_MS, ACCEPT_WAIT_MS, lobbyTopics, posterOf, signedChallenge, signedAcceptance, checkedChallenge, checkedAcceptance, pickAcceptance, parseCounts } from './lobby-protocol.js';
import { Connection } from './live-connection.js';
import { SeatLock } from './live-seat-lock.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { WebStorage } from '../lib/web-storage.js' */
/** @import { Identity } from './live-keys.js' */
/** @import { Challenge, Acceptance } from './lobby-protocol.js' */
/** @import { Kept } from './live-kept.js' */

/**
 * The live game the lobby has started on this device: the page opens it as it opens an
 * invitation (play/doors.js), its seat already kept.
 * @typedef {{relay: string, gameId: string, hostKey: string, side: Side, variant: string, clock: string}} LobbyGame
 */

/**
 * What the lobby tells its view: `changed()` (the list, its own challenge or the connection
 * changed), `started(game)`, `accepted()` (this device's challenge was taken: its game starts now,
 * before `started`), `notice(key, params)` (a message of the lobby's tables).
 * @typedef {{
 *   relay: string,
 *   storage: WebStorage,
 *   changed: () => void,
 *   started: (game: LobbyGame) => void,
 *   accepted?: () => void,
 *   notice: (key: string, params?: Record<string, string|number>) => void,
 * }} LobbyOptions
 */

/**
 * This device's own challenge: what it posted, the host seat's key pair, whether it went to the
 * relay on a connection that had reached it (`sent`) and whether the relay has sent it back (so
 * took it), and the acceptances heard in its window (null before the first).
 * @typedef {{challenge: Challenge, host: Identity, sent: boolean, echoed: boolean, heard: Acceptance[]|null}} Posted
 */

export class Lobby {
  /** @private @type {LobbyOptions} */ _o;
  /** This device's id in the lobby, its MQTT client id there. @private */
  _id = newGameId();
  /** @private @type {Connection} */ _conn;
  /** @private @type {Map<string, Challenge>} The challenges standing, by poster. */
  _challenges = new Map();
  /** @private @type {{players: number, games: number}|null} The relay's counts (lobby-protocol.js LOBBY_COUNTS), once heard. */
  _counts = null;
  /** @private @type {Posted|null} */ _posted = null;
  /** @private @type {{challenge: Challenge, guest: Identity, timer: ReturnType<typeof setTimeout>}|null} An acceptance waiting for its game. */
  _accepting = null;
  /** @type {'connecting'|'connected'|'unreachable'} */
  state = 'connecting';
  /** @private */ _closed = false;
  /** This device has posted here: leaving withdraws whatever may still stand. @private */
  _everPosted = false;
  /** The connection's last will withdraws this device's challenge. @private */
  _willed = false;
  /**
   * One challenge per device: a challenge stands while its tab holds the browser's Web Lock of
   * the lobby (live-seat-lock.js, as a seat's), and posting in another tab takes the lock and
   * withdraws this one.
   * @private
   */
  _postLock = new SeatLock('lobby', () => {
    if (!this._posted) return;
    this.withdraw();
    this._o.notice('lobby.replaced');
  });

  /** @param {LobbyOptions} options */
  constructor(options) {
    this._o = options;
    const t = lobbyTopics(this._id);
    this._conn = new Connection({
      relay: options.relay,
      clientId: this._id,
      topics: [LOBBY_ALL, t.accept],
      will: async () => {
        this._willed = !!this._posted;
        return this._willed ? { topic: t.challenge, payload: '', qos: 1, retain: true } : undefined;
      },
      connected: () => this._connected(),
      down: () => this._down(),
      message: (topic, text) => this._heard(topic, text).catch((e) => this._o.notice('lobby.error', { error: errorText(e) })),
      error: (e) => this._o.notice('lobby.error', { error: errorText(e) }),
    });
    this._conn.connect().catch((e) => this._o.notice('lobby.error', { error: errorText(e) }));
  }

  /** @returns {string} The relay this lobby is on. */
  get relay() {
    return this._o.relay;
  }

  /** @returns {Challenge[]} The challenges standing, newest first (this device's among them). */
  get challenges() {
    return [...this._challenges.values()].sort((a, b) => b.at - a.at);
  }

  /** @returns {{players: number, games: number}|null} The relay's counts of players online and games being played, once heard. */
  get counts() {
    return this._counts;
  }

  /** @returns {Challenge|null} This device's own challenge, while it stands. */
  get mine() {
    return this._posted ? this._posted.challenge : null;
  }

  /** @returns {string|null} The poster whose challenge this device is accepting, or null. */
  get accepting() {
    return this._accepting ? this._accepting.challenge.id : null;
  }

  /** Whether this lobby holds something of its own (a challenge, an acceptance) and must stay connected. */
  get busy() {
    return !!(this._posted || this._accepting);
  }

  /** @private */
  _connected() {
    this.state = 'connected';
    // The last connection's will withdrew this device's challenge: it stands again.
    if (this._posted) this._repost().catch((e) => this._o.notice('lobby.error', { error: errorText(e) }));
    this._o.changed();
  }

  /** @private */
  _down() {
    this.state = 'unreachable';
    // The relay ends a connection at a refused message: a challenge sent and not heard back was
    // refused (too many standing from this address), and would be again. One that never went (the
    // connection ended before it reached the relay) goes on the next (_connected). An acceptance
    // is another's to answer on a connection that may be gone: it is given up too, so the player
    // may try again.
    if (this._posted?.sent && !this._posted.echoed) {
      this._posted = null;
      this._postLock.release();
      this._o.notice('lobby.refused');
    }
    if (this._accepting) return this._gaveUp('lobby.acceptLost');
    this._o.changed();
  }

  /**
   * Posts this device's challenge (one at a time: it takes the place of the one before): a new
   * game's id and host key, `variant` its rules, `side` the poster's seat or 'random', `clock`
   * one of LOBBY_CLOCKS, `name` the poster's (lib/player-name.js; '' for none).
   * @param {{variant: string, side: Side|'random', clock?: string, name?: string}} c
   */
  async post({ variant, side, clock = 'none', name = '' }) {
    await this._postLock.hold(true);
    const host = await newIdentity();
    const challenge = await signedChallenge({ id: this._id, game: newGameId(), key: host.key, variant, side, clock, at: Date.now(), ...(name ? { name } : {}) }, await signer(host.privateJwk));
    this._posted = { challenge, host, sent: false, echoed: false, heard: null };
    this._everPosted = true;
    // A connection without the will that withdraws it connects again with it, and posts then.
    if (this._willed) this._publishPosted();
    else this._conn.reconnect();
  }

  /** Signs this device's challenge anew (its time is now) and puts it back. @private */
  async _repost() {
    const posted = this._posted;
    if (!posted) return;
    const { id, game, key, variant, side, clock, name } = posted.challenge;
    posted.sent = false;
    posted.echoed = false;
    posted.challenge = await signedChallenge({ id, game, key, variant, side, clock, at: Date.now(), ...(name ? { name } : {}) }, await signer(posted.host.privateJwk));
    this._publishPosted();
  }

  /** @private */
  _publishPosted() {
    const posted = this._posted;
    if (posted && this._conn.publish(lobbyTopics(this._id).challenge, JSON.stringify(posted.challenge)) && this.state === 'connected') posted.sent = true;
    this._o.changed();
  }

  /** Withdraws this device's challenge. */
  withdraw() {
    this._posted = null;
    this._postLock.release();
    this._conn.publish(lobbyTopics(this._id).challenge, '');
    this._challenges.delete(this._id);
    this._o.changed();
  }

  /**
   * Accepts poster `id`'s challenge: sends a new key of this device's, and waits for the game.
   * @param {string} id
   */
  async accept(id) {
    const challenge = this._challenges.get(id);
    if (!challenge || id === this._id || this._accepting) return;
    // Taking another's game, this device no longer offers its own.
    if (this._posted) this.withdraw();
    const guest = await newIdentity();
    const acceptance = await signedAcceptance(challenge.game, guest.key, await signer(guest.privateJwk));
    const timer = setTimeout(() => this._gaveUp('lobby.noAnswer'), ACCEPT_WAIT_MS);
    this._accepting = { challenge, guest, timer };
    this._conn.subscribe(topics(challenge.game).game);
    this._conn.publish(lobbyTopics(id).accept, JSON.stringify(acceptance), undefined, { retain: false });
    this._o.changed();
  }

  /**
   * This device's acceptance came to nothing: says why.
   * @param {string} why
   * @private
   */
  _gaveUp(why) {
    if (this._accepting) clearTimeout(this._accepting.timer);
    this._accepting = null;
    this._o.notice(why);
    this._o.changed();
  }

  /**
   * @param {string} topic
   * @param {string} text
   * @private
   */
  async _heard(topic, text) {
    if (this._closed) return;
    if (topic === LOBBY_COUNTS) {
      this._counts = parseCounts(text);
      return this._o.changed();
    }
    const poster = posterOf(topic);
    if (poster) return this._heardChallenge(poster, text);
    if (topic === lobbyTopics(this._id).accept) return this._heardAcceptance(text);
    const a = this._accepting;
    if (a && topic === topics(a.challenge.game).game) return this._heardGame(text);
  }

  /**
   * @param {string} poster
   * @param {string} text
   * @private
   */
  async _heardChallenge(poster, text) {
    const c = text ? await checkedChallenge(text, poster, Date.now()) : null;
    if (c) this._challenges.set(poster, c);
    else this._challenges.delete(poster);
    if (c && this._posted && c.sig === this._posted.challenge.sig) this._posted.echoed = true;
    // This device's challenge taken off while it stands: the relay cleared it (it stood for the
    // lobby's whole time), or a last connection's will came after this one put it back.
    if (!text && poster === this._id && this._posted) {
      if (Date.now() - this._posted.challenge.at < LOBBY_EXPIRY_S * 1000 - 5000) return this._repost();
      this._posted = null;
      this._o.notice('lobby.expired', { minutes: LOBBY_EXPIRY_S / 60 });
    }
    this._o.changed();
  }

  /**
   * Someone accepts this device's challenge: the first acceptance that holds opens the window in
   * which the others heard join it; at its end one of them is drawn (lobby-protocol.js).
   * @param {string} text
   * @private
   */
  async _heardAcceptance(text) {
    const posted = this._posted;
    const a = posted && (await checkedAcceptance(text, posted.challenge.game));
    if (!posted || !a || this._posted !== posted || a.key === posted.host.key) return;
    if (posted.heard) return void posted.heard.push(a);
    posted.heard = [a];
    setTimeout(() => {
      if (this._posted === posted && posted.heard) this._start(posted, pickAcceptance(posted.heard, Math.random)).catch((e) => this._o.notice('lobby.error', { error: errorText(e) }));
    }, ACCEPT_WINDOW_MS);
  }

  /**
   * Starts the game of this device's challenge with the acceptor of `a`.
   * @param {Posted} posted
   * @param {Acceptance} a
   * @private
   */
  async _start(posted, a) {
    this._posted = null;
    this._postLock.release();
    const { challenge, host } = posted;
    const seat = challenge.side === 'random' ? (crypto.getRandomValues(new Uint8Array(1))[0] & 1 ? 'blue' : 'gray') : challenge.side;
    const keys = seat === 'blue' ? { blue: host.key, gray: a.key } : { blue: a.key, gray: host.key };
    const snap = await firstSnapshot({ id: challenge.game, variant: challenge.variant, host: seat, keys, sign: await signer(host.privateJwk), clock: challenge.clock });
    const since = Date.now();
    /** @type {Kept} */
    const kept = { id: challenge.game, hostKey: host.key, host: seat, seat, ...host, secret: null, device: newDevice(), since, snap, starts: [since] };
    this._conn.publish(topics(challenge.game).game, JSON.stringify(snap));
    this._conn.publish(lobbyTopics(this._id).challenge, '');
    this._challenges.delete(this._id);
    this._o.accepted?.();
    this._begin(kept, challenge);
  }

  /**
   * The game of the challenge this device accepted, from the poster's device: when its host's
   * key signed it and it binds this device's key to the other seat, the seat is this device's.
   * @param {string} text
   * @private
   */
  async _heardGame(text) {
    const a = this._accepting;
    const snap = parseSnapshot(text);
    if (!a || !snap || snap.id !== a.challenge.game || snap.keys[snap.host] !== a.challenge.key) return;
    // The game the challenge offered: its rules and time control, signed by its host.
    if (snap.variant !== a.challenge.variant || (snap.clock ?? 'none') !== a.challenge.clock) return;
    if (!(await verify(a.challenge.key, snap.hostSig, gameText(snap.id, snap.variant, snap.host, snap.keys, snap.clock)))) return;
    if (this._accepting !== a) return;
    const seat = otherSide(snap.host);
    if (snap.keys[seat] !== a.guest.key) return this._gaveUp('lobby.taken');
    clearTimeout(a.timer);
    this._accepting = null;
    // The live session checks the snapshot itself when it hears it.
    /** @type {Kept} */
    const kept = { id: snap.id, hostKey: a.challenge.key, host: snap.host, seat, ...a.guest, secret: null, device: newDevice(), since: Date.now(), snap: null, starts: [] };
    this._begin(kept, { ...a.challenge, variant: snap.variant });
  }

  /**
   * Keeps this device's seat of the game and has the page open it.
   * @param {Kept} kept
   * @param {Challenge} challenge
   * @private
   */
  _begin(kept, challenge) {
    this._o.changed();
    if (!writeKept(this._o.storage, kept)) return this._o.notice('lobby.notKept');
    const seat = /** @type {Side} */ (kept.seat);
    this._o.started({ relay: this._o.relay, gameId: kept.id, hostKey: kept.hostKey, side: seat, variant: challenge.variant, clock: challenge.clock });
  }

  /** @returns {boolean} Whether this lobby has been left. */
  get closed() {
    return this._closed;
  }

  /**
   * Leaves the lobby: this device's challenge goes with it (said after whatever was sent before,
   * such as the snapshot of a game just started).
   */
  close() {
    this._closed = true;
    if (this._accepting) clearTimeout(this._accepting.timer);
    this._posted = null;
    this._postLock.release();
    this._accepting = null;
    const topic = lobbyTopics(this._id).challenge;
    this._conn.close(this._everPosted ? async () => ({ topic, payload: '' }) : null);
  }
}
