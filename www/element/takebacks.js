// A board's takebacks between people (docs/RULES.md R38): a seat asks to take back its own last
// move, and the other player accepts (the move goes) or declines (here only: their next move
// answers no), or the asker withdraws it (no other request then until the next move). The
// request stands in the record's `TakebackOffer` tag (lib/takeback-offer.js), as
// a draw offer does: by link it travels in the next link, and the receiver's acceptance comes back
// in the reply link (the game without the move, the tag marked accepted), which the page brings to
// the asker's board as it brings the friend's acceptance of a draw (`accept` of the seat's own
// request), and a withdrawal travels in the asker's next link; live the request, the acceptance
// and the withdrawal go to the relay signed (live-link.js), and the other seat's come back from it.
import * as B from './board.js';
import { seatOf } from './state.js';
import { TAKEBACK_TAG, standingTakeback, withdrawnTakeback, takebackTag } from '../lib/takeback-offer.js';
import { stampTakenBack } from '../lib/clock.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { MessageParams } from '../lib/i18n.js' */

/**
 * What the takebacks ask of their board.
 * @typedef {{
 *   state(): BoardState,
 *   game(): CoreGame,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   refresh(): void,
 *   settled(): void,
 *   emit(type: string, detail: object): void,
 *   liveTakeback(act: 'ask'|'accept'|'withdraw'): void,
 *   t(key: string, params?: MessageParams): string,
 * }} TakebackBoard
 */

/** A takeback request: `side` asks to take back its move `ply` (its last). @typedef {{side: Side, ply: number}} TakebackRequest */

export class Takebacks {
  /** @private @type {TakebackBoard} */ _board;

  /** @param {TakebackBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * The request that stands in a game against a person elsewhere, or null.
   * @returns {TakebackRequest|null}
   */
  standing() {
    const b = this._board;
    const s = b.state();
    if (!s.gs || (s.settings.mode !== 'friend' && s.settings.mode !== 'live')) return null;
    return standingTakeback(s.gs, b.game().tag(TAKEBACK_TAG));
  }

  /**
   * Whether this board's seat may ask now: its own move is the last, and no request stands.
   * @returns {boolean}
   */
  canAsk() {
    const seat = seatOf(this._board.state());
    return (seat === 'blue' || seat === 'gray') && this._mayAsk(seat);
  }

  /**
   * Whether `side` may ask now in a game against a person elsewhere: its own move is the last,
   * the game goes on, and no request stands or was withdrawn since that move.
   * @param {Side} side
   * @private
   */
  _mayAsk(side) {
    const s = this._board.state();
    const gs = s.gs;
    if (!gs || gs.result || (s.settings.mode !== 'friend' && s.settings.mode !== 'live')) return false;
    return gs.history.length > 0 && gs.side !== side && !this.standing() && !withdrawnTakeback(gs, this._board.game().tag(TAKEBACK_TAG));
  }

  /**
   * The element's takeback({side}): `side` asks to take back its own last move (this seat when
   * not given; by link the friend's side names the friend's request, which the page brings from
   * their link; live always this seat); nothing when it may not. Throws outside games against a
   * person elsewhere.
   * @param {unknown} [side]
   */
  ask(side) {
    const b = this._board;
    this._remote();
    const s = b.state();
    const seat = seatOf(s);
    const live = s.settings.mode === 'live';
    if (side !== undefined && side !== 'blue' && side !== 'gray') throw new TypeError(b.t('api.takebackSide', { side: String(side).slice(0, 24) }));
    // Live the other seat's request comes signed from the relay alone.
    const who = live ? seat : (side ?? seat);
    if ((who !== 'blue' && who !== 'gray') || !this._mayAsk(who)) return;
    this._mark(who, s.gs?.history.length ?? 0);
    if (live) b.liveTakeback('ask');
  }

  /**
   * The element's takeback({accept: true}): the friend's standing request is accepted, and its
   * move goes from this board (live, once the relay has the acceptance: live-link.js; by link the
   * record marks it accepted for the next link); by link, this seat's own, once the friend's link
   * says they accepted it. Throws when no such request stands.
   */
  accept() {
    const b = this._board;
    this._remote();
    const s = b.state();
    const offer = this.standing();
    const mine = offer?.side === seatOf(s);
    const live = s.settings.mode === 'live';
    // Live, this seat's own request is accepted by the other seat's signed word, from the relay.
    if (!offer || (live && mine)) throw new Error(b.t('api.noTakeback'));
    if (live) return b.liveTakeback('accept');
    this._undo(offer, mine ? '' : takebackTag(offer.side, offer.ply, 'accepted'));
  }

  /**
   * The element's takeback({decline: true}): the friend's standing request is declined on this
   * device; the friend learns of it from the next move, which answers no anyway. Throws when
   * none stands.
   */
  decline() {
    const b = this._board;
    this._remote();
    const offer = this.standing();
    if (!offer || offer.side === seatOf(b.state())) throw new Error(b.t('api.noTakeback'));
    b.game().setTag(TAKEBACK_TAG, '');
    b.refresh();
  }

  /**
   * The element's takeback({withdraw: true}): this seat withdraws its own standing request (by
   * link `side` names the friend's, which the page brings from their link): it stands no more,
   * and its seat asks no other until the next move (live on both devices, once the relay has
   * it; by link the record says so, and the next link carries it). Throws when no such request
   * stands.
   * @param {unknown} [side]
   */
  withdraw(side) {
    const b = this._board;
    this._remote();
    const s = b.state();
    const live = s.settings.mode === 'live';
    if (side !== undefined && side !== 'blue' && side !== 'gray') throw new TypeError(b.t('api.takebackSide', { side: String(side).slice(0, 24) }));
    const offer = this.standing();
    // Live the other seat's withdrawal comes signed from the relay alone.
    if (!offer || offer.side !== (live ? seatOf(s) : (side ?? seatOf(s)))) throw new Error(b.t('api.noOwnTakeback'));
    this._withdrawn(offer.side, offer.ply);
    if (live) b.liveTakeback('withdraw');
  }

  /**
   * Keeps `side`'s request at `ply` withdrawn in the record.
   * @param {Side} side
   * @param {number} ply
   * @private
   */
  _withdrawn(side, ply) {
    const b = this._board;
    b.game().setTag(TAKEBACK_TAG, takebackTag(side, ply, 'withdrawn'));
    b.refresh();
  }

  /**
   * The request of a live game's snapshot, checked by the session, or its withdrawal
   * (`withdrawn`): it stands, or goes, here as there.
   * @param {Side} side
   * @param {number} ply
   * @param {boolean} withdrawn
   */
  fromRelay(side, ply, withdrawn) {
    const s = this._board.state();
    if (!s.gs || s.gs.history.length !== ply || this._board.game().tag(TAKEBACK_TAG) === takebackTag(side, ply, withdrawn ? 'withdrawn' : undefined)) return;
    if (withdrawn) this._withdrawn(side, ply);
    else this._mark(side, ply);
  }

  /**
   * Keeps `side`'s request at `ply` in the record and tells of it (`takebackoffer`).
   * @param {Side} side
   * @param {number} ply
   * @private
   */
  _mark(side, ply) {
    const b = this._board;
    b.game().setTag(TAKEBACK_TAG, takebackTag(side, ply));
    b.refresh();
    b.emit('takebackoffer', { side, ply });
  }

  /**
   * Takes back the move of the request `offer` from the board's game, the tag then `tag`.
   * @param {TakebackRequest} offer
   * @param {string} tag
   * @private
   */
  _undo(offer, tag) {
    const b = this._board;
    const game = b.game();
    if (game.state().history.length !== offer.ply || !game.undo()) return;
    // By link, the turn that runs again counts from when it began (ruling R38).
    stampTakenBack(game);
    game.setTag(TAKEBACK_TAG, tag);
    b.apply(B.afterStep, game.state());
    b.settled();
  }


  /** Throws outside games against a person elsewhere. @private */
  _remote() {
    const b = this._board;
    const mode = b.state().settings.mode;
    if (mode !== 'friend' && mode !== 'live') throw new Error(b.t('api.noTakebackHere'));
  }
}
