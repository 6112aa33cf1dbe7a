#!/usr/bin/env node
// The game screen's figures (issue 47, item 4), on the built site (dist/) in headless Chromium:
// at 1280×720, 1280×800, a tablet's 768×1024 and a phone's 390×844 (touch, DPR 3), in English, Russian and Hungarian,
// a game against the computer (level 3) with a 1+0 clock, before and after it ends (Blue's
// captain breaks through from tests/e2e's NEAR_WIN position). For each it prints the board's box
// and the empty bands beside and below it, the players' strips, the clocks, what lies over the
// board's picture, the panel's labels that wrap and how many times the result is said.
//
//   node scripts/measure-screen.mjs [--lang en,ru,hu] [--dist DIR]
//
// --dist: another build to measure (main's, say), dist/ by default.
//
// A report, not a test (tests/e2e/game-screen.test.mjs holds the rules): the exit code is 0
// unless the page cannot be opened.
/* global window, document -- the functions page.evaluate runs are the page's */
import { launch, openPage, q, NEAR_WIN, frames } from '../tests/e2e/helpers.mjs';
import { measureScreen, timesSaid } from '../tests/e2e/lib/screen.mjs';
import { loadAllTables } from '../www/lib/languages.js';

/** @import { Screen } from '../tests/e2e/lib/screen.mjs' */

const SIZES = [
  { name: '1280×720', viewport: { width: 1280, height: 720 }, touch: false },
  { name: '1280×800', viewport: { width: 1280, height: 800 }, touch: false },
  { name: 'tablet 768×1024', viewport: { width: 768, height: 1024 }, touch: false },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, touch: true },
];

/** @param {string} name @returns {string|undefined} */
const option = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const langs = (option('--lang') || 'en,ru,hu').split(',');
const root = option('--dist');
const TABLES = await loadAllTables();

/**
 * The result of Blue's breakthrough as the page's languages say it: the sentence and the
 * game-over box's title.
 * @param {string} lang
 */
function resultWords(lang) {
  const m = TABLES[lang].messages;
  const side = m['side.blue'];
  return { sentence: m['result.breakthrough'].replace('{winner:side}', side), title: (m['over.title.win'] || '').replace('{winner:side}', side) };
}

/**
 * One measurement as lines of text.
 * @param {string} when
 * @param {Screen} s
 * @param {number | null} said
 */
function show(when, s, said) {
  const b = s.board;
  const lines = [
    `  ${when}: board ${b.width}×${b.height} at (${b.left}, ${b.top}); bands: left ${s.bands.left}, right ${s.bands.right}, below ${s.bands.below}${s.panel ? `; panel ${s.panel.width} wide at x ${s.panel.left}` : ''}`,
    `    strips: top ${s.strips.top ? `“${s.strips.top.text}” ${s.strips.top.box.width}×${s.strips.top.box.height} at y ${s.strips.top.box.top}` : 'none'}; bottom ${s.strips.bottom ? `“${s.strips.bottom.text}” at y ${s.strips.bottom.box.top}` : 'none'}`,
    `    clocks: ${s.clocks.map((c) => `${c.part} “${c.text}” ${c.fontPx}px ${c.background}${c.low === 'true' ? ' (low)' : ''}`).join('; ') || 'none'}`,
    `    over the board: ${s.over.join(', ') || 'nothing'}`,
    `    labels wrapped: ${s.wrapped.join('; ') || 'none'}`,
  ];
  if (said !== null) lines.push(`    the result said ${said} time(s)`);
  return lines.join('\n');
}

const env = await launch(root ? { root } : {});
try {
  for (const size of SIZES) {
    const context = await env.newContext({ viewport: size.viewport, ...(size.touch ? { deviceScaleFactor: 3, isMobile: true, hasTouch: true } : {}) });
    try {
      for (const lang of langs) {
        const { page, problems } = await openPage({ context, url: env.url }, q({ lang, mode: 'ai', side: 'blue', level: 3, clock: '1+0', variant: 'sackson', position: NEAR_WIN }));
        await page.waitForFunction(() => /** @type {any} */ (window).bluegray.element.clocks?.control === '1+0');
        await page.waitForFunction(() => [...(document.getElementById('game')?.shadowRoot?.querySelectorAll('.clock') ?? [])].every((c) => !(/** @type {HTMLElement} */ (c).hidden)));
        await frames(page);
        console.log(`${size.name}, ${lang}:`);
        console.log(show('playing', await measureScreen(page), null));
        await page.evaluate(() => /** @type {any} */ (window).bluegray.element.play('e4-e5'));
        await page.waitForFunction(() => !document.getElementById('game-over')?.hidden);
        await frames(page);
        const over = await measureScreen(page);
        const { sentence, title } = resultWords(lang);
        const said = timesSaid(over.texts, sentence) + over.texts.filter((t) => t === title).length;
        console.log(show('over', over, said));
        if (problems.length) console.log(`    problems: ${problems.join('; ')}`);
        await page.close();
      }
    } finally {
      await context.close();
    }
  }
} finally {
  await env.close();
}
