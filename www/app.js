// The full page: one <blue-gray-game> board and a panel around it (status, game-over panel,
// captain progress, controls, history, hints and evaluation, the review, sharing, the new-game
// form, preferences, import and export). The board owns the game; the page chooses its
// settings (from a link, the saved game or the form), shows what the board reports, keeps the
// game across visits and in the address, and analyses it in a worker of its own.
import './blue-gray-game.js';
import { readSettings, linkParams, settingErrorText, DEFAULTS } from './settings.js';
import { GameStore, loadPrefs, savePrefs } from './storage.js';
import { LANGUAGES, pickLanguage, translate, loadLanguage, languageName } from './i18n.js';
import { renderPanel, fillChoices, localisePage, renderShortcuts, renderReview } from './panel.js';
import { exposeTestHooks } from './test-hooks.js';
import { initHowTo } from './howto.js';
import { initLessons } from './lessons.js';
import { gameLink, pageBase, recordFileName, download, MAX_ADDRESS_LENGTH } from './share.js';
import { Sound } from './sound.js';
import { shortcutFor } from './shortcuts.js';
import { AiClient } from './ai-client.js';
import { markMoves, turningPoints } from './evaluation.js';
import { plyAt } from './chart.js';
import { buildPicker } from './variant-picker.js';
import { ensureOption } from './dom.js';

/** The strongest level at which the warning about guards that can be jumped is on unless chosen. */
const WARN_UP_TO_LEVEL = 3;

/** How hard the engine looks at each position of a review, and for the evaluation bar. */
const REVIEW_LEVEL = 6;
const EVAL = { level: 6, movetimeMs: 0 };

const $ = (id) => document.getElementById(id);
const board = $('game');
const storage = safeStorage();
const store = new GameStore(storage);
const sound = new Sound();

const page = {
  lang: 'en',
  /** A message of the page itself (bad link, lost save, link copied): {key, params} or {text}. */
  notice: null,
  /** Where the first game came from: 'link', 'save' or 'default'. */
  startedFrom: 'default',
  /** The address carries the game (it was opened from a link): keep it up to date. */
  addressFollows: false,
  /** The board state last saved, so that only a changed game is saved. */
  savedState: null,
  /** The last hint: {code, text}. */
  hint: null,
  /** The evaluation of the position on the board: {code, score, side, pv}, and its worker. */
  evaluation: null,
  evalClient: null,
  /** The review: {record, entries, total, running, marks, points, error}, and its worker. */
  review: null,
  reviewClient: null,
  renderQueued: false,
};

const t = (key, params) => translate(page.lang, key, params);

/**
 * Lets the browser draw and answer input before the next step of a long piece of work, so that
 * no single task holds the main thread for long (the page starts in several short steps).
 */
function nextTask() {
  return globalThis.scheduler && scheduler.yield ? scheduler.yield() : new Promise((r) => setTimeout(r, 0));
}

/** localStorage, or a stand-in that keeps nothing where the browser refuses it. */
function safeStorage() {
  try {
    const s = window.localStorage;
    s.getItem('probe');
    return s;
  } catch {
    return { getItem: () => null, setItem: () => {}, removeItem: () => {} };
  }
}

// ---------------------------------------------------------------- settings

const GAME_SETTINGS = ['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record'];

/**
 * The game the page opens with: a link's settings, else the saved game, else the defaults.
 * Returns {attrs, ply, view}: the board's attributes, the ply to stand at (later moves kept to
 * redo) and the ply to look at.
 */
function initialGame(errors) {
  const params = linkParams(location.search, location.hash);
  const fromLink = readSettings(params, [...GAME_SETTINGS, 'ply', 'view']);
  errors.push(...fromLink.errors);
  if (Object.keys(fromLink.settings).length || fromLink.errors.length) {
    page.startedFrom = 'link';
    page.addressFollows = 'record' in fromLink.settings;
    const { ply, view, ...attrs } = fromLink.settings;
    return { attrs, ply, view };
  }
  const saved = store.load();
  if (saved && saved.error) {
    page.notice = { key: 'notice.savedLost', params: { error: saved.error } };
    return { attrs: {} };
  }
  if (!saved) return { attrs: {} };
  const { settings } = readSettings(saved.settings, ['variant', 'mode', 'side', 'level', 'movetime', 'ply']);
  page.startedFrom = 'save';
  const { ply, ...attrs } = settings;
  return { attrs: { ...attrs, record: saved.record }, ply };
}

function chooseLanguage(errors) {
  const params = linkParams(location.search, location.hash);
  const { settings, errors: bad } = readSettings(params, ['lang']);
  errors.push(...bad);
  const prefs = loadPrefs(storage);
  const wanted = [settings.lang, prefs.lang, ...(navigator.languages || [navigator.language])].filter(Boolean);
  return pickLanguage(wanted);
}

async function setLanguage(lang) {
  await loadLanguage(lang);
  page.lang = lang;
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

/** The theme kept from an earlier visit, else the dark one where the system prefers dark. */
function initialTheme() {
  const { settings } = readSettings({ theme: loadPrefs(storage).theme }, ['theme']);
  if (settings.theme) return settings.theme;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'wood';
}

function setTheme(theme) {
  document.documentElement.dataset.theme = theme;
  board.setAttribute('theme', theme);
  $('theme').value = theme;
  scheduleRender();
}

function describeErrors(errors) {
  return errors
    .map((e) => (e.text ? e.text : settingErrorText(t, e)))
    .join(' ');
}

// ---------------------------------------------------------------- the form

function syncForm() {
  const s = board.settings;
  const sel = $('variant');
  if (sel.options.length) ensureOption(sel, s.variant);
  sel.value = s.variant;
  $('mode').value = s.mode === 'view' ? 'two' : s.mode;
  $('side').value = s.side;
  $('level').value = String(s.level);
  $('movetime').value = String(s.movetime);
  $('lang').value = page.lang;
  showRules(board.state && board.state.rules);
  updateFormVisibility();
}

function updateFormVisibility() {
  const mode = $('mode').value;
  $('side-row').hidden = mode !== 'ai';
  $('level-row').hidden = mode === 'two';
  $('movetime-row').hidden = mode === 'two';
  const cat = board.catalogue;
  const spec = $('variant').value;
  const name = spec.split(',')[0];
  const v = cat && cat.variants.find((x) => x.name === name);
  const about = v ? t(`variant.${v.name}`) : '';
  // With overrides, the named variant's sentence may no longer hold: say what the rules are made of.
  $('variant-desc').textContent = spec === name ? about : t('picker.result', { name: t(`variantName.${name}`), spec });
}

/** Sets the ingredient choosers to the rules of a named variant, or of the game in progress. */
function showRules(rules) {
  if (page.picker && rules) page.picker.show(rules);
}

/** The rules by ingredients, once the catalogue says what they are. */
function buildVariantPicker() {
  const cat = board.catalogue;
  $('ingredients-box').hidden = !(cat && cat.options);
  if (!cat || !cat.options) return;
  page.picker = buildPicker(document, $('ingredients'), cat, t, (spec) => {
    const sel = $('variant');
    ensureOption(sel, spec);
    sel.value = spec;
    updateFormVisibility();
  });
}

/** Starts a new game, reporting a bad option on the page instead of throwing. */
function startGame(options) {
  page.notice = null;
  try {
    board.newGame(options);
  } catch (err) {
    page.notice = { text: String(err.message || err) };
  }
  scheduleRender();
}

function newGameFromForm() {
  startGame({
    variant: $('variant').value,
    mode: $('mode').value,
    side: $('side').value,
    level: Number($('level').value),
    movetime: Number($('movetime').value),
  });
}

/** The same game again from the variant's start, sides swapped against the computer. */
function rematch() {
  const { variant, mode, side, level, movetime } = board.settings;
  const swapped = mode === 'ai' ? (side === 'blue' ? 'gray' : 'blue') : side;
  startGame({ variant, mode: mode === 'view' ? 'two' : mode, side: swapped, level, movetime });
}

/** The players of the game in progress, for a game loaded in its place. */
function keepPlayers() {
  const { mode, side, level, movetime } = board.settings;
  return { mode: mode === 'view' ? 'two' : mode, side, level, movetime };
}

/** Opens a game record (from a file or the text box) in place of the game in progress. */
function openRecord(text, name) {
  page.notice = null;
  try {
    board.newGame({ ...keepPlayers(), record: text });
  } catch (err) {
    page.notice = name ? { key: 'share.badFile', params: { name, error: String(err.message || err) } } : { text: String(err.message || err) };
  }
  scheduleRender();
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
  if (later > 0 && !confirm(t('nav.confirmDrop', { n: later }))) return;
  board.continueFrom(ply);
}

// ---------------------------------------------------------------- hints, evaluation, review

async function askHint() {
  if (!board.state || board.state.result || board.viewPly !== null) return;
  // The hint belongs to the position it was asked for: shown only while that is on the board.
  const code = board.state.code;
  page.hint = { code, text: t('hint.thinking') };
  scheduleRender();
  try {
    const h = await board.hint();
    page.hint = { code, text: t('hint.says', { move: h.move, reason: h.reason }).trim() };
  } catch (e) {
    page.hint = { code, text: String(e.message || e) };
  }
  scheduleRender();
}

/** Evaluates the position on the board when the evaluation or the best line is shown. */
async function evaluate() {
  const gs = board.state;
  const wanted = $('show-eval').checked || $('show-line').checked;
  if (!wanted || !gs || gs.result) {
    if (page.evalClient) page.evalClient.cancel();
    return;
  }
  if (page.evaluation && page.evaluation.code === gs.code) return;
  page.evaluation = { code: gs.code, side: gs.side, score: null, pv: [] };
  if (!page.evalClient) page.evalClient = new AiClient();
  try {
    const { result } = await page.evalClient.think({ record: gs.record, variant: gs.variant, ...EVAL });
    if (page.evaluation.code === gs.code) page.evaluation = { code: gs.code, side: gs.side, score: result.score, pv: result.pv || [] };
  } catch (e) {
    if (!(e && e.cancelled)) page.evaluation = null;
  }
  scheduleRender();
}

async function startReview() {
  const gs = board.state;
  if (!gs) return;
  if (!gs.history.length) {
    page.review = { record: gs.record, entries: [], total: 0, running: false, error: t('review.nothing') };
    scheduleRender();
    return;
  }
  if (!page.reviewClient) page.reviewClient = new AiClient();
  const review = { record: gs.record, entries: [], total: gs.history.length, running: true, marks: [], points: [], error: null };
  page.review = review;
  scheduleRender();
  try {
    const { result } = await page.reviewClient.review({ record: gs.record, level: REVIEW_LEVEL }, (p) => {
      review.entries.push(p.entry);
      scheduleRender();
    });
    review.entries = result.entries;
    review.marks = markMoves(result.entries);
    review.points = turningPoints(review.marks);
  } catch (e) {
    review.error = e && e.cancelled ? t('review.cancelled') : String((e && e.message) || e);
  }
  review.running = false;
  scheduleRender();
}

function cancelReview() {
  if (page.reviewClient) page.reviewClient.cancel();
}

/**
 * The gentle warning: after a person's move, if the other side may now jump one of that
 * person's guards, say which and from where (the rules core's legal moves tell).
 */
function warnAfterMove() {
  if (!$('warn').checked) return;
  const gs = board.state;
  const threat = gs.moves.find((m) => m.kind === 'capture');
  if (!threat || gs.result) return;
  page.notice = { key: 'warn.jumpable', params: { point: threat.captured[0], from: threat.points[0] } };
  scheduleRender();
}

/** Whether to warn: as chosen before, else on against the weaker computer levels and two people. */
function initialWarn(prefs) {
  if (typeof prefs.warn === 'boolean') return prefs.warn;
  const { mode, level } = board.settings;
  return mode === 'two' || level <= WARN_UP_TO_LEVEL;
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

async function copyLink() {
  const link = linkToGame(true);
  try {
    await navigator.clipboard.writeText(link);
    page.notice = { key: 'share.copied' };
  } catch {
    page.notice = { key: 'share.copyFailed', params: { link } };
  }
  scheduleRender();
}

/** After a link opened the game, the address follows the game, so a reload never loses moves. */
function updateAddress() {
  if (!page.addressFollows) return;
  let link = linkToGame(false);
  if (link.length > MAX_ADDRESS_LENGTH) {
    // Too long for an address: the saved game keeps it instead.
    page.addressFollows = false;
    link = pageBase(location);
  }
  history.replaceState(null, '', link);
}

// ---------------------------------------------------------------- saving and drawing

function save() {
  const gs = board.state;
  if (!gs || gs === page.savedState) return;
  page.savedState = gs;
  const { variant, mode, side, level, movetime } = board.settings;
  const { record, ply } = gs.canRedo ? board.line() : { record: gs.record, ply: gs.history.length };
  const outcome = store.save({ variant, mode, side, level, movetime }, record, ply);
  if (outcome === 'too-large' && !page.tooLargeSaid) {
    page.tooLargeSaid = true;
    page.notice = { key: 'notice.tooLargeToSave' };
  }
  updateAddress();
}

function onBoardChange() {
  if (page.review && board.state && page.review.record !== board.state.record && !page.review.running) page.review = null;
  save();
  evaluate();
  scheduleRender();
}

function scheduleRender() {
  if (page.renderQueued) return;
  page.renderQueued = true;
  requestAnimationFrame(() => {
    page.renderQueued = false;
    renderPanel(document, board, page, t);
    renderReview(document, board, page, t);
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
  on('lang', 'change', () => {
    savePrefs(storage, { lang: $('lang').value });
    setLanguage($('lang').value);
  });
  on('theme', 'change', () => {
    savePrefs(storage, { theme: $('theme').value });
    setTheme($('theme').value);
  });
  on('warn', 'change', () => savePrefs(storage, { warn: $('warn').checked }));
  on('sound', 'change', () => {
    sound.muted = !$('sound').checked;
    savePrefs(storage, { muted: sound.muted });
  });
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
  on('moves', 'click', (e) => {
    const cell = e.target.closest('[data-ply]');
    if (cell) goTo(Number(cell.dataset.ply));
  });
  on('turning-points', 'click', (e) => {
    const cell = e.target.closest('[data-ply]');
    if (cell) goTo(Number(cell.dataset.ply));
  });
  on('show-eval', 'change', onBoardChange);
  on('show-line', 'change', onBoardChange);
  on('rematch', 'click', rematch);
  on('over-new', 'click', () => {
    $('new-game-form').scrollIntoView({ block: 'nearest' });
    $('variant').focus();
  });
  on('over-review', 'click', startReview);
  on('review', 'click', startReview);
  on('review-cancel', 'click', cancelReview);
  on('review-chart', 'click', (e) => {
    const n = page.review ? page.review.entries.length : 0;
    if (!n) return;
    const r = e.currentTarget.getBoundingClientRect();
    goTo(plyAt(e.clientX - r.left, page.review.total + 1, r.width));
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
    if (!text) {
      page.notice = { key: 'notice.pasteFirst' };
      scheduleRender();
    } else if (text.startsWith('[')) openRecord(text);
    else startGame({ ...keepPlayers(), variant: $('variant').value, position: text });
  });
  document.addEventListener('keydown', onKey);
}

function onKey(e) {
  if (document.querySelector('dialog[open]')) return;
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
  const lang = chooseLanguage(errors);
  await loadLanguage(lang);
  page.lang = lang;
  document.documentElement.lang = page.lang;
  board.setAttribute('lang', page.lang);
  localisePage(document, t);
  setTheme(initialTheme());
  await nextTask();
  const prefs = loadPrefs(storage);
  sound.muted = prefs.muted === true;
  $('sound').checked = !sound.muted;
  sound.arm(document);
  const start = initialGame(errors);
  for (const [k, v] of Object.entries({ ...DEFAULTS, ...start.attrs })) board.setAttribute(k, String(v));
  wireControls();
  exposeTestHooks(board);
  // The board reports what it could not use; while it starts, that is part of the link or the save.
  let starting = true;
  const startErrors = [];
  board.addEventListener('error', (e) => {
    if (starting) startErrors.push({ text: e.detail.message });
    else page.notice = { text: e.detail.message };
    scheduleRender();
  });
  board.addEventListener('change', onBoardChange);
  board.addEventListener('move', (e) => {
    sound.play(board.state.lastMove.kind === 'capture' ? 'capture' : 'move');
    if (e.detail.by === 'human') warnAfterMove();
  });
  board.addEventListener('gameover', () => sound.play('end'));
  try {
    await board.ready;
  } catch (e) {
    $('status').textContent = String(e.message || e);
    return;
  }
  starting = false;
  await nextTask();
  $('warn').checked = initialWarn(prefs);
  if (page.startedFrom === 'save' && startErrors.length) {
    store.forget();
    page.notice = { key: 'notice.savedLost', params: { error: describeErrors(startErrors) } };
  } else if (errors.length || startErrors.length) {
    page.notice = { key: 'notice.badLink', params: { errors: describeErrors([...errors, ...startErrors]) } };
  }
  if (start.ply !== undefined && start.ply < board.state.history.length) board.continueFrom(start.ply);
  if (start.view !== undefined) goTo(start.view);
  await setLanguage(page.lang);
  await nextTask();
  initHowTo({ dialog: $('howto'), openButton: $('open-howto'), t });
  initLessons({ dialog: $('lessons'), openButton: $('open-lessons'), offer: $('lesson-offer'), t, storage });
  save();
  document.documentElement.dataset.ready = 'true';
  registerServiceWorker();
}

/** Offline play and installation, where the page is served (not from disk or a single file). */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  if (document.documentElement.dataset.singleFile === 'true') return;
  navigator.serviceWorker.register('./sw.js').catch(() => {
    /* the game works without it, only not offline */
  });
}

main();
