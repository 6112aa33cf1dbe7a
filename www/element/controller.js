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
import { liveDoor, editDoor, puzzleDoor, hintDoor, clockDoor } from './lazy-parts.js';
import { GameSetup } from './game-setup.js';
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
  /** @private @type {HTMLElement} */ _host;
  /** @private @type {BoardElements} */ _els;
  /** @private */ _attributes;
  /** @private */ _computer;
  /** @private */ _mover;
  /** @private */ _puzzle;
  /** @private */ _history;
  /** @private */ _hints;
  /** @private */ _endings;
  /** @private */ _live;
  /** @private */ _painter;
  /** @private */ _setup;
  /** @private */ _edit;
  /** @private */ _clocks;
  /** Settles when the parts of the board its attributes asked for at first are fetched (lazy-parts.js). @private */
  _parts = Promise.resolve(/** @type {unknown} */ (undefined));
  /**
   * Settles when the rules core has loaded and the first game is set up.
   * @type {{promise: Promise<HTMLElement>, resolve: (host: HTMLElement) => void, reject: (e: Error) => void}}
   * @private
   */
  _ready;

  /**
   * @param {HTMLElement} host the element
   * @param {BoardElements} els its shadow tree's parts
   */
  constructor(host, els) {
    this._host = host;
    this._els = els;
    /** @type {(host: HTMLElement) => void} */
    let resolve = () => {};
    /** @type {(e: Error) => void} */
    let reject = () => {};
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {}); // a load failure is reported by an `error` event too
    this._ready = { promise, resolve, reject };
    // What every part of the board is given; each takes what its own typedef names.
    const port = {
      host,
      state: () => this.s,
      resources: () => this.r,
      core: () => this.r.core,
      game: () => this.requireGame(),
      catalogue: () => this.r.catalogue,
      apply: this.apply.bind(this),
      error: (/** @type {string} */ message) => this._reportError(message),
      t: (/** @type {string} */ key, /** @type {MessageParams|undefined} */ params) => this.t(key, params),
      say: (/** @type {Message} */ m) => say(this.language, m),
      language: () => this.language,
      changed: () => this.changed(),
      refresh: () => this.refresh(),
      settled: () => this._settled(),
      emit: (/** @type {string} */ type, /** @type {object} */ detail) => this._emit(type, detail),
      reflect: (/** @type {() => void} */ write) => this._attributes.reflect(write),
    };
    this._painter = new Painter(host, els, port);
    this._clocks = clockDoor({
      ...port,
      flagged: (side) => this._endings.flagged(side),
      grace: (side) => (this.s.settings.mode === 'live' && S.seatOf(this.s) !== side ? LAG_ALLOWANCE : 0),
      frame: () => this._painter.frame(),
    });
    this._attributes = new Attributes({
      ...port,
      newGame: () => this._setup.queue(),
      nameFriendGame: (game) => this._setup.nameFriendGame(game),
      stopComputer: () => this._computer.cancel(),
      stopPuzzle: () => this._puzzle.cancel(),
      syncLive: () => this._live.sync(),
      relabel: () => this._painter.label((key) => this.t(key)),
      describe: () => this._painter.describe(),
      consider: () => this._computer.consider(),
    });
    this._mover = new Mover({
      ...port,
      settled: (news) => this._settled(news),
      stopComputer: () => this._computer.cancel(),
      livePlayed: (history, time) => this._live.played(history, time),
      clockMoved: (mover, claim) => this._clocks.moved(this.requireGame(), mover, claim),
      judge: () => this._puzzle.judge(),
    });
    this._computer = new Computer({
      ...port,
      thinking: (on) => this._mover.thinking(on),
      asked: (a) => this.apply(B.searchAsked, a.requested),
      reply: (result, asked) => this._mover.replied(result, asked),
      failed: (e) => this._mover.failed(e.message),
    });
    this._puzzle = puzzleDoor({
      ...port,
      teaching: loadTeaching,
      setPuzzle: (puzzle) => this.apply(B.withPuzzle, puzzle),
      markMistake: () => this.apply(B.withMistake),
      takeBack: (news) => {
        this._history.step(-1);
        this._painter.describe(news);
      },
      play: (move) => this._mover.playMove(move, 'computer'),
      emit: (type, detail) => {
        if (type === 'puzzle-failed') this._emit('puzzle-failed', detail);
        else if (type === 'puzzle-slower') this._emit('puzzle-slower', { moves: detail.moves });
        else this._emit('puzzle-solved', { moves: detail.moves });
      },
    });
    this._history = new History({ ...port, stopMoving: () => this._computer.cancel(), describe: () => this._painter.describe(), keepVariations: () => this._setup.keepVariations() });
    this._hints = hintDoor(port);
    this._endings = new Endings({ ...port, stopMoving: () => this._computer.cancel(), liveDeclared: (how, side) => this._live.declared(how, side) });
    this._live = liveDoor({
      ...port,
      game: () => this.r.game,
      newGame: (game) => this._setup.setGame(game, { keepSession: true }),
      playRemote: (move, claim) => this._mover.playMove(move, 'remote', claim),
      clockSince: (at) => this._clocks.resume(at),
      endRemote: (how, side) => this._endings.fromRelay(how, side),
      offerRemote: (side, ply) => this._endings.offerFromRelay(side, ply),
      reflect: (name, value) => this._attributes.reflect(() => host.setAttribute(name, value)),
    });
    this._setup = new GameSetup({
      ...port,
      readAttributes: (report) => this._attributes.read(report),
      line: () => this._history.line(),
      startClocks: (game) => this._clocks.start(game),
      limits: () => this._attributes.limits(),
      settingErrors: (errors) => this._attributes.settingErrors(errors),
      stop: () => {
        this._computer.cancel();
        this._puzzle.cancel();
        this._hints.cancel('A new game started.');
      },
      started: (keepSession) => {
        if (!keepSession) this._live.sync(true);
        this._settled();
      },
      loaded: () => {
        if (this.s.connected) this._computer.warm();
        // The parts the attributes asked for, fetched meanwhile (`connected`), are there when
        // `ready` settles.
        this._parts.then(() => {
          this._ready.resolve(host);
          this._emit('ready', {});
        });
      },
      failed: (message) => {
        this._reportError(message);
        this._ready.reject(new Error(message));
        this._painter.frame();
      },
    });
    this._edit = editDoor({ frame: els.frame, core: () => this.r.core, state: () => this.s, t: this.t.bind(this), language: () => this.language, emit: (type, detail) => this._emit(type, detail), failed: (m) => this._reportError(m) });
    attachInput(els.canvas, {
      toPoint: (x, y) => this._painter.toPoint(x, y),
      canDrag: (p) => S.canHumanMove(this.s) && I.canDragFrom(this.s.ui, p),
      onIntent: (it) => this.intent(it),
    });
    attachResultClose(els.resultClose, els.canvas, (it) => this.intent(it));
    els.canvas.addEventListener('focus', () => this._focus(true));
    els.canvas.addEventListener('blur', () => this._focus(false));
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
    return this._ready.promise;
  }

  get game() {
    return this.r.game;
  }

  get history() {
    return this._history;
  }

  get hints() {
    return this._hints;
  }

  get endings() {
    return this._endings;
  }

  get painter() {
    return this._painter;
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
    this.r.resizeObserver = new ResizeObserver(() => this._painter.frame());
    this.r.resizeObserver.observe(this._els.frame);
    this._attributes.read(false);
    this._painter.label((key) => this.t(key));
    this._painter.frame();
    this._clocks.connected();
    if (!this.r.core) {
      this._parts = Promise.all([this._live.needed(), this._edit.needed(), this._puzzle.needed(), this._clocks.needed()]);
      this._setup.load();
    } else {
      this._computer.warm();
      this._computer.consider();
      this._puzzle.resume();
      this._live.sync();
    }
  }

  disconnected() {
    this.apply(B.connected, false);
    this.r.resizeObserver?.disconnect();
    this.r.resizeObserver = null;
    this._computer.suspend();
    this._puzzle.cancel();
    this._hints.cancel('The board was removed from the page.');
    this._live.sync();
    this._clocks.connected();
  }

  /** @param {string} name */
  attributeChanged(name) {
    this._attributes.changed(name);
  }

  // ------------------------------------------------------------------ games

  /**
   * newGame(options) of the element; see its documentation.
   * @param {unknown} options
   * @returns {Promise<void>}
   */
  newGame(options) {
    return this._setup.newGame(options);
  }

  requireGame() {
    if (!this.r.game) throw new Error(this.t('api.notReady'));
    return this.r.game;
  }

  /**
   * After any change of the game: announce a result reached now, describe, redraw, let the computer move.
   * @param {Message[]} [news]
   * @private
   */
  _settled(news = []) {
    const gs = this.s.gs;
    if (gs && gs.result && this.s.announced !== gs.ply) {
      this.apply(B.announced, gs.ply);
      queueMicrotask(() => this._emitGameOver());
    }
    this._clocks.settled(this.r.game, gs);
    this._painter.describe(news);
    this.changed();
    this._computer.consider();
  }

  /** The clocks as the page reads them (the element's `clock` property), or null. */
  get clocks() {
    return this._clocks.reading();
  }

  /** The game changed without a move of its own (a tag, say). */
  refresh() {
    this.apply(B.withGame, this.requireGame().state());
    this._settled();
  }

  // ------------------------------------------------------------------ moves

  /**
   * Plays `text` (the element's play()); returns the move as the rules core writes it.
   * @param {string} text
   */
  play(text) {
    return this._mover.play(text);
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
    this._history.explore(move.text);
    return this.s.view ? [...this.s.view.path] : null;
  }

  /** @param {boolean} on */
  setPaused(on) {
    this.apply(B.paused, !!on);
    if (this.s.paused) this._computer.cancel();
    this.changed();
    this._computer.consider();
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
    if (effect && effect.type === 'play') return this._mover.playIndex(effect.index);
    if (effect && effect.type === 'explore') return this._history.explore(effect.move);
    if (effect && effect.type === 'explain' && this._mover.explain(effect.from, effect.to)) return;
    // A screen reader hears what the cursor is on, and the selection as it now stands.
    if ((effect && effect.type === 'describe') || this.s.ui.path !== picked) this._painter.describe();
    this.changed();
  }

  /** @private @param {boolean} on */
  _focus(on) {
    this.apply(B.focused, on);
    if (on) this._painter.describe();
    this._painter.frame();
  }

  // ------------------------------------------------------------------ telling

  /**
   * @param {string} type
   * @param {object} detail
   * @private
   */
  _emit(type, detail) {
    this._host.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  /** @private */
  _emitGameOver() {
    const gs = this.s.gs;
    const r = gs && gs.result;
    if (!r) return;
    this._emit('gameover', { winner: r.winner, reason: r.reason, cause: r.cause, token: r.token, text: this.resultText() });
  }

  /** The result of the finished game in the board's language, or ''. */
  resultText() {
    return say(this.language, resultMessage(this.s.gs));
  }

  /** Takes this device's live seat from the other tab of the browser that plays it (live-link.js). */
  takeSeat() {
    return this._live.takeSeat();
  }

  /** The key of this device's live seat, for another device of the same player (live-link.js). */
  seatSecret() {
    return this._live.seatSecret();
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

  /** @private @param {string} message */
  _reportError(message) {
    this._emit('error', { message });
  }

  /** Something a page around the board may show has changed: redraw, and tell it. */
  changed() {
    this._edit.sync();
    this._painter.frame();
    this._emit('change', {});
  }
}
