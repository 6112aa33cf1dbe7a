// The service worker: after the first visit the game loads and plays with no network.
//
// Every file of one build is kept in a cache named after that build, and answered from it
// first, so a page never mixes files of two builds (new JS against an old wasm). A new build is
// a new worker with a new cache; it waits while a page of the old build is open, and the page
// says that a new version is ready: on the player's word (a `skip-waiting` message) it takes
// over, deletes the old cache, and the page reloads with its game kept. With no page open, it
// takes over on the next visit. The build step (scripts/build-dist.mjs) bundles this script and
// fills in BUILD below: the files every visit needs, and the rules core's two builds, of which a
// visit needs one. Others (another language's messages) are kept once fetched, but never the
// build this browser does not run, which the page's preload may fetch through this worker.
import { simdSupported } from './core/wasm-simd.js';

/** This script's global scope, a service worker's. */
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/**
 * The build: its version, the files every visit needs, and the file of each of the rules core's
 * builds. Unbuilt (`dev`) it names no file of the rules core.
 * @type {{version: string, files: string[], wasm: {simd?: string, baseline?: string}}}
 */
const BUILD = { version: 'dev', files: [], wasm: {} };
const CACHE = `bluegray-${BUILD.version}`;

// The rules core's build that the page loads here (the same test picks it), and the other, whose
// download would be the largest file fetched for nothing: tested once, when the worker starts.
// Unbuilt, both are undefined, read as the address `undefined`: that install fails (there is
// no such file), so a development tree is never served from a cache.
const [WASM_USED, WASM_UNUSED] = simdSupported() ? [BUILD.wasm.simd, BUILD.wasm.baseline] : [BUILD.wasm.baseline, BUILD.wasm.simd];
const UNUSED_URL = new URL(String(WASM_UNUSED), sw.location.href).href;

sw.addEventListener('install', (event) => {
  const files = [...BUILD.files, String(WASM_USED)];
  // Relative to this worker, so the site works under any path.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files.map((f) => new Request(f, { cache: 'reload' })))));
});

// The page asks the waiting worker to take over once the player has said so.
sw.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'skip-waiting') sw.skipWaiting();
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('bluegray-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // A page's address carries its game in the query or fragment: the page is the same file.
      const hit = await cache.match(request, { ignoreSearch: request.mode === 'navigate' });
      if (hit) return hit;
      if (request.mode === 'navigate') {
        const page = await cache.match(new URL('./', sw.location.href), { ignoreSearch: true });
        if (page) return fetch(request).catch(() => page);
        return fetch(request);
      }
      const response = await fetch(request);
      if (response.ok && request.url !== UNUSED_URL) cache.put(request, response.clone());
      return response;
    }),
  );
});
