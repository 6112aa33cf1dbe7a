// The Recent games box under the panel's buttons: the count beside its title, its list (drawn by
// page/recent.js, fetched with its messages once there is a kept game to list: until then
// index.html's "no games yet" stands), a kept game reopened or deleted from it, and the list following other tabs.
import { setIfChanged, laterStyles } from '../lib/dom.js';
import { notLoaded } from './context.js';
import { onDemand } from '../lib/on-demand.js';
import { loadMessages } from '../lib/i18n.js';
import { Games } from './games.js';
/** @import { PageContext } from './context.js' */
/** @import { PageState } from './page-state.js' */
/** @import { GameRequest } from './doors.js' */

/**
 * @param {PageContext} ctx
 * @param {{games: Games, start: (request: GameRequest) => unknown}} parts the kept games, and the page's door
 */
export function recentBox(ctx, { games, start }) {
  const { $, board } = ctx;
  /** The list's drawing, once fetched. @type {typeof import('./recent.js')|null} */
  let view = null;
  /** A fetch of it is under way, or failed (tried again when the player opens the box). */
  let waiting = false;
  const load = onDemand(() => Promise.all([import('./recent.js'), loadMessages('recent', ctx.page().lang), laterStyles()]).then(([m]) => m));

  function fetchView() {
    if (waiting) return;
    waiting = true;
    load().then(
      (m) => {
        view = m;
        waiting = false;
        // Drawn at the next frame.
        ctx.update((p) => p);
      },
      // Not fetched (offline before the service worker kept it): said once, and tried again
      // when the box is opened.
      (e) => ctx.notify(notLoaded('recent.title', e, { n: ctx.page().recent.length })),
    );
  }

  /**
   * Deletes kept game `id`, once the player says so.
   * @param {string} id
   */
  function deleteKept(id) {
    const page = ctx.page();
    if (!page.recent.some((e) => e.id === id) || id === page.gameId) return;
    if (!confirm(ctx.t('recent.confirmDelete'))) return;
    games.remove(id, page.gameId);
    ctx.update((p) => ({ ...p, recent: games.list() }));
  }

  function wire() {
    $('recent-list').addEventListener('click', (e) => {
      const target = /** @type {HTMLElement} */ (e.target);
      const open = target.closest('[data-open]');
      const del = target.closest('[data-delete]');
      if (open instanceof HTMLElement && open.dataset.open && open.dataset.open !== ctx.page().gameId) start({ from: 'recent', kept: open.dataset.open });
      else if (del instanceof HTMLElement && del.dataset.delete) deleteKept(del.dataset.delete);
    });
    $('recent-box').addEventListener('toggle', () => {
      if (!view && ctx.page().recent.length) {
        waiting = false;
        fetchView();
      }
    });
    // Another tab kept, changed or deleted a game: the list follows (this tab's own game is never
    // written over: a change made elsewhere turns this tab's next save into a game of its own).
    window.addEventListener('storage', (e) => {
      if (Games.listChanged(e)) ctx.update((p) => ({ ...p, recent: games.list() }));
    });
  }

  /**
   * Draws the box from the page state.
   * @param {PageState} page
   */
  function render(page) {
    setIfChanged($('recent-summary'), 'textContent', ctx.say({ key: 'recent.title', params: { n: page.recent.length } }));
    if (view) view.renderRecent($('recent-list'), page.recent, { current: page.gameId, catalogue: board.catalogue, say: ctx.say, lang: page.lang });
    else if (page.recent.length) fetchView();
  }

  return { wire, render };
}
