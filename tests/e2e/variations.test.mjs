// End-to-end: variations as a player makes them: a game played, a different move tried at an
// earlier position (a variation, shown indented under the move it replaces), the keyboard into
// and out of it and between variations, promoted to the game's line, the record downloaded with
// it in parentheses, the game kept over a reload and opened by link with it; a record's
// comments shown after their moves; the page passes its accessibility checks with the variation
// shown. The one rules core, fetched on the first visit, keeps them: a variation fetches no
// other module (docs/RULES.md R29).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setUp, openPage, waitReady, state, clickPoint, frames, waitText, watch, copyLink, seriousA11y, q } from './helpers.mjs';

/** Guard steps from the start that leave no capture to make. */
const OPENING = ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7', 'f2-f3', 'f8-f7'];

const env = setUp({}, (e) => e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e.url).origin }));

const viewPath = (page) => page.evaluate(() => window.bluegray.element.viewPath);

/** The wasm modules the page has fetched, by file name, each once. */
const wasmFetched = (page) => page.evaluate(() => [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop()).filter((f) => f.endsWith('.wasm')))]);

/** Takes the focus off any control and the board: keys then go to the page itself. */
async function focusBody(page) {
  await page.evaluate(() => {
    document.getElementById('game').shadowRoot.activeElement?.blur();
    document.activeElement?.blur();
  });
}

/** Presses `key` on the page and waits until the board looks at `path`. */
async function press(page, key, path) {
  await page.keyboard.press(key);
  await page.waitForFunction((p) => JSON.stringify(window.bluegray.element.viewPath) === JSON.stringify(p), path);
}

/** Plays `from`-`to` by clicks on the position the board shows, waiting until it looks at `path`. */
async function tryMove(page, from, to, path) {
  await clickPoint(page, from);
  await clickPoint(page, to);
  await page.waitForFunction((p) => JSON.stringify(window.bluegray.element.viewPath) === JSON.stringify(p), path);
}

test('a variation made at an earlier position, walked by keys, promoted, downloaded, kept and linked', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  const first = await wasmFetched(page);
  assert.equal(first.length, 1, first.join(' '));
  await page.evaluate((ms) => {
    for (const m of ms) window.bluegray.element.play(m);
  }, OPENING);
  await page.waitForFunction((n) => document.querySelectorAll('#moves button[data-ply]').length === n, OPENING.length);

  // Back to the position after 1… e8-e7, and a different move there: a variation, not a new game.
  await page.click('#moves button[data-ply="2"]');
  await tryMove(page, 'f2', 'f3', [0, 0, 1]);
  assert.deepEqual(await wasmFetched(page), first, 'the first variation fetches no other module');
  await tryMove(page, 'd8', 'd7', [0, 0, 1, 0]);
  let s = await state(page);
  assert.deepEqual(s.history, OPENING, 'the game is as it was');
  const variation = page.locator('#moves li.variation');
  await variation.waitFor();
  assert.equal(await variation.locator('[role=group]').getAttribute('aria-label'), 'Variation');
  assert.equal(await variation.locator('button.mv').allTextContents().then((t) => t.join(' ')), 'f2-f3 d8-d7');
  assert.equal(await page.getAttribute('#moves button[data-path="0.0.1.0"]', 'aria-current'), 'step');
  await waitText(page, '#viewing-text', /^In a variation: position after 2… d8-d7$/);
  // Indented under the row of the move it replaces.
  const [row, block] = await Promise.all([
    page.locator('#moves button[data-ply="3"]').boundingBox(),
    variation.boundingBox(),
  ]);
  assert.ok(block.x > row.x - 60 && block.y > row.y, 'the variation is under the game’s move, indented');

  // Keys from the page: ← back, ↑ ↓ between the game's move and the variation, → on, Home, End.
  await focusBody(page);
  await press(page, 'ArrowLeft', [0, 0, 1]);
  await press(page, 'ArrowUp', [0, 0, 0]);
  await waitText(page, '#viewing-text', /^Position after 2\. d2-d3$/);
  await press(page, 'ArrowDown', [0, 0, 1]);
  await press(page, 'ArrowRight', [0, 0, 1, 0]);
  await press(page, 'Home', []);
  await press(page, 'End', null);
  // The same keys on a move of the list step the board into the variation, the focus with it.
  await page.click('#moves button[data-ply="3"]');
  await press(page, 'ArrowDown', [0, 0, 1]);
  // The panel moves the focus when it draws the step, a frame after the board's: waited for.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-path') === '0.0.1', undefined, { timeout: 10000 });
  await page.click('#moves button[data-path="0.0.1.0"]');
  assert.deepEqual(await viewPath(page), [0, 0, 1, 0]);
  // The evaluation follows the position looked at.
  assert.equal(await page.evaluate(() => window.bluegray.element.shownState.history.join(' ')), 'e2-e3 e8-e7 f2-f3 d8-d7');

  // Promoted: the variation is the game's line, the old one a variation.
  assert.equal(await page.isHidden('#continue-here'), true, 'no continuing from a variation: promote it');
  await page.click('#variation-promote');
  await page.waitForFunction(() => window.bluegray.state.history.length === 4);
  s = await state(page);
  assert.deepEqual(s.history, ['e2-e3', 'e8-e7', 'f2-f3', 'd8-d7']);
  assert.equal(await viewPath(page), null, 'the board shows the game, now the promoted line');
  await page.waitForFunction(() => document.querySelector('#moves li.variation')?.textContent.includes('d2-d3'));
  assert.equal(await page.locator('#moves li.variation button.mv').allTextContents().then((t) => t.join(' ')), OPENING.slice(2).join(' '));

  // The record carries the variation in parentheses.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-record')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.ok(text.replace(/\n/g, ' ').includes('2. f2-f3 (2. d2-d3 d8-d7 3. f2-f3 f8-f7) 2... d8-d7 *'), text);

  // Kept: a reload brings the game back with its variation.
  await page.reload();
  await waitReady(page);
  await frames(page);
  await page.locator('#moves li.variation').waitFor();
  s = await state(page);
  assert.deepEqual(s.history, ['e2-e3', 'e8-e7', 'f2-f3', 'd8-d7']);
  assert.ok(s.tree, 'the kept game has its variations');

  // A link to the game opens it, variation and all, in another browser.
  const link = await copyLink(page, '#copy-link');
  const context = await env.newContext();
  try {
    const fresh = await context.newPage();
    const freshProblems = watch(fresh);
    await fresh.goto(link);
    await waitReady(fresh);
    await fresh.locator('#moves li.variation').waitFor();
    const there = await state(fresh);
    assert.deepEqual(there.history, s.history);
    assert.deepEqual(there.tree, s.tree);
    assert.deepEqual(freshProblems, []);
  } finally {
    await context.close();
  }
  // Made the main line again from inside it, then deleted: the game is its first moves, alone.
  await page.click('#moves li.variation button.mv >> nth=1');
  assert.deepEqual(await viewPath(page), [0, 0, 1, 0]);
  await page.click('#variation-main');
  await page.waitForFunction((n) => window.bluegray.state.history.length === n, OPENING.length);
  assert.deepEqual((await state(page)).history, OPENING);
  await page.click('#moves li.variation button.mv');
  await page.click('#variation-delete');
  await page.waitForFunction(() => !window.bluegray.state.tree && !document.querySelector('#moves li.variation'));
  assert.deepEqual(await viewPath(page), [0, 0], 'the board stays where the variation left the game');
  assert.deepEqual((await state(page)).history, OPENING);

  // A record's variations in variations, opened by a link: each follows the move it replaces,
  // in parentheses. Its comments follow their moves, the game's own under the move's row (the
  // row goes on after them) and before the first move at the top, each once; the clocks' are not.
  const record = '{Before it all} 1. e2-e3 {first move [%clk 0:04:57]} e8-e7 2. d2-d3 {main} (2. f2-f3 {tried} d8-d7 (2... c8-c7 3. c2-c3) 3. c2-c3) 2... d8-d7 {[%clk 0:04:50]} *';
  await page.goto(`${env.url}#${new URLSearchParams({ mode: 'two', record })}`);
  await waitReady(page);
  const nested = page.locator('#moves li.variation');
  await nested.waitFor();
  const items = await page.$$eval('#moves > li', (lis) =>
    lis.map((li) => (li.classList.contains('comment') ? `{${li.textContent}}` : li.classList.contains('variation') ? '(…)' : [...li.querySelectorAll('button')].map((b) => b.textContent).join(' '))),
  );
  assert.deepEqual(items, ['{Comment: Before it all}', 'e2-e3', '{Comment: first move}', 'e8-e7', 'd2-d3', '{Comment: main}', '(…)', 'd8-d7']);
  assert.equal(await page.textContent('#moves li.comment .visually-hidden'), 'Comment: ', 'a screen reader hears it is a comment');
  assert.deepEqual(await page.locator('#moves button[data-ply="2"]').evaluate((b) => b.closest('li')?.textContent), '1.…e8-e7', 'the reply goes on in a row of its own');
  assert.deepEqual(await nested.locator('.comment').allTextContents(), ['tried'], 'a variation’s comment, in it');
  assert.ok(!(await page.textContent('#moves'))?.includes('%clk'));
  assert.ok((await state(page)).record.includes('{first move [%clk 0:04:57]}'), 'the record keeps its comments as they were');
  assert.deepEqual(await nested.locator('button.mv').allTextContents(), ['f2-f3', 'd8-d7', 'c8-c7', 'c2-c3', 'c2-c3']);
  assert.deepEqual(await nested.locator('.subvariation button.mv').allTextContents(), ['c8-c7', 'c2-c3']);
  assert.deepEqual(await nested.locator('.subvariation .num').allTextContents(), ['2…', '3.']);
  assert.equal(await nested.locator('.subvariation button.mv').first().getAttribute('data-path'), '0.0.1.1');

  // Accessible with a variation looked at (its buttons shown); axe's own inline styles are
  // refused by the page's policy, so the page's problems are read before.
  await page.click('#moves .subvariation button.mv');
  assert.deepEqual(await viewPath(page), [0, 0, 1, 1]);
  await page.locator('#variation-main').waitFor();
  // The analysis works there: a hint is a move of the position looked at, not of the game's.
  await page.click('#hint');
  await waitText(page, '#hint-text', /^Hint: [a-i]\d/, 30000);
  const said = await page.textContent('#hint-text');
  const legal = await page.evaluate(() => window.bluegray.element.shownState.moves.map((m) => m.text));
  assert.ok(legal.includes(said.match(/^Hint: (\S+?)\./)[1]), `${said} is a move of the position looked at`);
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page), []);
  await page.close();
});

test('a variation deeper than the record reader reads is refused where it is made; what is kept reads back', async () => {
  const { loadCore } = await import('../unit/core.mjs');
  const { MAX_NESTING } = await import('../../www/lib/tree.js');
  const core = await loadCore();
  // A line of real moves: at each ply the first legal move and, the line going on in it, the last
  // after which the game goes on with a choice.
  const walk = new core.Game('classic');
  /** @type {{first: string, second: {text: string, points: string[]}}[]} */
  const plies = [];
  for (let i = 0; i <= MAX_NESTING; i++) {
    const moves = walk.state().moves;
    const second = moves.slice(1).findLast((/** @type {{text: string, points: string[]}} */ m) => {
      walk.play(m.text);
      const after = walk.state();
      walk.undo();
      return !after.result && after.moves.length > 1;
    });
    plies.push({ first: moves[0].text, second });
    walk.play(second.text);
  }
  walk.free();

  // The record alone: the state's tree nests too deep for the browser to hand over.
  const record = (/** @type {import('playwright-core').Page} */ page) => page.evaluate(() => window.bluegray.element.state.record);
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.evaluate((m) => void window.bluegray.element.play(m), plies[0].first);
  // Each ply's second move nests one deeper than the last: MAX_NESTING deep by the element's explore().
  const deepest = await page.evaluate((ps) => {
    const b = window.bluegray.element;
    /** @type {number[]} */
    let path = [];
    for (let i = 0; i < ps.length - 1; i++) {
      if (i > 0) {
        b.viewPath = path;
        b.explore(ps[i].first);
      }
      b.viewPath = path;
      path = b.explore(ps[i].second.text);
    }
    b.viewPath = path;
    b.explore(ps[ps.length - 1].first);
    b.viewPath = path;
    return path;
  }, plies);
  assert.equal(deepest.filter((i) => i > 0).length, MAX_NESTING);
  const kept = await record(page);
  // One deeper, by clicks on the board: refused there, with the reason, and nothing changes.
  const last = plies[plies.length - 1].second;
  for (const p of last.points) await clickPoint(page, p);
  await page.waitForFunction(() => /nest at most 64 deep/.test(document.getElementById('game')?.shadowRoot?.querySelector('.notice')?.textContent ?? ''));
  assert.deepEqual(await viewPath(page), deepest);
  assert.equal(await record(page), kept);
  const thrown = await page.evaluate((m) => {
    try {
      window.bluegray.element.explore(m);
      return '';
    } catch (e) {
      return String(/** @type {Error} */ (e).message);
    }
  }, last.text);
  assert.match(thrown, /nested more than 64 deep/);
  // The game kept reads back, its variations with it.
  await page.reload();
  await waitReady(page);
  await frames(page);
  assert.equal(await record(page), kept);
  assert.doesNotMatch(String(await page.textContent('#notice')), /could not be restored/);
  assert.deepEqual(problems, []);
  await page.close();
});
