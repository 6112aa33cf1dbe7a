// Player-facing text: every string the page and the board show comes from a message table per
// language (element/i18n/<lang>.js, the board's, listed in lib/languages.js; its other parts, the
// full page's and the teaching one, join it when what shows them first asks for them: the
// element alone never loads the page's messages). A message is a template whose
// `{name}` places take a parameter as it is and `{name:ns}` places take the message `ns.<value>`
// (so a side or a piece kind is said in the reader's language too). A count is said in the
// language's own plural forms (Intl.PluralRules) with `{n, plural, one {# move} other {# moves}}`:
// `#` is the number, `=0 {…}` matches a number exactly, and a form may hold `{name}` places. A
// language not loaded yet (loadLanguage) is said in the fallback language meanwhile.
import { LANGUAGES as KNOWN, FALLBACK, FALLBACK_TABLE } from './languages.js';
/** @import { Language, Part } from './languages.js' */
/** @typedef {import('../api-types.js').Message} Message */
/** @typedef {import('../api-types.js').MessageParams} MessageParams */

/**
 * Says the message `key` in a language fixed beforehand, with `params` put in (a page's `t`).
 * @typedef {(key: string, params?: MessageParams) => string} Translate
 */

/** @typedef {{messages: Readonly<Record<string, string>>}} MessageTable */

/** The language codes that have a table, e.g. ['en', 'ru', 'hu']. */
export const LANGUAGES = Object.freeze(KNOWN.map((l) => l.code));

/**
 * The tables loaded so far, by code.
 * @type {Record<string, MessageTable|undefined>}
 */
const TABLES = { [FALLBACK]: FALLBACK_TABLE };

/**
 * The parts besides the board's table that some module has asked for: each language loaded from
 * then on gets them too.
 * @type {Set<Part>}
 */
const PARTS_IN_USE = new Set();

/**
 * The parts of each language's table loaded so far ('main', the board's, and each Part), by code.
 * @type {Record<string, Set<string>|undefined>}
 */
const LOADED = { [FALLBACK]: new Set(['main']) };

/**
 * A language's name in itself, e.g. 'Magyar'.
 * @param {string} code
 * @returns {string}
 */
export function languageName(code) {
  const l = KNOWN.find((x) => x.code === code);
  return l ? l.name : code;
}

/**
 * Loads the table of `code` (once). Resolves to true when it is there, false when it is not a
 * known language or could not load (its text then stays in the fallback language).
 * @param {string} code
 * @returns {Promise<boolean>}
 */
export async function loadLanguage(code) {
  const l = KNOWN.find((x) => x.code === code);
  if (!l) return false;
  // Every language brings the rules core's errors in its words (lib/errors.js), English too: the
  // rules core's own English message is for its other readers (the command line, a log), and
  // names what it expects in a grammar of names rather than in words.
  const parts = /** @type {('main'|Part)[]} */ (['main', 'core', ...PARTS_IN_USE]);
  const done = await Promise.all(parts.map((part) => loadPart(l, part)));
  return done[0];
}

/**
 * Loads part `part` of the tables (the full page's messages, the review's, a live session's, or
 * the teaching ones: the lessons', the puzzles' and "How to play"'s) for `code` and the fallback language, and of
 * every language loaded from now on. Resolves to whether `code`'s is there.
 * @param {Part} part
 * @param {string} code
 * @returns {Promise<boolean>}
 */
export async function loadMessages(part, code) {
  PARTS_IN_USE.add(part);
  const fallback = KNOWN.find((x) => x.code === FALLBACK);
  if (fallback) await loadPart(fallback, part);
  return loadLanguage(code);
}

/**
 * Loads part `part` of language `l`'s table into it (once). Resolves to whether it is there.
 * @param {Language} l
 * @param {'main'|Part} part
 * @returns {Promise<boolean>}
 */
async function loadPart(l, part) {
  const loaded = (LOADED[l.code] ??= new Set());
  if (loaded.has(part)) return true;
  try {
    const table = await (part === 'main' ? l.load() : l.parts[part]());
    TABLES[l.code] = { messages: { ...(TABLES[l.code]?.messages ?? {}), ...table.messages } };
    loaded.add(part);
    return true;
  } catch {
    return false;
  }
}

/**
 * The best language for a list of preferences (BCP 47 tags, best first, as
 * `navigator.languages`): the first whose language has a table, else the fallback.
 * @param {readonly string[]|null|undefined} preferences
 * @returns {string}
 */
export function pickLanguage(preferences) {
  for (const tag of preferences || []) {
    const code = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(code)) return code;
  }
  return FALLBACK;
}

/**
 * The template of `key` in `lang`, falling back to the fallback table; undefined when none has it.
 * @param {string} lang
 * @param {string} key
 * @returns {string|undefined}
 */
export function template(lang, key) {
  const table = TABLES[lang];
  const own = table && messageOf(table.messages, key);
  const fallback = TABLES[FALLBACK];
  return own !== undefined ? own : fallback && messageOf(fallback.messages, key);
}

/**
 * The message `key` of a table's messages, or undefined when it has none.
 * @param {Readonly<Record<string, string>>} messages
 * @param {string} key
 * @returns {string|undefined}
 */
function messageOf(messages, key) {
  return messages[key];
}

/** A form of a plural block: its selector (`one`, `=0`, …) and its text (which may hold places). */
const FORM = /([=\w]+)\s*\{((?:[^{}]|\{\w+(?::\w+)?\})*)\}/g;
/** A plural block `{name, plural, form…}`. */
const PLURAL = /\{(\w+),\s*plural,((?:\s*[=\w]+\s*\{(?:[^{}]|\{\w+(?::\w+)?\})*\})+)\s*\}/g;

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * The plural category of `n` in `lang` ('one', 'few', 'many', 'other', …).
 * @param {string} lang
 * @param {number} n
 * @returns {Intl.LDMLPluralRule}
 */
export function pluralCategory(lang, n) {
  let rules = pluralRules.get(lang);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lang);
    } catch {
      rules = new Intl.PluralRules(FALLBACK);
    }
    pluralRules.set(lang, rules);
  }
  return rules.select(n);
}

/**
 * `text` (a template) with its plural blocks resolved for `params` (see the head of this file).
 * @param {string} lang
 * @param {string} text
 * @param {MessageParams} params
 * @returns {string}
 */
function plurals(lang, text, params) {
  return text.replace(PLURAL, (whole, /** @type {string} */ name, /** @type {string} */ body) => {
    const n = Number(params[name]);
    if (params[name] === undefined || params[name] === null || !Number.isFinite(n)) return whole;
    /** @type {Record<string, string>} */
    const forms = {};
    for (const m of body.matchAll(FORM)) forms[m[1]] = m[2];
    const form = forms[`=${n}`] ?? forms[pluralCategory(lang, n)] ?? forms.other ?? '';
    return form.replace(/#/g, String(params[name]));
  });
}

/**
 * The message `key` in `lang` with `params` put in. A parameter may itself be a message
 * (`{key, params}`), said in the same language. An unknown key is shown as itself.
 * @param {string} lang
 * @param {string} key
 * @param {MessageParams} [params]
 * @returns {string}
 */
export function translate(lang, key, params = {}) {
  const t = template(lang, key);
  if (t === undefined) return key;
  return plurals(lang, t, params).replace(/\{(\w+)(?::(\w+))?\}/g, (whole, /** @type {string} */ name, /** @type {string|undefined} */ ns) => {
    const v = params[name];
    if (v === undefined || v === null) return whole;
    if (typeof v === 'object') return say(lang, v);
    return ns ? translate(lang, `${ns}.${v}`) : String(v);
  });
}

/**
 * Says a message given as `{key, params}` or `{text}` (text that is already the reader's, e.g.
 * from the rules core).
 * @param {string} lang
 * @param {Message|null|undefined} msg
 * @returns {string}
 */
export function say(lang, msg) {
  if (!msg) return '';
  if ('key' in msg && msg.key) return translate(lang, msg.key, msg.params);
  return 'text' in msg ? String(msg.text ?? '') : '';
}

/**
 * Groups the digits of a whole number in the reader's way (without loading locale data).
 * @param {string} lang
 * @param {number} n
 * @returns {string}
 */
export function groupDigits(lang, n) {
  const sep = template(lang, 'number.groupSeparator') ?? '\u202f';
  return String(Math.round(Number(n) || 0)).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}
