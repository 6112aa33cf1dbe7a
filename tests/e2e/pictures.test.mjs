// End-to-end: pictures of a game, made in the browser: the position as a PNG image and a whole
// game as an animated GIF, through the element's toPNG()/toGIF() (its options checked) and the
// page's Download image / Download animation buttons, served and from the single file on disk.
// The files are read back here: a PNG's size from its header, a GIF's frames counted block by
// block.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setUp, openPage, state, pickMove, SINGLE_FILE, watch, refuseNetwork, waitReady } from './helpers.mjs';

const env = setUp();

/** Plays `plies` moves on the page's board through its play() method, walking the captains. */
async function playPlies(page, plies) {
  for (let i = 0; i < plies; i++) {
    const s = await state(page);
    if (s.result) break;
    const move = pickMove(s, i, { walk: false });
    await page.evaluate((text) => window.bluegray.element.play(text), move.text);
  }
  return (await state(page)).history.length;
}

/** The bytes of the Blob the element's `method` gives with `options`, or the error's message. */
function picture(page, method, options) {
  return page.evaluate(async ([m, o]) => {
    try {
      const blob = await window.bluegray.element[m](o);
      return { type: blob.type, bytes: [...new Uint8Array(await blob.arrayBuffer())] };
    } catch (e) {
      return { error: String(e.message) };
    }
  }, [method, options]);
}

/** A PNG's width and height, from its IHDR chunk; throws on anything else. */
function pngSize(bytes) {
  const b = Buffer.from(bytes);
  assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  assert.equal(b.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/**
 * A GIF read block by block: its screen size, its frames (image descriptors), their delays in
 * ms, and whether it loops (the NETSCAPE2.0 extension).
 */
function readGif(bytes) {
  const b = Buffer.from(bytes);
  assert.equal(b.subarray(0, 6).toString('latin1'), 'GIF89a');
  const width = b.readUInt16LE(6);
  const height = b.readUInt16LE(8);
  let i = 13 + (b[10] & 0x80 ? 3 * 2 ** ((b[10] & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (b[i] !== 0) i += b[i] + 1;
    i += 1;
  };
  let frames = 0;
  let loops = false;
  const delays = [];
  for (;;) {
    const block = b[i++];
    if (block === 0x3b) break;
    if (block === 0x21) {
      const label = b[i++];
      if (label === 0xf9) delays.push(b.readUInt16LE(i + 2) * 10);
      if (label === 0xff && b.subarray(i + 1, i + 12).toString('latin1') === 'NETSCAPE2.0') loops = true;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames += 1;
      const packed = b[i + 8];
      i += 9 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
      i += 1; // LZW minimum code size
      skipSubBlocks();
    } else throw new Error(`not a GIF block: ${block} at ${i - 1}`);
  }
  return { width, height, frames, delays, loops };
}

test('a 20-ply game as an animated GIF, one frame a position, and the position as a PNG image, from the element', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  assert.equal(await playPlies(page, 20), 20);
  const gif = await picture(page, 'toGIF', { size: 200, frameMs: 300 });
  assert.equal(gif.type, 'image/gif');
  const read = readGif(gif.bytes);
  assert.deepEqual({ width: read.width, height: read.height, frames: read.frames, loops: read.loops }, { width: 200, height: 200, frames: 21, loops: true });
  assert.deepEqual(read.delays.slice(0, 3), [300, 300, 300]);
  assert.equal(read.delays.at(-1), 900, 'the end stays three times as long');
  const png = await picture(page, 'toPNG');
  assert.equal(png.type, 'image/png');
  assert.deepEqual(pngSize(png.bytes), { width: 480, height: 480 });
  assert.deepEqual(pngSize((await picture(page, 'toPNG', { size: 1000 })).bytes), { width: 1000, height: 1000 });
  // Bad options are refused with what is wrong; the game is untouched.
  assert.match((await picture(page, 'toPNG', 'large')).error, /take an object of options/);
  assert.match((await picture(page, 'toGIF', { size: 50 })).error, /size is a whole number from 120 to 2000, not 50/);
  assert.match((await picture(page, 'toGIF', { frameMs: 'fast' })).error, /frameMs is a whole number from 100 to 10000, not fast/);
  assert.equal((await state(page)).history.length, 20);
  assert.deepEqual(problems, []);
});

test('the page downloads the position as an image and the game as an animation', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await playPlies(page, 6);
  const [png] = await Promise.all([page.waitForEvent('download'), page.click('#download-png')]);
  assert.match(png.suggestedFilename(), /^blue-and-gray-\d{4}-\d\d-\d\d-6\.png$/);
  assert.deepEqual(pngSize([...fs.readFileSync(await png.path())]), { width: 480, height: 480 });
  const [gif] = await Promise.all([page.waitForEvent('download'), page.click('#download-gif')]);
  assert.match(gif.suggestedFilename(), /-6\.gif$/);
  assert.equal(readGif([...fs.readFileSync(await gif.path())]).frames, 7);
  // The word that the animation is being made goes once it is made.
  await page.waitForFunction(() => document.getElementById('notice').hidden);
  assert.deepEqual(problems, []);
});

test('the single file from disk makes both pictures too, fetching nothing', async () => {
  const page = await env.context.newPage();
  const problems = watch(page, { network: false });
  refuseNetwork(page, problems);
  await page.goto(`${SINGLE_FILE}?mode=two`);
  await waitReady(page);
  assert.equal(await playPlies(page, 4), 4);
  const gif = readGif((await picture(page, 'toGIF', { size: 120, frameMs: 100 })).bytes);
  assert.equal(gif.frames, 5);
  assert.deepEqual(pngSize((await picture(page, 'toPNG', { size: 120 })).bytes), { width: 120, height: 120 });
  assert.deepEqual(problems, []);
  await page.close();
});
