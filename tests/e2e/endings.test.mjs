// End-to-end: a game ended by the players' word (docs/RULES.md §5.1) on the served page, through
// both doors: the panel's Resign, Offer a draw and Abort (with their question), and the element's
// resign(), offerDraw() and abort(). Each ending reaches the status, the game-over box, the
// record, the recent games list and the element's `gameover` event with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, state, playMove, waitPly, waitText, frames, seriousA11y, q, NEAR_WIN } from './helpers.mjs';

const env = setUp();

/** NEAR_WIN with Gray to move: Blue's captain stands one step from the red dot. */
const BLUE_AHEAD_GRAY_TO_MOVE = NEAR_WIN.replace(' b ', ' g ');

/**
 * Keeps the board's `gameover` events in `window.overs`, from now on.
 * @param {import('playwright-core').Page} page
 */
function collectGameOvers(page) {
  return page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.overs = [];
    document.getElementById('game')?.addEventListener('gameover', (e) => w.overs.push(/** @type {CustomEvent} */ (e).detail));
  });
}

/** @param {import('playwright-core').Page} page */
async function gameOvers(page) {
  await page.waitForFunction(() => /** @type {any} */ (window).overs.length > 0);
  return page.evaluate(() => /** @type {any} */ (window).overs);
}

/**
 * Calls a method of the board in the page; resolves to its answer, or to `{error}` with the
 * message it threw.
 * @param {import('playwright-core').Page} page
 * @param {string} method
 * @param {unknown[]} [args]
 */
function callBoard(page, method, args = []) {
  return page.evaluate(
    async ([m, a]) => {
      const b = /** @type {any} */ (document.getElementById('game'));
      try {
        return { value: await b[m](...a) };
      } catch (e) {
        return { error: String(/** @type {Error} */ (e).message) };
      }
    },
    [method, args],
  );
}

/** @param {import('playwright-core').Page} page */
const visible = (page, sel) => page.isVisible(sel);

test('Resign against the computer is asked first, then ends the game with its reason everywhere', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /Your move \(Blue\)/);
  await playMove(page, (await state(page)).moves[0]);
  await waitPly(page, 2);
  await collectGameOvers(page);
  assert.ok(await visible(page, '#resign'));
  // Abort is gone once both sides have moved.
  assert.equal(await visible(page, '#abort'), false);
  await page.click('#resign');
  await waitText(page, '#end-confirm-text', /Resign this game\? Blue loses\./);
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page, '.panel'), [], 'the question and its buttons');
  // axe's own inline styles, which the page's CSP refuses and logs, are no fault of the page.
  const axeStyles = (/** @type {string} */ p) => /Applying inline style violates/.test(p);
  await frames(page);
  problems.splice(0, problems.length, ...problems.filter((p) => !axeStyles(p)));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'end-confirm-no', 'the keyboard is taken to the question');
  await page.keyboard.press('Enter');
  await frames(page);
  assert.equal(await visible(page, '#end-confirm'), false);
  assert.equal((await state(page)).result, undefined, 'No keeps the game going');
  await page.click('#resign');
  await page.click('#end-confirm-yes');
  await waitText(page, '#status', /Gray wins: Blue resigned\./);
  await page.waitForSelector('#game-over:not([hidden])');
  await waitText(page, '#result-token', /^0-1$/);
  const s = await state(page);
  assert.deepEqual([s.result?.winner, s.result?.reason, s.result?.token], ['gray', 'resignation', '0-1']);
  assert.match(s.record, /\[Result "0-1"\]\n\[Termination "resignation"\]/);
  const [over] = await gameOvers(page);
  assert.deepEqual([over.winner, over.reason, over.token], ['gray', 'resignation', '0-1']);
  assert.equal(over.text, 'Gray wins: Blue resigned.');
  assert.equal(await visible(page, '#ending'), false, 'no ending is offered once the game is over');
  await waitText(page, '#recent-list', /result 0-1 by resignation/);
  // The review judges the position the game was left in: the resignation is no move of Blue's.
  await page.click('#over-review');
  await page.waitForFunction(() => !document.getElementById('review-box')?.hidden && /Blue: /.test(document.getElementById('review-summary')?.textContent ?? ''), null, { timeout: 30000 });
  assert.doesNotMatch(String(await page.textContent('#review-summary')), /over|Analysing/);
  // The kept game comes back resigned.
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached' });
  await waitText(page, '#status', /Gray wins: Blue resigned\./);
  assert.equal((await state(page)).result?.reason, 'resignation');
  assert.deepEqual(problems, []);
  await page.close();
});

test('The computer declines a draw while it is ahead, and the panel says so', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'gray', level: 1, position: BLUE_AHEAD_GRAY_TO_MOVE }));
  await waitText(page, '#status', /Your move \(Gray\)/);
  await page.click('#offer-draw');
  assert.equal(await visible(page, '#end-confirm'), false, 'an offer to the computer is not asked first');
  await waitText(page, '#notice', /The computer declines the draw: it thinks it is ahead\./);
  assert.equal((await state(page)).result, undefined);
  // The element's door gives the same answer.
  assert.deepEqual(await callBoard(page, 'offerDraw'), { value: { accepted: false } });
  assert.equal((await state(page)).result, undefined);
  await waitText(page, '#status', /Your move \(Gray\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('The computer accepts a draw when it is not ahead: the panel button, and the element method', async () => {
  for (const door of ['panel', 'element']) {
    const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'blue', level: 1, position: NEAR_WIN }));
    await waitText(page, '#status', /Your move \(Blue\)/);
    await collectGameOvers(page);
    if (door === 'panel') {
      await page.click('#offer-draw');
      await waitText(page, '#notice', /The computer accepts the draw: it does not think it is ahead\./);
    } else {
      assert.deepEqual(await callBoard(page, 'offerDraw'), { value: { accepted: true } });
    }
    await waitText(page, '#status', /Draw by agreement\./);
    await page.waitForSelector('#game-over:not([hidden])');
    const [over] = await gameOvers(page);
    assert.deepEqual([over.winner, over.reason, over.token], [undefined, 'agreement', '1/2-1/2'], door);
    assert.match((await state(page)).record, /\[Termination "agreement"\]/);
    await waitText(page, '#recent-list', /result 1\/2-1\/2 by agreement/);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('Abort before both sides have moved ends with no result; after, it is refused', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await waitText(page, '#status', /Blue to move/);
  await collectGameOvers(page);
  await playMove(page, (await state(page)).moves[0]);
  assert.ok(await visible(page, '#abort'), 'one move played: still in time');
  await page.click('#abort');
  await waitText(page, '#end-confirm-text', /Abort this game\? It ends with no result\./);
  await page.click('#end-confirm-yes');
  await waitText(page, '#status', /Game aborted: no result\./);
  await page.waitForSelector('#game-over:not([hidden])');
  await waitText(page, '#result-token', /^\*$/);
  const [over] = await gameOvers(page);
  assert.deepEqual([over.winner, over.reason, over.token], [undefined, 'aborted', '*']);
  await waitText(page, '#recent-list', /aborted, no result/);
  // A new game: two moves, and it is too late, by the panel and by the element.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).newGame({ mode: 'two' }));
  await waitText(page, '#status', /Blue to move/);
  await playMove(page, (await state(page)).moves[0]);
  await playMove(page, (await state(page)).moves[0]);
  await frames(page);
  assert.equal(await visible(page, '#abort'), false);
  const late = await callBoard(page, 'abort');
  assert.match(String(late.error), /too late to abort/);
  assert.equal((await state(page)).result, undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('The element: abort() against the computer, resign(side) and a draw between two players, refusals', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'gray', level: 1, position: BLUE_AHEAD_GRAY_TO_MOVE }));
  await waitText(page, '#status', /Your move \(Gray\)/);
  await collectGameOvers(page);
  const aborted = await callBoard(page, 'abort');
  assert.equal(aborted.value?.reason, 'aborted');
  assert.equal(aborted.value?.token, '*');
  assert.equal((await gameOvers(page))[0].reason, 'aborted');
  assert.match(String((await callBoard(page, 'resign')).error), /The game is over already/);

  // Two players: either side may resign, on its turn or not.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).newGame({ mode: 'two' }));
  await waitText(page, '#status', /Blue to move/);
  await collectGameOvers(page);
  const resigned = await callBoard(page, 'resign', ['gray']);
  assert.deepEqual([resigned.value?.winner, resigned.value?.reason, resigned.value?.token], ['blue', 'resignation', '1-0']);
  assert.equal((await gameOvers(page))[0].text, 'Blue wins: Gray resigned.');
  await waitText(page, '#status', /Blue wins: Gray resigned\./);
  // Against the computer only the person's side resigns; a side must be a side.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).newGame({ mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /Your move \(Blue\)/);
  assert.match(String((await callBoard(page, 'resign', ['gray'])).error), /only your own side can resign, not Gray/);
  assert.match(String((await callBoard(page, 'resign', ['red'])).error), /not red/);
  // Two players agree to a draw at the board: the panel asks first. A question left open goes
  // once a move is played: it was about the game before it.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).newGame({ mode: 'two' }));
  await waitText(page, '#status', /Blue to move/);
  await page.click('#resign');
  await waitText(page, '#end-confirm-text', /Resign this game\? Blue loses\./);
  await playMove(page, (await state(page)).moves[0]);
  await page.waitForSelector('#end-confirm', { state: 'hidden' });
  await page.click('#offer-draw');
  await waitText(page, '#end-confirm-text', /Agree to a draw\?/);
  await page.click('#end-confirm-yes');
  await waitText(page, '#status', /Draw by agreement\./);
  // A game shown, not played: nobody ends it.
  await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).newGame({ mode: 'view' }));
  await frames(page);
  assert.equal(await visible(page, '#ending'), false);
  assert.match(String((await callBoard(page, 'resign')).error), /cannot end the game that way here/);
  assert.match(String((await callBoard(page, 'offerDraw')).error), /cannot end the game that way here/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('A resigned game against the computer stays resigned: no Undo, Redo or promotion into its moves', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /Your move \(Blue\)/);
  const opening = (await state(page)).moves;
  await playMove(page, opening[0]);
  await waitPly(page, 2);
  // Before the end Undo stays.
  await page.waitForFunction(() => !(/** @type {HTMLButtonElement} */ (document.getElementById('undo'))).disabled);
  // A variation of Blue's first move, tried at the start.
  const second = opening[1].text;
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPath = []));
  assert.deepEqual((await callBoard(page, 'explore', [second])).value, [1]);
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPath = null));
  assert.deepEqual((await callBoard(page, 'resign')).value?.reason, 'resignation');
  await waitText(page, '#status', /Gray wins: Blue resigned\./);
  const before = await state(page);
  await page.waitForFunction(() => (/** @type {HTMLButtonElement} */ (document.getElementById('undo'))).disabled);
  assert.equal((await callBoard(page, 'undo')).value, false);
  assert.equal((await callBoard(page, 'redo')).value, false);
  await page.waitForFunction(() => /over/.test(document.getElementById('game')?.shadowRoot?.querySelector('.notice')?.textContent ?? ''));
  // The variation may be looked at, but not promoted into the game's moves.
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPath = [1]));
  await frames(page);
  assert.equal(await visible(page, '#variation-promote'), false);
  assert.equal(await visible(page, '#variation-main'), false);
  assert.equal(await visible(page, '#variation-delete'), true, 'deleting a variation leaves the game as it is');
  for (const how of ['promote', 'main']) assert.match(String((await callBoard(page, 'editVariation', [how])).error), /moves and result are final/);
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPath = null));
  const after = await state(page);
  assert.deepEqual([after.history, after.result?.reason], [before.history, 'resignation']);
  assert.match(after.record, /\[Result "0-1"\]/);
  await waitText(page, '#recent-list', /result 0-1 by resignation/);
  await waitText(page, '#status', /Gray wins: Blue resigned\./);
  assert.deepEqual(problems, []);
  await page.close();
});
