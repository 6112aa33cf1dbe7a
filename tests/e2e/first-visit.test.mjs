// End-to-end: what a first visit fetches (issue 34, "a lighter page"). The page's parts that
// only some visits use are not fetched with it: the rules by ingredients, games against a friend
// elsewhere with their words, the styles of the packages fetched later (later.css: the sheets',
// the lessons' and puzzles', the friend box's, the review's), the board's clocks
// (fetched with the first game that has a time control), the lessons (their banner is there at
// once), the puzzles, the review and the sheet that hands a live seat over. Each comes when
// first used, and one that cannot be fetched says so (here, or in the test file of its feature).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, playMove, waitPly, waitText, q, clickPoint } from './helpers.mjs';

const env = setUp({});

/** The parts fetched later, by the start of their file's name in dist/ (`name-HASH.js`, or the name itself). */
const LATER = ['ingredients', 'friend-games', 'friend-box', 'friends-en', 'later.css', 'clocks', 'lessons', 'puzzles', 'review', 'hand-over'];

/**
 * Which of `names` the page has fetched.
 * @param {import('playwright-core').Page} page
 * @param {string[]} names
 */
const fetched = (page, names) =>
  page.evaluate((list) => {
    const files = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop() ?? '');
    return list.filter((n) => files.some((f) => f === n || f.startsWith(`${n}-`)));
  }, names);

/**
 * Waits until the page has fetched each of `names`.
 * @param {import('playwright-core').Page} page
 * @param {string[]} names
 */
const waitFetched = (page, names) =>
  page.waitForFunction((list) => {
    const files = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop() ?? '');
    return list.every((n) => files.some((f) => f === n || f.startsWith(`${n}-`)));
  }, names);

test('a first visit fetches none of the parts some visits use; each comes when first used, and one not fetched says so', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', level: 1 }));
  assert.deepEqual(await fetched(page, LATER), [], 'a first visit fetches none of them');
  // The page's code, the element's with it, is one chunk (main-HASH.js) beside the bindings'
  // (which the worker shares) and the page's messages; none of it comes from the npm package's
  // build (npm/), which the site's blue-gray-game.js loads for pages that embed the board.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith('.js')),
  );
  const names = new Set(scripts.map((p) => p.split('/').pop() ?? ''));
  const preloaded = await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => (l.getAttribute('href') ?? '').replace(/-[\w-]{8}\.js$/, '')));
  assert.deepEqual(preloaded.sort(), ['glue', 'main', 'play-en']);
  assert.equal([...names].filter((n) => n.startsWith('main-')).length, 1, scripts.join(' '));
  for (const n of ['app.js', 'boot.js', 'ai-worker.js']) assert.ok(names.has(n), `${n}: ${scripts.join(' ')}`);
  assert.ok(!scripts.some((p) => p.includes('/npm/') || p.endsWith('/blue-gray-game.js')), scripts.join(' '));

  // The rules by ingredients, not fetched (offline before the service worker kept them): said.
  // Every fetch of the chunk, a retry's too (`?retry=…`): offline.
  const ingredients = /\/ingredients-[\w-]+\.js(\?.*)?$/;
  await page.route(ingredients, (r) => r.abort());
  await page.click('#ingredients-box summary');
  await waitText(page, '#notice', /“Choose the rules one by one” could not be loaded/);
  await page.unroute(ingredients);

  // The keyboard shortcuts' list, with the sheets' stylesheet at the first opening.
  await page.keyboard.press('?');
  await page.waitForFunction(() => /** @type {HTMLDialogElement} */ (document.getElementById('shortcuts')).open);
  assert.match(await page.textContent('#shortcut-list'), /Take back a move/);
  assert.deepEqual(await fetched(page, ['later.css']), ['later.css']);
  await page.keyboard.press('Escape');

  // A move the rules refuse: the board says why, with that move (the reasons are the board's words).
  await clickPoint(page, 'e2');
  await clickPoint(page, 'e4');
  await waitText(page, '#game >>> .notice', /^e4 is not next to e2: a guard steps to a neighbouring point\.$/);

  // A move: the computer's answer said in words, and the game kept, so the Recent games list.
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  await page.waitForFunction(() => (document.getElementById('ai-info')?.textContent ?? '').length > 0);
  await page.locator('#recent-list .recent-open').first().waitFor({ state: 'attached' });
  assert.deepEqual(await fetched(page, ['friend-games', 'friend-box', 'friends-en']), [], 'no friend yet');

  // A game against a friend by link: its parts, then its box under the status (empty until a move is to send).
  await page.selectOption('#mode', 'friend');
  await page.click('#new-game');
  await page.waitForFunction(() => !document.getElementById('friend-box')?.hidden);
  assert.deepEqual(await fetched(page, ['friend-games', 'friend-box', 'friends-en']), ['friend-games', 'friend-box', 'friends-en']);
  await waitText(page, '#status', /^Your move \(Blue\)\.$/);

  // A game with a clock: the board's clocks come with it, and run.
  await page.selectOption('#mode', 'ai');
  await page.selectOption('#clock', '5+3');
  await page.click('#new-game');
  await waitFetched(page, ['clocks']);
  await page.waitForFunction(() => {
    const c = /** @type {{clocks: {control: string, blue: number}|null}} */ (/** @type {unknown} */ (document.getElementById('game'))).clocks;
    return c !== null && c.control === '5+3' && c.blue === 300000;
  });

  // The one request refused above, and the browser's line on it.
  assert.deepEqual(problems.filter((p) => !p.includes('ingredients-') && !p.endsWith('Failed to load resource: net::ERR_FAILED')), []);
  await page.close();
});
