// End-to-end: what the page shows is derived from the game on the board, never left over from
// an earlier position (the jump warning, the game-over panel), and the page's analysis is one
// deterministic engine (hint, evaluation and review agree, and the same game gets the same
// marks every time), with at most two AI workers per page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, state, playMoves, waitReady, waitText, frames } from './helpers.mjs';

const env = setUp();

/** Blue's guard walks up the d-file until Gray's d6 guard can jump it from d6 to d4. */
const TO_JUMPABLE = ['d2-d3', 'd8-d7', 'd3-d4', 'd7-d6', 'd4-d5'];

/** The warning line's text once the page has drawn ('' when hidden). */
async function warning(page) {
  await frames(page);
  return page.evaluate(() => {
    const w = document.getElementById('warning');
    return w.hidden ? '' : w.textContent;
  });
}

test('the jump warning names a guard that can be jumped now, and goes as soon as that stops being true', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await playMoves(page, TO_JUMPABLE);
  assert.match(await warning(page), /guard on d5 can be jumped from d6/);
  // The capture happens: the guard is gone, and so is the warning.
  await playMoves(page, ['d6xd4']);
  assert.equal(await warning(page), '');
  // Undo brings the position back, and the warning with it; redo takes both away again.
  await page.click('#undo');
  await waitText(page, '#warning', /guard on d5 can be jumped from d6/);
  await page.click('#redo');
  await page.waitForFunction(() => document.getElementById('warning').hidden);
  // Looking back at the position does not warn about a game that has moved on.
  await page.click('#undo');
  await waitText(page, '#warning', /d5/);
  await page.click('#moves [data-ply="2"]');
  assert.equal(await warning(page), '');
  await page.click('#back-to-game');
  assert.match(await warning(page), /d5/);
  // A new game starts clean.
  await page.click('#new-game');
  await page.waitForFunction(() => window.bluegray.state.history.length === 0);
  assert.equal(await warning(page), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('against the computer the warning shows while it is the computer’s turn and goes with its capture', async () => {
  const { page, problems } = await openPage(env, '?mode=ai&level=8&side=blue');
  await page.evaluate(() => window.bluegray.element.newGame({ mode: 'two' }));
  await playMoves(page, TO_JUMPABLE.slice(0, 4));
  // Hand Gray to the computer just before the guard steps into the jump.
  await page.evaluate(() => {
    const b = window.bluegray.element;
    b.setAttribute('mode', 'ai');
    b.setAttribute('side', 'blue');
  });
  await playMoves(page, ['d4-d5']);
  await page.waitForFunction(() => window.bluegray.state.history.length === 6, null, { timeout: 30000 });
  const s = await state(page);
  assert.match(s.history[5], /x/, 'the computer captured, as it must');
  assert.equal(await warning(page), '');
  assert.deepEqual(problems, []);
  await page.close();
});

/** The marks of the move list, ply by ply. */
function marks(page) {
  return page.$$eval('#moves button[data-ply]', (bs) => bs.map((b) => b.dataset.mark || '-').join(' '));
}

async function reviewAndWait(page) {
  await page.click('#review');
  // The summary's words, not the progress bar, say it started: the bar may show a frame before them.
  await page.waitForFunction(() => /Analysing position|Blue: /.test(document.getElementById('review-summary')?.textContent ?? ''));
  // While it runs, the summary says so and gives no verdict; the turning points stay empty.
  const during = await page.evaluate(() => ({
    running: !document.getElementById('review-progress').hidden,
    summary: document.getElementById('review-summary').textContent,
    points: document.querySelectorAll('#turning-points li').length,
  }));
  if (during.running) {
    assert.match(during.summary, /Analysing position \d+ of \d+/);
    assert.equal(during.points, 0, 'no verdict while analysing');
  }
  await waitText(page, '#review-summary', /Blue: .*Gray: /, 60000);
  assert.equal(await page.evaluate(() => document.getElementById('review-progress').hidden), true);
  return { marks: await marks(page), summary: await page.textContent('#review-summary') };
}

test('analysis is deterministic: the same game gets the same review every time, and a hint is the best line’s first move', async (t) => {
  const game = ['e2-e3', 'e8-e7', 'd2-d3', 'c8-c7', 'c2-c3', 'f8-f7', 'e3-e4', 'e7-e6', 'f2-f3'];
  const { page, problems } = await openPage(env, '?mode=two');
  await playMoves(page, game);
  const first = await reviewAndWait(page);
  const second = await reviewAndWait(page);
  await page.reload();
  await waitReady(page);
  await page.waitForFunction((n) => window.bluegray.state && window.bluegray.state.history.length === n, game.length);
  const third = await reviewAndWait(page);
  t.diagnostic(`marks: ${first.marks}`);
  assert.equal(second.marks, first.marks);
  assert.equal(third.marks, first.marks, 'after a reload too');
  assert.equal(third.summary, first.summary);
  // The best line shown and the hint for the position on the board name the same move.
  await page.check('#show-line');
  await page.waitForFunction(() => /Best line: /.test(document.getElementById('eval-text').textContent), null, { timeout: 30000 });
  const line = (await page.textContent('#eval-text')).match(/Best line: (\S+)/)[1];
  await page.click('#hint');
  await waitText(page, '#hint-text', /Hint: /, 30000);
  const hint = (await page.textContent('#hint-text')).match(/Hint: ([^.\s]+)/)[1];
  assert.equal(hint, line);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a page never runs more than two AI workers: the opponent and the analysis', async () => {
  const { page, problems } = await openPage(env, '?mode=ai&level=2');
  await page.check('#show-eval');
  await playMoves(page, ['e2-e3']);
  await page.waitForFunction(() => window.bluegray.state.history.length === 2, null, { timeout: 30000 });
  await page.click('#hint');
  await waitText(page, '#hint-text', /Hint: /, 30000);
  await page.click('#review');
  await waitText(page, '#review-summary', /Blue: .*Gray: /, 60000);
  // The lessons' board plays both sides itself: it starts no worker.
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-menu, #lessons .lesson');
  assert.ok(page.workers().length <= 2, `${page.workers().length} workers: ${page.workers().map((w) => w.url()).join(', ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});
