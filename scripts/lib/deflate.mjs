// How the single file (build-dist.mjs) packs what it carries compressed: its code, its wasm and
// its other languages' message tables, each undone in the browser by www/core/inflate.js (raw
// DEFLATE, DecompressionStream). By Zopfli, which writes the same format as zlib at its best,
// only 3 to 5 % smaller (the file went from 358.4 KB to 342.2 KB: docs/HOSTING.md), for some
// seconds more of the build.

/** @typedef {typeof import('@gfx/zopfli')} Zopfli */

/**
 * Zopfli's passes over each part: its authors' value for files of some hundred KB (more gains
 * a few bytes for seconds each).
 */
const ITERATIONS = 15;

/** @type {Promise<Zopfli> | null} */
let loaded = null;

/**
 * @gfx/zopfli, loaded on first use, so that the scripts that import the build's config and never
 * pack anything do not load it. Its Emscripten runtime, once loaded, handles the process's
 * `uncaughtException` (throwing it again from its own one-line source, which Node then prints
 * whole) and `unhandledRejection` (aborting): handlers of a compiler's own, not the build's, so
 * they are taken off again.
 * @returns {Promise<Zopfli>}
 */
function zopfli() {
  loaded ??= (async () => {
    const uncaught = process.listeners('uncaughtException');
    const unhandled = process.listeners('unhandledRejection');
    const module = /** @type {{ default: Zopfli }} */ (await import('@gfx/zopfli')).default;
    for (const l of process.listeners('uncaughtException')) if (!uncaught.includes(l)) process.off('uncaughtException', l);
    for (const l of process.listeners('unhandledRejection')) if (!unhandled.includes(l)) process.off('unhandledRejection', l);
    return module;
  })();
  return loaded;
}

/**
 * `data` as raw DEFLATE, in base64.
 * @param {Uint8Array | string} data
 * @returns {Promise<string>}
 */
export async function deflated(data) {
  const packed = await (await zopfli()).deflateAsync(typeof data === 'string' ? Buffer.from(data) : data, { numiterations: ITERATIONS });
  return Buffer.from(packed).toString('base64');
}
