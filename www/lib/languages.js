// The languages and their message tables. Each package's words sit in its own i18n/ folder, one
// table a language (`<lang>.js`), loaded with the package: the board's (element/i18n/, all a page
// with only the element needs: the fallback's is in every bundle), the game page's (play/, loaded
// with the page), and the others with their package's first use: review/, live/, friends/,
// editor/, learn/ (How to play's apart, `howto-<lang>.js`: the single file carries it without
// the lessons and puzzles). The rules core's errors (core/) come with the board's table of every
// language (lib/i18n.js loadLanguage). Adding a language is adding its table to each folder and one entry to LANGUAGES.
import en from '../element/i18n/en.js';

/** A table: its messages by key. @typedef {{messages: Record<string, string>}} Table */
/** A table besides the board's: the package whose words it holds, loaded by whoever shows them. @typedef {'play'|'review'|'live'|'friends'|'editor'|'learn'|'howto'|'core'} Part */

/**
 * How to load a language's parts: the board's table (`load`) and each other part.
 * @typedef {{code: string, name: string, load: () => Promise<Table>, parts: Record<Part, () => Promise<Table>>}} Language
 */

/**
 * Each part's loader as a loader of its table (the module's default export).
 * @param {Record<Part, () => Promise<{default: Table}>>} modules
 * @returns {Record<Part, () => Promise<Table>>}
 */
function defaults(modules) {
  return /** @type {Record<Part, () => Promise<Table>>} */ (Object.fromEntries(Object.entries(modules).map(([part, load]) => [part, () => load().then((m) => m.default)])));
}

/**
 * Every language: its code, its name in itself, and how to load each part of its table.
 * @type {readonly Language[]}
 */
export const LANGUAGES = Object.freeze([
  {
    code: 'en',
    name: 'English',
    load: async () => en,
    parts: defaults({
      play: () => import('../play/i18n/en.js'),
      review: () => import('../review/i18n/en.js'),
      live: () => import('../live/i18n/en.js'),
      friends: () => import('../friends/i18n/en.js'),
      editor: () => import('../editor/i18n/en.js'),
      learn: () => import('../learn/i18n/en.js'),
      howto: () => import('../learn/i18n/howto-en.js'),
      core: () => import('../core/i18n/en.js'),
    }),
  },
  {
    code: 'ru',
    name: 'Русский',
    load: () => import('../element/i18n/ru.js').then((m) => m.default),
    parts: defaults({
      play: () => import('../play/i18n/ru.js'),
      review: () => import('../review/i18n/ru.js'),
      live: () => import('../live/i18n/ru.js'),
      friends: () => import('../friends/i18n/ru.js'),
      editor: () => import('../editor/i18n/ru.js'),
      learn: () => import('../learn/i18n/ru.js'),
      howto: () => import('../learn/i18n/howto-ru.js'),
      core: () => import('../core/i18n/ru.js'),
    }),
  },
  {
    code: 'hu',
    name: 'Magyar',
    load: () => import('../element/i18n/hu.js').then((m) => m.default),
    parts: defaults({
      play: () => import('../play/i18n/hu.js'),
      review: () => import('../review/i18n/hu.js'),
      live: () => import('../live/i18n/hu.js'),
      friends: () => import('../friends/i18n/hu.js'),
      editor: () => import('../editor/i18n/hu.js'),
      learn: () => import('../learn/i18n/hu.js'),
      howto: () => import('../learn/i18n/howto-hu.js'),
      core: () => import('../core/i18n/hu.js'),
    }),
  },
]);

/** The parts of a language's table besides the board's, loaded when first needed. */
export const PARTS = /** @type {readonly Part[]} */ (Object.freeze(['play', 'review', 'live', 'friends', 'editor', 'learn', 'howto']));

/** The language whose table is complete, used where another lacks a message. */
export const FALLBACK = 'en';

/** The fallback table's board part, there from the start. */
export const FALLBACK_TABLE = en;

/**
 * Every table, loaded, each language's parts as one: {code: table} (for tests and tools).
 * @returns {Promise<Record<string, Table>>}
 */
export async function loadAllTables() {
  const tables = await Promise.all(
    LANGUAGES.map(async (l) => {
      const parts = await Promise.all([l.load(), ...PARTS.map((p) => l.parts[p]())]);
      return { messages: Object.assign({}, ...parts.map((t) => t.messages)) };
    }),
  );
  return Object.fromEntries(LANGUAGES.map((l, i) => [l.code, tables[i]]));
}
