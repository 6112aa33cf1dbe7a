// Who is connected to a live game, said so that no one else can say it: each seat's presence
// is signed by that seat's key (live-keys.js), on the retained topic presence/<seat>
// (live-protocol.js topics), as
//   {state: 'online'|'offline', at, since, device, sig}
// over the game's id, the seat and all four: `at` is when it was said (ms since 1970, the
// sayer's clock), `since` when the saying device took the seat, `device` a random name of that
// device. A device takes a seat's presence only when its signature holds and it is newer (`at`)
// than the last it took, so a message replayed from the relay's past changes nothing that has
// heard better; an unsigned or forged one changes nothing at all. The device that took a seat
// last (`since`) holds it: a device that hears its own seat said by another device that took
// it later gives the seat up (the invitation opened on another device moves the seat there).
// A player's last will (MQTT: said by the relay when its connection drops) is its `offline`,
// signed when it connects. Pure but for Web Crypto: no DOM, no relay.

import { ROOT } from './live-protocol.js';
import { isSigText, verify } from './live-keys.js';
/** @import { Side } from '../engine/core-types.js' */
/** @import { Presence } from '../api-types.js' */
/** @import { Sign } from './live-keys.js' */

/**
 * A seat's presence as it travels (above).
 * @typedef {{state: Presence, at: number, since: number, device: string, sig: string}} PresenceNote
 */

/**
 * What a seat signs to say its presence.
 * @param {string} id
 * @param {Side} seat
 * @param {Omit<PresenceNote, 'sig'>} note
 * @returns {string}
 */
export function presenceText(id, seat, { state, at, since, device }) {
  return `${ROOT} ${id} presence ${seat} ${state} ${at} ${since} ${device}`;
}

/**
 * A presence of `seat`, signed with its `sign`.
 * @param {string} id
 * @param {Side} seat
 * @param {Omit<PresenceNote, 'sig'>} note
 * @param {Sign} sign
 * @returns {Promise<PresenceNote>}
 */
export async function signedPresence(id, seat, note, sign) {
  const { state, at, since, device } = note;
  return { state, at, since, device, sig: await sign(presenceText(id, seat, note)) };
}

/**
 * Whether `x` is a time of ours: a whole number of ms, not negative.
 * @param {unknown} x
 * @returns {x is number}
 */
function isTime(x) {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/**
 * Reads a message's text as a presence's shape, or null: nothing here trusts it yet.
 * @param {string} text
 * @returns {PresenceNote|null}
 */
export function parsePresence(text) {
  /** @type {unknown} */
  let p;
  try {
    p = JSON.parse(text);
  } catch {
    return null;
  }
  if (!p || typeof p !== 'object') return null;
  const { state, at, since, device, sig } = /** @type {Record<string, unknown>} */ (p);
  if (state !== 'online' && state !== 'offline') return null;
  if (!isTime(at) || !isTime(since) || typeof device !== 'string' || !/^[0-9a-f]{16,64}$/.test(device) || !isSigText(sig)) return null;
  return { state, at, since, device, sig };
}

/**
 * Whether `note` is signed by the key `key` of `seat` in game `id`.
 * @param {PresenceNote|null} note
 * @param {{id: string, seat: Side, key: string}} expected
 * @returns {Promise<boolean>}
 */
export async function presenceHolds(note, { id, seat, key }) {
  return !!note && verify(key, note.sig, presenceText(id, seat, note));
}
