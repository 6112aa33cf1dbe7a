// End-to-end: the game screen (issue 47, item 4), measured in the real browser at 1280×720,
// 1280×800, a tablet's 768×1024 and a phone's 390×844 (touch), in English, Russian and Hungarian: the board takes the
// width the screen has (no wide empty bands beside it), nothing lies over its squares or the
// point names on its frame (no strip, clock or banner), the opponent's name and level stand
// beside it, the panel's labels keep to one line, and a finished game's result is said once,
// in the status line, which says so when the game is looked back over. A
// clock under ten seconds is red, and so is the fallen flag's 0:00. The measuring is
// tests/e2e/lib/screen.mjs, which scripts/measure-screen.mjs prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, frames, q, NEAR_WIN } from './helpers.mjs';
import { measureScreen, timesSaid } from './lib/screen.mjs';
import { loadAllTables } from '../../www/lib/languages.js';

/** @import { Screen, Box } from './lib/screen.mjs' */

const TABLES = await loadAllTables();
const LANGS = ['en', 'ru', 'hu'];
const env = setUp();

/** The game of the measurements: against the computer at level 3, a 1+0 clock, Blue's captain a step from the red dot. */
const GAME = (/** @type {string} */ lang) => q({ lang, mode: 'ai', side: 'blue', level: 3, clock: '1+0', variant: 'sackson', position: NEAR_WIN });

/**
 * How far apart two boxes are (0 when they touch or meet).
 * @param {Box} a
 * @param {Box} b
 */
function gap(a, b) {
  const dx = Math.max(0, b.left - (a.left + a.width), a.left - (b.left + b.width));
  const dy = Math.max(0, b.top - (a.top + a.height), a.top - (b.top + b.height));
  return Math.hypot(dx, dy);
}

/**
 * Plays the screen's game in `lang` in `context`, checking it during play and once it is over.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} lang
 * @param {(s: Screen, where: string) => void} checkSize what the screen's size asks of the board
 */
async function checkScreen(context, lang, checkSize) {
  const m = TABLES[lang].messages;
  const { page, problems } = await openPage({ context, url: env.url }, GAME(lang));
  // The clocks are drawn once the game's time control is set and the board has drawn since.
  await page.waitForFunction(() => /** @type {any} */ (window).bluegray.element.clocks?.control === '1+0');
  await page.waitForFunction(() => [...(document.getElementById('game')?.shadowRoot?.querySelectorAll('.clock') ?? [])].every((c) => !(/** @type {HTMLElement} */ (c).hidden)));
  await frames(page);
  const playing = await measureScreen(page);
  const where = `${playing.window.width}×${playing.window.height}, ${lang}`;
  checkSize(playing, where);
  assert.deepEqual(playing.over, [], `${where}: nothing lies over the board's squares or point names`);
  assert.deepEqual(playing.wrapped, [], `${where}: the panel's labels keep to one line`);
  // The opponent: the computer, its level and the level's name, in the top strip, beside the board.
  const top = playing.strips.top;
  assert.ok(top, `${where}: a strip names the opponent`);
  const level = m['player.computer'].replace('{level}', '3').replace('{name}', m['level.3']);
  assert.ok(top.text.includes(level), `${where}: the strip says “${level}”: “${top.text}”`);
  assert.ok(gap(top.box, playing.board) < 24, `${where}: the opponent's strip is beside the board (${gap(top.box, playing.board)} px away)`);
  assert.ok(playing.strips.bottom && gap(playing.strips.bottom.box, playing.board) < 24, `${where}: the player's strip is beside the board`);
  // The clocks are big.
  assert.equal(playing.clocks.length, 2, `${where}: both clocks shown`);
  for (const c of playing.clocks) assert.ok(c.fontPx >= 20, `${where}: ${c.part} is big (${c.fontPx} px)`);

  await page.evaluate(() => /** @type {any} */ (window).bluegray.element.play('e4-e5'));
  await page.waitForFunction(() => !document.getElementById('game-over')?.hidden);
  await frames(page);
  const over = await measureScreen(page);
  assert.deepEqual(over.over, [], `${where}: the finished game's result lies over nothing of the board`);
  const sentence = m['result.breakthrough'].replace('{winner:side}', m['side.blue']);
  const said = over.texts.filter((t) => t.toLowerCase().includes(sentence.toLowerCase()));
  assert.equal(timesSaid(over.texts, sentence), 1, `${where}: the result is said once: ${JSON.stringify(said)}`);
  assert.ok((await page.textContent('#status'))?.includes(sentence), `${where}: in the status line`);
  // Looking back over the finished game: the status says so, and the result is still said once.
  await page.click('#nav-back');
  await page.waitForSelector('#viewing:not([hidden])');
  const looking = m['status.reviewing'].split('{result}')[0].trim();
  await page.waitForFunction((text) => document.getElementById('status')?.textContent?.startsWith(text), looking);
  await frames(page);
  const back = await measureScreen(page);
  assert.equal(timesSaid(back.texts, sentence), 1, `${where}: looking back, the result is said once`);
  assert.deepEqual(back.over, [], `${where}: looking back, nothing lies over the board`);
  assert.deepEqual(back.wrapped, [], `${where}: looking back, the viewing bar's buttons keep to one line`);
  assert.deepEqual(problems, []);
  await page.close();
}

/**
 * What a laptop's screen asks: a board of at least `least` px, and at most 60 px of the
 * window's width left empty on either side.
 * @param {number} least
 */
const laptop = (least) => (/** @type {Screen} */ s, /** @type {string} */ where) => {
  assert.ok(s.board.width >= least, `${where}: the board is ${s.board.width} px (at least ${least})`);
  assert.ok(s.bands.left <= 60 && s.bands.right <= 60, `${where}: the bands beside the board are ${s.bands.left} and ${s.bands.right} px`);
  assert.ok(s.board.top + s.board.height <= s.window.height, `${where}: the whole board is in view`);
};

for (const [width, height, least] of [
  [1280, 720, 575],
  [1280, 800, 595],
]) {
  test(`at ${width}×${height} in ${LANGS.join(', ')}: the board takes the width, nothing over it, the opponent beside it, labels on one line, the result said once`, async () => {
    const context = await env.newContext({ viewport: { width, height } });
    try {
      for (const lang of LANGS) await checkScreen(context, lang, laptop(least));
    } finally {
      await context.close();
    }
  });
}

test(`on a phone (390×844, touch) in ${LANGS.join(', ')}: the board the screen's width, the strips above and below it, nothing over it, the result said once`, async () => {
  const context = await env.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    for (const lang of LANGS) {
      await checkScreen(context, lang, (s, where) => {
        assert.ok(s.board.width >= 376 && s.board.left >= 0 && s.board.left + s.board.width <= 390, `${where}: the board ${JSON.stringify(s.board)}`);
        const top = s.strips.top;
        const bottom = s.strips.bottom;
        assert.ok(top && top.box.top + top.box.height <= s.board.top + 1, `${where}: the opponent's strip above the board`);
        assert.ok(bottom && bottom.box.top >= s.board.top + s.board.height - 1, `${where}: the player's strip below the board`);
      });
    }
  } finally {
    await context.close();
  }
});

test(`on a tablet (768×1024) in ${LANGS.join(', ')}: the board and both strips in the first screen, nothing over it, the result said once`, async () => {
  const context = await env.newContext({ viewport: { width: 768, height: 1024 } });
  try {
    for (const lang of LANGS) {
      await checkScreen(context, lang, (s, where) => {
        assert.ok(s.board.width >= 600, `${where}: the board is ${s.board.width} px`);
        const top = s.strips.top;
        const bottom = s.strips.bottom;
        assert.ok(top && top.box.top >= 0 && top.box.top + top.box.height <= s.board.top + 1, `${where}: the opponent's strip above the board, in view`);
        assert.ok(bottom && bottom.box.top + bottom.box.height <= s.window.height, `${where}: the player's strip ends in the window (at ${bottom && bottom.box.top + bottom.box.height} of ${s.window.height})`);
      });
    }
  } finally {
    await context.close();
  }
});

test('a clock under ten seconds is red, running, and the fallen flag’s 0:00 stays red', async () => {
  // Two people, a 1+0 clock, Gray to move with 8 seconds left (the record's times).
  const record = '[TimeControl "1+0"]\n\n1. e2-e3 {[%clk 0:00:50]} e8-e7 {[%clk 0:00:08]} 2. d2-d3 {[%clk 0:00:50]} *';
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two', record }));
  await page.waitForFunction(() => /** @type {any} */ (window).bluegray.element.clocks?.running === 'gray');
  await frames(page);
  const gray = async () => (await measureScreen(page)).clocks.find((c) => c.text.includes('Gray'));
  const red = 'rgb(211, 47, 47)';
  const running = await gray();
  assert.ok(running, 'Gray’s clock is shown');
  assert.equal(running.background, red, `Gray’s clock at ${running.text} is red`);
  await page.waitForFunction(() => /** @type {any} */ (window).bluegray.state.result?.reason === 'time', null, { timeout: 30000 });
  await frames(page);
  const fallen = await gray();
  assert.ok(fallen && /0:00/.test(fallen.text), `the fallen flag shows 0:00: ${fallen?.text}`);
  assert.equal(fallen.running, 'false');
  assert.equal(fallen.background, red, `the fallen flag’s ${fallen.text} is red`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a hint goes when the game ends where it was asked', async () => {
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two' }));
  await page.click('#hint');
  await page.waitForSelector('#hint-text:not([hidden])', { timeout: 30000 });
  await page.evaluate(() => /** @type {any} */ (window).bluegray.element.resign());
  await page.waitForSelector('#game-over:not([hidden])');
  await frames(page);
  assert.equal(await page.isVisible('#hint-text'), false, 'no hint for a finished game');
  assert.deepEqual(problems, []);
  await page.close();
});
