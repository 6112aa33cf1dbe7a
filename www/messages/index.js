// The message tables. Adding a language is adding its file here and one line below.
import en from './en.js';

/** Every table by language code: {name (in that language), messages}. */
export const TABLES = { en };

/** The language whose table is complete, used where another lacks a message. */
export const FALLBACK = 'en';
