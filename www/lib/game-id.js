// The id of a game against a friend elsewhere: 128 random bits as 32 hex digits. It names the
// game in links, in the relay's topics and among the kept games; knowing it lets one watch a
// live game, never move in it (live-protocol.js).

/** The record's tag that names the game, so that a record sent instead of a link opens as that game. */
export const GAME_ID_TAG = 'GameId';

/** The record's tag of a game by link started as a rematch: the id of the game it is a rematch of, so the friend's page says so. */
export const REMATCH_OF_TAG = 'RematchOf';

/** What a game id looks like. */
export const GAME_ID = /^[0-9a-f]{32}$/;

/** A new game id. */
export function newGameId() {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
