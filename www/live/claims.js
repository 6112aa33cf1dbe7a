// Claiming a live game the other player left (docs/RULES.md §5.1, ruling R26): once the other
// seat has been away for the set time on its own turn, the player present may claim the win or a
// draw. The time is measured here, on the claimant's device, from when it heard the other seat go
// offline: a device cannot prove another's absence, so the claim carries its time, signed, and
// the absent seat's device refuses one made while it was in fact connected (live/live-protocol.js).
// Pure.
import { otherSide } from '../lib/settings.js';
/** @import { GameState } from '../core/core-types.js' */
/** @import { LiveStatus } from '../api-types.js' */

/** How long the other seat must have been away: in a game with a clock, and in one without. */
export const CLAIM_AFTER_MS = { clock: 2 * 60 * 1000, none: 24 * 60 * 60 * 1000 };

/**
 * When (ms since 1970, this device's clock) this device's seat may claim the game, or null when
 * it may not at all: a live game going on, this device holding a seat, the other seat away
 * (`live.away`) on its own turn. The time may be past: the claim is open.
 * @param {{gs: Pick<GameState, 'side'|'result'>|null, live: Pick<LiveStatus, 'seat'|'away'>|null, clocked: boolean}} game
 * @returns {number|null}
 */
export function claimOpensAt({ gs, live, clocked }) {
  const seat = live?.seat;
  if (!gs || gs.result || !live || (seat !== 'blue' && seat !== 'gray')) return null;
  const other = otherSide(seat);
  const since = live.away[other];
  if (gs.side !== other || since === null) return null;
  return since + (clocked ? CLAIM_AFTER_MS.clock : CLAIM_AFTER_MS.none);
}
