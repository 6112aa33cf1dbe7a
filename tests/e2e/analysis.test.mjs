// End-to-end: a game and its analysis are two things (docs/RULES.md R28). Against the computer,
// Undo works before the end; once the game is over its moves and result are final, and the
// "Analysis board" opens a copy of it, kept in Recent games as a game of its own, where moves are
// tried; the game it came from is unchanged, the analysis reloads and downloads with its
// variations. Two on one device without help: the analysis board is there while the game goes on,
// without the engine; after the end no Undo, and the analysis board of the finished game has it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setUp, openPage, waitReady, state, playMove, waitPly, waitText, frames, q } from './helpers.mjs';
import { engineHelp, BARRED } from './fair-play.mjs';

const env = setUp();

/** Guard steps from the start that leave no capture to make. */
const OPENING = ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7'];

/**
 * Plays OPENING on `page`'s board of two and resigns: a finished game.
 * @param {import('playwright-core').Page} page
 */
async function resignedOpening(page) {
  await page.evaluate((ms) => {
    for (const m of ms) window.bluegray.element.play(m);
    window.bluegray.element.resign();
  }, OPENING);
  await waitText(page, '#status', /wins/);
}

/**
 * Waits until the board is in `mode` with `plies` moves played.
 * @param {import('playwright-core').Page} page
 * @param {string} mode
 * @param {number} plies
 */
function waitBoard(page, mode, plies) {
  return page.waitForFunction(
    ([m, n]) => {
      const el = window.bluegray.element;
      return el.settings.mode === m && el.state?.history.length === n;
    },
    [mode, plies],
  );
}

/**
 * Tries `move` at the position the board looks at, through the element's explore().
 * @param {import('playwright-core').Page} page
 * @param {string} move
 */
function explore(page, move) {
  return page.evaluate((m) => window.bluegray.element.explore(m), move);
}

/**
 * The kept games as the Recent games list shows them: id and text, the board's marked.
 * @param {import('playwright-core').Page} page
 */
async function recentRows(page) {
  await page.evaluate(() => {
    document.getElementById('recent-box').open = true;
  });
  await frames(page);
  return page.$$eval('#recent-list li', (lis) => lis.map((li) => ({ id: li.querySelector('.recent-open')?.getAttribute('data-open'), text: li.textContent, here: li.classList.contains('here') })));
}

/**
 * The engine's help on the page (fair-play.mjs), without the board's answer to hint(), which a
 * finished game's copy refuses for its end.
 * @param {import('playwright-core').Page} page
 */
async function helpShown(page) {
  await frames(page);
  const { refusal, ...shown } = await engineHelp(page);
  return { ...shown, barred: refusal === BARRED.refusal };
}

const HELPS = { hint: true, evaluation: true, review: true, saysWhy: false, barred: false };
const NO_HELP = { hint: false, evaluation: false, review: false, saysWhy: true, barred: true };

test('against the computer: Undo before the end; after it the game is final and its analysis board is a kept game of its own', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /Your move \(Blue\)/);
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  // Before the end, Undo takes back the computer's move and the person's.
  assert.equal(await page.isDisabled('#undo'), false);
  await page.click('#undo');
  await waitPly(page, 0);
  await playMove(page, 'd2-d3');
  await waitPly(page, 2);
  assert.equal(await page.isHidden('#analysis-board'), true, 'no analysis board of a game against the computer under way');
  await page.evaluate(() => window.bluegray.element.resign());
  await waitText(page, '#status', /Gray wins: Blue resigned\./);
  const game = await state(page);
  assert.equal(game.history.length, 2);

  // Final: no Undo, no continuing from an earlier position, by the panel or the element.
  assert.equal(await page.isDisabled('#undo'), true);
  await page.click('#moves button[data-ply="1"]');
  await frames(page);
  assert.equal(await page.isHidden('#continue-here'), true);
  assert.equal(await page.evaluate(() => window.bluegray.element.continueFrom(1)), false);
  assert.deepEqual((await state(page)).history, game.history);
  await page.click('#back-to-game');

  // The analysis board: a copy on the same board, kept apart.
  await page.click('#analysis-board');
  await waitBoard(page, 'analysis', 2);
  assert.equal(await page.isHidden('#analysis-back'), false);
  assert.equal(await page.isHidden('#analysis-board'), true);
  // A variation at the first move, and a move in it.
  await page.click('#moves button[data-ply="1"]');
  const other = (await page.evaluate(() => window.bluegray.element.shownState.moves.map((m) => m.text))).find((m) => m !== game.history[1]);
  assert.deepEqual(await explore(page, other), [0, 1]);
  const reply = await page.evaluate(() => window.bluegray.element.shownState.moves[0].text);
  assert.deepEqual(await explore(page, reply), [0, 1, 0]);
  await page.locator('#moves li.variation').waitFor();
  // And the line is the player's to change there: the variation made the line.
  assert.equal(await page.evaluate(() => window.bluegray.element.editVariation('main')), true);
  await page.waitForFunction((m) => window.bluegray.element.state.history[1] === m, other);
  const analysed = await state(page);
  assert.deepEqual(analysed.history, [game.history[0], other, reply]);
  assert.ok(analysed.tree, 'the game’s own moves are a variation now');

  // Downloaded with its variations.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-record')]);
  const text = fs.readFileSync(await download.path(), 'utf8');
  assert.ok(text.replace(/\n/g, ' ').includes(`(1... ${game.history[1]})`), text);

  // Both kept: the game and its analysis, each its own entry.
  let rows = await recentRows(page);
  assert.equal(rows.length, 2, JSON.stringify(rows));
  assert.match(rows.find((r) => r.here)?.text ?? '', /an analysis board/);

  // The analysis kept over a reload.
  await page.reload();
  await waitReady(page);
  await waitBoard(page, 'analysis', 3);
  assert.deepEqual((await state(page)).tree, analysed.tree);

  // Back to the game: as it ended, its record and result unchanged.
  await page.click('#analysis-back');
  await waitBoard(page, 'ai', 2);
  const back = await state(page);
  assert.deepEqual(back.history, game.history);
  assert.equal(back.record, game.record);
  assert.deepEqual(back.result, game.result);
  assert.equal(back.tree, game.tree);
  rows = await recentRows(page);
  assert.equal(rows.length, 2);
  // The analysis reopens from Recent games.
  const analysis = rows.find((r) => !r.here);
  await page.click(`#recent-list [data-open="${analysis?.id}"]`);
  await waitBoard(page, 'analysis', 3);
  assert.deepEqual((await state(page)).tree, analysed.tree);
  assert.deepEqual(problems, []);
  await page.close();
});

test('two on one device without help: the analysis board keeps the engine out while the game goes on; after the end no Undo, and the engine on its analysis board', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two', help: 'none' }));
  await page.evaluate((ms) => {
    for (const m of ms) window.bluegray.element.play(m);
  }, OPENING);
  await waitBoard(page, 'two', OPENING.length);
  // Under way: an analysis board, without the engine.
  await page.click('#analysis-board');
  await waitBoard(page, 'analysis', OPENING.length);
  assert.deepEqual(await helpShown(page), NO_HELP);
  await page.click('#moves button[data-ply="2"]');
  assert.deepEqual(await explore(page, 'f2-f3'), [0, 0, 1]);
  // Undo on the analysis board takes back its own moves only.
  await page.click('#back-to-game');
  await page.click('#undo');
  await waitBoard(page, 'analysis', OPENING.length - 1);

  await page.click('#analysis-back');
  await waitBoard(page, 'two', OPENING.length);
  const before = await state(page);
  assert.deepEqual(before.history, OPENING);
  assert.equal(before.tree, undefined, 'the game has no variation of its analysis');

  // The end: no Undo, by the button or the keys, the page saying why.
  await page.evaluate(() => window.bluegray.element.resign());
  await waitText(page, '#status', /Gray wins/);
  assert.equal(await page.isDisabled('#undo'), true);
  await page.keyboard.press('Control+z');
  await waitText(page, '#notice', /The game is over: its moves and result stay as they are\. Try other moves on an analysis board\./);
  assert.deepEqual((await state(page)).history, OPENING);
  assert.ok((await state(page)).result);

  // The finished game's analysis board has the engine.
  await page.click('#analysis-board');
  await waitBoard(page, 'analysis', OPENING.length);
  assert.deepEqual(await helpShown(page), HELPS);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an analysis board plays on past a resignation or an agreement, from the final position; the game keeps its result', async () => {
  for (const end of ['resign', 'draw']) {
    const { page, problems } = await openPage(env, q({ mode: 'two' }));
    await waitReady(page);
    await page.evaluate(
      ([ms, how]) => {
        const el = window.bluegray.element;
        for (const m of ms) el.play(m);
        if (how === 'resign') el.resign();
        else el.offerDraw();
      },
      [OPENING, end],
    );
    await waitText(page, '#status', end === 'resign' ? /wins/ : /draw/i);
    const game = await state(page);
    assert.equal(game.result?.reason, end === 'resign' ? 'resignation' : 'agreement');
    await page.click('#analysis-board');
    await waitBoard(page, 'analysis', OPENING.length);
    // The final position, with play going on: a move by clicks, the next side's.
    const analysis = await state(page);
    assert.ok(!analysis.result, 'the result is the game’s, not the position’s');
    assert.ok(analysis.moves.length > 0, 'moves to play');
    await playMove(page, 'f2-f3');
    await waitBoard(page, 'analysis', OPENING.length + 1);
    assert.deepEqual((await state(page)).history, [...OPENING, 'f2-f3']);
    // The game it came from: as it ended.
    await page.click('#analysis-back');
    await waitBoard(page, 'two', OPENING.length);
    const back = await state(page);
    assert.deepEqual(back.result, game.result);
    assert.equal(back.record, game.record);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('a link’s ply into a finished game looks there and says why, taking nothing back', async () => {
  const { page } = await openPage(env, q({ mode: 'two' }));
  await resignedOpening(page);
  const { record } = await state(page);
  await page.goto(`${env.url}${q({ mode: 'two', record, ply: 2 })}`);
  await waitReady(page);
  await waitText(page, '#notice', /ply=2: the game is over/);
  const s = await state(page);
  assert.deepEqual(s.history, OPENING);
  assert.ok(s.result);
  assert.equal(await page.evaluate(() => window.bluegray.element.viewPly), 2);
  await page.close();
});

test('a link of a game opens the game kept, not its analysis board, which has the same moves', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await resignedOpening(page);
  const { record } = await state(page);
  await page.click('#analysis-board');
  await waitBoard(page, 'analysis', OPENING.length);
  await page.goto(`${env.url}#${new URLSearchParams({ mode: 'two', record })}`);
  await waitReady(page);
  await waitBoard(page, 'two', OPENING.length);
  const rows = await recentRows(page);
  assert.equal(rows.length, 2, JSON.stringify(rows));
  assert.doesNotMatch(rows.find((r) => r.here)?.text ?? '', /an analysis board/);
  assert.deepEqual(problems, []);
  await page.close();
});
