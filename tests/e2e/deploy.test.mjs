// End-to-end: dist/ as deployed. Under a sub-path with the strict CSP header; offline through
// the service worker; the single file from disk; the dev tree's page from disk; a long game in a
// link's fragment; the manifest, its icons and the service worker as served.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  setUp,
  openPage,
  waitReady,
  waitPly,
  waitIdle,
  playMove,
  state,
  waitText,
  watch,
  refuseNetwork,
  playToTheEnd,
  swKept,
  serviceWorkerControl,
  q,
  SINGLE_FILE,
  ROOT,
  DIST,
} from './helpers.mjs';
import { STRICT_CSP } from '../../scripts/serve.mjs';

const PREFIX = '/games/bg/';

// dist/ under PREFIX, with the strict CSP header; service workers blocked
const env = setUp({ csp: true, prefix: PREFIX }, (e) => watchCsp(e.context));

/** Makes every page of `context` collect CSP violations into window.__csp, from its first script on. */
async function watchCsp(context) {
  await context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

async function cspViolations(page) {
  return page.evaluate(() => (Array.isArray(window.__csp) ? window.__csp : ['the CSP listener was not installed']));
}

test('under a sub-path with the strict CSP header: a whole game against the computer by clicks, no errors, no violations', async (t) => {
  assert.ok(env.url.endsWith(PREFIX));
  const head = await fetch(env.url);
  assert.equal(head.status, 200);
  assert.equal(head.headers.get('content-security-policy'), STRICT_CSP);
  assert.equal((await fetch(env.server.origin + '/index.html')).status, 404, 'nothing outside the sub-path');
  const { page, problems } = await openPage(env, q({ variant: 'classic', mode: 'ai', side: 'gray', level: 1 }));
  assert.ok(page.url().startsWith(env.url));
  const s = await playToTheEnd(page, 'gray');
  assert.ok(s.result, `no result after ${s.history.length} plies`);
  assert.ok(s.history.length >= 4);
  t.diagnostic(`${s.result.text} after ${s.history.length} plies`);
  await waitText(page, '#result-token', /\S/);
  assert.deepEqual(problems, []);
  assert.deepEqual(await cspViolations(page), []);
  await page.close();
});

test('the manifest is linked and parses, its icons are PNGs of their sizes, and sw.js lists files that are served', async () => {
  const page = await env.context.newPage();
  await page.goto(env.url);
  await waitReady(page);
  const href = await page.evaluate(() => {
    const link = document.querySelector('link[rel="manifest"]');
    return link && link.href;
  });
  assert.ok(href, 'a <link rel="manifest">');
  assert.ok(href.startsWith(env.url), `manifest ${href} is under the sub-path`);
  const res = await fetch(href);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type'), /^application\/(manifest\+)?json/);
  const manifest = JSON.parse(await res.text());
  assert.ok(manifest.name && manifest.short_name, 'name and short_name');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.ok(['standalone', 'fullscreen', 'minimal-ui'].includes(manifest.display));
  assert.equal(new URL(manifest.start_url, href).href, env.url, 'start_url is the page under the sub-path');
  assert.ok(manifest.icons.length >= 2);
  const sizes = new Set();
  for (const icon of manifest.icons) {
    const url = new URL(icon.src, href);
    assert.ok(url.href.startsWith(env.url), `${icon.src} is relative`);
    const r = await fetch(url);
    assert.equal(r.status, 200, icon.src);
    assert.equal(r.headers.get('content-type'), 'image/png', icon.src);
    const bytes = Buffer.from(await r.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${icon.src} is a PNG`);
    const w = bytes.readUInt32BE(16);
    const h = bytes.readUInt32BE(20);
    assert.equal(`${w}x${h}`, icon.sizes, `${icon.src} is ${w}x${h}`);
    sizes.add(icon.sizes);
  }
  assert.ok(sizes.has('192x192') && sizes.has('512x512'), 'the sizes an installable app needs');
  // The page's icon link is served too.
  const iconHref = await page.evaluate(() => document.querySelector('link[rel="icon"]').href);
  assert.equal((await fetch(iconHref)).headers.get('content-type'), 'image/png');
  // The service worker script: JavaScript, stamped with this build, listing files that exist
  // (the rules core's two builds apart: it keeps the one its browser runs).
  const sw = await fetch(new URL('sw.js', env.url));
  assert.equal(sw.status, 200);
  assert.match(sw.headers.get('content-type'), /^text\/javascript/);
  const src = await sw.text();
  const m = src.match(/const BUILD = (\{.*?\});/);
  assert.ok(m, 'sw.js carries its build');
  const build = JSON.parse(m[1]);
  assert.notEqual(build.version, 'dev');
  // The opening explorer's games and the puzzle set too, for the explorer and the puzzles offline.
  for (const f of ['./', 'index.html', 'blue-gray-game.js', 'ai-worker.js', 'manifest.webmanifest', 'explorer/sackson.txt', 'puzzles.txt']) {
    assert.ok(build.files.includes(f), `the service worker caches ${f}`);
  }
  assert.deepEqual(build.wasm, { simd: 'pkg/bluegray_wasm_simd_bg.wasm', baseline: 'pkg/bluegray_wasm_bg.wasm' });
  // Of the play module, the worker keeps the one build its browser runs (not listed here); the
  // teaching module, one build, is kept by every browser for lessons and puzzles offline.
  assert.deepEqual(
    build.files.filter((f) => f.endsWith('.wasm')),
    ['pkg/bluegray_teach_bg.wasm'],
    'of the wasm, the teaching module is kept by every browser',
  );
  for (const f of [...build.files, ...Object.values(build.wasm)]) {
    const r = await fetch(new URL(f, env.url));
    assert.equal(r.status, 200, `${f} listed by sw.js is served`);
    await r.arrayBuffer();
  }
  await page.close();
});

test('a long game carried in the link fragment opens as the same game', async (t) => {
  // The impasse rule is turned off (a variant option) so that random play lasts long.
  const variant = 'sackson,impasse_plies=0';
  const { page, problems } = await openPage(env, q({ mode: 'two', variant }));
  // Random legal moves, steps rather than captain moves while there are any (a captain that
  // reaches the red dot ends the game), up to 1,000 plies.
  const built = await page.evaluate((spec) => {
    const b = window.bluegray.element;
    let best = null;
    for (let game = 1; game <= 8 && !(best && best.history.length >= 1000); game++) {
      b.newGame({ variant: spec, mode: 'two' });
      let seed = 7919 * game;
      const rand = (n) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return seed % n;
      };
      for (let i = 0; i < 1000; i++) {
        const s = b.state;
        if (s.result || !s.moves.length) break;
        const steps = s.moves.filter((m) => m.kind !== 'captain');
        const pool = steps.length ? steps : s.moves;
        b.play(pool[rand(pool.length)].text);
      }
      if (!best || b.state.history.length > best.history.length) {
        best = { record: b.record, code: b.code, variant: b.state.variant, history: b.state.history, result: b.state.result || null, game };
      }
    }
    return best;
  }, variant);
  t.diagnostic(`game ${built.game}: ${built.history.length} plies, record ${built.record.length} characters, ${built.result ? built.result.text : 'unfinished'}`);
  assert.equal(built.variant, variant);
  assert.ok(built.history.length >= 300, `only ${built.history.length} plies`);
  assert.ok(built.record.length >= 3000, `record of ${built.record.length} characters`);
  const fragment = '#' + new URLSearchParams({ mode: 'two', record: built.record }).toString();
  t.diagnostic(`link fragment ${fragment.length} characters`);
  // A fresh page of the same origin (openPage clears the saved game first): only the link can
  // bring the game back.
  const opened = await openPage(env, fragment);
  const s = await state(opened.page);
  assert.equal(s.variant, variant);
  assert.equal(s.code, built.code);
  assert.deepEqual(s.history, built.history);
  assert.deepEqual(problems, []);
  assert.deepEqual(opened.problems, []);
  assert.deepEqual(await cspViolations(opened.page), []);
  await page.close();
  await opened.page.close();
});

test('offline: after one visit the page loads and plays with the network off', async () => {
  const off = await env.serve({ serviceWorkers: 'allow', prefix: PREFIX });
  try {
    await watchCsp(off.context);
    const page = await off.context.newPage();
    const problems = watch(page, { network: false });
    const url = off.url + q({ mode: 'ai', side: 'blue', level: 1 });
    await page.goto(url);
    await waitReady(page);
    assert.equal(await serviceWorkerControl(page), true, 'the page is controlled by the service worker');
    // Of the rules core, the SIMD build, which Chromium runs, and not the baseline too.
    const kept = await swKept(page);
    assert.ok(kept.includes(`${PREFIX}pkg/bluegray_wasm_simd_bg.wasm`), kept.join(' '));
    assert.ok(!kept.includes(`${PREFIX}pkg/bluegray_wasm_bg.wasm`), kept.join(' '));
    await off.context.setOffline(true);
    // The server goes away too: nothing can come from the network.
    await off.server.close();
    await page.reload();
    await waitReady(page);
    await playMove(page, 'e2-e3');
    await waitPly(page, 2, 20000);
    await waitIdle(page);
    const s = await state(page);
    assert.equal(s.history[0], 'e2-e3');
    assert.equal(s.history.length, 2);
    assert.deepEqual(problems, []);
    assert.deepEqual(await cspViolations(page), []);
    await page.close();
  } finally {
    await off.context.setOffline(false).catch(() => {});
    await off.close().catch(() => {});
  }
});

test('the single file plays from disk (file://), the computer included, with no errors', async () => {
  const page = await env.context.newPage();
  const problems = watch(page, { network: false });
  refuseNetwork(page, problems);
  await page.goto(SINGLE_FILE + q({ mode: 'ai', side: 'blue', level: 1 }));
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.singleFile), 'true');
  await page.evaluate(() => {
    window.__errors = [];
    window.bluegray.element.addEventListener('error', (e) => window.__errors.push(e.detail.message));
  });
  await playMove(page, 'e2-e3');
  try {
    await waitPly(page, 2, 15000);
  } catch {
    assert.fail(`no reply from the computer in the single file from disk; the board said: ${JSON.stringify(await page.evaluate(() => window.__errors))}`);
  }
  await waitIdle(page);
  const s = await state(page);
  assert.equal(s.history[0], 'e2-e3');
  assert.equal(s.history.length, 2);
  await waitText(page, '#status', /Your move \(Blue\)/);
  assert.deepEqual(problems, []);
  assert.deepEqual(await cspViolations(page), []);
  await page.close();
});

test("the dev tree's index.html opened from disk says how to run it; the built one opens the single file", async () => {
  const page = await env.context.newPage();
  await page.goto(pathToFileURL(path.join(ROOT, 'index.html')).href);
  await page.waitForSelector('#file-help', { state: 'visible', timeout: 5000 });
  const help = await page.evaluate(() => {
    const el = document.getElementById('file-help');
    const r = el.getBoundingClientRect();
    return { hidden: el.hidden, text: el.textContent, w: r.width, h: r.height };
  });
  assert.equal(help.hidden, false);
  assert.ok(help.w > 100 && help.h > 20, `the message is shown (${help.w}×${help.h})`);
  assert.match(help.text, /bash scripts\/run\.sh/);
  assert.match(help.text, /blue-and-gray\.html/);
  // The built page opened from disk opens the single file beside it, which plays from there.
  await page.goto(pathToFileURL(path.join(DIST, 'index.html')).href);
  await page.waitForURL(/\/blue-and-gray\.html$/, { timeout: 5000 });
  await page.close();
});
