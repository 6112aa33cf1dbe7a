// A position as the page's analysis (analysis.js) knows it: the key its answers are kept by, and
// the game's line to it, which the engine reads. Apart from the analysis, which is fetched when
// first used, so that the page can tell which position an answer belongs to without it.
/** @import { GameState } from '../core/core-types.js' */

/**
 * A game's line as the engine reads it (ai-worker.js): the variant, the position code the game
 * started from and the moves played since.
 * @typedef {{variant: string, start: string, moves: string[]}} Line
 */

/**
 * A position as the analysis knows it (positionOf): its line and the key that names it.
 * @typedef {Line & {key: string}} Position
 */

/**
 * The position after `ply` moves of the game `gs` (the rules core's state) as the analysis
 * knows it, where `key` names the position with the moves that led to it (they matter to the
 * engine: a third repetition ends the game). The engine judges the position the players left,
 * not their word that ended the game: a line has the moves, not a resignation (docs/RULES.md
 * §6.4).
 * @param {Pick<GameState, 'variant'|'start'|'history'>} gs
 * @param {number} [ply]
 * @returns {Position}
 */
export function positionOf(gs, ply = gs.history.length) {
  const moves = gs.history.slice(0, ply);
  return { key: [gs.variant, gs.start, ...moves].join(' '), variant: gs.variant, start: gs.start, moves };
}
