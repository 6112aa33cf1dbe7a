// Fair play between people: while a game against a person is under way, the engine keeps out,
// as on game sites: no hint, no evaluation or best line, no review, no opening explorer, no
// analysis or proof search in the editor. A game against a person is one on another device (by
// link or live) in which this browser holds a seat, or a two-player game whose players chose no
// help (`help="none"`), and an analysis board opened from such a game while it was under way
// (it has `help="none"` too). Two things bar the engine (docs/RULES.md, R36): the game on the
// board itself, and, page-wide, every tab alike, a kept game (Recent games) against a person
// elsewhere that this browser plays and that is not over; the page tells which (barWhile), as it
// keeps its list of games. Help comes back once every such game is over or removed. The board
// refuses the hint itself, so a page embedding it cannot give one either; the page hides what it
// would show.
import { isRemote } from './settings.js';

/** Whether this browser plays a game against a person elsewhere that is not over (barWhile). */
let playingElsewhere = () => false;

/**
 * Tells whether this browser plays, besides the board's own game, a game against a person that
 * is not over (the page, from its kept games: keptGameBars): while `playing()` says so, the engine
 * keeps out of every board of the page.
 * @param {() => boolean} playing
 */
export function barWhile(playing) {
  playingElsewhere = playing;
}

/**
 * Whether a kept game's summary (play/games.js `summarise`, read back unchecked) is a game against
 * a person elsewhere that this browser plays (a seat, not watching) and that is not over.
 * @param {Record<string, unknown>} summary
 * @returns {boolean}
 */
export function keptGameBars(summary) {
  return typeof summary.mode === 'string' && isRemote(summary.mode) && (summary.seat === 'blue' || summary.seat === 'gray') && !summary.result;
}

/**
 * Whether the engine must keep out of the game on a board with `settings` whose state is `gs`:
 * that game is against a person and under way, or this browser plays another one (barWhile).
 * @param {{mode: string, help?: string}} settings
 * @param {{result?: unknown}|null|undefined} gs
 * @returns {boolean}
 */
export function engineHelpBarred(settings, gs) {
  // An analysis board opened from a game against a person under way keeps out the engine for
  // good (`help="none"`): its copy is of the game as it was, and that game goes on elsewhere.
  const fromGameUnderWay = settings.mode === 'analysis' && settings.help === 'none';
  return underWayAgainstPerson(settings, gs) || fromGameUnderWay || playingElsewhere();
}

/**
 * Whether the game on a board with `settings` whose state is `gs` is against a person and under
 * way (the first bar of engineHelpBarred; an analysis board opened from it inherits it).
 * @param {{mode: string, help?: string}} settings
 * @param {{result?: unknown}|null|undefined} gs
 * @returns {boolean}
 */
export function underWayAgainstPerson(settings, gs) {
  const againstPerson = isRemote(settings.mode) || (settings.mode === 'two' && settings.help === 'none');
  return againstPerson && !!gs && !gs.result;
}
