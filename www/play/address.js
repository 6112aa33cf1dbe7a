// The page's address: what game a link asks for (its query for short settings, its fragment for
// a record, which never reaches a server), and what the address shows once the game is open:
// a link's game is dropped from it (the tab and the kept games remember the game from then on),
// except a whole game opened from a link, whose address follows each change of the game so that
// it always reproduces what the board shows.
import { readSettings, linkParams, NO_LIMITS } from '../lib/setting-reader.js';
import { gameLink, pageBase, MAX_ADDRESS_LENGTH } from './share.js';
import { MATCH_SETTINGS } from '../lib/settings.js';

/**
 * @import { GameRequest, Door } from './doors.js'
 * @import { PageContext } from './context.js'
 * @import { Limits, SettingError } from '../lib/settings.js'
 */

/** The settings a link may give a game. */
export const GAME_SETTINGS = Object.freeze(['variant', 'mode', 'side', 'level', 'movetime', 'help', 'clock', 'position', 'record', ...MATCH_SETTINGS]);

/** What a link carries besides the game's settings: where the game stands and the ply to look at. */
const PLACES = Object.freeze(['ply', 'view']);

/**
 * The game a link asks for, checked against `limits` (setting-reader.js): `{request, place, relay,
 * errors}`. `request` is null when the link asks for no game (its settings were all in error, or
 * it gives only a relay or a place); `place` is where the link asks the game to stand (`ply`)
 * and the ply to look at (`view`), for the game it opens or, without one, the tab's; `relay` is
 * the relay the link names, which configures the page (live games are offered) and is a game's
 * only in a live game's link (an invitation, whose `seat-key` gives a seat, or a watch link).
 * @param {string} search
 * @param {string} hash
 * @param {Limits} [limits]
 * @returns {{request: GameRequest|null, place: {ply?: number, view?: number}, relay: string|undefined, errors: SettingError[]}}
 */
export function readLink(search, hash, limits) {
  const params = linkParams(search, hash);
  const { settings, errors } = readSettings(params, [...GAME_SETTINGS, ...PLACES], limits);
  // The page's board plays games; a puzzle is the Puzzles view's (the element's puzzle mode needs
  // a goal), and a position is set up in the page's editor.
  if (settings.mode === 'puzzle' || settings.mode === 'edit') {
    const expected = settings.mode === 'puzzle' ? 'puzzles.expectedPageMode' : 'edit.expectedPageMode';
    errors.push({ name: 'mode', value: settings.mode, expected, limits: limits ?? NO_LIMITS });
    delete settings.mode;
  }
  const { ply, view, relay, ...game } = settings;
  /** @type {{ply?: number, view?: number}} */
  const place = {};
  if (ply !== undefined) place.ply = ply;
  if (view !== undefined) place.view = view;
  if (!Object.keys(game).length) return { request: null, place, relay, errors };
  const fragment = new URLSearchParams((hash || '').replace(/^#/, ''));
  /** @type {Door} */
  let from = GAME_SETTINGS.some((k) => fragment.has(k)) ? 'fragment' : 'query';
  if (game.mode === 'friend' && game['game-id']) from = 'friend-link';
  if (game.mode === 'live' && game['game-id']) from = 'invitation';
  /** @type {GameRequest} */
  const request = {
    from,
    mode: game.mode === 'puzzle' || game.mode === 'edit' ? undefined : game.mode,
    side: game.side,
    variant: game.variant,
    level: game.level,
    movetime: game.movetime,
    help: game.help,
    clock: game.clock,
    position: game.position,
    record: game.record,
    gameId: game['game-id'],
    hostKey: game['host-key'],
    seatKey: game['seat-key'],
    relay: game.mode === 'live' ? relay : undefined,
    ply,
    view,
  };
  for (const k of /** @type {(keyof GameRequest)[]} */ (Object.keys(request))) if (request[k] === undefined) delete request[k];
  return { request, place, relay, errors };
}

/**
 * The address over the page's context: `follow(on)` makes it follow the game (a whole game opened
 * from a link) or drops a link's game from it; `update()` writes it after a change of the game;
 * `link(view)` is the link to the game as it stands.
 * @param {PageContext} ctx
 */
export function pageAddress(ctx) {
  const { board } = ctx;
  /** The address carries the game: it is rewritten after every change of the game. */
  let following = false;

  /**
   * The link to the game as it stands: its whole line (moves taken back included, with the ply
   * it stands at, and its variations, in its record) and its players; with `view`, also the ply
   * looked at.
   * @param {boolean} view
   */
  function link(view) {
    const { record, ply } = board.line();
    const { mode, side, level, movetime, help } = board.settings;
    return gameLink(pageBase(location), {
      record,
      mode,
      side,
      level,
      movetime,
      help,
      ply: board.state?.canRedo ? ply : null,
      // A link names a ply of the game's moves: a variation looked at is not one.
      view: view && !board.viewPath?.some((i) => i > 0) ? board.viewPly : null,
    });
  }

  /**
   * The address without a link's game (its settings, `ply` and `view`): a reload then reopens
   * this tab's game instead of the link's afresh. A relay it names stays: it is the page's.
   */
  function drop() {
    const url = new URL(location.href);
    const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
    for (const k of [...GAME_SETTINGS, ...PLACES].filter((name) => name !== 'relay')) {
      url.searchParams.delete(k);
      fragment.delete(k);
    }
    url.hash = fragment.toString();
    const next = url.href.replace(/#$/, '');
    if (next !== location.href) history.replaceState(null, '', next);
  }

  /** After a change of the game: the address that follows it is rewritten. */
  function update() {
    if (!following) return;
    const next = link(false);
    if (next.length > MAX_ADDRESS_LENGTH) {
      // Too long for an address: the kept game holds it instead.
      following = false;
      drop();
      return;
    }
    history.replaceState(null, '', next);
  }

  /** @param {boolean} on */
  function follow(on) {
    following = on;
    if (on) update();
    else drop();
  }

  return { link, follow, update, drop };
}
