// The languages and their message tables, which sit with the package that says them (each
// package's i18n/ folder). Adding a language is adding its files there and one entry to LANGUAGES.
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
import en from '../element/i18n/en.js';

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
      page: () => import('../play/i18n/page-en.js'),
      review: () => import('../review/i18n/review-en.js'),
      live: () => import('../live/i18n/live-en.js'),
      teach: () => import('../learn/i18n/teach-en.js'),
      howto: () => import('../learn/i18n/howto-en.js'),
      edit: () => import('../editor/i18n/edit-en.js'),
      lobby: () => import('../friends/i18n/lobby-en.js'),
      explore: () => import('../review/i18n/explore-en.js'),
      friend: () => import('../friends/i18n/friend-en.js'),
      rules: () => import('../play/i18n/rules-en.js'),
      recent: () => import('../play/i18n/recent-en.js'),
      shortcuts: () => import('../play/i18n/shortcuts-en.js'),
      engine: () => import('../play/i18n/engine-en.js'),
      why: () => import('../element/i18n/why-en.js'),
      core: () => import('../core/i18n/core-en.js'),
    }),
  },
  {
    code: 'ru',
    name: 'Русский',
    load: () => import('../element/i18n/ru.js').then((m) => m.default),
    parts: defaults({
      page: () => import('../play/i18n/page-ru.js'),
      review: () => import('../review/i18n/review-ru.js'),
      live: () => import('../live/i18n/live-ru.js'),
      teach: () => import('../learn/i18n/teach-ru.js'),
      howto: () => import('../learn/i18n/howto-ru.js'),
      edit: () => import('../editor/i18n/edit-ru.js'),
      lobby: () => import('../friends/i18n/lobby-ru.js'),
      explore: () => import('../review/i18n/explore-ru.js'),
      friend: () => import('../friends/i18n/friend-ru.js'),
      rules: () => import('../play/i18n/rules-ru.js'),
      recent: () => import('../play/i18n/recent-ru.js'),
      shortcuts: () => import('../play/i18n/shortcuts-ru.js'),
      engine: () => import('../play/i18n/engine-ru.js'),
      why: () => import('../element/i18n/why-ru.js'),
      core: () => import('../core/i18n/core-ru.js'),
    }),
  },
  {
    code: 'hu',
    name: 'Magyar',
    load: () => import('../element/i18n/hu.js').then((m) => m.default),
    parts: defaults({
      page: () => import('../play/i18n/page-hu.js'),
      review: () => import('../review/i18n/review-hu.js'),
      live: () => import('../live/i18n/live-hu.js'),
      teach: () => import('../learn/i18n/teach-hu.js'),
      howto: () => import('../learn/i18n/howto-hu.js'),
      edit: () => import('../editor/i18n/edit-hu.js'),
      lobby: () => import('../friends/i18n/lobby-hu.js'),
      explore: () => import('../review/i18n/explore-hu.js'),
      friend: () => import('../friends/i18n/friend-hu.js'),
      rules: () => import('../play/i18n/rules-hu.js'),
      recent: () => import('../play/i18n/recent-hu.js'),
      shortcuts: () => import('../play/i18n/shortcuts-hu.js'),
      engine: () => import('../play/i18n/engine-hu.js'),
      why: () => import('../element/i18n/why-hu.js'),
      core: () => import('../core/i18n/core-hu.js'),
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
