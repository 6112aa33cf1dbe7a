// Who plays a game, as its record says it: the tags a new game's record gets (each side's player,
// the person's own name in their side's tag when they gave one, today's date and, against a
// friend elsewhere, the game's id, so that a record sent instead of a link opens as that game),
// and the players' names a record's tags give. Pure: the settings, the catalogue and the date
// come in.
import { isHuman } from '../lib/settings.js';
import { GAME_ID_TAG } from '../lib/game-id.js';
import { isName } from '../lib/player-name.js';
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

/** What a record's player tag says of a person who gave no name. */
export const NO_NAME_TAG = 'Human';

/** The record's tag of each side's player. */
export const PLAYER_TAG = /** @type {const} */ ({ blue: 'Blue', gray: 'Gray' });

/**
 * The side whose tag carries the person's own name under `settings`: theirs against the
 * computer or a friend elsewhere, or null (two people at one board, a game shown…).
 * @param {Settings} settings
 * @returns {Side|null}
 */
export function ownSide(settings) {
  return ['ai', 'friend', 'live'].includes(settings.mode) ? settings.side : null;
}

/**
 * The players' names a record's tags give (`tag(name)` reads one): a side's tag when it is a
 * name under lib/player-name.js's rules and not the tag of no name, else '' (a tag that breaks
 * the rules, from a link say, is not shown at all).
 * @param {(name: string) => unknown} tag
 * @returns {{blue: string, gray: string}}
 */
export function tagNames(tag) {
  const read = (/** @type {Side} */ side) => {
    const value = tag(PLAYER_TAG[side]);
    return isName(value) && value !== NO_NAME_TAG ? /** @type {string} */ (value) : '';
  };
  return { blue: read('blue'), gray: read('gray') };
}

/**
 * The tags of a new game's record, as `[name, value]` pairs in the order they are written.
 * @param {Settings} settings
 * @param {Catalogue|null} catalogue names the computer's level
 * @param {string|null} gameId a game against a friend elsewhere, or null
 * @param {Date} date today
 * @param {string|null} [playerName] the person's own name, for their side's tag (ownSide)
 * @returns {[string, string][]}
 */
export function playerTags(settings, catalogue, gameId, date, playerName = null) {
  const level = settings.level;
  const info = catalogue && catalogue.levels.find((l) => l.number === level);
  const person = (/** @type {Side} */ side) => (playerName && side === ownSide(settings) ? playerName : NO_NAME_TAG);
  const name = (/** @type {Side} */ side) => (computerPlays(settings, side) ? `Computer (level ${level}, ${info ? info.name : level})` : person(side));
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
