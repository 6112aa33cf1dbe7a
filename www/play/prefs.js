// The reader's preferences as the page applies them: the language (the link's, the kept one, the
// browser's), the theme (the kept one, else the system's), sound, the jump warning, the
// evaluation's switches, the relay for live games and the player's name (lib/player-name.js,
// the same kept name as the Open games sheet's). Each is kept for the next visit (storage.js,
// the name under its own key) and put in force at once on the page and the board.
import { readSettings, linkParams, settingErrorText } from '../lib/setting-reader.js';
import { savePrefs } from './storage.js';
import { LANGUAGES, pickLanguage, loadMessages, languageName } from '../lib/i18n.js';
import { fillChoices, localisePage } from './panel.js';
import { withPref, themeOf } from './page-state.js';
import { NAME_MAX, keepName, myName } from '../lib/player-name.js';

/**
 * @import { PageContext } from './context.js'
 * @import { Sound } from './sound.js'
 * @import { SettingError } from '../lib/settings.js'
 * @import { Prefs } from './page-state.js'
 */

const systemDark = matchMedia('(prefers-color-scheme: dark)');

/** The fields where the player's name is chosen: the preferences' and the New game form's (shown against a friend elsewhere). */
const NAME_FIELDS = ['player-name', 'form-name'];

/** Whether the system prefers dark colours now. */
export function systemPrefersDark() {
  return systemDark.matches;
}

/**
 * The page's preferences over `ctx`. `sound` plays the page's sounds; `changed` is told of the
 * language (`language`: the form and the rules picker speak it again), of the evaluation's
 * switches (`evaluation`) and of the relay (`relay`: live games are offered or not).
 * @param {PageContext} ctx
 * @param {{sound: Sound, changed: (what: 'language'|'evaluation'|'relay') => void}} parts
 */
export function pagePrefs(ctx, { sound, changed }) {
  const { board, $, t } = ctx;

  /**
   * The language to speak: the link's `lang`, else the kept preference, else the browser's.
   * What was wrong with the link's goes into `errors`.
   * @param {SettingError[]} errors
   */
  function chooseLanguage(errors) {
    const { settings, errors: bad } = readSettings(linkParams(location.search, location.hash), ['lang']);
    errors.push(...bad);
    const wanted = [settings.lang, ctx.page().prefs.lang, ...(navigator.languages || [navigator.language])].filter(Boolean);
    return pickLanguage(/** @type {string[]} */ (wanted));
  }

  /**
   * Speaks `lang` on the page and the board (its messages, the board's and the page's, loaded first).
   * @param {string} lang
   * @param {{later?: () => Promise<void>}} [options] `later` lets the browser breathe between steps
   */
  async function setLanguage(lang, { later } = {}) {
    await loadMessages('play', lang);
    ctx.update((p) => ({ ...p, lang }));
    document.documentElement.lang = lang;
    board.setAttribute('lang', lang);
    localisePage(document, t);
    fillChoices(document, board.catalogue, t, lang, LANGUAGES.map((code) => [code, languageName(code)]));
    if (later) await later();
    changed('language');
  }

  /** Puts the theme in force on the page and the board. */
  function applyTheme() {
    const theme = themeOf(ctx.page().prefs, systemDark.matches);
    document.documentElement.dataset.theme = theme;
    board.setAttribute('theme', theme);
  }

  /**
   * Puts the player's kept name in force: the board's `player-name` (which a live game says to
   * the other device and a link's record carries) and the preferences' field. Called at the
   * start and before each game opens, since the Open games sheet may have changed it.
   */
  function applyName() {
    const name = myName(ctx.storage);
    if (name) board.setAttribute('player-name', name);
    else board.removeAttribute('player-name');
    for (const id of NAME_FIELDS) {
      const field = /** @type {HTMLInputElement|null} */ (document.getElementById(id));
      if (field && document.activeElement !== field) field.value = name;
    }
  }

  /**
   * Changes a preference, keeps it for the next visit, and applies what it affects.
   * @template {keyof Prefs} K
   * @param {K} name
   * @param {Prefs[K]} value
   */
  function set(name, value) {
    ctx.update((p) => withPref(p, name, value));
    savePrefs(ctx.storage, { [name]: value });
    if (name === 'theme') applyTheme();
    if (name === 'muted') sound.muted = !!value;
    if (name === 'showEval' || name === 'showLine') changed('evaluation');
    if (name === 'relay') changed('relay');
  }

  /** Wires the preferences' controls. */
  function wire() {
    const input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
    $('lang').addEventListener('change', () => {
      const lang = /** @type {HTMLSelectElement} */ ($('lang')).value;
      set('lang', lang);
      setLanguage(lang);
    });
    $('theme').addEventListener('change', () => set('theme', /** @type {Prefs['theme']} */ (/** @type {HTMLSelectElement} */ ($('theme')).value)));
    $('warn').addEventListener('change', () => set('warn', input('warn').checked));
    $('sound').addEventListener('change', () => set('muted', !input('sound').checked));
    $('show-eval').addEventListener('change', () => set('showEval', input('show-eval').checked));
    $('show-line').addEventListener('change', () => set('showLine', input('show-line').checked));
    $('relay').addEventListener('change', () => {
      const text = input('relay').value.trim();
      const { settings, errors } = readSettings({ relay: text }, ['relay']);
      if (text && errors.length) return ctx.notify({ text: errors.map((e) => settingErrorText(t, e)).join(' ') });
      set('relay', text && settings.relay ? settings.relay : null);
    });
    for (const id of NAME_FIELDS) {
      $(id).addEventListener('change', () => {
        try {
          const kept = keepName(input(id).value, ctx.storage);
          if (kept.error) return ctx.notify({ key: kept.error === 'tooLong' ? 'prefs.nameTooLong' : 'prefs.nameRefused', params: { max: NAME_MAX } });
        } catch {
          return ctx.notify({ key: 'prefs.nameNotKept' });
        }
        applyName();
      });
    }
    systemDark.addEventListener('change', applyTheme);
  }

  return { chooseLanguage, setLanguage, applyTheme, applyName, set, wire };
}
