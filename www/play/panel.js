// The page's panel around the board, drawn from two states and nothing else: the page's own
// (page-state.js) and a snapshot of the board (`boardSnapshot`). Every control shows its value
// from the state; DOM writes happen only where something changed, so an unchanged panel costs
// no repaint.
import { say } from '../lib/i18n.js';
import { setIfChanged } from '../lib/dom.js';
import { resultMessage } from '../lib/result.js';
import { positionOf } from '../engine/position.js';
import { jumpWarning, warnOn, currentNotice, currentReview, analysingGame, adviceShown } from './page-state.js';
import { renderMoveList } from './move-list.js';
import { mainPath } from '../lib/tree.js';
import { renderNavigation } from './navigation.js';
import { renderComment } from './comment.js';
import { lastMoveNumber } from '../lib/moves.js';
import { isRemote, isHuman, undoBarred } from '../lib/settings.js';
import { engineHelpBarred } from '../lib/fair-play.js';
import { byId, menu, field, button, meter } from './page-elements.js';
import { renderJudgement } from './advice.js';
/** @import { BlueGrayGameElement } from '../blue-gray-game.js' */
/** @import { Catalogue, GameState, Side } from '../core/core-types.js' */
/** @import { LiveStatus, Seat } from '../api-types.js' */
/** @import { PageState } from './page-state.js' */
/** @import { Message, MessageParams, Translate } from '../lib/i18n.js' */


/**
 * What the panel needs of the board, read once per frame (boardSnapshot): the rules core's view
 * of its game (null before it has loaded), its settings, whether the computer thinks, whether a
 * demo is held still, the ply and the path in the game's tree looked at (null: the game itself)
 * with the state there (`shown`), the computer's last search, the
 * side shown at the bottom, this device's seat against a friend elsewhere (null in other modes
 * and until a live game says), a live game's connection (null outside live games), its relay,
 * the game's id against a friend, the side whose draw offer stands and the takeback request that
 * stands (with whether this seat may ask one now).
 * @typedef {{
 *   gs: GameState|null,
 *   settings: BlueGrayGameElement['settings'],
 *   thinking: boolean,
 *   paused: boolean,
 *   viewPly: number|null,
 *   viewPath: number[]|null,
 *   shown: GameState|null,
 *   aiInfo: BlueGrayGameElement['aiInfo'],
 *   bottomSide: Side,
 *   seat: Seat|null,
 *   live: LiveStatus|null,
 *   relay: string|null,
 *   gameId: string|null,
 *   drawOffer: Side|null,
 *   drawDeclined: boolean,
 *   rematchOffer: BlueGrayGameElement['rematchOffer'],
 *   takeback: {side: Side, ply: number}|null,
 *   canAskTakeback: boolean,
 *   claimableAt: number|null,
 * }} BoardSnapshot
 */

/**
 * A board snapshot with its game: what the panel draws once the rules core has loaded.
 * @typedef {BoardSnapshot & {gs: GameState}} GameSnapshot
 */

/**
 * What the panel draws of a game against a friend elsewhere (friends/friend-box.js, fetched for
 * the first such game): the status line's words, and the box under it.
 * @typedef {{status: (b: GameSnapshot) => Message|null, render: (doc: Document, b: GameSnapshot, lang: string) => void}} FriendBox
 */

/**
 * The parts of the panel fetched when first needed, each null until then: the game's variations
 * in the move list (play/variations.js), what is said of a game against a friend elsewhere
 * (friends/friend-box.js: the page draws no such game before it is there).
 * @typedef {{
 *   variations: import('./move-list.js').VariationsDrawer|null,
 *   friend: FriendBox|null,
 * }} PanelParts
 */

/**
 * Whether the board has its game (the rules core has loaded).
 * @param {BoardSnapshot} b
 * @returns {b is GameSnapshot}
 */
function hasGame(b) {
  return b.gs !== null;
}

/**
 * What the panel needs of the board, read once per frame.
 * @param {BlueGrayGameElement} board
 * @returns {BoardSnapshot}
 */
export function boardSnapshot(board) {
  return {
    gs: board.state,
    settings: board.settings,
    thinking: board.thinking,
    paused: board.paused,
    viewPly: board.viewPly,
    viewPath: board.viewPath,
    shown: board.shownState,
    aiInfo: board.aiInfo,
    bottomSide: board.bottomSide,
    seat: board.seat,
    live: board.presence,
    relay: board.relay,
    gameId: board.gameId,
    drawOffer: board.drawOffer,
    drawDeclined: board.drawDeclined,
    rematchOffer: board.rematchOffer,
    takeback: board.takebackOffer,
    canAskTakeback: board.canAskTakeback,
    claimableAt: board.claimableAt,
  };
}

/**
 * Puts the page's static text in the reader's language: `data-i18n` (text, with the parameters
 * in `data-i18n-params` as JSON, if any), and `data-i18n-title`, `data-i18n-placeholder`,
 * `data-i18n-aria-label`, `data-i18n-alt` (attributes). A text whose part of the messages is not
 * loaded yet is left as it is. The markup of a part fetched later (the review's box, a friend's
 * game's box, the hand-over sheet) is built by that part, whose loader calls this once it has.
 * @param {Document} doc
 * @param {Translate} t
 */
export function localisePage(doc, t) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll('[data-i18n]'))) {
    const { i18n: key = '', i18nParams } = el.dataset;
    // The parameters are index.html's own markup.
    /** @type {MessageParams|undefined} */
    const params = i18nParams ? JSON.parse(i18nParams) : undefined;
    const text = t(key, params);
    if (text !== key) setIfChanged(el, 'textContent', text);
  }
  const attrs = { i18nTitle: 'title', i18nPlaceholder: 'placeholder', i18nAriaLabel: 'aria-label', i18nAlt: 'alt' };
  for (const [data, attr] of Object.entries(attrs)) {
    const dashed = data.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    for (const el of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll(`[data-${dashed}]`))) {
      const key = el.dataset[data] ?? '';
      const text = t(key);
      if (text !== key) el.setAttribute(attr, text);
    }
  }
  doc.title = t('page.documentTitle');
}

/**
 * Fills the variant, level and language choices. `languages`: [[code, name], …].
 * @param {Document} doc
 * @param {Catalogue|null} catalogue
 * @param {Translate} t
 * @param {string} lang
 * @param {[string, string][]} languages
 */
export function fillChoices(doc, catalogue, t, lang, languages) {
  /**
   * @param {HTMLSelectElement} select
   * @param {[string, string, string?][]} items value, text and title (if any) of each option
   */
  const fill = (select, items) => {
    const value = select.value;
    select.textContent = '';
    for (const [v, text, title] of items) {
      const o = doc.createElement('option');
      o.value = v;
      o.textContent = text;
      if (title) o.title = title;
      select.appendChild(o);
    }
    if (value) select.value = value;
  };
  if (catalogue) {
    fill(
      menu(doc, 'variant'),
      catalogue.variants.map((v) => [v.name, t(`variantName.${v.name}`), t(`variant.${v.name}`)]),
    );
    fill(
      menu(doc, 'level'),
      catalogue.levels.map((l) => [String(l.number), t('form.levelOption', { n: l.number, name: t(`level.${l.number}`) })]),
    );
  }
  fill(menu(doc, 'lang'), languages.map(([code, name]) => [code, name]));
  menu(doc, 'lang').value = lang;
}

/**
 * The status line: whose turn, who is thinking, or how the game ended, as a message; `friend`
 * says whose turn it is against a friend elsewhere. A game the editor opened for analysis is
 * named so, with or without the engine as the page state `p`'s boxes say.
 * @param {PageState} p
 * @param {GameSnapshot} b
 * @param {FriendBox|null} friend
 * @returns {Message}
 */
function statusMessage(p, b, friend) {
  const { gs, settings: s } = b;
  const over = resultMessage(gs);
  if (gs.result && over) {
    // The one place the page says the result (not over the board, not again in the game-over box).
    const said = gs.result.halfWin ? { key: 'status.over.half', params: { result: over } } : over;
    return b.viewPly !== null ? { key: 'status.reviewing', params: { result: said } } : said;
  }
  const side = gs.side;
  if (s.mode === 'view') return { key: 'status.view', params: { side } };
  if (b.paused && s.mode === 'demo') return { key: 'status.paused', params: { side } };
  if (b.thinking) return { key: 'status.thinking', params: { side, level: s.level, name: { key: `level.${s.level}` } } };
  const remote = friend && friend.status(b);
  if (remote) return remote;
  const person = isHuman(s, side);
  const turn = s.mode === 'two' || s.mode === 'analysis' ? 'status.toMove' : person ? 'status.yourMove' : 'status.computerToMove';
  /** @type {Message} */
  const said = gs.captureRequired && person ? { key: 'status.withCapture', params: { turn: { key: turn, params: { side } } } } : { key: turn, params: { side } };
  if (!analysingGame(p, gs)) return said;
  // The editor's Analyse: a board of two all the same, named for what it is, and whether the
  // engine has a say there (the reader's two boxes).
  const { showEval, showLine } = adviceShown(p);
  return { key: showEval || showLine ? 'status.analysing' : 'status.exploring', params: { turn: said } };
}

/**
 * Draws the whole panel from the page state `p` and the board snapshot `b`, with the parts
 * fetched so far.
 * @param {Document} doc
 * @param {PageState} p
 * @param {BoardSnapshot} b
 * @param {Translate} t
 * @param {PanelParts} parts
 */
export function renderPanel(doc, p, b, t, { variations, friend }) {
  if (!hasGame(b)) return;
  const gs = b.gs;
  const viewing = b.viewPly;
  const lang = p.lang;
  const status = byId(doc, 'status');
  setIfChanged(status, 'textContent', say(lang, statusMessage(p, b, friend)));
  setIfChanged(status.dataset, 'state', gs.result ? 'over' : b.thinking ? 'thinking' : gs.side);
  setIfChanged(byId(doc, 'thinking'), 'hidden', !b.thinking);
  setIfChanged(byId(doc, 'turn-indicator'), 'className', `turn ${gs.result ? 'over' : gs.side}`);
  const notice = byId(doc, 'notice');
  const noticeText = say(lang, currentNotice(p, gs));
  setIfChanged(notice, 'textContent', noticeText);
  setIfChanged(notice, 'hidden', !noticeText);
  const warnChosen = warnOn(p.prefs, b.settings);
  setIfChanged(field(doc, 'warn'), 'checked', warnChosen);
  const warning = warnChosen ? jumpWarning(gs, b.settings, viewing !== null) : null;
  const warn = byId(doc, 'warning');
  setIfChanged(warn, 'textContent', say(lang, warning));
  setIfChanged(warn, 'hidden', !warning);
  renderGameOver(doc, b, t);
  if (friend) friend.render(doc, b, lang);
  else setIfChanged(byId(doc, 'friend-box'), 'hidden', true);

  for (const side of /** @type {const} */ (['blue', 'gray'])) {
    const v = gs.progress[side];
    setIfChanged(byId(doc, `progress-${side}-label`), 'textContent', t('progress.label', { side, n: v, of: gs.steps }));
    const bar = meter(doc, `progress-${side}`);
    setIfChanged(bar, 'max', gs.steps);
    setIfChanged(bar, 'value', v);
  }
  setIfChanged(byId(doc, 'progress').dataset, 'top', b.bottomSide === 'gray' ? 'blue' : 'gray');

  const s = b.settings;
  // A move a friend elsewhere has seen is not taken back on one device, nor a finished game's
  // against the computer or two on one device (docs/RULES.md R28): its analysis board takes back.
  const stepless = isRemote(s.mode) || undoBarred(s.mode, !!gs.result);
  // Against a friend elsewhere, a seat's Undo asks to take back its own last move (ruling R38).
  const asks = isRemote(s.mode) && (b.seat === 'blue' || b.seat === 'gray');
  const undo = button(doc, 'undo');
  const undoKeys = asks ? ['controls.askTakeback', 'controls.askTakebackTitle'] : ['controls.undo', 'controls.undoTitle'];
  setIfChanged(undo.dataset, 'i18n', undoKeys[0]);
  setIfChanged(undo.dataset, 'i18nTitle', undoKeys[1]);
  setIfChanged(undo, 'textContent', t(undoKeys[0]));
  setIfChanged(undo, 'title', t(undoKeys[1]));
  setIfChanged(undo, 'disabled', asks ? !b.canAskTakeback : !gs.canUndo || stepless);
  setIfChanged(button(doc, 'redo'), 'disabled', !gs.canRedo || stepless);
  const humanTurn = !gs.result && viewing === null && isHuman(s, gs.side) && (!isRemote(s.mode) || b.seat === gs.side);
  // A position looked at (the game's earlier one or a variation's) has its hint too.
  const looked = viewing !== null && !!b.shown && !b.shown.result;
  setIfChanged(button(doc, 'hint'), 'disabled', !(humanTurn || looked) || b.thinking);
  // Against a person, the engine keeps out until the game is over (lib/fair-play.js).
  const barred = engineHelpBarred(s, gs);
  setIfChanged(button(doc, 'hint'), 'hidden', barred);
  setIfChanged(field(doc, 'show-eval'), 'disabled', barred);
  setIfChanged(field(doc, 'show-line'), 'disabled', barred);
  setIfChanged(button(doc, 'review'), 'disabled', barred);
  setIfChanged(byId(doc, 'fair-play'), 'hidden', !barred);
  const here = positionOf(b.shown ?? gs).key;
  // A finished game's hint goes with its arrow (element/view.js): no move is to be played there.
  const hint = p.hint && p.hint.key === here && !(b.shown ?? gs).result ? say(lang, p.hint.message) : '';
  setIfChanged(byId(doc, 'hint-text'), 'textContent', hint);
  setIfChanged(byId(doc, 'hint-text'), 'hidden', !hint);
  const pause = byId(doc, 'pause');
  setIfChanged(pause, 'hidden', s.mode !== 'demo' || !!gs.result);
  setIfChanged(pause, 'textContent', t(b.paused ? 'controls.resume' : 'controls.pause'));

  renderNavigation(doc, b, t);

  setIfChanged(field(doc, 'show-eval'), 'checked', p.prefs.showEval);
  setIfChanged(field(doc, 'show-line'), 'checked', p.prefs.showLine);
  // The computer's move in words, and the evaluation (play/advice.js).
  renderJudgement(doc, p, b, t, barred);
  const review = currentReview(p, gs);
  const shown = b.viewPath ?? mainPath(viewing ?? gs.history.length);
  renderMoveList(byId(doc, 'moves'), gs, shown.join('.'), review && review.marks, t, variations);
  renderComment(doc, b, t);
  setIfChanged(byId(doc, 'result-token'), 'textContent', gs.result ? gs.result.token : '');
}

/**
 * Brings the status line and, while a game is over, the game-over box into view, scrolling only
 * as far as needed: on a wide screen the panel, which scrolls on its own (the board beside it
 * stays put); on a narrow one the page, with the board above them in view too. For a game just
 * started or opened, and a game just ended, which the player looks for there.
 * @param {Document} doc
 */
export function revealStatus(doc) {
  const panel = /** @type {HTMLElement} */ (doc.querySelector('.panel'));
  const own = getComputedStyle(panel).overflowY !== 'visible' && panel.scrollHeight > panel.clientHeight;
  const shown = [byId(doc, 'status').closest('.status-box'), byId(doc, 'game-over')];
  if (!own) shown.unshift(doc.querySelector('.board-col'));
  const boxes = shown.filter((el) => el instanceof HTMLElement && !el.hidden).map((el) => /** @type {HTMLElement} */ (el).getBoundingClientRect());
  if (!boxes.length) return;
  const top = Math.min(...boxes.map((r) => r.top));
  const bottom = Math.max(...boxes.map((r) => r.bottom));
  const view = own ? panel.getBoundingClientRect() : { top: 0, bottom: doc.documentElement.clientHeight };
  const margin = 8;
  // Down as far as the last of them needs, never so far that the first goes; up to the first.
  let by = 0;
  if (top < view.top) by = top - view.top - margin;
  else if (bottom > view.bottom) by = Math.min(bottom - view.bottom + margin, top - view.top - margin);
  if (!by) return;
  if (own) panel.scrollTop += by;
  else doc.defaultView?.scrollBy(0, by);
}

/**
 * The preferences' controls, from the page state.
 * @param {Document} doc
 * @param {PageState} p
 * @param {string} theme the theme in force (themeOf)
 */
export function renderPrefs(doc, p, theme) {
  setIfChanged(menu(doc, 'lang'), 'value', p.lang);
  setIfChanged(menu(doc, 'theme'), 'value', theme);
  setIfChanged(field(doc, 'sound'), 'checked', !p.prefs.muted);
  const relay = field(doc, 'relay');
  if (doc.activeElement !== relay) setIfChanged(relay, 'value', p.prefs.relay || '');
}

/**
 * The game-over panel: shown while the game is over, also while the player looks back through
 * it (its Rematch, Review and link stay at hand during a review). It says how long the game
 * was; the result itself is the status line's.
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {Translate} t
 */
function renderGameOver(doc, b, t) {
  const gs = b.gs;
  const box = byId(doc, 'game-over');
  const r = gs.result;
  setIfChanged(box, 'hidden', !r);
  if (!r) return;
  const moves = lastMoveNumber(gs);
  setIfChanged(byId(doc, 'over-how'), 'textContent', moves === null ? '' : t('over.after', { n: moves }));
  setIfChanged(byId(doc, 'over-half'), 'hidden', !r.halfWin);
  // An analysis board's copy of a finished game is no game to play again.
  setIfChanged(button(doc, 'rematch'), 'hidden', b.settings.mode === 'analysis');
}

