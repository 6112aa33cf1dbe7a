// End-to-end: no engine help against a person until the game is over, through every door
// (docs/RULES.md, R36): while this browser plays a game by link that is not over, the
// editor opened from its position neither analyses it nor plays it against the computer nor
// searches it for a puzzle, a second tab of the page gives no hint, evaluation or review, and the
// board's own API refuses a hint in a game started on it meanwhile; once the game is over,
// everything is back, in every tab.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitReady } from './helpers.mjs';
import { setUpDevices, startFromForm, playAMove } from './devices.mjs';
import { engineHelp, BARRED } from './fair-play.mjs';

const env = setUpDevices();

/** What the page's editor offers of the engine: Analyse, Play against the computer, the puzzle search, and whether it says why not. */
async function editorEngine(page) {
  await page.click('#open-editor');
  await page.waitForSelector('#editor .editor-point[data-point="e5"]', { state: 'visible' });
  const got = await page.evaluate(() => {
    const q = (/** @type {string} */ s) => /** @type {HTMLButtonElement} */ (document.querySelector(`#editor ${s}`));
    return {
      analyse: !q('button.editor-analyse').disabled,
      playAi: !q('button[data-i18n="edit.playAi"]').disabled,
      puzzle: q('.editor-puzzle').checkVisibility(),
      saysWhy: q('.editor-barred').checkVisibility(),
    };
  });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !(/** @type {HTMLDialogElement} */ (document.getElementById('editor')).open));
  return got;
}

const EDITOR_BARRED = { analyse: false, playAi: false, puzzle: false, saysWhy: true };
const EDITOR_FREE = { analyse: true, playAi: true, puzzle: true, saysWhy: false };

test('a game by link under way: no engine help from the editor, in a second tab, until it is over; then all of it, in both tabs', async () => {
  const a = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  assert.deepEqual(await engineHelp(a.page), BARRED, 'the game itself');
  assert.deepEqual(await editorEngine(a.page), EDITOR_BARRED, 'the editor, from the game’s position');

  // A second tab of the same browser, on a game of two on one device with help as usual.
  const tab = await a.context.newPage();
  await tab.goto(`${env.url}?mode=two`);
  await waitReady(tab);
  await tab.waitForFunction(() => window.bluegray.element.settings.mode === 'two');
  await tab.waitForFunction(() => !document.getElementById('fair-play').hidden, null, { timeout: 15000 });
  assert.deepEqual(await engineHelp(tab), BARRED, 'a second tab');
  assert.deepEqual(await editorEngine(tab), EDITOR_BARRED, 'the editor of a second tab');

  // The game over (Blue resigns in its own tab): the second tab hears of it and help is back.
  await a.page.evaluate(() => window.bluegray.element.resign('blue'));
  await tab.waitForFunction(() => !document.getElementById('hint').hidden, null, { timeout: 15000 });
  const back = await engineHelp(tab);
  assert.deepEqual({ hint: back.hint, evaluation: back.evaluation, saysWhy: back.saysWhy, refusal: back.refusal }, { hint: true, evaluation: true, saysWhy: false, refusal: null }, 'the second tab, the game over');
  assert.deepEqual(await editorEngine(tab), EDITOR_FREE, 'the editor of the second tab, the game over');
  await a.page.waitForFunction(() => !document.getElementById('review').disabled);
  assert.deepEqual(await editorEngine(a.page), EDITOR_FREE, 'the editor of the game’s tab, the game over');
});

// A game begun through the board's own newGame() is kept as a game of its own (play/games.js), so
// the game by link stays in Recent games and, with it, the bar.
test('a game by link under way: the board’s API gives no hint in a game of two begun on it meanwhile from the same position', async () => {
  const a = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  const refusal = await a.page.evaluate(async () => {
    const el = window.bluegray.element;
    const position = el.state.code;
    el.newGame({ mode: 'two', position });
    return el.hint().then(
      () => null,
      (e) => e.message,
    );
  });
  assert.equal(refusal, BARRED.refusal);
});

// The analysis board of a game by link under way (play/analysis.js, docs/RULES.md R28) is a copy
// that keeps the engine out for good and names no game by link: the game goes on as it was.
test('a game by link under way: its analysis board has no engine help and names no game; the game stays as it was', async () => {
  const a = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  const played = await playAMove(a.page, 0);
  const game = await a.page.evaluate(() => ({ id: window.bluegray.element.gameId, record: window.bluegray.element.record }));
  await a.page.click('#analysis-board');
  await a.page.waitForFunction(() => window.bluegray.element.settings.mode === 'analysis' && window.bluegray.element.state?.history.length === 1);
  assert.deepEqual(await engineHelp(a.page), BARRED, 'the analysis board of a game under way');
  const copy = await a.page.evaluate(() => ({ id: window.bluegray.element.gameId, record: window.bluegray.element.record }));
  assert.equal(copy.id, null);
  assert.doesNotMatch(copy.record, new RegExp(game.id), 'the copy’s record names no game by link');
  // A move of the analysis is the analysis's alone.
  const reply = await a.page.evaluate(() => window.bluegray.element.state.moves[0].text);
  await a.page.evaluate((m) => window.bluegray.element.play(m), reply);
  await a.page.click('#analysis-back');
  await a.page.waitForFunction((id) => window.bluegray.element.gameId === id, game.id);
  const back = await a.page.evaluate(() => ({ history: window.bluegray.element.state.history, record: window.bluegray.element.record }));
  assert.deepEqual(back.history, [played]);
  assert.equal(back.record, game.record);
});
