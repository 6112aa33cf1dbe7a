// The element's attributes: which there are, where each lands in the board's state, which start
// a new game, and the properties that reflect them. Values are read by the one validator of
// settings.js, against the rules core's limits once they are known.
import { readSettings } from '../lib/settings.js';
import { defaultState } from './state.js';

/**
 * Every attribute, with `game: true` when a change starts a new game (it is read when the game
 * is made), `field`: where its value lands in the state (`settings.<name>` or `<name>`), and
 * `prop`: the state field's and the property's name where it is not the attribute's.
 */
export const ATTRIBUTES = Object.freeze({
  variant: { game: true, field: 'settings' },
  mode: { field: 'settings' },
  side: { field: 'settings' },
  level: { field: 'settings' },
  movetime: { field: 'settings' },
  position: { game: true },
  record: { game: true },
  orientation: { field: 'top' },
  coordinates: { field: 'top' },
  lang: { field: 'top' },
  theme: { field: 'top' },
  locked: { field: 'top', flag: true },
  goal: { game: true, field: 'top' },
  relay: { field: 'top' },
  'game-id': { game: true, field: 'top', prop: 'gameId' },
  'host-key': { game: true, field: 'top', prop: 'hostKey' },
});

/** The state field (and property) of attribute `name`. */
export function keyOf(name) {
  return (ATTRIBUTES[name] && ATTRIBUTES[name].prop) || name;
}

/** The attribute names, as `observedAttributes`. */
export const ATTRIBUTE_NAMES = Object.freeze(Object.keys(ATTRIBUTES));

/** The board's state before any attribute is read (state.js): its fields' defaults. */
const DEFAULT_STATE = defaultState();

/** The value of the state field that attribute `name` sets, when the attribute is absent: the field's default. */
function absent(name) {
  return ATTRIBUTES[name].field === 'settings' ? DEFAULT_STATE.settings[name] : DEFAULT_STATE[keyOf(name)];
}

/** Whether a change of attribute `name` starts a new game. */
export function startsGame(name) {
  return !!(ATTRIBUTES[name] && ATTRIBUTES[name].game);
}

/**
 * The state with attribute `name`'s value `raw` (a string, or null when absent) read into it,
 * against `limits` (settings.js). Returns `{state, errors}`: an invalid value leaves the state
 * as it was and is reported in `errors` (parseSetting's errors).
 */
export function applyAttribute(s, name, raw, limits) {
  const a = ATTRIBUTES[name];
  if (!a || !a.field) return { state: s, errors: [] };
  let value;
  if (a.flag) {
    value = raw === null ? null : raw;
  } else if (raw === null) {
    value = absent(name);
  } else {
    const { settings, errors } = readSettings({ [name]: raw }, [name], limits);
    if (errors.length) return { state: s, errors };
    value = settings[name];
  }
  if (a.field === 'settings') return { state: { ...s, settings: { ...s.settings, [name]: value } }, errors: [] };
  return { state: { ...s, [keyOf(name)]: value }, errors: [] };
}

/** The state with every attribute of `element` read into it; see applyAttribute. */
export function applyAttributes(s, element, limits) {
  let state = s;
  const errors = [];
  for (const name of ATTRIBUTE_NAMES) {
    const r = applyAttribute(state, name, element.getAttribute(name), limits);
    state = r.state;
    errors.push(...r.errors);
  }
  return { state, errors };
}

/**
 * Defines on `cls` a property for each attribute but `record` (whose property is the game's
 * record): setting it sets the attribute (null removes it; for `locked`, true and false add and
 * remove it); reading it gives the value in force (`element.reflected(name)`), the default when
 * the attribute is absent or not valid.
 */
export function defineReflectedProperties(cls) {
  for (const name of ATTRIBUTE_NAMES) {
    if (name === 'record') continue;
    const flag = !!ATTRIBUTES[name].flag;
    Object.defineProperty(cls.prototype, keyOf(name), {
      configurable: true,
      enumerable: true,
      get() {
        return this.reflected(name);
      },
      set(value) {
        if (value === null || value === undefined || (flag && value === false)) this.removeAttribute(name);
        else this.setAttribute(name, flag && value === true ? '' : String(value));
      },
    });
  }
}
