// End-to-end: "Learn from your mistakes" after a review. A two-move game in which Blue, one step
// from the red dot, moves a guard instead and Gray walks in: the review counts the blunder and the
// accuracy, offers the position again, judges a second wrong try and a right one by the
// deterministic analysis, and shows the best line after two wrong tries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, playMove, waitText, seriousA11y, boardPicture } from './helpers.mjs';

/** Both captains one step from the red dot, Blue to move: e4-e5 wins, anything else loses. */
const CODE = '8s/9/9/4c4/9/4C4/9/9/S8 b 0 1';
const RECORD = `[Variant "sackson"]\n[Position "${CODE}"]\n\n1. a1-a2 e6-e5 0-1\n`;
const BOARD = '#learn blue-gray-game';

const env = setUp();

/**
 * Plays `move` on the learn dialog's board by clicking its points, like a player. The dialog
 * takes a wrong try back at once, so what follows waits for its verdict, not for the move.
 */
const playByClicks = (page, move) => playMove(page, move, { board: BOARD, wait: false });

/** Waits until the learn dialog's session has `status`. */
const waitStatus = (page, status) =>
  page.waitForFunction((s) => document.getElementById('learn').dataset.status === s, status, { timeout: 30000 });

async function reviewed() {
  const { page, problems } = await openPage(env, '#' + new URLSearchParams({ record: RECORD }).toString());
  await page.waitForFunction(() => window.bluegray.state && window.bluegray.state.history.length === 2);
  await page.click('#review');
  await waitText(page, '#review-summary', /Blue: accuracy \d+.*Gray: accuracy \d+/, 30000);
  return { page, problems };
}

/** The reviewed game's "Learn from your mistakes", open at its first mistake. */
async function learning() {
  const opened = await reviewed();
  await opened.page.click('#learn-mistakes');
  await waitStatus(opened.page, 'trying');
  return opened;
}

test('the review gives each side an accuracy and counts, and offers the blunder to retry', async () => {
  const { page, problems } = await reviewed();
  const summary = await page.textContent('#review-summary');
  assert.match(summary, /Blue: accuracy (\d+); 0 inaccuracies, 0 mistakes, 1 blunder\./);
  assert.match(summary, /Gray: accuracy 100; 0 inaccuracies, 0 mistakes, 0 blunders\./);
  const blue = Number(/Blue: accuracy (\d+)/.exec(summary)[1]);
  assert.ok(blue < 50, `a game-losing move scores low: ${blue}`);
  assert.equal(await page.isHidden('#review-accuracy-help'), false, 'the accuracy is explained');
  assert.equal(await page.textContent('#learn-mistakes'), 'Learn from your mistakes (1)');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a retried blunder: a wrong try is judged and taken back, a right one is praised', async () => {
  const { page, problems } = await learning();
  assert.match(await page.textContent('#learn .learn-task'), /Blue played 1\. a1-a2: a blunder/);
  const ply = () => page.evaluate((sel) => document.querySelector(sel).state.history.length, BOARD);
  assert.equal(await ply(), 0, 'the board stands before the blunder');

  await playByClicks(page, 'a1-b2');
  await waitStatus(page, 'wrong');
  // The game's move lost the game, and so does this one: the words say so, truthfully.
  assert.match(await page.textContent('#learn .learn-feedback'), /a1-b2 is no better than the game’s move: it too gives away about \d+ steps?\. The arrow shows it/);
  assert.equal(await ply(), 0, 'the wrong try is taken back');
  // The tried move stays drawn: the board's arrow is the one showHint draws for a1-b2.
  const tried = await boardPicture(page, BOARD);
  await page.evaluate((sel) => document.querySelector(sel).showHint(null), BOARD);
  assert.notEqual(await boardPicture(page, BOARD), tried, 'an arrow was drawn');
  await page.evaluate((sel) => document.querySelector(sel).showHint('a1-b2'), BOARD);
  assert.equal(await boardPicture(page, BOARD), tried, 'the arrow is the tried move');
  // The next try is taken at once: no button stands in the way.
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).getAttribute('locked'), BOARD), null, 'the board takes the next try');
  assert.equal(await page.$('#learn .learn-again'), null, 'no Try again button');
  await playByClicks(page, 'e4-e5');
  await waitStatus(page, 'good');
  assert.match(await page.textContent('#learn .learn-feedback'), /e4-e5 is the engine’s own choice/);
  await page.click('#learn .learn-next');
  await waitStatus(page, 'done');
  assert.match(await page.textContent('#learn .learn-task'), /last of your mistakes/);
  assert.equal(await page.evaluate(() => document.getElementById('learn').contains(document.activeElement)), true, 'the focus stays in the dialog');
  assert.deepEqual(problems, []);
  await page.close();
});

test('after two wrong tries the best line is shown', async () => {
  const { page, problems } = await learning();
  await playByClicks(page, 'a1-a2');
  await waitStatus(page, 'wrong');
  await playByClicks(page, 'a1-b1');
  await waitStatus(page, 'shown');
  assert.match(await page.textContent('#learn .learn-feedback'), /The best line: e4-e5/);
  assert.equal(await page.isHidden('#learn .learn-next'), false);
  assert.deepEqual(problems, []);
  // The dialog as it stands has no serious accessibility fault (problems are read before).
  assert.deepEqual(await seriousA11y(page, '#learn'), []);
  await page.close();
});
