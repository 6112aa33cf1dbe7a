// What the player's choices under the board do (docs/RULES.md §5.1): Resign, Offer a draw and
// Abort, the yes or no to the question before each ends the game, the answer to a friend's draw
// offer and a claim of the game a friend left. The board does the ending (its resign(),
// offerDraw(), abort(), claim()). Fetched at the first such choice (page/endings.js, which draws
// the buttons and the question).
import { isAbort } from '../engine/ai-client.js';
import { errorText } from '../lib/errors.js';
import { gameKey } from './page-state.js';
import { endingsOpen, confirmation, asking } from './endings.js';
/** @import { PageContext } from './context.js' */
/** @import { BoardSnapshot } from './panel.js' */
/** @import { Ending } from './endings.js' */

/**
 * What the player's choices do (fetched at the first: page/endings.js).
 * @param {PageContext} ctx
 * @param {{snapshot: () => BoardSnapshot}} parts the board as the panel reads it
 */
export function endingActs(ctx, { snapshot }) {
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
    if (!endingsOpen(snapshot()).has(ending)) return;
    try {
      const byLink = board.settings.mode === 'friend';
      if (ending === 'resign') board.resign();
      else if (ending === 'abort') board.abort();
      else if (board.settings.mode === 'two') await board.offerDraw();
      else if (byLink || board.settings.mode === 'live') {
        await board.offerDraw();
        return ctx.notify({ key: byLink ? 'ending.drawOffered' : 'ending.drawOfferedLive' });
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
      act();
      if (board.state?.result) ctx.notify({ key: 'ending.sendLink' });
    } catch (e) {
      ctx.notify({ text: errorText(e, ctx.t) });
    }
  }

  /**
   * Claims the live game the friend left, saying why the board refused, if it did.
   * @param {'win'|'draw'} kind
   */
  function claim(kind) {
    try {
      board.claim(kind);
    } catch (e) {
      ctx.notify({ text: errorText(e, ctx.t) });
    }
  }

  /** The player's yes to the question asked. */
  function confirm() {
    const asked = asking(ctx.page(), snapshot());
    if (asked) end(asked);
  }

  return { choose, confirm, cancel: () => confirming(null), answer, claim };
}
