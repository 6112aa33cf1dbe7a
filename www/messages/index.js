// The message tables. Adding a language is adding its file here and one line below.
import en from './en.js';
import ru from './ru.js';
import hu from './hu.js';

/** Every table by language code: {name (in that language), messages}. */
export const TABLES = { en, ru, hu };

/** The language whose table is complete, used where another lacks a message. */
export const FALLBACK = 'en';
