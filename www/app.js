// The full page: one <blue-gray-game> board and a panel around it. The board owns the game;
// the page keeps its own state in one declared object (page-state.js), changes it only through
// `update`, and draws the panel from it and the board (panel.js). This module wires the
// controls and the board's events to those changes, starts the page, and keeps the game across
// visits and in the address.
import './blue-gray-game.js';
import { readSettings, linkParams, settingErrorText, limitsOf, isRemote, otherSide } from './lib/settings.js';
import { loadPrefs, savePrefs } from './page/storage.js';
import { Games, linkGame, GAME_SETTINGS } from './page/games.js';
import { renderRecent, renderRecentCount } from './page/recent.js';
import { LANGUAGES, pickLanguage, translate, loadLanguage, languageName } from './lib/i18n.js';
import { renderPanel, renderPrefs, fillChoices, localisePage, renderShortcuts, renderReview, boardSnapshot } from './page/panel.js';
import { exposeTestHooks } from './page/test-hooks.js';
import { initHowTo } from './teach/howto.js';
import { initLessons } from './teach/lessons.js';
import { initPuzzles } from './teach/puzzles.js';
import { gameLink, pageBase, recordFileName, download, MAX_ADDRESS_LENGTH } from './page/share.js';
import { friendGames } from './remote/friend-games.js';
import { Sound } from './page/sound.js';
import { shortcutFor } from './page/shortcuts.js';
import { analysis, positionOf } from './engine/analysis.js';
import { isAbort } from './engine/ai-client.js';
import { markMoves, turningPoints } from './review/evaluation.js';
import { accuracy, markCounts, retryList } from './review/mistakes.js';
import { initLearn } from './review/learn.js';
import { plyAt } from './review/chart.js';
import { buildPicker, rulesOf, describeSpec, fittingText, showSpec } from './page/variant-picker.js';
import { wireMoveList } from './page/move-list.js';
import { moveLabel } from './lib/moves.js';
import { defaultPageState, prefsFrom, withPref, themeOf, gameKey, currentReview, afterSave, savingMessage, relayOf } from './page/page-state.js';

const $ = (id) => document.getElementById(id);
const board = $('game');
const storage = safeStorage('localStorage');
const sound = new Sound();
const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** The page's state (page-state.js); replaced, never edited in place, by `update`. */
let page = defaultPageState();

/** What the page holds besides its state: none of it is drawn. */
const held = {
  /** The board's settings the New game form last showed (JSON): the form follows a new game. */
  formFor: null,
  /** The review under way: its AbortController. */
  reviewAbort: null,
  /** A frame is requested. */
  frameQueued: false,
  /** The ingredient choosers of the rules (variant-picker.js), once built. */
  picker: null,
  /** The lessons (lessons.js): `{open(id), lessonFor(option)}`, once wired. */
  lessons: null,
  /** The service worker's registration, once registered. */
  registration: null,
  /** The player asked for the new version: the page reloads when it takes over. */
  switching: false,
  /** "Learn from your mistakes" (learn.js), once opened. */
  learn: null,
};

const t = (key, params) => translate(page.lang, key, params);

/** Changes the page's state with `change` (state → state) and redraws. */
function update(change) {
  page = change(page);
  scheduleRender();
}

/**
 * Shows a message of the page ({key, params} or {text}; null clears it). It is about the game
 * line on the board: it goes as soon as a move is played or another game is shown.
 */
function notify(message) {
  const gs = board.state;
  update((p) => ({ ...p, notice: message && gs ? { ...message, game: gameKey(gs) } : message }));
}

/**
 * Lets the browser draw and answer input before the next step of a long piece of work, so that
 * no single task holds the main thread for long (the page starts in several short steps).
 */
function nextTask() {
  return globalThis.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r, 0));
}

/**
 * localStorage or sessionStorage, or where the browser refuses it, a stand-in that keeps
 * nothing and says so when written (saving then reports that it failed).
 */
function safeStorage(name) {
  try {
    const s = window[name];
    s.getItem('probe');
    return s;
  } catch {
    const refuse = () => {
      throw new DOMException(`${name} is not available`, 'SecurityError');
    };
    return { getItem: () => null, setItem: refuse, removeItem: () => {} };
  }
}

/** The games kept in this browser and which of them the page shows (games.js). */
const games = new Games({ board, storage, session: safeStorage('sessionStorage'), update });

/** Games against a friend elsewhere: sending them, and opening their links and records. */
const friends = friendGames({
  board,
  games,
  page: () => page,
  update,
  save,
  notify,
  offer,
  t,
  recordBox: $('io-text'),
});

/** The number of analysed nodes per position, as the rules core says. */
function analysisNodes() {
  return board.catalogue ? board.catalogue.analysisNodes : undefined;
}

// ---------------------------------------------------------------- settings

function chooseLanguage(errors) {
  const params = linkParams(location.search, location.hash);
  const { settings, errors: bad } = readSettings(params, ['lang']);
  errors.push(...bad);
  const wanted = [settings.lang, page.prefs.lang, ...(navigator.languages || [navigator.language])].filter(Boolean);
  return pickLanguage(wanted);
}

async function setLanguage(lang) {
  await loadLanguage(lang);
  page = { ...page, lang };
  document.documentElement.lang = lang;
  board.setAttribute('lang', lang);
  localisePage(document, t);
  fillChoices(document, board.catalogue, t, page.lang, LANGUAGES.map((code) => [code, languageName(code)]));
  await nextTask();
  renderShortcuts(document, t);
  buildVariantPicker();
  syncForm();
  scheduleRender();
}

/** Puts the theme in force on the page and the board. */
function applyTheme() {
  const theme = themeOf(page.prefs, systemDark.matches);
  document.documentElement.dataset.theme = theme;
  board.setAttribute('theme', theme);
}

/** Changes a preference, keeps it for the next visit, and applies what it affects. */
function setPref(name, value) {
  update((p) => withPref(p, name, value));
  savePrefs(storage, { [name]: value });
  if (name === 'theme') applyTheme();
  if (name === 'muted') sound.muted = value;
  if (name === 'showEval' || name === 'showLine') evaluate();
}

function describeErrors(errors) {
  return errors.map((e) => (e.text ? e.text : settingErrorText(t, e))).join(' ');
}

// ---------------------------------------------------------------- the form

function syncForm() {
  const s = board.settings;
  if (board.catalogue) showVariant(s.variant);
  $('mode').value = s.mode === 'view' ? 'two' : s.mode;
  $('side').value = s.side;
  $('level').value = String(s.level);
  $('movetime').value = String(s.movetime);
  showRules(board.state && board.state.rules);
  updateFormVisibility();
}

/**
 * Shows the rules `spec` in the variant menu: a named variant by its name, any other spec by a
 * name made of its named variant and its changes (as much of it as the menu shows whole).
 */
function showVariant(spec) {
  const cat = board.catalogue;
  const about = describeSpec(cat, spec, t);
  const sel = $('variant');
  showSpec(sel, cat, spec, about ? fittingText(sel, about.names) : spec);
}

function updateFormVisibility() {
  // Live games are offered only with a relay to carry them.
  const live = $('mode').querySelector('option[value="live"]');
  live.hidden = live.disabled = !relayOf(page);
  if ($('mode').value === 'live' && live.disabled) $('mode').value = 'friend';
  const mode = $('mode').value;
  const computer = mode === 'ai' || mode === 'demo';
  $('side-row').hidden = !(mode === 'ai' || isRemote(mode));
  $('level-row').hidden = !computer;
  $('movetime-row').hidden = !computer;
  const cat = board.catalogue;
  const spec = $('variant').value;
  // With overrides, the named variant's sentence may no longer hold: say what they change.
  const about = cat && describeSpec(cat, spec, t);
  $('variant-desc').textContent = about ? about.description : '';
  $('variant-balance').textContent = (about && about.balance) || '';
  $('variant-balance').hidden = !(about && about.balance);
  // The side menu says who moves first under these rules.
  const rules = (cat && rulesOf(cat, spec)) || { first: 'blue' };
  for (const o of $('side').options) {
    o.textContent = o.value === rules.first ? t('form.side.first', { side: o.value }) : t(`side.${o.value}`);
  }
}

/** Sets the ingredient choosers to the rules of a named variant, or of the game in progress. */
function showRules(rules) {
  if (held.picker && rules) held.picker.show(rules);
}

/** The rules by ingredients, once the catalogue says what they are. */
function buildVariantPicker() {
  const cat = board.catalogue;
  $('ingredients-box').hidden = !(cat && cat.options);
  if (!cat || !cat.options) return;
  held.picker = buildPicker(document, $('ingredients'), cat, t, (spec) => {
    showVariant(spec);
    updateFormVisibility();
  }, held.lessons);
}

/**
 * Starts a new game (the game in progress stays among the kept games), reporting a bad option
 * on the page instead of throwing.
 */
function startGame(options) {
  notify(null);
  try {
    games.startNew(options);
  } catch (err) {
    notify({ text: String(err.message || err) });
  }
}

function newGameFromForm() {
  startGame(friends.withMatch({
    variant: $('variant').value,
    mode: $('mode').value,
    side: $('side').value,
    level: Number($('level').value),
    movetime: Number($('movetime').value),
  }));
}

/** The same game again from the variant's start, sides swapped against the computer or a friend. */
function rematch() {
  const { variant, mode, side, level, movetime } = board.settings;
  const swapped = mode === 'ai' || isRemote(mode) ? otherSide(side) : side;
  startGame(friends.withMatch({ variant, mode: mode === 'view' ? 'two' : mode, side: swapped, level, movetime }));
}

/** The players of the game in progress, for a game loaded in its place (not a friend's: that game is theirs too). */
function keepPlayers() {
  const { mode, side, level, movetime } = board.settings;
  return { mode: mode === 'view' || isRemote(mode) ? 'two' : mode, side, level, movetime };
}

/**
 * Opens a game record (from a file or the text box) as a new game; the one in progress is kept.
 * The record of a game by link (it names its game id) opens as that game, at the seat to move:
 * it was sent by the player who has just moved.
 */
async function openRecord(text, name) {
  notify(null);
  const match = await friends.matchOfRecord(text);
  if (match) {
    const problems = [];
    await friends.openMatch({ mode: 'friend', 'game-id': match.id, side: match.side, record: text }, problems);
    if (problems.length) notify({ text: problems.join(' ') });
    return;
  }
  try {
    games.startNew({ ...keepPlayers(), record: text });
    save(true);
  } catch (err) {
    const error = String(err.message || err);
    notify(name ? { key: 'share.badFile', params: { name, error } } : { text: error });
  }
}

// ---------------------------------------------------------------- history

/** The ply the board shows. */
function shownPly() {
  const v = board.viewPly;
  return v === null ? board.state.history.length : v;
}

function goTo(ply) {
  const last = board.state.history.length;
  board.viewPly = Math.max(0, Math.min(last, ply)) === last ? null : Math.max(0, ply);
}

function continueHere() {
  const ply = board.viewPly;
  if (ply === null) return;
  const later = board.state.history.length - ply;
  if (later > 0 && !confirm(t('nav.confirmDrop', { last: moveLabel(board.state, board.state.history.length) }))) return;
  board.continueFrom(ply);
}

// ---------------------------------------------------------------- hints, evaluation, review

async function askHint() {
  const gs = board.state;
  if (!gs || gs.result || board.viewPly !== null) return;
  // The hint belongs to the position it was asked for: shown only while that is on the board.
  const key = positionOf(gs).key;
  update((p) => ({ ...p, hint: { key, message: { key: 'hint.thinking' } } }));
  let message;
  try {
    const h = await board.hint();
    message = { key: 'hint.says', params: { move: h.move, reason: h.reason } };
  } catch (e) {
    message = isAbort(e) ? null : { text: String(e.message || e) };
  }
  update((p) => (p.hint && p.hint.key === key ? { ...p, hint: message ? { key, message } : null } : p));
}

/** Analyses the position on the board when the evaluation or the best line is shown. */
async function evaluate() {
  const gs = board.state;
  const { showEval, showLine } = page.prefs;
  if (!(showEval || showLine) || !gs || gs.result) return;
  const position = positionOf(gs);
  if (page.evaluation && page.evaluation.key === position.key) return;
  let result;
  try {
    result = await analysis().analyse(position, { priority: 'evaluation', nodes: analysisNodes() });
  } catch {
    return; // the panel shows no evaluation; the next position asks again
  }
  update((p) => ({ ...p, evaluation: { key: position.key, result } }));
}

async function startReview() {
  const gs = board.state;
  if (!gs) return;
  held.reviewAbort?.abort();
  const key = gameKey(gs);
  if (!gs.history.length) {
    update((p) => ({ ...p, review: { key, total: 0, entries: [], running: false, error: { key: 'review.nothing' }, marks: null, points: [] } }));
    return;
  }
  const abort = new AbortController();
  held.reviewAbort = abort;
  const total = gs.history.length + 1;
  update((p) => ({ ...p, review: { key, total, entries: [], running: true, error: null, marks: null, points: [] } }));
  const same = (p) => p.review && p.review.key === key && held.reviewAbort === abort;
  try {
    const entries = await analysis().review(gs, {
      signal: abort.signal,
      nodes: analysisNodes(),
      onEntry: (so) => update((p) => (same(p) ? { ...p, review: { ...p.review, entries: [...so] } } : p)),
    });
    const marks = markMoves(entries);
    const done = { entries, running: false, marks, points: turningPoints(marks), accuracy: accuracy(entries), counts: markCounts(marks) };
    update((p) => (same(p) ? { ...p, review: { ...p.review, ...done } } : p));
  } catch (e) {
    const error = isAbort(e) ? { key: 'review.cancelled' } : { text: String(e.message || e) };
    update((p) => (same(p) ? { ...p, review: { ...p.review, running: false, error } } : p));
  }
  if (held.reviewAbort === abort) held.reviewAbort = null;
}

function cancelReview() {
  held.reviewAbort?.abort();
}

/** The sides whose mistakes are the player's to learn from: the person's against the computer, else both. */
function playerSides() {
  const { mode, side } = board.settings;
  return mode === 'ai' ? [side] : ['blue', 'gray'];
}

/** Opens "Learn from your mistakes" on the reviewed game's mistakes and blunders. */
function learnFromMistakes() {
  const gs = board.state;
  const r = gs && currentReview(page, gs);
  if (!r || !r.marks) return;
  held.learn ??= initLearn({ dialog: $('learn'), t });
  held.learn.open({ gs, record: gs.record, entries: r.entries, items: retryList(r.marks, playerSides()), nodes: analysisNodes() });
}

// ---------------------------------------------------------------- sharing

/**
 * The link to the game as it stands: its whole line (moves taken back included, with the ply
 * it stands at) and its players; with `view`, also the ply looked at.
 */
function linkToGame(view) {
  const { record, ply } = board.line();
  const { mode, side, level, movetime } = board.settings;
  return gameLink(pageBase(location), {
    record,
    mode,
    side,
    level,
    movetime,
    ply: board.state.canRedo ? ply : null,
    view: view ? board.viewPly : null,
  });
}

function copyLink() {
  return offer(linkToGame(true), { key: 'share.copied' }, { share: false });
}

/**
 * Copies a link and says so (`copied`, a message), or shows it where copying is refused; with
 * `share`, also offers it to the share sheet where the browser has one.
 */
async function offer(link, copied, { share = true } = {}) {
  let notice = copied;
  try {
    await navigator.clipboard.writeText(link);
  } catch {
    notice = { key: 'share.copyFailed', params: { link } };
  }
  notify(notice);
  if (share && navigator.share) navigator.share({ url: link }).catch(() => {});
}

/**
 * The address without a link's game (its settings, `ply` and `view`), once that game is open
 * and kept: a reload then reopens this tab's game instead of starting the link's afresh. A
 * relay it names stays: it is the page's, not the game's.
 */
function dropGameFromAddress() {
  const url = new URL(location.href);
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const k of [...GAME_SETTINGS, 'ply', 'view'].filter((name) => name !== 'relay')) {
    url.searchParams.delete(k);
    fragment.delete(k);
  }
  url.hash = fragment.toString();
  history.replaceState(null, '', url.href.replace(/#$/, ''));
}

/** After a record link opened the game, the address follows the game, so a reload never loses moves. */
function updateAddress() {
  if (!page.addressFollows) return;
  let link = linkToGame(false);
  if (link.length > MAX_ADDRESS_LENGTH) {
    // Too long for an address: the saved game keeps it instead.
    page = { ...page, addressFollows: false };
    link = pageBase(location);
  }
  history.replaceState(null, '', link);
}

// ---------------------------------------------------------------- saving and drawing

/**
 * Keeps the game after a change (`force`: even if the board has not changed since the page
 * took it), says how saving went, and keeps the address up to date.
 */
function save(force = false) {
  const r = games.save(page, force);
  if (r) update((p) => ({ ...afterSave(p, r, gameKey(board.state)), recent: games.list() }));
  updateAddress();
}

/** Opens kept game `id` from the Recent games view. */
function openFromList(id) {
  if (id === page.gameId) return;
  const problem = games.open(id);
  notify(problem);
  update((p) => ({ ...p, addressFollows: false, recent: games.list() }));
  if (!problem) history.replaceState(null, '', pageBase(location));
}

/** Deletes kept game `id` from the Recent games view, once the player says so. */
function deleteKept(id) {
  const entry = page.recent.find((e) => e.id === id);
  if (!entry || id === page.gameId) return;
  if (!confirm(t('recent.confirmDelete'))) return;
  games.remove(id, page.gameId);
  update((p) => ({ ...p, recent: games.list() }));
}

/**
 * Opens the game the address asks for: a link's game (a new entry among the kept games, or the
 * entry that already holds the same record), or when it asks for none, at start-up, this tab's
 * game or the most recent kept one. A bad link says what is wrong and writes nothing: the
 * game on the board, or the kept game, stays as it was. Used at start-up and when a game link is
 * opened in the tab that shows the page (the fragment changes), as a reload would.
 */
async function openAddress({ starting }) {
  const link = linkGame(location.search, location.hash, limitsOf(board.catalogue));
  const problems = link.errors.map((e) => settingErrorText(t, e));
  if (link.relay) update((p) => ({ ...p, relay: link.relay }));
  let opened = false;
  if (link.attrs && isRemote(link.attrs.mode) && link.attrs['game-id']) {
    opened = await friends.openMatch(link.attrs, problems);
    if (opened) dropGameFromAddress();
  } else if (link.attrs) {
    try {
      games.switchTo(null, () => board.newGame(link.attrs));
      opened = true;
    } catch (e) {
      problems.push(String(e.message || e));
    }
    if (opened) {
      update((p) => ({ ...p, addressFollows: 'record' in link.attrs }));
      // The same game opened again is the kept one; another is kept at once as a new entry.
      if (games.adoptSameLine() === null) save(true);
      if (!page.addressFollows) dropGameFromAddress();
    }
  }
  if (!opened && starting) openLastGame();
  problems.push(...placeAt(link.ply, link.view));
  if (problems.length) notify({ key: 'notice.badLink', params: { errors: problems.join(' ') } });
}

/**
 * At start-up without a link's game: this tab's game, else the most recent kept one (an
 * earlier version's saved game is moved into the list first), else a new game, not kept until
 * its first move. A kept game the board cannot take stays kept (the player may delete it).
 */
function openLastGame() {
  const kept = games.kept();
  const problem = !kept ? null : kept.error ? { key: 'notice.savedLost', params: { error: kept.error } } : games.open(kept.id);
  if (!kept || problem) games.switchTo(null, () => {});
  if (problem) notify(problem);
}

/**
 * Stands the board at `ply` (later moves kept to redo) and looks at `view`, as a link asks;
 * returns what could not be done, as sentences (a ply past the end of the game).
 */
function placeAt(ply, view) {
  const problems = [];
  const last = board.state.history.length;
  if (ply !== undefined && ply > last) problems.push(t('notice.plyPastEnd', { name: 'ply', n: ply, last }));
  else if (ply !== undefined && ply < last) board.continueFrom(ply);
  const now = board.state.history.length;
  if (view !== undefined && view > now) problems.push(t('notice.plyPastEnd', { name: 'view', n: view, last: now }));
  else if (view !== undefined) goTo(view);
  return problems;
}

function onBoardChange() {
  const gs = board.state;
  // A review of another game line is of no more use: stop it.
  if (held.reviewAbort && gs && !currentReview(page, gs)) held.reviewAbort.abort();
  if (page.started) save();
  evaluate();
  scheduleRender();
}

function scheduleRender() {
  if (held.frameQueued) return;
  held.frameQueued = true;
  requestAnimationFrame(() => {
    held.frameQueued = false;
    const b = boardSnapshot(board);
    // A game started or opened anywhere (a lesson's first game, a rematch, a link, a recent game)
    // shows its own settings in the form; the player's unsaved choices there stay until then.
    const settings = JSON.stringify(board.settings);
    if (settings !== held.formFor && board.catalogue) {
      held.formFor = settings;
      syncForm();
    }
    const say = (m) => (m ? (m.key ? t(m.key, m.params) : String(m.text ?? '')) : '');
    renderPrefs(document, page, themeOf(page.prefs, systemDark.matches));
    renderPanel(document, page, b, t);
    renderReview(document, page, b, t, playerSides());
    $('update-bar').hidden = !page.updateReady;
    const saving = say(savingMessage(page));
    $('save-status').textContent = saving;
    $('save-status').hidden = !saving;
    renderRecentCount($('recent-summary'), page.recent.length, say);
    renderRecent($('recent-list'), page.recent, { current: page.gameId, catalogue: board.catalogue, say, lang: page.lang });
  });
}

// ---------------------------------------------------------------- wiring

function wireControls() {
  const on = (id, type, f) => $(id).addEventListener(type, f);
  on('new-game-form', 'submit', (e) => {
    e.preventDefault();
    newGameFromForm();
  });
  on('mode', 'change', updateFormVisibility);
  on('variant', 'change', () => {
    const cat = board.catalogue;
    const v = cat && cat.variants.find((x) => x.name === $('variant').value);
    if (v) showRules(v.rules);
    updateFormVisibility();
  });
  // Level and think time apply at once, to the game in progress too.
  on('level', 'change', () => board.setAttribute('level', $('level').value));
  on('movetime', 'change', () => board.setAttribute('movetime', $('movetime').value));
  on('lang', 'change', (e) => {
    setPref('lang', e.target.value);
    setLanguage(e.target.value);
  });
  on('theme', 'change', (e) => setPref('theme', e.target.value));
  on('warn', 'change', (e) => setPref('warn', e.target.checked));
  on('sound', 'change', (e) => setPref('muted', !e.target.checked));
  on('show-eval', 'change', (e) => setPref('showEval', e.target.checked));
  on('show-line', 'change', (e) => setPref('showLine', e.target.checked));
  on('undo', 'click', () => board.undo());
  on('redo', 'click', () => board.redo());
  on('hint', 'click', askHint);
  on('pause', 'click', () => {
    board.paused = !board.paused;
  });
  on('flip', 'click', () => board.flip());
  on('nav-first', 'click', () => goTo(0));
  on('nav-back', 'click', () => goTo(shownPly() - 1));
  on('nav-forward', 'click', () => goTo(shownPly() + 1));
  on('nav-last', 'click', () => goTo(Infinity));
  on('back-to-game', 'click', () => goTo(Infinity));
  on('continue-here', 'click', continueHere);
  wireMoveList($('moves'), goTo);
  on('turning-points', 'click', (e) => {
    const cell = e.target.closest('[data-ply]');
    if (cell) goTo(Number(cell.dataset.ply));
  });
  on('rematch', 'click', rematch);
  on('over-new', 'click', () => {
    $('new-game-form').scrollIntoView({ block: 'nearest' });
    $('variant').focus();
  });
  on('over-review', 'click', startReview);
  on('review', 'click', startReview);
  on('review-cancel', 'click', cancelReview);
  on('learn-mistakes', 'click', learnFromMistakes);
  on('review-chart', 'click', (e) => {
    const r = board.state && currentReview(page, board.state);
    if (!r || !r.entries.length) return;
    const box = e.currentTarget.getBoundingClientRect();
    goTo(plyAt(e.clientX - box.left, r.total, box.width));
  });
  on('over-link', 'click', copyLink);
  on('copy-link', 'click', copyLink);
  on('download-record', 'click', () => download(document, recordFileName(board.state), board.record));
  on('open-record', 'click', () => $('record-file').click());
  on('record-file', 'change', async (e) => {
    const file = e.target.files && e.target.files[0];
    if (file) openRecord(await file.text(), file.name);
    e.target.value = '';
  });
  const col = document.querySelector('.board-col');
  col.addEventListener('dragover', (e) => {
    if (e.dataTransfer && [...e.dataTransfer.types].includes('Files')) e.preventDefault();
  });
  col.addEventListener('drop', async (e) => {
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file) return;
    e.preventDefault();
    openRecord(await file.text(), file.name);
  });
  on('show-shortcuts', 'click', () => $('shortcuts').showModal());
  on('export-code', 'click', () => {
    $('io-text').value = board.code;
  });
  on('export-record', 'click', () => {
    $('io-text').value = board.record;
  });
  on('import', 'click', () => {
    const text = $('io-text').value.trim();
    if (!text) notify({ key: 'notice.pasteFirst' });
    else if (text.startsWith('[')) openRecord(text);
    else startGame({ ...keepPlayers(), variant: $('variant').value, position: text });
  });
  on('recent-list', 'click', (e) => {
    const open = e.target.closest('[data-open]');
    const del = e.target.closest('[data-delete]');
    if (open) openFromList(open.dataset.open);
    else if (del) deleteKept(del.dataset.delete);
  });
  // Another tab kept, changed or deleted a game: the list follows (this tab's own game is never
  // written over: a change made elsewhere turns this tab's next save into a game of its own).
  window.addEventListener('storage', (e) => {
    if (Games.listChanged(e)) update((p) => ({ ...p, recent: games.list() }));
  });
  window.addEventListener('hashchange', () => openAddress({ starting: false }));
  on('send-link', 'click', friends.sendLink);
  on('invite-link', 'click', friends.sendInvite);
  on('relay', 'change', (e) => {
    const text = e.target.value.trim();
    const { settings, errors } = readSettings({ relay: text }, ['relay']);
    if (text && errors.length) return notify({ text: describeErrors(errors) });
    setPref('relay', text ? settings.relay : null);
    updateFormVisibility();
  });
  on('update-now', 'click', switchToUpdate);
  systemDark.addEventListener('change', applyTheme);
  document.addEventListener('keydown', onKey);
}

function onKey(e) {
  // A key already taken (the move list's arrows) or typed in an open dialog is not a shortcut.
  if (e.defaultPrevented || document.querySelector('dialog[open]')) return;
  const intent = shortcutFor(e, e.target === board);
  if (!intent || !board.state) return;
  e.preventDefault();
  const actions = {
    undo: () => board.undo(),
    redo: () => board.redo(),
    back: () => goTo(shownPly() - 1),
    forward: () => goTo(shownPly() + 1),
    first: () => goTo(0),
    last: () => goTo(Infinity),
    flip: () => board.flip(),
    new: newGameFromForm,
    hint: askHint,
    help: () => $('shortcuts').showModal(),
  };
  actions[intent]();
}

// ---------------------------------------------------------------- start

async function main() {
  const errors = [];
  page = { ...page, prefs: prefsFrom(loadPrefs(storage)) };
  const lang = chooseLanguage(errors);
  await loadLanguage(lang);
  page = { ...page, lang };
  document.documentElement.lang = lang;
  board.setAttribute('lang', lang);
  localisePage(document, t);
  applyTheme();
  await nextTask();
  sound.muted = page.prefs.muted;
  sound.arm(document);
  wireControls();
  exposeTestHooks(board);
  board.addEventListener('error', (e) => notify({ text: e.detail.message }));
  board.addEventListener('change', onBoardChange);
  board.addEventListener('move', () => sound.play(board.state.lastMove.kind === 'capture' ? 'capture' : 'move'));
  board.addEventListener('gameover', () => sound.play('end'));
  try {
    await board.ready;
  } catch (e) {
    $('status').textContent = String(e.message || e);
    return;
  }
  // The game is chosen once the rules core says what is valid (its levels, variants, records).
  await openAddress({ starting: true });
  if (errors.length) notify({ key: 'notice.badLink', params: { errors: describeErrors(errors) } });
  // From now on every change of the board is the player's, and is kept.
  update((p) => ({ ...p, recent: games.list(), started: true }));
  await nextTask();
  // Before the rules picker is built (by setLanguage), which links each rule to its lesson.
  const onPlay = (level) => startGame({ mode: 'ai', side: 'blue', level });
  held.lessons = initLessons({ dialog: $('lessons'), openButton: $('open-lessons'), offer: $('lesson-offer'), t, storage, onPlay });
  await setLanguage(page.lang);
  await nextTask();
  initHowTo({ dialog: $('howto'), openButton: $('open-howto'), t });
  const puzzles = initPuzzles({ dialog: $('puzzles'), openButton: $('open-puzzles'), t, storage });
  if (window.bluegray) window.bluegray.puzzles = puzzles;
  evaluate();
  document.documentElement.dataset.ready = 'true';
  registerServiceWorker();
}

/**
 * Offline play and installation, where the page is served (not from disk or a single file);
 * and when a new build is installed while this page is open, the offer to switch to it.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  if (document.documentElement.dataset.singleFile === 'true') return;
  const sw = navigator.serviceWorker;
  // The new version has taken over on the player's word: show it (the first install's taking
  // over this page changes nothing it shows).
  sw.addEventListener('controllerchange', () => {
    if (held.switching) location.reload();
  });
  sw.register('./sw.js')
    .then((reg) => {
      const offer = () => {
        if (reg.waiting && sw.controller) update((p) => ({ ...p, updateReady: true }));
      };
      offer();
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        if (w) w.addEventListener('statechange', offer);
      });
      held.registration = reg;
    })
    .catch(() => {
      /* the game works without it, only not offline */
    });
}

/** Switches to the new version on the player's word: the waiting worker takes over, then the page reloads. */
function switchToUpdate() {
  const waiting = held.registration && held.registration.waiting;
  if (!waiting) return;
  // The game in progress is kept at every change; the reload reopens it (this tab's game).
  save(true);
  held.switching = true;
  waiting.postMessage({ type: 'skip-waiting' });
}

main();
