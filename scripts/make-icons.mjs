#!/usr/bin/env node
// Draws the app icons (www/icons/*.png, committed): a wooden board with its grid, the red dot,
// a blue and a gray piece. Run again after changing the design: `node scripts/make-icons.mjs`.
// A tiny rasteriser with 4x4 supersampling and a PNG encoder on node:zlib: no image tools needed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../www/icons');

/** @typedef {readonly [number, number, number]} Rgb A colour: red, green, blue, 0 to 255. */

/** @type {Rgb} */
const WOOD = [196, 150, 92];
/** @type {Rgb} */
const FRAME = [42, 37, 32];
/** @type {Rgb} */
const LINE = [92, 62, 30];
/** @type {Rgb} */
const RED = [200, 32, 28];
/** @type {Rgb} */
const BLUE = [42, 93, 176];
/** @type {Rgb} */
const BLUE_EDGE = [11, 29, 61];
/** @type {Rgb} */
const GRAY = [236, 237, 239];
/** @type {Rgb} */
const GRAY_EDGE = [48, 52, 58];

/**
 * The colour at (x, y) in a unit square; `inset` shrinks the design for a maskable icon.
 * @param {number} x
 * @param {number} y
 * @param {number} inset
 * @returns {Rgb}
 */
function shade(x, y, inset) {
  const u = (x - inset) / (1 - 2 * inset);
  const v = (y - inset) / (1 - 2 * inset);
  if (u < 0 || u > 1 || v < 0 || v > 1) return FRAME;
  /** @type {(cx: number, cy: number, r: number) => boolean} */
  const disc = (cx, cy, r) => Math.hypot(u - cx, v - cy) <= r;
  if (disc(0.5, 0.5, 0.085)) return RED;
  if (disc(0.3, 0.7, 0.15)) return disc(0.3, 0.7, 0.125) ? BLUE : BLUE_EDGE;
  if (disc(0.7, 0.3, 0.15)) return disc(0.7, 0.3, 0.125) ? GRAY : GRAY_EDGE;
  const m = 0.1;
  if (u < m || u > 1 - m || v < m || v > 1 - m) return FRAME;
  const step = (1 - 2 * m) / 4;
  /** @type {(w: number) => boolean} */
  const near = (w) => Math.abs(((w - m) / step) - Math.round((w - m) / step)) * step < 0.008;
  if (near(u) || near(v)) return LINE;
  return WOOD;
}

/**
 * The icon as a PNG: `size` pixels square, the design shrunk by `inset` (see shade).
 * @param {number} size
 * @param {number} inset
 * @returns {Buffer}
 */
function render(size, inset) {
  const px = Buffer.alloc(size * size * 4);
  const ss = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0];
      for (let j = 0; j < ss; j++) {
        for (let i = 0; i < ss; i++) {
          const c = shade((x + (i + 0.5) / ss) / size, (y + (j + 0.5) / ss) / size, inset);
          acc[0] += c[0];
          acc[1] += c[1];
          acc[2] += c[2];
        }
      }
      const o = (y * size + x) * 4;
      px[o] = Math.round(acc[0] / (ss * ss));
      px[o + 1] = Math.round(acc[1] / (ss * ss));
      px[o + 2] = Math.round(acc[2] / (ss * ss));
      px[o + 3] = 255;
    }
  }
  return png(size, size, px);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * @param {Buffer} buf
 * @returns {number}
 */
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A PNG chunk: length, type, data, CRC.
 * @param {string} type
 * @param {Buffer} data
 * @returns {Buffer}
 */
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * @param {number} w
 * @param {number} h
 * @param {Buffer} rgba the pixels, row by row, four bytes each
 * @returns {Buffer}
 */
function png(w, h, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) rgba.copy(raw, y * (w * 4 + 1) + 1, y * w * 4, (y + 1) * w * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

fs.mkdirSync(OUT, { recursive: true });
for (const [name, size, inset] of /** @type {const} */ ([
  // The page's favicon: the browser fetches it while the page loads, so it is the small one.
  ['icon-32.png', 32, 0],
  ['icon-192.png', 192, 0],
  ['icon-512.png', 512, 0],
  // A maskable icon keeps its design inside the central safe circle.
  ['icon-maskable-512.png', 512, 0.12],
])) {
  fs.writeFileSync(path.join(OUT, name), render(size, inset));
  console.log(`wrote www/icons/${name}`);
}
