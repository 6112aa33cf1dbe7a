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
// judgement in words (`engine-<lang>.js`, loaded with the first the panel says).
import en from './en.js';

/** A table: its messages by key. @typedef {{messages: Record<string, string>}} Table */
/** A part of a language's table besides the board's, loaded by whoever shows it. @typedef {'page'|'review'|'live'|'teach'|'howto'|'edit'|'lobby'|'explore'|'friend'|'rules'|'recent'|'shortcuts'|'engine'} Part */

/**
 * How to load a language's parts: the board's table (`load`) and each other part.
 * @typedef {{code: string, name: string, load: () => Promise<Table>, parts: Record<Part, () => Promise<Table>>}} Language
 */

/**
 * Every language: its code, its name in itself, and how to load each part of its table.
 * @type {readonly Language[]}
 */
export const LANGUAGES = Object.freeze([
  {
    code: 'en',
    name: 'English',
    load: async () => en,
    parts: {
      page: () => import('./page-en.js').then((m) => m.default),
      review: () => import('./review-en.js').then((m) => m.default),
      live: () => import('./live-en.js').then((m) => m.default),
      teach: () => import('./teach-en.js').then((m) => m.default),
      howto: () => import('./howto-en.js').then((m) => m.default),
      edit: () => import('./edit-en.js').then((m) => m.default),
      lobby: () => import('./lobby-en.js').then((m) => m.default),
      explore: () => import('./explore-en.js').then((m) => m.default),
      friend: () => import('./friend-en.js').then((m) => m.default),
      rules: () => import('./rules-en.js').then((m) => m.default),
      recent: () => import('./recent-en.js').then((m) => m.default),
      shortcuts: () => import('./shortcuts-en.js').then((m) => m.default),
      engine: () => import('./engine-en.js').then((m) => m.default),
    },
  },
  {
    code: 'ru',
    name: 'Русский',
    load: () => import('./ru.js').then((m) => m.default),
    parts: {
      page: () => import('./page-ru.js').then((m) => m.default),
      review: () => import('./review-ru.js').then((m) => m.default),
      live: () => import('./live-ru.js').then((m) => m.default),
      teach: () => import('./teach-ru.js').then((m) => m.default),
      howto: () => import('./howto-ru.js').then((m) => m.default),
      edit: () => import('./edit-ru.js').then((m) => m.default),
      lobby: () => import('./lobby-ru.js').then((m) => m.default),
      explore: () => import('./explore-ru.js').then((m) => m.default),
      friend: () => import('./friend-ru.js').then((m) => m.default),
      rules: () => import('./rules-ru.js').then((m) => m.default),
      recent: () => import('./recent-ru.js').then((m) => m.default),
      shortcuts: () => import('./shortcuts-ru.js').then((m) => m.default),
      engine: () => import('./engine-ru.js').then((m) => m.default),
    },
  },
  {
    code: 'hu',
    name: 'Magyar',
    load: () => import('./hu.js').then((m) => m.default),
    parts: {
      page: () => import('./page-hu.js').then((m) => m.default),
      review: () => import('./review-hu.js').then((m) => m.default),
      live: () => import('./live-hu.js').then((m) => m.default),
      teach: () => import('./teach-hu.js').then((m) => m.default),
      howto: () => import('./howto-hu.js').then((m) => m.default),
      edit: () => import('./edit-hu.js').then((m) => m.default),
      lobby: () => import('./lobby-hu.js').then((m) => m.default),
      explore: () => import('./explore-hu.js').then((m) => m.default),
      friend: () => import('./friend-hu.js').then((m) => m.default),
      rules: () => import('./rules-hu.js').then((m) => m.default),
      recent: () => import('./recent-hu.js').then((m) => m.default),
      shortcuts: () => import('./shortcuts-hu.js').then((m) => m.default),
      engine: () => import('./engine-hu.js').then((m) => m.default),
    },
  },
]);

/** The parts of a language's table besides the board's, loaded when first needed. */
export const PARTS = /** @type {readonly Part[]} */ (Object.freeze(['page', 'review', 'live', 'teach', 'howto', 'edit', 'lobby', 'explore', 'friend', 'rules', 'recent', 'shortcuts', 'engine']));

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
