// Offline play and the offer of a new version: the service worker is registered where the page
// is served (not from disk, not the single file); when a new build is installed while the page is
// open, the page says so, and on the player's word the new version takes over and the page
// reloads with its game kept (never old wasm with new JS).

/** @import { PageContext } from './context.js' */

/**
 * @param {PageContext} ctx
 * @param {{save: (force?: boolean) => void}} parts `save` keeps the game before the reload
 */
export function pageUpdate(ctx, { save }) {
  /** The service worker's registration, once registered. */
  let registration = /** @type {ServiceWorkerRegistration|null} */ (null);
  /** The player asked for the new version: the page reloads when it takes over. */
  let switching = false;

  function register() {
    if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
    if (document.documentElement.dataset.singleFile === 'true') return;
    const sw = navigator.serviceWorker;
    // The new version has taken over on the player's word: show it (the first install's taking
    // over this page changes nothing it shows).
    sw.addEventListener('controllerchange', () => {
      if (switching) location.reload();
    });
    sw.register('./sw.js')
      .then((reg) => {
        const offer = () => {
          if (reg.waiting && sw.controller) ctx.update((p) => ({ ...p, updateReady: true }));
        };
        offer();
        reg.addEventListener('updatefound', () => {
          const w = reg.installing;
          if (w) w.addEventListener('statechange', offer);
        });
        registration = reg;
      })
      .catch(() => {
        /* the game works without it, only not offline */
      });
  }

  /** Switches to the new version on the player's word: the waiting worker takes over, then the page reloads. */
  function switchNow() {
    const waiting = registration && registration.waiting;
    if (!waiting) return;
    // The game in progress is kept at every change; the reload reopens it (this tab's game).
    save(true);
    switching = true;
    waiting.postMessage({ type: 'skip-waiting' });
  }

  return { register, switchNow };
}
