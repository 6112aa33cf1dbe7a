// Whether this engine runs WebAssembly SIMD: the rules core is built twice, with SIMD (it searches
// faster) and without (for browsers that lack it, such as Safari before 16.4), and this answer
// picks the build. Asked by the page (assets.js), its service worker (which keeps only the build
// the page will load) and scripts/wasm-speed.mjs, so that all of them pick the same one.

/**
 * The smallest module with a SIMD instruction: one function, `i32.const 0; i8x16.splat;
 * i8x16.popcnt; drop`. The SIMD build may use any instruction of the final SIMD spec;
 * i8x16.popcnt came into it last, so an engine with an earlier draft (behind a flag) says no.
 */
const PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, // "\0asm", version 1
  0x01, 0x04, 0x01, 0x60, 0x00, 0x00, // type section: one type, () -> ()
  0x03, 0x02, 0x01, 0x00, // function section: one function, of that type
  0x0a, 0x0b, 0x01, 0x09, 0x00, 0x41, 0x00, 0xfd, 0x0f, 0xfd, 0x62, 0x1a, 0x0b, // code section: its body
]);

/**
 * Whether the SIMD build of the rules core runs here.
 * @returns {boolean}
 */
export function simdSupported() {
  return WebAssembly.validate(PROBE);
}
