// The game flow of one <blue-gray-game>: owns the rules core's Game and carries out every
// change. Each public method of the element and each intent of input.js comes here; the state
// changes themselves are the pure functions of board.js, the picture is view.js's, the
// computer is computer.js's and the attributes are config.js's. This module runs their effects
// (the rules core, the computer, events, frames) in order.
import * as B from './board.js';
import * as I from './interaction.js';
import * as S from './state.js';
import { applyAttribute, applyAttributes, startsGame } from './config.js';
import { renderBoard } from './render.js';
import { Computer } from './computer.js';
import { analysis, positionOf, hintReason } from '../engine/analysis.js';
import { abortError } from '../engine/ai-client.js';
import { attachInput } from './input.js';
import { loadWasm } from '../engine/assets.js';
import { readSettings, settingErrorText, limitsOf, NO_LIMITS, DEFAULTS, SIDES, otherSide, isHuman } from '../lib/settings.js';
import { GAME_ID_TAG, GAME_ID, newGameId } from '../lib/game-id.js';
import { resultMessage } from '../lib/result.js';
import { startGlide, glideAt } from './anim.js';
import { translate, say, pickLanguage, loadLanguage } from '../lib/i18n.js';
import { layout } from '../lib/draw.js';
import { boardSize } from './view.js';
import { PuzzleRunner, startPuzzle } from './puzzle-mode.js';

/** The game settings newGame() takes, besides the start (a position or a record). */
const GAME_OPTIONS = ['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record', 'relay', 'game-id', 'host-key'];

/** The attributes that name one game with a friend elsewhere: a new game without them is another game. */
const MATCH_ATTRIBUTES = ['game-id', 'host-key'];

/** Web Storage for a live game's key, or a stand-in that keeps nothing where the page may not store. */
function liveStorage() {
  try {
    const s = window.localStorage;
    s.getItem('probe');
    return s;
  } catch {
    const kept = new Map();
    return { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, String(v)), removeItem: (k) => kept.delete(k) };
  }
}

export class BoardController {
  /** The board's state (state.js), replaced by each change. */
  s = S.defaultState();
  /** Handles, timers and caches (state.js `defaultResources`). */
  r = S.defaultResources();
  #host;
  #els;
  #computer;
  /** The hint being searched for: its AbortController, so a newer hint or removal ends it. */
  #hintAbort = null;
  #ready;
  /** Judges the person's moves and plays the defender's in puzzle mode (puzzle-mode.js). */
  #puzzle;

  /** `host`: the element; `els`: its shadow tree's {frame, canvas, notice, desc}. */
  constructor(host, els) {
    this.#host = host;
    this.#els = els;
    let resolve;
    let reject;
    const promise = new Promise((res, rej) => {
      resolve = res;
      reject = rej;
    });
    promise.catch(() => {}); // a load failure is reported by an `error` event too
    this.#ready = { promise, resolve, reject };
    this.#computer = new Computer({
      state: () => this.s,
      thinking: (on) => this.#setThinking(on),
      asked: (a) => (this.s = { ...this.s, lastSearch: { requested: a.requested, replied: null } }),
      reply: (result, asked) => this.#computerReplied(result, asked),
      failed: (e) => this.#computerFailed(e.message),
    });
    this.#puzzle = new PuzzleRunner({
      state: () => this.s,
      setPuzzle: (puzzle) => (this.s = { ...this.s, puzzle }),
      markMistake: () => (this.s = B.withMistake(this.s)),
      core: () => this.r.core,
      play: (move) => this.#playReply(move),
      emit: (type, detail) => this.#emitPuzzle(type, detail),
      error: (message) => this.#reportError(message),
      t: (key, params) => this.t(key, params),
    });
    attachInput(els.canvas, {
      toPoint: (x, y) => (this.r.layout ? this.r.layout.toPoint(x, y) : null),
      canDrag: (p) => S.canHumanMove(this.s) && I.canDragFrom(this.s.ui, p),
      onIntent: (it) => this.intent(it),
    });
    els.canvas.addEventListener('focus', () => this.#focus(true));
    els.canvas.addEventListener('blur', () => this.#focus(false));
  }

  get ready() {
    return this.#ready.promise;
  }

  get game() {
    return this.r.game;
  }

  /** The language the board speaks. */
  get language() {
    return this.s.lang || pickLanguage([document.documentElement.lang, ...(navigator.languages || [])]);
  }

  t(key, params) {
    return translate(this.language, key, params);
  }

  // ------------------------------------------------------------------ lifecycle and attributes

  connected() {
    this.s = { ...this.s, connected: true };
    this.r.resizeObserver = new ResizeObserver(() => this.frame());
    this.r.resizeObserver.observe(this.#els.frame);
    this.#readAttributes(false);
    this.#labelCanvas();
    this.frame();
    if (!this.r.core) this.#load();
    else {
      this.#computer.warm();
      this.#computer.consider();
      this.#puzzle.resume();
      this.#liveSync();
    }
  }

  disconnected() {
    this.s = { ...this.s, connected: false };
    this.r.resizeObserver?.disconnect();
    this.r.resizeObserver = null;
    this.#computer.suspend();
    this.#puzzle.cancel();
    this.#abortHint('The board was removed from the page.');
    this.#liveSync();
  }

  attributeChanged(name) {
    if (this.r.reflecting) return;
    const { state, errors } = applyAttribute(this.s, name, this.#host.getAttribute(name), this.#limits());
    this.s = state;
    if (!this.r.core) return; // read again, and reported, once the rules core is there
    this.#reportSettingErrors(errors);
    if (startsGame(name)) return this.#queueNewGame();
    if (name === 'mode' || name === 'side') {
      this.#computer.cancel();
      this.s = { ...this.s, halted: false, ui: { ...S.initialUi(), cursor: this.s.ui.cursor } };
    }
    if (name === 'mode') {
      // A puzzle starts from the position on the board, with its side to move as the solver.
      this.#puzzle.cancel();
      this.s = { ...this.s, puzzle: startPuzzle(this.s.gs) };
      if (this.r.game) {
        this.#nameFriendGame(this.r.game);
        this.s = B.withGame(this.s, this.r.game.state());
      }
    }
    if (name === 'mode' || name === 'relay') this.#liveSync();
    if (name === 'lang') {
      this.#labelCanvas();
      // Said in the fallback language until the table is there, then again.
      loadLanguage(this.language).then(() => {
        this.#labelCanvas();
        this.#describe();
        this.changed();
      });
    }
    this.changed();
    this.#computer.consider();
  }

  #limits() {
    return this.r.catalogue ? limitsOf(this.r.catalogue) : NO_LIMITS;
  }

  #readAttributes(report) {
    const { state, errors } = applyAttributes(this.s, this.#host, this.#limits());
    this.s = state;
    if (report) this.#reportSettingErrors(errors);
  }

  #reportSettingErrors(errors) {
    if (errors.length) this.#reportError(this.settingErrors(errors));
  }

  settingErrors(errors) {
    return errors.map((e) => settingErrorText((key, params) => this.t(key, params), e)).join(' ');
  }

  /** Writes attributes without reading them back as changes. */
  reflect(write) {
    this.r.reflecting = true;
    try {
      write();
    } finally {
      this.r.reflecting = false;
    }
  }

  // ------------------------------------------------------------------ games

  async #load() {
    let core;
    try {
      // The language's messages load meanwhile, so the first game is said in it.
      [core] = await Promise.all([loadWasm(), loadLanguage(this.language)]);
    } catch (e) {
      const message = this.t('error.load', { error: String((e && e.message) || e) });
      this.s = { ...this.s, notice: { text: message } };
      this.#reportError(message);
      this.#ready.reject(new Error(message));
      this.frame();
      return;
    }
    this.r.core = core;
    this.r.catalogue = core.variants();
    this.#readAttributes(true);
    this.r.newGameQueued = false;
    this.#startGameFromAttributes();
    if (this.s.connected) this.#computer.warm();
    this.#ready.resolve(this.#host);
    this.#emit('ready', {});
  }

  #queueNewGame() {
    if (this.r.newGameQueued || !this.r.core) return;
    this.r.newGameQueued = true;
    queueMicrotask(() => {
      if (!this.r.newGameQueued) return;
      this.r.newGameQueued = false;
      this.#startGameFromAttributes();
    });
  }

  /** A game of the rules core: a record, else a position of the variant, else its start. Throws. */
  #makeGame({ variant, record, position }) {
    const { Game } = this.r.core;
    if (record && record.trim()) return Game.fromRecord(record);
    if (position && position.trim()) return Game.fromCode(variant, position.trim());
    return new Game(variant);
  }

  /** Makes the game the attributes describe; a bad one is reported and the nearest good game started. */
  #startGameFromAttributes() {
    const { Game } = this.r.core;
    const variant = this.s.settings.variant;
    const record = this.#host.getAttribute('record');
    let game = null;
    try {
      game = this.#makeGame({ variant, record, position: this.#host.getAttribute('position') });
    } catch (e) {
      this.#reportError(this.t('error.badGame', { error: String((e && e.message) || e), variant: DEFAULTS.variant }));
      try {
        game = new Game(variant);
      } catch {
        game = new Game(DEFAULTS.variant);
      }
    }
    if (!record) this.#tagPlayers(game);
    this.#setGame(game);
  }

  /** newGame(options) of the element; see its documentation. */
  newGame(options) {
    if (options === null || typeof options !== 'object') throw new TypeError(this.t('api.optionsNotObject'));
    const { settings, errors } = readSettings(options, GAME_OPTIONS, this.#limits());
    if (errors.length) throw new Error(this.settingErrors(errors));
    // Make the game first: a refused one changes nothing, attributes included.
    const game = this.r.core
      ? this.#makeGame({ variant: settings.variant ?? this.s.settings.variant, record: settings.record, position: settings.position })
      : null;
    const host = this.#host;
    this.reflect(() => {
      for (const [k, v] of Object.entries(settings)) host.setAttribute(k, String(v));
      for (const name of ['position', 'record', ...MATCH_ATTRIBUTES]) if (!(name in settings)) host.removeAttribute(name);
      host.removeAttribute('orientation');
    });
    this.#readAttributes(false);
    if (!game) return this.#queueNewGame();
    if (!settings.record) this.#tagPlayers(game);
    this.#setGame(game);
  }

  /** Writes who plays each side and today's date into a new game's record. */
  #tagPlayers(game) {
    const level = this.s.settings.level;
    const info = this.r.catalogue.levels.find((l) => l.number === level);
    const name = (side) => (B.computerPlays(this.s, side) ? `Computer (level ${level}, ${info ? info.name : level})` : 'Human');
    const d = new Date();
    const pad = (n) => String(n).padStart(2, '0');
    try {
      game.setTag('Blue', name('blue'));
      game.setTag('Gray', name('gray'));
      game.setTag('Date', `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`);
      // A game against a friend elsewhere names itself, so that its record opens as that game.
      if (this.s.gameId) game.setTag(GAME_ID_TAG, this.s.gameId);
    } catch (e) {
      this.#reportError(String(e.message || e));
    }
  }

  #setGame(game, { keepSession = false } = {}) {
    this.#computer.cancel();
    this.#puzzle.cancel();
    this.#abortHint('A new game started.');
    if (this.r.game) this.r.game.free();
    this.r.game = game;
    this.#nameFriendGame(game);
    this.s = B.withNewGame(this.s, game.state());
    // The game's variant is the `variant` attribute's value (a loaded record may bring its own).
    const v = this.s.gs.variant;
    this.s = { ...this.s, settings: { ...this.s.settings, variant: v } };
    if (this.#host.getAttribute('variant') !== v) this.reflect(() => this.#host.setAttribute('variant', v));
    if (!keepSession) this.#liveSync(true);
    this.#settled();
  }

  /**
   * A game by link always has an id, wherever it starts (a record that names one keeps it): the
   * devices tell its links apart by it.
   */
  #nameFriendGame(game) {
    if (this.s.settings.mode !== 'friend' || this.s.gameId) return;
    const named = String(game.tag(GAME_ID_TAG) ?? '').toLowerCase();
    const id = GAME_ID.test(named) ? named : newGameId();
    this.s = { ...this.s, gameId: id };
    this.reflect(() => this.#host.setAttribute('game-id', id));
    try {
      game.setTag(GAME_ID_TAG, id);
    } catch (e) {
      this.#reportError(String(e.message || e));
    }
  }

  requireGame() {
    if (!this.r.game) throw new Error(this.t('api.notReady'));
    return this.r.game;
  }

  /** After any change of the game: announce a result reached now, describe, redraw, let the computer move. */
  #settled(news = []) {
    const gs = this.s.gs;
    if (gs.result && this.s.announced !== gs.ply) {
      this.s = { ...this.s, announced: gs.ply };
      queueMicrotask(() => this.#emitGameOver());
    }
    this.#describe(news);
    this.changed();
    this.#computer.consider();
  }

  /** The game changed without a move of its own (a tag, say). */
  refresh() {
    this.s = B.withGame(this.s, this.r.game.state());
    this.#settled();
  }

  /** Plays `text` (the element's play()); returns the move as the rules core writes it. */
  play(text) {
    const game = this.requireGame();
    const seat = S.seatOf(this.s);
    // A live game's other seat plays on its own device; its moves come through the relay only.
    if (this.s.settings.mode === 'live' && seat !== this.s.gs.side) throw new Error(say(this.language, B.whyNoMove(this.s)));
    this.#computer.cancel();
    const before = this.s.gs;
    const played = game.play(text);
    this.#afterMove(before, 'api');
    return played;
  }

  #afterMove(before, by, aiInfo = null) {
    const gs = this.r.game.state();
    const glide =
      by === 'computer' && !matchMedia('(prefers-reduced-motion: reduce)').matches
        ? startGlide(gs.lastMove, before.board, gs.code, performance.now())
        : null;
    this.s = B.afterMove(this.s, gs, { by, aiInfo, glide });
    const detail = { text: gs.lastMove.text, ply: gs.ply, side: before.side, record: gs.record, code: gs.code, by };
    this.#emit('move', detail);
    const seat = S.seatOf(this.s);
    if (SIDES.includes(seat) && before.side !== seat) this.#emit('opponentmove', detail);
    if (seat === before.side && this.s.settings.mode === 'live') this.r.session?.session?.played(gs.history).catch((e) => this.#reportError(String(e.message || e)));
    if (by === 'human' && this.s.settings.mode === 'puzzle') this.#puzzle.judge();
    this.#settled(B.moveNews(gs, before.side, by));
  }

  /** Plays a move of the puzzle's defender (a reply or the refutation); false when it cannot be played. */
  #playReply(move) {
    if (!this.r.game) return false;
    const before = this.s.gs;
    try {
      this.r.game.play(move);
    } catch (e) {
      this.#reportError(String((e && e.message) || e));
      return false;
    }
    this.#afterMove(before, 'computer');
    return true;
  }

  #emitPuzzle(type, detail) {
    if (type === 'puzzle-solved') this.#emit('puzzle-solved', { moves: detail.moves });
    else this.#emit('puzzle-failed', { moves: detail.moves, refutation: detail.refutation });
  }

  /** Undo (-1) or redo (1), against the computer on to the person's turn. Returns whether it stepped. */
  step(dir) {
    const game = this.requireGame();
    // A move the friend has seen cannot be taken back on one device only.
    if (S.seatOf(this.s)) return false;
    this.#computer.cancel();
    const one = () => (dir < 0 ? game.undo() : game.redo());
    if (!one()) {
      this.refresh();
      return false;
    }
    const puzzle = this.s.settings.mode === 'puzzle' && this.s.puzzle;
    if (this.s.settings.mode === 'ai' || puzzle) {
      const human = (side) => (puzzle ? side === puzzle.side : isHuman(this.s.settings, side));
      let st = game.state();
      while (!human(st.side) && (dir < 0 ? st.canUndo : st.canRedo && !st.result)) {
        one();
        st = game.state();
      }
    }
    if (puzzle) {
      // Back on the solver's turn: the attempt goes on from there.
      this.#puzzle.cancel();
      this.s = { ...this.s, puzzle: { ...puzzle, status: 'playing', queue: [] } };
    }
    this.s = B.afterStep(this.s, game.state());
    this.#settled();
    return true;
  }

  /** Looks at the position after `ply` moves (null: back to the game). */
  setViewPly(ply) {
    const game = this.requireGame();
    const last = this.s.gs.history.length;
    if (ply === null || ply === undefined || ply === last) {
      this.s = B.viewing(this.s, null);
      return this.changed();
    }
    this.#checkPly(ply, last);
    const past = this.r.core.Game.fromRecord(game.record());
    try {
      for (let i = last; i > ply; i--) past.undo();
      this.s = B.viewing(this.s, ply, past.state());
    } finally {
      past.free();
    }
    this.#describe();
    this.changed();
  }

  #checkPly(ply, last) {
    if (!Number.isInteger(ply) || ply < 0 || ply > last) {
      throw new RangeError(this.t('api.badPly', { max: last, ply: String(ply).slice(0, 24) }));
    }
  }

  /** continueFrom(ply) of the element. */
  continueFrom(ply) {
    const game = this.requireGame();
    const last = this.s.gs.history.length;
    this.#checkPly(ply, last);
    if (S.seatOf(this.s)) return false;
    this.#computer.cancel();
    for (let i = last; i > ply; i--) game.undo();
    this.s = B.afterStep(this.s, game.state());
    this.#settled();
    return ply < last;
  }

  /** line() of the element. */
  line() {
    const game = this.requireGame();
    let ahead = 0;
    while (game.redo()) ahead++;
    const record = game.record();
    const moves = ahead ? game.state().history : this.s.gs.history;
    for (let i = 0; i < ahead; i++) game.undo();
    return { record, ply: this.s.gs.history.length, moves };
  }

  setPaused(on) {
    this.s = { ...this.s, paused: !!on, halted: false };
    if (this.s.paused) this.#computer.cancel();
    this.changed();
    this.#computer.consider();
  }

  // ------------------------------------------------------------------ live games

  /**
   * Starts, keeps or ends the live game's session to match the state: one while the board is
   * in a document, in live mode with a relay (`fresh`: a new game was set up, so a session
   * without a game id of its own starts again).
   */
  #liveSync(fresh = false) {
    const s = this.s;
    const wanted = s.settings.mode === 'live' && s.connected && this.r.core;
    const key = wanted ? `${s.relay} ${s.gameId || 'new'}` : null;
    const current = this.r.session;
    if (current && current.key === key && !(fresh && !s.gameId)) return;
    if (current) current.session?.close();
    this.r.session = null;
    if (!wanted) {
      if (s.live) this.s = { ...this.s, live: null };
      return;
    }
    const host = s.gameId ? null : s.settings.side;
    this.s = { ...this.s, live: { relay: s.relay ? 'connecting' : 'none', seat: host, host, blue: 'unknown', gray: 'unknown' } };
    if (!s.relay) return this.#reportError(this.t('live.noRelay'));
    const entry = { key, session: null };
    const mine = () => this.r.session === entry;
    this.r.session = entry;
    const failed = (e) => mine() && this.#reportError(e && e.key ? this.t(e.key) : this.t('live.error', { error: String((e && e.message) || e) }));
    // The live session and its MQTT client load only when a live game starts.
    import('../remote/live.js')
      .then(({ LiveSession }) => {
        if (!mine()) return;
        entry.session = this.#liveSession(LiveSession, entry, s, mine);
        return entry.session.start();
      })
      .catch(failed);
  }

  /** A live game's session for the settings `s`, reporting to this board while `mine()`. */
  #liveSession(LiveSession, entry, s, mine) {
    return new LiveSession({
      relay: s.relay,
      id: s.gameId,
      seat: s.settings.side,
      hostKey: s.hostKey,
      variant: s.gs.variant,
      storage: liveStorage(),
      Game: this.r.core.Game,
      created: ({ id, hostKey }) => {
        if (!mine()) return;
        entry.key = `${s.relay} ${id}`;
        this.s = { ...this.s, gameId: id, hostKey };
        this.r.game.setTag(GAME_ID_TAG, id);
        this.reflect(() => {
          this.#host.setAttribute('game-id', id);
          this.#host.setAttribute('host-key', hostKey);
        });
        this.refresh();
      },
      snapshot: (snap) => mine() && this.#liveSnapshot(snap),
      status: (st) => mine() && this.#liveStatus(st),
      error: (message) => mine() && this.#reportError(this.t('live.error', { error: message })),
    });
  }

  /** A checked snapshot of the live game: its moves not yet on the board are played. */
  #liveSnapshot(snap) {
    if (snap.variant !== this.s.gs.variant) {
      if (this.s.gs.history.length) return this.#reportError(this.t('live.otherRules', { variant: snap.variant }));
      let game;
      try {
        game = new this.r.core.Game(snap.variant);
      } catch (e) {
        return this.#reportError(String(e.message || e));
      }
      this.#setGame(game, { keepSession: true });
    }
    const have = this.s.gs.history;
    const differs = have.findIndex((m, i) => i < snap.moves.length && snap.moves[i] !== m);
    if (differs >= 0) return this.#reportError(this.t('live.differs', { n: differs + 1 }));
    for (let i = have.length; i < snap.moves.length; i++) {
      const before = this.s.gs;
      try {
        this.r.game.play(snap.moves[i]);
      } catch (e) {
        return this.#reportError(String(e.message || e));
      }
      this.#afterMove(before, 'remote');
    }
    this.changed();
  }

  /** Who is connected, and this device's seat once the relay has told it. */
  #liveStatus(st) {
    const seat = st.seat;
    this.s = { ...this.s, live: { ...st } };
    if (SIDES.includes(seat) && this.s.settings.side !== seat) {
      this.s = { ...this.s, settings: { ...this.s.settings, side: seat } };
      this.reflect(() => this.#host.setAttribute('side', seat));
    }
    const opponent = SIDES.includes(seat) ? st[otherSide(seat)] : 'unknown';
    this.#emit('presence', { relay: st.relay, seat, host: st.host, blue: st.blue, gray: st.gray, opponent });
    this.changed();
  }

  // ------------------------------------------------------------------ hints

  #abortHint(reason) {
    if (this.#hintAbort) this.#hintAbort.abort(abortError(reason));
    this.#hintAbort = null;
  }

  /** hint() of the element; see its documentation. */
  async hint() {
    const gs = this.requireGame() && this.s.gs;
    if (gs.result) throw new Error(this.t('hint.gameOver'));
    this.#abortHint('A newer hint was asked for.');
    const abort = new AbortController();
    this.#hintAbort = abort;
    const result = await analysis().analyse(positionOf(gs), { priority: 'hint', signal: abort.signal, nodes: this.r.catalogue.analysisNodes });
    if (this.#hintAbort === abort) this.#hintAbort = null;
    if (!this.r.game || this.s.gs.code !== gs.code) throw abortError(this.t('hint.stale'));
    const move = gs.moves.find((m) => m.text === result.best);
    if (!move) throw new Error(this.t('ai.noMove'));
    const tag = gs.side === 'blue' ? 'BlueHints' : 'GrayHints';
    const count = (Number(this.r.game.tag(tag)) || 0) + 1;
    try {
      this.r.game.setTag(tag, String(count));
    } catch (e) {
      this.#reportError(String(e.message || e));
    }
    this.s = { ...this.s, hint: { code: gs.code, points: move.points } };
    this.refresh();
    const reason = hintReason(gs, move);
    return {
      move: move.text,
      points: move.points,
      reason: reason ? say(this.language, reason) : '',
      score: result.score,
      mateIn: result.mateIn ?? null,
      scoreText: result.scoreText,
      pv: result.pv,
    };
  }

  /** showHint(text) of the element; see its documentation. */
  showHint(text) {
    const gs = this.requireGame() && this.s.gs;
    if (text === null) {
      this.s = { ...this.s, hint: null };
      this.changed();
      return null;
    }
    let move = null;
    try {
      // The rules core reads the notation, as it does for play().
      const legal = this.r.game.legalMove(text);
      move = gs.moves.find((m) => m.text === legal) || null;
    } catch {
      move = null;
    }
    if (!move) throw new Error(this.t('api.hintNotLegal', { move: text.trim().slice(0, 40) }));
    this.s = { ...this.s, hint: { code: gs.code, points: move.points } };
    this.changed();
    return move.text;
  }

  /** showMistake(text) of the element; see its documentation. */
  showMistake(text) {
    const gs = this.requireGame() && this.s.gs;
    if (text === null) {
      this.s = { ...this.s, mistake: null };
      this.changed();
      return null;
    }
    const last = gs.lastMove;
    if (!last) throw new Error(this.t('api.mistakeNoMove'));
    // The board writes moves in lower case, as it reads them in any case.
    if (text.trim().toLowerCase() !== last.text) {
      throw new Error(this.t('api.mistakeNotLast', { move: text.trim().slice(0, 40), last: last.text }));
    }
    this.s = B.withMistake(this.s);
    this.changed();
    return last.text;
  }

  // ------------------------------------------------------------------ the computer

  #setThinking(on) {
    if (this.s.thinking === on) return;
    this.s = { ...this.s, thinking: on };
    this.#emit('thinking', { thinking: on });
    this.changed();
  }

  #computerReplied(result, asked) {
    this.s = { ...this.s, lastSearch: { ...this.s.lastSearch, replied: performance.now() } };
    this.#setThinking(false);
    if (!this.r.game || this.r.game.code() !== asked.code) return this.refresh();
    if (!result.best) return this.#computerFailed(this.t('ai.noMove'));
    const before = this.s.gs;
    try {
      this.r.game.play(result.best);
    } catch (e) {
      return this.#computerFailed(String(e.message || e));
    }
    const { side, best: move, score, mateIn, scoreText, depth, nodes, pv } = result;
    this.#afterMove(before, 'computer', { side, move, score, mateIn: mateIn ?? null, scoreText, depth, nodes, pv: pv || [] });
  }

  #computerFailed(error) {
    this.#setThinking(false);
    const notice = { key: 'ai.failed', params: { error } };
    this.s = { ...this.s, halted: true, notice }; // no retry in a loop; a new game, undo or redo tries again
    this.#reportError(say(this.language, notice));
    this.changed();
  }

  // ------------------------------------------------------------------ input

  /** Carries out an intent of input.js (board.js decides; this runs what it asks for). */
  intent(it) {
    const { state, effect } = B.handleIntent(this.s, it);
    this.s = state;
    if (effect && effect.type === 'play') return this.#playIndex(effect.index);
    if (effect && effect.type === 'explain' && this.#explain(effect.from, effect.to)) return;
    if (effect && effect.type === 'describe') this.#describe();
    this.changed();
  }

  #playIndex(i) {
    const before = this.s.gs;
    try {
      this.r.game.playIndex(i);
    } catch (e) {
      this.#reportError(String(e.message || e));
      return this.changed();
    }
    this.#afterMove(before, 'human');
  }

  /** Asks the rules core about `from`-`to`: played if legal after all, else explained. Returns whether it was played. */
  #explain(from, to) {
    const before = this.s.gs;
    try {
      this.r.game.play(`${from}-${to}`);
    } catch (e) {
      this.s = B.explainRefusal(this.s, from, to, e);
      return false;
    }
    this.#afterMove(before, 'human');
    return true;
  }

  #focus(on) {
    this.s = { ...this.s, focused: on };
    if (on) this.#describe();
    this.frame();
  }

  // ------------------------------------------------------------------ telling and drawing

  /** Tells a screen reader the news (messages) and what is under the keyboard cursor. */
  #describe(news = []) {
    const text = [...news, ...B.cursorMessages(this.s)].map((m) => say(this.language, m)).join(' ');
    if (this.#els.desc.textContent !== text) this.#els.desc.textContent = text;
  }

  #labelCanvas() {
    const c = this.#els.canvas;
    c.setAttribute('aria-label', this.t('board.label'));
    c.setAttribute('aria-roledescription', this.t('board.role'));
  }

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

  #reportError(message) {
    this.#emit('error', { message });
  }

  /** Something a page around the board may show has changed: redraw, and tell it. */
  changed() {
    this.frame();
    this.#emit('change', {});
  }

  /** Asks for a frame (one at a time). */
  frame() {
    if (this.r.frameQueued) return;
    this.r.frameQueued = true;
    requestAnimationFrame(() => {
      this.r.frameQueued = false;
      this.render();
    });
  }

  /** Draws the board now. */
  render() {
    const { layout: drawn, drawnKey, animating } = renderBoard(this.#host, this.#els, this.s, this.language, this.r.drawnKey);
    this.r.layout = drawn;
    this.r.drawnKey = drawnKey;
    if (animating && this.s.connected) this.frame();
    else if (this.s.glide && !animating) this.s = { ...this.s, glide: null };
  }

  /** Whether the computer's last move is still gliding into place. */
  get animating() {
    return !!glideAt(this.s.glide, this.s.gs && this.s.gs.code, performance.now());
  }

  /**
   * Viewport coordinates of a point's centre, as the board is laid out now: a board whose size
   * changed since its last frame (shown after being hidden, say) is drawn first, so that the
   * point is where a click will find it.
   */
  pointCenter(point) {
    const size = boardSize(this.#els.frame.clientWidth);
    const flipped = S.bottomSide(this.s) === 'gray';
    if (!this.r.layout || this.r.layout.size !== size || this.r.layout.flipped !== flipped) this.render();
    const r = this.#els.canvas.getBoundingClientRect();
    const p = (this.r.layout || layout(size, flipped)).toXY(point);
    return p ? { x: r.left + p.x, y: r.top + p.y } : null;
  }
}
