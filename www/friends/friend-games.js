// Sending a game against a friend on another device: the game by link (the link to the friend's
// seat, or where the page has no address, the record), and a live game's link: the invitation
// (the host's device only: it gives the friend's seat) or, from any other device, the watch link;
// and when the browser could not keep this device's live seat's key, the seat's own link (an
// invitation to this device's seat), which also moves the seat to another device of the player
// (friends/hand-over.js shows it with a QR code). A live game whose relay cannot be reached goes on
// by link from here. Opening such links and records is the page's one door (play/doors.js). The
// lobby of open games (friends/lobby-dialog.js) is fetched at its first opening.
import { pageBase } from '../play/share.js';
import { friendLink, inviteLink, watchLink } from './friend-links.js';
import { otherSide } from '../lib/settings.js';
import { invites } from './friend.js';
import { errorText } from '../lib/errors.js';
import { onDemand } from '../lib/on-demand.js';
import { relayOf } from '../play/page-state.js';

/**
 * @import { PageContext } from '../play/context.js'
 * @import { Games } from '../play/games.js'
 * @import { Message } from '../lib/i18n.js'
 * @import { GameRequest } from '../play/doors.js'
 */

/**
 * The page's sending of friend games: `games` keeps the games, `save(force)` keeps the game on
 * the board, `offer(link, message)` copies a link and says so, and `recordBox` is the text box
 * a record is offered in; `start(request)` opens a game through the page's door and `rules()`
 * gives the New game form's rules and `clock()` its time control (a challenge's);
 * `challengeAccepted()` alerts the player that the challenge they posted was accepted.
 * @param {PageContext} ctx
 * @param {{
 *   games: Games,
 *   save: (force?: boolean) => void,
 *   offer: (link: string, message: Message, options?: {share?: boolean}) => Promise<void>,
 *   recordBox: HTMLTextAreaElement,
 *   start: (request: GameRequest) => Promise<boolean>,
 *   rules: () => string,
 *   clock: () => string,
 *   challengeAccepted?: () => void,
 * }} parts
 */
export function friendGames(ctx, { games, save, offer, recordBox, start, rules, clock, challengeAccepted }) {
  const { board } = ctx;

  /**
   * Sends the game by link to the friend: the link (to their seat) is copied, and offered to the
   * share sheet where the browser has one. A page opened from a file has no address a friend
   * could open: the record is offered instead, for Open record.
   */
  async function sendLink() {
    const seat = board.seat;
    if (seat !== 'blue' && seat !== 'gray') return;
    if (board.settings.mode === 'live') {
      // The relay cannot be reached: the same game, kept under the same entry, goes on by link.
      const { variant } = board.settings;
      const gameId = board.gameId ?? '';
      const record = board.record ?? '';
      games.switchTo(ctx.page().gameId, () => board.newGame({ variant, mode: 'friend', side: seat, record, 'game-id': gameId }));
      save(true);
    }
    const to = otherSide(seat);
    const record = board.record ?? '';
    if (location.protocol === 'file:') {
      recordBox.value = record;
      const details = recordBox.closest('details');
      if (details) details.open = true;
      await navigator.clipboard?.writeText(record).catch(() => {});
      return ctx.notify({ key: 'friend.fromFile', params: { side: to } });
    }
    const link = friendLink(pageBase(location), { record, gameId: board.gameId ?? '', to });
    await offer(link, { key: 'friend.linkCopied', params: { side: to } });
  }

  /**
   * Copies the live game's link: on the host's device while the friend's seat is open the
   * invitation, for that seat (friend.js invites); otherwise the watch link, which gives no seat.
   */
  async function sendInvite() {
    const live = board.presence;
    const gs = board.state;
    if (!live || !board.gameId || !board.relay || !board.hostKey || !gs) return;
    const game = { relay: board.relay, gameId: board.gameId, hostKey: board.hostKey, variant: gs.variant };
    const seatKey = board.inviteKey;
    if (invites(live) && live.host && seatKey) {
      const to = otherSide(live.host);
      return offer(inviteLink(pageBase(location), { ...game, to, seatKey }), { key: 'live.inviteCopied', params: { side: to } });
    }
    await offer(watchLink(pageBase(location), game), { key: 'live.watchCopied' });
  }

  /** @type {string|null} The unkept seat's key last offered. */
  let offered = null;

  /**
   * When the browser has just failed to keep this device's live seat's key (the board's
   * `unkeptSeatKey`, not offered yet): the message that says so with the seat's link, which
   * gives the seat back after a reload (for the guest, its invitation). Else null.
   * @returns {Message|null}
   */
  function seatNotKept() {
    const seatKey = board.unkeptSeatKey;
    if (!seatKey || seatKey === offered) return null;
    const link = seatLink(seatKey);
    if (link) offered = seatKey;
    return link ? { key: 'live.seatLinkNotKept', params: { link } } : null;
  }

  /**
   * This device's live seat's own link, carrying `seatKey`: whoever opens it plays the seat.
   * @param {string} seatKey
   * @returns {string|null}
   */
  function seatLink(seatKey) {
    const seat = board.seat === 'blue' || board.seat === 'gray' ? board.seat : board.settings.side;
    const gs = board.state;
    if (!board.gameId || !board.relay || !board.hostKey || !gs) return null;
    const game = { relay: board.relay, gameId: board.gameId, hostKey: board.hostKey, variant: gs.variant };
    return inviteLink(pageBase(location), { ...game, to: seat, seatKey });
  }

  /**
   * Continue on another device: the sheet with this device's seat's link and its QR code
   * (friends/hand-over.js, fetched now), or a notice saying why not.
   */
  async function continueElsewhere() {
    const secret = await board.seatSecret().catch(() => null);
    const link = secret && seatLink(secret);
    if (!link) return ctx.notify({ key: 'handOver.noSeat' });
    try {
      const { showHandOver } = await import('./hand-over.js');
      await showHandOver(document, link, (l) => offer(l, { key: 'handOver.copied' }, { share: false }), ctx.t);
    } catch (e) {
      ctx.notify({ key: 'handOver.notLoaded', params: { error: errorText(e) } });
    }
  }

  const loadLobby = onDemand(() =>
    // Its words came with this package's (friends/friends.js).
    import('./lobby-dialog.js').then((m) =>
      m.lobbyDialog({
        dialog: ctx.dialog('lobby'),
        t: ctx.t,
        relay: () => relayOf(ctx.page()),
        rules,
        clock,
        catalogue: () => board.catalogue,
        start: (game) => start({ from: 'lobby', mode: 'live', ...game }),
        notify: (text) => ctx.notify({ text }),
        accepted: challengeAccepted,
      }),
    ),
  );

  /** Open games: the lobby's sheet (friends/lobby-dialog.js, fetched now), or a notice saying why not. */
  async function openLobby() {
    try {
      await (await loadLobby()).open();
    } catch (e) {
      ctx.notify({ key: 'lobby.notLoaded', params: { error: errorText(e) } });
    }
  }

  return { sendLink, sendInvite, seatNotKept, continueElsewhere, openLobby };
}
