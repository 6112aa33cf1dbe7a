// How the single file (build-dist.mjs) packs what it carries compressed: its code, its wasm and
// its other languages' message tables, each undone in the browser by www/core/inflate.js (raw
// DEFLATE, DecompressionStream). By Zopfli, which writes the same format as zlib at its best,
// only 3 to 5 % smaller (the file went from 358.4 KB to 342.2 KB: docs/HOSTING.md), for some
// seconds more of the build.
import zopfli from '@gfx/zopfli';

/**
 * Zopfli's passes over each part: its authors' value for files of some hundred KB (more gains
 * a few bytes for seconds each).
 */
const ITERATIONS = 15;

/**
 * `data` as raw DEFLATE, in base64.
 * @param {Uint8Array | string} data
 * @returns {Promise<string>}
 */
export async function deflated(data) {
  const packed = await zopfli.deflateAsync(typeof data === 'string' ? Buffer.from(data) : data, { numiterations: ITERATIONS });
  return Buffer.from(packed).toString('base64');
}
