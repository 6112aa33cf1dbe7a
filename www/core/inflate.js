// Raw DEFLATE, undone by the browser (DecompressionStream): how the single-file build keeps its
// large parts small (its code, the wasm, the message tables of the other languages). It imports
// nothing, so the single file's loader, which inflates the code itself, carries only this.

/**
 * The bytes that `base64` holds compressed with raw DEFLATE.
 * @param {string} base64
 * @returns {Promise<ArrayBuffer>}
 */
export function inflate(base64) {
  // A plain loop: Uint8Array.from with a mapping function, called once a byte, held the page's
  // main thread several times as long while the single file started.
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const packed = new Blob([bytes]);
  return new Response(packed.stream().pipeThrough(new DecompressionStream('deflate-raw'))).arrayBuffer();
}
