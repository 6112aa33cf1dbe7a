// End-to-end: the opening explorer (issue 33, part 3), in headless Chromium. Opened from the
// keyboard on Sackson's start, it shows each first move's games and shares of wins, draws and
// losses, checked against a recount of the committed games file made here, line by line, with
// nothing of the page's or the rules core's; a move chosen with Enter is played and the explorer
// follows it; at an earlier position, another move chosen is tried there (a variation); it
// passes axe-core; and the single file from disk says it leaves the explorer out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { setUp, openPage, seriousA11y, state, ROOT, SINGLE_FILE, watch, refuseNetwork, waitReady } from './helpers.mjs';
import { loadAllTables } from '../../www/lib/languages.js';
import { translate, loadMessages } from '../../www/lib/i18n.js';

await loadAllTables();
for (const part of ['play', 'review']) await loadMessages(part, 'en');

const env = setUp({});
const GAMES = fs.readFileSync(path.join(ROOT, 'crates', 'bluegray-engine', 'explorer', 'sackson.txt'), 'utf8');

/**
 * The recount: for the games of `text` that began with `prefix`, each next move's games, and its
 * wins, draws and losses for the side that played it (Blue moves first in Sackson).
 * @param {string} text
 * @param {string[]} prefix
 * @returns {Map<string, {games: number, wins: number, draws: number, losses: number}>}
 */
function recount(text, prefix) {
  const moves = new Map();
  const blue = prefix.length % 2 === 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('variant ')) continue;
    const [result, ...played] = line.split(/\s+/);
    if (played.length <= prefix.length || prefix.some((m, i) => played[i] !== m)) continue;
    const move = played[prefix.length];
    const c = moves.get(move) ?? { games: 0, wins: 0, draws: 0, losses: 0 };
    c.games++;
    if (result === '1/2-1/2') c.draws++;
    else if ((result === '1-0') === blue) c.wins++;
    else c.losses++;
    moves.set(move, c);
  }
  return moves;
}

/** The rows the explorer shows: [move, games, shares] each. */
const rows = (page) =>
  page.$$eval('#explorer-moves tbody tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));

/**
 * Checks the rows shown against the recount after `prefix`: the same moves, most played first,
 * each with its games and its shares as the English table says them.
 */
async function checkRows(page, prefix) {
  const expected = recount(GAMES, prefix);
  const shown = await rows(page);
  const pct = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 });
  assert.equal(shown.length, expected.size);
  assert.ok(shown.length > 0);
  for (const [move, games, shares] of shown) {
    const c = expected.get(move);
    assert.ok(c, `${move} is not in the games after ${prefix.join(' ')}`);
    assert.equal(games, String(c.games), move);
    const said = translate('en', 'explorer.shares', { wins: pct.format(c.wins / c.games), draws: pct.format(c.draws / c.games), losses: pct.format(c.losses / c.games) });
    assert.equal(shares, said, move);
  }
  const counts = shown.map((r) => Number(r[1]));
  assert.deepEqual(counts, [...counts].sort((a, b) => b - a), 'most played first');
}

test('the explorer shows the recounted first moves of sackson, plays one from the keyboard, follows, passes axe; the single file leaves it out', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  // Opened from the keyboard: the focus goes to its title.
  await page.focus('#open-explorer');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#explorer-moves tbody tr');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'explorer-title');
  assert.equal(await page.textContent('#explorer-status'), translate('en', 'explorer.atStart'));
  await checkRows(page, []);
  // Enter on the most played move plays it; the explorer follows, the focus on its new first move.
  const first = (await rows(page))[0][0];
  await page.focus('#explorer-moves tbody tr button');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /** @type {any} */ (document.getElementById('game')).state?.history.length === 1);
  assert.deepEqual((await state(page))?.history, [first]);
  await page.waitForFunction(
    (text) => document.getElementById('explorer-status')?.textContent === text,
    translate('en', 'explorer.after'),
  );
  await checkRows(page, [first]);
  await page.waitForFunction(() => document.activeElement?.classList.contains('explorer-move'));
  // Looking back at the start, the explorer counts there again; back at the game, after the move.
  const moveOf = (/** @type {string[][]} */ r) => r.map((row) => row[0]).join();
  const after = moveOf(await rows(page));
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPly = 0));
  await page.waitForFunction((was) => [...document.querySelectorAll('#explorer-moves tbody tr')].map((tr) => tr.children[0].textContent?.trim()).join() !== was, after);
  await checkRows(page, []);
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPly = null));
  await page.waitForFunction((was) => [...document.querySelectorAll('#explorer-moves tbody tr')].map((tr) => tr.children[0].textContent?.trim()).join() === was, after);
  // Back at the start, another first move than the game's, chosen with Enter, is tried there as
  // on the board: a variation in the move list, the game's own move unchanged.
  await page.evaluate(() => (/** @type {any} */ (document.getElementById('game')).viewPly = 0));
  await page.waitForFunction((was) => [...document.querySelectorAll('#explorer-moves tbody tr')].map((tr) => tr.children[0].textContent?.trim()).join() !== was, after);
  const other = (await rows(page))[1][0];
  await page.focus(`#explorer-moves button[data-move="${other}"]`);
  await page.keyboard.press('Enter');
  await page.locator('#moves li.variation').waitFor();
  assert.equal(await page.textContent('#moves li.variation button.mv'), other);
  assert.deepEqual(await page.evaluate(() => /** @type {any} */ (document.getElementById('game')).viewPath), [1]);
  // The explorer follows into the variation.
  await page.waitForFunction((text) => document.getElementById('explorer-status')?.textContent === text, translate('en', 'explorer.after'));
  await checkRows(page, [other]);
  const game = await state(page);
  assert.deepEqual(game?.history, [first], 'the game is as it was');
  assert.ok(game?.record.includes(`1. ${first} (1. ${other})`), game?.record);
  // The element's explore(), which the explorer calls: an illegal move is refused by name, and
  // with the game itself shown nothing is tried.
  const tries = await page.evaluate(() => {
    const board = /** @type {any} */ (document.getElementById('game'));
    let refused = '';
    try {
      board.explore('a1-a9');
    } catch (e) {
      refused = String(/** @type {Error} */ (e).message);
    }
    board.viewPly = null;
    return { refused, shown: board.explore('e2-e3'), history: board.state.history };
  });
  assert.deepEqual(tries, { refused: translate('en', 'api.exploreNotLegal', { move: 'a1-a9' }), shown: null, history: [first] });
  // The page's problems are read before axe, whose own inline styles the page's CSP refuses.
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page, '#explorer-box'), []);
  await page.close();

  // The single file has no teaching module and fetches nothing: it offers no explorer.
  const single = await env.context.newPage();
  const singleProblems = watch(single, { network: false });
  refuseNetwork(single, singleProblems);
  await single.goto(`${SINGLE_FILE}?mode=two`);
  await waitReady(single);
  assert.equal(await single.isHidden('#open-explorer'), true);
  assert.deepEqual(singleProblems, []);
  await single.close();
});
