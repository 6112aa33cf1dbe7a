// The full page: one <blue-gray-game> board and a panel around it (status, captain progress,
// controls, the new-game form, the move list, import and export). The board owns the game; the
// page chooses its settings (from a link, the saved game or the form), shows what the board
// reports, and keeps the game across visits.
import './blue-gray-game.js';
import { readSettings, linkParams, DEFAULTS } from './settings.js';
import { GameStore, loadPrefs, savePrefs } from './storage.js';
import { LANGUAGES, pickLanguage, translate } from './i18n.js';
import { TABLES } from './messages/index.js';
import { renderPanel, fillChoices, localisePage } from './panel.js';
import { exposeTestHooks } from './test-hooks.js';
import { initHowTo } from './howto.js';
import { initLessons } from './lessons.js';

const $ = (id) => document.getElementById(id);
const board = $('game');
const store = new GameStore(safeStorage());

const page = {
  lang: 'en',
  /** A message of the page itself (bad link, lost save): {key, params} or {text}. */
  notice: null,
  /** Where the first game came from: 'link', 'save' or 'default'. */
  startedFrom: 'default',
  renderQueued: false,
};

const t = (key, params) => translate(page.lang, key, params);

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

/** The game the page opens with: a link's settings, else the saved game, else the defaults. */
function initialGame(errors) {
  const params = linkParams(location.search, location.hash);
  const fromLink = readSettings(params, ['variant', 'mode', 'side', 'level', 'movetime', 'position', 'record']);
  errors.push(...fromLink.errors);
  if (Object.keys(fromLink.settings).length || fromLink.errors.length) {
    page.startedFrom = 'link';
    return fromLink.settings;
  }
  const saved = store.load();
  if (saved && saved.error) {
    page.notice = { key: 'notice.savedLost', params: { error: saved.error } };
    return {};
  }
  if (!saved) return {};
  const { settings } = readSettings(saved.settings, ['variant', 'mode', 'side', 'level', 'movetime']);
  page.startedFrom = 'save';
  return { ...settings, record: saved.record };
}

function chooseLanguage(errors) {
  const params = linkParams(location.search, location.hash);
  const { settings, errors: bad } = readSettings(params, ['lang']);
  errors.push(...bad);
  const prefs = loadPrefs(safeStorage());
  const wanted = [settings.lang, prefs.lang, ...(navigator.languages || [navigator.language])].filter(Boolean);
  return pickLanguage(wanted);
}

function setLanguage(lang) {
  page.lang = lang;
  document.documentElement.lang = lang;
  board.setAttribute('lang', lang);
  localisePage(document, t);
  fillChoices(document, board.catalogue, t, page.lang, LANGUAGES.map((code) => [code, TABLES[code].name]));
  syncForm();
  scheduleRender();
}

function describeErrors(errors) {
  return errors
    .map((e) => (e.text ? e.text : t('settings.bad', { name: e.name, value: e.value, expected: t(e.expected, { max: 8 }) })))
    .join(' ');
}

// ---------------------------------------------------------------- the form

function syncForm() {
  const s = board.settings;
  const sel = $('variant');
  if (sel.options.length && ![...sel.options].some((o) => o.value === s.variant)) {
    const o = document.createElement('option');
    o.value = s.variant;
    o.textContent = s.variant;
    sel.appendChild(o);
  }
  sel.value = s.variant;
  $('mode').value = s.mode === 'view' ? 'two' : s.mode;
  $('side').value = s.side;
  $('level').value = String(s.level);
  $('movetime').value = String(s.movetime);
  $('lang').value = page.lang;
  updateFormVisibility();
}

function updateFormVisibility() {
  const mode = $('mode').value;
  $('side-row').hidden = mode !== 'ai';
  $('level-row').hidden = mode === 'two';
  $('movetime-row').hidden = mode === 'two';
  const cat = board.catalogue;
  const v = cat && cat.variants.find((x) => x.name === $('variant').value);
  $('variant-desc').textContent = v ? t(`variant.${v.name}`) : board.state ? board.state.variantDescription : '';
}

function wireControls() {
  $('new-game-form').addEventListener('submit', (e) => {
    e.preventDefault();
    page.notice = null;
    try {
      board.newGame({
        variant: $('variant').value,
        mode: $('mode').value,
        side: $('side').value,
        level: Number($('level').value),
        movetime: Number($('movetime').value),
      });
    } catch (err) {
      page.notice = { text: String(err.message || err) };
    }
    save();
    scheduleRender();
  });
  for (const id of ['mode', 'variant']) $(id).addEventListener('change', updateFormVisibility);
  // Level and think time apply at once, to the game in progress too.
  $('level').addEventListener('change', () => {
    board.setAttribute('level', $('level').value);
    save();
  });
  $('movetime').addEventListener('change', () => {
    board.setAttribute('movetime', $('movetime').value);
    save();
  });
  $('lang').addEventListener('change', () => {
    savePrefs(safeStorage(), { lang: $('lang').value });
    setLanguage($('lang').value);
  });
  $('undo').addEventListener('click', () => board.undo());
  $('redo').addEventListener('click', () => board.redo());
  $('pause').addEventListener('click', () => {
    board.paused = !board.paused;
  });
  $('flip').addEventListener('click', () => board.flip());
  $('export-code').addEventListener('click', () => {
    $('io-text').value = board.code;
  });
  $('export-record').addEventListener('click', () => {
    $('io-text').value = board.record;
  });
  $('import').addEventListener('click', () => {
    const text = $('io-text').value.trim();
    page.notice = null;
    if (!text) page.notice = { key: 'notice.pasteFirst' };
    else {
      const options = text.startsWith('[')
        ? { record: text, mode: board.settings.mode }
        : { variant: $('variant').value, position: text, mode: board.settings.mode };
      try {
        board.newGame({ ...keepPlayers(), ...options });
      } catch (err) {
        page.notice = { text: String(err.message || err) };
      }
    }
    scheduleRender();
  });
}

/** The players of the game in progress, for a game loaded in its place. */
function keepPlayers() {
  const { mode, side, level, movetime } = board.settings;
  return { mode: mode === 'view' ? 'two' : mode, side, level, movetime };
}

// ---------------------------------------------------------------- saving and drawing

function save() {
  if (!board.state) return;
  const { variant, mode, side, level, movetime } = board.settings;
  const outcome = store.save({ variant, mode, side, level, movetime }, board.record);
  if (outcome === 'too-large' && !page.tooLargeSaid) {
    page.tooLargeSaid = true;
    page.notice = { key: 'notice.tooLargeToSave' };
  }
}

function scheduleRender() {
  if (page.renderQueued) return;
  page.renderQueued = true;
  requestAnimationFrame(() => {
    page.renderQueued = false;
    renderPanel(document, board, page, t);
  });
}

// ---------------------------------------------------------------- start

async function main() {
  const errors = [];
  page.lang = chooseLanguage(errors);
  document.documentElement.lang = page.lang;
  board.setAttribute('lang', page.lang);
  localisePage(document, t);
  const start = initialGame(errors);
  for (const [k, v] of Object.entries({ ...DEFAULTS, ...start })) board.setAttribute(k, String(v));
  wireControls();
  exposeTestHooks(board);
  board.addEventListener('change', scheduleRender);
  board.addEventListener('move', save);
  // The board reports what it could not use; while it starts, that is part of the link or the save.
  let starting = true;
  const startErrors = [];
  board.addEventListener('error', (e) => {
    if (starting) startErrors.push({ text: e.detail.message });
    else page.notice = { text: e.detail.message };
    scheduleRender();
  });
  try {
    await board.ready;
  } catch (e) {
    $('status').textContent = String(e.message || e);
    return;
  }
  starting = false;
  if (page.startedFrom === 'save' && startErrors.length) {
    store.forget();
    page.notice = { key: 'notice.savedLost', params: { error: describeErrors(startErrors) } };
  } else if (errors.length || startErrors.length) {
    page.notice = { key: 'notice.badLink', params: { errors: describeErrors([...errors, ...startErrors]) } };
  }
  setLanguage(page.lang);
  initHowTo({ dialog: $('howto'), openButton: $('open-howto'), t });
  initLessons({ dialog: $('lessons'), openButton: $('open-lessons'), offer: $('lesson-offer'), t, storage: safeStorage() });
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
