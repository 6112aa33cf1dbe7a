// The page's games against a friend on another device: a new game's id or relay, sending the
// game by link or the invitation to a live game, and opening a link or a record of such a game
// against the copy this device keeps. friend.js holds what is pure of it; the board and the kept
// games (games.js) do the rest.
import { friendLink, inviteLink, pageBase } from '../page/share.js';
import { compareMoves, linkNotice } from './friend.js';
import { otherSide, SIDES } from '../lib/settings.js';
import { newGameId, GAME_ID, GAME_ID_TAG } from '../lib/game-id.js';
import { relayOf } from '../page/page-state.js';
import { loadWasm } from '../engine/assets.js';

/**
 * The page's friend games over `board` (the <blue-gray-game>) and `games` (games.js): `page()`
 * reads the page state, `update(change)` changes it, `save(force)` keeps the game, `notify`
 * says a message, `offer(link, message)` copies a link, `t` translates, and `recordBox` is the
 * text box a record is offered in.
 */
export function friendGames({ board, games, page, update, save, notify, offer, t, recordBox }) {
  /**
   * A new game's options with what a game against a friend elsewhere needs besides: a game by
   * link gets its id here; a live game gets the relay, and its id from the board once made.
   */
  function withMatch(options) {
    if (options.mode === 'friend') return { ...options, 'game-id': newGameId() };
    if (options.mode === 'live') return { ...options, relay: relayOf(page()) };
    return options;
  }

  /**
   * Sends the game by link to the friend: the link (to their seat) is copied, and offered to the
   * share sheet where the browser has one. A page opened from a file has no address a friend
   * could open: the record is offered instead, for Open record. A live game whose relay cannot be
   * reached goes on by link from here.
   */
  async function sendLink() {
    const seat = board.seat;
    if (!SIDES.includes(seat)) return;
    if (board.settings.mode === 'live') {
      const { variant } = board.settings;
      const gameId = board.gameId;
      games.switchTo(page().gameId, () => board.newGame({ variant, mode: 'friend', side: seat, record: board.record, 'game-id': gameId }));
      save(true);
    }
    const to = otherSide(seat);
    if (location.protocol === 'file:') {
      const record = board.record;
      recordBox.value = record;
      recordBox.closest('details').open = true;
      await navigator.clipboard?.writeText(record).catch(() => {});
      return notify({ key: 'friend.fromFile', params: { side: to } });
    }
    const link = friendLink(pageBase(location), { record: board.record, gameId: board.gameId, to });
    await offer(link, { key: 'friend.linkCopied', params: { side: to } });
  }

  /** Copies the invitation to the live game, for the friend's seat (later openers watch). */
  function sendInvite() {
    const live = board.presence;
    if (!live || !live.host || !board.gameId) return;
    const link = inviteLink(pageBase(location), { relay: board.relay, gameId: board.gameId, hostKey: board.hostKey, to: otherSide(live.host), variant: board.state.variant });
    return offer(link, { key: 'live.inviteCopied', params: { side: otherSide(live.host) } });
  }

  /**
   * Opens a link to a game against a friend elsewhere (`attrs`: its settings, with its game id).
   * A game this device keeps under that id is the one opened, at this device's seat: a game by
   * link goes on with the link's moves when they go on from it (each checked by the rules core),
   * and a link that is behind, or that changes a move already played, changes nothing and says
   * so. A game this device does not have is kept as a new entry. Returns whether a game opened;
   * what went wrong goes into `problems`.
   */
  async function openMatch(attrs, problems) {
    const kept = games.findMatch(attrs['game-id']);
    update((p) => ({ ...p, addressFollows: false }));
    try {
      if (attrs.mode === 'live') {
        if (kept) return openKept(kept.id, { mode: 'live', relay: attrs.relay || kept.settings.relay }, problems);
        games.switchTo(null, () => board.newGame(attrs));
        save(true);
        return true;
      }
      const theirs = await movesOf(attrs.record || '');
      if (!kept) {
        games.switchTo(null, () => board.newGame(attrs));
        save(true);
        return true;
      }
      if (!openKept(kept.id, { mode: 'friend' }, problems)) return false;
      const order = compareMoves(board.state.history, theirs);
      if (order.order === 'newer') for (const m of theirs.slice(board.state.history.length)) board.play(m);
      const said = linkNotice(board.state, theirs, order);
      if (said) notify(said);
      return true;
    } catch (e) {
      problems.push(String(e.message || e));
      return false;
    }
  }

  /** Opens kept game `id` unless it is on the board already (with `overrides`, as games.open). */
  function openKept(id, overrides, problems) {
    if (id === page().gameId && board.settings.mode === overrides.mode) return true;
    const problem = games.open(id, overrides);
    if (problem) problems.push(t(problem.key, problem.params));
    return !problem;
  }

  /** The game by link a record names (`{id, side}`: its id and the seat to move), or null. */
  async function matchOfRecord(text) {
    const core = await loadWasm();
    let game;
    try {
      game = core.Game.fromRecord(text);
    } catch {
      return null; // the usual way of opening a record says what is wrong with it
    }
    try {
      const id = String(game.tag(GAME_ID_TAG) ?? '').toLowerCase();
      return GAME_ID.test(id) ? { id, side: game.state().side } : null;
    } finally {
      game.free();
    }
  }

  /** The moves of a game record, as the rules core reads them; throws what it says of a bad record. */
  async function movesOf(record) {
    const core = await loadWasm();
    const game = core.Game.fromRecord(record);
    try {
      return game.state().history;
    } finally {
      game.free();
    }
  }

  return { withMatch, sendLink, sendInvite, openMatch, matchOfRecord };
}
