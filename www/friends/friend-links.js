// The links of a game against a friend elsewhere: the game by link for the friend's seat, and a
// live game's invitation and watch link, and how a link's seat key stands to the kept one. Pure but for that; fetched with the friend games' code
// (friends/friend-games.js), as the page sends them only from such a game.
import { compactRecord } from '../play/share.js';
// How an opened link's seat key stands to the seat this device keeps (the page's door asks
// before one replaces another): the live package's word, which the page reaches through this one.
export { linkSeatKey } from '../live/live-kept.js';
/** @import { Side } from '../core/core-types.js' */

/**
 * The link that hands a game by link to the friend playing seat `to`: the game's id and its
 * record, so the friend's device opens it at their seat (or brings its copy up to date).
 * @param {string} base
 * @param {{record: string, gameId: string, to: Side}} game
 * @returns {string}
 */
export function friendLink(base, { record, gameId, to }) {
  const params = new URLSearchParams({ mode: 'friend', side: to, 'game-id': gameId });
  params.set('record', compactRecord(record));
  return `${base}#${params.toString()}`;
}

/**
 * The invitation to a live game for the friend playing seat `to`: the relay, the game's id, the
 * host's public key (with which the friend's device checks every message) and `seatKey`, the
 * private key of the friend's seat (docs/LIVE-PROTOCOL.md): whoever holds the link holds the
 * seat. All in the fragment, which never reaches a server.
 * @param {string} base
 * @param {{relay: string, gameId: string, hostKey: string, to: Side, variant: string, seatKey: string}} game
 * @returns {string}
 */
export function inviteLink(base, { relay, gameId, hostKey, to, variant, seatKey }) {
  const params = new URLSearchParams({ mode: 'live', side: to, variant, relay, 'game-id': gameId, 'host-key': hostKey, 'seat-key': seatKey });
  return `${base}#${params.toString()}`;
}

/**
 * The link that lets anyone watch a live game: as the invitation, without a seat or its key.
 * @param {string} base
 * @param {{relay: string, gameId: string, hostKey: string, variant: string}} game
 * @returns {string}
 */
export function watchLink(base, { relay, gameId, hostKey, variant }) {
  const params = new URLSearchParams({ mode: 'live', variant, relay, 'game-id': gameId, 'host-key': hostKey });
  return `${base}#${params.toString()}`;
}
