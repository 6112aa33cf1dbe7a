// Fair play between people: while a game against a person on another device (by link or live),
// or a two-player game whose players chose no help (`help="none"`), is under way, the engine
// keeps out of it, as on game sites: no hint, no evaluation or best line, no review. They come
// back once the game is over. The board refuses the hint itself, so
// a page embedding it cannot give one either; the page hides what it would show.
import { isRemote } from './settings.js';

/**
 * Whether the engine must keep out of the game on a board with `settings` whose state is `gs`.
 * @param {{mode: string, help?: string}} settings
 * @param {{result?: unknown}|null|undefined} gs
 * @returns {boolean}
 */
export function engineHelpBarred(settings, gs) {
  const againstPerson = isRemote(settings.mode) || (settings.mode === 'two' && settings.help === 'none');
  return againstPerson && !!gs && !gs.result;
}
