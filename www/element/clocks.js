// A board's two clocks (docs/RULES.md §5.2): set from the game's time control (the record's
// `TimeControl` tag, else the `clock` setting for a new game) and the times its record keeps,
// switched after each move (the mover's time written into the record, `{[%clk …]}`), ticking
// while one runs and the board is in a document, and the flag: a side whose clock reaches zero
// loses (`flagged(side)`). The arithmetic is lib/clock.js's. In a live game the other seat's
// claimed time is accepted only within what this device measured (lib/clock.js afterLiveMove),
// the clocks are derived again from the whole signed record after each snapshot (`follow`), a
// fallen flag is claimed by whichever seat's device sees it (live-link.js signs it), and none
// falls while the relay is out of reach, has not taken this device's last word, or has sent
// nothing since the flag fell (a stalled relay: `answered`). In a game by
// link this device stamps its own move in the record (`MoveStamp`), the turn the friend's link
// brings runs from the friend's stamp (taken only when it holds: lib/clock.js linkTurnStart), and
// the friend's flag does not fall here by itself: this seat claims it (endings.js, ruling R37),
// since a link stamped in time may still be on its way.
import * as B from './board.js';
import { gameTimeControl, CLOCK_MODES, clocksFromTimes, afterMove, afterLiveMove, liveClocks, run, remaining, MOVE_STAMP_TAG, nextMoveStamp, linkTurnStart, takeLinkStamp } from '../lib/clock.js';
import { otherSide } from '../lib/settings.js';
import { seatOf } from './state.js';
/** @import { GameState, Side } from '../core/core-types.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { BoardState } from './state.js' */
/** @import { Clocks } from '../lib/clock.js' */
/** @import { ClockReading } from '../api-types.js' */

/** How often a running clock is redrawn and its flag looked at, in ms. */
const TICK_MS = 200;

/** A live move's signed time, and when this device counts its turn (lib/clock.js). @typedef {import('../lib/clock.js').LiveClaim} Claim */

/**
 * What the clocks ask of their board: `flagged(side)` ends the game on time; `frame()`
 * redraws; `changed()` tells the page the board changed (a friend's time ran out: it may be
 * claimed); `emit` tells the page (`clock`).
 * @typedef {{
 *   state(): BoardState,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   flagged(side: Side): void,
 *   grace(side: Side): number,
 *   answered(since: number): boolean,
 *   frame(): void,
 *   changed(): void,
 *   emit(type: string, detail: object): void,
 *   now?: () => number,
 * }} ClockBoard
 */

/**
 * The side that made each of the `ply` moves of a game whose side to move is `toMove`.
 * @param {number} ply
 * @param {Side} toMove
 * @returns {Side[]}
 */
export function moversOf(ply, toMove) {
  return Array.from({ length: ply }, (_, i) => ((ply - 1 - i) % 2 === 0 ? otherSide(toMove) : toMove));
}

export class ClockRunner {
  /** @private @type {ClockBoard} */ _board;
  /** @private @type {ReturnType<typeof setTimeout>|null} */ _timer = null;
  /** The ply the clocks stand at: a game that changed otherwise (undo, redo) is read again. @private */
  _ply = -1;

  /** @param {ClockBoard} board */
  constructor(board) {
    this._board = board;
  }

  /** @private */
  _now() {
    return this._board.now ? this._board.now() : Date.now();
  }

  /**
   * A game was put on the board: its clocks from its time control and the times its record
   * keeps; a new game of a mode with clocks takes the `clock` setting as its time control.
   * Call before reading the game's state (it may tag the game).
   * @param {CoreGame} game
   */
  start(game) {
    const b = this._board;
    const time = gameTimeControl(game, b.state().settings);
    if (time && time.take) game.setTag('TimeControl', time.control.text);
    b.apply(B.withClocks, time ? this._read(game, time.control) : null);
    this._changed();
  }

  /**
   * The clocks as the game's record has them, the side to move's running from now.
   * @param {CoreGame} game
   * @param {import('../lib/clock.js').TimeControl} control
   * @returns {Clocks}
   * @private
   */
  _read(game, control) {
    const gs = game.state();
    this._ply = gs.ply;
    // A game shown (a replay, a puzzle) shows its recorded times, standing still.
    const still = !!gs.result || !CLOCK_MODES.includes(this._board.state().settings.mode);
    const now = this._now();
    // By link, the turn began with its move's stamp (taken when the link was opened, or this
    // device's own), wherever the game is opened again; no stamp of the last move: now.
    const since = this._board.state().settings.mode === 'friend' ? linkTurnStart({ text: game.tag(MOVE_STAMP_TAG), ply: gs.ply, floor: null, now }).at : now;
    this._toldOut = false;
    return clocksFromTimes(control, game.clocks(), moversOf(gs.ply, gs.side), gs.side, still, since);
  }

  /**
   * A game by link went on with the friend's moves from their link: the turn they bring begins
   * with the link's stamp of its last move (`text`) when it holds (lib/clock.js linkTurnStart:
   * not before the stamp this game had, the move before's, nor in the future), which the record
   * keeps; otherwise it begins now. Returns why the stamp was not taken, or null (`none`
   * without clocks: no turn to time).
   * @param {CoreGame} game
   * @param {unknown} text
   * @returns {ReturnType<typeof linkTurnStart>['refused']}
   */
  stamped(game, text) {
    const b = this._board;
    const c = b.state().clocks;
    if (!c) return 'none';
    const refused = takeLinkStamp(game, text, this._now());
    b.apply(B.withClocks, this._read(game, c.control));
    this._changed();
    return refused;
  }

  /**
   * A move was played by `mover` (call before reading the game's state: the mover's time goes
   * into the record). `claim`: a live move's signed time from the relay.
   * @param {CoreGame} game
   * @param {Side} mover
   * @param {Claim|null} [claim]
   * @returns {number|null} the mover's time left after it, or null without clocks
   */
  moved(game, mover, claim = null) {
    const b = this._board;
    const c = b.state().clocks;
    if (!c) return null;
    const now = this._now();
    const next = claim ? afterLiveMove(c, mover, claim, now) : afterMove(c, mover, now);
    const left = Math.round(next[mover]);
    game.setClock(left);
    // By link, this device's own move is stamped for the friend's device: their turn begins now.
    if (b.state().settings.mode === 'friend' && seatOf(b.state()) === mover) game.setTag(MOVE_STAMP_TAG, nextMoveStamp(game.tag(MOVE_STAMP_TAG), game.state().ply, now));
    this._toldOut = false;
    this._ply = game.state().ply;
    b.apply(B.withClocks, next);
    this._changed();
    return left;
  }

  /**
   * A live game's clocks as every device derives them from its signed record (lib/clock.js
   * liveClocks): each move's signed time as this device accepts it, each turn from when it began
   * here (`starts`, the session's turnStarts), the side to move's clock running since its turn
   * began; a game over stands still, a fallen flag at 0. So a device that was away, reloaded,
   * took the seat over or joined late shows what the others show, and a move this device made
   * counts until the relay had it (live/live.js).
   * @param {(number|undefined)[]} times
   * @param {number[]} starts
   */
  follow(times, starts) {
    const b = this._board;
    const s = b.state();
    const c = s.clocks;
    const gs = s.gs;
    if (!c || !gs || starts.length !== gs.ply + 1) return;
    const live = liveClocks(c.control, times, moversOf(gs.ply, gs.side), starts);
    const result = gs.result;
    const flagged = result?.reason === 'time' && (result.winner === 'blue' || result.winner === 'gray') ? otherSide(result.winner) : null;
    const next = result ? { ...live, running: null, ...(flagged ? { [flagged]: 0 } : {}) } : live;
    this._ply = gs.ply;
    b.apply(B.withClocks, next);
    this._changed();
  }

  /**
   * After any change of the game: a game taken back or replayed is read again; a game over
   * stops the clocks.
   * @param {CoreGame|null} game
   * @param {GameState|null} gs
   */
  settled(game, gs) {
    const b = this._board;
    const c = b.state().clocks;
    if (!c || !game || !gs) return this._tick();
    if (gs.ply !== this._ply) {
      b.apply(B.withClocks, this._read(game, c.control));
      this._changed();
    } else if (gs.result && c.running) {
      b.apply(B.withClocks, run(c, null, this._now()));
      this._changed();
    }
    this._tick();
  }

  /** The board joined or left a document: the clocks tick only while it is in one. */
  connected() {
    this._tick();
  }

  /**
   * The clocks as the page reads them: each side's time left now, and whose runs.
   * @returns {ClockReading|null}
   */
  reading() {
    const c = this._board.state().clocks;
    if (!c) return null;
    const now = this._now();
    return { control: c.control.text, blue: remaining(c, 'blue', now), gray: remaining(c, 'gray', now), running: c.running };
  }

  /** Tells the page (`clock`) and redraws. @private */
  _changed() {
    const r = this.reading();
    if (r) this._board.emit('clock', r);
    this._tick();
  }

  /** Redraws a running clock, looks at its flag, and ticks again while one runs. @private */
  _tick() {
    if (this._timer) clearTimeout(this._timer);
    this._timer = null;
    const b = this._board;
    const s = b.state();
    const c = s.clocks;
    if (!c || !c.running || !s.connected || (s.gs && s.gs.result)) return;
    // The other seat's flag, live, falls a lag allowance late: its last move may be on its way.
    // And none falls while this device cannot reach the relay or the relay has not taken its
    // last word (`live.unsent`): the other seat's move may be held there, or this device's own
    // move, and a flag seen then would give two boards two results. The clock shows 0 meanwhile.
    // Nor before the relay has sent anything since the flag fell: a relay that stalls keeps its
    // connection open, and the other seat's move may wait in it (`answered` asks it meanwhile).
    const live = s.settings.mode === 'live' ? s.live : null;
    const held = !!live && (live.relay !== 'connected' || live.unsent > 0);
    const out = c.running && remaining(c, c.running, this._now() - b.grace(c.running)) <= 0;
    // By link, the friend's flag is this seat's to claim (endings.js): the clock stands at 0.
    if (out && s.settings.mode === 'friend' && seatOf(s) !== c.running) {
      b.frame();
      if (!this._toldOut) b.changed();
      this._toldOut = true;
      return;
    }
    const due = !held && out ? c.running : null;
    const flag = due && (!live || b.answered(c.since + c[due] + b.grace(due))) ? due : null;
    if (flag) {
      b.apply(B.withClocks, { ...run(c, null, this._now()), [flag]: 0 });
      b.flagged(flag);
      return;
    }
    b.frame();
    this._timer = setTimeout(() => this._tick(), TICK_MS);
  }
}
