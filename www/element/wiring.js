// Which part of one <blue-gray-game> is given what: the port every part shares (the board's state
// and resources, its one way to change, its words, its events) and each part's own links to the
// others. controller.js makes a board's parts with this and carries out what they ask; the parts
// fetched when first needed come through their doors (lazy-parts.js).
import * as B from './board.js';
import * as I from './interaction.js';
import * as S from './state.js';
import { Attributes } from './attributes.js';
import { Computer } from './computer.js';
import { Mover } from './mover.js';
import { History } from './history.js';
import { Endings } from './endings.js';
import { Takebacks } from './takebacks.js';
import { Painter } from './painter.js';
import { liveDoor, editDoor, puzzleDoor, hintDoor, clockDoor } from './lazy-parts.js';
import { GameSetup } from './game-setup.js';
import { LAG_ALLOWANCE } from '../lib/clock.js';
import { loadTeaching } from '../core/assets.js';
import { attachInput, attachResultClose } from '../board/input.js';
import { say } from '../lib/i18n.js';
/** @import { BoardState, BoardResources } from './state.js' */
/** @import { BoardElements } from './render.js' */
/** @import { Intent } from '../board/input.js' */
/** @import { CoreGame } from '../core/core-api.js' */
/** @import { Message, MessageParams } from '../lib/i18n.js' */

/**
 * What the controller gives the parts: the board's state and resources, its one way to change,
 * its game, its words, and what it does when a part asks (settle after a change, report an
 * error, fire an event, carry out an intent, follow the focus, the first game loaded or not).
 * @typedef {{
 *   state(): BoardState,
 *   resources(): BoardResources,
 *   apply<A extends unknown[]>(change: (s: BoardState, ...args: A) => BoardState, ...args: A): void,
 *   game(): CoreGame,
 *   t(key: string, params?: MessageParams): string,
 *   language(): string,
 *   changed(): void,
 *   refresh(): void,
 *   settled(news?: Message[]): void,
 *   error(message: string): void,
 *   emit(type: string, detail: object): void,
 *   intent(it: Intent): void,
 *   focus(on: boolean): void,
 *   loaded(): void,
 *   failed(message: string): void,
 * }} Hub
 */

/**
 * The parts of the board `host` (its shadow tree's parts `els`), wired to `hub` and to each other.
 * @param {Hub} hub
 * @param {HTMLElement} host
 * @param {BoardElements} els
 */
export function wireParts(hub, host, els) {
  // What every part of the board is given; each takes what its own typedef names.
  const port = {
    ...hub,
    host,
    core: () => hub.resources().core,
    catalogue: () => hub.resources().catalogue,
    say: (/** @type {Message} */ m) => say(hub.language(), m),
    reflect: (/** @type {() => void} */ write) => attributes.reflect(write),
  };
  const painter = new Painter(host, els, port);
  const clocks = clockDoor({
    ...port,
    flagged: (side) => endings.flagged(side),
    grace: (side) => (hub.state().settings.mode === 'live' && S.seatOf(hub.state()) !== side ? LAG_ALLOWANCE : 0),
    answered: (since) => live.answered(since),
    frame: () => painter.frame(),
  });
  const attributes = new Attributes({
    ...port,
    newGame: () => setup.queue(),
    nameFriendGame: (game) => setup.nameFriendGame(game),
    tagOwnName: () => setup.tagOwnName(),
    stopComputer: () => computer.cancel(),
    stopPuzzle: () => puzzle.cancel(),
    syncLive: () => live.sync(),
    relabel: () => painter.label((key) => hub.t(key)),
    describe: () => painter.describe(),
    consider: () => computer.consider(),
  });
  const mover = new Mover({
    ...port,
    stopComputer: () => computer.cancel(),
    livePlayed: (history, time) => live.played(history, time),
    clockMoved: (side, claim) => clocks.moved(hub.game(), side, claim),
    judge: () => puzzle.judge(),
  });
  const computer = new Computer({
    ...port,
    thinking: (on) => mover.thinking(on),
    asked: (a) => hub.apply(B.searchAsked, a.requested),
    reply: (result, asked) => mover.replied(result, asked),
    failed: (e) => mover.failed(e.message),
  });
  const puzzle = puzzleDoor({
    ...port,
    teaching: loadTeaching,
    setPuzzle: (p) => hub.apply(B.withPuzzle, p),
    markMistake: () => hub.apply(B.withMistake),
    takeBack: (news) => {
      history.step(-1);
      painter.describe(news);
    },
    // Said on the board until its position changes (the person's next move, a new game).
    notice: (message) => hub.apply(B.withNotice, { ...message, code: hub.state().gs?.code ?? null }),
    play: (move) => mover.playMove(move, 'computer'),
    emit: (type, detail) => {
      if (type === 'puzzle-failed') hub.emit('puzzle-failed', detail);
      else if (type === 'puzzle-slower') hub.emit('puzzle-slower', { moves: detail.moves });
      else hub.emit('puzzle-solved', { moves: detail.moves });
    },
  });
  const history = new History({ ...port, stopMoving: () => computer.cancel(), describe: () => painter.describe() });
  const hints = hintDoor(port);
  const endings = new Endings({ ...port, stopMoving: () => computer.cancel(), liveDeclared: (how, side) => live.declared(how, side) });
  const takebacks = new Takebacks({ ...port, liveTakeback: (act) => live.takeback(act) });
  const live = liveDoor({
    ...port,
    game: () => hub.resources().game,
    newGame: (game) => setup.setGame(game, { keepSession: true }),
    playRemote: (move, claim) => mover.playMove(move, 'remote', claim),
    liveClocks: (times, starts) => clocks.follow(times, starts),
    endRemote: (how, side) => endings.fromRelay(how, side),
    offerRemote: (side, ply, answered) => endings.offerFromRelay(side, ply, answered),
    takebackRemote: (side, ply, withdrawn) => takebacks.fromRelay(side, ply, withdrawn),
    reflect: (name, value) => attributes.reflect(() => host.setAttribute(name, value)),
    tagOwnName: () => setup.tagOwnName(),
  });
  const setup = new GameSetup({
    ...port,
    readAttributes: (report) => attributes.read(report),
    startClocks: (game) => clocks.start(game),
    limits: () => attributes.limits(),
    settingErrors: (errors) => attributes.settingErrors(errors),
    stop: () => {
      computer.cancel();
      puzzle.cancel();
      hints.cancel('A new game started.');
    },
    started: (keepSession) => {
      if (!keepSession) live.sync(true);
      hub.settled();
    },
    loaded: () => {
      if (hub.state().connected) computer.warm();
      hub.loaded();
    },
    failed: (message) => {
      hub.failed(message);
      painter.frame();
    },
  });
  const edit = editDoor({ frame: els.frame, core: () => hub.resources().core, state: hub.state, t: hub.t, language: hub.language, emit: hub.emit, failed: hub.error });
  attachInput(els.canvas, {
    toPoint: (x, y) => painter.toPoint(x, y),
    canDrag: (p) => S.canHumanMove(hub.state()) && I.canDragFrom(hub.state().ui, p),
    onIntent: hub.intent,
  });
  attachResultClose(els.resultClose, els.canvas, hub.intent);
  els.canvas.addEventListener('focus', () => hub.focus(true));
  els.canvas.addEventListener('blur', () => hub.focus(false));
  return { painter, clocks, attributes, mover, computer, puzzle, history, hints, endings, takebacks, live, setup, edit };
}
