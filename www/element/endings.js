// A board's endings by the players' word (docs/RULES.md §5.1): a resignation, a draw, and an
// abort before both sides have moved. Against the computer a draw is offered, and the computer
// accepts it only when the page's analysis (engine/analysis.js, fetched then) says it is not ahead; two people
// at one board agree to it by offering it there. In a game by link the ending travels in the next
// link as the moves do: this board ends its copy, for its seat, or for the friend's when the page
// brings the friend's ending in (as it brings the friend's moves with play()). In a live game this
// seat's resignation, abort, draw offer and acceptance go to the relay signed like a move
// (live-link.js), and the other seat's come back from it. A live game the other seat left can be
// claimed, the win or a draw, once it has been away long enough on its turn (live/claims.js); a
// game by link, on time, once the friend's clock has run out from their turn's stamp (the win
// only: a flag fall is never a draw; ruling R37), and the next link carries it.
import { abortError } from '../engine/ai-client.js';
import { flagFallsAt, formatClock } from '../lib/clock.js';
import { otherSide } from '../lib/settings.js';
import { DRAW_OFFER_TAG, offerTag, standingOffer, declinedTag, declinedHere, offerPly } from '../lib/draw-offer.js';
import * as B from './board.js';
import { seatOf, claimGame } from './state.js';
import { claimOpensAt } from '../live/claims.js';
/** @import { Catalogue, Result, Side } from '../core/core-types.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { MessageParams } from '../lib/i18n.js' */
/** @import { EndingHow, OfferAnswer } from '../live/live-protocol.js' */

/**
 * What the endings ask of their board.
 * @typedef {{
 *   state(): BoardState,
 *   game(): CoreGame,
 *   catalogue(): Catalogue|null,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   stopMoving(): void,
 *   settled(): void,
 *   refresh(): void,
 *   changed(): void,
 *   emit(type: string, detail: object): void,
 *   liveDeclared(how: EndingHow|'offer'|OfferAnswer, side?: Side): void,
 *   t(key: string, params?: MessageParams): string,
 * }} EndingBoard
 */

/** How many times an offer is judged again when the position moved on while it was judged. */
const REJUDGE = 3;

/**
 * The element's answer to a draw offer: whether it was accepted.
 * @typedef {{accepted: boolean}} DrawAnswer
 */

export class Endings {
  /** @private @type {EndingBoard} */ _board;
  /** The computer's answer to the offer it is weighing: a second offer meanwhile gets the same. @private */
  _weighing = /** @type {Promise<DrawAnswer>|null} */ (null);

  /** @param {EndingBoard} board */
  constructor(board) {
    this._board = board;
  }

  /**
   * The side that resigns (or offers a draw by link): against the computer the person's; with
   * two people the side named, else the side to move; by link the side named, else this board's
   * seat. Throws where nobody at this board may resign.
   * @param {unknown} side
   * @returns {Side}
   * @private
   */
  _playerSide(side) {
    const b = this._board;
    const s = b.state();
    if (side !== undefined && side !== 'blue' && side !== 'gray') throw new TypeError(b.t('api.badSide', { side: String(side).slice(0, 24) }));
    const mode = s.settings.mode;
    if (mode === 'ai') {
      if (side !== undefined && side !== s.settings.side) throw new Error(b.t('api.notYourSide', { side }));
      return s.settings.side;
    }
    if (mode === 'two') return side ?? this._open().side;
    const seat = seatOf(s);
    if (mode === 'friend' && (side !== undefined || seat === 'blue' || seat === 'gray')) return side ?? /** @type {Side} */ (seat);
    // Live, only this device's own seat: the other's ending comes signed from the relay.
    if (mode === 'live' && (seat === 'blue' || seat === 'gray') && (side === undefined || side === seat)) return seat;
    throw new Error(b.t('api.noEndingHere'));
  }

  /** The game's state, still going on; throws once it is over. @private */
  _open() {
    const b = this._board;
    const gs = b.state().gs;
    if (!gs) throw new Error(b.t('api.notReady'));
    if (gs.result) throw new Error(b.t('api.gameOver'));
    return gs;
  }

  /**
   * Ends the game by `how`, and puts the result on the board (the `gameover` event follows).
   * @param {EndingHow} how
   * @param {Side} [side]
   * @returns {Result}
   * @private
   */
  _end(how, side) {
    const b = this._board;
    const game = b.game();
    let result;
    try {
      result = game.end(how, side);
    } catch (e) {
      const code = e && /** @type {{code?: string}} */ (e).code;
      if (code === 'too-late') throw new Error(b.t('api.abortTooLate'), { cause: e });
      if (code === 'game-over') throw new Error(b.t('api.gameOver'), { cause: e });
      throw e;
    }
    // The computer's move under way is of a game that has ended.
    b.stopMoving();
    b.apply(B.afterStep, game.state());
    b.settled();
    if (b.state().settings.mode === 'live') b.liveDeclared(how);
    return result;
  }

  /**
   * The other seat's resignation, abort, acceptance of this seat's draw offer, claim or flag
   * fall in a live game, checked by the session (its seat's signature): the game ends here as
   * it did there.
   * @param {EndingHow} how
   * @param {Side} side
   */
  fromRelay(how, side) {
    const b = this._board;
    const game = b.game();
    try {
      game.end(how, how === 'resign' || how === 'time' || how === 'claim' ? side : undefined);
    } catch {
      // Ended here already (by this seat, crossing the other's): the first ending stands.
      return;
    }
    b.apply(B.afterStep, game.state());
    b.settled();
  }

  /**
   * `side`'s flag fell on this board's clock (clocks.js): the game ends on time; in a live game
   * this device's seat signs it (its own flag, or the other seat's claimed), an onlooker only
   * waits for a seat's word.
   * @param {Side} side
   */
  flagged(side) {
    const b = this._board;
    const s = b.state();
    const seat = seatOf(s);
    if (s.settings.mode === 'live' && seat !== 'blue' && seat !== 'gray') return b.changed();
    const game = b.game();
    try {
      game.end('time', side);
    } catch {
      return; // over already
    }
    b.stopMoving();
    b.apply(B.afterStep, game.state());
    b.settled();
    if (s.settings.mode === 'live') b.liveDeclared('time', side);
  }

  /**
   * The element's resign(side).
   * @param {unknown} side
   * @returns {Result}
   */
  resign(side) {
    const who = this._playerSide(side);
    this._open();
    return this._end('resign', who);
  }

  /**
   * The element's abort(): against the computer, between two people at the board, in a game by
   * link, and for a live game's seat.
   * @returns {Result}
   */
  abort() {
    const b = this._board;
    const s = b.state();
    const seated = s.settings.mode === 'live' && (seatOf(s) === 'blue' || seatOf(s) === 'gray');
    if (!seated && !['ai', 'two', 'friend'].includes(s.settings.mode)) throw new Error(b.t('api.noEndingHere'));
    this._open();
    return this._end('abort');
  }

  /**
   * The element's claim(kind): in a live game whose other seat has been away long enough on its
   * own turn, this seat claims the win (`'win'`, the default) or a draw (`'draw'`); in a game by
   * link whose friend's clock has run out on their turn, the win on time.
   * @param {unknown} kind
   * @returns {Result}
   */
  claim(kind = 'win') {
    const b = this._board;
    if (kind !== 'win' && kind !== 'draw') throw new TypeError(b.t('api.badClaim', { kind: String(kind).slice(0, 24) }));
    const s = b.state();
    const seat = seatOf(s);
    if (s.settings.mode === 'friend' && (seat === 'blue' || seat === 'gray')) return this._claimOnTime(kind, seat);
    if (s.settings.mode !== 'live' || (seat !== 'blue' && seat !== 'gray')) throw new Error(b.t('api.noClaimHere'));
    this._open();
    const at = this.claimableAt();
    if (at === null) throw new Error(b.t('api.claimNotAway'));
    const minutes = Math.ceil((at - Date.now()) / 60000);
    if (minutes > 120) throw new Error(b.t('api.claimTooSoonHours', { hours: Math.ceil(minutes / 60) }));
    if (at > Date.now()) throw new Error(b.t('api.claimTooSoon', { minutes }));
    return kind === 'win' ? this._end('claim', seat) : this._end('claim-draw');
  }

  /**
   * A game by link claimed on time by `seat`: the friend's clock, running on their turn from its
   * stamp, is at 0 here. The win only (ruling R27).
   * @param {'win'|'draw'} kind
   * @param {Side} seat
   * @returns {Result}
   * @private
   */
  _claimOnTime(kind, seat) {
    const b = this._board;
    this._open();
    if (kind === 'draw') throw new Error(b.t('api.noDrawOnTime'));
    const at = this.claimableAt();
    if (at === null) throw new Error(b.t('api.noTimeClaim'));
    const now = Date.now();
    if (at > now) throw new Error(b.t('api.timeNotOut', { side: otherSide(seat), time: formatClock(at - now) }));
    return this._end('time', otherSide(seat));
  }

  /**
   * When this live seat may claim the game (ms since 1970; past once it may), or null; by link,
   * when the friend's clock runs out on their turn.
   * @returns {number|null}
   */
  claimableAt() {
    const s = this._board.state();
    if (s.settings.mode !== 'friend') return claimOpensAt(claimGame(s));
    const seat = seatOf(s);
    const c = s.clocks;
    if (!c || !s.gs || s.gs.result || (seat !== 'blue' && seat !== 'gray') || c.running !== otherSide(seat)) return null;
    return flagFallsAt(c);
  }

  /**
   * The other seat's draw offer in a live game, checked by the session: it stands here as there;
   * or an offer `answered` by a signature: declined by the other seat, or withdrawn by its own.
   * @param {Side} side
   * @param {number} ply
   * @param {boolean} [answered]
   */
  offerFromRelay(side, ply, answered = false) {
    const b = this._board;
    const s = b.state();
    if (answered) {
      // Declined or withdrawn: on both devices no seat offers again after those moves (R39).
      if (!s.gs || b.game().tag(DRAW_OFFER_TAG) === declinedTag(ply)) return;
      b.game().setTag(DRAW_OFFER_TAG, declinedTag(ply));
      return b.refresh();
    }
    const tag = offerTag(side, ply);
    if (!s.gs || side === seatOf(s) || b.game().tag(DRAW_OFFER_TAG) === tag) return;
    b.game().setTag(DRAW_OFFER_TAG, tag);
    b.refresh();
    if (this.drawOffer() === side) b.emit('drawoffer', { side });
  }

  /**
   * The side whose draw offer stands in a game against a friend elsewhere (lib/draw-offer.js),
   * or null.
   * @returns {Side|null}
   */
  drawOffer() {
    const b = this._board;
    const s = b.state();
    if (!s.gs || (s.settings.mode !== 'friend' && s.settings.mode !== 'live')) return null;
    return standingOffer(s.gs, b.game().tag(DRAW_OFFER_TAG));
  }

  /**
   * Whether a draw offer was declined after the moves on the board, in a game against a friend
   * elsewhere: no side offers again before another move.
   * @returns {boolean}
   */
  drawDeclined() {
    const b = this._board;
    const s = b.state();
    return !!s.gs && !s.gs.result && (s.settings.mode === 'friend' || s.settings.mode === 'live') && declinedHere(s.gs, b.game().tag(DRAW_OFFER_TAG));
  }

  /**
   * The element's offerDraw(side): against the computer, judged by the analysis of the position
   * on the board; between two people at the board, agreed at once; by link, kept in the record
   * for the next link (the friend's own offer standing, it is an agreement).
   * @param {unknown} [side]
   * @returns {Promise<DrawAnswer>}
   */
  async offerDraw(side) {
    const b = this._board;
    const mode = b.state().settings.mode;
    if (mode === 'friend' || mode === 'live') return this._offerByLink(side);
    if (mode !== 'ai' && mode !== 'two') throw new Error(b.t('api.noEndingHere'));
    this._open();
    if (mode === 'two') {
      this._end('draw');
      return { accepted: true };
    }
    this._weighing ??= this._weigh().finally(() => {
      this._weighing = null;
    });
    return this._weighing;
  }

  /**
   * A draw offered by `side` in a game against a friend elsewhere: kept in the record, and live
   * put on the relay.
   * @param {unknown} side
   * @returns {DrawAnswer}
   * @private
   */
  _offerByLink(side) {
    const b = this._board;
    const who = this._playerSide(side);
    const gs = this._open();
    const standing = this.drawOffer();
    if (standing && standing !== who) {
      this._end('draw');
      return { accepted: true };
    }
    if (this.drawDeclined()) throw new Error(b.t('api.drawDeclinedHere'));
    if (!standing) {
      b.game().setTag(DRAW_OFFER_TAG, offerTag(who, gs.history.length));
      b.refresh();
      b.emit('drawoffer', { side: who });
      if (b.state().settings.mode === 'live') b.liveDeclared('offer');
    }
    return { accepted: false };
  }

  /**
   * The element's acceptDraw(): by link, the standing offer becomes a draw by agreement (the
   * friend's, accepted here; or this seat's own, whose acceptance the page brings from the
   * friend's link).
   * @returns {Result}
   */
  acceptDraw() {
    const b = this._board;
    const s = b.state();
    if (s.settings.mode !== 'friend' && s.settings.mode !== 'live') throw new Error(b.t('api.noEndingHere'));
    this._open();
    const offer = this.drawOffer();
    // Live, this seat's own offer is accepted by the other seat's signed word, from the relay.
    if (!offer || (s.settings.mode === 'live' && offer === seatOf(s))) throw new Error(b.t('api.noDrawOffer'));
    return this._end('draw');
  }

  /**
   * The element's declineDraw(): the standing offer is withdrawn (this seat's own) or declined
   * here, and no side offers again before another move (docs/RULES.md R39). By link the friend
   * learns of it from the next link; live it is signed and on the relay at once.
   * @returns {void}
   */
  declineDraw() {
    const b = this._board;
    const s = b.state();
    const mode = s.settings.mode;
    if (mode !== 'friend' && mode !== 'live') throw new Error(b.t('api.noEndingHere'));
    this._open();
    const offer = this.drawOffer();
    if (!offer) throw new Error(b.t('api.noDrawOffer'));
    const own = offer === seatOf(s);
    const ply = offerPly(b.game().tag(DRAW_OFFER_TAG));
    b.game().setTag(DRAW_OFFER_TAG, ply === null ? '' : declinedTag(ply));
    b.refresh();
    if (mode === 'live') b.liveDeclared(own ? 'withdraw' : 'decline');
  }

  /**
   * The computer's answer to a draw offer, from the analysis of the position on the board.
   * @returns {Promise<DrawAnswer>}
   * @private
   */
  async _weigh() {
    const b = this._board;
    // The computer does not move while it weighs the offer; a position that moved on anyway (a
    // move played meanwhile) is weighed again.
    b.stopMoving();
    const game = b.game();
    try {
      for (let i = 0; i < REJUDGE; i++) {
        const gs = this._open();
        // The analysis is fetched with the first offer (or hint) that needs it.
        const { analysis, positionOf } = await import('../engine/analysis.js');
        const result = await analysis().analyse(positionOf(gs), { priority: 'hint', nodes: b.catalogue()?.analysisNodes });
        // The offer was made in this game: another game on the board ends it unanswered.
        if (b.game() !== game) break;
        const now = b.state().gs;
        if (!now || now.result || now.code !== gs.code) continue;
        const computer = otherSide(b.state().settings.side);
        const ahead = result.side === computer ? result.score : -result.score;
        if (ahead > 0) return { accepted: false };
        this._end('draw');
        return { accepted: true };
      }
      throw abortError(b.t('draw.stale'));
    } finally {
      // Declined or not, the computer goes on (a game ended by the draw stays still).
      b.settled();
    }
  }
}
