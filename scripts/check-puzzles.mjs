#!/usr/bin/env node
// Solves every puzzle of the committed set by clicks on the page's puzzle view, in headless
// Chromium, as tests/e2e/puzzles.test.mjs does for a sample: each move is the first of the rules
// core's puzzleSolution() from where the board stands, clicked point by point; the page must
// then say "solved". Prints the count per variant and goal, and exits with 1 when any puzzle
// fails. Slower than the tests (a few minutes), so not part of the test command:
//
//   bash scripts/build-web.sh && node scripts/check-puzzles.mjs
/* global window -- the function page.evaluate runs is the page's */
import { launch, openPage } from '../tests/e2e/helpers.mjs';
import { openPuzzles, choosePuzzle, solveByClicks } from '../tests/e2e/puzzle-play.mjs';

/**
 * What this reads of a puzzle of the set (www/learn/puzzles.js).
 * @typedef {{ id: string, length: number, variant: string, goal: string }} PuzzleEntry
 */
/**
 * The page's window, with its window for tests (www/play/test-hooks.js) and in that the puzzle
 * view's (www/app.js adds it), each there once the page has put it there.
 * @typedef {Window & { bluegray?: { puzzles?: { puzzles(): PuzzleEntry[] } } }} TestWindow
 */

const env = await launch();
let failed = 0;
try {
  const { page, problems } = await openPage(env, '?mode=two');
  await openPuzzles(page);
  const set = await page.evaluate(() => {
    const view = /** @type {TestWindow} */ (window).bluegray?.puzzles;
    if (!view) throw new Error('the page has no window.bluegray.puzzles');
    return view.puzzles();
  });
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const [i, p] of set.entries()) {
    try {
      await choosePuzzle(page, p.id);
      const moves = await solveByClicks(page);
      if (moves.length !== p.length) throw new Error(`solved in ${moves.length} moves, the set says ${p.length}`);
      const k = `${p.variant} ${p.goal}`;
      counts.set(k, (counts.get(k) || 0) + 1);
    } catch (e) {
      failed++;
      console.error(`check-puzzles: ${p.id} (${p.variant}, ${p.goal}): ${e instanceof Error ? e.message : e}`);
    }
    if ((i + 1) % 25 === 0) console.error(`check-puzzles: ${i + 1} of ${set.length}`);
  }
  for (const [k, n] of [...counts].sort()) console.log(`${k}: ${n}`);
  for (const goal of ['win2', 'win3', 'stop']) {
    const n = [...counts].filter(([k]) => k.endsWith(` ${goal}`)).reduce((a, [, c]) => a + c, 0);
    console.log(`${goal}: ${n}`);
  }
  console.log(`solved by clicks: ${set.length - failed} of ${set.length}`);
  if (problems.length) {
    failed++;
    console.error(`check-puzzles: the page reported problems:\n${problems.join('\n')}`);
  }
  await page.close();
} finally {
  await env.close();
}
process.exit(failed ? 1 : 0);
