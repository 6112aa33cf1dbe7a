// The parts of a board that only some boards use, each in a module of its own fetched when a
// board first needs it, so that a board that plays a game against the computer never fetches
// them: a live game's link (live-link.js), the puzzle mode's judge (puzzle-runner.js), the
// edit mode (edit-mode.js) and the hints (hint-runner.js, with the analysis). The board fetches
// the parts its attributes ask for while it loads the rules core (controller.js `parts()`), so
// `ready` settles with them there; a part asked for later (a `mode` changed) is fetched then,
// and until it is there the board does what a board without it does (a board that never played
// live has no session to publish to). A fetch that fails is tried again at the next need
// (lib/on-demand.js).
import { onDemand } from '../lib/on-demand.js';
import { errorText } from '../lib/errors.js';
import { abortError } from '../engine/ai-client.js';
/** @import { LiveBoard, LiveLink } from './live-link.js' */
/** @import { EditPort, EditMode } from './edit-mode.js' */
/** @import { PuzzleHost, PuzzleRunner } from './puzzle-runner.js' */
/** @import { HintBoard, HintRunner, Hint } from './hint-runner.js' */
/** @import { EndingHow } from '../remote/live-protocol.js' */

/**
 * A part made by `make` from its module, once: `part` is it once made.
 * @template P
 */
class LazyPart {
  /** @type {P|null} */
  part = null;
  /** @type {() => Promise<P>} */
  load;

  /** @param {() => Promise<P>} make */
  constructor(make) {
    this.load = onDemand(() => make().then((p) => (this.part = p)));
  }
}

/** A board's live link (live-link.js), fetched when the board is first in live mode. */
export class LiveDoor {
  /** @type {LiveBoard} */
  #board;
  /** @type {LazyPart<LiveLink>} */
  #link;
  /** A sync asked while the link loads was for a new game (live-link.js `sync`). */
  #fresh = false;

  /** @param {LiveBoard} board */
  constructor(board) {
    this.#board = board;
    this.#link = new LazyPart(() => import('./live-link.js').then((m) => new m.LiveLink(board)));
  }

  /** Fetches the link when the board is in live mode (a failure is reported at the next sync). */
  async needed() {
    if (this.#board.state().settings.mode === 'live') await this.#link.load().catch(() => {});
  }

  /**
   * LiveLink's sync(fresh): a board never in live mode has no session to start or end.
   * @param {boolean} [fresh]
   */
  sync(fresh = false) {
    const b = this.#board;
    const link = this.#link.part;
    if (link) return link.sync(fresh);
    if (b.state().settings.mode !== 'live') return;
    this.#fresh ||= fresh;
    this.#link.load().then(
      (l) => {
        const f = this.#fresh;
        this.#fresh = false;
        l.sync(f);
      },
      (e) => b.error(b.t('live.error', { error: errorText(e) })),
    );
  }

  /**
   * @param {string[]} history
   * @param {number|null} [time]
   */
  played(history, time) {
    this.#link.part?.played(history, time);
  }

  /**
   * @param {EndingHow|'offer'} how
   * @param {'blue'|'gray'} [side]
   */
  declared(how, side) {
    this.#link.part?.declared(how, side);
  }

  /** @returns {Promise<boolean>} */
  async takeSeat() {
    return this.#link.part ? this.#link.part.takeSeat() : false;
  }

  /** @returns {Promise<string|null>} */
  async seatSecret() {
    return this.#link.part ? this.#link.part.seatSecret() : null;
  }
}

/** A board's edit mode (edit-mode.js), fetched when the board is first in edit mode. */
export class EditDoor {
  /** @type {EditPort} */
  #port;
  /** @type {LazyPart<EditMode>} */
  #edit;

  /** @param {EditPort} port */
  constructor(port) {
    this.#port = port;
    this.#edit = new LazyPart(() => import('./edit-mode.js').then((m) => new m.EditMode(port)));
  }

  /** Fetches the edit mode when the board is in it (a failure is reported at the next sync). */
  async needed() {
    if (this.#port.state().settings.mode === 'edit') await this.#edit.load().catch(() => {});
  }

  /**
   * EditMode's sync(): a board never in edit mode shows the board as it is; one in edit mode
   * hides it at once, as the edit mode does while its editor loads.
   */
  sync() {
    const p = this.#port;
    const edit = this.#edit.part;
    if (edit) return edit.sync();
    if (p.state().settings.mode !== 'edit' || !p.core()) return;
    p.frame.style.display = 'none';
    this.#edit.load().then(
      (m) => m.sync(),
      (e) => p.failed(errorText(e, p.t)),
    );
  }
}

/** A board's puzzle mode at work (puzzle-runner.js), fetched when the board is first in puzzle mode. */
export class PuzzleDoor {
  /** @type {PuzzleHost} */
  #host;
  /** @type {LazyPart<PuzzleRunner>} */
  #runner;

  /** @param {PuzzleHost} host */
  constructor(host) {
    this.#host = host;
    this.#runner = new LazyPart(() => import('./puzzle-runner.js').then((m) => new m.PuzzleRunner(host)));
  }

  /** Fetches the runner when the board is in puzzle mode (a failure is reported at the first move). */
  async needed() {
    if (this.#host.state().settings.mode === 'puzzle') await this.#runner.load().catch(() => {});
  }

  /** PuzzleRunner's cancel(): a board without it has no move waiting. */
  cancel() {
    this.#runner.part?.cancel();
  }

  /** PuzzleRunner's resume(): a board without it has nothing queued. */
  resume() {
    this.#runner.part?.resume();
  }

  /** PuzzleRunner's judge(), once fetched, for the move on the board now (not one after it). */
  async judge() {
    const h = this.#host;
    const runner = this.#runner.part;
    if (runner) return runner.judge();
    const { gs, puzzle } = h.state();
    if (!puzzle) return;
    try {
      const r = await this.#runner.load();
      if (h.state().gs === gs) await r.judge();
    } catch (e) {
      h.error(errorText(e, h.t));
    }
  }
}

/** A board's hints (hint-runner.js, and the analysis it asks), fetched with the first hint. */
export class HintDoor {
  /** @type {LazyPart<HintRunner>} */
  #runner;
  /** Counts the hints asked and cancelled: a hint asked while the runner loads stands until the next. */
  #asked = 0;
  /** Why the hint asked last while the runner loaded was withdrawn. */
  #why = '';

  /** @param {HintBoard} board */
  constructor(board) {
    this.#runner = new LazyPart(() => import('./hint-runner.js').then((m) => new m.HintRunner(board)));
  }

  /**
   * HintRunner's cancel(reason).
   * @param {string} reason
   */
  cancel(reason) {
    this.#withdraw(reason);
    this.#runner.part?.cancel(reason);
  }

  /**
   * HintRunner's ask(), once fetched; a hint withdrawn meanwhile (a newer hint, a new game, the
   * board removed) rejects as it would have.
   * @returns {Promise<Hint>}
   */
  async ask() {
    const runner = this.#runner.part;
    if (runner) return runner.ask();
    this.#withdraw('A newer hint was asked for.');
    const mine = this.#asked;
    const r = await this.#runner.load();
    if (this.#asked !== mine) throw abortError(this.#why);
    return r.ask();
  }

  /** @param {string} reason */
  #withdraw(reason) {
    this.#asked++;
    this.#why = reason;
  }
}
