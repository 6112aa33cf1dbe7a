// End-to-end: <blue-gray-game> embedded in a host page of ANOTHER origin. One server serves
// dist/ (the element's files), a second serves a temporary folder with the host's own page,
// script and stylesheets; the host page loads the element's module by its absolute URL.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { boardPicture, clickPoint, frames, setUp, watch, NEAR_WIN } from './helpers.mjs';
import { startServer } from '../../scripts/serve.mjs';
import { loadLanguage, translate } from '../../www/lib/i18n.js';

await loadLanguage('ru');

const env = setUp({}, prepareHost); // the element's origin (dist/) and the browser
let host; // the host page's origin
let hostDir;

/** The host's page: its own script and stylesheet are files too, and it has its own CSP. */
function hostPage(elementOrigin, { css = 'host.css', boards, csp = hostCsp(elementOrigin) }) {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <title>A host page</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="${css}">
  <script type="module" src="host.js"></script>
  <script type="module" src="${elementOrigin}/blue-gray-game.js"></script>
</head>
<body>
  <h1>Someone else's page</h1>
  ${boards}
  <p class="after">text after the boards</p>
</body>
</html>
`;
}

/**
 * The host's own CSP, letting in the element's origin. In Chromium a module worker's imports are
 * checked against worker-src, so the blob: worker that imports the element's ai-worker.js needs
 * the element's origin in worker-src too.
 */
function hostCsp(elementOrigin) {
  return [
    "default-src 'self'",
    `script-src 'self' ${elementOrigin} 'wasm-unsafe-eval'`,
    `style-src 'self' ${elementOrigin}`,
    "img-src 'self' data: blob:",
    `worker-src 'self' blob: ${elementOrigin}`,
    `connect-src 'self' ${elementOrigin}`,
  ].join('; ');
}

/**
 * The CSP the README tells a host page to use (its "Embedding the board" section): the host's
 * own, which the README describes in words.
 */
const readmeCsp = hostCsp;

// The host's script: records every event the boards send (they bubble out of the shadow root
// and are composed, so the document hears them).
const HOST_JS = `
window.hostLog = [];
for (const type of ['ready', 'move', 'gameover', 'error', 'thinking']) {
  document.addEventListener(type, (e) => {
    const el = e.target;
    if (!el || el.localName !== 'blue-gray-game') return;
    window.hostLog.push({
      id: el.id,
      type,
      detail: JSON.parse(JSON.stringify(e.detail ?? null)),
      keys: Object.keys(e.detail || {}).sort(),
      bubbles: e.bubbles,
      composed: e.composed,
    });
  });
}
`;

const HOST_CSS = `
body { font: 16px sans-serif; margin: 0; padding: 8px; }
.box { display: inline-block; width: 420px; margin: 4px; vertical-align: top; }
`;

// A host whose styles reset every element, with !important, and try to reach into boards.
const HOSTILE_CSS = `
* { all: unset !important; }
*::before, *::after { all: unset !important; }
html, body { display: block !important; }
div.box { display: block !important; width: 440px !important; }
canvas { display: none !important; width: 1px !important; height: 1px !important; }
blue-gray-game canvas, .frame, p { display: none !important; visibility: hidden !important; }
blue-gray-game { font-size: 1px !important; line-height: 0 !important; }
`;

/** Starts the host's origin with its pages, and makes every page of the browser report CSP violations. */
async function prepareHost() {
  hostDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-host-'));
  host = await startServer({ port: 0, host: '127.0.0.1', root: hostDir });
  const a = env.server.origin;
  assert.notEqual(a, host.origin, 'two origins');
  fs.writeFileSync(path.join(hostDir, 'host.js'), HOST_JS);
  fs.writeFileSync(path.join(hostDir, 'host.css'), HOST_CSS);
  fs.writeFileSync(path.join(hostDir, 'hostile.css'), HOSTILE_CSS);
  fs.writeFileSync(
    path.join(hostDir, 'index.html'),
    hostPage(a, {
      boards: `<div class="box"><blue-gray-game id="one" mode="two"></blue-gray-game></div>
  <div class="box"><blue-gray-game id="two" mode="two" variant="classic" coordinates="off"></blue-gray-game></div>`,
    }),
  );
  fs.writeFileSync(
    path.join(hostDir, 'hostile.html'),
    hostPage(a, { css: 'hostile.css', boards: '<div class="box"><blue-gray-game id="one" mode="two"></blue-gray-game></div>' }),
  );
  fs.writeFileSync(
    path.join(hostDir, 'readme-csp.html'),
    hostPage(a, {
      csp: readmeCsp(a),
      boards: '<div class="box"><blue-gray-game id="one" mode="ai" side="blue" level="1" variant="classic"></blue-gray-game></div>',
    }),
  );
  // Every page of this browser reports CSP violations into window.__csp.
  await env.context.addInitScript(() => {
    window.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

after(async () => {
  await host?.close();
  if (hostDir) fs.rmSync(hostDir, { recursive: true, force: true });
});

/** Opens a host page and waits until every board on it is ready. */
async function openHost(file = 'index.html') {
  const page = await env.context.newPage();
  const problems = watch(page);
  await page.goto(host.url + file);
  await page.waitForFunction(
    async () => {
      await customElements.whenDefined('blue-gray-game');
      const boards = [...document.querySelectorAll('blue-gray-game')];
      await Promise.all(boards.map((b) => b.ready));
      return boards.every((b) => b.state && b.pointCenter('e5'));
    },
    null,
    { timeout: 15000 },
  );
  return { page, problems };
}

/** Problems plus CSP violations seen by the page. */
async function allProblems(page, problems) {
  const csp = await page.evaluate(() => window.__csp || ['no CSP listener installed']);
  return [...problems, ...csp.map((v) => `CSP: ${v}`)];
}

const st = (page, id) => page.evaluate((i) => document.getElementById(i).state, id);
const log = (page) => page.evaluate(() => window.hostLog);

/** Clicks a point of board `id` like a person. */
const click = (page, id, point) => clickPoint(page, point, { board: `#${id}` });

test('the element loads from another origin, with its own assets, and says it is ready', async () => {
  const { page, problems } = await openHost();
  const info = await page.evaluate(() => ({
    origin: location.origin,
    scripts: [...document.scripts].map((s) => s.src),
    ready: window.hostLog.filter((e) => e.type === 'ready').map((e) => e.id).sort(),
    resources: performance.getEntriesByType('resource').map((r) => r.name),
    canvases: [...document.querySelectorAll('blue-gray-game')].map((b) => !!b.shadowRoot.querySelector('canvas')),
  }));
  assert.equal(info.origin, host.origin);
  assert.ok(info.scripts.some((s) => s.startsWith(env.server.origin + '/')), info.scripts.join(' '));
  assert.deepEqual(info.ready, ['one', 'two']);
  assert.deepEqual(info.canvases, [true, true]);
  // The wasm (the SIMD build, which Chromium runs) and the stylesheet came from the element's
  // origin, once each (the wasm is shared): the npm package's, which the site's
  // blue-gray-game.js loads (dist/npm/).
  const wasm = info.resources.filter((r) => r.endsWith('.wasm'));
  assert.deepEqual(wasm, [`${env.server.origin}/npm/pkg/bluegray_wasm_simd_bg.wasm`]);
  assert.ok(info.resources.some((r) => r === `${env.server.origin}/npm/blue-gray-game.css`), info.resources.join(' '));
  // The attributes given in the markup made the games.
  assert.equal((await st(page, 'one')).variant, 'sackson');
  assert.equal((await st(page, 'two')).variant, 'classic');
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('attributes change the game: variant, position, record, orientation, coordinates, mode, side, level', async () => {
  const { page, problems } = await openHost();
  const id = 'one';
  // variant
  await page.evaluate(() => document.getElementById('one').setAttribute('variant', 'super-turbo'));
  await page.waitForFunction(() => document.getElementById('one').state.variant === 'super-turbo');
  assert.equal(await page.evaluate(() => document.getElementById('one').settings.variant), 'super-turbo');
  // position
  await page.evaluate((code) => {
    const b = document.getElementById('one');
    b.setAttribute('variant', 'sackson');
    b.setAttribute('position', code);
  }, NEAR_WIN);
  await page.waitForFunction((code) => document.getElementById('one').code === code, NEAR_WIN);
  let s = await st(page, id);
  assert.equal(s.variant, 'sackson');
  assert.equal(s.board.length, 4);
  // record
  const record = '[Variant "super"]\n\n1. e2-e3 e8-e7 2. d2-d3 *';
  await page.evaluate((r) => {
    const b = document.getElementById('one');
    b.removeAttribute('position');
    b.setAttribute('record', r);
  }, record);
  await page.waitForFunction(() => document.getElementById('one').state.history.length === 3);
  s = await st(page, id);
  assert.deepEqual(s.history, ['e2-e3', 'e8-e7', 'd2-d3']);
  assert.equal(s.variant, 'super');
  assert.equal(await page.evaluate(() => document.getElementById('one').getAttribute('variant')), 'super', 'the variant attribute follows the record');
  assert.equal(s.side, 'gray');
  // orientation: Gray at the bottom puts rank 1 at the top.
  const ys = () =>
    page.evaluate(() => {
      const b = document.getElementById('one');
      return { e1: b.pointCenter('e1').y, e9: b.pointCenter('e9').y, a5: b.pointCenter('a5').x, i5: b.pointCenter('i5').x, bottom: b.bottomSide };
    });
  let y = await ys();
  assert.equal(y.bottom, 'blue');
  assert.ok(y.e1 > y.e9 && y.a5 < y.i5, JSON.stringify(y));
  await page.evaluate(() => document.getElementById('one').setAttribute('orientation', 'gray'));
  await page.waitForFunction(() => document.getElementById('one').bottomSide === 'gray');
  await page.waitForFunction(() => {
    const b = document.getElementById('one');
    return b.pointCenter('e1').y < b.pointCenter('e9').y;
  });
  y = await ys();
  assert.ok(y.a5 > y.i5, JSON.stringify(y));
  // flip() turns it back and reflects the attribute.
  await page.evaluate(() => document.getElementById('one').flip());
  assert.equal(await page.evaluate(() => document.getElementById('one').getAttribute('orientation')), 'blue');
  await page.waitForFunction(() => document.getElementById('one').bottomSide === 'blue');
  // coordinates: the picture changes when the point names are turned off.
  const picture = () => boardPicture(page, '#one');
  const withNames = await picture();
  await page.evaluate(() => document.getElementById('one').setAttribute('coordinates', 'off'));
  const without = await picture();
  assert.notEqual(without, withNames, 'coordinates="off" changes the drawing');
  await page.evaluate(() => document.getElementById('one').setAttribute('coordinates', 'on'));
  assert.equal(await picture(), withNames, 'and "on" draws them again');
  // mode view: a click does not move, and the board says why.
  await page.evaluate(() => document.getElementById('one').newGame({ variant: 'sackson', mode: 'two' }));
  await page.evaluate(() => document.getElementById('one').setAttribute('mode', 'view'));
  await click(page, id, 'e2');
  await page.waitForFunction(() => /only shows/i.test(document.getElementById('one').shadowRoot.querySelector('.notice').textContent));
  await click(page, id, 'e3');
  assert.equal((await st(page, id)).history.length, 0, 'no move in view mode');
  // mode ai, side and level: the computer takes the other side at the level given.
  await page.evaluate(() => {
    const b = document.getElementById('one');
    b.setAttribute('level', '1');
    b.setAttribute('side', 'blue');
    b.setAttribute('mode', 'ai');
  });
  assert.deepEqual(
    await page.evaluate(() => {
      const { mode, side, level } = document.getElementById('one').settings;
      return { mode, side, level };
    }),
    { mode: 'ai', side: 'blue', level: 1 },
  );
  await click(page, id, 'e2');
  await click(page, id, 'e3');
  await page.waitForFunction(() => document.getElementById('one').state.history.length === 2, null, { timeout: 20000 });
  const computerMove = (await log(page)).filter((e) => e.id === 'one' && e.type === 'move')[1];
  assert.equal(computerMove.detail.by, 'computer');
  assert.equal(computerMove.detail.side, 'gray');
  // A bad attribute value is reported by an `error` event and ignored.
  await page.evaluate(() => document.getElementById('one').setAttribute('level', '99'));
  const err = (await log(page)).find((e) => e.id === 'one' && e.type === 'error');
  assert.ok(err, 'an error event for level="99"');
  assert.match(err.detail.message, /level/i);
  assert.match(err.detail.message, /99/);
  assert.equal(await page.evaluate(() => document.getElementById('one').settings.level), 1);
  // The other board was never touched.
  const other = await st(page, 'two');
  assert.equal(other.variant, 'classic');
  assert.equal(other.history.length, 0);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('a board in Russian says a bad position attribute in Russian in every detail, none of the rules core’s English', async () => {
  const { page, problems } = await openHost();
  await page.evaluate(() => document.getElementById('one').setAttribute('lang', 'ru'));
  // (Until its tables have come, the board's and the rules core's errors', a language is said in
  // English: lib/i18n.js.)
  const over = translate('ru', 'core.gameOver');
  await page.waitForFunction((k) => document.getElementById('one').message('core.gameOver') === k, over);
  await page.evaluate(() => document.getElementById('one').setAttribute('position', 'garbage'));
  await page.waitForFunction(() => window.hostLog.some((e) => e.type === 'error' && e.id === 'one'));
  const errors = (await log(page)).filter((e) => e.type === 'error' && e.id === 'one').map((e) => e.detail.message);
  const text = errors.join(' ');
  assert.match(text, /[а-яё]{4}/i, text);
  // The sentence and its detail (the code's one field of four), as the rules core's error says them.
  assert.ok(text.includes(translate('ru', 'core.badPosition', { error: translate('ru', 'core.position.fieldCount', { found: 1 }) })), text);
  assert.doesNotMatch(text, /bad position code|a position code has/, text);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('a board with rules of no name says so in sentences, quoting the name and listing every name', async () => {
  const { page, problems } = await openHost();
  await page.evaluate(() => document.getElementById('one').setAttribute('variant', 'nonsense'));
  await page.waitForFunction(() => window.hostLog.some((e) => e.type === 'error' && e.id === 'one'));
  const text = (await log(page)).filter((e) => e.type === 'error' && e.id === 'one').map((e) => e.detail.message).join(' ');
  assert.match(text, /^There are no rules called “nonsense”: expected one of sackson, classic, .*super-turbo-light-pow\. /, text);
  assert.doesNotMatch(text, /[.!?]\s+\p{Ll}|\{[^}]*\|/u, text);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('two boards are independent: a move on one leaves the other alone, and both can think at once', async () => {
  const { page, problems } = await openHost();
  const before2 = await st(page, 'two');
  assert.equal(await page.evaluate(() => document.getElementById('one').play('e2-e3')), 'e2-e3');
  await click(page, 'one', 'd2');
  await click(page, 'one', 'd3');
  assert.equal((await st(page, 'one')).history.length, 1, 'd2-d3 is not Gray’s move');
  await click(page, 'one', 'e8');
  await click(page, 'one', 'e7');
  await page.waitForFunction(() => document.getElementById('one').state.history.length === 2);
  const after2 = await st(page, 'two');
  assert.deepEqual(after2.history, []);
  assert.equal(after2.code, before2.code);
  assert.deepEqual((await st(page, 'one')).history, ['e2-e3', 'e8-e7']);
  // Undo on one does not reach the other.
  await page.evaluate(() => document.getElementById('two').play('e2-e3'));
  assert.equal(await page.evaluate(() => document.getElementById('one').undo()), true);
  assert.deepEqual((await st(page, 'one')).history, ['e2-e3']);
  assert.deepEqual((await st(page, 'two')).history, ['e2-e3']);
  // Both play against themselves at once: each thinks and each gets its own computer moves.
  await page.evaluate(() => {
    document.getElementById('one').newGame({ variant: 'classic-turbo', mode: 'demo', level: 1 });
    document.getElementById('two').newGame({ variant: 'super', mode: 'demo', level: 1 });
  });
  await page.waitForFunction(
    () => ['one', 'two'].every((id) => document.getElementById(id).state.history.length >= 3),
    null,
    { timeout: 30000 },
  );
  await page.evaluate(() => {
    for (const id of ['one', 'two']) document.getElementById(id).paused = true;
  });
  const [a, b] = [await st(page, 'one'), await st(page, 'two')];
  assert.equal(a.variant, 'classic-turbo');
  assert.equal(b.variant, 'super');
  const entries = await log(page);
  for (const id of ['one', 'two']) {
    const thinking = entries.filter((e) => e.id === id && e.type === 'thinking').map((e) => e.detail.thinking);
    assert.ok(thinking.includes(true) && thinking.includes(false), `${id} thinking events: ${thinking}`);
    const moves = entries.filter((e) => e.id === id && e.type === 'move' && e.detail.by === 'computer');
    assert.ok(moves.length >= 3, `${id}: ${moves.length} computer moves`);
  }
  // The two games' records are their own.
  const records = await page.evaluate(() => ['one', 'two'].map((id) => document.getElementById(id).record));
  assert.match(records[0], /\[Variant "classic-turbo"\]/);
  assert.match(records[1], /\[Variant "super"\]/);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('play(): a legal move returns its normalised text; an illegal one throws with the reason', async () => {
  const { page, problems } = await openHost();
  const r = await page.evaluate(() => {
    const b = document.getElementById('one');
    const out = {};
    const attempt = (text) => {
      try {
        return { ok: b.play(text) };
      } catch (e) {
        return { error: e instanceof Error, message: String(e.message), name: e.name };
      }
    };
    out.illegal = attempt('e2-e5');
    out.garbage = attempt('hello');
    out.notYours = attempt('e8-e7');
    out.notText = attempt(42);
    out.plyAfterErrors = b.state.ply;
    out.legal = attempt('e2-e3');
    out.plyAfter = b.state.ply;
    out.history = b.state.history;
    out.capitals = attempt(' E8-E7 ');
    return out;
  });
  for (const k of ['illegal', 'garbage', 'notYours', 'notText']) {
    assert.equal(r[k].error, true, `${k}: ${JSON.stringify(r[k])}`);
    assert.ok(r[k].message.length >= 10, `${k} says why: "${r[k].message}"`);
  }
  assert.match(r.illegal.message, /e2-e5|e2|e5|illegal|not legal|cannot/i);
  assert.notEqual(r.illegal.message, r.garbage.message, 'different faults, different reasons');
  assert.equal(r.notText.name, 'TypeError');
  assert.match(r.notText.message, /number/);
  assert.equal(r.plyAfterErrors, 0, 'a refused move changes nothing');
  assert.deepEqual(r.legal, { ok: 'e2-e3' });
  assert.equal(r.plyAfter, 1);
  assert.deepEqual(r.history, ['e2-e3']);
  // Whatever the input's spelling, what comes back (and is recorded) is the normal notation.
  if (r.capitals.ok !== undefined) {
    assert.equal(r.capitals.ok, 'e8-e7');
    assert.equal((await st(page, 'one')).history[1], 'e8-e7');
  } else {
    assert.equal(r.capitals.error, true);
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

/** A caller of board `id`'s method `name` with one argument: resolves to {ok: what it returned} or the error it threw. */
function attemptOn(page, id, name) {
  return (arg) =>
    page.evaluate(
      ([i, n, a]) => {
        try {
          return { ok: document.getElementById(i)[n](a) };
        } catch (e) {
          return { error: e instanceof Error, name: e.name, message: String(e.message) };
        }
      },
      [id, name, arg],
    );
}

/**
 * Asserts that `attempt` (attemptOn) refuses each of `texts` with an Error whose message matches
 * `message`, and what is no text with a TypeError whose message matches `typeMessage`.
 */
async function assertRefuses(attempt, texts, message, typeMessage) {
  for (const bad of texts) {
    const r = await attempt(bad);
    assert.equal(r.error, true, `${bad}: ${JSON.stringify(r)}`);
    assert.match(r.message, message, bad);
  }
  for (const bad of [42, undefined, { move: 'e2-e3' }]) {
    const r = await attempt(bad);
    assert.equal(r.name, 'TypeError', JSON.stringify(r));
    assert.match(r.message, typeMessage);
  }
}

test('showHint(): draws a legal move as the hint arrow for its position, uncounted; refuses anything else', async () => {
  const { page, problems } = await openHost();
  const picture = () => boardPicture(page, '#one');
  const plain = await picture();
  const attempt = attemptOn(page, 'one', 'showHint');
  await assertRefuses(attempt, ['e2-e5', 'e8-e7', 'hello', ''], /not a legal move/, /showHint\(\) takes a move as text/);
  assert.equal(await picture(), plain, 'a refused hint draws nothing');
  assert.deepEqual(await attempt(' E2-E3 '), { ok: 'e2-e3' });
  const hinted = await picture();
  assert.notEqual(hinted, plain, 'the arrow is drawn');
  const s = await st(page, 'one');
  assert.equal(s.ply, 0, 'a shown hint plays nothing');
  assert.doesNotMatch(s.record, /Hints/, 'and is not counted as a hint asked for');
  assert.deepEqual(await attempt(null), { ok: null });
  assert.equal(await picture(), plain, 'null takes the arrow away');
  // The arrow belongs to its position: gone after a move, back when the move is taken back.
  await attempt('e2-e3');
  await page.evaluate(() => document.getElementById('one').play('d2-d3'));
  assert.notEqual(await picture(), hinted);
  await page.evaluate(() => document.getElementById('one').undo());
  assert.equal(await picture(), hinted);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('showMistake(): marks the last move while the game holds it, through the moves after it; refuses anything else', async () => {
  const { page, problems } = await openHost();
  const picture = () => boardPicture(page, '#one');
  const attempt = attemptOn(page, 'one', 'showMistake');
  const act = (what) => page.evaluate((w) => document.getElementById('one')[w[0]](...w.slice(1)), what);
  const start = await picture();
  assert.match((await attempt('e2-e3')).message, /No move has been played yet/);
  await act(['play', 'e2-e3']);
  const plain = await picture();
  await assertRefuses(attempt, ['e8-e7', 'd2-d3', 'hello', ''], /is not the last move played \(e2-e3\)/, /showMistake\(\) takes a move as text/);
  assert.equal(await picture(), plain, 'a refused mark draws nothing');
  assert.deepEqual(await attempt(' E2-E3 '), { ok: 'e2-e3' });
  const marked = await picture();
  assert.notEqual(marked, plain, 'the mark is drawn');
  assert.equal((await st(page, 'one')).ply, 1, 'marking plays nothing');
  // The mark stays through the reply, goes with the move taken back and comes back with it.
  await act(['play', 'e8-e7']);
  const replied = await picture();
  await act(['undo']);
  assert.equal(await picture(), marked);
  await act(['undo']);
  assert.equal(await picture(), start);
  await act(['redo']);
  assert.equal(await picture(), marked);
  await act(['redo']);
  assert.equal(await picture(), replied);
  assert.deepEqual(await attempt(null), { ok: null });
  assert.notEqual(await picture(), replied, 'null takes the mark away');
  // A new game keeps nothing of it, even where the same move is played again.
  await act(['undo']);
  assert.deepEqual(await attempt('e2-e3'), { ok: 'e2-e3' });
  await act(['newGame', {}]);
  await act(['play', 'e2-e3']);
  assert.equal(await picture(), plain);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('move events carry {text, ply, side, record, code, by}, from play(), a person and the computer', async () => {
  const { page, problems } = await openHost();
  await page.evaluate(() => {
    window.hostLog.length = 0;
    document.getElementById('one').play('e2-e3');
  });
  await click(page, 'one', 'e8');
  await click(page, 'one', 'e7');
  await page.waitForFunction(() => window.hostLog.filter((e) => e.type === 'move').length === 2);
  const [m1, m2] = (await log(page)).filter((e) => e.type === 'move');
  const s = await st(page, 'one');
  const now = await page.evaluate(() => ({ record: document.getElementById('one').record, code: document.getElementById('one').code }));
  assert.equal(m1.id, 'one');
  assert.equal(m1.bubbles, true);
  assert.equal(m1.composed, true);
  assert.deepEqual(m1.keys, ['by', 'code', 'ply', 'record', 'side', 'text']);
  assert.equal(m1.detail.text, 'e2-e3');
  assert.equal(m1.detail.ply, 1);
  assert.equal(m1.detail.side, 'blue');
  assert.equal(m1.detail.by, 'api');
  assert.match(m1.detail.record, /e2-e3/);
  assert.equal(m2.detail.text, 'e8-e7');
  assert.equal(m2.detail.ply, 2);
  assert.equal(m2.detail.side, 'gray');
  assert.equal(m2.detail.by, 'human');
  assert.equal(m2.detail.code, now.code);
  assert.equal(m2.detail.code, s.code);
  assert.equal(m2.detail.record, now.record);
  assert.notEqual(m1.detail.code, m2.detail.code);
  // The computer's move: Gray answers a person's Blue move.
  await page.evaluate(() => {
    window.hostLog.length = 0;
    document.getElementById('two').newGame({ variant: 'classic', mode: 'ai', side: 'blue', level: 1 });
  });
  await click(page, 'two', 'e2');
  await click(page, 'two', 'e3');
  await page.waitForFunction(() => window.hostLog.filter((e) => e.type === 'move').length === 2, null, { timeout: 20000 });
  const [h, c] = (await log(page)).filter((e) => e.type === 'move');
  assert.deepEqual([h.id, h.detail.by, h.detail.side, h.detail.text, h.detail.ply], ['two', 'human', 'blue', 'e2-e3', 1]);
  assert.deepEqual([c.id, c.detail.by, c.detail.side, c.detail.ply], ['two', 'computer', 'gray', 2]);
  const s2 = await st(page, 'two');
  assert.equal(c.detail.text, s2.history[1]);
  assert.equal(c.detail.code, s2.code);
  assert.equal(c.detail.record, await page.evaluate(() => document.getElementById('two').record));
  // The computer thought in between, and said so.
  const thinking = (await log(page)).filter((e) => e.type === 'thinking' && e.id === 'two').map((e) => e.detail);
  assert.deepEqual(thinking.slice(0, 2), [{ thinking: true }, { thinking: false }]);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('gameover fires with {winner, reason, cause, token, text}', async () => {
  const { page, problems } = await openHost();
  await page.evaluate((code) => {
    window.hostLog.length = 0;
    document.getElementById('one').newGame({ variant: 'sackson', mode: 'two', position: code });
  }, NEAR_WIN);
  assert.equal(await page.evaluate(() => document.getElementById('one').play('e4-e5')), 'e4-e5');
  await page.waitForFunction(() => window.hostLog.some((e) => e.type === 'gameover'));
  const entries = await log(page);
  const over = entries.filter((e) => e.type === 'gameover');
  assert.equal(over.length, 1, 'one gameover event');
  const g = over[0];
  assert.equal(g.id, 'one');
  assert.equal(g.bubbles && g.composed, true);
  assert.equal(g.detail.winner, 'blue');
  assert.equal(g.detail.reason, 'breakthrough');
  assert.equal(g.detail.token, '1-0');
  assert.deepEqual(g.keys, ['cause', 'reason', 'text', 'token', 'winner']);
  assert.ok(g.detail.cause === null || g.detail.cause === undefined, 'no cause for a breakthrough');
  assert.match(g.detail.text, /Blue wins by breakthrough/);
  // The element's own result, on a page that does not hide it, covers no square: it is drawn
  // under the board's picture, not over it.
  await page.waitForFunction(() => !document.getElementById('one').shadowRoot.querySelector('.result').hidden);
  const boxes = await page.evaluate(() => {
    const root = document.getElementById('one').shadowRoot;
    const box = (/** @type {Element} */ el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height }; };
    return { board: box(root.querySelector('canvas')), result: box(root.querySelector('.result')) };
  });
  assert.ok(boxes.result.height > 0 && boxes.result.top >= boxes.board.bottom, `the result lies under the board: ${JSON.stringify(boxes)}`);
  // The move event came first and the state agrees.
  assert.ok(entries.findIndex((e) => e.type === 'move') < entries.findIndex((e) => e.type === 'gameover'));
  const s = await st(page, 'one');
  assert.equal(s.result.winner, 'blue');
  assert.equal(s.moves.length, 0);
  // Nothing more can be played, and the refusal says why.
  const refused = await page.evaluate(() => {
    try {
      document.getElementById('one').play('a9-a8');
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.ok(refused, 'play() after the end throws');
  await click(page, 'one', 'a1');
  await page.waitForFunction(() => /over/i.test(document.getElementById('one').shadowRoot.querySelector('.notice').textContent));
  // Taken back and won again: the game is over again, and says so again.
  assert.equal(await page.evaluate(() => document.getElementById('one').undo()), true);
  assert.ok(!(await st(page, 'one')).result, 'no result after the undo');
  await page.evaluate(() => document.getElementById('one').play('e4-e5'));
  try {
    await page.waitForFunction(() => window.hostLog.filter((e) => e.type === 'gameover').length === 2, null, { timeout: 3000 });
  } catch {
    assert.fail('no gameover event when the game ends again after an undo');
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('newGame() with a bad option throws and leaves the game and its settings as they were', async () => {
  const { page, problems } = await openHost();
  await page.evaluate(() => document.getElementById('one').play('e2-e3'));
  const r = await page.evaluate(async () => {
    const b = document.getElementById('one');
    const out = {};
    for (const [k, o] of [
      ['level', { level: 99 }],
      ['mode', { mode: 'chess' }],
      ['notObject', 'classic'],
      ['position', { position: 'junk' }],
      ['record', { record: '[Variant "nope"]\n\n*' }],
      ['variant', { variant: 'chess' }],
    ]) {
      let error = null;
      try {
        // Each throws at once, the record's too: the board's rules core reads it.
        b.newGame(o);
      } catch (e) {
        error = { name: e.name, message: String(e.message) };
      }
      const { variant, mode, level } = b.settings;
      out[k] = {
        error,
        history: b.state.history,
        settings: { variant, mode, level },
        attr: b.getAttribute('variant'),
        position: b.getAttribute('position'),
      };
    }
    // A good call afterwards.
    try {
      b.newGame({ mode: 'two' });
      out.good = { history: b.state.history, variant: b.state.variant };
    } catch (e) {
      out.good = { error: String(e.message) };
    }
    // A good record is on the board at once.
    const done = b.newGame({ record: '[Variant "classic"]\n\n1. e2-e3 *' });
    out.goodRecord = { history: b.state.history, variant: b.state.variant };
    await done;
    return out;
  });
  const expected = { history: ['e2-e3'], settings: { variant: 'sackson', mode: 'two', level: 3 }, attr: 'sackson', position: null };
  for (const k of ['level', 'mode', 'notObject', 'position', 'record', 'variant']) {
    assert.ok(r[k].error, `newGame with a bad ${k} should throw`);
    assert.ok(r[k].error.message.length > 5, `${k}: "${r[k].error.message}"`);
  }
  assert.match(r.level.error.message, /level/i);
  assert.match(r.level.error.message, /99/);
  assert.match(r.mode.error.message, /mode/i);
  assert.equal(r.notObject.error.name, 'TypeError');
  assert.match(r.variant.error.message, /chess/);
  // The game in progress, its settings and the variant attribute are as they were after each
  // refused call, and a good call still works.
  const kept = Object.fromEntries(
    ['level', 'mode', 'notObject', 'position', 'record', 'variant'].map((k) => {
      const rest = { ...r[k] };
      delete rest.error;
      return [k, rest];
    }),
  );
  const wrong = Object.entries(kept)
    .filter(([, v]) => !isDeepStrictEqual(v, expected))
    .map(([k, v]) => `after newGame with a bad ${k}: ${JSON.stringify(v)}`);
  if (!isDeepStrictEqual(r.good, { history: [], variant: 'sackson' })) wrong.push(`then newGame({mode: 'two'}): ${JSON.stringify(r.good)}`);
  if (!isDeepStrictEqual(r.goodRecord, { history: ['e2-e3'], variant: 'classic' })) wrong.push(`then newGame({record}): ${JSON.stringify(r.goodRecord)}`);
  assert.deepEqual(wrong, [], `expected each time ${JSON.stringify(expected)}`);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test("the host page's CSS, even `* { all: unset !important }`, does not break the board", async () => {
  const { page, problems } = await openHost('hostile.html');
  // The host's reset did apply to its own page.
  assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('h1')).display), 'inline');
  const box = await page.evaluate(() => {
    const b = document.getElementById('one');
    const c = b.shadowRoot.querySelector('canvas');
    const r = c.getBoundingClientRect();
    return { w: r.width, h: r.height, display: getComputedStyle(c).display, visibility: getComputedStyle(c).visibility, px: c.width };
  });
  assert.ok(box.w >= 300, `canvas ${box.w} CSS px wide`);
  assert.ok(Math.abs(box.w - box.h) <= 1, `canvas ${box.w}×${box.h} is square`);
  assert.ok(box.w <= 441, `canvas ${box.w} px fits its 440 px box`);
  assert.notEqual(box.display, 'none');
  assert.equal(box.visibility, 'visible');
  assert.ok(box.px >= box.w, 'drawn at device resolution');
  // The board is what the mouse hits at a point's centre.
  const hit = await page.evaluate(() => {
    const b = document.getElementById('one');
    const c = b.pointCenter('e2');
    const el = document.elementFromPoint(c.x, c.y);
    return el === b;
  });
  assert.equal(hit, true);
  await click(page, 'one', 'e2');
  await click(page, 'one', 'e3');
  await page.waitForFunction(() => document.getElementById('one').state.history.length === 1);
  assert.deepEqual((await st(page, 'one')).history, ['e2-e3']);
  // The drawing is not blank: the canvas has many colours.
  const colours = await page.evaluate(() => {
    const c = document.getElementById('one').shadowRoot.querySelector('canvas');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 20, `${colours} colours drawn`);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test("with the host CSP the README gives, the computer still plays", async () => {
  // README, "Embedding the board": `script-src` for the element's origin plus
  // 'wasm-unsafe-eval', connect-src/style-src for that origin, and `worker-src blob:` with that
  // origin (the blob: worker imports the real script from there).
  const { page, problems } = await openHost('readme-csp.html');
  await click(page, 'one', 'e2');
  await click(page, 'one', 'e3');
  try {
    await page.waitForFunction(() => document.getElementById('one').state.history.length === 2, null, { timeout: 15000 });
  } catch {
    const errors = (await log(page)).filter((e) => e.type === 'error').map((e) => e.detail.message);
    assert.fail(`no reply from the computer under the README's CSP; error events: ${JSON.stringify(errors)}; ${JSON.stringify(await allProblems(page, problems))}`);
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('switching a board to play against the computer by its attributes, on the computer’s turn, starts the computer', async () => {
  const { page, problems } = await openHost();
  // Blue is to move on board one (two players); the page now hands Blue to the computer.
  await page.evaluate(() => {
    const b = document.getElementById('one');
    b.setAttribute('level', '1');
    b.setAttribute('side', 'gray');
    b.setAttribute('mode', 'ai');
  });
  try {
    await page.waitForFunction(() => document.getElementById('one').state.history.length === 1, null, { timeout: 8000 });
  } catch {
    const b = await page.evaluate(() => {
      const el = document.getElementById('one');
      return { thinking: el.thinking, settings: el.settings, side: el.state.side };
    });
    assert.fail(`the computer never moved after mode="ai" side="gray" with Blue to move: ${JSON.stringify(b)}`);
  }
  const m = (await log(page)).find((e) => e.type === 'move');
  assert.deepEqual([m.detail.by, m.detail.side], ['computer', 'blue']);
  // The same for a demo started by its attribute.
  await page.evaluate(() => document.getElementById('two').setAttribute('mode', 'demo'));
  try {
    await page.waitForFunction(() => document.getElementById('two').state.history.length >= 1, null, { timeout: 8000 });
  } catch {
    assert.fail('mode="demo" set on a board did not start the demo');
  }
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

/** Waits until `page` runs exactly `n` workers: each 'worker' event of the page and 'close' event of a worker counts them again. */
async function expectWorkers(page, n, timeout = 15000) {
  const deadline = Date.now() + timeout;
  while (page.workers().length !== n) {
    const left = deadline - Date.now();
    if (left <= 0) assert.fail(`${page.workers().length} workers, expected ${n}`);
    await new Promise((resolve) => {
      const workers = page.workers();
      const done = () => {
        clearTimeout(timer);
        page.off('worker', done);
        for (const w of workers) w.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, left);
      page.on('worker', done);
      for (const w of workers) w.on('close', done);
    });
  }
}

test('lifecycle: a board moved in the page while the computer thinks moves again; a removed one stops and resumes when added back', async () => {
  const { page, problems } = await openHost();
  // Board one plays Blue against the computer; Gray (the computer) is to move once Blue has.
  await page.evaluate(() => {
    const b = document.getElementById('one');
    b.newGame({ mode: 'ai', side: 'blue', level: 2 });
    b.play('e2-e3');
  });
  await page.waitForFunction(() => document.getElementById('one').thinking);
  // Moved while it thinks: it is taken out and put back in the same task.
  await page.evaluate(() => document.body.appendChild(document.getElementById('one')));
  await page.waitForFunction(() => document.getElementById('one').state.history.length === 2, null, { timeout: 20000 });
  // A demo board taken out stops playing, and goes on where it was when it is back.
  await page.evaluate(() => document.getElementById('two').newGame({ mode: 'demo', level: 1 }));
  await page.waitForFunction(() => document.getElementById('two').state.history.length >= 2, null, { timeout: 20000 });
  // Taken out, its computer stops at once: no waiting, no thinking, and its worker ends.
  const workers = page.workers().length;
  const stoppedAt = await page.evaluate(() => {
    const b = document.getElementById('two');
    window.__detached = b;
    b.remove();
    return b.state.history.length;
  });
  assert.equal(await page.evaluate(() => window.__detached.thinking), false);
  await expectWorkers(page, workers - 1);
  assert.equal(await page.evaluate(() => window.__detached.state.history.length), stoppedAt);
  await page.evaluate(() => document.body.appendChild(window.__detached));
  await page.waitForFunction((n) => window.__detached.state.history.length > n, stoppedAt, { timeout: 20000 });
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('lifecycle: boards added and removed in the same task leave no worker behind', async () => {
  const { page, problems } = await openHost();
  const workers = page.workers().length;
  // The workers the page makes from now on that were not ended.
  await page.evaluate(() => {
    const Made = window.Worker;
    window.__running = new Set();
    window.Worker = class extends Made {
      constructor(...args) {
        super(...args);
        window.__running.add(this);
      }
      terminate() {
        window.__running.delete(this);
        return super.terminate();
      }
    };
  });
  await page.evaluate(() => {
    window.__boards = [];
    for (let i = 0; i < 50; i++) {
      const b = document.createElement('blue-gray-game');
      b.setAttribute('mode', 'demo');
      document.body.appendChild(b);
      b.remove();
      window.__boards.push(b);
    }
  });
  // Each board has loaded its game, where a connected board starts its computer, and the page
  // has drawn since: a worker that was going to start has started.
  await page.evaluate(() => Promise.allSettled(window.__boards.map((b) => b.ready)));
  await frames(page);
  assert.equal(await page.evaluate(() => window.__running.size), 0, 'workers made and not ended');
  assert.ok(page.workers().length <= workers, `${page.workers().length} workers, ${workers} before`);
  assert.deepEqual(await allProblems(page, problems), []);
  await page.close();
});

test('promises reject with Errors: a hint overtaken by another, or by the board’s removal, is an AbortError', async () => {
  const { page } = await openHost();
  const outcome = await page.evaluate(async () => {
    const b = document.getElementById('one');
    const describe = (p) =>
      p.then(
        (v) => ({ ok: true, move: v.move }),
        (e) => ({ ok: false, isError: e instanceof Error || e instanceof DOMException, name: e.name, message: e.message }),
      );
    const first = describe(b.hint());
    const second = describe(b.hint());
    const gone = describe(b.hint().finally(() => {}));
    b.remove();
    return { first: await first, second: await second, gone: await gone };
  });
  assert.equal(outcome.first.ok, false);
  assert.equal(outcome.first.name, 'AbortError', JSON.stringify(outcome.first));
  assert.equal(outcome.first.isError, true);
  assert.equal(outcome.second.name, 'AbortError');
  assert.equal(outcome.gone.name, 'AbortError');
  assert.ok(outcome.gone.message.length > 0);
  await page.close();
});
