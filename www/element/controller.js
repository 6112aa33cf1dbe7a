// The game flow of one <blue-gray-game>: owns the rules core's Game and carries out every
// change. Each public method of the element and each intent of input.js comes here. The state
// changes only through `apply(change, ...args)` with a named change of board.js. Setting up a
// game is game-setup.js's, playing a move and what follows it mover.js's, the picture
// painter.js's, going through the game history.js's, the computer computer.js's, a puzzle
// puzzle-mode.js's and puzzle-runner.js's, the edit mode edit-mode.js's, a hint hint-runner.js's,
// an ending by the players' word endings.js's, a live game live-link.js's (the puzzle runner,
// the edit mode, the hints and the live link fetched when first needed: lazy-parts.js), the
// marks a page puts on the board marks.js's, reading the attributes attributes.js's (their table
// config.js's); this module gives each the board's port and runs their effects (the rules core,
// events, frames) in order.
import * as B from './board.js';
import * as I from './interaction.js';
import * as S from './state.js';
import { Attributes } from './attributes.js';
import { handleIntent } from './intents.js';
import { Computer } from './computer.js';
import { Mover } from './mover.js';
import { History } from './history.js';
import { Endings } from './endings.js';
import { Painter } from './painter.js';
import { liveDoor, editDoor, puzzleDoor, hintDoor } from './lazy-parts.js';
import { GameSetup } from './game-setup.js';
import { ClockRunner } from './clocks.js';
import { LAG_ALLOWANCE } from '../lib/clock.js';
import { loadTeaching } from '../engine/assets.js';
import { attachInput, attachResultClose } from './input.js';
import { resultMessage } from '../lib/result.js';
import { translate, say, pickLanguage } from '../lib/i18n.js';
/** @import { BoardState } from './state.js' */
/** @import { BoardElements } from './render.js' */
/** @import { Intent } from './input.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */

export class BoardController {
  /** The board's state (state.js), replaced by each change. */
  s = S.defaultState();
  /** Handles and caches (state.js `defaultResources`). */
  r = S.defaultResources();
  /** @type {HTMLElement} */
  #host;
  /** @type {BoardElements} */
  #els;
  #attributes;
  #computer;
  #mover;
  #puzzle;
  #history;
  #hints;
  #endings;
  #live;
  #painter;
  #setup;
  #edit;
  #clocks;
  /** Settles when the parts of the board its attributes asked for at first are fetched (lazy-parts.js). */
  #parts = Promise.resolve(/** @type {unknown} */ (undefined));
  /**
   * Settles when the rules core has loaded and the first game is set up.
   * @type {{promise: Promise<HTMLElement>, resolve: (host: HTMLElement) => void, reject: (e: Error) => void}}
   */
  #ready;

  /**
   * @param {HTMLElement} host the element
   * @param {BoardElements} els its shadow tree's parts
   */
  constructor(host, els) {
    this.#host = host;
    this.#els = els;
    /** @type {(host: HTMLElement) => void} */
    let resolve = () => {};
    /** @type {(e: Error) => void} */
    let reject = () => {};
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {}); // a load failure is reported by an `error` event too
    this.#ready = { promise, resolve, reject };
    // What every part of the board is given; each takes what its own typedef names.
    const port = {
      host,
      state: () => this.s,
      resources: () => this.r,
      core: () => this.r.core,
      game: () => this.requireGame(),
      catalogue: () => this.r.catalogue,
      apply: this.apply.bind(this),
      error: (/** @type {string} */ message) => this.#reportError(message),
      t: (/** @type {string} */ key, /** @type {MessageParams|undefined} */ params) => this.t(key, params),
      say: (/** @type {Message} */ m) => say(this.language, m),
      language: () => this.language,
      changed: () => this.changed(),
      refresh: () => this.refresh(),
      settled: () => this.#settled(),
      emit: (/** @type {string} */ type, /** @type {object} */ detail) => this.#emit(type, detail),
      reflect: (/** @type {() => void} */ write) => this.#attributes.reflect(write),
    };
    this.#painter = new Painter(host, els, port);
    this.#clocks = new ClockRunner({
      ...port,
      flagged: (side) => this.#endings.flagged(side),
      grace: (side) => (this.s.settings.mode === 'live' && S.seatOf(this.s) !== side ? LAG_ALLOWANCE : 0),
      frame: () => this.#painter.frame(),
    });
    this.#attributes = new Attributes({
      ...port,
      newGame: () => this.#setup.queue(),
      nameFriendGame: (game) => this.#setup.nameFriendGame(game),
      stopComputer: () => this.#computer.cancel(),
      stopPuzzle: () => this.#puzzle.cancel(),
      syncLive: () => this.#live.sync(),
      relabel: () => this.#painter.label((key) => this.t(key)),
      describe: () => this.#painter.describe(),
      consider: () => this.#computer.consider(),
    });
    this.#mover = new Mover({
      ...port,
      settled: (news) => this.#settled(news),
      stopComputer: () => this.#computer.cancel(),
      livePlayed: (history, time) => this.#live.played(history, time),
      clockMoved: (mover, claim) => this.#clocks.moved(this.requireGame(), mover, claim),
      judge: () => this.#puzzle.judge(),
    });
    this.#computer = new Computer({
      ...port,
      thinking: (on) => this.#mover.thinking(on),
      asked: (a) => this.apply(B.searchAsked, a.requested),
      reply: (result, asked) => this.#mover.replied(result, asked),
      failed: (e) => this.#mover.failed(e.message),
    });
    this.#puzzle = puzzleDoor({
      ...port,
      teaching: loadTeaching,
      setPuzzle: (puzzle) => this.apply(B.withPuzzle, puzzle),
      markMistake: () => this.apply(B.withMistake),
      takeBack: (news) => {
        this.#history.step(-1);
        this.#painter.describe(news);
      },
      play: (move) => this.#mover.playMove(move, 'computer'),
      emit: (type, detail) => {
        if (type === 'puzzle-failed') this.#emit('puzzle-failed', detail);
        else if (type === 'puzzle-slower') this.#emit('puzzle-slower', { moves: detail.moves });
        else this.#emit('puzzle-solved', { moves: detail.moves });
      },
    });
    this.#history = new History({ ...port, stopMoving: () => this.#computer.cancel(), describe: () => this.#painter.describe(), keepVariations: () => this.#setup.keepVariations() });
    this.#hints = hintDoor(port);
    this.#endings = new Endings({ ...port, stopMoving: () => this.#computer.cancel(), liveDeclared: (how, side) => this.#live.declared(how, side) });
    this.#live = liveDoor({
      ...port,
      game: () => this.r.game,
      newGame: (game) => this.#setup.setGame(game, { keepSession: true }),
      playRemote: (move, claim) => this.#mover.playMove(move, 'remote', claim),
      clockSince: (at) => this.#clocks.resume(at),
      endRemote: (how, side) => this.#endings.fromRelay(how, side),
      offerRemote: (side, ply) => this.#endings.offerFromRelay(side, ply),
      reflect: (name, value) => this.#attributes.reflect(() => host.setAttribute(name, value)),
    });
    this.#setup = new GameSetup({
      ...port,
      readAttributes: (report) => this.#attributes.read(report),
      line: () => this.#history.line(),
      startClocks: (game) => this.#clocks.start(game),
      limits: () => this.#attributes.limits(),
      settingErrors: (errors) => this.#attributes.settingErrors(errors),
      stop: () => {
        this.#computer.cancel();
        this.#puzzle.cancel();
        this.#hints.cancel('A new game started.');
      },
      started: (keepSession) => {
        if (!keepSession) this.#live.sync(true);
        this.#settled();
      },
      loaded: () => {
        if (this.s.connected) this.#computer.warm();
        // The parts the attributes asked for, fetched meanwhile (`connected`), are there when
        // `ready` settles.
        this.#parts.then(() => {
          this.#ready.resolve(host);
          this.#emit('ready', {});
        });
      },
      failed: (message) => {
        this.#reportError(message);
        this.#ready.reject(new Error(message));
        this.#painter.frame();
      },
    });
    this.#edit = editDoor({ frame: els.frame, core: () => this.r.core, state: () => this.s, t: this.t.bind(this), language: () => this.language, emit: (type, detail) => this.#emit(type, detail), failed: (m) => this.#reportError(m) });
    attachInput(els.canvas, {
      toPoint: (x, y) => this.#painter.toPoint(x, y),
      canDrag: (p) => S.canHumanMove(this.s) && I.canDragFrom(this.s.ui, p),
      onIntent: (it) => this.intent(it),
    });
    attachResultClose(els.resultClose, els.canvas, (it) => this.intent(it));
    els.canvas.addEventListener('focus', () => this.#focus(true));
    els.canvas.addEventListener('blur', () => this.#focus(false));
  }

  /**
   * Changes the board's state: the one way it changes, by a named change of board.js.
   * @template {unknown[]} A
   * @param {(s: BoardState, ...args: A) => BoardState} change
   * @param {A} args
   */
  apply(change, ...args) {
    this.s = change(this.s, ...args);
  }

  get ready() {
    return this.#ready.promise;
  }

  get game() {
    return this.r.game;
  }

  get history() {
    return this.#history;
  }

  get hints() {
    return this.#hints;
  }

  get endings() {
    return this.#endings;
  }

  get painter() {
    return this.#painter;
  }

  /** The language the board speaks. */
  get language() {
    return this.s.lang || pickLanguage([document.documentElement.lang, ...(navigator.languages || [])]);
  }

  /**
   * @param {string} key
   * @param {MessageParams} [params]
   */
  t(key, params) {
    return translate(this.language, key, params);
  }

  // ------------------------------------------------------------------ lifecycle and attributes

  connected() {
    this.apply(B.connected, true);
    this.r.resizeObserver = new ResizeObserver(() => this.#painter.frame());
    this.r.resizeObserver.observe(this.#els.frame);
    this.#attributes.read(false);
    this.#painter.label((key) => this.t(key));
    this.#painter.frame();
    this.#clocks.connected();
    if (!this.r.core) {
      this.#parts = Promise.all([this.#live.needed(), this.#edit.needed(), this.#puzzle.needed()]);
      this.#setup.load();
    } else {
      this.#computer.warm();
      this.#computer.consider();
      this.#puzzle.resume();
      this.#live.sync();
    }
  }

  disconnected() {
    this.apply(B.connected, false);
    this.r.resizeObserver?.disconnect();
    this.r.resizeObserver = null;
    this.#computer.suspend();
    this.#puzzle.cancel();
    this.#hints.cancel('The board was removed from the page.');
    this.#live.sync();
    this.#clocks.connected();
  }

  /** @param {string} name */
  attributeChanged(name) {
    this.#attributes.changed(name);
  }

  // ------------------------------------------------------------------ games

  /**
   * newGame(options) of the element; see its documentation.
   * @param {unknown} options
   * @returns {Promise<void>}
   */
  newGame(options) {
    return this.#setup.newGame(options);
  }

  requireGame() {
    if (!this.r.game) throw new Error(this.t('api.notReady'));
    return this.r.game;
  }

  /**
   * After any change of the game: announce a result reached now, describe, redraw, let the computer move.
   * @param {Message[]} [news]
   */
  #settled(news = []) {
    const gs = this.s.gs;
    if (gs && gs.result && this.s.announced !== gs.ply) {
      this.apply(B.announced, gs.ply);
      queueMicrotask(() => this.#emitGameOver());
    }
    this.#clocks.settled(this.r.game, gs);
    this.#painter.describe(news);
    this.changed();
    this.#computer.consider();
  }

  /** The clocks as the page reads them (the element's `clock` property), or null. */
  get clocks() {
    return this.#clocks.reading();
  }

  /** The game changed without a move of its own (a tag, say). */
  refresh() {
    this.apply(B.withGame, this.requireGame().state());
    this.#settled();
  }

  // ------------------------------------------------------------------ moves

  /**
   * Plays `text` (the element's play()); returns the move as the rules core writes it.
   * @param {string} text
   */
  play(text) {
    return this.#mover.play(text);
  }

  /**
   * Tries `text` at the position looked at, as a move made there on the board (the element's
   * explore(); the intent 'explore' of intents.js): the board's new path, or null where no move
   * may be tried (state.js canExplore).
   * @param {string} text
   * @returns {number[]|null}
   */
  explore(text) {
    const { view } = this.s;
    if (!view || !S.canExplore(this.s)) return null;
    const wanted = text.trim().toLowerCase();
    const move = view.gs.moves.find((m) => m.text.toLowerCase() === wanted);
    if (!move) throw new Error(this.t('api.exploreNotLegal', { move: text.trim().slice(0, 40) }));
    this.#history.explore(move.text);
    return this.s.view ? [...this.s.view.path] : null;
  }

  /** @param {boolean} on */
  setPaused(on) {
    this.apply(B.paused, !!on);
    if (this.s.paused) this.#computer.cancel();
    this.changed();
    this.#computer.consider();
  }

  /** What marking (marks.js) asks of the board. */
  get marked() {
    return { state: () => this.s, game: () => this.requireGame(), apply: this.apply.bind(this), changed: () => this.changed(), t: this.t.bind(this) };
  }

  // ------------------------------------------------------------------ input

  /**
   * Carries out an intent of input.js (intents.js decides; this runs what it asks for).
   * @param {Intent} it
   */
  intent(it) {
    const picked = this.s.ui.path;
    const { state, effect } = handleIntent(this.s, it);
    this.apply(() => state);
    if (effect && effect.type === 'play') return this.#mover.playIndex(effect.index);
    if (effect && effect.type === 'explore') return this.#history.explore(effect.move);
    if (effect && effect.type === 'explain' && this.#mover.explain(effect.from, effect.to)) return;
    // A screen reader hears what the cursor is on, and the selection as it now stands.
    if ((effect && effect.type === 'describe') || this.s.ui.path !== picked) this.#painter.describe();
    this.changed();
  }

  /** @param {boolean} on */
  #focus(on) {
    this.apply(B.focused, on);
    if (on) this.#painter.describe();
    this.#painter.frame();
  }

  // ------------------------------------------------------------------ telling

  /**
   * @param {string} type
   * @param {object} detail
   */
  #emit(type, detail) {
    this.#host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #emitGameOver() {
    const gs = this.s.gs;
    const r = gs && gs.result;
    if (!r) return;
    this.#emit('gameover', { winner: r.winner, reason: r.reason, cause: r.cause, token: r.token, text: this.resultText() });
  }

  /** The result of the finished game in the board's language, or ''. */
  resultText() {
    return say(this.language, resultMessage(this.s.gs));
  }

  /** Takes this device's live seat from the other tab of the browser that plays it (live-link.js). */
  takeSeat() {
    return this.#live.takeSeat();
  }

  /** The key of this device's live seat, for another device of the same player (live-link.js). */
  seatSecret() {
    return this.#live.seatSecret();
  }

  /**
   * The element's toPNG() (the position shown) or toGIF() (the whole game) as the board shows
   * them (pictures.js, fetched now).
   * @param {'png'|'gif'} kind
   * @param {unknown} options
   * @returns {Promise<Blob>}
   */
  async picture(kind, options) {
    const game = this.requireGame();
    const { core } = this.r;
    const gs = S.shownGame(this.s);
    const P = await import('./pictures.js');
    const look = P.pictureLook(options, { theme: this.s.theme, flipped: S.bottomSide(this.s) === 'gray', coordinates: this.s.coordinates }, (k, p) => this.t(k, p));
    if (!core || !gs) throw new Error(this.t('api.notReady'));
    return kind === 'png' ? P.positionPNG(gs, look) : P.gameGIF(core, game.state(), look);
  }

  /** @param {string} message */
  #reportError(message) {
    this.#emit('error', { message });
  }

  /** Something a page around the board may show has changed: redraw, and tell it. */
  changed() {
    this.#edit.sync();
    this.#painter.frame();
    this.#emit('change', {});
  }
}
