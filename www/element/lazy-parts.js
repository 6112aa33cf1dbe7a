// The parts of a board that only some boards use, each in a module of its own fetched when a
// board first needs it, so that a board that plays a game against the computer never fetches
// them: a live game's link (live-link.js), the puzzle mode's judge (puzzle-runner.js), the
// edit mode (edit-mode.js), the hints (hint-runner.js, with the analysis) and the clocks
// (clocks.js). The board fetches
// the parts its attributes ask for while it loads the rules core (each door's `needed()`, which
// controller.js awaits before `ready` settles); a part asked for later (a `mode` changed) is
// fetched then, and until it is there the board does what a board without it does (a board that
// never played live has no session to publish to). A fetch that fails is tried again at the
// next need (lib/on-demand.js). Closures, not classes: the minifier shortens their names.
import { onDemand } from '../lib/on-demand.js';
import { errorText } from '../lib/errors.js';
import { abortError } from '../engine/ai-client.js';
import { gameTimeControl, settingsTimeControl, takeLinkStamp } from '../lib/clock.js';
import { withClocks } from './board.js';
/** @import { LiveBoard, LiveLink } from './live-link.js' */
/** @import { EditPort } from './edit-mode.js' */
/** @import { PuzzleHost } from './puzzle-runner.js' */
/** @import { HintBoard, Hint } from './hint-runner.js' */
/** @import { BoardState, BoardResources } from './state.js' */
/** @import { ClockBoard, ClockRunner } from './clocks.js' */
/** @import { CoreGame } from '../core/core-api.js' */

/**
 * A part made by `make` from its module, once: `part()` is it once made, else null; `load()`
 * fetches and makes it.
 * @template P
 * @param {() => Promise<P>} make
 * @returns {{part: () => P|null, load: () => Promise<P>}}
 */
function lazyPart(make) {
  /** @type {P|null} */
  let part = null;
  return { part: () => part, load: onDemand(() => make().then((p) => (part = p))) };
}

/**
 * Fetches `part` when the board's mode is `mode` (a failure is reported at the part's next use).
 * @param {{state(): BoardState}} board
 * @param {string} mode
 * @param {{load: () => Promise<unknown>}} part
 */
async function neededIn(board, mode, part) {
  if (board.state().settings.mode === mode) await part.load().catch(() => {});
}

/**
 * A board's live link (live-link.js), fetched when the board is first in live mode: LiveLink's
 * methods, which do nothing on a board that never played live (it has no session).
 * @param {LiveBoard} board
 */
export function liveDoor(board) {
  const link = lazyPart(() => import('./live-link.js').then((m) => new m.LiveLink(board)));
  /** A sync asked while the link loads was for a new game (live-link.js `sync`). */
  let fresh = false;
  return {
    needed: () => neededIn(board, 'live', link),
    /** @param {boolean} [isFresh] */
    sync(isFresh = false) {
      const l = link.part();
      if (l) return l.sync(isFresh);
      if (board.state().settings.mode !== 'live') return;
      fresh ||= isFresh;
      link.load().then(
        (loaded) => {
          const f = fresh;
          fresh = false;
          loaded.sync(f);
        },
        (e) => board.error(board.t('live.error', { error: errorText(e) })),
      );
    },
    /** @type {LiveLink['played']} */
    played: (history, time) => link.part()?.played(history, time),
    /** @type {LiveLink['declared']} */
    declared: (how, side) => link.part()?.declared(how, side),
    /** @type {LiveLink['takeback']} */
    takeback: (act) => link.part()?.takeback(act),
    /** @type {LiveLink['rematch']} */
    rematch: (how) => link.part()?.rematch(how),
    /** @type {LiveLink['rematchOffer']} */
    rematchOffer: () => link.part()?.rematchOffer() ?? null,
    /** @type {LiveLink['answered']} */
    answered: (since) => link.part()?.answered(since) ?? false,
    /** @type {LiveLink['takeSeat']} */
    takeSeat: async () => link.part()?.takeSeat() ?? false,
    /** @type {LiveLink['seatSecret']} */
    seatSecret: async () => link.part()?.seatSecret() ?? null,
    /** @type {LiveLink['say']} */
    say: async (text) => link.part()?.say(text) ?? false,
    /** @type {LiveLink['chat']} */
    chat: () => link.part()?.chat() ?? [],
  };
}

/**
 * A board's edit mode (edit-mode.js), fetched when the board is first in edit mode.
 * @param {EditPort} port
 */
export function editDoor(port) {
  const edit = lazyPart(() => import('./edit-mode.js').then((m) => new m.EditMode(port)));
  return {
    needed: () => neededIn(port, 'edit', edit),
    /**
     * EditMode's sync(): a board never in edit mode shows the board as it is; one in edit mode
     * hides it at once, as the edit mode does while its editor loads.
     */
    sync() {
      const e = edit.part();
      if (e) return e.sync();
      if (port.state().settings.mode !== 'edit' || !port.core()) return;
      port.frame.style.display = 'none';
      edit.load().then(
        (m) => m.sync(),
        (err) => port.failed(errorText(err, port.t)),
      );
    },
  };
}

/**
 * A board's puzzle mode at work (puzzle-runner.js), fetched when the board is first in puzzle
 * mode: a board without it has no move waiting or queued.
 * @param {PuzzleHost} host
 */
export function puzzleDoor(host) {
  const runner = lazyPart(() => import('./puzzle-runner.js').then((m) => new m.PuzzleRunner(host)));
  return {
    needed: () => neededIn(host, 'puzzle', runner),
    cancel: () => runner.part()?.cancel(),
    resume: () => runner.part()?.resume(),
    /** PuzzleRunner's judge(), once fetched, for the move on the board now (not one after it). */
    async judge() {
      const r = runner.part();
      if (r) return r.judge();
      const { gs, puzzle } = host.state();
      if (!puzzle) return;
      try {
        const loaded = await runner.load();
        if (host.state().gs === gs) await loaded.judge();
      } catch (e) {
        host.error(errorText(e, host.t));
      }
    },
  };
}

/**
 * A board's hints (hint-runner.js, and the analysis it asks), fetched with the first hint; a
 * hint withdrawn while it loads (a newer hint, a new game, the board removed) rejects as the
 * runner's would.
 * @param {HintBoard} board
 */
export function hintDoor(board) {
  const runner = lazyPart(() => import('./hint-runner.js').then((m) => new m.HintRunner(board)));
  /** The hints asked and withdrawn so far, and why the last was withdrawn. */
  let asked = 0;
  let why = '';
  /** @param {string} reason */
  const withdraw = (reason) => {
    asked++;
    why = reason;
  };
  return {
    /** @param {string} reason */
    cancel(reason) {
      withdraw(reason);
      runner.part()?.cancel(reason);
    },
    /** @returns {Promise<Hint>} */
    async ask() {
      const r = runner.part();
      if (r) return r.ask();
      withdraw('A newer hint was asked for.');
      const mine = asked;
      const loaded = await runner.load();
      if (asked !== mine) throw abortError(why);
      return loaded.ask();
    },
  };
}

/**
 * A board's clocks (clocks.js), fetched when the board first has a game with a time control
 * (lib/clock.js `gameTimeControl`): a board without one has no clocks to start, move or read, and
 * until then each of these does what the runner does without clocks. A game with one put on the
 * board before the runner is there has its clocks started once it is (and the board redrawn), a
 * moment later, the first time: `start` resolves then; a live game's clocks derived meanwhile
 * (`follow`, the last of them) are derived then, so that what the clocks show does not hang on
 * whether their code or the relay's snapshot came first. A board whose settings give a new game a
 * clock fetches it with its other parts, before it is ready (`needed`).
 * @param {ClockBoard & {resources(): BoardResources, refresh(): void, error(message: string): void}} board
 */
export function clockDoor(board) {
  const runner = lazyPart(() => import('./clocks.js').then((m) => new m.ClockRunner(board)));
  /** @typedef {{game: CoreGame|null, times: (number|undefined)[], starts: number[]}} Followed */
  /** The last live game's clocks asked while the runner loads (follow's arguments), and of which game. */
  let followed = /** @type {Followed|null} */ (null);
  return {
    needed: () => (settingsTimeControl(board.state().settings) ? runner.load().catch(() => {}) : Promise.resolve()),
    /**
     * ClockRunner's start(), once it is there. Resolves once the game's clocks have started.
     * @param {CoreGame} game
     * @returns {Promise<void>}
     */
    async start(game) {
      const r = runner.part();
      if (r) return r.start(game);
      board.apply(withClocks, null);
      followed = null;
      if (!gameTimeControl(game, board.state().settings)) return;
      let loaded;
      try {
        loaded = await runner.load();
      } catch (e) {
        return board.error(errorText(e));
      }
      // Another game went on meanwhile, and its own start saw to its clocks.
      if (board.resources().game !== game) return;
      loaded.start(game);
      // (Set by `follow` while the runner loaded: not the null it was before.)
      const f = /** @type {Followed|null} */ (followed);
      followed = null;
      if (f && f.game === game) loaded.follow(f.times, f.starts);
      board.refresh();
    },
    /** @type {ClockRunner['moved']} */
    moved: (game, mover, claim) => runner.part()?.moved(game, mover, claim) ?? null,
    /** @type {ClockRunner['follow']} */
    follow(times, starts) {
      const r = runner.part();
      if (r) return r.follow(times, starts);
      followed = { game: board.resources().game, times, starts };
    },
    /** @type {ClockRunner['stamped']} */
    stamped(game, text) {
      // A game without a clock has no turn to time.
      if (!gameTimeControl(game, board.state().settings)) return 'none';
      const r = runner.part();
      // Still loading: the record keeps when the turn began, and the runner's start reads it.
      return r ? r.stamped(game, text) : takeLinkStamp(game, text, board.now ? board.now() : Date.now());
    },
    /** @type {ClockRunner['settled']} */
    settled: (game, gs) => runner.part()?.settled(game, gs),
    connected: () => runner.part()?.connected(),
    /** @type {ClockRunner['reading']} */
    reading: () => runner.part()?.reading() ?? null,
  };
}
