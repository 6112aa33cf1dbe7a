// The one door into every game on the page. Every way of starting or opening a game (the New
// game form, a link's query or fragment, a friend's link, a live invitation, an open game of the lobby, the recent games
// list, a record opened or dropped, "play a first game" after the lessons, a rematch, the
// position box, the board editor, start-up) builds one declared request and hands it to `open`, which makes the
// game, its id (a game against a friend elsewhere always has one), its kept entry, its seat and
// the address. No door does any part of the set-up itself, and whatever a door shows is kept
// before it is shown.
import { isRemote, otherSide, movesFinal } from '../lib/settings.js';
import { newGameId, GAME_ID, GAME_ID_TAG, REMATCH_OF_TAG } from '../lib/game-id.js';
import { DRAW_OFFER_TAG } from '../lib/draw-offer.js';
import { TAKEBACK_TAG } from '../lib/takeback-offer.js';
import { MOVE_STAMP_TAG, parseMoveStamp, linkMoveLate } from '../lib/clock.js';
import { relayOf } from './page-state.js';
import { loadWasm } from '../core/assets.js';
import { errorMessage, errorText } from '../lib/errors.js';

/**
 * @import { BlueGrayGameElement } from '../blue-gray-game.js'
 * @import { Side } from '../core/core-types.js'
 * @import { PageContext } from './context.js'
 * @import { Games } from './games.js'
 */

/**
 * Where a request came from: it decides nothing of the set-up, only what the address shows after
 * it (a link that carries a record keeps the address following the game) and what tests name.
 * @typedef {'form'|'query'|'fragment'|'friend-link'|'invitation'|'lobby'|'recent'|'record'|'lessons'|'rematch'|'import'|'start'|'tab'|'editor'|'analysis'} Door
 */

/**
 * A game to put on the board. `kept`: a kept game to reopen (its own settings then hold);
 * otherwise the settings of a new game (absent ones are the board's defaults), started from
 * `position` or `record` when given. `gameId`, `relay` and `hostKey` name a game against a friend
 * elsewhere, and `seatKey` (a live game's invitation) gives this device its seat; `ply` stands the game there (later moves kept to redo), `view` looks at a ply.
 * `analysisOf`: an analysis board's (mode `analysis`), the kept game it is opened from.
 * @typedef {{
 *   from: Door,
 *   kept?: string,
 *   mode?: 'ai'|'two'|'demo'|'view'|'friend'|'live'|'analysis',
 *   side?: Side,
 *   variant?: string,
 *   level?: number,
 *   movetime?: number,
 *   help?: 'on'|'none',
 *   clock?: string,
 *   position?: string,
 *   record?: string,
 *   gameId?: string,
 *   relay?: string,
 *   hostKey?: string,
 *   seatKey?: string,
 *   ply?: number,
 *   view?: number,
 *   analysisOf?: string,
 * }} GameRequest
 */

/** What the page says of a link's stamp that the board did not take (its turn then runs from now). */
const STAMP_REFUSED = Object.freeze({ unreadable: 'friend.stampUnreadable', before: 'friend.stampBefore', future: 'friend.stampFuture' });

/** The doors whose request comes from the address: a link opened. */
const LINK_DOORS = Object.freeze(['query', 'fragment', 'friend-link', 'invitation']);

/**
 * The board's `newGame` options for a request (its attribute names).
 * @param {GameRequest} r
 * @returns {Record<string, string|number>}
 */
export function boardOptions(r) {
  /** @type {Record<string, string|number|undefined>} */
  const all = {
    variant: r.variant,
    mode: r.mode,
    side: r.side,
    level: r.level,
    movetime: r.movetime,
    help: r.help,
    clock: r.clock,
    position: r.position,
    record: r.record,
    'game-id': r.gameId,
    relay: r.relay,
    'host-key': r.hostKey,
    'seat-key': r.seatKey,
  };
  /** @type {Record<string, string|number>} */
  const out = {};
  for (const [k, v] of Object.entries(all)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/**
 * The request with what its mode needs besides: a game by link gets its id here wherever it
 * starts, and a live game the page's relay when it names none (its id comes from the relay
 * session once the game is made there).
 * @param {GameRequest} r
 * @param {string|null} relay the page's relay
 * @returns {GameRequest}
 */
export function completed(r, relay) {
  if (r.kept) return r;
  if (r.mode === 'friend' && !r.gameId) return { ...r, gameId: newGameId() };
  if (r.mode === 'live' && !r.relay && relay) return { ...r, relay };
  return r;
}

/**
 * Whether the address follows the game after this request: a link that carries a whole game
 * (its record) against no friend, so that the address always reproduces what the board shows.
 * @param {GameRequest} r
 */
export function addressFollows(r) {
  return LINK_DOORS.includes(r.from) && !!r.record && !(r.mode && isRemote(r.mode));
}

/**
 * The page's door: `open(request)` puts the game on the board as described above. `games` keeps
 * the games; `save(force)` keeps the game on the board and writes the address; `address` drops a
 * link's game from the address or makes it follow the game.
 * @param {PageContext} ctx
 * @param {{games: Games, save: (force?: boolean) => void, address: {follow: (on: boolean) => void}}} parts
 */
export function gameDoors(ctx, { games, save, address }) {
  const { board, t } = ctx;

  /**
   * Opens the game `request` describes. Resolves to whether it opened, and what could not be
   * done, as sentences; when the game itself could not be made, the board and the kept games
   * are as they were.
   * @param {GameRequest} request
   * @returns {Promise<{opened: boolean, problems: string[]}>}
   */
  async function open(request) {
    const r = completed(request, relayOf(ctx.page()));
    /** @type {string[]} */
    const problems = [];
    let opened = false;
    try {
      // The kept game a link or an invitation of a game against a friend elsewhere names.
      const match = !r.kept && r.mode && isRemote(r.mode) && r.gameId ? games.findMatch(r.gameId) : null;
      if (r.kept) opened = openKept(r.kept, {}, problems);
      else if (match) opened = await openMatch(r, match, problems);
      else {
        games.switchTo(null, () => board.newGame(boardOptions(r)), r.analysisOf ?? null);
        // The same link opened again is the game kept from it, not a new one.
        if (addressFollows(r)) games.adoptSameLine();
        opened = true;
        // A friend's first link of a rematch says which game it is a rematch of.
        const of = r.mode === 'friend' && LINK_DOORS.includes(r.from) && r.record ? (await linkGame(r.record)).rematchOf : null;
        if (of) ctx.notify({ key: 'friend.rematchOf', params: { game: of.slice(0, 8) } });
      }
    } catch (e) {
      problems.push(errorMessage(e, t, ctx.page().lang));
    }
    if (!opened) return { opened, problems };
    problems.push(...placeAt(r.ply, r.view));
    address.follow(addressFollows(r));
    save(true);
    return { opened, problems };
  }

  /**
   * Reopens kept game `id` unless it is on the board already with the same mode (`overrides`:
   * settings to change, as Games.open). Returns whether it is on the board.
   * @param {string} id
   * @param {Record<string, string>} overrides
   * @param {string[]} problems
   */
  function openKept(id, overrides, problems) {
    if (id === ctx.page().gameId && (!overrides.mode || board.settings.mode === overrides.mode)) return true;
    const problem = games.open(id, overrides);
    if (problem) problems.push(ctx.say(problem));
    return !problem;
  }

  /**
   * A link (or record) of a game against a friend that this device keeps: the kept game, at this
   * device's seat. A game by link goes on with the link's moves when they go on from it (each
   * checked by the rules core); a link that is behind, that changes a move already played, or
   * that plays a move of this device's own seat (only the friend's moves come by link), changes
   * nothing and says so. A live game goes on through its relay (an invitation's seat key taken,
   * so that the seat moves to this device).
   * @param {GameRequest} r
   * @param {NonNullable<ReturnType<Games['findMatch']>>} kept the kept game `r` names
   * @param {string[]} problems
   */
  async function openMatch(r, kept, problems) {
    if (r.mode === 'live') {
      // An invitation opened again takes its seat back here (from another device of the guest's).
      /** @type {Record<string, string>} */
      const overrides = { mode: 'live', relay: r.relay || String(kept.settings.relay ?? '') };
      if (r.seatKey && r.gameId && (await seatKeyTaken(r.gameId, r.seatKey, problems))) overrides['seat-key'] = r.seatKey;
      return openKept(kept.id, overrides, problems);
    }
    // How a link stands to a kept game (friends/friend.js): fetched with the first such link.
    const [link, { linkOrder, linkNotice, linkEnding, linkOffer, linkTakeback }] = await Promise.all([linkGame(r.record || ''), import('../friends/friend.js')]);
    const theirs = link.state.history;
    if (!openKept(kept.id, { mode: 'friend' }, problems)) return false;
    // The link is judged by this game's clocks (a late move, a claim on time): once they are there.
    await games.opened();
    const mine = board.state;
    if (!mine) return true;
    const order = linkOrder(mine, board.seat, theirs);
    const offered = board.drawOffer;
    const asked = board.takebackOffer;
    /** @type {import('../lib/i18n.js').Message|null} */
    let stampSaid = null;
    if (order.order === 'newer') {
      // A move made after the friend's time for it ran out here is not played (ruling R37): the
      // turn was lost on time, which this player may claim.
      const flagAt = board.claimableAt;
      if (flagAt !== null) {
        const floor = parseMoveStamp((await linkGame(kept.record)).stamp)?.at ?? null;
        if (linkMoveLate({ text: link.stamp, ply: theirs.length, floor, now: Date.now(), flagAt })) {
          ctx.notify({ key: 'friend.moveAfterFlag' });
          return true;
        }
      }
      for (const m of theirs.slice(mine.history.length)) board.play(m);
      // The turn the link brings runs from its stamp (ruling R37), unless it does not hold.
      const refused = board.takeStamp(link.stamp ?? '');
      if (refused && refused !== 'none') stampSaid = { key: STAMP_REFUSED[refused] };
    }
    // The friend's name, as their link's tag of their side says it now (the board checks it).
    const friend = board.seat === 'blue' ? 'gray' : board.seat === 'gray' ? 'blue' : null;
    if (friend) board.takeName(link.names[friend] ?? '');
    const gs = board.state;
    // A takeback by link (ruling R38): the friend's acceptance of this seat's request (the link is
    // one move behind, and says so), or the friend's own request.
    const takeback = gs && linkTakeback(gs, board.seat, link.state, link.takeback, board.takebackOffer);
    if (takeback && 'back' in takeback) {
      board.takeback({ accept: true });
      ctx.notify({ key: 'friend.takebackAccepted' });
      return true;
    }
    if (takeback && 'ask' in takeback) board.takeback({ side: takeback.ask });
    if (takeback && 'withdraw' in takeback) board.takeback({ withdraw: true, side: takeback.withdraw });
    let said = (takeback && 'notice' in takeback ? takeback.notice : null) || (takeback && 'withdraw' in takeback ? { key: 'friend.takebackFriendWithdrew', params: { side: takeback.withdraw } } : null) || (gs && linkNotice(gs, theirs, order)) || stampSaid;
    // The friend moved instead of accepting this device's offer or request: it has lapsed.
    if (!said && offered && offered === board.seat && !board.drawOffer && !link.state.result) said = { key: 'friend.drawLapsed' };
    if (!said && asked && asked.side === board.seat && order.order === 'newer') said = { key: 'friend.takebackDeclined' };
    // The friend's ending or draw offer comes with their moves, once this device has them all.
    const seat = board.seat;
    const clocks = board.clocks;
    const left = clocks && (seat === 'blue' || seat === 'gray') ? clocks[seat] : null;
    const ending = gs && !said ? linkEnding(gs, seat, theirs, link.state.result, board.drawOffer, left) : null;
    if (ending && 'notice' in ending) said = ending.notice;
    else if (ending && ending.end === 'resign') board.resign(ending.side);
    else if (ending && ending.end === 'claim') said = claimed(() => board.claim('win'));
    else if (ending && ending.end === 'draw') {
      board.acceptDraw();
      said = { key: 'ending.drawAgreed' };
    } else if (ending) board.abort();
    const offer = gs && !said && !ending ? linkOffer(gs, board.seat, link.state, link.offer, board.drawOffer) : null;
    if (offer) await board.offerDraw(offer);
    if (said) ctx.notify(said);
    return true;
  }

  /**
   * The friend's own flag fall their link brings, claimed here (`claim`): null when it is, else
   * what the board said against it (their clock still runs here).
   * @param {() => unknown} claim
   * @returns {import('../lib/i18n.js').Message|null}
   */
  function claimed(claim) {
    try {
      claim();
      return null;
    } catch (e) {
      return { text: errorText(e, t) };
    }
  }

  /**
   * Whether a live link's seat key `seatKey` of game `id` is taken here: not when it is no key
   * of the game this device keeps (refused, and said), and when it is another key than the
   * seat's kept one only if the player says so; the kept seat stays otherwise.
   * @param {string} id
   * @param {string} seatKey
   * @param {string[]} problems
   * @returns {Promise<boolean>}
   */
  async function seatKeyTaken(id, seatKey, problems) {
    const { linkSeatKey } = await import('../friends/friend-links.js');
    const stand = await linkSeatKey(ctx.storage, id, seatKey);
    if (stand === 'foreign') problems.push(t('link.foreignSeatKey'));
    return stand === 'none' || (stand === 'other' && confirm(t('link.replaceSeatKey')));
  }

  /**
   * Stands the board at `ply` (later moves kept to redo) and looks at `view`, as a link asks;
   * returns what could not be done, as sentences (a ply past the end of the game).
   * @param {number|undefined} ply
   * @param {number|undefined} view
   * @returns {string[]}
   */
  function placeAt(ply, view) {
    /** @type {string[]} */
    const problems = [];
    const gs = board.state;
    if (!gs) return problems;
    const last = gs.history.length;
    if (ply !== undefined && ply > last) problems.push(t('notice.plyPastEnd', { name: 'ply', n: ply, last }));
    else if (ply !== undefined && ply < last && movesFinal(board.settings.mode, !!gs.result)) {
      // A finished game's moves are final: it is looked at there instead (docs/RULES.md R28).
      problems.push(t('notice.plyFinal', { n: ply }));
      if (view === undefined) board.viewPly = ply;
    } else if (ply !== undefined && ply < last) board.continueFrom(ply);
    const now = board.state?.history.length ?? 0;
    if (view !== undefined && view > now) problems.push(t('notice.plyPastEnd', { name: 'view', n: view, last: now }));
    else if (view !== undefined) board.viewPly = view === now ? null : view;
    return problems;
  }

  return { open };
}

/**
 * The request that opens this tab's game at start-up without a link's game: `tab` is what the
 * kept games give (games.js `kept()`: this tab's game, kept or not yet, else the most recent kept
 * one, or null for a new game), `place` where a link asks it to stand. A kept game that cannot be
 * loaded stays kept (the player may delete it): a new game starts, and `lost` says why.
 * @param {import('./games.js').TabGame|null} tab
 * @param {{ply?: number, view?: number}} place
 * @returns {{request: GameRequest, lost?: string}}
 */
export function tabRequest(tab, place) {
  if (!tab) return { request: { from: 'start', ...place } };
  if ('settings' in tab) return { request: { from: 'tab', ...tab.settings, record: tab.record, ...place } };
  if (tab.error) return { request: { from: 'start' }, lost: tab.error };
  return { request: { from: 'tab', kept: tab.id, ...place } };
}

/**
 * A game record as the rules core reads it: its state, its draw offer's and takeback's tags, its
 * last move's stamp (`MoveStamp`), the game it is a rematch of (`RematchOf`, a game id, or null)
 * and its players' tags (`Blue`, `Gray`); throws what it says of a bad record.
 * @param {string} record
 * @returns {Promise<{state: import('../core/core-types.js').GameState, offer: string|undefined, takeback: string|undefined, stamp: string|undefined, rematchOf: string|null, names: {blue: string|undefined, gray: string|undefined}}>}
 */
async function linkGame(record) {
  const core = await loadWasm();
  const game = core.Game.fromRecord(record);
  try {
    const of = String(game.tag(REMATCH_OF_TAG) ?? '').toLowerCase();
    return { state: game.state(), offer: game.tag(DRAW_OFFER_TAG), takeback: game.tag(TAKEBACK_TAG), stamp: game.tag(MOVE_STAMP_TAG), rematchOf: GAME_ID.test(of) ? of : null, names: { blue: game.tag('Blue'), gray: game.tag('Gray') } };
  } finally {
    game.free();
  }
}

/**
 * The request that reopens a record: the record of a game by link (it names its game id) opens as
 * that game, at the seat to move (it was sent by the player who has just moved); any other record
 * opens as a new game with the players of the game in progress.
 * @param {string} text
 * @param {GameRequest} players the game in progress's players (keepPlayers)
 * @param {'record'|'import'} from
 * @returns {Promise<GameRequest>}
 */
export async function recordRequest(text, players, from) {
  const match = await matchOfRecord(text);
  if (match) return { from, mode: 'friend', gameId: match.id, side: match.side, record: text };
  return { ...players, from, record: text };
}

/**
 * The game by link a record names (`{id, side}`: its id and the seat to move), or null.
 * @param {string} text
 * @returns {Promise<{id: string, side: Side}|null>}
 */
async function matchOfRecord(text) {
  const core = await loadWasm();
  let game;
  try {
    game = core.Game.fromRecord(text);
  } catch {
    return null; // opening it as a plain record says what is wrong with it
  }
  try {
    const id = String(game.tag(GAME_ID_TAG) ?? '').toLowerCase();
    return GAME_ID.test(id) ? { id, side: game.state().side } : null;
  } finally {
    game.free();
  }
}

/**
 * The players of the game on `board`, for a game opened in its place (a record, a position): not
 * a friend's game (that game is theirs too) nor a replay, which become two people on one device.
 * @param {BlueGrayGameElement} board
 * @param {Door} from
 * @returns {GameRequest}
 */
export function keepPlayers(board, from) {
  const { mode, side, level, movetime, help, clock } = board.settings;
  return { from, mode: mode === 'view' || mode === 'puzzle' || mode === 'edit' || isRemote(mode) ? 'two' : mode, side, level, movetime, help, clock };
}

/**
 * Whether Rematch on `board` is an offer to the friend rather than a new game at once: a live
 * game this board plays a seat of (docs/LIVE-PROTOCOL.md "Rematch"; the board's `rematch`
 * event then names the new game both devices open).
 * @param {BlueGrayGameElement} board
 */
export function rematchOffered(board) {
  return board.settings.mode === 'live' && (board.seat === 'blue' || board.seat === 'gray');
}

/**
 * The same game again from the variant's start, sides swapped against the computer or a friend,
 * with the game's own time control: the one its clocks run by (a live game's joiner and a link's
 * receiver took it from the game, not from their `clock` setting, which is the New game form's).
 * By link its record names the game it is a rematch of (`RematchOf`), so the friend's page says
 * so when the first link comes; a live game's Rematch is an offer instead (rematchOffered).
 * @param {BlueGrayGameElement} board
 * @returns {Promise<GameRequest>}
 */
export async function rematchRequest(board) {
  const { variant, mode, side, level, movetime, help } = board.settings;
  const clock = board.clocks?.control ?? 'none';
  const swapped = mode === 'ai' || isRemote(mode) ? otherSide(side) : side;
  /** @type {GameRequest} */
  const request = { from: 'rematch', variant, mode: mode === 'view' || mode === 'puzzle' || mode === 'edit' ? 'two' : mode, side: swapped, level, movetime, help, clock };
  const of = board.gameId;
  if (mode !== 'friend' || !of) return request;
  const gameId = newGameId();
  const core = await loadWasm();
  const game = new core.Game(variant);
  const old = core.Game.fromRecord(board.record ?? '');
  try {
    // The same two players, at each other's sides.
    for (const [tag, from] of [['Blue', 'Gray'], ['Gray', 'Blue']]) game.setTag(tag, String(old.tag(from) ?? ''));
    game.setTag(GAME_ID_TAG, gameId);
    game.setTag('TimeControl', clock);
    game.setTag(REMATCH_OF_TAG, of);
    return { ...request, gameId, record: game.record() };
  } finally {
    game.free();
    old.free();
  }
}
