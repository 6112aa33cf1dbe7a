// The single file (dist/blue-and-gray.html) opened from disk, on a laptop and on a touch phone:
// it offers no door to what it leaves out (the lessons and their banner, the puzzles, the editor,
// the explorer, a relay and live games: docs/HOSTING.md), and its Copy link, whose link would
// open only on this computer, copies the game's record instead and says so. In every language, its
// words come from the tables it carries (those of the other languages deflated in its code,
// bundle-plugins.mjs packedTables), How to play's among them. And on the served
// page, the lessons' and the puzzles' sheets whose part could not be fetched close by a tap.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, waitReady, waitText, watch, refuseNetwork, playMove, state, escapeRe, SINGLE_FILE } from './helpers.mjs';
import { loadAllTables, FALLBACK } from '../../www/lib/languages.js';
import { translate, loadMessages } from '../../www/lib/i18n.js';

const TABLES = await loadAllTables();
for (const lang of Object.keys(TABLES)) for (const part of ['play', 'learn', 'howto']) await loadMessages(part, lang);

const env = setUp();

/** A touch phone, in CSS pixels. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** The devices each test of the file runs on. */
const DEVICES = [
  ['a laptop', {}],
  ['a touch phone', PHONE],
];

/** The doors to what the single file leaves out, by their selectors. */
const LEFT_OUT_DOORS = ['#open-lessons', '#open-puzzles', '#open-editor', '#open-explorer', '#open-lobby', '#relay', '#lesson-offer'];

/**
 * Opens the single file from disk in a new context of `options` (its own storage: a first visit),
 * with the clipboard allowed. A relay named in the address would offer live games on a served page.
 * @param {import('playwright-core').BrowserContextOptions} options
 * @param {string} [query]
 */
async function openFile(options, query = '') {
  const context = await env.newContext(options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  const problems = watch(page, { network: false });
  refuseNetwork(page, problems);
  await page.goto(SINGLE_FILE + query);
  await waitReady(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.singleFile), 'true');
  return { context, page, problems };
}

for (const [device, options] of DEVICES) {
  test(`the single file on ${device} offers no door to what it leaves out, and keeps How to play`, async () => {
    const { context, page, problems } = await openFile(options, `?mode=two&relay=${encodeURIComponent('ws://127.0.0.1:9')}`);
    try {
      // Hidden, not only out of sight (the preferences may be folded away).
      const shown = [];
      for (const door of LEFT_OUT_DOORS) if ((await page.isVisible(door)) || !(await page.$eval(door, (e) => !!e.closest('[hidden]')))) shown.push(door);
      assert.deepEqual(shown, [], 'doors to left-out parts shown');
      // Live games need a relay, which a page on disk cannot reach: not offered even with one named.
      assert.equal(await page.$eval('#mode option[value="live"]', (o) => /** @type {HTMLOptionElement} */ (o).disabled), true);
      // How to play is in the file: its door is there and opens it, and a tap closes it.
      const tap = (/** @type {string} */ s) => (options.hasTouch ? page.tap(s) : page.click(s));
      await tap('#open-howto');
      await page.waitForSelector('#howto[open] h3');
      await tap('#howto .sheet-close');
      await page.waitForSelector('#howto', { state: 'hidden' });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  test(`the single file's Copy link on ${device} copies the record instead and says the link would open only on this computer`, async () => {
    const { context, page, problems } = await openFile(options, '?mode=two');
    try {
      await playMove(page, (await state(page)).moves[0].text);
      await page.evaluate(() => navigator.clipboard.writeText(''));
      await (options.hasTouch ? page.tap('#copy-link') : page.click('#copy-link'));
      await waitText(page, '#notice', new RegExp(escapeRe(translate('en', 'share.onlyHere'))));
      const record = (await state(page)).record;
      assert.match(record, /^1\. /m);
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), record, 'the record is on the clipboard');
      assert.equal(await page.inputValue('#io-text'), record, 'the record is in its box');
      assert.equal(await page.$eval('#io-text', (box) => /** @type {HTMLDetailsElement} */ (box.closest('details')).open), true);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const lang of Object.keys(TABLES).filter((l) => l !== FALLBACK)) {
  test(`the single file in ${lang}, from a link, says the page and How to play in ${lang}`, async () => {
    const { context, page, problems } = await openFile({}, `?lang=${lang}&mode=two`);
    try {
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      await waitText(page, '#form-legend, legend', new RegExp(escapeRe(translate(lang, 'form.legend'))));
      await waitText(page, '#status', new RegExp(escapeRe(translate(lang, 'status.toMove', { side: 'blue' }))));
      await page.click('#open-howto');
      await waitText(page, '#howto[open]', new RegExp(escapeRe(translate(lang, 'howto.goal.title'))));
      assert.notEqual(translate(lang, 'howto.goal.title'), translate(FALLBACK, 'howto.goal.title'));
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

for (const { part, open, fails, built } of [
  { part: 'lessons', open: '#open-lessons', fails: '**/pkg/bluegray_teach_bg.wasm', built: '#lessons .lessons-list' },
  { part: 'puzzles', open: '#open-puzzles', fails: '**/puzzles.txt', built: '#puzzles .puzzle' },
]) {
  test(`on the served page, a touch phone closes the ${part}' sheet by a tap when their part could not be fetched`, async () => {
    const context = await env.newContext(PHONE);
    try {
      await context.route(fails, (r) => r.fulfill({ status: 503, body: 'unavailable' }));
      const { page } = await openPage({ context, url: env.url }, '?mode=two');
      await page.tap(open);
      const sheet = `#${part}`;
      await page.waitForSelector(`${sheet}[open] > p`);
      // Its head, with the close button, is drawn with the error (not always in the same frame as the text).
      await page.waitForSelector(`${sheet} .sheet-close`, { state: 'visible', timeout: 10000 }).catch(() => assert.fail(`the ${part}' sheet has no close button`));
      assert.equal(await page.getAttribute(`${sheet} .sheet-close`, 'aria-label'), translate('en', `${part}.close`));
      await page.tap(`${sheet} .sheet-close`);
      await page.waitForSelector(sheet, { state: 'hidden' });
      // The next opening tries again: with the part there now, the sheet is built.
      await context.unroute(fails);
      await page.tap(open);
      await page.waitForSelector(built);
    } finally {
      await context.close();
    }
  });
}
