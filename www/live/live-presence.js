// Who is connected to a live game, said so that no one else can say it: each seat's presence
// is signed by that seat's key (live-keys.js), on the retained topic presence/<seat>
// (live-protocol.js topics), as
//   {state: 'online'|'offline', at, since, device, sig}
// over the game's id, the seat and all four: `at` is when it was said (ms since 1970, the
// sayer's clock), `since` when the saying device took the seat, `device` a random name of that
// device, and `name`, when the seat's player gave one, its name (lib/player-name.js's rules,
// after the rest in the signed text). A device takes a seat's presence only when its signature holds and it is newer (`at`)
// than the last it took, so a message replayed from the relay's past changes nothing that has
// heard better; an unsigned or forged one changes nothing at all. The device that took a seat
// last (`since`) holds it: a device that hears its own seat said by another device that took
// it later gives the seat up (the invitation opened on another device moves the seat there).
// A player's last will (MQTT: said by the relay when its connection drops) is its `offline`,
// signed when it connects. A PresenceBook is what a session has heard of both seats (and since
// when, by this device's clock, each has been away: a claim waits from then), and says what each
// presence heard asks of it. Pure but for Web Crypto: no DOM, no relay.

import { ROOT } from './live-protocol.js';
import { isSigText, verify } from './live-keys.js';
import { isName } from '../lib/player-name.js';
// The longest name a presence may carry, for the relay (which imports of the page www/live/ only).
export { NAME_MAX } from '../lib/player-name.js';
/** @import { PerSide, Side } from '../core/core-types.js' */
/** @import { Presence } from '../api-types.js' */
/** @import { Sign } from './live-keys.js' */

/**
 * A seat's presence as it travels (above).
 * @typedef {{state: Presence, at: number, since: number, device: string, name?: string, sig: string}} PresenceNote
 */

/**
 * What a seat signs to say its presence.
 * @param {string} id
 * @param {Side} seat
 * @param {Omit<PresenceNote, 'sig'>} note
 * @returns {string}
 */
export function presenceText(id, seat, { state, at, since, device, name }) {
  // The name last: it may hold spaces, and a presence without one signs what it always did.
  return `${ROOT} ${id} presence ${seat} ${state} ${at} ${since} ${device}${name ? ` ${name}` : ''}`;
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
  const { state, at, since, device, name } = note;
  return { state, at, since, device, ...(name ? { name } : {}), sig: await sign(presenceText(id, seat, note)) };
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
  const { state, at, since, device, name, sig } = /** @type {Record<string, unknown>} */ (p);
  if (state !== 'online' && state !== 'offline') return null;
  if (!isTime(at) || !isTime(since) || typeof device !== 'string' || !/^[0-9a-f]{16,64}$/.test(device) || !isSigText(sig)) return null;
  // A name is one under the rules, as the player's device left it: a message with any other is out of shape.
  if (name !== undefined && !(isName(name) && name)) return null;
  return { state, at, since, device, ...(typeof name === 'string' ? { name } : {}), sig };
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

/**
 * What a presence heard asks of the session (PresenceBook.heard): `moved`, give the seat up (a
 * device took it later); `back`, say this device's presence again (the relay's is older or
 * broken); `heard`, the relay has this device's; `changed`, a seat's state changed.
 * @typedef {{moved?: true, back?: true, heard?: true, changed?: true}} PresenceOutcome
 */

/**
 * What a session has heard of both seats' presence.
 */
export class PresenceBook {
  /** @type {PerSide<Presence|'unknown'>} Each seat's state as last taken. */
  states = { blue: 'unknown', gray: 'unknown' };
  /**
   * @type {PerSide<number|null>} Since when (`now()`) each seat has been offline as this device
   * heard it, or null: the time a claim waits from (live/claims.js).
   */
  away = { blue: null, gray: null };
  /** @type {PerSide<string>} Each seat's name as its last presence taken says it ('' for none). */
  names = { blue: '', gray: '' };
  /** This device's clock. @private */
  _now;
  /** @private @type {PerSide<PresenceNote|null>} The last presence of each seat taken. */
  _notes = { blue: null, gray: null };
  /** @private @type {PerSide<string|null>} A presence heard before the seat's key was known. */
  _unchecked = { blue: null, gray: null };

  /** @param {() => number} [now] this device's clock, in ms since 1970 */
  constructor(now = Date.now) {
    this._now = now;
  }

  /**
   * A presence of `seat` heard (`text`, as the relay sent it). `keys`: the game's (null before a
   * snapshot); `mine`: whether `seat` is this device's, held, whose `key`, `device`, `since`
   * and last word `said` are given.
   * @param {Side} seat
   * @param {string} text
   * @param {{id: string, keys: PerSide<string>|null, mine: boolean, key: string|null, device: string, since: number, said: PresenceNote|null}} me
   * @returns {Promise<PresenceOutcome>}
   */
  async heard(seat, text, { id, keys, mine, key: myKey, device, since, said }) {
    const note = parsePresence(text);
    const key = keys ? keys[seat] : mine ? myKey : null;
    if (note && !key) this._unchecked[seat] = text;
    if (!key || !(await presenceHolds(note, { id, seat, key }))) return mine ? { back: true } : {};
    if (!note) return {};
    // The seat was taken on another device later than here: it is that device's now. A device
    // that had it before speaks: this one's presence goes back, so that it hears.
    if (mine && note.device !== device) return note.since > since ? { moved: true } : { back: true };
    const last = this._notes[seat];
    if (last && note.at <= last.at) return mine && (!said || note.at < said.at) ? { back: true } : {};
    this._notes[seat] = note;
    if (note.state !== this.states[seat]) this.away = { ...this.away, [seat]: note.state === 'offline' ? this._now() : null };
    this.states = { ...this.states, [seat]: note.state };
    this.names = { ...this.names, [seat]: note.name ?? '' };
    if (!mine) return { changed: true };
    // This device's own older word (its last will from before) is not what the relay should keep.
    return said && note.at < said.at ? { changed: true, back: true } : { changed: true, heard: true };
  }

  /**
   * The presence of `seat` heard before its key was known, to hear again now (once), or null.
   * @param {Side} seat
   * @returns {string|null}
   */
  unchecked(seat) {
    const text = this._unchecked[seat];
    this._unchecked[seat] = null;
    return text;
  }
}
