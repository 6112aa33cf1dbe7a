// Puzzle ratings, Glicko-2 (Glickman, "Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf;
// the maths is the glicko2 package's, vendor/glicko2.js): the player's rating and each puzzle's,
// kept on the device with the progress (puzzle-progress.js). Each rated attempt is a rating period
// of one game, the player against the puzzle: the player wins by solving it alone, and the
// puzzle gets the opposite result. A new player starts at 1500; a puzzle not yet rated starts
// from its solver's depth, 200 points a move beyond the first from 1200; both as unsure as
// Glicko-2 allows (deviation 350).
import glicko2 from '../vendor/glicko2.js';

/** A Glicko-2 rating on the usual scale: rating, deviation and volatility. @typedef {{rating: number, rd: number, vol: number}} Rating */

/** The deviation of a rating nothing is known of yet. */
export const NEW_RD = 350;
/** The volatility everyone starts with (Glickman's suggestion). */
const NEW_VOL = 0.06;
/** How much the volatility may change from one period to the next (Glickman: 0.3 to 1.2). */
const TAU = 0.5;

/**
 * A new player's rating.
 * @returns {Rating}
 */
export function newPlayer() {
  return { rating: 1500, rd: NEW_RD, vol: NEW_VOL };
}

/**
 * The rating a puzzle starts from: 1200 for one move of the solver's, 200 more for each further
 * move (the proof search's depth is what makes a puzzle hard).
 * @param {number} length the solver's moves in the solution
 * @returns {Rating}
 */
export function puzzleStart(length) {
  const moves = Number.isInteger(length) && length > 0 ? Math.min(length, 10) : 1;
  return { rating: 1200 + 200 * (moves - 1), rd: NEW_RD, vol: NEW_VOL };
}

/**
 * A rating read from stored data (any value), or null when it is not one: finite numbers in
 * ranges Glicko-2 can reach (a rating between 0 and 4000, a deviation up to 350, a volatility
 * between 0 and 1).
 * @param {unknown} v
 * @returns {Rating|null}
 */
export function readRating(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const { rating, rd, vol } = /** @type {Record<string, unknown>} */ (v);
  const within = (/** @type {unknown} */ x, /** @type {number} */ lo, /** @type {number} */ hi) => typeof x === 'number' && Number.isFinite(x) && x > lo && x <= hi;
  if (!within(rating, 0, 4000) || !within(rd, 0, NEW_RD) || !within(vol, 0, 1)) return null;
  return { rating: /** @type {number} */ (rating), rd: /** @type {number} */ (rd), vol: /** @type {number} */ (vol) };
}

/**
 * The rating of `player` after one rating period of `games` (each an opponent's rating before the
 * period and the player's score: 1 a win, 0 a loss, 0.5 a draw).
 * @param {Rating} player
 * @param {{opponent: Rating, score: number}[]} games
 * @returns {Rating}
 */
export function afterPeriod(player, games) {
  const system = new glicko2.Glicko2({ tau: TAU, rating: 1500, rd: NEW_RD, vol: NEW_VOL });
  const me = system.makePlayer(player.rating, player.rd, player.vol);
  system.updateRatings(games.map((g) => [me, system.makePlayer(g.opponent.rating, g.opponent.rd, g.opponent.vol), g.score]));
  // Kept within what readRating reads back, whatever the maths gives at the extremes.
  const rating = Math.min(3999, Math.max(1, me.getRating()));
  return { rating, rd: Math.min(NEW_RD, Math.max(1, me.getRd())), vol: Math.min(0.999, Math.max(1e-6, me.getVol())) };
}

/**
 * The player's and the puzzle's ratings after an attempt: `solved` alone, or not.
 * @param {Rating} player
 * @param {Rating} puzzle
 * @param {boolean} solved
 * @returns {{player: Rating, puzzle: Rating}}
 */
export function rateAttempt(player, puzzle, solved) {
  const score = solved ? 1 : 0;
  return { player: afterPeriod(player, [{ opponent: puzzle, score }]), puzzle: afterPeriod(puzzle, [{ opponent: player, score: 1 - score }]) };
}
