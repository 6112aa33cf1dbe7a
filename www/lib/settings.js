// The game settings and their one validator, shared by every way settings arrive: a link's
// query or fragment, the board element's attributes, and the saved games in local storage. Pure:
// no DOM, no wasm. What only the rules core knows comes in as `limits` (the level range, from
// its catalogue); a variant spec, a position code and a record are checked by the rules core
// where a game is made.
import { GAME_ID } from './game-id.js';

/** The settings of a new game when nothing says otherwise. */
export const DEFAULTS = Object.freeze({ variant: 'sackson', mode: 'ai', side: 'blue', level: 3, movetime: 0 });

/**
 * Who plays: against the computer, two people on one device, the computer alone, nobody, a
 * puzzle's solver, a friend elsewhere by links (`friend`) or live through a relay (`live`). In
 * the last two the person plays `side`, their seat; the other seat's moves come from outside.
 */
export const MODES = Object.freeze(['ai', 'two', 'demo', 'view', 'puzzle', 'friend', 'live']);

/** The modes where a friend on another device plays the other seat. */
export const REMOTE_MODES = Object.freeze(['friend', 'live']);

/** Whether `mode` is against a friend on another device. */
export function isRemote(mode) {
  return REMOTE_MODES.includes(mode);
}

/**
 * Whether a person plays `side` under these settings: on this device, so against a friend
 * elsewhere only the person's own seat.
 */
export function isHuman(settings, side) {
  if (settings.mode === 'two') return true;
  if (settings.mode === 'ai' || isRemote(settings.mode)) return side === settings.side;
  return false;
}

/** The longest think time a link or a save may ask for, in milliseconds. */
export const MAX_MOVETIME = 600_000;

/** The board's colour themes: the wooden board, a dark one, and one of high contrast. */
export const THEMES = Object.freeze(['wood', 'dark', 'contrast']);

/** Board orientations: the side shown at the bottom. */
export const SIDES = Object.freeze(['blue', 'gray']);

/** The other side. */
export function otherSide(side) {
  return side === 'blue' ? 'gray' : 'blue';
}

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
 * One parser per setting: from a string (a link or an attribute) or a stored value to the
 * setting's value, or `undefined` when it is not valid. `expected` is the message key that
 * describes a valid value.
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
      return MODES.includes(m) ? m : Object.hasOwn(MODE_ALIASES, m) ? MODE_ALIASES[m] : undefined;
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
    parse: (v) => (typeof v === 'string' && THEMES.includes(v.trim().toLowerCase()) ? v.trim().toLowerCase() : undefined),
    expected: 'settings.expected.theme',
  },
  // A ply of the game: the one to stand at (`ply`, later moves kept for redo) or to look at (`view`).
  ply: { parse: parsePly, expected: 'settings.expected.ply' },
  view: { parse: parsePly, expected: 'settings.expected.ply' },
  // A puzzle's goal (puzzle mode): win in 2 or 3 of one's own moves, or stop the other side's win.
  goal: {
    parse: (v) => (typeof v === 'string' && ['win2', 'win3', 'stop'].includes(v.trim().toLowerCase()) ? v.trim().toLowerCase() : undefined),
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
  lang: {
    parse: (v) => (typeof v === 'string' && /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(v.trim()) ? v.trim().toLowerCase() : undefined),
    expected: 'settings.expected.lang',
  },
};

/** The names of every setting the validator knows. */
export const SETTING_NAMES = Object.freeze(Object.keys(PARSERS));

function parseSide(v) {
  if (typeof v !== 'string') return undefined;
  const s = v.trim().toLowerCase();
  if (s === 'grey') return 'gray';
  return SIDES.includes(s) ? s : undefined;
}

function parseRelay(v) {
  if (typeof v !== 'string' || v.length > 500) return undefined;
  try {
    const url = new URL(v.trim());
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function parsePly(v) {
  const n = toNumber(v);
  return Number.isInteger(n) && n >= 0 && n <= 100_000 ? n : undefined;
}

function toNumber(v) {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string' || !/^\s*[0-9]+(\.[0-9]+)?\s*$/.test(v)) return NaN;
  return Number(v);
}

/** The limits a setting is checked against while the rules core's catalogue is not known. */
export const NO_LIMITS = Object.freeze({ minLevel: 1, maxLevel: Number.MAX_SAFE_INTEGER });

/**
 * The limits of the rules core's catalogue (`variants()`): its levels' range. Null or a
 * catalogue without them gives NO_LIMITS.
 */
export function limitsOf(catalogue) {
  if (!catalogue || !Number.isInteger(catalogue.minLevel) || !Number.isInteger(catalogue.maxLevel)) return NO_LIMITS;
  return Object.freeze({ minLevel: catalogue.minLevel, maxLevel: catalogue.maxLevel });
}

/**
 * Validates one setting against `limits` (limitsOf). Returns `{value}` or `{error: {name,
 * value, expected, limits}}` where `expected` is a message key.
 */
export function parseSetting(name, raw, limits = NO_LIMITS) {
  const p = Object.hasOwn(PARSERS, name) ? PARSERS[name] : null;
  if (!p) return { error: { name, value: shorten(String(raw)), expected: 'settings.expected.known', limits } };
  const value = p.parse(raw, limits);
  if (value === undefined) return { error: { name, value: shorten(String(raw)), expected: p.expected, limits } };
  return { value };
}

/**
 * Validates the settings found in `source` (a plain object, or anything with `get`/`has` like
 * URLSearchParams), only those among `names`, against `limits`. Returns `{settings, errors}`:
 * the valid ones and, for each invalid one, what was wrong. Settings that are absent are absent
 * from both.
 */
export function readSettings(source, names = SETTING_NAMES, limits = NO_LIMITS) {
  const has = typeof source.has === 'function' ? (k) => source.has(k) : (k) => source[k] !== undefined && source[k] !== null;
  const get = typeof source.get === 'function' ? (k) => source.get(k) : (k) => source[k];
  const settings = {};
  const errors = [];
  for (const name of names) {
    if (!has(name)) continue;
    const r = parseSetting(name, get(name), limits);
    if (r.error) errors.push(r.error);
    else settings[name] = r.value;
  }
  return { settings, errors };
}

/** What was wrong with a setting (an error of parseSetting), said with `t(key, params)`. */
export function settingErrorText(t, error) {
  const { minLevel, maxLevel } = error.limits || NO_LIMITS;
  const expected = t(error.expected, { min: minLevel, max: maxLevel === NO_LIMITS.maxLevel ? '…' : maxLevel });
  return t('settings.bad', { name: error.name, value: error.value, expected });
}

/** A long bad value is shown cut short: a message quotes it, it need not repeat it. */
function shorten(s) {
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
}

/**
 * The settings that a link carries: the query (`?variant=…`) for short links, then the
 * fragment (`#record=…`), which is never sent to a server and so has no length limit; the
 * fragment wins where both give a setting.
 */
export function linkParams(search, hash) {
  const params = new URLSearchParams(search || '');
  const fragment = new URLSearchParams((hash || '').replace(/^#/, ''));
  for (const [k, v] of fragment) params.set(k, v);
  return params;
}
