// The full page: one <blue-gray-game> board and a panel around it. The board owns the game; the
// page keeps its own state (play/page-state.js) in its context (play/context.js), which changes
// it only through `update`, and draws the panel from it and the board (play/panel.js). This
// module puts the page's parts together (the form, the address, the doors into a game, the
// advice, the review (fetched at the first), going through the game, the preferences, the
// alerts, sharing,
// records in and out, the tools fetched at their first opening (play/tools.js) and, once the
// page is ready, the update offer), wires the controls and the board's events to them, and
// starts the page. The parts only some visits use are fetched when first used.
import './blue-gray-game.js';
import { settingErrorText, limitsOf } from './lib/setting-reader.js';
import { webStorage } from './lib/web-storage.js';
import { loadPrefs } from './play/storage.js';
import { Games } from './play/games.js';
import { recentBox } from './play/recent.js';
import { loadMessages } from './lib/i18n.js';
import { feature } from './lib/on-demand.js';
import { nextTask, idle } from './lib/next-task.js';
import { renderPanel, renderPrefs, localisePage, boardSnapshot, revealStatus } from './play/panel.js';
import { exposeTestHooks } from './play/test-hooks.js';
import { lessonDoor } from './learn/lesson-door.js';
import { Sound } from './play/sound.js';
import { pageAlerts } from './play/alerts.js';
import { shortcutFor } from './play/shortcuts.js';
import { prefsFrom, themeOf, gameKey, afterSave, savingMessage, siteRelay } from './play/page-state.js';
import { pageContext, notLoaded } from './play/context.js';
import { pageAddress, readLink } from './play/address.js';
import { gameDoors, rematchRequest, rematchOffered, tabRequest } from './play/doors.js';
import { newGameForm } from './play/form.js';
import { pageRecords } from './play/records.js';
import { pageNavigation } from './play/navigation.js';
import { pageComments } from './play/comment.js';
import { advice } from './play/advice.js';
import { pagePrefs, systemPrefersDark } from './play/prefs.js';
import { pageEndings } from './play/endings.js';
import { pageTools, hideLeftOut } from './play/tools.js';
import { linksOnlyHere } from './play/share.js';
import { offers } from './core/assets.js';
import { pageAnalysis } from './play/analysis.js';
import { pageFriends } from './friends/friends.js';
import { isRemote, undoBarred } from './lib/settings.js';

/**
 * @import { BlueGrayGameElement } from './blue-gray-game.js'
 * @import { GameRequest } from './play/doors.js'
 * @import { Message } from './lib/i18n.js'
 * @import { LessonLinks } from './play/form.js'
 */

// The page's script is async (index.html): it may run before the page is parsed, and wires
// elements of the whole page.
if (document.readyState === 'loading') await new Promise((parsed) => document.addEventListener('DOMContentLoaded', parsed, { once: true }));
const board = /** @type {BlueGrayGameElement} */ (document.getElementById('game'));
const sound = new Sound();
/** A frame is requested. */
let frameQueued = false;
/** The page's messages are loaded and put in: until then no frame draws the panel (it would show keys). */
let localised = false;
/** The next frame brings the status and the result into view (a game started, opened or ended). */
let reveal = false;
/** The lessons (learn/lessons.js), once wired: the rules picker links each rule to its lesson. */
let lessons = /** @type {LessonLinks|null} */ (null);

// The board was defined and started loading in this task (its module ran above); the first
// reach for Web Storage, which can hold the main thread while the browser opens it, comes in a
// task of its own.
await nextTask();
const ctx = pageContext({ board, storage: webStorage('localStorage'), session: webStorage('sessionStorage'), render: scheduleRender });
const { $, t } = ctx;
const games = new Games({ board, storage: ctx.storage, session: ctx.session, update: ctx.update });
const address = pageAddress(ctx);
const doors = gameDoors(ctx, { games, save, address });
const form = newGameForm(ctx, { start, lessons: () => lessons });
const adv = advice(ctx);
const nav = pageNavigation(ctx);
const comments = pageComments(ctx);
/** @type {ReturnType<typeof import('./review/review.js').pageReview>|null} */
let review = null;
/**
 * The review (review/review.js, with its box, chart and messages), fetched at the first review: until then
 * the review box stays hidden, as index.html has it.
 */
const loadReview = feature('review', {
  code: () => import('./review/review.js'),
  start: (m) => {
    review = m.pageReview(ctx, { nodes: adv.analysisNodes, goTo: nav.goTo });
    review.wire();
    // The review's box, just built, says its texts in the words just loaded.
    localisePage(document, t);
    return review;
  },
});
function startReview() {
  loadReview(ctx.page().lang).then(
    (r) => r.start(),
    // Not fetched (offline before the service worker kept it, say): the next click tries again.
    (e) => ctx.notify(notLoaded('over.review', e)),
  );
}
const prefs = pagePrefs(ctx, {
  sound,
  changed(what) {
    if (what === 'evaluation') adv.evaluate();
    if (what === 'relay') form.updateVisibility();
    if (what === 'language') {
      form.buildRules();
      form.sync();
    }
  },
});
const alerts = pageAlerts(ctx, { sound });
const records = pageRecords(ctx, { start, variant: () => form.request().variant });
const endings = pageEndings(ctx, { snapshot: () => boardSnapshot(board) });
const tools = pageTools(ctx, { startFromEditor });
const recent = recentBox(ctx, { games, start });
const analysis = pageAnalysis(ctx, { start });
const friends = pageFriends(ctx, {
  doors,
  parts: { games, save, offer, recordBox: /** @type {HTMLTextAreaElement} */ ($('io-text')), start, rules: () => form.request().variant ?? '', clock: () => form.request().clock ?? 'none', challengeAccepted: alerts.challengeAccepted },
  loaded: scheduleRender,
});

// ---------------------------------------------------------------- games

/**
 * Opens the game `request` asks for through the page's one door, and says what could not be
 * done (`badLink`: in the words for a bad link). Resolves to whether the game opened.
 * @param {GameRequest} request
 * @param {{problem?: (text: string) => Message}} [say]
 */
async function start(request, say = {}) {
  ctx.notify(null);
  prefs.applyName();
  const { opened, problems } = await friends.open(request);
  // A game opened anew is analysed only when the editor asks (startFromEditor).
  if (opened) ctx.update((p) => ({ ...p, analysing: null }));
  if (opened) showStatus();
  if (problems.length) ctx.notify(say.problem ? say.problem(problems.join(' ')) : { text: problems.join(' ') });
  return opened;
}

/**
 * Opens a game the board editor asks for; one to analyse offers no ending by the players' word
 * while it is on the board (page-state.js analysingGame), and is evaluated at once where the
 * reader's boxes show the evaluation or the best line.
 * @param {import('./editor/editor-dialog.js').EditorRequest} request
 */
async function startFromEditor(request) {
  const opened = await start(request);
  const gs = board.state;
  if (opened && request.analyse && gs) {
    ctx.update((p) => ({ ...p, analysing: { variant: gs.variant, start: gs.start } }));
    adv.evaluate();
  }
  return opened;
}

/**
 * Opens the game the address asks for (a link's game, or at start-up without one this tab's
 * game or the most recent kept one); a bad link says what is wrong and writes nothing. Used at
 * start-up and when a game link is opened in the tab that shows the page (the fragment changes).
 * `tab`: at start-up, this tab's game as the kept games gave it (games.js `kept()`).
 * @param {{starting: true, tab: import('./play/games.js').TabGame|null}|{starting: false}} options
 */
async function openAddress(options) {
  const link = readLink(location.search, location.hash, limitsOf(board.catalogue));
  const problems = link.errors.map((e) => settingErrorText(t, e));
  if (link.relay) ctx.update((p) => ({ ...p, relay: link.relay ?? null }));
  let opened = false;
  if (link.request) {
    const r = await friends.open(link.request);
    opened = r.opened;
    problems.push(...r.problems);
  }
  if (!opened && options.starting) {
    const { request, lost } = tabRequest(options.tab, link.place);
    if (lost) ctx.notify({ key: 'notice.savedLost', params: { error: lost } });
    problems.push(...(await friends.open(request)).problems);
  }
  if (problems.length) ctx.notify({ key: 'notice.badLink', params: { errors: problems.join(' ') } });
}

/**
 * Keeps the game after a change (`force`: even if the board has not changed since the page
 * took it), says how saving went, and keeps the address up to date.
 * @param {boolean} [force]
 */
function save(force = false) {
  const r = games.save(ctx.page(), force);
  const gs = board.state;
  if (r && gs) ctx.update((p) => ({ ...afterSave(p, r, gameKey(gs)), recent: games.list() }));
  address.update();
}

// ---------------------------------------------------------------- sharing

/**
 * Copies a link and says so (`copied`, a message), or shows it where copying is refused; with
 * `share`, also offers it to the share sheet where the browser has one.
 * @param {string} link
 * @param {Message} copied
 * @param {{share?: boolean}} [options]
 */
async function offer(link, copied, { share = true } = {}) {
  let notice = copied;
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    notice = { key: 'share.copyFailed', params: { link } };
  }
  ctx.notify(notice);
  if (share && navigator.share) navigator.share({ url: link }).catch(() => {});
}

/**
 * Copies the game's link and says so; from a page opened from disk, whose links open only on this
 * computer (share.js linksOnlyHere), the game's record instead, which opens anywhere (Open
 * record): put in the record's box and copied.
 */
async function copyLink() {
  if (!linksOnlyHere(location)) return offer(address.link(true), { key: 'share.copied' }, { share: false });
  const box = /** @type {HTMLTextAreaElement} */ ($('io-text'));
  box.value = board.record ?? '';
  const details = box.closest('details');
  if (details) details.open = true;
  try {
    await navigator.clipboard.writeText(box.value);
    ctx.notify({ key: 'share.onlyHere' });
  } catch {
    ctx.notify({ key: 'share.onlyHereNotCopied' });
  }
}

// ---------------------------------------------------------------- drawing

function onBoardChange() {
  // The form shows a new game's settings at once, not at the next draw: a draw may wait (for the
  // friend's box), and would then undo the choices the player made in the form meanwhile.
  form.follow();
  review?.followBoard();
  if (ctx.page().started) save();
  adv.evaluate();
  scheduleRender();
}

function showStatus() {
  reveal = true;
  scheduleRender();
}

function scheduleRender() {
  if (frameQueued || !localised) return;
  // A game against a friend elsewhere is drawn once what the panel says of it is there.
  if (friends.awaited() && isRemote(board.settings.mode)) {
    void friends.load();
    return;
  }
  frameQueued = true;
  requestAnimationFrame(() => {
    frameQueued = false;
    const page = ctx.page();
    const b = boardSnapshot(board);
    // A game started or opened anywhere shows its own settings in the form.
    form.follow();
    renderPrefs(document, page, themeOf(page.prefs, systemPrefersDark()));
    renderPanel(document, page, b, t, { variations: nav.variations(), friend: friends.box() });
    endings.render(document, page, b);
    review?.render(document, page, b);
    tools.render();
    analysis.render(document, page, b);
    if (reveal) revealStatus(document);
    reveal = false;
    $('update-bar').hidden = !page.updateReady;
    const saving = ctx.say(savingMessage(page));
    $('save-status').textContent = saving;
    $('save-status').hidden = !saving;
    recent.render(page);
  });
}

// ---------------------------------------------------------------- wiring

function wireControls() {
  /** @type {(id: string, type: string, f: (e: Event) => void) => void} */
  const on = (id, type, f) => $(id).addEventListener(type, f);
  form.wire();
  prefs.wire();
  on('review', 'click', startReview);
  on('over-review', 'click', startReview);
  on('undo', 'click', undo);
  on('redo', 'click', redo);
  on('hint', 'click', adv.hint);
  on('pause', 'click', () => {
    board.paused = !board.paused;
  });
  on('flip', 'click', () => board.flip());
  endings.wire();
  nav.wire();
  analysis.wire();
  comments.wire();
  // Live, Rematch is an offer the friend answers; the game agreed on opens on both devices.
  on('rematch', 'click', async () => (rematchOffered(board) ? board.rematch() : start(await rematchRequest(board))));
  board.addEventListener('rematch', (e) => {
    const { relay, gameId, hostKey, side, variant, clock } = /** @type {CustomEvent<{relay: string, gameId: string, hostKey: string, side: 'blue'|'gray', variant: string, clock: string}>} */ (e).detail;
    start({ from: 'rematch', mode: 'live', relay, gameId, hostKey, side, variant, clock });
  });
  on('over-new', 'click', form.focus);
  on('over-link', 'click', copyLink);
  on('copy-link', 'click', copyLink);
  records.wire();
  const shortcuts = tools.shortcuts;
  recent.wire();
  window.addEventListener('hashchange', () => openAddress({ starting: false }));
  on('open-lobby', 'click', async () => {
    if (await friends.load()) friends.games()?.openLobby();
  });
  document.addEventListener('keydown', (e) => onKey(e, shortcuts));
}

/**
 * Undo (-1) or Redo (1), unless the game is over: its moves and result are then final
 * (docs/RULES.md R28). The board refuses them against the computer itself, saying why; two on one
 * device the page does. Against a friend elsewhere, a seat's Undo asks to take back its last
 * move instead (R38), and there is nothing to redo.
 * @param {-1|1} dir
 */
function step(dir) {
  const seated = isRemote(board.settings.mode) && (board.seat === 'blue' || board.seat === 'gray');
  if (seated) {
    if (dir < 0 && board.canAskTakeback) endings.askTakeback();
  } else if (undoBarred(board.settings.mode, !!board.state?.result) && board.settings.mode !== 'ai') ctx.notify({ key: 'notice.undoFinal' });
  else if (dir < 0) board.undo();
  else board.redo();
}
const undo = () => step(-1);
const redo = () => step(1);

/**
 * @param {KeyboardEvent} e
 * @param {() => void} shortcuts shows the list of shortcuts
 */
function onKey(e, shortcuts) {
  // A key already taken (by a control of its own) or typed in an open dialog is not a shortcut.
  if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
  const intent = shortcutFor(e, e.target === board);
  if (!intent || !board.state) return;
  // Up and down go between variations; without any they scroll the page as ever.
  if ((intent === 'up' || intent === 'down') && !board.state.tree) return;
  e.preventDefault();
  /** @type {Record<string, () => unknown>} */
  const actions = {
    undo,
    redo,
    back: () => nav.go('back'),
    forward: () => nav.go('forward'),
    up: () => nav.go('up'),
    down: () => nav.go('down'),
    first: () => nav.go('first'),
    last: () => nav.go('last'),
    flip: () => board.flip(),
    new: () => start(form.request()),
    hint: adv.hint,
    help: shortcuts,
  };
  actions[intent]();
}

// ---------------------------------------------------------------- start

async function main() {
  // This tab's game, if any, opened once the rules core is there (unless a link's game is).
  const tab = games.kept();
  /** @type {import('./lib/settings.js').SettingError[]} */
  const errors = [];
  // Before the page is drawn: no door to a part this build leaves out shows even for a moment.
  hideLeftOut(document);
  ctx.update((p) => ({ ...p, prefs: prefsFrom(loadPrefs(ctx.storage)), siteRelay: siteRelay(document) }));
  const lang = prefs.chooseLanguage(errors);
  await loadMessages('play', lang);
  localised = true;
  ctx.update((p) => ({ ...p, lang }));
  document.documentElement.lang = lang;
  board.setAttribute('lang', lang);
  localisePage(document, t);
  prefs.applyTheme();
  prefs.applyName();
  await nextTask();
  sound.muted = ctx.page().prefs.muted;
  sound.arm(document);
  alerts.wire();
  wireControls();
  exposeTestHooks(board);
  // A live seat's key the browser could not keep: the notice offers the seat's link instead.
  board.addEventListener('error', (e) => ctx.notify(friends.games()?.seatNotKept() ?? { text: /** @type {CustomEvent<{message: string}>} */ (/** @type {unknown} */ (e)).detail.message }));
  board.addEventListener('change', onBoardChange);
  board.addEventListener('move', () => sound.play(board.state?.lastMove?.kind === 'capture' ? 'capture' : 'move'));
  board.addEventListener('gameover', () => {
    sound.play('end');
    // Not at start-up: the page opens at its top, and a restored game's end is no news.
    if (ctx.page().started) showStatus();
  });
  try {
    await board.ready;
  } catch (e) {
    $('status').textContent = String((e && /** @type {Error} */ (e).message) || e);
    return;
  }
  // The game is chosen once the rules core says what is valid (its levels, variants, records).
  await openAddress({ starting: true, tab });
  if (errors.length) ctx.notify({ key: 'notice.badLink', params: { errors: errors.map((e) => settingErrorText(t, e)).join(' ') } });
  // From now on every change of the board is the player's, and is kept.
  ctx.update((p) => ({ ...p, recent: games.list(), started: true }));
  await nextTask();
  // Before the rules picker is built (by setLanguage), which links each rule to its lesson.
  const onPlay = (/** @type {number} */ level) => start({ from: 'lessons', mode: 'ai', side: 'blue', level });
  lessons = lessonDoor({ dialog: ctx.dialog('lessons'), openButton: $('open-lessons'), offer: offers().teaching ? $('lesson-offer') : null, t, storage: ctx.storage, onPlay, failed: (e) => ctx.notify(notLoaded('lessons.open', e)) });
  await prefs.setLanguage(ctx.page().lang, { later: nextTask });
  await nextTask();
  // The rules picker links each rule to its lesson once the lessons' catalogue is fetched, at the
  // first opening of the rules by ingredients.
  let linked = false;
  $('ingredients-box').addEventListener('toggle', async () => {
    if (linked || !lessons) return;
    linked = true;
    if (await lessons.ready()) form.linkLessons();
  });
  tools.wire();
  // The puzzles (learn/puzzles.js) are fetched at the button's first click, and from then on are
  // the tests' and tools' `window.bluegray.puzzles` too.
  const loadPuzzles = feature('learn', {
    code: () => import('./learn/puzzles.js'),
    start: (m) => {
      const puzzles = m.initPuzzles({ dialog: ctx.dialog('puzzles'), t, storage: ctx.storage });
      const hooks = /** @type {{bluegray?: Record<string, unknown>}} */ (/** @type {unknown} */ (window)).bluegray;
      if (hooks) hooks.puzzles = puzzles;
      return puzzles;
    },
  });
  $('open-puzzles').addEventListener('click', () =>
    loadPuzzles(ctx.page().lang).then(
      (p) => p.open(),
      (e) => ctx.notify(notLoaded('puzzles.open', e)),
    ),
  );
  adv.evaluate();
  // The form shows the opened game's settings before the page says it is ready, not at the next
  // frame, which a slow machine may draw after the player (or a test) has chosen in the form.
  form.follow();
  await form.settled();
  document.documentElement.dataset.ready = 'true';
  // Offline play and the offer of a new version once the page is ready and the browser idle, as
  // a service worker is usually registered, so that neither it nor what it caches competes with
  // the first visit: the registration, with its code (play/update.js). Not fetched: the page
  // works, only not offline.
  await idle();
  import('./play/update.js').then(
    (m) => {
      const update = m.pageUpdate(ctx, { save });
      $('update-now').addEventListener('click', update.switchNow);
      update.register();
    },
    () => {},
  );
}

main();
