// A position as the page's analysis (analysis.js) knows it: the key its answers are kept by, and
// the record the engine reads. Apart from the analysis, which is fetched when first used, so that
// the page can tell which position an answer belongs to without it.
/** @import { GameState } from './core-types.js' */

/**
 * A position as the analysis knows it (positionOf).
 * @typedef {{key: string, record: string, ply: number}} Position
 */

/**
 * The position after `ply` moves of the game `gs` (the rules core's state) as the analysis
 * knows it: `{key, record, ply}`, where `key` names the position with the moves that led to it
 * (they matter to the engine: a third repetition ends the game).
 * @param {Pick<GameState, 'variant'|'start'|'history'|'record'>} gs
 * @param {number} [ply]
 * @returns {Position}
 */
export function positionOf(gs, ply = gs.history.length) {
  // The engine judges the position the players left, not their word that ended the game: a
  // record without its Termination tag keeps no such ending (docs/RULES.md §6.4).
  const record = gs.record.replace(/^\[Termination "[^"\n]*"\]\n/m, '');
  return { key: [gs.variant, gs.start ?? '', ...gs.history.slice(0, ply)].join(' '), record, ply };
}
