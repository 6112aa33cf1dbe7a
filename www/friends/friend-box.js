// What the panel draws of a game against a friend elsewhere: the status line's words, the box
// under it (the connection's line, the links to send, taking this browser's seat back, moving the
// seat to another device, a finished live game's rematch offered or asked of this player), and
// under the board's controls a draw offer or a takeback request that stands and a claim of
// the game the friend left, or by link of their time run out (their buttons are play/endings.js's). Fetched, with friends/friend-games.js and the friend part of the
// messages, for the first game against a friend elsewhere, which builds the box in index.html's
// empty one: the panel (play/panel.js) draws it once it is there, and the page waits for it
// before it draws such a game.
import { say } from '../lib/i18n.js';
import { el, button as newButton, setIfChanged } from '../lib/dom.js';
import { isRemote } from '../lib/settings.js';
import { byId, button } from '../play/page-elements.js';
import { friendStatus, liveLine, onlookersLine, offersLink, invites } from './friend.js';
/** @import { GameSnapshot } from '../play/panel.js' */

export { friendStatus as status };

/**
 * What the box's buttons do: send the game's link, send a live game's invitation (or its watch
 * link), take this browser's seat back from another tab, move the seat to another device, answer
 * a rematch offer (the friend's: accept or decline; this device's own: cancel).
 * @typedef {{sendLink(): void, invite(): void, takeSeat(): void, continueElsewhere(): void, rematch(answer: 'accept'|'decline'|'cancel'): void}} FriendActs
 */

/**
 * Fills index.html's empty box `#friend-box`: the connection's line and the buttons, hidden until
 * drawn, wired to `acts`, their texts said with `t` (and marked for the page's localisation).
 * @param {Document} doc
 * @param {FriendActs} acts
 * @param {(key: string) => string} t
 */
export function build(doc, acts, t) {
  /**
   * @param {string} id
   * @param {string} key
   * @param {() => void} onClick
   * @param {string} [cls]
   */
  const act = (id, key, onClick, cls) => {
    const b = newButton(key, t, cls);
    b.id = id;
    b.hidden = true;
    b.addEventListener('click', onClick);
    return b;
  };
  byId(doc, 'friend-box').replaceChildren(
    el('p', { id: 'live-status', class: 'live-status', role: 'status', hidden: '' }),
    el('div', { class: 'buttons' }, [
      act('send-link', 'friend.sendLink', acts.sendLink, 'primary'),
      act('invite-link', 'live.invite', acts.invite),
      act('take-seat', 'live.takeSeat', acts.takeSeat, 'primary'),
      act('continue-elsewhere', 'handOver.open', acts.continueElsewhere),
    ]),
    el('div', { id: 'rematch-offer', class: 'end-confirm', role: 'group', 'aria-labelledby': 'rematch-offer-text', hidden: '' }, [
      el('p', { id: 'rematch-offer-text', role: 'status' }),
      el('div', { class: 'buttons' }, [
        act('accept-rematch', 'friend.rematchAccept', () => acts.rematch('accept'), 'primary'),
        act('decline-rematch', 'friend.rematchDecline', () => acts.rematch('decline')),
        act('cancel-rematch', 'friend.rematchCancel', () => acts.rematch('cancel')),
      ]),
    ]),
  );
}

/**
 * The box of a game against a friend elsewhere: the connection's line and the links to send.
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {string} lang
 */
export function render(doc, b, lang) {
  const remote = isRemote(b.settings.mode);
  setIfChanged(byId(doc, 'friend-box'), 'hidden', !remote);
  renderOffers(doc, b, lang, remote);
  if (!remote) return;
  const line = [say(lang, liveLine(b.live)), say(lang, onlookersLine(b.live))].filter(Boolean).join(' ');
  setIfChanged(byId(doc, 'live-status'), 'textContent', line);
  setIfChanged(byId(doc, 'live-status'), 'hidden', !line);
  if (b.live) setIfChanged(byId(doc, 'live-status').dataset, 'relay', b.live.relay);
  setIfChanged(byId(doc, 'send-link'), 'hidden', !offersLink(b));
  // The live game's link: the invitation on the host's device while the other seat is open, the
  // watch link otherwise.
  const live = b.settings.mode === 'live' && b.live && b.live.seat && b.gameId !== null ? b.live : null;
  const invite = invites(live);
  setIfChanged(byId(doc, 'invite-link'), 'hidden', !live);
  setIfChanged(byId(doc, 'invite-link').dataset, 'i18n', invite ? 'live.invite' : 'live.watchLink');
  setIfChanged(byId(doc, 'invite-link'), 'textContent', say(lang, { key: invite ? 'live.invite' : 'live.watchLink' }));
  // Another tab of this browser plays this device's seat: this one can take it.
  setIfChanged(byId(doc, 'take-seat'), 'hidden', !(b.settings.mode === 'live' && b.live && b.live.elsewhere));
  // This device plays a seat: the player may move it to another device of theirs.
  const seated = !!live && (live.seat === 'blue' || live.seat === 'gray') && !live.elsewhere;
  setIfChanged(byId(doc, 'continue-elsewhere'), 'hidden', !seated || !!b.gs?.result);
  renderRematch(doc, b, lang, seated && live ? live : null);
}

/**
 * A finished live game's rematch, to this device's seat (`live`; null: none): the friend's offer
 * to accept or decline, this device's own waiting (to cancel; said when the friend has left), or
 * declined.
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {string} lang
 * @param {import('../api-types.js').LiveStatus|null} live
 */
function renderRematch(doc, b, lang, live) {
  const r = live && b.gs?.result ? b.rematchOffer : null;
  const mine = !!r && r.side === b.seat;
  const friend = live && (live.seat === 'blue' || live.seat === 'gray') ? live[live.seat === 'blue' ? 'gray' : 'blue'] : 'unknown';
  /** @type {string|null} */
  let key = null;
  if (r && !r.answer) key = !mine ? 'friend.rematchFriendOffers' : friend === 'offline' ? 'friend.rematchLeft' : 'friend.rematchWaiting';
  else if (r && mine && r.answer === 'decline') key = 'friend.rematchDeclined';
  setIfChanged(byId(doc, 'rematch-offer'), 'hidden', !key);
  if (key) setIfChanged(byId(doc, 'rematch-offer-text'), 'textContent', say(lang, { key }));
  const open = !!r && !r.answer;
  setIfChanged(byId(doc, 'accept-rematch'), 'hidden', !open || mine);
  setIfChanged(byId(doc, 'decline-rematch'), 'hidden', !open || mine);
  setIfChanged(byId(doc, 'cancel-rematch'), 'hidden', !open || !mine);
}

/**
 * The draw offer and the takeback request that stand in a game against a friend (the friend's
 * are answered here, this device's own wait), and the claim of a live game the friend left; none
 * in other games.
 * @param {Document} doc
 * @param {GameSnapshot} b
 * @param {string} lang
 * @param {boolean} remote
 */
function renderOffers(doc, b, lang, remote) {
  const offer = remote ? b.drawOffer : null;
  const mine = offer !== null && offer === b.seat;
  const seated = b.seat === 'blue' || b.seat === 'gray';
  setIfChanged(byId(doc, 'draw-offer'), 'hidden', !offer);
  if (offer) {
    const stands = b.settings.mode === 'live' ? 'ending.offerStandsLive' : 'ending.offerStands';
    setIfChanged(byId(doc, 'draw-offer-text'), 'textContent', say(lang, { key: mine ? stands : 'ending.friendOffers', params: { side: offer } }));
    // The seat offered answers, the seat offering may withdraw; an onlooker of a live game reads it.
    setIfChanged(button(doc, 'accept-draw'), 'hidden', mine || !seated);
    setIfChanged(button(doc, 'decline-draw'), 'hidden', !seated);
    setIfChanged(button(doc, 'decline-draw'), 'textContent', say(lang, { key: mine ? 'ending.withdrawDraw' : 'ending.declineDraw' }));
  }
  // A takeback request (ruling R38): the friend's is answered here, this seat's own waits.
  const takeback = remote ? b.takeback : null;
  const asked = takeback !== null && takeback.side === b.seat;
  setIfChanged(byId(doc, 'takeback-offer'), 'hidden', !takeback);
  if (takeback) {
    const waits = b.settings.mode === 'live' ? 'friend.takebackAskedLive' : 'friend.takebackAskedLink';
    setIfChanged(byId(doc, 'takeback-offer-text'), 'textContent', say(lang, { key: asked ? waits : 'friend.takebackFriendAsks', params: { side: takeback.side } }));
    // Only the seat asked answers, the seat asking may withdraw; an onlooker of a live game reads it.
    const answers = !asked && seated;
    setIfChanged(button(doc, 'accept-takeback'), 'hidden', !answers);
    setIfChanged(button(doc, 'decline-takeback'), 'hidden', !answers);
    setIfChanged(button(doc, 'withdraw-takeback'), 'hidden', !asked);
  }
  const claimable = remote && b.claimableAt !== null && b.claimableAt <= Date.now();
  setIfChanged(byId(doc, 'claim'), 'hidden', !claimable);
  const away = b.seat === 'blue' ? 'gray' : 'blue';
  // By link the claim is on time, and a flag fall is a win, never a draw (ruling R37).
  const onTime = b.settings.mode === 'friend';
  if (claimable) setIfChanged(byId(doc, 'claim-text'), 'textContent', say(lang, { key: onTime ? 'friend.timeOut' : 'ending.claimable', params: { side: away } }));
  setIfChanged(button(doc, 'claim-draw'), 'hidden', onTime);
}
