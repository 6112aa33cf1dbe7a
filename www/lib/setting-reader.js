// The game settings' one validator, shared by every way settings arrive: a link's query or
// fragment, the board element's attributes, and the saved games in local storage (the settings
// themselves are settings.js's). Pure: no DOM, no wasm. What only the rules core knows comes in
// as `limits` (the level range, from its catalogue); a variant spec, a position code and a record
// are checked by the rules core where a game is made.
import { GAME_ID } from './game-id.js';
import { asSentence } from './errors.js';
import { parseTimeControl } from './clock.js';
import { checkName } from './player-name.js';
import { MODES, SIDES, THEMES, GOALS, MAX_MOVETIME, oneOf } from './settings.js';
/** @import { Side, Catalogue } from '../core/core-types.js' */
/** @import { MessageParams } from './i18n.js' */
/** @import { Mode, Limits, SettingError, SettingValues, SettingName, ParamSource } from './settings.js' */

/** @type {Readonly<Record<string, Mode>>} */
const MODE_ALIASES = {
  computer: 'ai',
  human: 'two',
  humans: 'two',
  hotseat: 'two',
  '2p': 'two',
  auto: 'demo',
  replay: 'view',
  link: 'friend',
  online: 'live',
};

/**
 * How a setting is read: `parse` from a string (a link or an attribute) or a stored value to the
 * setting's value, or `undefined` when it is not valid; `expected` is the message key that
 * describes a valid value.
 * @template T
 * @typedef {{parse: (v: unknown, limits: Limits) => T|undefined, expected: string}} Parser
 */

/**
 * One parser per setting.
 * @type {{[K in SettingName]: Parser<SettingValues[K]>}}
 */
const PARSERS = {
  variant: {
    parse: (v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined),
    expected: 'settings.expected.variant',
  },
  mode: {
    parse: (v) => {
      if (typeof v !== 'string') return undefined;
      const m = v.trim().toLowerCase();
      return oneOf(MODES, m) ? m : Object.hasOwn(MODE_ALIASES, m) ? MODE_ALIASES[m] : undefined;
    },
    expected: 'settings.expected.mode',
  },
  side: { parse: parseSide, expected: 'settings.expected.side' },
  orientation: { parse: parseSide, expected: 'settings.expected.side' },
  level: {
    // Before the catalogue is known any whole number from 1 passes; it is checked again then.
    parse: (v, limits) => {
      const n = toNumber(v);
      return Number.isInteger(n) && n >= limits.minLevel && n <= limits.maxLevel ? n : undefined;
    },
    expected: 'settings.expected.level',
  },
  movetime: {
    parse: (v) => {
      const n = toNumber(v);
      return Number.isFinite(n) && n >= 0 && n <= MAX_MOVETIME ? Math.round(n) : undefined;
    },
    expected: 'settings.expected.movetime',
  },
  // Whether the engine helps in the game: `none` keeps Hint, the evaluation and the best line out
  // of a two-player game until it is over (lib/fair-play.js).
  help: {
    parse: (v) => {
      const s = typeof v === 'string' ? v.trim().toLowerCase() : '';
      if (['none', 'off', 'no'].includes(s)) return 'none';
      return ['on', 'yes'].includes(s) ? 'on' : undefined;
    },
    expected: 'settings.expected.help',
  },
  // A time control (lib/clock.js), written canonically: `none`, `5+3`, `3d`.
  clock: {
    parse: (v) => {
      const control = parseTimeControl(v);
      return control === undefined ? undefined : control ? control.text : 'none';
    },
    expected: 'settings.expected.clock',
  },
  coordinates: {
    parse: (v) => {
      if (typeof v === 'boolean') return v;
      if (typeof v !== 'string') return undefined;
      const s = v.trim().toLowerCase();
      if (['', 'on', 'true', 'yes', '1'].includes(s)) return true;
      if (['off', 'false', 'no', '0'].includes(s)) return false;
      return undefined;
    },
    expected: 'settings.expected.onOff',
  },
  // A position code or a record is checked by the rules core when the game is made.
  position: { parse: (v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined), expected: 'settings.expected.text' },
  record: { parse: (v) => (typeof v === 'string' && v.trim() ? v : undefined), expected: 'settings.expected.text' },
  theme: {
    parse: (v) => {
      const theme = typeof v === 'string' ? v.trim().toLowerCase() : '';
      return oneOf(THEMES, theme) ? theme : undefined;
    },
    expected: 'settings.expected.theme',
  },
  // A ply of the game: the one to stand at (`ply`, later moves kept for redo) or to look at (`view`).
  ply: { parse: parsePly, expected: 'settings.expected.ply' },
  view: { parse: parsePly, expected: 'settings.expected.ply' },
  // A puzzle's goal (puzzle mode): win in 2 or 3 of one's own moves, or stop the other side's win.
  goal: {
    parse: (v) => {
      const goal = typeof v === 'string' ? v.trim().toLowerCase() : '';
      return oneOf(GOALS, goal) ? goal : undefined;
    },
    expected: 'puzzles.expectedGoal',
  },
  // A game with a friend elsewhere: its id (128 random bits, as hex), the relay that carries a
  // live game (a WebSocket address), and the public key of the seat that started it.
  'game-id': {
    parse: (v) => (typeof v === 'string' && GAME_ID.test(v.trim().toLowerCase()) ? v.trim().toLowerCase() : undefined),
    expected: 'settings.expected.gameId',
  },
  relay: { parse: parseRelay, expected: 'settings.expected.relay' },
  'host-key': {
    parse: (v) => (typeof v === 'string' && /^[A-Za-z0-9_-]{80,100}$/.test(v.trim()) ? v.trim() : undefined),
    expected: 'settings.expected.hostKey',
  },
  // The private key of the seat a live game's invitation gives (PKCS#8, base64url).
  'seat-key': {
    parse: (v) => (typeof v === 'string' && /^[A-Za-z0-9_-]{100,300}$/.test(v.trim()) ? v.trim() : undefined),
    expected: 'settings.expected.seatKey',
  },
  // This device's player's name (lib/player-name.js): '' is none.
  'player-name': {
    parse: (v) => {
      const checked = checkName(v);
      return checked.name || undefined;
    },
    expected: 'settings.expected.playerName',
  },
  lang: {
    parse: (v) => (typeof v === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(v.trim()) ? v.trim().toLowerCase() : undefined),
    expected: 'settings.expected.lang',
  },
};

/** The names of every setting the validator knows (PARSERS has one key per setting). */
export const SETTING_NAMES = Object.freeze(/** @type {SettingName[]} */ (Object.keys(PARSERS)));

/**
 * Whether `name` is a setting the validator knows.
 * @param {string} name
 * @returns {name is SettingName}
 */
function isSettingName(name) {
  return Object.hasOwn(PARSERS, name);
}

/** @param {unknown} v @returns {Side|undefined} */
function parseSide(v) {
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  if (s === 'grey') return 'gray';
  return oneOf(SIDES, s) ? s : undefined;
}

/** @param {unknown} v @returns {string|undefined} */
function parseRelay(v) {
  if (typeof v !== 'string' || v.length > 500) return undefined;
  try {
    const url = new URL(v.trim());
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** @param {unknown} v @returns {number|undefined} */
function parsePly(v) {
  const n = toNumber(v);
  return Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : undefined;
}

/** @param {unknown} v @returns {number} */
function toNumber(v) {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !/^\s*[0-9]+(\.[0-9]+)?\s*$/.test(v)) return NaN;
  return Number(v);
}

/**
 * The limits a setting is checked against while the rules core's catalogue is not known.
 * @type {Readonly<Limits>}
 */
export const NO_LIMITS = Object.freeze({ minLevel: 1, maxLevel: Number.MAX_SAFE_INTEGER });

/**
 * The limits of the rules core's catalogue (`variants()`): its levels' range. Null or a
 * catalogue without them gives NO_LIMITS.
 * @param {Catalogue|null|undefined} catalogue
 * @returns {Readonly<Limits>}
 */
export function limitsOf(catalogue) {
  if (!catalogue || !Number.isInteger(catalogue.minLevel) || !Number.isInteger(catalogue.maxLevel)) return NO_LIMITS;
  return Object.freeze({ minLevel: catalogue.minLevel, maxLevel: catalogue.maxLevel });
}

/**
 * Validates one setting against `limits` (limitsOf). Returns `{value}` or `{error: {name,
 * value, expected, limits}}` where `expected` is a message key.
 * @param {string} name
 * @param {unknown} raw
 * @param {Limits} [limits]
 * @returns {{value: SettingValues[SettingName], error?: undefined}|{error: SettingError}}
 */
export function parseSetting(name, raw, limits = NO_LIMITS) {
  if (!isSettingName(name)) return { error: { name, value: shorten(String(raw)), expected: 'settings.expected.known', limits } };
  /** @type {Parser<SettingValues[SettingName]>} */
  const p = PARSERS[name];
  const value = p.parse(raw, limits);
  if (value === undefined) return { error: { name, value: shorten(String(raw)), expected: p.expected, limits } };
  return { value };
}

/**
 * Validates the settings found in `source` (a plain object, or anything with `get`/`has` like
 * URLSearchParams), only those among `names`, against `limits`. Returns `{settings, errors}`:
 * the valid ones and, for each invalid one, what was wrong. Settings that are absent are absent
 * from both.
 * @param {ParamSource|Readonly<Record<string, unknown>>} source
 * @param {readonly string[]} [names]
 * @param {Limits} [limits]
 * @returns {{settings: Partial<SettingValues>, errors: SettingError[]}}
 */
export function readSettings(source, names = SETTING_NAMES, limits = NO_LIMITS) {
  // Anything with its own `has` and `get` is read through them, a plain object by its keys.
  const params = /** @type {ParamSource} */ (source);
  const record = /** @type {Readonly<Record<string, unknown>>} */ (source);
  /** @type {(k: string) => boolean} */
  const has = typeof source.has === 'function' ? (k) => params.has(k) : (k) => record[k] !== undefined && record[k] !== null;
  /** @type {(k: string) => unknown} */
  const get = typeof source.get === 'function' ? (k) => params.get(k) : (k) => record[k];
  /** @type {Record<string, unknown>} */
  const settings = {};
  /** @type {SettingError[]} */
  const errors = [];
  for (const name of names) {
    if (!has(name)) continue;
    const r = parseSetting(name, get(name), limits);
    if (r.error) errors.push(r.error);
    else settings[name] = r.value;
  }
  // Each value is what the setting's own parser gave.
  return { settings: /** @type {Partial<SettingValues>} */ (settings), errors };
}

/**
 * What was wrong with a setting (an error of parseSetting), said with `t(key, params)` as a
 * sentence of its own (asSentence): a notice joins several.
 * @param {(key: string, params?: MessageParams) => string} t
 * @param {SettingError} error
 * @returns {string}
 */
export function settingErrorText(t, error) {
  const { minLevel, maxLevel } = error.limits || NO_LIMITS;
  const expected = t(error.expected, { min: minLevel, max: maxLevel === NO_LIMITS.maxLevel ? '…' : maxLevel });
  return asSentence(t('settings.bad', { name: error.name, value: error.value, expected }));
}

/**
 * A long bad value is shown cut short: a message quotes it, it need not repeat it.
 * @param {string} s
 * @returns {string}
 */
function shorten(s) {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/**
 * The settings that a link carries: the query (`?variant=…`) for short links, then the
 * fragment (`#record=…`), which is never sent to a server and so has no length limit; the
 * fragment wins where both give a setting.
 * @param {string|null|undefined} search
 * @param {string|null|undefined} hash
 * @returns {URLSearchParams}
 */
export function linkParams(search, hash) {
  const params = new URLSearchParams(search || '');
  const fragment = new URLSearchParams((hash || '').replace(/^#/, ''));
  for (const [k, v] of fragment) params.set(k, v);
  return params;
}
