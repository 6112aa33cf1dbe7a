// Who plays a new game, as its record says it: the tags a new game's record gets (each side's
// player, today's date and, against a friend elsewhere, the game's id, so that a record sent
// instead of a link opens as that game). Pure: the settings, the catalogue and the date come in.
import { isHuman } from '../lib/settings.js';
import { GAME_ID_TAG } from '../lib/game-id.js';
/** @import { Catalogue, Side } from '../core/core-types.js' */
/** @import { Settings } from '../lib/settings.js' */

/**
 * Whether the computer plays `side` under `settings`.
 * @param {Settings} settings
 * @param {Side} side
 * @returns {boolean}
 */
export function computerPlays(settings, side) {
  return (settings.mode === 'ai' || settings.mode === 'demo') && !isHuman(settings, side);
}

/**
 * The tags of a new game's record, as `[name, value]` pairs in the order they are written.
 * @param {Settings} settings
 * @param {Catalogue|null} catalogue names the computer's level
 * @param {string|null} gameId a game against a friend elsewhere, or null
 * @param {Date} date today
 * @returns {[string, string][]}
 */
export function playerTags(settings, catalogue, gameId, date) {
  const level = settings.level;
  const info = catalogue && catalogue.levels.find((l) => l.number === level);
  const name = (/** @type {Side} */ side) => (computerPlays(settings, side) ? `Computer (level ${level}, ${info ? info.name : level})` : 'Human');
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  /** @type {[string, string][]} */
  const tags = [
    ['Blue', name('blue')],
    ['Gray', name('gray')],
    ['Date', `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`],
  ];
  if (gameId) tags.push([GAME_ID_TAG, gameId]);
  return tags;
}
