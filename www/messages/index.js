// The message tables. Adding a language is adding its file here and one line to LANGUAGES.
// English is always there (it is the fallback); the others load when first asked for, so a
// visit in one language does not download the others.
import en from './en.js';

/** Every language: its code, its name in itself, and how to load its table ({messages}). */
export const LANGUAGES = Object.freeze([
  { code: 'en', name: 'English', load: async () => en },
  { code: 'ru', name: 'Русский', load: () => import('./ru.js').then((m) => m.default) },
  { code: 'hu', name: 'Magyar', load: () => import('./hu.js').then((m) => m.default) },
]);

/** The language whose table is complete, used where another lacks a message. */
export const FALLBACK = 'en';

/** The fallback table, there from the start. */
export const FALLBACK_TABLE = en;

/** Every table, loaded: {code: table} (for tests and tools). */
export async function loadAllTables() {
  const tables = await Promise.all(LANGUAGES.map((l) => l.load()));
  return Object.fromEntries(LANGUAGES.map((l, i) => [l.code, tables[i]]));
}
