// Chat between the two seats of a live game (docs/LIVE-PROTOCOL.md, "Chat"): each seat's last
// lines on its own retained topic chat/<seat> (live-protocol.js topics), as
//   {lines: [{text, at, sig}]}
// each line signed by the seat's key over the game's id, the seat, `at` (ms since 1970, the
// writer's clock) and its text, so no one but the seat's holder can write as it, and a line of
// another game or another seat does not pass. Text is plain: a line is at most MAX_CHAT_TEXT
// characters with no control characters (cleanLine makes one of what a player typed; a line
// heard that breaks this is dropped, never mended), and a page shows it as text only. A topic
// holds a seat's last MAX_CHAT_LINES lines. Pure but for Web Crypto: no DOM, no relay.

import { ROOT } from './live-protocol.js';
import { isSigText, verify } from './live-keys.js';
/** @import { Side } from '../core/core-types.js' */
/** @import { Sign } from './live-keys.js' */

/** The longest line (UTF-16 code units) and the most lines a seat's topic holds. */
export const MAX_CHAT_TEXT = 140;
export const MAX_CHAT_LINES = 20;

/**
 * A line as it travels, and as a device keeps and shows it (with its seat).
 * @typedef {{text: string, at: number, sig: string}} ChatLine
 * @typedef {ChatLine & {seat: Side}} SeatLine
 */

// Control characters (C0, DEL, C1), the bidirectional overrides and isolates (which could make
// a line read as another's), and lone surrogates (no character at all).
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;
const UNWANTED_ONE = new RegExp(UNWANTED.source, 'u');

/**
 * What a player typed as a line that may be sent: unwanted characters (above) gone, spaces
 * joined, cut to MAX_CHAT_TEXT without splitting a character; '' when nothing is left.
 * @param {string} typed
 * @returns {string}
 */
export function cleanLine(typed) {
  // eslint-disable-next-line no-control-regex -- a tab or a line break typed becomes a space
  const text = typed.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').replace(UNWANTED, '').replace(/\s+/g, ' ').trim();
  // By characters, so that no surrogate pair is split: at most MAX_CHAT_TEXT of them, then fewer
  // while those over the basic plane make it too long.
  const chars = [...text.slice(0, 2 * MAX_CHAT_TEXT)].slice(0, MAX_CHAT_TEXT);
  while (chars.join('').length > MAX_CHAT_TEXT) chars.pop();
  return chars.join('').trim();
}

/**
 * Whether `text` is a line's text as it may travel: what cleanLine would leave of it.
 * @param {unknown} text
 * @returns {text is string}
 */
function isLineText(text) {
  return typeof text === 'string' && text.length > 0 && text.length <= MAX_CHAT_TEXT && !UNWANTED_ONE.test(text) && text === text.trim();
}

/**
 * What a seat signs for a line.
 * @param {string} id
 * @param {Side} seat
 * @param {number} at
 * @param {string} text
 * @returns {string}
 */
export function chatText(id, seat, at, text) {
  return `${ROOT} ${id} chat ${seat} ${at} ${text}`;
}

/**
 * A line of `seat`, signed with its `sign`.
 * @param {string} id
 * @param {Side} seat
 * @param {string} text what cleanLine made
 * @param {Sign} sign
 * @param {number} [at]
 * @returns {Promise<ChatLine>}
 */
export async function signedLine(id, seat, text, sign, at = Date.now()) {
  const when = Math.round(at);
  return { text, at: when, sig: await sign(chatText(id, seat, when, text)) };
}

/**
 * Reads a chat topic's message as lines in their shape, or null: nothing here trusts them yet.
 * @param {string} message
 * @returns {ChatLine[]|null}
 */
export function parseChat(message) {
  /** @type {unknown} */
  let c;
  try {
    c = JSON.parse(message);
  } catch {
    return null;
  }
  const lines = c && typeof c === 'object' ? /** @type {Record<string, unknown>} */ (c).lines : null;
  if (!Array.isArray(lines) || lines.length > MAX_CHAT_LINES) return null;
  /** @type {ChatLine[]} */
  const out = [];
  for (const l of lines) {
    if (!l || typeof l !== 'object') return null;
    const { text, at, sig } = /** @type {Record<string, unknown>} */ (l);
    if (!isLineText(text) || typeof at !== 'number' || !Number.isSafeInteger(at) || at < 0 || !isSigText(sig)) return null;
    out.push({ text, at, sig });
  }
  return out;
}

/**
 * The lines of `lines` that `seat`'s key `key` signed in game `id` (the others are dropped).
 * @param {string} id
 * @param {Side} seat
 * @param {string} key
 * @param {ChatLine[]} lines
 * @returns {Promise<ChatLine[]>}
 */
export async function checkedLines(id, seat, key, lines) {
  const ok = await Promise.all(lines.map((l) => verify(key, l.sig, chatText(id, seat, l.at, l.text))));
  return lines.filter((_, i) => ok[i]);
}

/**
 * `had` and `heard` together, each line once (its signature names it), in time order, the last
 * MAX_CHAT_LINES.
 * @param {ChatLine[]} had
 * @param {ChatLine[]} heard
 * @returns {ChatLine[]}
 */
export function mergedLines(had, heard) {
  const bySig = new Map([...had, ...heard].map((l) => [l.sig, l]));
  return [...bySig.values()].sort((a, b) => a.at - b.at).slice(-MAX_CHAT_LINES);
}

/**
 * Both seats' lines in the order they were written, each with its seat.
 * @param {{blue: ChatLine[], gray: ChatLine[]}} chat
 * @returns {SeatLine[]}
 */
export function bothSeats(chat) {
  /** @type {SeatLine[]} */
  const all = [...chat.blue.map((l) => ({ ...l, seat: /** @type {Side} */ ('blue') })), ...chat.gray.map((l) => ({ ...l, seat: /** @type {Side} */ ('gray') }))];
  return all.sort((a, b) => a.at - b.at);
}
