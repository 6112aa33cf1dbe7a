// Player-facing text: every string the page and the board show comes from a message table per
// language (messages/<lang>.js, listed in messages/index.js). A message is a template whose
// `{name}` places take a parameter as it is and `{name:ns}` places take the message `ns.<value>`
// (so a side or a piece kind is said in the reader's language too). A count is said in the
// language's own plural forms (Intl.PluralRules) with `{n, plural, one {# move} other {# moves}}`:
// `#` is the number, `=0 {…}` matches a number exactly, and a form may hold `{name}` places. A
// language not loaded yet (loadLanguage) is said in the fallback language meanwhile.
import { LANGUAGES as KNOWN, FALLBACK, FALLBACK_TABLE } from '../messages/index.js';

/** The language codes that have a table, e.g. ['en', 'ru', 'hu']. */
export const LANGUAGES = Object.freeze(KNOWN.map((l) => l.code));

/** The tables loaded so far, by code. */
const TABLES = { [FALLBACK]: FALLBACK_TABLE };

/** A language's name in itself, e.g. 'Magyar'. */
export function languageName(code) {
  const l = KNOWN.find((x) => x.code === code);
  return l ? l.name : code;
}

/**
 * Loads the table of `code` (once). Resolves to true when it is there, false when it is not a
 * known language or could not load (its text then stays in the fallback language).
 */
export async function loadLanguage(code) {
  if (TABLES[code]) return true;
  const l = KNOWN.find((x) => x.code === code);
  if (!l) return false;
  try {
    TABLES[code] = await l.load();
    return true;
  } catch {
    return false;
  }
}

/**
 * The best language for a list of preferences (BCP 47 tags, best first, as
 * `navigator.languages`): the first whose language has a table, else the fallback.
 */
export function pickLanguage(preferences) {
  for (const tag of preferences || []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return FALLBACK;
}

/** The template of `key` in `lang`, falling back to the fallback table; undefined when none has it. */
export function template(lang, key) {
  const own = TABLES[lang] && TABLES[lang].messages[key];
  return own !== undefined ? own : TABLES[FALLBACK].messages[key];
}

/** A form of a plural block: its selector (`one`, `=0`, …) and its text (which may hold places). */
const FORM = /([=\w]+)\s*\{((?:[^{}]|\{\w+(?::\w+)?\})*)\}/g;
/** A plural block `{name, plural, form…}`. */
const PLURAL = /\{(\w+),\s*plural,((?:\s*[=\w]+\s*\{(?:[^{}]|\{\w+(?::\w+)?\})*\})+)\s*\}/g;

const pluralRules = new Map();

/** The plural category of `n` in `lang` ('one', 'few', 'many', 'other', …). */
export function pluralCategory(lang, n) {
  if (!pluralRules.has(lang)) {
    let rules;
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules(FALLBACK);
    }
    pluralRules.set(lang, rules);
  }
  return pluralRules.get(lang).select(n);
}

/** `template` with its plural blocks resolved for `params` (see the head of this file). */
function plurals(lang, template, params) {
  return template.replace(PLURAL, (whole, name, body) => {
    const n = Number(params[name]);
    if (params[name] === undefined || params[name] === null || !Number.isFinite(n)) return whole;
    const forms = {};
    for (const m of body.matchAll(FORM)) forms[m[1]] = m[2];
    const form = forms[`=${n}`] ?? forms[pluralCategory(lang, n)] ?? forms.other ?? '';
    return form.replace(/#/g, String(params[name]));
  });
}

/**
 * The message `key` in `lang` with `params` put in. A parameter may itself be a message
 * (`{key, params}`), said in the same language. An unknown key is shown as itself.
 */
export function translate(lang, key, params = {}) {
  const t = template(lang, key);
  if (t === undefined) return key;
  return plurals(lang, t, params).replace(/\{(\w+)(?::(\w+))?\}/g, (whole, name, ns) => {
    const v = params[name];
    if (v === undefined || v === null) return whole;
    if (typeof v === 'object') return say(lang, v);
    return ns ? translate(lang, `${ns}.${v}`) : String(v);
  });
}

/** Says a message given as `{key, params}` or `{text}` (text that is already the reader's, e.g. from the rules core). */
export function say(lang, msg) {
  if (!msg) return '';
  if (msg.key) return translate(lang, msg.key, msg.params);
  return String(msg.text ?? '');
}

/** Groups the digits of a whole number in the reader's way (without loading locale data). */
export function groupDigits(lang, n) {
  const sep = template(lang, 'number.groupSeparator') ?? '\u202f';
  return String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}
