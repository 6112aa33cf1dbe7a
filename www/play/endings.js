// Ending a game by the player's word (docs/RULES.md §5.1) on the page: Resign, Offer a draw and
// Abort under the board's controls. Resigning and aborting, and a draw between two players at the
// board, end the game, so each waits for a yes in the question box; a draw offered to the
// computer only asks, and the panel says its answer. In a game by link this device resigns,
// aborts or offers a draw for its seat and sends the link as after a move; a friend's offer
// from their link is accepted or declined here. In a live game the same, and the relay carries
// it, and once the friend has been away long enough on their turn, the game can be claimed, the
// win or a draw; by link, once the friend's clock has run out on their turn, the win on time
// (ruling R37), which the next link carries. This module says which endings are open, draws the buttons and the question,
// and does what the choices say: the board does the ending (its resign(), offerDraw(), abort(),
// claim()). A friend's offer and claim are drawn by friends/friend-box.js. A takeback between
// people (ruling R38) is asked (the Undo control's and Ctrl+Z's, against a friend elsewhere),
// answered and withdrawn here too, by the board's takeback().
import { setIfChanged } from '../lib/dom.js';
import { isAbort } from '../engine/ai-client.js';
import { errorText } from '../lib/errors.js';
import { byId, button } from './page-elements.js';
import { gameKey, analysingGame } from './page-state.js';
/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { BoardSnapshot } from './panel.js' */
/** @import { Message } from '../lib/i18n.js' */

/** @typedef {'resign'|'draw'|'abort'} Ending */

/**
 * Which endings the player may choose now on the board `b`: none once the game is over or
 * against a friend elsewhere; an abort only before both sides have moved.
 * @param {BoardSnapshot} b
 * @returns {Set<Ending>}
 */
export function endingsOpen(b) {
  const gs = b.gs;
  /** @type {Set<Ending>} */
  const open = new Set();
  const mode = b.settings.mode;
  const seated = (mode === 'friend' || mode === 'live') && (b.seat === 'blue' || b.seat === 'gray');
  if (!gs || gs.result || (mode !== 'ai' && mode !== 'two' && !seated)) return open;
  open.add('resign');
  // Against a friend elsewhere a draw is offered once: while an offer stands, it is answered;
  // once declined, it waits for another move.
  if (!b.drawOffer && !b.drawDeclined) open.add('draw');
  if (gs.history.length < 2) open.add('abort');
  return open;
}

/**
 * The endings the page offers (endingsOpen), none on a game opened for analysis (analysingGame).
 * @param {PageState} p
 * @param {BoardSnapshot} b
 * @returns {Set<Ending>}
 */
export function endingsOffered(p, b) {
  return analysingGame(p, b.gs) ? new Set() : endingsOpen(b);
}

/**
 * The question the player answers before `ending` ends the game, or null when it only asks (a
 * draw offered to the computer).
 * @param {Ending} ending
 * @param {BoardSnapshot} b
 * @returns {Message|null}
 */
export function confirmation(ending, b) {
  const gs = b.gs;
  if (!gs) return null;
  const two = b.settings.mode === 'two';
  const seat = b.seat === 'blue' || b.seat === 'gray' ? b.seat : b.settings.side;
  if (ending === 'resign') return { key: 'ending.confirmResign', params: { side: two ? gs.side : seat } };
  if (ending === 'abort') return { key: 'ending.confirmAbort' };
  return two ? { key: 'ending.confirmDraw' } : null;
}

/**
 * The ending the page asks the player about, while it can still be chosen in the game line it
 * was chosen in.
 * @param {PageState} p
 * @param {BoardSnapshot} b
 * @returns {Ending|null}
 */
export function asking(p, b) {
  const c = p.confirming;
  return c && b.gs && c.game === gameKey(b.gs) && endingsOffered(p, b).has(c.ending) ? c.ending : null;
}

/**
 * The buttons and the question under the board, and what the player's choices do.
 * @param {PageContext} ctx
 * @param {{snapshot: () => BoardSnapshot}} parts the board as the panel reads it
 */
export function pageEndings(ctx, { snapshot }) {
  const { board } = ctx;
  /** @param {Ending|null} ending */
  const confirming = (ending) => {
    const gs = board.state;
    ctx.update((p) => ({ ...p, confirming: ending && gs ? { ending, game: gameKey(gs) } : null }));
  };

  /**
   * Ends the game as the player chose, and says why the board refused, if it did.
   * @param {Ending} ending
   */
  async function end(ending) {
    confirming(null);
    if (!endingsOffered(ctx.page(), snapshot()).has(ending)) return;
    try {
      const byLink = board.settings.mode === 'friend';
      if (ending === 'resign') board.resign();
      else if (ending === 'abort') board.abort();
      else if (board.settings.mode === 'two') await board.offerDraw();
      else if (byLink) {
        await board.offerDraw();
        if (!board.state?.result) return ctx.notify({ key: 'ending.drawOffered' });
      } else if (board.settings.mode === 'live') {
        // The offer's box says it stands while it does (friends/friend-box.js), and goes with it.
        await board.offerDraw();
      } else {
        ctx.notify({ key: 'ending.drawThinking' });
        const { accepted } = await board.offerDraw();
        ctx.notify({ key: accepted ? 'ending.drawAccepted' : 'ending.drawDeclined' });
      }
      // The friend learns of it from the next link, as of a move.
      if (byLink && board.state?.result) ctx.notify({ key: 'ending.sendLink' });
    } catch (e) {
      ctx.notify(isAbort(e) ? null : { text: errorText(e, ctx.t) });
    }
  }

  /** @param {Ending} ending */
  function choose(ending) {
    if (!confirmation(ending, snapshot())) return end(ending);
    confirming(ending);
    // A keyboard's player is taken to the question, on its safe answer; the panel is drawn
    // in the frame asked for first.
    requestAnimationFrame(() => ctx.$('end-confirm-no').focus());
  }

  /**
   * Answers the friend's draw offer (or withdraws this device's own), saying why the board
   * refused, if it did.
   * @param {() => unknown} act
   */
  function answer(act) {
    try {
      const live = board.settings.mode === 'live';
      const own = board.drawOffer === board.seat;
      act();
      // By link the friend learns of it from the next link; live, a draw accepted, declined or
      // withdrawn is on the relay at once, signed.
      if (board.state?.result) ctx.notify(live ? null : { key: 'ending.sendLink' });
      else if (live) ctx.notify({ key: own ? 'ending.withdrawnLive' : 'ending.declinedLive' });
    } catch (e) {
      ctx.notify({ text: errorText(e, ctx.t) });
    }
  }

  /**
   * Claims the live game the friend left (by link, their time run out), saying why the board
   * refused, if it did.
   * @param {'win'|'draw'} kind
   */
  function claim(kind) {
    try {
      board.claim(kind);
      // By link the friend learns of it from the next link.
      if (board.settings.mode === 'friend') ctx.notify({ key: 'ending.sendLink' });
    } catch (e) {
      ctx.notify({ text: errorText(e, ctx.t) });
    }
  }

  /**
   * A takeback (ruling R38): this seat asks (the panel's box says the request stands) or
   * withdraws its request, or answers the friend's, saying what follows or why the board refused.
   * @param {'ask'|'accept'|'decline'|'withdraw'} act
   */
  function takeback(act) {
    try {
      const byLink = board.settings.mode === 'friend';
      board.takeback(act === 'ask' ? undefined : { [act]: true });
      // Live the relay carries the acceptance and the withdrawal at once; by link the next link does.
      if (act === 'accept' && byLink) ctx.notify({ key: 'friend.takebackSendLink' });
      else if (act === 'decline') ctx.notify({ key: 'friend.takebackYouDeclined' });
      else if (act === 'withdraw') ctx.notify({ key: byLink ? 'friend.takebackWithdrawnLink' : 'friend.takebackWithdrawnLive' });
    } catch (e) {
      ctx.notify({ text: errorText(e, ctx.t) });
    }
  }

  /** The player's yes to the question asked. */
  function confirm() {
    const asked = asking(ctx.page(), snapshot());
    if (asked) end(asked);
  }

  function wire() {
    /** @type {(id: string, f: () => void) => void} */
    const on = (id, f) => ctx.$(id).addEventListener('click', f);
    on('resign', () => choose('resign'));
    on('offer-draw', () => choose('draw'));
    on('abort', () => choose('abort'));
    on('end-confirm-yes', confirm);
    on('end-confirm-no', () => confirming(null));
    on('accept-draw', () => answer(() => ctx.board.acceptDraw()));
    on('claim-win', () => claim('win'));
    on('claim-draw', () => claim('draw'));
    on('decline-draw', () => answer(() => ctx.board.declineDraw()));
    on('accept-takeback', () => takeback('accept'));
    on('decline-takeback', () => takeback('decline'));
    on('withdraw-takeback', () => takeback('withdraw'));
  }

  /**
   * The buttons and the question, from the page state `p` and the board `b`.
   * @param {Document} doc
   * @param {PageState} p
   * @param {BoardSnapshot} b
   */
  function render(doc, p, b) {
    const open = endingsOffered(p, b);
    setIfChanged(byId(doc, 'ending'), 'hidden', !open.size);
    setIfChanged(button(doc, 'resign'), 'hidden', !open.has('resign'));
    setIfChanged(button(doc, 'offer-draw'), 'hidden', !open.has('draw'));
    setIfChanged(button(doc, 'abort'), 'hidden', !open.has('abort'));
    // A friend's draw offer and a claim of the game they left: friends/friend-box.js draws them.
    const asked = asking(p, b);
    const question = asked && confirmation(asked, b);
    setIfChanged(byId(doc, 'end-confirm'), 'hidden', !question);
    if (question) setIfChanged(byId(doc, 'end-confirm-text'), 'textContent', ctx.say(question));
  }

  return { wire, render, askTakeback: () => takeback('ask') };
}
