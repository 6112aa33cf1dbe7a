// Games against a friend elsewhere as the page fetches them: sending them
// (friends/friend-games.js), what the panel says of them (friends/friend-box.js) and a live
// game's chat between its players (friends/chat-box.js), with their
// messages and stylesheet, fetched for the first such game (or the lobby's first opening), not with the page.
// A door that opens such a game resolves once they are there (`open`), and until then the page
// draws no such game (app.js scheduleRender waits for them); a fetch that fails says so, the game
// is drawn without them, and the next door tries again.
import { feature } from '../lib/on-demand.js';
import { notLoaded } from '../play/context.js';
import { localisePage } from '../play/panel.js';
import { isRemote } from '../lib/settings.js';
/** @import { PageContext } from '../play/context.js' */
/** @import { FriendBox } from '../play/panel.js' */
/** @import { GameRequest } from '../play/doors.js' */

/**
 * @param {PageContext} ctx
 * @param {{doors: {open: (request: GameRequest) => Promise<{opened: boolean, problems: string[]}>}, parts: Parameters<typeof import('./friend-games.js').friendGames>[1], loaded: () => void}} options
 *   `doors` the page's one door (doors.js), `parts` what friendGames needs; `loaded()` is called
 *   after each fetch, done or failed
 */
export function pageFriends(ctx, { doors, parts, loaded }) {
  /** @type {ReturnType<typeof import('./friend-games.js').friendGames>|null} */
  let games = null;
  /** @type {FriendBox|null} */
  let box = null;
  /** The last fetch failed: games are drawn without these parts until a door tries again. */
  let failed = false;
  /** The parts, fetched once with this package's words and styles; a fetch that failed is tried again. */
  const fetchParts = feature('friends', {
    code: () => Promise.all([import('./friend-games.js'), import('./friend-box.js'), import('./chat-box.js')]),
    start: ([m, b, chat]) => {
      const friend = m.friendGames(ctx, parts);
      games = friend;
      box = b;
      b.build(document, {
        sendLink: () => friend.sendLink(),
        invite: () => friend.sendInvite(),
        takeSeat: () => ctx.board.takeSeat(),
        continueElsewhere: () => friend.continueElsewhere(),
        rematch: (answer) => ctx.board.rematch({ answer }),
      }, ctx.t);
      chat.buildChat(document, ctx.board, ctx.t, () => ctx.page().lang);
      // The page's buttons that say the friend part's texts (a claim, a draw offer) say them.
      localisePage(document, ctx.t);
    },
  });

  /** A fetch under way, which every door that asks meanwhile waits for (said once when it fails). @type {Promise<boolean>|null} */
  let pending = null;

  /** Fetches the parts once; resolves to whether they are there, saying so when not. */
  function load() {
    if (games) return Promise.resolve(true);
    pending ??= fetchParts(ctx.page().lang)
      .then(
        () => {
          failed = false;
          return true;
        },
        (e) => {
          failed = true;
          ctx.notify(notLoaded('form.mode.friend', e));
          return false;
        },
      )
      .finally(() => {
        pending = null;
        loaded();
      });
    return pending;
  }

  /**
   * Opens `request` through the page's one door; a game against a friend elsewhere has these
   * parts fetched meanwhile, and is there with them when this resolves.
   * @param {GameRequest} request
   */
  async function open(request) {
    if (request.mode && isRemote(request.mode)) void load();
    const r = await doors.open(request);
    if (isRemote(ctx.board.settings.mode)) await load();
    return r;
  }

  return {
    open,
    load,
    /** The sending of friend games, once fetched. */
    games: () => games,
    /** What the panel says of a friend's game, once fetched. */
    box: () => box,
    /** Whether a game against a friend elsewhere waits for these parts before it is drawn. */
    awaited: () => !box && !failed,
  };
}
