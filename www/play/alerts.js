// Alerts: a sound and the tab's title ("Your move — Blue and Gray") when something asks for the
// player while they may be looking elsewhere: a challenge they posted was accepted, it became their
// move in a game against a person while the tab is hidden, or the other player offers something
// (a draw, a takeback, a rematch: one table of the board's events). The title goes back when the
// tab is shown again. The sound is the page's (play/sound.js), so the Sound preference silences it.

/**
 * @import { PageContext } from './context.js'
 * @import { Sound } from './sound.js'
 */

/**
 * The board's events that carry the other player's offer, each with the title that says it.
 * An event that this build's board does not fire yet is listened for all the same (harmless).
 * @type {Readonly<Record<string, string>>}
 */
export const OFFER_ALERTS = {
  drawoffer: 'alert.drawOffered',
  takebackoffer: 'alert.takebackOffered',
  rematchoffer: 'alert.rematchOffered',
};

/**
 * The page's alerts over `ctx`, sounding through `sound`.
 * @param {PageContext} ctx
 * @param {{sound: Sound}} parts
 */
export function pageAlerts(ctx, { sound }) {
  const { board, t } = ctx;
  /** The alert the title says (its message key), null while none stands. @type {string|null} */
  let standing = null;
  /** The tab's own title, given back when the tab is shown. */
  let ownTitle = '';

  /**
   * Sounds the alert and, while the tab is hidden, says `key` in its title until it is shown.
   * @param {string} key
   */
  function alert(key) {
    sound.play('alert');
    if (document.visibilityState !== 'hidden') return;
    if (standing === null) ownTitle = document.title;
    standing = key;
    document.title = t(key);
  }

  function shown() {
    if (document.visibilityState === 'hidden' || standing === null) return;
    standing = null;
    document.title = ownTitle;
  }

  // The page puts its own title back when it speaks a language (play/panel.js localisePage, at
  // start-up after a link's game has opened, say): that is the title to give back, and the
  // alert's, in that language, stays until the tab is shown.
  new MutationObserver(() => {
    if (standing === null || document.title === t(standing)) return;
    ownTitle = document.title;
    document.title = t(standing);
  }).observe(document.head, { subtree: true, childList: true, characterData: true });

  /** Whether `side` is the other player's: this board plays a seat, and not that one. @param {unknown} side */
  const fromOther = (side) => (board.seat === 'blue' || board.seat === 'gray') && side !== board.seat;

  function wire() {
    document.addEventListener('visibilitychange', shown);
    // The friend's move, live or by link (`opponentmove`): seen when the tab is shown, so news only when hidden.
    board.addEventListener('opponentmove', () => {
      if (document.visibilityState === 'hidden') alert('alert.yourMove');
    });
    for (const [name, key] of Object.entries(OFFER_ALERTS)) {
      board.addEventListener(name, (e) => {
        if (fromOther(/** @type {CustomEvent<{side?: unknown}>} */ (e).detail?.side)) alert(key);
      });
    }
  }

  /** The challenge this device posted was accepted: its game starts now. */
  function challengeAccepted() {
    alert('alert.challengeAccepted');
  }

  return { wire, challengeAccepted };
}
