// The element's attributes: which there are, where each lands in the board's state, which start
// a new game, and the properties that reflect them. Values are read by the one validator of
// setting-reader.js, against the rules core's limits once they are known.
import { readSettings } from '../lib/setting-reader.js';
import { defaultState, bottomSide } from './state.js';
/** @import { Goal, Side } from '../core/core-types.js' */
/** @import { Help, Limits, Mode, SettingError, Theme } from '../lib/settings.js' */
/** @import { BoardState } from './state.js' */

/**
 * How an attribute is read: `game: true` when a change starts a new game (it is read when the
 * game is made), `field`: where its value lands in the state (`settings.<name>` or `<name>`;
 * none: it is read where the game is made), `prop`: the state field's and the property's name
 * where it is not the attribute's, and `flag`: its value is kept as it is (present or not).
 * @typedef {{game?: boolean, field?: 'settings'|'top', prop?: 'gameId'|'hostKey'|'seatKey'|'playerName', flag?: boolean}} AttributeSpec
 */

/**
 * The properties that reflect the attributes (defineReflectedProperties), as a page reads and
 * sets them on a board; `record` is the element's own.
 * @typedef {{
 *   variant: string,
 *   mode: Mode,
 *   side: Side,
 *   level: number,
 *   movetime: number,
 *   help: Help,
 *   clock: string,
 *   position: string|null,
 *   orientation: Side,
 *   coordinates: boolean,
 *   lang: string,
 *   theme: Theme,
 *   locked: boolean|string,
 *   players: boolean,
 *   goal: Goal|null,
 *   relay: string|null,
 *   gameId: string|null,
 *   hostKey: string|null,
 *   seatKey: string|null,
 *   playerName: string|null,
 * }} ReflectedProperties
 */

/**
 * An element whose properties reflect its attributes: `reflected(name)` is the value in force.
 * @typedef {HTMLElement & {reflected(name: string): unknown}} ReflectingElement
 */

/**
 * Every attribute, with how it is read (AttributeSpec).
 * @satisfies {Record<string, AttributeSpec>}
 */
const TABLE = {
  variant: { game: true, field: 'settings' },
  mode: { field: 'settings' },
  side: { field: 'settings' },
  level: { field: 'settings' },
  movetime: { field: 'settings' },
  help: { field: 'settings' },
  clock: { game: true, field: 'settings' },
  position: { game: true },
  record: { game: true },
  orientation: { field: 'top' },
  coordinates: { field: 'top' },
  lang: { field: 'top' },
  theme: { field: 'top' },
  locked: { field: 'top', flag: true },
  players: { field: 'top', flag: true },
  goal: { game: true, field: 'top' },
  relay: { field: 'top' },
  'game-id': { game: true, field: 'top', prop: 'gameId' },
  'host-key': { game: true, field: 'top', prop: 'hostKey' },
  'seat-key': { game: true, field: 'top', prop: 'seatKey' },
  'player-name': { field: 'top', prop: 'playerName' },
};

/** @typedef {keyof typeof TABLE} AttributeName */

/**
 * Every attribute (TABLE), frozen.
 * @type {Readonly<Record<AttributeName, Readonly<AttributeSpec>>>}
 */
export const ATTRIBUTES = Object.freeze(TABLE);

/**
 * How attribute `name` is read, or undefined when it is not one of the element's.
 * @param {string} name
 * @returns {Readonly<AttributeSpec>|undefined}
 */
function specOf(name) {
  return Object.hasOwn(ATTRIBUTES, name) ? ATTRIBUTES[/** @type {AttributeName} */ (name)] : undefined;
}

/**
 * The state field (and property) of attribute `name`.
 * @param {string} name
 * @returns {string}
 */
export function keyOf(name) {
  const a = specOf(name);
  return (a && a.prop) || name;
}

/** The attribute names, as `observedAttributes` (TABLE has one key per attribute). */
export const ATTRIBUTE_NAMES = Object.freeze(/** @type {AttributeName[]} */ (Object.keys(ATTRIBUTES)));

/**
 * The board's state before any attribute is read (state.js): its fields' defaults, by name.
 * @type {Readonly<Record<string, unknown>> & {settings: Readonly<Record<string, unknown>>}}
 */
const DEFAULT_STATE = defaultState();

/**
 * The value of the state field that attribute `name` sets, when the attribute is absent: the field's default.
 * @param {string} name
 * @param {Readonly<AttributeSpec>} a
 * @returns {unknown}
 */
function absent(name, a) {
  return a.field === 'settings' ? DEFAULT_STATE.settings[name] : DEFAULT_STATE[keyOf(name)];
}

/**
 * Whether a change of attribute `name` starts a new game.
 * @param {string} name
 * @returns {boolean}
 */
export function startsGame(name) {
  const a = specOf(name);
  return !!(a && a.game);
}

/**
 * The state with attribute `name`'s value `raw` (a string, or null when absent) read into it,
 * against `limits` (setting-reader.js). Returns `{state, errors}`: an invalid value leaves the state
 * as it was and is reported in `errors` (parseSetting's errors).
 * @param {BoardState} s
 * @param {string} name
 * @param {string|null} raw
 * @param {Limits} limits
 * @returns {{state: BoardState, errors: SettingError[]}}
 */
export function applyAttribute(s, name, raw, limits) {
  const a = specOf(name);
  if (!a || !a.field) return { state: s, errors: [] };
  /** @type {unknown} */
  let value;
  if (a.flag) {
    value = raw === null ? null : raw;
  } else if (raw === null) {
    value = absent(name, a);
  } else {
    const { settings, errors } = readSettings({ [name]: raw }, [name], limits);
    if (errors.length) return { state: s, errors };
    /** @type {Record<string, unknown>} */
    const read = settings;
    value = read[name];
  }
  // The value is the field's default or what the field's own setting parser gave (setting-reader.js),
  // so the state keeps its type.
  if (a.field === 'settings') return { state: { ...s, settings: /** @type {BoardState['settings']} */ ({ ...s.settings, [name]: value }) }, errors: [] };
  return { state: /** @type {BoardState} */ ({ ...s, [keyOf(name)]: value }), errors: [] };
}

/**
 * The state with every attribute of `element` read into it; see applyAttribute.
 * @param {BoardState} s
 * @param {Element} element
 * @param {Limits} limits
 * @returns {{state: BoardState, errors: SettingError[]}}
 */
export function applyAttributes(s, element, limits) {
  let state = s;
  /** @type {SettingError[]} */
  const errors = [];
  for (const name of ATTRIBUTE_NAMES) {
    const r = applyAttribute(state, name, element.getAttribute(name), limits);
    state = r.state;
    errors.push(...r.errors);
  }
  return { state, errors };
}

/**
 * The value in force of a reflected attribute of `el`, whose board's state is `s`: what its
 * property reads.
 * @param {HTMLElement & {language: string}} el
 * @param {BoardState} s
 * @param {string} name
 * @returns {unknown}
 */
export function valueInForce(el, s, name) {
  /** @type {Readonly<Record<string, unknown>>} */
  const settings = s.settings;
  if (name in settings) return settings[name];
  if (name === 'position') return el.getAttribute('position');
  if (name === 'orientation') return bottomSide(s);
  if (name === 'lang') return el.language;
  /** @type {Readonly<Record<string, unknown>>} */
  const fields = s;
  if (name === 'locked' || name === 'players') return fields[name] !== null;
  return fields[keyOf(name)];
}

/**
 * Defines on `cls` a property for each attribute but `record` (whose property is the game's
 * record): setting it sets the attribute (null removes it; for `locked` and `players`, true and false add
 * and remove it); reading it gives the value in force (`element.reflected(name)`), the default when
 * the attribute is absent or not valid.
 * @param {{prototype: ReflectingElement}} cls
 * @returns {void}
 */
export function defineReflectedProperties(cls) {
  for (const name of ATTRIBUTE_NAMES) {
    if (name === 'record') continue;
    const flag = !!ATTRIBUTES[name].flag;
    Object.defineProperty(cls.prototype, keyOf(name), {
      configurable: true,
      enumerable: true,
      /** @this {ReflectingElement} */
      get() {
        return this.reflected(name);
      },
      /**
       * @this {ReflectingElement}
       * @param {unknown} value
       */
      set(value) {
        if (value === null || value === undefined || (flag && value === false)) this.removeAttribute(name);
        else this.setAttribute(name, flag && value === true ? '' : String(value));
      },
    });
  }
}
