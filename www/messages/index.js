// The message tables. Adding a language is adding its files here and one line to LANGUAGES.
// English is always there (it is the fallback); the others load when first asked for, so a
// visit in one language does not download the others. Each language's messages come in parts,
// each loaded with what shows it: the board's (`<lang>.js`: what <blue-gray-game> says, all an
// embedding page needs), the full page's (`page-<lang>.js`: what its first paint shows, and its
// notices), the review's (`review-<lang>.js`: its box, summary and marks and "Learn from your mistakes",
// loaded with the review), the live session's (`live-<lang>.js`: what a board says of it once started,
// loaded with its code), the teaching part (`teach-<lang>.js`: the lessons and the puzzles,
// loaded only when one of those is first opened), "How to play"'s (`howto-<lang>.js`, apart from
// the lessons' so that the single file, which leaves the lessons out, carries only it), the board editor's
// (`edit-<lang>.js`, loaded at its first opening), the opening explorer's (`explore-<lang>.js`,
// loaded at its first opening), and what the full page shows only with a feature fetched later:
// a game against a friend elsewhere (`friend-<lang>.js`, loaded with that code for the first such
// game), the rules option by option (`rules-<lang>.js`, loaded with the rules by ingredients or
// the first rules shown that are no named variant), the Recent games list's lines
// (`recent-<lang>.js`, loaded with its code once there is a kept game), the keyboard
// shortcuts' list (`shortcuts-<lang>.js`, loaded when its sheet first opens) and the engine's
// judgement in words (`engine-<lang>.js`, loaded with the first the panel says). The board's
// reasons for a refused move (`why-<lang>.js`) are loaded with the first move it refuses. The
// rules core's errors (`core-<lang>.js`) come with the board's table of every language but
// English, whose readers get the rules core's own English message (lib/i18n.js loadLanguage).
import en from './en.js';

/** A table: its messages by key. @typedef {{messages: Record<string, string>}} Table */
/** A part of a language's table besides the board's, loaded by whoever shows it. @typedef {'page'|'review'|'live'|'teach'|'howto'|'edit'|'lobby'|'explore'|'friend'|'rules'|'recent'|'shortcuts'|'engine'|'why'|'core'} Part */

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
      page: () => import('./page-en.js'),
      review: () => import('./review-en.js'),
      live: () => import('./live-en.js'),
      teach: () => import('./teach-en.js'),
      howto: () => import('./howto-en.js'),
      edit: () => import('./edit-en.js'),
      lobby: () => import('./lobby-en.js'),
      explore: () => import('./explore-en.js'),
      friend: () => import('./friend-en.js'),
      rules: () => import('./rules-en.js'),
      recent: () => import('./recent-en.js'),
      shortcuts: () => import('./shortcuts-en.js'),
      engine: () => import('./engine-en.js'),
      why: () => import('./why-en.js'),
      core: () => import('./core-en.js'),
    }),
  },
  {
    code: 'ru',
    name: 'Русский',
    load: () => import('./ru.js').then((m) => m.default),
    parts: defaults({
      page: () => import('./page-ru.js'),
      review: () => import('./review-ru.js'),
      live: () => import('./live-ru.js'),
      teach: () => import('./teach-ru.js'),
      howto: () => import('./howto-ru.js'),
      edit: () => import('./edit-ru.js'),
      lobby: () => import('./lobby-ru.js'),
      explore: () => import('./explore-ru.js'),
      friend: () => import('./friend-ru.js'),
      rules: () => import('./rules-ru.js'),
      recent: () => import('./recent-ru.js'),
      shortcuts: () => import('./shortcuts-ru.js'),
      engine: () => import('./engine-ru.js'),
      why: () => import('./why-ru.js'),
      core: () => import('./core-ru.js'),
    }),
  },
  {
    code: 'hu',
    name: 'Magyar',
    load: () => import('./hu.js').then((m) => m.default),
    parts: defaults({
      page: () => import('./page-hu.js'),
      review: () => import('./review-hu.js'),
      live: () => import('./live-hu.js'),
      teach: () => import('./teach-hu.js'),
      howto: () => import('./howto-hu.js'),
      edit: () => import('./edit-hu.js'),
      lobby: () => import('./lobby-hu.js'),
      explore: () => import('./explore-hu.js'),
      friend: () => import('./friend-hu.js'),
      rules: () => import('./rules-hu.js'),
      recent: () => import('./recent-hu.js'),
      shortcuts: () => import('./shortcuts-hu.js'),
      engine: () => import('./engine-hu.js'),
      why: () => import('./why-hu.js'),
      core: () => import('./core-hu.js'),
    }),
  },
]);

/** The parts of a language's table besides the board's, loaded when first needed. */
export const PARTS = /** @type {readonly Part[]} */ (Object.freeze(['page', 'review', 'live', 'teach', 'howto', 'edit', 'lobby', 'explore', 'friend', 'rules', 'recent', 'shortcuts', 'engine', 'why']));

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
