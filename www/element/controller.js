// The game flow of one <blue-gray-game>: owns the rules core's Game and carries out every
// change. Each public method of the element and each intent of input.js comes here. The state
// changes only through `apply(change, ...args)` with a named change of board.js. Setting up a
// game is game-setup.js's, playing a move and what follows it mover.js's, the picture
// painter.js's, going through the game history.js's, the computer computer.js's, a puzzle
// puzzle-mode.js's and puzzle-runner.js's, the edit mode edit-mode.js's, a hint hint-runner.js's,
// an ending by the players' word endings.js's, a live game live-link.js's (the puzzle runner,
// the edit mode, the hints and the live link fetched when first needed: lazy-parts.js), the
// marks a page puts on the board marks.js's, reading the attributes attributes.js's (their table
// config.js's). Which part is given what is wiring.js's; this module gives them the board's hub
// and runs their effects (the rules core, events, frames) in order.
import * as B from './board.js';
import * as S from './state.js';
import { handleIntent } from './intents.js';
import { wireParts } from './wiring.js';
import { resultMessage } from '../lib/result.js';
import { MAX_NESTING } from '../lib/tree.js';
import { translate, say, pickLanguage } from '../lib/i18n.js';
/** @import { BoardState } from './state.js' */
/** @import { BoardElements } from './render.js' */
/** @import { Intent } from '../board/input.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */

export class BoardController {
  /** The board's state (state.js), replaced by each change. */
  s = S.defaultState();
  /** Handles and caches (state.js `defaultResources`). */
  r = S.defaultResources();
  /** @private @type {HTMLElement} */ _host;
  /** @private @type {BoardElements} */ _els;
  /** The board's parts (wiring.js). @private @type {ReturnType<typeof wireParts>} */ _p;
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
    this._p = wireParts(
      {
        state: () => this.s,
        resources: () => this.r,
        apply: this.apply.bind(this),
        game: () => this.requireGame(),
        t: (key, params) => this.t(key, params),
        language: () => this.language,
        changed: () => this.changed(),
        refresh: () => this.refresh(),
        settled: (news) => this._settled(news),
        error: (message) => this._reportError(message),
        emit: (type, detail) => this._emit(type, detail),
        intent: (it) => this.intent(it),
        focus: (on) => this._focus(on),
        // The parts the attributes asked for, fetched meanwhile (`connected`), are there when
        // `ready` settles.
        loaded: () =>
          this._parts.then(() => {
            this._ready.resolve(host);
            this._emit('ready', {});
          }),
        failed: (message) => {
          this._reportError(message);
          this._ready.reject(new Error(message));
        },
      },
      host,
      els,
    );
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
    return this._p.history;
  }

  get hints() {
    return this._p.hints;
  }

  get endings() {
    return this._p.endings;
  }

  get painter() {
    return this._p.painter;
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
    this.r.resizeObserver = new ResizeObserver(() => this._p.painter.frame());
    this.r.resizeObserver.observe(this._els.frame);
    this._p.attributes.read(false);
    this._p.painter.label((key) => this.t(key));
    this._p.painter.frame();
    this._p.clocks.connected();
    if (!this.r.core) {
      this._parts = Promise.all([this._p.live.needed(), this._p.edit.needed(), this._p.puzzle.needed(), this._p.clocks.needed()]);
      this._p.setup.load();
    } else {
      this._p.computer.warm();
      this._p.computer.consider();
      this._p.puzzle.resume();
      this._p.live.sync();
    }
  }

  disconnected() {
    this.apply(B.connected, false);
    this.r.resizeObserver?.disconnect();
    this.r.resizeObserver = null;
    this._p.computer.suspend();
    this._p.puzzle.cancel();
    this._p.hints.cancel('The board was removed from the page.');
    this._p.live.sync();
    this._p.clocks.connected();
  }

  /** @param {string} name */
  attributeChanged(name) {
    this._p.attributes.changed(name);
  }

  // ------------------------------------------------------------------ games

  /**
   * newGame(options) of the element; see its documentation.
   * @param {unknown} options
   * @returns {Promise<void>}
   */
  newGame(options) {
    return this._p.setup.newGame(options);
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
    this._p.clocks.settled(this.r.game, gs);
    this._p.painter.describe(news);
    this.changed();
    this._p.computer.consider();
  }

  /** The clocks as the page reads them (the element's `clock` property), or null. */
  get clocks() {
    return this._p.clocks.reading();
  }

  /**
   * The element's takeStamp(text): by link only, the friend's link's stamp taken into the game.
   * @param {unknown} text
   */
  takeStamp(text) {
    const game = this.requireGame();
    if (this.s.settings.mode !== 'friend') throw new Error(this.t('api.noStampHere'));
    const refused = this._p.clocks.stamped(game, text);
    this.refresh();
    return refused;
  }

  /**
   * The element's takeName(text): by link only, the friend's name their link's record carries.
   * @param {unknown} text
   */
  takeName(text) {
    this.requireGame();
    if (this.s.settings.mode !== 'friend') throw new Error(this.t('api.noNameHere'));
    const taken = this._p.setup.takeFriendName(text);
    this.refresh();
    return taken;
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
    return this._p.mover.play(text);
  }

  /**
   * Tries `text` at the position looked at, as a move made there on the board (the element's
   * explore(); the intent 'explore' of intents.js): the board's new path, or null where no move
   * may be tried (state.js canExplore). Throws where the move is not legal there, or where it
   * would start a variation nested deeper than a record is read back with (lib/tree.js).
   * @param {string} text
   * @returns {number[]|null}
   */
  explore(text) {
    const { view } = this.s;
    if (!view || !S.canExplore(this.s)) return null;
    const wanted = text.trim().toLowerCase();
    const move = view.gs.moves.find((m) => m.text.toLowerCase() === wanted);
    if (!move) throw new Error(this.t('api.exploreNotLegal', { move: text.trim().slice(0, 40) }));
    if (!this._p.history.explore(move.text)) throw new Error(this.t('api.tooDeep', { max: MAX_NESTING }));
    return this.s.view ? [...this.s.view.path] : null;
  }

  /** @param {boolean} on */
  setPaused(on) {
    this.apply(B.paused, !!on);
    if (this.s.paused) this._p.computer.cancel();
    this.changed();
    this._p.computer.consider();
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
    if (effect && effect.type === 'play') return this._p.mover.playIndex(effect.index);
    if (effect && effect.type === 'explore') return this._p.history.explore(effect.move);
    if (effect && effect.type === 'explain' && this._p.mover.explain(effect.from, effect.to)) return;
    // A screen reader hears what the cursor is on, and the selection as it now stands.
    if ((effect && effect.type === 'describe') || this.s.ui.path !== picked) this._p.painter.describe();
    this.changed();
  }

  /** @private @param {boolean} on */
  _focus(on) {
    this.apply(B.focused, on);
    if (on) this._p.painter.describe();
    this._p.painter.frame();
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

  /** Against a person elsewhere: `side` (this seat when not given) asks to take back its last move or withdraws its request, or this seat accepts or declines the request that stands (takebacks.js). @param {'ask'|'accept'|'decline'|'withdraw'} answer @param {unknown} [side] */
  takeback(answer, side) {
    const t = this._p.takebacks;
    if (answer === 'accept') t.accept();
    else if (answer === 'decline') t.decline();
    else if (answer === 'withdraw') t.withdraw(side);
    else t.ask(side);
  }

  get takebacks() {
    return this._p.takebacks;
  }

  /** Live, after the game: offers a rematch or accepts the other seat's (`accept`, or none), declines it or withdraws this seat's own (live-link.js). @param {'accept'|'decline'|'cancel'} [how] */
  rematch(how) {
    this._p.live.rematch(how);
  }

  /** The finished live game's rematch offer and its answer, or null. */
  rematchOffer() {
    return this._p.live.rematchOffer();
  }

  /** Takes this device's live seat from the other tab of the browser that plays it (live-link.js). */
  takeSeat() {
    return this._p.live.takeSeat();
  }

  /** The key of this device's live seat, for another device of the same player (live-link.js). */
  seatSecret() {
    return this._p.live.seatSecret();
  }

  /** Says a chat line from this device's live seat (live-link.js). @param {string} text */
  say(text) {
    return this._p.live.say(text);
  }

  /** The live game's chat as this seat has it (live-link.js). */
  chat() {
    return this._p.live.chat();
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
    this._p.edit.sync();
    this._p.painter.frame();
    this._emit('change', {});
  }
}
