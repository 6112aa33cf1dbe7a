// The message tables. Adding a language is adding its files here and one line to LANGUAGES.
// English is always there (it is the fallback); the others load when first asked for, so a
// visit in one language does not download the others. Each language's messages come in two
// parts: the page's and the board's (`<lang>.js`), and the teaching part (`teach-<lang>.js`:
// the lessons, the puzzles and "How to play"), loaded only when one of those is first opened.
import en from './en.js';

/**
 * How to load a language's parts: the main table and the teaching table.
 * @typedef {{code: string, name: string, load: () => Promise<{messages: Record<string, string>}>, teach: () => Promise<{messages: Record<string, string>}>}} Language
 */

/**
 * Every language: its code, its name in itself, and how to load each part of its table.
 * @type {readonly Language[]}
 */
export const LANGUAGES = Object.freeze([
  { code: 'en', name: 'English', load: async () => en, teach: () => import('./teach-en.js').then((m) => m.default) },
  { code: 'ru', name: 'Русский', load: () => import('./ru.js').then((m) => m.default), teach: () => import('./teach-ru.js').then((m) => m.default) },
  { code: 'hu', name: 'Magyar', load: () => import('./hu.js').then((m) => m.default), teach: () => import('./teach-hu.js').then((m) => m.default) },
]);

/** The parts of a language's table besides the main one, loaded when first needed. */
export const PARTS = Object.freeze(['teach']);

/** The language whose table is complete, used where another lacks a message. */
export const FALLBACK = 'en';

/** The fallback table's main part, there from the start. */
export const FALLBACK_TABLE = en;

/**
 * Every table, loaded, each language's parts as one: {code: table} (for tests and tools).
 * @returns {Promise<Record<string, {messages: Record<string, string>}>>}
 */
export async function loadAllTables() {
  const tables = await Promise.all(LANGUAGES.map(async (l) => ({ messages: { ...(await l.load()).messages, ...(await l.teach()).messages } })));
  return Object.fromEntries(LANGUAGES.map((l, i) => [l.code, tables[i]]));
}
