// What devices say to each other in the lobby of open games through the relay, and how a device
// checks what it hears. Pure but for Web Crypto (live-keys.js): no DOM, no relay. A challenge
// announces a live game its poster will host; accepting it gives the same game an invitation
// gives (live-protocol.js), except that the guest seat's key is made on the acceptor's device and
// never travels: the acceptor sends its public key, and the poster's device signs it into the
// game's first snapshot (docs/LIVE-PROTOCOL.md, "The lobby").
//
// Topics (the relay lets each connection publish only under its own client id):
//   bluegray/v1/lobby/<poster>          the poster's open challenge, retained; an empty retained
//                                       message withdraws it (also the poster's last will)
//   bluegray/v1/lobby/<poster>/accept   acceptances, not retained, read by the poster only
//   bluegray/v1/lobby/counts            the relay's counts of players and games, retained, the
//                                       relay's own (no client publishes it)
// Everyone reads `bluegray/v1/lobby/+`, the relay's one wildcard.
//
// A challenge: {v: 1, id: <poster>, game: <game id>, key: <host's public key>, variant, side,
// clock, at, name?, sig}: `side` the poster's seat ('blue', 'gray' or 'random', drawn when accepted),
// `clock` one of LOBBY_CLOCKS (the New game form's for a live game, `none` among them), `at`
// when it was posted (ms), `name` the poster's name when it gave one (lib/player-name.js's rules:
// a challenge whose name breaks them is out of shape), `sig` the host's key's signature over all
// of it, the name too, so no one but the poster's device sets it. An acceptance:
// {v: 1, game, key, sig}, signed by the key it names. Only what the page itself would post is
// in shape (challengeShape, acceptanceShape: the relay refuses the rest, and a device shows none
// of it): a spec's characters only in `variant`, so nothing shown can carry a control or bidi
// character; whether the rules are ones the New game form offers is the sheet's to check, with
// the rules core's catalogue (friends/lobby-dialog.js).
//
// Who gets a challenge (docs/LIVE-PROTOCOL.md, "The lobby"): the poster's device collects the
// acceptances heard for ACCEPT_WINDOW_MS from the first and draws one of them (pickAcceptance),
// so being quickest gains nothing within the window; and the relay lets an address hold only a
// few acceptances at once (relay/lobby-holds.mjs), each until its challenge goes or the acceptor's
// device has given up waiting (ACCEPT_WAIT_MS), so a script cannot accept every challenge at once.

import { isKeyText, isSigText, verify } from './live-keys.js';
import { ROOT } from './live-protocol.js';
import { GAME_ID } from '../lib/game-id.js';
import { TIME_CONTROLS, parseTimeControl } from '../lib/clock.js';
import { NAME_MAX, isName } from '../lib/player-name.js';
/** @import { Sign } from './live-keys.js' */

/** The prefix of the lobby's topics, and the filter every visitor subscribes to. */
export const LOBBY = `${ROOT}/lobby`;
export const LOBBY_ALL = `${LOBBY}/+`;
/**
 * The relay's counts, which the relay alone publishes (retained) and every lobby visitor hears
 * through LOBBY_ALL: `{v: 1, players, games}`, the players online and the games being played
 * (relay/counts.mjs says how they are counted).
 */
export const LOBBY_COUNTS = `${LOBBY}/counts`;
/** The most either count may say: more is not a count the page shows. */
const MOST_COUNTED = 1_000_000;

/**
 * The relay's counts as `text` says them, or null when it is not such a message.
 * @param {string} text
 * @returns {{players: number, games: number}|null}
 */
export function parseCounts(text) {
  let m;
  try {
    m = JSON.parse(text);
  } catch {
    return null;
  }
  const counted = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 0 && /** @type {number} */ (n) <= MOST_COUNTED;
  return m && m.v === 1 && counted(m.players) && counted(m.games) ? { players: m.players, games: m.games } : null;
}

/**
 * How long a challenge stands, in seconds: the relay clears one this old (relay/relay.mjs's
 * --lobby-expiry default), and a device ignores one older than this and a minute (clocks differ).
 */
export const LOBBY_EXPIRY_S = 600;
const SKEW_MS = 60_000;

/**
 * The time controls a challenge may have: the New game form's for a live game (lib/clock.js's
 * list without the days per move, which it offers for games by link only: play/form.js).
 */
export const LOBBY_CLOCKS = Object.freeze(TIME_CONTROLS.filter((c) => !parseTimeControl(c)?.days));

/**
 * A challenge's rules: a spec (named variant and `option=value` overrides) of at most 500
 * characters (as a snapshot's), of the characters specs are written in, so nothing else is shown.
 */
const SPEC = /^[a-z0-9_=,-]{1,500}$/;

/** How long the poster's device collects acceptances from the first before it draws one, in ms. */
export const ACCEPT_WINDOW_MS = 2000;
/** How long an acceptor's device waits for the poster's to start the game, in ms. */
export const ACCEPT_WAIT_MS = 15000;

/**
 * A challenge (above): the keys and signatures are base64url text.
 * @typedef {{v: 1, id: string, game: string, key: string, variant: string, side: 'blue'|'gray'|'random', clock: string, at: number, name?: string, sig: string}} Challenge
 */
/**
 * An acceptance of the challenge of game `game` by the key `key`.
 * @typedef {{v: 1, game: string, key: string, sig: string}} Acceptance
 */

/**
 * The topics of poster `id`'s challenge and its acceptances.
 * @param {string} id
 */
export function lobbyTopics(id) {
  return { challenge: `${LOBBY}/${id}`, accept: `${LOBBY}/${id}/accept` };
}

/**
 * The poster whose challenge topic `topic` is, or null.
 * @param {string} topic
 * @returns {string|null}
 */
export function posterOf(topic) {
  const id = topic.startsWith(`${LOBBY}/`) ? topic.slice(LOBBY.length + 1) : '';
  return GAME_ID.test(id) ? id : null;
}

/**
 * What the host's key signs of a challenge.
 * @param {Omit<Challenge, 'sig'>} c
 */
export function challengeText(c) {
  // A name comes last, on a line of its own (a spec has no line break), and only when given, so
  // a challenge without one is signed as before.
  return `${ROOT} lobby ${c.id} ${c.game} ${c.key} ${c.side} ${c.clock} ${c.at} ${c.variant}${c.name ? `\n${c.name}` : ''}`;
}

/**
 * What an acceptor's key signs.
 * @param {string} game
 * @param {string} key
 */
export function acceptText(game, key) {
  return `${ROOT} ${game} accept ${key}`;
}

/**
 * A challenge, signed by `sign` (the key of `c.key`).
 * @param {Omit<Challenge, 'v'|'sig'>} c
 * @param {Sign} sign
 * @returns {Promise<Challenge>}
 */
export async function signedChallenge(c, sign) {
  const unsigned = { v: /** @type {const} */ (1), ...c };
  return { ...unsigned, sig: await sign(challengeText(unsigned)) };
}

/**
 * An acceptance of game `game` by the key `key`, signed by `sign` (that key).
 * @param {string} game
 * @param {string} key
 * @param {Sign} sign
 * @returns {Promise<Acceptance>}
 */
export async function signedAcceptance(game, key, sign) {
  return { v: 1, game, key, sig: await sign(acceptText(game, key)) };
}

/**
 * JSON's value of `text`, or undefined.
 * @param {string} text
 * @returns {unknown}
 */
function json(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The challenge that `text` is on poster `id`'s topic, in the shape of one the page posts (its
 * signature and its time unchecked: checkedChallenge does that); else null. Cheap, so the relay
 * checks it too.
 * @param {string} text
 * @param {string} id
 * @returns {Challenge|null}
 */
export function challengeShape(text, id) {
  const c = /** @type {Record<string, unknown>|null|undefined} */ (json(text));
  if (!c || typeof c !== 'object' || c.v !== 1 || c.id !== id || typeof c.game !== 'string' || !GAME_ID.test(c.game) || !isKeyText(c.key)) return null;
  if (typeof c.variant !== 'string' || !SPEC.test(c.variant)) return null;
  if (c.side !== 'blue' && c.side !== 'gray' && c.side !== 'random') return null;
  if (typeof c.clock !== 'string' || !LOBBY_CLOCKS.includes(c.clock) || typeof c.at !== 'number' || !Number.isSafeInteger(c.at) || !isSigText(c.sig)) return null;
  if (c.name !== undefined && !(isName(c.name) && c.name)) return null;
  const named = typeof c.name === 'string' ? { name: c.name } : {};
  return { v: 1, id, game: c.game, key: c.key, variant: c.variant, side: c.side, clock: c.clock, at: c.at, ...named, sig: c.sig };
}

/**
 * The challenge heard on poster `id`'s topic, when it is one in shape, posted by that poster, and
 * signed by the key it names, and not older than the lobby's expiry (`now`: this device's time);
 * else null. Nothing of it is trusted before.
 * @param {string} text
 * @param {string} id
 * @param {number} now
 * @returns {Promise<Challenge|null>}
 */
export async function checkedChallenge(text, id, now) {
  const c = challengeShape(text, id);
  if (!c || c.at < now - LOBBY_EXPIRY_S * 1000 - SKEW_MS || c.at > now + SKEW_MS) return null;
  return (await verify(c.key, c.sig, challengeText(c))) ? c : null;
}

/**
 * The acceptance that `text` is, of game `game` when it is given, in shape (its signature
 * unchecked); else null. Cheap, so the relay checks it too (knowing no game).
 * @param {string} text
 * @param {string} [game]
 * @returns {Acceptance|null}
 */
export function acceptanceShape(text, game) {
  const a = /** @type {Record<string, unknown>|null|undefined} */ (json(text));
  if (!a || typeof a !== 'object' || a.v !== 1 || typeof a.game !== 'string' || !GAME_ID.test(a.game) || !isKeyText(a.key) || !isSigText(a.sig)) return null;
  return game === undefined || a.game === game ? { v: 1, game: a.game, key: a.key, sig: a.sig } : null;
}

/**
 * The acceptance heard of game `game`, when it is one signed by the key it names; else null.
 * @param {string} text
 * @param {string} game
 * @returns {Promise<Acceptance|null>}
 */
export async function checkedAcceptance(text, game) {
  const a = acceptanceShape(text, game);
  return a && (await verify(a.key, a.sig, acceptText(game, a.key))) ? a : null;
}

/**
 * The acceptance the poster's device takes of those heard in its window: one drawn at random
 * (`random()` in [0, 1), Math.random's), so each acceptor has the same chance however soon it
 * came. Acceptances by the same key count once.
 * @template {{key: string}} A
 * @param {A[]} heard at least one
 * @param {() => number} random
 * @returns {A}
 */
export function pickAcceptance(heard, random) {
  const distinct = [...new Map(heard.map((a) => [a.key, a])).values()];
  return distinct[Math.min(distinct.length - 1, Math.floor(random() * distinct.length))];
}

/** The biggest challenge a device accepts, in bytes (the relay's --max-lobby default). */
export const BIGGEST_CHALLENGE = (() => {
  const longestKey = 'k'.repeat(87);
  const longestClock = LOBBY_CLOCKS.reduce((a, b) => (b.length > a.length ? b : a));
  /** @type {Challenge} */
  const c = { v: 1, id: '0'.repeat(32), game: '0'.repeat(32), key: longestKey, variant: 'v'.repeat(500), side: 'random', clock: longestClock, at: Number.MAX_SAFE_INTEGER, name: '\u{10FFFF}'.repeat(NAME_MAX), sig: 's'.repeat(86) };
  return new TextEncoder().encode(JSON.stringify(c)).length;
})();
