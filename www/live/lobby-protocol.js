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
// Everyone reads `bluegray/v1/lobby/+`, the relay's one wildcard.
//
// A challenge: {v: 1, id: <poster>, game: <game id>, key: <host's public key>, variant, side,
// clock, at, sig}: `side` the poster's seat ('blue', 'gray' or 'random', drawn when accepted),
// `clock` a time control ('' for none), `at` when it was posted (ms), `sig` the host's key's
// signature over all of it. An acceptance: {v: 1, game, key, sig}, signed by the key it names.

import { isKeyText, verify } from './live-keys.js';
import { ROOT } from './live-protocol.js';
import { GAME_ID } from '../lib/game-id.js';
/** @import { Sign } from './live-keys.js' */

/** The prefix of the lobby's topics, and the filter every visitor subscribes to. */
export const LOBBY = `${ROOT}/lobby`;
export const LOBBY_ALL = `${LOBBY}/+`;

/**
 * How long a challenge stands, in seconds: the relay clears one this old (relay/relay.mjs's
 * --lobby-expiry default), and a device ignores one older than this and a minute (clocks differ).
 */
export const LOBBY_EXPIRY_S = 600;
const SKEW_MS = 60_000;

/** The most characters of a challenge's rules (as a snapshot's) and its time control. */
const MAX_VARIANT = 500;
const MAX_CLOCK = 20;

/**
 * A challenge (above): the keys and signatures are base64url text.
 * @typedef {{v: 1, id: string, game: string, key: string, variant: string, side: 'blue'|'gray'|'random', clock: string, at: number, sig: string}} Challenge
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
  return `${ROOT} lobby ${c.id} ${c.game} ${c.key} ${c.side} ${c.clock} ${c.at} ${c.variant}`;
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
 * The challenge heard on poster `id`'s topic, when it is one, posted by that poster, and signed
 * by the key it names, and not older than the lobby's expiry (`now`: this device's time); else
 * null. Nothing of it is trusted before.
 * @param {string} text
 * @param {string} id
 * @param {number} now
 * @returns {Promise<Challenge|null>}
 */
export async function checkedChallenge(text, id, now) {
  const c = /** @type {Record<string, unknown>|null|undefined} */ (json(text));
  if (!c || typeof c !== 'object' || c.v !== 1 || c.id !== id || typeof c.game !== 'string' || !GAME_ID.test(c.game) || !isKeyText(c.key)) return null;
  if (typeof c.variant !== 'string' || !c.variant || c.variant.length > MAX_VARIANT) return null;
  if (c.side !== 'blue' && c.side !== 'gray' && c.side !== 'random') return null;
  if (typeof c.clock !== 'string' || c.clock.length > MAX_CLOCK || typeof c.at !== 'number' || !Number.isSafeInteger(c.at)) return null;
  if (c.at < now - LOBBY_EXPIRY_S * 1000 - SKEW_MS || c.at > now + SKEW_MS) return null;
  /** @type {Challenge} */
  const challenge = { v: 1, id, game: c.game, key: c.key, variant: c.variant, side: c.side, clock: c.clock, at: c.at, sig: String(c.sig) };
  return (await verify(challenge.key, challenge.sig, challengeText(challenge))) ? challenge : null;
}

/**
 * The acceptance heard of game `game`, when it is one signed by the key it names; else null.
 * @param {string} text
 * @param {string} game
 * @returns {Promise<Acceptance|null>}
 */
export async function checkedAcceptance(text, game) {
  const a = /** @type {Record<string, unknown>|null|undefined} */ (json(text));
  if (!a || typeof a !== 'object' || a.v !== 1 || a.game !== game || !isKeyText(a.key)) return null;
  return (await verify(a.key, a.sig, acceptText(game, a.key))) ? { v: 1, game, key: a.key, sig: String(a.sig) } : null;
}

/** The biggest challenge a device accepts, in bytes (the relay's --max-lobby default). */
export const BIGGEST_CHALLENGE = (() => {
  const longestKey = 'k'.repeat(87);
  /** @type {Challenge} */
  const c = { v: 1, id: '0'.repeat(32), game: '0'.repeat(32), key: longestKey, variant: 'v'.repeat(MAX_VARIANT), side: 'random', clock: 'c'.repeat(MAX_CLOCK), at: Number.MAX_SAFE_INTEGER, sig: 's'.repeat(86) };
  return new TextEncoder().encode(JSON.stringify(c)).length;
})();
