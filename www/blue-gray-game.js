// <blue-gray-game>: the board and the game as one reusable element. Importing this module
// registers it; any number of boards may live on one page, each with its own game and its own
// AI worker, all sharing one compiled rules core (assets.js).
//
//   <script type="module" src="blue-gray-game.js"></script>
//   <blue-gray-game mode="ai" level="3"></blue-gray-game>
//
// Attributes (reflected by properties of the same name, changeable at any time): variant, mode
// (ai | two | demo | view), side, level, movetime, position, record, orientation (blue | gray),
// coordinates (on | off), lang, theme (wood | dark | contrast). Methods: play(text), undo(),
// redo(), newGame(options), flip(), hint(), showHint(move), continueFrom(ply), line(), resultText(),
// pointCenter(point). Properties: state, record, code, ready, thinking, paused, viewPly,
// aiInfo, settings, catalogue. Events (bubbling, composed, with `detail`): ready, move,
// gameover, error, thinking, change.
//
// The element separates state (state.js), drawing (draw.js, a pure function of the state) and
// input (input.js turns events into intents); the rules come only from the rules core.
import { layout, drawBoard } from './draw.js';
import { attachInput } from './input.js';
import * as I from './interaction.js';
import * as S from './state.js';
import { loadWasm, stylesheet } from './assets.js';
import { AiClient } from './ai-client.js';
import { readSettings, settingErrorText, DEFAULTS } from './settings.js';
import { startGlide, glideAt } from './anim.js';
import { translate, say, pickLanguage, loadLanguage } from './i18n.js';

/** The attributes the element watches, and which of them start a new game when changed. */
const ATTRIBUTES = ['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record', 'orientation', 'coordinates', 'lang', 'theme'];
const GAME_ATTRIBUTES = new Set(['variant', 'position', 'record']);

/** How hard the engine thinks for a hint: the strongest level, within a second. */
const HINT = { level: 8, movetimeMs: 600 };

/** Pause before the computer moves, so that a person sees the position it answers. */
const COMPUTER_DELAY_MS = { ai: 120, demo: 450 };

/** The shadow tree: the canvas, a line for refusals and errors, and a description for screen readers. */
function shadowMarkup() {
  return `
    <div class="frame" part="frame">
      <canvas part="board" tabindex="0" role="application"></canvas>
      <p class="notice" part="notice" role="status" hidden></p>
      <p class="desc" aria-live="polite"></p>
    </div>`;
}

export class BlueGrayGame extends HTMLElement {
  static get observedAttributes() {
    return ATTRIBUTES;
  }

  /** The board's state, declared in state.js. */
  #s = S.defaultState();
  /** The rules core's game (wasm), or null before the first game. */
  #game = null;
  /** The bindings once loaded: {Game, variants}. */
  #core = null;
  #ai = new AiClient();
  /** Analysis (hints) has its own worker, so it never delays the computer's move. */
  #analysis = null;
  #aiTimer = null;
  /** Ignore attribute callbacks while the element writes its own attributes. */
  #reflecting = false;
  #newGameQueued = false;
  #renderQueued = false;
  #drawnKey = '';
  #layout = null;
  #dpr = 1;
  #resultSeen = null;
  #resizeObserver = null;
  #readyResolve;
  #readyReject;
  #ready = new Promise((resolve, reject) => {
    this.#readyResolve = resolve;
    this.#readyReject = reject;
  });
  #els;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    stylesheet(root);
    const tpl = document.createElement('template');
    tpl.innerHTML = shadowMarkup();
    root.appendChild(tpl.content);
    this.#els = {
      frame: root.querySelector('.frame'),
      canvas: root.querySelector('canvas'),
      notice: root.querySelector('.notice'),
      desc: root.querySelector('.desc'),
    };
    this.#ready.catch(() => {}); // a load failure is reported by an `error` event too
  }

  connectedCallback() {
    this.#wireInput();
    this.#resizeObserver = new ResizeObserver(() => this.#scheduleRender());
    this.#resizeObserver.observe(this.#els.frame);
    this.#applyAttributes();
    this.#labelCanvas();
    this.#scheduleRender();
    if (!this.#core) this.#load();
  }

  disconnectedCallback() {
    this.#resizeObserver?.disconnect();
    this.#cancelAi();
    this.#ai.close();
    this.#analysis?.close();
    this.#analysis = null;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (this.#reflecting || oldValue === newValue) return;
    this.#applyAttribute(name);
    if (GAME_ATTRIBUTES.has(name)) this.#queueNewGame();
    else this.#afterSettingsChange(name);
  }

  // ------------------------------------------------------------------ public API

  /** Settles when the rules core has loaded and the first game is set up. */
  get ready() {
    return this.#ready;
  }

  /** The plain state object the board draws from (the rules core's view of the game), or null. */
  get state() {
    return this.#s.gs;
  }

  /** The game record of the game in progress. */
  get record() {
    return this.#game ? this.#game.record() : this.getAttribute('record');
  }

  set record(text) {
    this.#setAttr('record', text);
  }

  /** The current position code. */
  get code() {
    return this.#game ? this.#game.code() : null;
  }

  /** Whether the computer is waiting to move or thinking. */
  get thinking() {
    return this.#s.thinking;
  }

  /** Whether a demo is held still. */
  get paused() {
    return this.#s.paused;
  }

  set paused(on) {
    this.#s.paused = !!on;
    this.#s.halted = false;
    if (this.#s.paused) this.#cancelAi();
    this.#changed();
    this.#maybeComputer();
  }

  /** The last search of the computer: {side, move, score, scoreText, depth, nodes, pv}, or null. */
  get aiInfo() {
    return this.#s.aiInfo;
  }

  /** performance.now() when the last search was requested and answered (for measuring). */
  get lastSearch() {
    return this.#s.lastSearch ? { ...this.#s.lastSearch } : null;
  }

  /** Whether the computer's last move is still gliding into place. */
  get animating() {
    return !!glideAt(this.#s.glide, this.#s.gs && this.#s.gs.code, performance.now());
  }

  /** The piece picked and the hops entered so far, with the legal next points, or null. */
  get selection() {
    return this.#s.gs ? I.selectionView(this.#s.gs, this.#s.ui) : null;
  }

  /** The settings in force: {variant, mode, side, level, movetime}. */
  get settings() {
    return { ...this.#s.settings };
  }

  /** The value in force of a reflected attribute (see the properties defined below the class). */
  reflected(name) {
    const s = this.#s;
    if (name in s.settings) return s.settings[name];
    if (name === 'position') return this.getAttribute('position');
    if (name === 'orientation') return S.bottomSide(s);
    if (name === 'lang') return this.language;
    return s[name];
  }

  /** The side shown at the bottom of the board. */
  get bottomSide() {
    return S.bottomSide(this.#s);
  }

  /** The variants and levels the rules core knows (after `ready`). */
  get catalogue() {
    return this.#core ? this.#core.variants() : null;
  }

  /**
   * Plays a move given in notation (`d2-d3`, `c3xc5xe5`) and returns it normalised; throws an
   * Error saying why when it cannot be played.
   */
  play(text) {
    const game = this.#requireGame();
    if (typeof text !== 'string') throw new TypeError(this.#t('api.moveNotText', { type: typeOf(text) }));
    this.#cancelAi();
    const before = this.#s.gs;
    const played = game.play(text);
    this.#afterMove(before, 'api', false);
    return played;
  }

  /** Takes back a move (against the computer, back to the person's turn). Returns whether it did. */
  undo() {
    return this.#step(-1);
  }

  /** Replays a move taken back (against the computer, up to the person's turn). Returns whether it did. */
  redo() {
    return this.#step(1);
  }

  /**
   * Starts a new game. `options` may give any of variant, mode, side, level, movetime, position
   * and record (they become the element's attributes); a game starts from the variant's start
   * unless a position or a record is given. Throws an Error when an option is not valid.
   */
  newGame(options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError(this.#t('api.optionsNotObject'));
    const { settings, errors } = readSettings(options, ['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record']);
    if (errors.length) throw new Error(this.#settingErrors(errors));
    // Make the game first: a refused one changes nothing, attributes included.
    const game = this.#core
      ? this.#makeGame({ variant: settings.variant ?? this.#s.settings.variant, record: settings.record, position: settings.position })
      : null;
    this.#reflecting = true;
    try {
      for (const [k, v] of Object.entries(settings)) this.setAttribute(k, String(v));
      if (!('position' in settings)) this.removeAttribute('position');
      if (!('record' in settings)) this.removeAttribute('record');
      this.removeAttribute('orientation');
    } finally {
      this.#reflecting = false;
    }
    this.#applyAttributes();
    this.#s.orientation = null;
    if (!game) return this.#queueNewGame();
    if (!settings.record) this.#tagPlayers(game);
    this.#setGame(game);
  }

  /** The ply being looked at (0 is the start), or null while the board shows the game itself. */
  get viewPly() {
    return this.#s.view ? this.#s.view.ply : null;
  }

  /**
   * Looks at the position after `ply` moves without changing the game (the board then takes no
   * moves); null, or the game's own ply, goes back to the game.
   */
  set viewPly(ply) {
    const s = this.#s;
    const game = this.#requireGame();
    const last = s.gs.history.length;
    if (ply === null || ply === undefined || ply === last) {
      if (s.view) {
        s.view = null;
        this.#changed();
      }
      return;
    }
    if (!Number.isInteger(ply) || ply < 0 || ply > last) throw new RangeError(this.#t('api.badPly', { max: last }));
    const past = this.#core.Game.fromRecord(game.record());
    try {
      for (let i = last; i > ply; i--) past.undo();
      s.view = { ply, gs: past.state() };
    } finally {
      past.free();
    }
    s.ui = { ...s.ui, path: null, drag: null };
    this.#changed();
  }

  /**
   * Makes the position after `ply` moves the game's own, keeping the later moves to redo until
   * another move is played. Returns whether anything was taken back.
   */
  continueFrom(ply) {
    const game = this.#requireGame();
    const last = this.#s.gs.history.length;
    if (!Number.isInteger(ply) || ply < 0 || ply > last) throw new RangeError(this.#t('api.badPly', { max: last }));
    this.#cancelAi();
    this.#s.view = null;
    for (let i = last; i > ply; i--) game.undo();
    this.#s.halted = false;
    this.#refresh();
    return ply < last;
  }

  /**
   * The whole line of the game, moves taken back included: `{record, ply}`, the record of every
   * move and how many of them are played (the rest are there to redo). `newGame({record})` then
   * `continueFrom(ply)` brings it back.
   */
  line() {
    const game = this.#requireGame();
    let ahead = 0;
    while (game.redo()) ahead++;
    const record = game.record();
    for (let i = 0; i < ahead; i++) game.undo();
    return { record, ply: this.#s.gs.history.length };
  }

  /**
   * Asks the engine for the best move for the side to move and shows it as an arrow. Resolves to
   * `{move, points, reason, score, scoreText, pv}` where `reason` is a sentence or ''. The hint
   * is counted in the game record (tags BlueHints, GrayHints).
   */
  async hint() {
    const s = this.#s;
    const gs = this.#requireGame() && s.gs;
    if (gs.result) throw new Error(this.#t('hint.gameOver'));
    if (!this.#analysis) this.#analysis = new AiClient();
    const { result } = await this.#analysis.think({ record: gs.record, variant: gs.variant, ...HINT });
    if (!this.#game || s.gs.code !== gs.code) throw new Error(this.#t('hint.stale'));
    const move = gs.moves.find((m) => m.text === result.best);
    if (!move) throw new Error(this.#t('ai.noMove'));
    const tag = gs.side === 'blue' ? 'BlueHints' : 'GrayHints';
    const count = (Number(this.#game.tag(tag)) || 0) + 1;
    try {
      this.#game.setTag(tag, String(count));
    } catch (e) {
      this.#reportError(errorText(e));
    }
    const reason = hintReason(gs, move);
    s.hint = { code: gs.code, points: move.points };
    this.#refresh();
    return {
      move: move.text,
      points: move.points,
      reason: reason ? this.#t(...reason) : '',
      score: result.score,
      scoreText: result.scoreText,
      pv: result.pv || [],
    };
  }

  /**
   * Draws a legal move of the position on the board as a hint arrow, the way hint() does, without
   * asking the engine or counting a hint (for tutorials and pages that choose moves themselves);
   * `null` takes the arrow away. The arrow goes with the position. Returns the move as the board
   * writes it; throws an Error when it is not a legal move here.
   */
  showHint(text) {
    const s = this.#s;
    const gs = this.#requireGame() && s.gs;
    if (text === null) {
      s.hint = null;
      this.#changed();
      return null;
    }
    if (typeof text !== 'string') throw new TypeError(this.#t('api.hintNotText', { type: typeOf(text) }));
    let move;
    try {
      // The rules core reads the notation, as it does for play().
      const legal = this.#game.legalMove(text);
      move = gs.moves.find((m) => m.text === legal);
    } catch {
      move = null;
    }
    if (!move) throw new Error(this.#t('api.hintNotLegal', { move: text.trim().slice(0, 40) }));
    s.hint = { code: gs.code, points: move.points };
    this.#changed();
    return move.text;
  }

  /** Turns the board around. */
  flip() {
    this.#setAttr('orientation', S.bottomSide(this.#s) === 'blue' ? 'gray' : 'blue');
  }

  /** Viewport coordinates of a point's centre (for overlays and tests), or null. */
  pointCenter(point) {
    const r = this.#els.canvas.getBoundingClientRect();
    const p = this.#layout && this.#layout.toXY(point);
    return p ? { x: r.left + p.x, y: r.top + p.y } : null;
  }

  /** Says a message of the element's language (for a page around it). */
  translate(key, params) {
    return this.#t(key, params);
  }

  /** The language the element speaks. */
  get language() {
    return this.#s.lang || pickLanguage([document.documentElement.lang, ...(navigator.languages || [])]);
  }

  // ------------------------------------------------------------------ attributes and settings

  #setAttr(name, value) {
    if (value === null || value === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(value));
  }

  /** Reads every attribute into the state (invalid ones are reported and ignored). */
  #applyAttributes() {
    for (const name of ATTRIBUTES) this.#applyAttribute(name);
  }

  #applyAttribute(name) {
    const raw = this.getAttribute(name);
    const s = this.#s;
    if (GAME_ATTRIBUTES.has(name) && name !== 'variant') return; // read when a game starts
    const fallback = { orientation: null, coordinates: true, lang: null, theme: 'wood', ...DEFAULTS };
    if (raw === null) {
      if (name in s.settings) s.settings[name] = fallback[name];
      else s[name] = fallback[name];
      return;
    }
    const { settings, errors } = readSettings({ [name]: raw }, [name]);
    if (errors.length) {
      this.#reportError(this.#settingErrors(errors));
      return;
    }
    if (name in s.settings) s.settings[name] = settings[name];
    else s[name] = settings[name];
  }

  #afterSettingsChange(name) {
    if (name === 'mode' || name === 'side') {
      this.#cancelAi();
      this.#s.halted = false;
      this.#s.ui = S.initialUi();
    }
    if (name === 'lang') {
      this.#labelCanvas();
      // Said in the fallback language until the table is there, then again.
      loadLanguage(this.language).then(() => {
        this.#labelCanvas();
        this.#describe();
        this.#changed();
      });
    }
    this.#changed();
    this.#maybeComputer();
  }

  #settingErrors(errors) {
    return errors
      .map((e) => settingErrorText((key, params) => this.#t(key, params), e))
      .join(' ');
  }

  // ------------------------------------------------------------------ game flow

  async #load() {
    try {
      // The language's messages load meanwhile, so the first game is said in it.
      [this.#core] = await Promise.all([loadWasm(), loadLanguage(this.language)]);
    } catch (e) {
      const message = this.#t('error.load', { error: errorText(e) });
      this.#s.notice = { text: message };
      this.#reportError(message);
      this.#readyReject(new Error(message));
      this.#scheduleRender();
      return;
    }
    this.#newGameQueued = false;
    this.#startGame();
    this.#ai.warm().catch(() => {});
    this.#readyResolve(this);
    this.#emit('ready', {});
  }

  #queueNewGame() {
    if (this.#newGameQueued || !this.#core) return;
    this.#newGameQueued = true;
    queueMicrotask(() => {
      if (!this.#newGameQueued) return;
      this.#newGameQueued = false;
      this.#startGame();
    });
  }

  /** A game of the rules core: a record, else a position of the variant, else its start. Throws. */
  #makeGame({ variant, record, position }) {
    const { Game } = this.#core;
    if (record && record.trim()) return Game.fromRecord(record);
    if (position && position.trim()) return Game.fromCode(variant, position.trim());
    return new Game(variant);
  }

  /**
   * Makes the game the attributes describe; a bad value is reported and the nearest good game
   * is started instead.
   */
  #startGame() {
    const { Game } = this.#core;
    const variant = this.#s.settings.variant;
    const record = this.getAttribute('record');
    let game = null;
    let problem = null;
    try {
      game = this.#makeGame({ variant, record, position: this.getAttribute('position') });
    } catch (e) {
      problem = errorText(e);
    }
    if (!game) {
      this.#reportError(this.#t('error.badGame', { error: problem, variant: DEFAULTS.variant }));
      try {
        game = new Game(variant);
      } catch {
        game = new Game(DEFAULTS.variant);
      }
    }
    if (!record) this.#tagPlayers(game);
    this.#setGame(game);
  }

  /** Writes who plays each side and today's date into a new game's record. */
  #tagPlayers(game) {
    const level = this.#s.settings.level;
    const name = (side) =>
      S.isHuman(this.#s.settings, side) || this.#s.settings.mode === 'view'
        ? 'Human'
        : `Computer (level ${level}, ${this.#levelName(level)})`;
    const d = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    try {
      game.setTag('Blue', name('blue'));
      game.setTag('Gray', name('gray'));
      game.setTag('Date', `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`);
    } catch (e) {
      this.#reportError(errorText(e));
    }
  }

  #levelName(n) {
    const l = this.#core && this.#core.variants().levels.find((x) => x.number === n);
    return l ? l.name : String(n);
  }

  #setGame(game) {
    this.#cancelAi();
    if (this.#game) this.#game.free();
    this.#game = game;
    const s = this.#s;
    s.ui = S.initialUi();
    s.aiInfo = null;
    s.paused = false;
    s.halted = false;
    s.glide = null;
    s.notice = null;
    s.view = null;
    s.hint = null;
    this.#resultSeen = null;
    this.#refresh();
    this.#reflectVariant();
  }

  /** The game's variant is the `variant` attribute's value (a loaded record may bring its own). */
  #reflectVariant() {
    const v = this.#s.gs.variant;
    this.#s.settings.variant = v;
    if (this.getAttribute('variant') === v) return;
    this.#reflecting = true;
    try {
      this.setAttribute('variant', v);
    } finally {
      this.#reflecting = false;
    }
  }

  #requireGame() {
    if (!this.#game) throw new Error(this.#t('api.notReady'));
    return this.#game;
  }

  /** Reads the game's state after a change and lets the computer move if it is its turn. */
  #refresh() {
    const s = this.#s;
    s.gs = this.#game.state();
    if (s.ui.path && !I.movesWithPrefix(s.gs.moves, s.ui.path).length) s.ui = { ...s.ui, path: null };
    if (!s.gs.result) this.#resultSeen = null;
    else if (this.#resultSeen !== s.gs.ply) {
      this.#resultSeen = s.gs.ply;
      queueMicrotask(() => this.#emitGameOver());
    }
    this.#describe();
    this.#changed();
    this.#maybeComputer();
  }

  #afterMove(boardBefore, by, glide) {
    const s = this.#s;
    s.ui = { ...s.ui, path: null, drag: null };
    s.notice = null;
    this.#refresh();
    const gs = s.gs;
    if (glide) this.#glide(gs.lastMove, boardBefore.board);
    const m = gs.lastMove;
    let news = this.#t(by === 'computer' ? 'announce.computer' : 'announce.move', { side: boardBefore.side, move: m.text });
    if (m.captured.length) news += ' ' + this.#t('announce.captured', { points: m.captured.join(', ') });
    if (gs.result) news += ' ' + this.resultText();
    this.#describe(news);
    this.#emit('move', {
      text: gs.lastMove.text,
      ply: gs.ply,
      side: boardBefore.side,
      record: gs.record,
      code: gs.code,
      by,
    });
  }

  #emitGameOver() {
    const r = this.#s.gs && this.#s.gs.result;
    if (!r) return;
    this.#emit('gameover', { winner: r.winner, reason: r.reason, cause: r.cause, token: r.token, text: this.resultText() });
  }

  /** The result of the finished game in the element's language, or ''. */
  resultText() {
    const r = this.#s.gs && this.#s.gs.result;
    if (!r) return '';
    const key = r.winner ? `result.${r.reason}${r.cause ? '.' + r.cause : ''}` : `result.draw${r.cause ? '.' + r.cause : ''}`;
    const { blue, gray } = this.#s.gs.progress;
    return this.#t(key, { winner: r.winner, blue, gray, lead: Math.abs(blue - gray) });
  }

  #playIndex(i) {
    const before = this.#s.gs;
    try {
      this.#game.playIndex(i);
    } catch (e) {
      this.#reportError(errorText(e));
      return;
    }
    this.#afterMove(before, 'human', false);
  }

  #step(dir) {
    const game = this.#requireGame();
    this.#cancelAi();
    const s = this.#s;
    s.halted = false;
    const one = () => (dir < 0 ? game.undo() : game.redo());
    if (!one()) {
      this.#refresh();
      return false;
    }
    // Against the computer, step on to the person's turn.
    if (s.settings.mode === 'ai') {
      let st = game.state();
      while (!S.isHuman(s.settings, st.side) && (dir < 0 ? st.canUndo : st.canRedo && !st.result)) {
        one();
        st = game.state();
      }
    }
    s.ui = { ...s.ui, path: null, notice: null };
    s.aiInfo = null;
    s.view = null;
    this.#refresh();
    return true;
  }

  // ------------------------------------------------------------------ the computer

  #maybeComputer() {
    const s = this.#s;
    if (!S.computerToMove(s) || this.#ai.busy || this.#aiTimer) return;
    // "Thinking" shows from now, in the same frame as the move just played, so that the page
    // need not repaint while the search runs.
    this.#setThinking(true);
    this.#aiTimer = setTimeout(() => {
      this.#aiTimer = null;
      this.#askComputer();
    }, COMPUTER_DELAY_MS[s.settings.mode] ?? 0);
  }

  async #askComputer() {
    const s = this.#s;
    if (!S.computerToMove(s)) return this.#setThinking(false);
    const asked = { code: s.gs.code, t0: performance.now() };
    s.lastSearch = { requested: asked.t0, replied: null };
    let reply;
    try {
      reply = await this.#ai.think({
        record: s.gs.record,
        variant: s.gs.variant,
        level: s.settings.level,
        movetimeMs: s.settings.movetime || 0,
      });
    } catch (e) {
      if (e && e.cancelled) return;
      return this.#computerFailed(errorText(e));
    }
    s.lastSearch = { ...s.lastSearch, replied: performance.now() };
    this.#setThinking(false);
    if (!this.#game || this.#game.code() !== asked.code) return this.#refresh();
    const r = reply.result;
    if (!r.best) return this.#computerFailed(this.#t('ai.noMove'));
    const before = s.gs;
    try {
      this.#game.play(r.best);
    } catch (e) {
      return this.#computerFailed(errorText(e));
    }
    s.aiInfo = { side: r.side, move: r.best, score: r.score, scoreText: r.scoreText, depth: r.depth, nodes: r.nodes, pv: r.pv || [] };
    this.#afterMove(before, 'computer', true);
  }

  #computerFailed(text) {
    this.#s.halted = true; // no retry in a loop; a new game, undo or redo tries again
    this.#setThinking(false);
    const message = this.#t('ai.failed', { error: text });
    this.#s.notice = { text: message };
    this.#reportError(message);
    this.#changed();
  }

  #cancelAi() {
    if (this.#aiTimer) {
      clearTimeout(this.#aiTimer);
      this.#aiTimer = null;
    }
    if (this.#ai.busy) {
      this.#ai.cancel();
      this.#ai.warm().catch(() => {});
    }
    this.#setThinking(false);
  }

  #setThinking(on) {
    if (this.#s.thinking === on) return;
    this.#s.thinking = on;
    this.#emit('thinking', { thinking: on });
    this.#changed();
  }

  #glide(move, boardBefore) {
    if (!move || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    this.#s.glide = startGlide(move, boardBefore, this.#s.gs.code, performance.now());
  }

  // ------------------------------------------------------------------ input

  #wireInput() {
    if (this.#els.wired) return;
    this.#els.wired = true;
    const canvas = this.#els.canvas;
    canvas.addEventListener('focus', () => {
      this.#s.focused = true;
      this.#describe();
      this.#scheduleRender();
    });
    canvas.addEventListener('blur', () => {
      this.#s.focused = false;
      this.#scheduleRender();
    });
    attachInput(canvas, {
      toPoint: (x, y) => (this.#layout ? this.#layout.toPoint(x, y) : null),
      canDrag: (p) => S.canHumanMove(this.#s) && I.canDragFrom(this.#s.ui, p),
      onIntent: (it) => this.#onIntent(it),
    });
  }

  #onIntent(it) {
    const s = this.#s;
    const gs = s.gs;
    if (!gs) return;
    // Mouse presses hide the keyboard cursor; keys show it again.
    if (it.type === 'press') s.focused = false;
    if (it.type === 'cursor' || it.type === 'activate') s.focused = true;
    const canMove = S.canHumanMove(s);
    switch (it.type) {
      case 'press':
      case 'activate': {
        const point = it.type === 'press' ? it.point : s.ui.cursor;
        const before = s.ui;
        const { ui, play } = I.press(gs, s.ui, point, canMove);
        s.ui = it.type === 'activate' ? I.release(ui) : ui;
        if (!canMove && point) s.ui.notice = this.#whyNoMove();
        if (play >= 0) return this.#playIndex(play);
        if (canMove && point && !ui.path && !ui.notice && before.path && before.path.length === 1 && point !== before.path[0]) {
          if (this.#explain(before.path[0], point)) return;
        }
        if (it.type === 'activate') this.#describe();
        break;
      }
      case 'release':
        s.ui = I.release(s.ui);
        break;
      case 'drag':
        s.ui = { ...s.ui, drag: { x: it.x, y: it.y } };
        break;
      case 'drop': {
        // A drop on a point that is not a legal next point puts the piece back, selection kept.
        const sel = I.selectionView(gs, s.ui);
        if (!sel || !sel.targets.includes(it.point)) {
          s.ui = { ...s.ui, drag: null };
          break;
        }
        const { ui, play } = I.press(gs, { ...s.ui, drag: null }, it.point, canMove);
        s.ui = ui;
        if (play >= 0) return this.#playIndex(play);
        break;
      }
      case 'dragCancel':
        s.ui = { ...s.ui, drag: null };
        break;
      case 'cursor':
        s.ui = I.moveCursor(s.ui, it.dx, it.dy, S.bottomSide(s) === 'gray');
        this.#describe();
        break;
      case 'cancel':
        s.ui = { ...s.ui, path: null, drag: null };
        break;
    }
    this.#changed();
  }

  /**
   * Says why the selected piece on `from` cannot go to `to`, as the rules core judges the move
   * `from-to`. A move the core finds legal after all is played. Returns whether it was played.
   */
  #explain(from, to) {
    const before = this.#s.gs;
    try {
      this.#game.play(`${from}-${to}`);
    } catch (e) {
      if (e && e.code === 'illegal-move' && e.reason) {
        const [p0, p1] = e.points || [];
        this.#s.ui = { ...this.#s.ui, notice: { key: `why.${e.reason}`, params: { from, to, p0, p1, points: (e.points || []).join(', ') } } };
      }
      return false;
    }
    this.#afterMove(before, 'human', false);
    return true;
  }

  /** Why the board takes no move from a person now, as a message. */
  #whyNoMove() {
    const s = this.#s;
    if (s.view) return { key: 'refuse.viewing', params: { ply: s.view.ply } };
    if (s.gs.result) return { key: 'refuse.gameOver', params: { result: this.resultText() } };
    if (s.settings.mode === 'view') return { key: 'refuse.viewOnly' };
    if (s.thinking) return { key: 'refuse.computerThinking' };
    if (s.settings.mode === 'demo') return { key: 'refuse.demo' };
    return { key: 'refuse.notYourTurn', params: { side: s.gs.side } };
  }

  /**
   * Tells a screen reader what is under the keyboard cursor, after `news` (a move just played,
   * say) when given. Kept true after every change of the position.
   */
  #describe(news = '') {
    const s = this.#s;
    const gs = S.shownGame(s);
    if (!gs) return;
    const p = s.ui.cursor;
    const piece = gs.board.find((x) => x.point === p);
    let text = piece
      ? this.#t('desc.piece', { point: p, color: piece.color, kind: piece.kind })
      : this.#t(p === 'e5' ? 'desc.redDot' : 'desc.empty', { point: p });
    const sel = I.selectionView(gs, s.ui);
    if (sel && sel.targets.includes(p)) text += ' ' + this.#t('desc.destination');
    else if (sel) text += ' ' + this.#t('desc.selected', { path: sel.path.join(' '), targets: sel.targets.join(' ') });
    if (news) text = `${news} ${text}`;
    if (this.#els.desc.textContent !== text) this.#els.desc.textContent = text;
  }

  #labelCanvas() {
    const c = this.#els.canvas;
    c.setAttribute('aria-label', this.#t('board.label'));
    c.setAttribute('aria-roledescription', this.#t('board.role'));
  }

  // ------------------------------------------------------------------ events and drawing

  #emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #reportError(message) {
    this.#emit('error', { message });
  }

  /** Something a page around the board may show has changed: redraw, and tell it. */
  #changed() {
    this.#scheduleRender();
    this.#emit('change', {});
  }

  #t(key, params) {
    return translate(this.language, key, params);
  }

  #scheduleRender() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    requestAnimationFrame(() => {
      this.#renderQueued = false;
      this.#render();
    });
  }

  #render() {
    const s = this.#s;
    const { canvas, frame, notice } = this.#els;
    const size = Math.max(120, Math.floor(frame.clientWidth));
    const dpr = window.devicePixelRatio || 1;
    const px = Math.round(size * dpr);
    if (canvas.width !== px || canvas.height !== px) {
      canvas.width = px;
      canvas.height = px;
    }
    setIfChanged(canvas.style, 'width', `${size}px`);
    setIfChanged(canvas.style, 'height', `${size}px`);
    const flipped = S.bottomSide(s) === 'gray';
    this.#layout = layout(size, flipped);
    this.#dpr = dpr;
    const gs = S.shownGame(s);
    const humanTurn = S.canHumanMove(s);
    const winnerCaptain =
      gs && gs.result && gs.result.winner
        ? (gs.board.find((p) => p.kind === 'captain' && p.color === gs.result.winner) || {}).point
        : null;
    const glide = glideAt(s.glide, gs && gs.code, performance.now());
    if (glide) this.#scheduleRender();
    else s.glide = null;
    const hint = s.hint && !s.view && s.gs && s.hint.code === s.gs.code ? s.hint.points : null;
    const view = {
      gs,
      layout: this.#layout,
      arrows: hint ? [hint] : [],
      theme: s.theme,
      selection: gs && humanTurn ? I.selectionView(gs, s.ui) : null,
      movable: gs && humanTurn && gs.captureRequired && !s.ui.path ? I.movablePoints(gs.moves) : [],
      drag: humanTurn ? s.ui.drag : null,
      cursor: s.focused ? s.ui.cursor : null,
      winnerCaptain,
      coordinates: s.coordinates,
      dpr,
      anim: glide,
    };
    // Redraw the canvas only when what it shows has changed: a status-only update must not
    // re-upload a large canvas, which is slow where the browser rasterises on the CPU.
    const key = JSON.stringify([
      gs && gs.code,
      gs && gs.ply,
      gs && gs.lastMove,
      view.selection,
      view.movable,
      view.drag,
      view.cursor,
      winnerCaptain,
      hint,
      s.theme,
      glide && glide.t,
      size,
      flipped,
      s.coordinates,
      px,
    ]);
    if (key !== this.#drawnKey) {
      this.#drawnKey = key;
      const ctx = canvas.getContext('2d');
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawBoard(ctx, view);
    }
    const text = say(this.language, s.ui.notice || s.notice);
    if (notice.textContent !== text) notice.textContent = text;
    setIfChanged(notice, 'hidden', !text);
    setIfChanged(this.dataset, 'ready', gs ? 'true' : 'false');
    setIfChanged(this.dataset, 'thinking', String(s.thinking));
  }
}

/** Sets a DOM property only when it changes: an unchanged page needs no repaint. */
function setIfChanged(obj, prop, value) {
  if (obj[prop] !== value) obj[prop] = value;
}

/**
 * Why the engine suggests `move` in `gs`, as [message key, params]: a capture, a block of the
 * enemy captain's next point, or a step of the race; or null when there is no simple reason.
 */
function hintReason(gs, move) {
  const to = move.points[move.points.length - 1];
  if (move.kind === 'capture') return ['hint.capture', { n: move.captured.length, points: move.captured.join(', ') }];
  if (move.kind === 'captain') return ['hint.race', { n: gs.paths[gs.side].indexOf(to), of: gs.steps }];
  const enemy = gs.side === 'blue' ? 'gray' : 'blue';
  if (gs.paths[enemy][gs.progress[enemy] + 1] === to) return ['hint.block', { side: enemy, point: to }];
  return null;
}

function errorText(e) {
  return String((e && e.message) || e);
}

function typeOf(v) {
  return v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

// Each attribute but `record` (whose property is the game's record) is reflected by a property
// of the same name: setting it sets the attribute (null removes it); reading it gives the value
// in force, the default when the attribute is absent or not valid.
for (const name of ATTRIBUTES) {
  if (name === 'record') continue;
  Object.defineProperty(BlueGrayGame.prototype, name, {
    configurable: true,
    enumerable: true,
    get() {
      return this.reflected(name);
    },
    set(value) {
      if (value === null || value === undefined) this.removeAttribute(name);
      else this.setAttribute(name, String(value));
    },
  });
}

if (!customElements.get('blue-gray-game')) customElements.define('blue-gray-game', BlueGrayGame);
