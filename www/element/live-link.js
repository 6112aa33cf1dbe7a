// A board's link to its live game: one session with the relay (live/live.js, loaded with its
// MQTT client only when a live game starts) while the board is in a document, in live mode. It
// hands the board the checked snapshots' new moves and ending, the connection, this device's seat
// and, on the host's device, the secret the invitation carries (`inviteKey`), and publishes the
// board's own moves (with their clock times) and its seat's resignation, abort, draw, flag fall or
// claim, and wakes the board when the game the other seat left can be claimed (live/claims.js);
// after the game, a rematch offered, answered and agreed on (the board's `rematch` event names
// the new game for the page to open).
// When the browser could not keep the
// seat's key, it says so at once (an `error`) and hands the board the key (`unkeptKey`, what the
// seat's link carries); when another tab of the browser plays the seat, this board watches until
// `takeSeat()`. The board's state changes only through its `apply`.
import * as B from './board.js';
import { GAME_ID_TAG } from '../lib/game-id.js';
import { TAKEBACK_TAG } from '../lib/takeback-offer.js';
import { otherSide } from '../lib/settings.js';
import { webStorage } from '../lib/web-storage.js';
import { feature } from '../lib/on-demand.js';
import { claimOpensAt } from '../live/claims.js';
import { offerAnswered } from '../live/live-protocol.js';
import { parseTimeControl } from '../lib/clock.js';
import { claimGame } from './state.js';
import { PLAYER_TAG, NO_NAME_TAG } from './players.js';
/** @import { Core, CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { LiveStatus } from '../api-types.js' */
/** @import { LiveSession } from '../live/live.js' */
/** @import { Snapshot, EndingHow, OfferAnswer } from '../live/live-protocol.js' */
/** @import { MessageParams } from '../lib/i18n.js' */
/** @import { Claim } from './clocks.js' */

/**
 * A chat line as the board hands it on (the `chat` event, `chat()`): checked, with its seat.
 * @typedef {{seat: 'blue'|'gray', text: string, at: number}} ChatShown
 */

/**
 * A finished live game's rematch as the board hands it on (`rematchOffer`): the seat that offered
 * it, and the answer, once given.
 * @typedef {{side: 'blue'|'gray', answer: 'accept'|'decline'|'cancel'|null}} RematchShown
 */

/**
 * What a live game asks of its board.
 * @typedef {{
 *   state(): BoardState,
 *   core(): Core|null,
 *   game(): CoreGame|null,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   newGame(game: CoreGame): void,
 *   playRemote(move: string, claim: Claim): boolean,
 *   liveClocks(times: (number|undefined)[], starts: number[]): void,
 *   endRemote(how: EndingHow, side: 'blue'|'gray'): void,
 *   offerRemote(side: 'blue'|'gray', ply: number, answered: boolean): void,
 *   takebackRemote(side: 'blue'|'gray', ply: number, withdrawn: boolean): void,
 *   reflect(name: string, value: string): void,
 *   tagOwnName(): void,
 *   emit(type: string, detail: object): void,
 *   error(message: string): void,
 *   t(key: string, params?: MessageParams): string,
 *   language(): string,
 *   changed(): void,
 *   refresh(): void,
 * }} LiveBoard
 */

/**
 * The board's state with the invitation's secret of the live game this device hosts (or null).
 * @param {BoardState} s
 * @param {string|null} inviteKey
 * @returns {BoardState}
 */
function withInviteKey(s, inviteKey) {
  return { ...s, inviteKey };
}

/**
 * The board's state with the key of its seat that the browser could not keep (or null).
 * @param {BoardState} s
 * @param {string|null} unkeptKey
 * @returns {BoardState}
 */
function withUnkeptKey(s, unkeptKey) {
  return { ...s, unkeptKey };
}

/** The live package's session class, with its words. */
const liveSession = feature('live', { code: () => import('../live/live.js'), start: (m) => m.LiveSession, styles: false });

export class LiveLink {
  /** @private @type {LiveBoard} */ _board;
  /** @private @type {ReturnType<typeof setTimeout>|undefined} Wakes the board when a claim opens. */
  _claimTimer = undefined;
  /** This board has had a snapshot of its session: a move heard now arrived now. @private */
  _following = false;
  /** The takeback request last told of (`_takebackHeard`), or null. @private @type {string|null} */
  _takebackSeen = null;
  /** The session this board has, and the relay and game it is for ("relay id"), its chat as last heard, and its rematch. @private */
  _entry = /** @type {{key: string, session: LiveSession|null, chat: ChatShown[], rematch: RematchShown|null, rematchSeen: string|null}|null} */ (null);

  /** @param {LiveBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * Starts, keeps or ends the session to match the board's state: one while the board is in a
   * document, in live mode, with the rules core loaded (`fresh`: a new game was set up, so a
   * session without a game id of its own starts again).
   */
  sync(fresh = false) {
    const b = this._board;
    const s = b.state();
    const core = b.core();
    const wanted = s.settings.mode === 'live' && s.connected && !!core;
    const key = wanted ? `${s.relay} ${s.gameId || 'new'}` : null;
    const current = this._entry;
    if (current && current.key === key && !(fresh && !s.gameId)) {
      current.session?.rename(s.playerName ?? '');
      return;
    }
    if (current) current.session?.close();
    clearTimeout(this._claimTimer);
    this._entry = null;
    this._following = false;
    if (s.inviteKey) b.apply(withInviteKey, null);
    if (s.unkeptKey) b.apply(withUnkeptKey, null);
    if (!wanted || !core || !key) {
      if (s.live) b.apply(B.withLive, null);
      return;
    }
    const host = s.gameId ? null : s.settings.side;
    b.apply(B.withLive, { relay: s.relay ? 'connecting' : 'none', seat: host, host, blue: 'unknown', gray: 'unknown', names: { blue: '', gray: '' }, away: { blue: null, gray: null }, elsewhere: false, unsent: 0, onlookers: 0 });
    if (!s.relay) return b.error(b.t('live.noRelay'));
    const entry = { key, session: /** @type {LiveSession|null} */ (null), chat: /** @type {ChatShown[]} */ ([]), rematch: /** @type {RematchShown|null} */ (null), rematchSeen: /** @type {string|null} */ (null) };
    const mine = () => this._entry === entry;
    this._entry = entry;
    /** @param {unknown} e */
    const failed = (e) => {
      if (!mine()) return;
      const k = e && typeof e === 'object' && 'key' in e && typeof e.key === 'string' ? e.key : null;
      b.error(k ? b.t(k) : b.t('live.error', { error: String((e && /** @type {Error} */ (e).message) || e) }));
    };
    // The live session, its MQTT client and what the board says of it (live/'s words) load only
    // when a live game starts.
    liveSession(b.language())
      .then((LiveSession) => {
        if (!mine()) return;
        entry.session = this._session(LiveSession, entry, s, core, mine);
        return entry.session.start();
      })
      .catch(failed);
  }

  /**
   * Publishes this device's move: the game's moves as they now stand, and the mover's time left
   * in a game with a clock.
   * @param {string[]} history
   * @param {number|null} [time]
   */
  played(history, time = null) {
    this._entry?.session?.played(history, time).catch((e) => this._board.error(String((e && e.message) || e)));
    // The other seat's turn now: if it is away, the board is woken when its claim opens.
    this._claimDue();
  }

  /**
   * Publishes this device's seat's word: it resigned, aborted, accepted, offered, declined or withdrew a draw,
   * or saw `side`'s flag fall, or claimed the game the other seat left.
   * @param {EndingHow|'offer'|OfferAnswer} how
   * @param {'blue'|'gray'} [side]
   */
  declared(how, side) {
    this._entry?.session?.declared(how, side).catch((e) => this._board.error(String((e && e.message) || e)));
  }

  /**
   * This seat asks to take back its last move, accepts the other seat's request, or withdraws its
   * own: live.js askTakeback / acceptTakeback / withdrawTakeback.
   * @param {'ask'|'accept'|'withdraw'} act
   */
  takeback(act) {
    const session = this._entry?.session;
    if (!session) return;
    (act === 'accept' ? session.acceptTakeback() : act === 'withdraw' ? session.withdrawTakeback() : session.askTakeback()).catch((e) => this._board.error(String((e && e.message) || e)));
  }

  /**
   * After the game: offers a rematch, or accepts the other seat's standing offer (no `how`);
   * `accept` only accepts it, `decline` declines it, `cancel` withdraws this seat's own (live.js
   * offerRematch / answerRematch).
   * @param {'accept'|'decline'|'cancel'} [how]
   */
  rematch(how) {
    const session = this._entry?.session;
    if (!session) return;
    (how ? session.answerRematch(how) : session.offerRematch()).catch((e) => this._board.error(String((e && e.message) || e)));
  }

  /** The finished game's rematch as this board last heard it, or null. @returns {RematchShown|null} */
  rematchOffer() {
    return this._entry?.rematch ?? null;
  }

  /**
   * The rematch of `snap`, kept for `rematchOffer()`: an offer that now stands is told
   * (`rematchoffer`, this seat's or the other's), and so is its answer (`rematchanswer`), each once.
   * @param {Snapshot} snap
   * @param {{rematch: RematchShown|null, rematchSeen: string|null}} entry
   * @private
   */
  _rematchHeard(snap, entry) {
    const r = snap.rematch;
    entry.rematch = r ? { side: r.side, answer: r.answer?.how ?? null } : null;
    const seen = r ? `${r.n} ${r.answer?.how ?? ''}` : null;
    if (seen === entry.rematchSeen) return;
    entry.rematchSeen = seen;
    if (r?.answer) this._board.emit('rematchanswer', { side: r.side, answer: r.answer.how });
    else if (r) this._board.emit('rematchoffer', { side: r.side });
  }

  /**
   * A takeback request in `snap` after its last move, once each, goes on the board
   * (`takebackRemote`): one that stands (which fires `takebackoffer`: the other seat's asks this
   * board's player; the seat's own says it was made), and its withdrawal.
   * @param {Snapshot} snap
   * @private
   */
  _takebackHeard(snap) {
    const t = snap.takeback;
    const after = !!t && !t.accept && !snap.end && t.ply === snap.moves.length;
    const key = after && t ? `${t.side} ${t.ply} ${t.sig} ${t.withdraw ? 'withdrawn' : ''}` : null;
    if (key === this._takebackSeen) return;
    this._takebackSeen = key;
    if (t && key) this._board.takebackRemote(t.side, t.ply, !!t.withdraw);
  }

  /**
   * Whether this board's relay has sent anything since `since` (Date.now()), so that what it
   * held then has come; if not, it is asked (live.js `answered`). No session: no.
   * @param {number} since
   * @returns {boolean}
   */
  answered(since) {
    return this._entry?.session?.answered(since) ?? false;
  }

  /**
   * This seat's chat line `text` (live/live-chat.js): resolves to whether it was sent.
   * @param {string} text
   * @returns {Promise<boolean>}
   */
  async say(text) {
    const session = this._entry?.session;
    return session ? session.say(text) : false;
  }

  /** The live game's chat as this seat's device has it (none for a watcher). @returns {ChatShown[]} */
  chat() {
    return this._entry?.chat ?? [];
  }

  /**
   * Takes this device's seat from the other tab of the browser that plays it; resolves whether
   * this board holds it now.
   * @returns {Promise<boolean>}
   */
  async takeSeat() {
    const session = this._entry?.session;
    return session ? session.takeSeat() : false;
  }

  /**
   * The key of the seat this device plays, as a link's `seat-key` carries it, or null.
   * @returns {Promise<string|null>}
   */
  async seatSecret() {
    const session = this._entry?.session;
    return session ? session.seatSecret() : null;
  }

  /**
   * A session for the board's state `s`, reporting to the board while `mine()`.
   * @param {typeof LiveSession} Session
   * @param {{key: string, chat: ChatShown[], rematch: RematchShown|null, rematchSeen: string|null}} entry
   * @param {BoardState} s
   * @param {Core} core
   * @param {() => boolean} mine
   * @private
   */
  _session(Session, entry, s, core, mine) {
    const b = this._board;
    return new Session({
      relay: s.relay ?? '',
      id: s.gameId,
      seat: s.settings.side,
      hostKey: s.hostKey,
      seatKey: s.seatKey,
      variant: s.gs?.variant ?? s.settings.variant,
      clock: s.clocks ? s.clocks.control.text : null,
      // The name as it is now: it may have changed while the live package loaded.
      name: b.state().playerName ?? '',
      storage: webStorage('localStorage'),
      Game: core.Game,
      created: ({ id, hostKey }) => {
        if (!mine()) return;
        entry.key = `${s.relay} ${id}`;
        b.apply(B.named, id, hostKey);
        b.game()?.setTag(GAME_ID_TAG, id);
        b.reflect('game-id', id);
        b.reflect('host-key', hostKey);
        b.refresh();
      },
      invitation: (secret) => {
        if (mine()) b.apply(withInviteKey, secret);
      },
      snapshot: (snap, starts) => {
        if (!mine()) return;
        this._snapshot(snap, starts);
        this._rematchHeard(snap, entry);
      },
      rematch: ({ id, hostKey, side }) => {
        // The game agreed on: the page opens it (kept already, as a lobby's game).
        if (mine()) b.emit('rematch', { relay: s.relay ?? '', gameId: id, hostKey, side, variant: b.state().gs?.variant ?? s.settings.variant, clock: b.state().clocks?.control.text ?? 'none' });
      },
      status: (st) => {
        if (mine()) this._status(st);
      },
      unkept: (secret) => {
        if (!mine()) return;
        b.apply(withUnkeptKey, secret);
        b.changed();
        b.error(b.t('live.keyNotKept'));
      },
      error: (message) => {
        if (mine()) b.error(b.t('live.error', { error: message }));
      },
      notice: (key) => {
        if (mine()) b.error(b.t(key));
      },
      chat: (lines) => {
        if (!mine()) return;
        entry.chat = lines.map(({ seat, text, at }) => ({ seat, text, at }));
        b.emit('chat', { lines: entry.chat });
      },
    });
  }

  /**
   * A checked snapshot of the live game: its moves not yet on the board are played. `starts`:
   * when each turn began by this device's clock (lib/clock.js turnStarts).
   * @param {Snapshot} snap
   * @param {number[]} starts
   * @private
   */
  _snapshot(snap, starts) {
    const b = this._board;
    let gs = b.state().gs;
    const core = b.core();
    if (!gs || !core) return;
    const clock = snap.clock ?? 'none';
    // The game's time control is its record's tag, which the board's clocks follow (their code
    // may still be loading): a game whose tag is not the host's signed one is made again from the
    // signed record, its moves so far included (unless this device has a move the relay has not
    // yet: the snapshot with it makes the game again), so that a game kept without the tag (or
    // with another) gets the host's clocks here, at once and after a reload.
    const ours = parseTimeControl(b.game()?.tag('TimeControl') ?? '')?.text ?? 'none';
    const behind = gs.history.length <= snap.moves.length && gs.history.every((m, i) => snap.moves[i] === m);
    // A game that ended before this device's own last move (the other seat's flag claim, which
    // the relay had first: live.js `_outOfTime`) is made again without it.
    const had = gs.history;
    const endedBefore = !!snap.end && had.length > snap.moves.length && snap.moves.every((m, i) => had[i] === m);
    if (snap.variant !== gs.variant || (clock !== ours && behind) || endedBefore) {
      if (snap.variant !== gs.variant && gs.history.length) return b.error(b.t('live.otherRules', { variant: snap.variant }));
      try {
        const game = new core.Game(snap.variant);
        game.setTag('TimeControl', clock);
        // Its moves played before it is on the board: one at a time there, a clock that ran
        // out meanwhile would fall at the first.
        if (endedBefore) for (const m of snap.moves) game.play(m);
        b.newGame(game);
      } catch (e) {
        return b.error(String((e && /** @type {Error} */ (e).message) || e));
      }
      gs = b.state().gs;
      if (!gs) return;
    }
    // The takeback the other seat accepted, or this seat did: the move goes from the board too.
    const t = snap.takeback;
    const back = gs.history;
    if (t?.accept && back.length === t.ply && snap.moves.length === t.ply - 1 && back[t.ply - 1] === t.move && !gs.result) {
      const game = b.game();
      if (game?.undo()) {
        // The request went with its move: the move played again is asked back afresh.
        game.setTag(TAKEBACK_TAG, '');
        b.apply(B.afterStep, game.state());
      }
      gs = b.state().gs;
      if (!gs) return;
    }
    const have = gs.history;
    const differs = have.findIndex((m, i) => i < snap.moves.length && snap.moves[i] !== m);
    if (differs >= 0) return b.error(b.t('live.differs', { n: differs + 1 }));
    // Each move with its signed time: one that arrives alone, while this device follows the
    // game, arrived now; a device catching up counts each turn as the session did (`starts`: its
    // own receipt of a move, or a stamp that held), never from a stamp it did not check.
    const live = this._following && snap.moves.length - have.length === 1;
    for (let i = have.length; i < snap.moves.length; i++) {
      if (!b.playRemote(snap.moves[i], { claimed: snap.times?.[i], at: starts[i + 1], prevAt: starts[i], live })) return;
    }
    this._following = true;
    // The other seat's ending or draw offer, once its moves are all on the board.
    if (snap.end && !b.state().gs?.result) b.endRemote(snap.end.how, snap.end.side);
    else if (snap.offer && snap.offer.ply >= snap.moves.length - 1) b.offerRemote(snap.offer.side, snap.offer.ply, offerAnswered(snap.offer) !== null);
    this._takebackHeard(snap);
    // The clocks, then, as every device derives them from the signed record and when each turn
    // began here: a board that was away, reloaded or took the seat over shows what the others do.
    if (snap.clock) b.liveClocks(snap.times ?? [], starts);
    this._claimDue();
    b.changed();
  }

  /**
   * Who is connected, and this device's seat once the relay has told it.
   * @param {LiveStatus} st
   * @private
   */
  _status(st) {
    const b = this._board;
    const seat = st.seat;
    b.apply(B.withLive, { ...st });
    if ((seat === 'blue' || seat === 'gray') && b.state().settings.side !== seat) {
      b.apply(B.seated, seat);
      b.reflect('side', seat);
    }
    this._named(st);
    const opponent = seat === 'blue' || seat === 'gray' ? st[otherSide(seat)] : 'unknown';
    b.emit('presence', { relay: st.relay, seat, host: st.host, blue: st.blue, gray: st.gray, names: { ...st.names }, elsewhere: st.elsewhere, opponent, unsent: st.unsent, onlookers: st.onlookers });
    this._claimDue();
    b.changed();
  }

  /**
   * The seats' names as their signed presence says them (`st.names`): shown in the players'
   * strips, and written in the record's tags (each other seat's once its presence is heard, no
   * name as `Human`; this seat's is this device's own name).
   * @param {LiveStatus} st
   * @private
   */
  _named(st) {
    const b = this._board;
    b.apply(B.withNames, st.names);
    b.tagOwnName();
    const game = b.game();
    if (!game) return;
    for (const side of /** @type {const} */ (['blue', 'gray'])) {
      const tag = st.names[side] || NO_NAME_TAG;
      if (side !== st.seat && st[side] !== 'unknown' && game.tag(PLAYER_TAG[side]) !== tag) game.setTag(PLAYER_TAG[side], tag);
    }
  }

  /**
   * Once the other seat has been away long enough to claim the game, the board says so (a
   * `change`): armed whenever who is away or whose turn it is changes (a presence, a move).
   * @private
   */
  _claimDue() {
    clearTimeout(this._claimTimer);
    const at = claimOpensAt(claimGame(this._board.state()));
    const wait = at === null ? -1 : at - Date.now();
    if (wait >= 0) this._claimTimer = setTimeout(() => this._board.changed(), wait + 1);
  }
}
