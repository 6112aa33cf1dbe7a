// End-to-end: the rules core's two builds (scripts/build-web.sh). Chromium runs WebAssembly SIMD,
// so the page loads the SIMD build; a browser without SIMD (Safari before 16.4), imitated by
// making WebAssembly.validate refuse SIMD in the page and in its service worker, loads the
// baseline, plays, and keeps only the baseline for offline play. The single file embeds only the
// baseline. The play builds' Game is the one Game (it reads records and keeps their variations),
// and the teaching module has none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { setUp, openPage, waitReady, waitPly, waitIdle, state, swKept, serviceWorkerControl, watch, DIST } from './helpers.mjs';

const SIMD = 'pkg/bluegray_wasm_simd_bg.wasm';
const BASELINE = 'pkg/bluegray_wasm_bg.wasm';
const AI = '?mode=ai&side=blue&level=1';

/**
 * A browser without SIMD: WebAssembly.validate refuses any module holding 0xfd, the prefix of
 * SIMD's instructions. A real module may hold that byte as data, but only the feature test's
 * probe is ever validated.
 */
function noSimd() {
  const validate = WebAssembly.validate;
  WebAssembly.validate = (bytes) => {
    const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
    return !view.includes(0xfd) && validate(bytes);
  };
}

/** Records, in window.__compiled, the file of every module the page compiles from a response. */
function recordCompiles() {
  window.__compiled = [];
  const compile = WebAssembly.compileStreaming;
  WebAssembly.compileStreaming = async (source) => {
    const response = await source;
    window.__compiled.push(new URL(response.url).pathname.replace(/^.*\/pkg\//, 'pkg/'));
    return compile(response);
  };
}

/** The wasm files under pkg/ that the page has fetched. */
function wasmFetched(page) {
  return page.evaluate(() => [
    ...new Set(
      performance
        .getEntriesByType('resource')
        .map((r) => new URL(r.name).pathname.replace(/^.*\/pkg\//, 'pkg/'))
        .filter((f) => f.endsWith('.wasm')),
    ),
  ]);
}

/** Plays e2-e3 and waits for the computer's reply. */
async function playAndGetReply(page) {
  await page.evaluate(() => window.bluegray.element.play('e2-e3'));
  await waitPly(page, 2);
  await waitIdle(page);
  const s = await state(page);
  assert.equal(s.history[0], 'e2-e3');
  assert.equal(s.history.length, 2, 'the computer replied');
}

const env = setUp();

test('Chromium runs SIMD: the page loads the SIMD build, and only it', async () => {
  const { page, problems } = await openPage(env, AI, { init: recordCompiles });
  await playAndGetReply(page);
  assert.deepEqual(await page.evaluate(() => window.__compiled), [SIMD]);
  assert.deepEqual(await wasmFetched(page), [SIMD]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('without SIMD the page loads the baseline build, and the computer plays', async () => {
  const { page, problems } = await openPage(env, AI, { init: `(${noSimd})(); (${recordCompiles})();` });
  await playAndGetReply(page);
  assert.deepEqual(await page.evaluate(() => window.__compiled), [BASELINE]);
  // The SIMD build too: the page preloads it (scripts/build-dist.mjs says why).
  assert.deepEqual((await wasmFetched(page)).sort(), [BASELINE, SIMD]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('without SIMD the service worker keeps the baseline build, not the SIMD one, and the page plays offline', async () => {
  // A copy of dist/ whose service worker lacks SIMD as well.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-no-simd-'));
  fs.cpSync(DIST, root, { recursive: true });
  const sw = path.join(root, 'sw.js');
  fs.writeFileSync(sw, `(${noSimd})();\n${fs.readFileSync(sw, 'utf8')}`);
  const off = await env.serve({ root, serviceWorkers: 'allow' });
  try {
    const page = await off.context.newPage();
    await page.addInitScript(`(${noSimd})(); (${recordCompiles})();`);
    await page.goto(off.url + AI);
    await waitReady(page);
    assert.equal(await serviceWorkerControl(page), true, 'the page is controlled by the service worker');
    const kept = await swKept(page);
    assert.ok(kept.includes(`/${BASELINE}`), kept.join(' '));
    assert.ok(!kept.includes(`/${SIMD}`), kept.join(' '));
    await off.context.setOffline(true);
    await off.server.close();
    const problems = watch(page);
    await page.reload();
    await waitReady(page);
    await playAndGetReply(page);
    // The game kept before the reload is read back by the one rules core: no other module.
    assert.deepEqual(await page.evaluate(() => window.__compiled), [BASELINE]);
    // Only the preload of the SIMD build fails, which this browser does not use.
    const unused = new Set([`request failed: ${new URL(SIMD, off.url)} net::ERR_FAILED`, 'console.error: Failed to load resource: net::ERR_FAILED']);
    assert.deepEqual(problems.filter((p) => !unused.has(p)), []);
    await page.close();
  } finally {
    await off.context.setOffline(false).catch(() => {});
    await off.close().catch(() => {});
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the single file embeds the served baseline build, and only it: no SIMD build, no teaching module', async () => {
  const html = fs.readFileSync(path.join(DIST, 'blue-and-gray.html'), 'utf8');
  // Its code is carried compressed, the one long base64 string of its one inline script (the
  // loader); a string is in quotes or backticks, as the minifier writes it.
  const scripts = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)];
  assert.equal(scripts.length, 1);
  const packed = [...scripts[0][1].matchAll(/["`]([A-Za-z0-9+/=]{1000,})["`]/g)];
  assert.equal(packed.length, 1);
  const code = zlib.inflateRawSync(Buffer.from(packed[0][1], 'base64')).toString('utf8');
  const embedded = [...code.matchAll(/wasmBase64:["`]([A-Za-z0-9+/=]+)["`]/g)].map((m) => zlib.inflateRawSync(Buffer.from(m[1], 'base64')));
  assert.equal(embedded.length, 1);
  assert.match(code, /teachingBase64:null/);
  // The one rules core: the page's, which reads records with their variations (docs/RULES.md R29).
  assert.ok(embedded[0].equals(fs.readFileSync(path.join(DIST, BASELINE))), 'the embedded module is the served baseline');
});

test('one Game: the play builds read records and keep their variations; the teaching module has no Game (docs/RULES.md R29)', async () => {
  const exports = async (file) => WebAssembly.Module.exports(await WebAssembly.compile(fs.readFileSync(path.join(DIST, file)))).map((e) => e.name);
  for (const file of [SIMD, BASELINE]) {
    const names = await exports(file);
    for (const name of ['game_fromRecord', 'game_setTree', 'game_state', 'think', 'analyse', 'variants']) assert.ok(names.includes(name), `${file} has ${name}`);
    assert.ok(!names.includes('lessons') && !names.includes('puzzles'), 'the lessons are the teaching module’s only');
  }
  assert.deepEqual(fs.readdirSync(path.join(DIST, 'pkg')).sort(), [BASELINE, SIMD, 'pkg/bluegray_teach_bg.wasm'].map((f) => path.basename(f)).sort(), 'the site serves the three builds, no other');
  const teaching = await exports('pkg/bluegray_teach_bg.wasm');
  assert.ok(!teaching.some((n) => n.startsWith('game_')), 'the teaching module has no Game: a lesson fetches no second one');
});
