// A live game's session with the relay: an MQTT broker over WebSocket (any of them: the project's
// relay/relay.mjs, EMQX, Mosquitto with WebSocket, a hosted one). It makes a new game's two key
// pairs (the host's, and the guest's whose secret the invitation carries) or takes the seat an
// invitation's secret holds, keeps what it knows (live-kept.js), publishes the signed snapshot
// after each of its moves, checks every snapshot it hears (live-check.js) and hands the board
// only those that hold (a claim of the other seat's only when this device's own measure of the
// turn shows it: when it saw each turn begin, kept with the game, its own move's turn ending when
// the relay took it, a move the relay took late signed again with that time, within the other
// seat's reply if it has come, and the other seat's
// flag claim taken over its own move that the relay had not taken; it tells its player of one refused against its seat; a draw offer of its
// seat that the other seat declined, by its signature or its move, or one the other seat
// withdrew; two offers that crossed, which it accepts, as the other device does (of two
// acceptances that crossed, both keep Blue's); after the game, a rematch offered and answered, signed by the finished
// game's seats, and the new game it agrees on: hosted by the offerer's device, kept on both), says
// and hears who is connected, signed (live-presence.js), and counts who
// watches (live-onlookers.js). It holds its seat only while no other tab of the browser does
// (live-seat-lock.js), and says at once when the browser could not keep the seat's key. What it
// hears that fails a check is dropped; a player puts its game or its presence back on the relay
// only when the relay's is older or broken, at most once per REPUBLISH_MS, so junk costs it
// nothing more. The connection itself, and its MQTT client, are live-connection.js's.
import { otherSide } from '../lib/settings.js';
import { errorText } from '../lib/errors.js';
import { replayWith, topics, withMove, withEnd, withOffer, withOfferAnswered, offerAnswered, restamped, CLAIMS, withTakebackRequest, withTakebackAccepted, withTakebackWithdrawn, withRematch, withRematchAnswer, firstSnapshot } from './live-protocol.js';
import { parseSnapshot, isOldSnapshot, checkSnapshot, compare, withSignedOf, standingOffer, offerAnswerer, CLAIM_REFUSED } from './live-check.js';
import { turnStarts, LAG_ALLOWANCE } from '../lib/clock.js';
import { signer, secretOf, newIdentity } from './live-keys.js';
import { newGameId } from '../lib/game-id.js';
import { signedPresence, PresenceBook } from './live-presence.js';
import { writeKept, readKept, forgetKept, hostedGame, joinedGame, refusal, newDevice } from './live-kept.js';
import { Republisher } from './live-republish.js';
import { SeatLock } from './live-seat-lock.js';
import { Onlookers } from './live-onlookers.js';
import { parseChat, checkedLines, mergedLines, signedLine, cleanLine, bothSeats } from './live-chat.js';
/** @import { PerSide, Side } from '../core/core-types.js' */
/** @import { GameClass } from '../core/core-api.js' */
/** @import { Snapshot, Replay, EndingHow, RematchHow, OfferAnswer } from './live-protocol.js' */
/** @import { Sign } from './live-keys.js' */
/** @import { PresenceNote } from './live-presence.js' */
/** @import { Kept } from './live-kept.js' */
/** @import { ChatLine, SeatLine } from './live-chat.js' */
/** @import { Presence, LiveStatus } from '../api-types.js' */
/** @import { WebStorage } from '../lib/web-storage.js' */
/** @import { IClientOptions } from '../vendor/mqtt.js' */

/**
 * The new game a rematch agreed on (docs/LIVE-PROTOCOL.md "Rematch"): its id, its host's key and
 * this device's seat there, kept already (live-kept.js), so the page opens it as a lobby's game.
 * @typedef {{id: string, hostKey: string, side: Side}} RematchGame
 */

/**
 * What a live session is given (see LiveSession's constructor) and whom it tells.
 * @typedef {{
 *   relay: string,
 *   id: string|null,
 *   seat: Side,
 *   hostKey: string|null,
 *   seatKey: string|null,
 *   variant: string,
 *   clock?: string|null,
 *   storage: WebStorage,
 *   Game: GameClass,
 *   created: (game: {id: string, hostKey: string}) => void,
 *   invitation: (secret: string) => void,
 *   snapshot: (snap: Snapshot, starts: number[]) => void,
 *   status: (status: LiveStatus) => void,
 *   unkept: (secret: string) => void,
 *   error: (message: string) => void,
 *   notice: (key: string) => void,
 *   chat?: (lines: SeatLine[]) => void,
 *   rematch?: (game: RematchGame) => void,
 *   name?: string,
 * }} LiveOptions
 */

/** Where a device keeps a game's chat (both seats' checked lines), after the game's id. */
export const CHAT_KEY_PREFIX = 'bluegray.livechat.v1.';

/** After connecting, the wait for the relay's own game before this player's goes back, in ms. */
const SETTLE_MS = 500;
export { REPUBLISH_MS } from './live-republish.js';

export class LiveSession {
  /** @private @type {LiveOptions} */ _o;
  /** @private @type {import('./live-connection.js').Connection|null} */ _conn = null;
  /** @private */ _closed = false;
  /** @private @type {Kept|null} What this device keeps; null until start() has made or read it. */
  _me = null;
  /** @private @type {Sign|null} Signs with this device's seat's key; null for a watcher. */
  _sign = null;
  /** @private */ _book = new PresenceBook();
  /** When the relay last connected (this device's clock): no claim made since holds against this seat. @private */
  _connectedAt = 0;
  /** @private @type {SeatLock|null} This browser's lock of the seat (null: no seat asked for yet). */
  _lock = null;
  /** Another tab of this browser holds this device's seat: this one watches, and keeps nothing. @private */
  _elsewhere = false;
  /** @private */ _toldUnkept = false;
  /** @private @type {PresenceNote|null} This device's online for its next connection. */
  _online = null;
  /** @private @type {PresenceNote|null} This device's own presence, as last said. */
  _said = null;
  /** @private @type {'connecting'|'connected'|'unreachable'} */ _relayState = 'connecting';
  /** @private */ _toldOld = false;
  /** Whether the player was told that the rematch's first snapshot has other rules than agreed. @private */ _toldOtherRules = false;
  /** A game this device has just started: the relay cannot have it yet. @private */
  _fresh = false;
  /** @private */ _game = new Republisher(() => this._publishGame());
  /** How many of this device's signed snapshots (a move, a resignation…) the relay may not have yet. @private */
  _unsent = 0;
  /** @private */ _presenceBack = new Republisher(() => this._publishPresence());
  /** @private @type {Replay} The side that made each move of a snapshot, from the rules core. */
  _replay;
  /** This seat's snapshots being signed, in order. @private */
  _signing = Promise.resolve();
  /** @private @type {Onlookers|null} Who watches the game (live-onlookers.js), once started. */
  _onlookers = null;
  /** The relay has sent this connection a game already: a move heard now arrived now (what it sends first is what it kept). @private */
  _following = false;
  /** @private @type {string|null} The signature of the last claim against this seat that this device refused and said so. */
  _toldRefused = null;
  /** How many moves the game had after this device's own move that the relay has not taken yet (-1: none waits). @private */
  _ownMove = -1;
  /** @private @type {{blue: ChatLine[], gray: ChatLine[]}} Both seats' chat lines that held (live-chat.js), kept with the game. */
  _chat = { blue: [], gray: [] };
  /** @private @type {{blue: string|null, gray: string|null}} A seat's chat heard before its key was known, heard again once it is. */
  _chatUnchecked = { blue: null, gray: null };
  /** @private @type {{snap: Snapshot, done: () => void}[]} Who waits for the relay to have one of this seat's snapshots. */
  _storedWaits = [];

  /**
   * `relay`: the broker's WebSocket address; `id`: the game (null: start a new one, as its
   * host); `seat`: the seat asked for (the host's, or the one the invitation names); `hostKey`:
   * the host's key from the link; `seatKey`: the invitation's secret (absent: watch, unless this
   * device keeps a seat); `variant`: a new game's rules; `storage`: Web Storage; `Game`: the
   * rules core's game class, which checks every move heard; callbacks `created({id, hostKey})`,
   * `invitation(secret)` (the host's device: what the invitation carries), `snapshot(snap)` (a
   * checked snapshot newer than the last, and when each of its turns began here: lib/clock.js
   * turnStarts), `status({relay, seat, host, blue, gray, elsewhere})`,
   * `unkept(secret)` (the browser did not keep this seat's key: `secret` is the key as a link's
   * `seat-key` carries it), `error(message)` and `notice(key)` (a message of the tables);
   * `name`: this device's player's name, said with its seat's presence ('' or absent: none).
   * @param {LiveOptions} options
   */
  constructor(options) {
    this._o = options;
    this._replay = replayWith(options.Game);
  }

  /** @returns {string|null} The game's id, once known. */
  get id() {
    return this._me ? this._me.id : this._o.id;
  }

  /** @private @returns {Kept} What this device keeps; start() sets it before it connects. */
  _started() {
    if (!this._me) throw new Error('the live session has not started');
    return this._me;
  }

  /** Whether this device holds a seat (it can sign for it). @private */
  _sitting() {
    return !!this._me && this._me.seat !== 'watch' && !!this._sign;
  }

  /**
   * Starts: makes or reads this device's seat, then connects. Resolves once connecting; rejects
   * with an Error whose `key` is the message that says why it cannot start.
   * @returns {Promise<void>}
   */
  async start() {
    const o = this._o;
    // Signing needs Web Crypto, which browsers give only to secure pages (https, localhost).
    if (!(globalThis.crypto && globalThis.crypto.subtle)) throw refusal('live.insecure');
    const me = o.id ? await joinedGame(o.id, o) : await hostedGame(o);
    this._fresh = !o.id;
    this._sign = me.privateJwk && me.seat !== 'watch' ? await signer(me.privateJwk) : null;
    this._me = me;
    if (this._sitting() && !(await this._seatLock().hold())) this._standBy();
    this._keep();
    this._readChat();
    if (!o.id) o.created({ id: me.id, hostKey: me.hostKey });
    if (me.secret) o.invitation(me.secret);
    if (me.snap) {
      me.starts = this._starts(me.snap, false);
      o.snapshot(me.snap, me.starts);
    }
    this._status();
    if (this._closed) return;
    const t = topics(me.id);
    this._onlookers = new Onlookers(me.id);
    this._conn = this._onlookers.connection({
      relay: o.relay,
      topics: [t.game, t.presenceAll, t.chatAll],
      will: () => this._will(),
      connected: () => this._connected(),
      down: () => this._down(),
      message: (topic, text) => this._heard(topic, text).catch((e) => o.error(errorText(e))),
      error: (e) => o.error(errorText(e)),
    }, { watching: () => !this._sitting(), changed: () => this._status() });
    await this._conn.connect();
  }

  /**
   * This device's player's name is now `name` ('' for none): a seat says it with its presence
   * again. The connection is made again, so that its last will (signed when it connects, and
   * newer than what it says then) carries the name too.
   * @param {string} name
   */
  rename(name) {
    if ((this._o.name ?? '') === name) return;
    this._o.name = name;
    if (this._sitting()) this._conn?.reconnect();
  }

  /** Keeps what this device knows (not while another tab holds the seat), or says the key is not kept. @private */
  _keep() {
    const me = this._started();
    if (this._elsewhere || writeKept(this._o.storage, me) || !me.privateJwk || this._toldUnkept) return;
    this._toldUnkept = true;
    secretOf(me.privateJwk)
      .then((secret) => this._closed || this._o.unkept(secret))
      .catch((e) => this._o.error(errorText(e)));
  }

  /** @private */
  _seatLock() {
    this._lock ??= new SeatLock(this._started().id, () => {
      if (!this._closed) this._standBy();
    });
    return this._lock;
  }

  /** Another tab of this browser holds the seat: this one watches (and keeps nothing) until taken back. @private */
  _standBy() {
    this._elsewhere = true;
    this._giveUp('live.otherTab');
    this._conn?.reconnect();
  }

  /**
   * Takes the seat back from the other tab of this browser that holds it (that tab then
   * watches): its key and game as that tab kept them. Resolves whether this session holds it.
   * @returns {Promise<boolean>}
   */
  async takeSeat() {
    const me = this._me;
    const kept = me && this._elsewhere && readKept(this._o.storage, me.id);
    if (!me || !kept || kept.seat === 'watch' || !kept.privateJwk || this._closed) return false;
    const sign = await signer(kept.privateJwk);
    if (!(await this._seatLock().hold(true)) || this._closed) return false;
    if (me.snap && (!kept.snap || compare(me.snap, kept.snap) === 'newer')) kept.snap = me.snap;
    this._me = kept;
    this._sign = sign;
    this._elsewhere = false;
    this._keep();
    this._status();
    this._conn?.reconnect();
    return true;
  }

  /** @private */
  _status() {
    const me = this._me;
    // A seat is taken once a snapshot has come: a guest can sign no move before one, and a
    // watcher has no game to show (it waits for the game to reach the relay, and says so).
    const seat = !me || !me.snap ? null : me.seat;
    // A seat is away on this turn from when it left or, if later, when the turn began here: a
    // claim waits from then, as every device checks it (live-check.js).
    const turn = me?.starts[me.starts.length - 1] ?? 0;
    const { blue, gray } = this._book.away;
    const away = { blue: blue === null ? null : Math.max(blue, turn), gray: gray === null ? null : Math.max(gray, turn) };
    this._o.status({ relay: this._relayState, seat, host: me ? me.host : null, ...this._book.states, names: this._book.names, away, elsewhere: this._elsewhere, unsent: this._unsent, onlookers: this._onlookers?.count ?? 0 });
  }

  /**
   * A presence of this device's seat, signed: `at` is its time.
   * @param {Presence} state
   * @param {number} at
   * @returns {Promise<PresenceNote|null>}
   * @private
   */
  async _note(state, at) {
    const me = this._started();
    if (!this._sitting() || !this._sign || me.seat === 'watch') return null;
    return signedPresence(me.id, me.seat, { state, at, since: me.since, device: me.device, name: this._o.name ?? '' }, this._sign);
  }

  /**
   * The next connection's last will: a player's offline, signed now; its online (said once
   * connected) is just older.
   * @returns {Promise<IClientOptions['will']>}
   * @private
   */
  async _will() {
    const me = this._started();
    const now = Date.now();
    const offline = await this._note('offline', now);
    this._online = await this._note('online', now - 1);
    return offline && me.seat !== 'watch' ? { topic: topics(me.id).presence(me.seat), payload: JSON.stringify(offline), qos: 1, retain: true } : undefined;
  }

  /** @private */
  _connected() {
    const me = this._started();
    this._relayState = 'connected';
    this._connectedAt = Date.now();
    this._following = false;
    this._status();
    this._said = this._online;
    if (this._said) this._publishPresence();
    // The relay may have lost the game (restarted without a store): unless it says it has it
    // soon after, what this device has goes back.
    if (this._fresh) this._publishGame();
    else if (this._sitting() && me.snap) this._game.due(SETTLE_MS);
    this._fresh = false;
  }

  /** @private */
  _down() {
    if (this._closed || this._relayState === 'unreachable') return;
    this._relayState = 'unreachable';
    this._status();
  }

  /** @private */
  _publishGame() {
    const me = this._started();
    const snap = me.snap;
    if (snap && this._sitting() && this._conn?.publish(topics(me.id).game, JSON.stringify(snap), () => this._stored(snap))) this._game.sent();
  }

  /**
   * The relay has `snap` (it acknowledged it, or sent it back): nothing waits if that is its latest.
   * @param {Snapshot} snap
   * @private
   */
  _stored(snap) {
    const me = this._me;
    for (const w of this._storedWaits.filter((x) => x.snap === snap)) w.done();
    this._storedWaits = this._storedWaits.filter((x) => x.snap !== snap);
    if (!this._unsent || !me || snap !== me.snap) return;
    this._unsent = 0;
    // This device's move ended its turn, and began the other seat's, when the relay had it: the
    // other devices could not see it before (a move made off the relay counts until it reached
    // it, as the device that followed the game measures it), so the clocks are derived again.
    const n = snap.moves.length;
    if (this._ownMove === n && snap.clock) {
      const now = Date.now();
      me.starts = [...me.starts.slice(0, n), Math.max(me.starts[n] ?? 0, now)];
      this._keep();
      this._o.snapshot(snap, me.starts);
      // It reached the relay late (this device or the relay was away): the move is signed again
      // with the time it arrived, so that a device that joins later counts its turn to then too.
      // The other seat's reply to its first signing may be here by then: the move is signed
      // again within it (its reply's signature covers no stamp of this move).
      const i = n - 1;
      const stamp = snap.at?.[i];
      if (typeof stamp === 'number' && now - stamp > LAG_ALLOWANCE) this._signed((mine, sign) => (!mine.end && mine.sigs[i] === snap.sigs[i] ? restamped(mine, sign, now, i) : null)).catch((e) => this._o.error(errorText(e)));
    }
    this._ownMove = -1;
    this._status();
  }

  /** @private */
  _publishPresence() {
    const me = this._started();
    if (this._said && me.seat !== 'watch' && this._conn?.publish(topics(me.id).presence(me.seat), JSON.stringify(this._said))) this._presenceBack.sent();
  }

  /**
   * @param {string} topic
   * @param {string} text
   * @returns {Promise<void>}
   * @private
   */
  async _heard(topic, text) {
    const t = topics(this._started().id);
    if (topic === t.game) return this._heardGame(text);
    for (const seat of /** @type {const} */ (['blue', 'gray'])) if (topic === t.presence(seat)) return this._heardPresence(seat, text);
    for (const seat of /** @type {const} */ (['blue', 'gray'])) if (topic === t.chat(seat)) return this._heardChat(seat, text);
  }

  /** The chat this device kept with the game, shown again (a reload). @private */
  _readChat() {
    const me = this._started();
    try {
      const kept = JSON.parse(this._o.storage.getItem(CHAT_KEY_PREFIX + me.id) || 'null');
      // What this device wrote itself, checked when it was heard: only its shape is read again.
      for (const seat of /** @type {const} */ (['blue', 'gray'])) this._chat[seat] = (kept && parseChat(JSON.stringify({ lines: kept[seat] ?? [] }))) || [];
    } catch {
      // Nothing kept, or not in shape: the relay's lines come.
    }
    this._toldChat();
  }

  /** Keeps the chat and hands it to the board, which shows it to a seat only. @private */
  _keptChat() {
    try {
      this._o.storage.setItem(CHAT_KEY_PREFIX + this._started().id, JSON.stringify(this._chat));
    } catch {
      // Storage full or refused: the lines stay on the relay and in this page.
    }
    this._toldChat();
  }

  /** @private */
  _toldChat() {
    if (this._sitting() && this._o.chat) this._o.chat(bothSeats(this._chat));
  }

  /**
   * A seat's chat lines heard: those its key signed for this game join what this device has.
   * @param {Side} seat
   * @param {string} text
   * @private
   */
  async _heardChat(seat, text) {
    const me = this._started();
    const lines = parseChat(text);
    if (!lines) return;
    const key = me.snap?.keys[seat];
    if (!key) {
      this._chatUnchecked[seat] = text;
      return;
    }
    this._chatUnchecked[seat] = null;
    const good = await checkedLines(me.id, seat, key, lines);
    const merged = mergedLines(this._chat[seat], good);
    if (merged.length === this._chat[seat].length && merged.every((l, i) => l.sig === this._chat[seat][i].sig)) return;
    this._chat[seat] = merged;
    this._keptChat();
  }

  /**
   * This seat says `typed` in the chat (made a line by live-chat.js cleanLine): resolves to
   * whether it was sent (not: this device holds no seat, or nothing is left of the text).
   * @param {string} typed
   * @returns {Promise<boolean>}
   */
  async say(typed) {
    const me = this._me;
    const sign = this._sign;
    const text = cleanLine(typed);
    if (!me || !sign || me.seat === 'watch' || !this._sitting() || !text) return false;
    const seat = me.seat;
    const line = await signedLine(me.id, seat, text, sign);
    this._chat[seat] = mergedLines(this._chat[seat], [line]);
    this._keptChat();
    return !!this._conn?.publish(topics(me.id).chat(seat), JSON.stringify({ lines: this._chat[seat] }));
  }

  /** What the relay has of the game is broken or older than this player's: it goes back, when due. @private */
  _behind() {
    if (this._sitting() && this._started().snap) this._game.due();
  }

  /** @private @param {string} text */
  async _heardGame(text) {
    const me = this._started();
    const snap = parseSnapshot(text);
    if (!snap && isOldSnapshot(text, me.id) && !this._toldOld) {
      this._toldOld = true;
      this._o.notice('live.oldGame');
    }
    const present = me.seat === 'watch' ? null : { seat: me.seat, since: this._connectedAt };
    const live = this._following && !!snap && !!me.snap && snap.moves.length === me.snap.moves.length + 1;
    this._following = true;
    const now = Date.now();
    const starts = snap ? this._starts(snap, live, now) : [];
    const why = await checkSnapshot(snap, { id: me.id, hostKey: me.hostKey, known: me.snap, replay: this._replay, present, starts, now });
    if (why && snap) this._refused(snap, why);
    if (why || !snap) return this._behind();
    // A rematch's first snapshot with other rules or another clock than agreed is not that game.
    if (!me.snap && me.rules && (snap.variant !== me.rules.variant || (snap.clock ?? 'none') !== me.rules.clock)) {
      if (!this._toldOtherRules) this._o.notice('live.rematchOtherRules');
      this._toldOtherRules = true;
      return;
    }
    const order = compare(snap, me.snap);
    if (order === 'older') return this._behind();
    const lost = order === 'different' && this._outOfTime(snap);
    if (order === 'different' && !lost) return this._crossed(snap);
    this._game.heard();
    if (lost) {
      // The relay had the claim before this device's move: the game ended there, and the relay
      // is given the claim again (the move may have reached it after).
      this._unsent = 0;
      this._ownMove = -1;
    } else {
      // The relay has this device's latest, or something newer built on it.
      this._stored(/** @type {Snapshot} */ (me.snap));
    }
    if (order === 'same') return;
    const first = !me.snap;
    // What this device signed that the other seat's snapshot, gone on from its moves, could not
    // have: its move signed again (the reply came first), its decline of the offer that rides on
    // the other seat's move (it declined as that seat moved). It goes on in the game, on the
    // relay too (live-check.js withSignedOf).
    const carried = me.snap && me.seat !== 'watch' && snap.moves.length > me.snap.moves.length ? withSignedOf(snap, me.snap) : null;
    const heard = carried ?? snap;
    // This seat's draw offer answered by the other seat (declined, or moved past), not withdrawn
    // by this seat itself; or the other seat's offer withdrawn by it.
    const declined = !!me.snap && this._offering(me.snap) && !heard.end && !this._offering(heard) && !(heard.offer?.withdraw !== undefined && heard.offer.side === me.seat);
    const withdrawn = !!me.snap && me.seat !== 'watch' && this._offering(me.snap, otherSide(me.seat)) && heard.moves.length === me.snap.moves.length && !heard.end && heard.offer?.withdraw !== undefined;
    // This seat's takeback request answered: by a move (no), or by the other seat's acceptance,
    // which holds against this seat's withdrawal that crossed it (R38); or the other seat's
    // request withdrawn by it.
    const asked = !!me.snap && this._askingBack(me.snap);
    const own = me.snap?.takeback;
    const crossed = !!own?.withdraw && own.side === me.seat && own.ply === me.snap?.moves.length && heard.takeback?.ply === own.ply;
    const answer = asked && me.snap && heard.moves.length > me.snap.moves.length ? 'live.takebackDeclined' : (asked || crossed) && heard.takeback?.accept ? 'live.takebackAccepted' : null;
    const takebackWithdrawn = !!me.snap && me.seat !== 'watch' && this._askingBack(me.snap, otherSide(me.seat)) && heard.moves.length === me.snap.moves.length && !!heard.takeback?.withdraw;
    const rematch = this._rematchAnswered(me.snap, heard);
    me.snap = heard;
    me.starts = starts;
    me.host = heard.host;
    if (me.seat !== 'watch' && heard.keys[me.seat] !== me.key) {
      // The invitation named the other seat than its key's, or is another game's: watch.
      const other = otherSide(me.seat);
      if (heard.keys[other] === me.key && other !== heard.host) me.seat = other;
      else this._giveUp('live.notInvited');
      this._conn?.reconnect();
    }
    this._keep();
    this._status();
    this._o.snapshot(heard, starts);
    // The other seat declined this seat's offer, or moved instead of accepting it: a no.
    if (declined) this._o.notice('live.drawDeclined');
    if (withdrawn) this._o.notice('live.drawWithdrawn');
    if (answer) this._o.notice(answer);
    if (takebackWithdrawn) this._o.notice('live.takebackWithdrawn');
    if (rematch === 'accept') this._hostRematch(heard).catch((e) => this._o.error(errorText(e)));
    else if (rematch) this._o.notice(rematch === 'decline' ? 'live.rematchDeclined' : 'live.rematchCancelled');
    // This seat's offer declined: the new game's key it kept will host nothing.
    if (rematch === 'decline' && heard.rematch) forgetKept(this._o.storage, heard.rematch.id);
    if (lost) this._publishGame();
    if (carried) {
      this._unsent += 1;
      this._publishGame();
    }
    if (first) for (const seat of /** @type {const} */ (['blue', 'gray'])) this._recheck(seat);
    for (const seat of /** @type {const} */ (['blue', 'gray'])) {
      const unchecked = this._chatUnchecked[seat];
      if (unchecked) this._heardChat(seat, unchecked).catch((e) => this._o.error(errorText(e)));
    }
  }

  /**
   * Whether the checked snapshot `snap` is the other seat's claim of this seat's flag (which this
   * device's own measure upholds: checkSnapshot) after the moves that this device's one move the
   * relay has not acknowledged goes on from: the relay had the claim first, as a move counts only
   * once the relay has it (docs/LIVE-PROTOCOL.md, Clocks), so both devices end the game there.
   * @param {Snapshot} snap
   * @private
   */
  _outOfTime(snap) {
    const me = this._started();
    const mine = me.snap;
    if (!mine || mine.end || me.seat === 'watch' || !this._unsent || this._ownMove !== mine.moves.length) return false;
    return snap.end?.how === 'time' && snap.end.side === me.seat && snap.moves.length === mine.moves.length - 1 && snap.moves.every((m, i) => m === mine.moves[i]);
  }

  /**
   * Whether the takeback request of `seat` (this device's own, unless given) stands in `snap`,
   * this device holding a seat of the game.
   * @param {Snapshot} snap
   * @param {Side} [seat]
   * @private
   */
  _askingBack(snap, seat) {
    const own = this._started().seat;
    const t = snap.takeback;
    return own !== 'watch' && !snap.end && !!t && !t.accept && !t.withdraw && t.side === (seat ?? own) && t.ply === snap.moves.length;
  }

  /**
   * Whether the draw offer of `seat` (this device's own, unless given) stands in `snap`, this
   * device holding a seat of the game.
   * @param {Snapshot} snap
   * @param {Side} [seat]
   * @private
   */
  _offering(snap, seat) {
    const mine = this._started().seat;
    const side = seat ?? mine;
    return mine !== 'watch' && side !== 'watch' && !!this._sign && !snap.end && snap.offer?.side === side && standingOffer(snap, this._replay(snap.variant, snap.moves)) === side;
  }

  /**
   * A checked snapshot `theirs` that parts from this device's own: when the two differ only in
   * two offers of one moment (each seat's standing after the same moves), the offers crossed and
   * each is the answer to the other. This seat accepts the other's offer, signed over the other
   * seat's snapshot, as the other seat's device does with this one's: both devices end the game
   * drawn by agreement, whichever of the two acceptances the relay keeps.
   * @param {Snapshot} theirs
   * @private
   */
  _crossed(theirs) {
    const me = this._started();
    const mine = me.snap;
    if (this._rematchesCrossed(theirs)) {
      // The finished game's Blue's offer stands: Gray's device takes it, and accepts it.
      me.snap = theirs;
      this._keep();
      this._o.snapshot(theirs, me.starts);
      this.answerRematch('accept').catch((e) => this._o.error(errorText(e)));
      return;
    }
    if (!mine || me.seat === 'watch' || theirs.end || !this._offering(mine) || mine.moves.length !== theirs.moves.length) return;
    const other = otherSide(me.seat);
    if (theirs.offer?.side !== other || standingOffer(theirs, this._replay(theirs.variant, theirs.moves)) !== other) return;
    this._signed((snap, sign, seat) => (snap === mine ? withEnd(theirs, 'draw', seat, sign) : null))
      .then(() => {
        if (me.snap !== mine && me.snap?.end && !this._closed) this._o.snapshot(me.snap, me.starts);
      })
      .catch((e) => this._o.error(errorText(e)));
  }

  /**
   * Whether the checked snapshot `theirs` differs from this device's own only in that both seats
   * offered a rematch at once, and this seat (the finished game's Gray) takes Blue's.
   * @param {Snapshot} theirs
   * @private
   */
  _rematchesCrossed(theirs) {
    const me = this._started();
    const mine = me.snap;
    const [a, b] = [theirs.rematch, mine?.rematch];
    if (!mine || me.seat !== 'gray' || !a || !b || a.answer || b.answer || a.n !== b.n || a.side !== 'blue' || b.side !== 'gray') return false;
    return compare({ ...theirs, rematch: undefined }, { ...mine, rematch: undefined }) === 'same';
  }

  /**
   * What `snap`, newer than `was` (this device's), answers of this seat's own rematch offer that
   * stood in `was`: `accept`, `decline`; or `cancel`, the other seat withdrew its offer; else null.
   * @param {Snapshot|null} was
   * @param {Snapshot} snap
   * @returns {RematchHow|null}
   * @private
   */
  _rematchAnswered(was, snap) {
    const seat = this._started().seat;
    const [before, now] = [was?.rematch, snap.rematch];
    if (seat === 'watch' || !before || before.answer || !now?.answer || now.sig !== before.sig) return null;
    const how = now.answer.how;
    return (how === 'cancel') === (now.side !== seat) ? how : null;
  }

  /** Whether the game of `snap` is over: a rematch may be offered. @param {Snapshot} snap @private */
  _over(snap) {
    return !!snap.end || !!this._replay(snap.variant, snap.moves).over;
  }

  /**
   * This seat offers a rematch of the finished game, or accepts the other seat's standing offer
   * (pressed after it); nothing while its own offer stands. The new game's id and this seat's key
   * there are made now, and kept (live-kept.js) before the offer goes, so that it can host the new
   * game when the other seat accepts, whenever this device hears it.
   * @returns {Promise<void>}
   */
  async offerRematch() {
    const me = this._started();
    const mine = me.snap;
    if (!mine || me.seat === 'watch' || !this._sitting() || !this._over(mine)) return;
    const r = mine.rematch;
    if (r && !r.answer) return r.side === me.seat ? undefined : this.answerRematch('accept');
    const identity = await newIdentity();
    const id = newGameId();
    const seat = otherSide(me.seat);
    if (!writeKept(this._o.storage, { id, hostKey: identity.key, host: seat, seat, ...identity, secret: null, device: newDevice(), since: Date.now(), snap: null, starts: [] })) return this._o.notice('live.rematchNotKept');
    await this._signed((snap, sign, side) => (snap.rematch && !snap.rematch.answer ? null : withRematch(snap, side, id, identity.key, sign)));
    this._toldSigned(mine);
  }

  /**
   * This seat answers the standing rematch offer: the other seat's by `accept` (its seat in the
   * new game made and kept here, and the page told once the relay has the answer) or `decline`,
   * its own by `cancel`.
   * @param {RematchHow} how
   * @returns {Promise<void>}
   */
  async answerRematch(how) {
    const me = this._started();
    const was = me.snap;
    const r = was?.rematch;
    if (!was || !r || r.answer || me.seat === 'watch' || !this._sitting() || (how === 'cancel') !== (r.side === me.seat)) return;
    const identity = how === 'accept' ? await newIdentity() : null;
    // This seat in the new game: the other side, its host the offerer at this one's seat.
    // The new game's first snapshot must have the finished game's rules and clock (_heardGame).
    const rules = { variant: was.variant, clock: was.clock ?? 'none' };
    if (identity && !writeKept(this._o.storage, { id: r.id, hostKey: r.key, host: otherSide(r.side), seat: r.side, ...identity, secret: null, device: newDevice(), since: Date.now(), snap: null, starts: [], rules })) return this._o.notice('live.rematchNotKept');
    await this._signed((snap, sign) => (snap.rematch?.sig === r.sig && !snap.rematch.answer ? withRematchAnswer(snap, how, sign, identity?.key) : null));
    this._toldSigned(was);
    if (how === 'cancel' && me.snap?.rematch?.answer?.how === 'cancel') forgetKept(this._o.storage, r.id);
    const made = me.snap;
    if (!identity || !made || made === was || made.rematch?.answer?.how !== 'accept') return;
    // The new game opens once the offerer's device can hear the acceptance.
    await new Promise((done) => this._storedWaits.push({ snap: made, done: () => done(undefined) }));
    if (!this._closed) this._o.rematch?.({ id: r.id, hostKey: r.key, side: r.side });
  }

  /**
   * The board is handed this seat's own snapshot when it signed a new one since `was`.
   * @param {Snapshot|null} was
   * @private
   */
  _toldSigned(was) {
    const me = this._started();
    if (me.snap && me.snap !== was && !this._closed) this._o.snapshot(me.snap, me.starts);
  }

  /**
   * The other seat accepted this seat's rematch offer in `snap`: this device hosts the new game,
   * its first snapshot binding the key it kept when it offered and the acceptor's, and the page
   * is told to open it.
   * @param {Snapshot} snap
   * @private
   */
  async _hostRematch(snap) {
    const r = snap.rematch;
    const guest = r?.answer?.key;
    const kept = r && readKept(this._o.storage, r.id);
    if (!r || !guest || !kept || kept.seat === 'watch' || kept.seat !== kept.host || kept.key !== r.key || !kept.privateJwk) return this._o.notice('live.rematchLost');
    const seat = kept.seat;
    if (!kept.snap) {
      const keys = seat === 'blue' ? { blue: r.key, gray: guest } : { blue: guest, gray: r.key };
      const since = Date.now();
      const first = await firstSnapshot({ id: r.id, variant: snap.variant, host: seat, keys, sign: await signer(kept.privateJwk), clock: snap.clock ?? null });
      if (!writeKept(this._o.storage, { ...kept, snap: first, since, starts: [since] })) return this._o.notice('live.rematchNotKept');
    }
    if (!this._closed) this._o.rematch?.({ id: r.id, hostKey: r.key, side: seat });
  }

  /**
   * When each turn of `snap` began by this device's clock (lib/clock.js turnStarts), from those
   * it keeps; `live`: its one new move arrived now.
   * @param {Snapshot} snap
   * @param {boolean} live
   * @param {number} [now]
   * @returns {number[]}
   * @private
   */
  _starts(snap, live, now = Date.now()) {
    // A takeback leaves the turns after the moves kept (kept: this device's own measure).
    return turnStarts({ kept: this._started().starts.slice(0, snap.moves.length + 1), moves: snap.moves.length, at: snap.at, live, now });
  }

  /**
   * The other seat's claim against this device's seat that the record does not show (`why`,
   * checkSnapshot's) is refused: the player is told, once, and plays on.
   * @param {Snapshot} snap
   * @param {string} why
   * @private
   */
  _refused(snap, why) {
    const me = this._started();
    const end = snap.end;
    if (!end || me.seat === 'watch' || !(/** @type {string[]} */ (Object.values(CLAIM_REFUSED))).includes(why) || this._toldRefused === end.sig) return;
    const flag = end.how === 'time' && end.side === me.seat;
    const left = CLAIMS.includes(end.how) && end.side !== me.seat;
    if (!flag && !left) return;
    this._toldRefused = end.sig;
    this._o.notice(flag ? 'live.flagClaimRefused' : 'live.leftClaimRefused');
  }

  /**
   * A presence heard before the seat's key was known is heard again.
   * @param {Side} seat
   * @private
   */
  _recheck(seat) {
    const text = this._book.unchecked(seat);
    if (text) this._heardPresence(seat, text).catch((e) => this._o.error(errorText(e)));
  }

  /**
   * @param {Side} seat
   * @param {string} text
   * @private
   */
  async _heardPresence(seat, text) {
    const me = this._started();
    const mine = seat === me.seat && this._sitting();
    const { id, key, device, since } = me;
    const r = await this._book.heard(seat, text, { id, keys: me.snap ? me.snap.keys : null, mine, key, device, since, said: this._said });
    if (r.moved) {
      this._giveUp('live.seatMoved');
      return this._conn?.reconnect();
    }
    if (r.back) this._presenceBack.due();
    if (r.heard) this._presenceBack.heard();
    if (r.changed) this._status();
  }

  /**
   * This device no longer holds its seat: it watches, and forgets the seat's key.
   * @param {string} why the message that says why
   * @private
   */
  _giveUp(why) {
    const me = this._started();
    me.seat = 'watch';
    me.key = null;
    me.privateJwk = null;
    this._sign = null;
    this._said = null;
    this._game.stop();
    this._presenceBack.stop();
    if (!this._elsewhere) this._lock?.release();
    this._keep();
    this._status();
    this._o.notice(why);
  }

  /**
   * This device's seat's key as a link's `seat-key` carries it, to continue the game on another
   * device (whoever has it plays the seat), or null when this device holds no seat.
   * @returns {Promise<string|null>}
   */
  async seatSecret() {
    const me = this._me;
    if (!me || me.seat === 'watch' || !me.privateJwk || this._elsewhere || this._closed) return null;
    return secretOf(me.privateJwk);
  }

  /**
   * After this device's move: `moves` is the whole game, ending with it; `time` the mover's time
   * left after it, in a game with a clock.
   * @param {string[]} moves
   * @param {number|null} [time]
   * @returns {Promise<void>}
   */
  played(moves, time = null) {
    // Only a move that goes on from the game as signed so far: a snapshot that took moves back
    // would not be what either seat has.
    return this._signed((snap, sign, seat) =>
      moves.length === snap.moves.length + 1 && snap.moves.every((m, i) => m === moves[i]) ? withMove(snap, moves, sign, seat, time) : null,
    );
  }

  /**
   * Whether the relay has sent this device anything since `since` (Date.now()): then whatever it
   * held at that moment has come. If not, the relay is asked for an answer, and one that stays
   * silent is counted out of reach (live-connection.js ANSWER_MS).
   * @param {number} since
   * @returns {boolean}
   */
  answered(since) {
    const conn = this._conn;
    if (!conn) return false;
    if (conn.answeredAt >= since) return true;
    conn.ask(since);
    return false;
  }

  /**
   * This seat's word, signed after its moves: a resignation, an abort, a draw it accepts, a draw
   * it offers, declines (the other seat's standing offer) or withdraws (its own), a claim, or a
   * flag fall it saw (`side`'s: its own or the other seat's, claimed). No offer follows a
   * declined or withdrawn one after the same moves (docs/RULES.md R39).
   * @param {EndingHow|'offer'|OfferAnswer} how
   * @param {Side} [side]
   * @returns {Promise<void>}
   */
  declared(how, side) {
    return this._signed((snap, sign, seat) => {
      const offer = snap.offer;
      if (how === 'decline' || how === 'withdraw') {
        const standing = offer && !snap.end ? standingOffer(snap, this._replay(snap.variant, snap.moves)) : null;
        return offer && standing && offerAnswerer(standing, how) === seat ? withOfferAnswered(snap, offer, how, sign) : null;
      }
      if (how !== 'offer') return withEnd(snap, how, how === 'time' && side ? side : seat, sign);
      return offer && offerAnswered(offer) && offer.ply === snap.moves.length ? null : withOffer(snap, seat, sign);
    });
  }

  /**
   * This seat asks to take back its own last move (docs/RULES.md R38); nothing when the last move
   * is the other seat's, the game is over, or its request already stands or was withdrawn after
   * this move.
   * @returns {Promise<void>}
   */
  askTakeback() {
    return this._signed((snap, sign, seat) => {
      if (snap.end || !snap.moves.length || this._askingBack(snap) || (snap.takeback?.withdraw && snap.takeback.ply === snap.moves.length)) return null;
      const movers = this._replay(snap.variant, snap.moves);
      return movers[movers.length - 1] === seat ? withTakebackRequest(snap, seat, sign) : null;
    });
  }

  /**
   * This seat accepts the other seat's standing takeback request: its move goes on both devices.
   * @returns {Promise<void>}
   */
  acceptTakeback() {
    const me = this._started();
    const was = me.snap;
    // This device's own board goes back too, as the other's does on hearing it.
    return this._signed((snap, sign, seat) => (snap.takeback && snap.takeback.side !== seat ? withTakebackAccepted(snap, sign) : null)).then(() => {
      if (me.snap && me.snap !== was && !this._closed) this._o.snapshot(me.snap, me.starts);
    });
  }

  /**
   * This seat withdraws its own standing takeback request (R38): it stands no more on either
   * device; nothing when none stands.
   * @returns {Promise<void>}
   */
  withdrawTakeback() {
    return this._signed((snap, sign, seat) => withTakebackWithdrawn(snap, seat, sign));
  }

  /**
   * Puts the snapshot `next` makes from this seat's last one on the relay (none: nothing to
   * put), one after another.
   * @param {(snap: Snapshot, sign: Sign, seat: Side) => Promise<Snapshot>|null} next
   * @private
   */
  _signed(next) {
    const run = this._signing.then(async () => {
      const me = this._me;
      const sign = this._sign;
      if (!me || !sign || !me.snap || me.seat === 'watch') return;
      const made = await next(me.snap, sign, me.seat);
      if (!made) return;
      // This device's own move ends its turn when it signed it (its stamp, with a clock).
      if (made.moves.length > me.snap.moves.length) {
        me.starts = [...this._starts(me.snap, false), made.at?.[made.moves.length - 1] ?? Date.now()];
        this._ownMove = made.moves.length;
      } else if (made.moves.length < me.snap.moves.length) me.starts = me.starts.slice(0, made.moves.length + 1);
      me.snap = made;
      this._unsent += 1;
      this._keep();
      this._status();
      this._publishGame();
    });
    // A failure is its caller's to report; the next snapshot is still signed.
    this._signing = run.catch(() => {});
    return run;
  }

  /** Leaves: says so to the other seat and closes the connection. */
  close() {
    this._closed = true;
    this._lock?.release();
    this._game.stop();
    this._presenceBack.stop();
    const me = this._me;
    const seat = me ? me.seat : 'watch';
    const last = async () => {
      const note = await this._note('offline', Date.now());
      return me && note && seat !== 'watch' ? { topic: topics(me.id).presence(seat), payload: JSON.stringify(note) } : null;
    };
    this._conn?.close(this._sitting() ? last : null);
  }
}
