// End-to-end: the board editor (issue 33, part 2), in headless Chromium. A position is set up by
// clicks, drags (on the board, from the palette, off the board) and the keyboard, refused by the rules core with its reasons in words, fixed, copied as a
// code and a link, played against the computer, and the copied link opens the same position; the
// editor passes axe-core (with reasons shown), says its reasons in Russian too, and opens a
// position for analysis (evaluation and best line shown for that game only).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, waitReady, playMove, waitPly, seriousA11y, state, cutOff } from './helpers.mjs';
import { loadAllTables } from '../../www/lib/languages.js';
import { translate, loadMessages } from '../../www/lib/i18n.js';

await loadAllTables();
for (const lang of ['en', 'ru']) for (const part of ['play', 'editor']) await loadMessages(part, lang);

const env = setUp({}, (e) => e.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(e.url).origin }));

const point = (p) => `#editor .editor-point[data-point="${p}"]`;
const tool = (name) => `#editor .editor-tool[data-tool="${name}"]`;
/** The verdict's reasons: [code, sentence] each. */
const reasons = (page) => page.$$eval('#editor .editor-verdict li', (lis) => lis.map((li) => [li.getAttribute('data-code'), li.textContent]));
const code = (page) => page.inputValue('#editor-code');

async function openEditor(page) {
  await page.click('#open-editor');
  await page.waitForSelector(point('e5'), { state: 'visible' });
}

test('a position set up by clicks is refused with its reasons, fixed, copied, played against the computer, and its link opens it', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await openEditor(page);
  // It opens on the board's position: Sackson's start, playable.
  assert.equal(await code(page), 'sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1');
  assert.equal(await page.getAttribute('#editor .editor-verdict', 'data-ok'), 'true');
  await page.click('#editor button[data-i18n="edit.clear"]');
  assert.equal(await code(page), '9/9/9/9/9/9/9/9/9 b 0 1');
  // Two Blue captains and no Gray one.
  await page.click(tool('blue-captain'));
  assert.equal(await page.getAttribute(tool('blue-captain'), 'aria-pressed'), 'true');
  await page.click(point('e1'));
  await page.click(point('e2'));
  assert.equal(await code(page), '9/9/9/9/9/9/9/4C4/4C4 b 0 1');
  assert.equal(await page.getAttribute('#editor .editor-verdict', 'data-ok'), 'false');
  assert.deepEqual(await reasons(page), [
    ['extra-captains', translate('en', 'edit.problem.extra-captains', { color: 'blue', count: 2 })],
    ['no-captain', translate('en', 'edit.problem.no-captain', { color: 'gray' })],
  ]);
  assert.equal(await page.isDisabled('#editor button[data-i18n="edit.playAi"]'), true);
  assert.match((await reasons(page))[0][1], /2 Blue captains/);
  // Fixed: the second click on e2 takes its captain away, and Gray gets one.
  await page.click(point('e2'));
  await page.click(tool('gray-captain'));
  await page.click(point('e9'));
  // A Gray guard put down from the keyboard: from e9, three points down is e6.
  await page.click(tool('gray-sergeant'));
  await page.focus(point('e9'));
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-point')), 'e6');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute(point('e6'), 'aria-label'), translate('en', 'desc.piece', { point: 'e6', color: 'gray', kind: 'sergeant' }));
  // Dragged: the Gray guard from e6 to d6 and back.
  const centre = async (p) => {
    const b = await page.locator(point(p)).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  for (const [from, to] of [['e6', 'd6'], ['d6', 'e6']]) {
    await page.mouse.move(...(await centre(from)));
    await page.mouse.down();
    await page.mouse.move(...(await centre(to)), { steps: 4 });
    await page.mouse.up();
    assert.equal(await page.getAttribute(point(to), 'aria-label'), translate('en', 'desc.piece', { point: to, color: 'gray', kind: 'sergeant' }));
    assert.equal(await page.getAttribute(point(from), 'aria-label'), translate('en', 'desc.empty', { point: from }));
  }
  // Dragged from the palette: a Blue private onto g4 (the palette's choice, Gray's guard, stays);
  // then dragged off the board, it is gone.
  const drag = async (from, to) => {
    const b = await page.locator(from).boundingBox();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(...to, { steps: 4 });
    await page.mouse.up();
  };
  await drag(tool('blue-private'), await centre('g4'));
  assert.equal(await page.getAttribute(point('g4'), 'aria-label'), translate('en', 'desc.piece', { point: 'g4', color: 'blue', kind: 'private' }));
  assert.equal(await page.getAttribute(tool('gray-sergeant'), 'aria-pressed'), 'true');
  const palette = await page.locator('#editor .editor-palette').boundingBox();
  await drag(point('g4'), [palette.x + palette.width / 2, palette.y + palette.height + 4]);
  assert.equal(await page.getAttribute(point('g4'), 'aria-label'), translate('en', 'desc.empty', { point: 'g4' }));
  const wanted = '4c4/9/9/4s4/9/9/9/9/4C4 b 0 1';
  assert.equal(await code(page), wanted);
  assert.equal(await page.getAttribute('#editor .editor-verdict', 'data-ok'), 'true');
  assert.deepEqual(await reasons(page), []);
  // Copied: the code, then a link that carries it.
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('#editor button[data-i18n="edit.copyCode"]');
  await page.waitForFunction(() => document.querySelector('#editor .editor-copied')?.textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), wanted);
  await page.click('#editor button[data-i18n="edit.copyLink"]');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.includes('#')));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URLSearchParams(link.split('#')[1]).get('position'), wanted);
  // Played against the computer: the editor closes, Blue (to move) is the player's.
  await page.click('#editor button[data-i18n="edit.playAi"]');
  await page.waitForFunction(() => !document.querySelector('#editor')?.hasAttribute('open'));
  const s = await state(page);
  assert.equal(s?.start, wanted);
  assert.equal(s?.mode ?? (await page.getAttribute('#game', 'mode')), 'ai');
  await playMove(page, 'e1-e2');
  await waitPly(page, 2);
  assert.equal((await state(page))?.history.length, 2, 'the computer answered');
  // The copied link opens the same position.
  const other = await env.context.newPage();
  await other.goto(link);
  await waitReady(other);
  assert.equal((await state(other))?.start, wanted);
  await other.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test('the editor says its reasons in the page’s language, and a captain home is a game already over', async () => {
  const { page, problems } = await openPage(env, '?lang=ru&mode=two');
  await openEditor(page);
  await page.click('#editor button[data-i18n="edit.clear"]');
  await page.click(tool('blue-captain'));
  await page.click(point('e1'));
  await page.click(tool('gray-captain'));
  await page.click(point('e5'));
  assert.deepEqual(await reasons(page), [['captain-home', translate('ru', 'edit.problem.captain-home', { color: 'gray' })]]);
  assert.match((await reasons(page))[0][1], /^Серые/);
  // The rules change the verdict: under classic (a lead of 3 wins) a Blue captain on b3 against
  // Gray's at its start has already won; under Sackson's rules it has not.
  await page.click(point('e5'));
  await page.click(point('e9'));
  await page.click(tool('blue-captain'));
  await page.click(point('e1'));
  await page.click(point('b3'));
  assert.equal(await page.getAttribute('#editor .editor-verdict', 'data-ok'), 'true');
  await page.selectOption('#editor-variant', 'classic');
  assert.deepEqual((await reasons(page)).map(([c]) => c), ['lead-reached']);
  // The page's problems are read before axe, whose own inline styles the page's CSP refuses.
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page, '#editor'), []);
  // Analysed: two on this device from the position, with no ending by the players' word; the
  // evaluation and the best line follow the two boxes, unticked here, then ticked.
  await page.selectOption('#editor-variant', 'sackson');
  // With both boxes unticked the engine says nothing: the button offers to explore, and says why.
  const exploreIt = page.locator('#editor button[data-i18n="edit.explore"]');
  assert.equal(await exploreIt.textContent(), translate('ru', 'edit.explore'));
  assert.equal(await exploreIt.getAttribute('title'), translate('ru', 'edit.exploreTitle'));
  assert.equal(await page.locator('#editor button[data-i18n="edit.analyse"]').count(), 0);
  await exploreIt.click();
  await page.waitForFunction(() => !document.querySelector('#editor')?.hasAttribute('open'));
  assert.equal((await state(page))?.start, '4c4/9/9/9/9/9/1C7/9/9 b 0 1');
  assert.equal(await page.getAttribute('#game', 'mode'), 'two');
  for (const id of ['#resign', '#offer-draw', '#abort']) assert.equal(await page.isVisible(id), false, id);
  assert.equal(await page.isVisible('#eval-bar'), false);
  assert.equal(await page.isVisible('#eval-text'), false);
  // The board is named for what it is: an analysis board, here with no engine.
  const toMove = { key: 'status.toMove', params: { side: 'blue' } };
  assert.equal(await page.textContent('#status'), translate('ru', 'status.exploring', { turn: toMove }));
  await page.check('#show-line');
  const prefix = translate('ru', 'eval.line', { line: '' });
  await page.waitForFunction((p) => document.querySelector('#eval-text')?.textContent?.includes(p), prefix);
  await page.waitForFunction((text) => document.querySelector('#status')?.textContent === text, translate('ru', 'status.analysing', { turn: toMove }));
  // And with a box ticked the editor offers an analysis again.
  await openEditor(page);
  assert.equal(await page.textContent('#editor button[data-i18n="edit.analyse"]'), translate('ru', 'edit.analyse'));
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('#editor')?.hasAttribute('open'));
  assert.equal(await page.isVisible('#eval-bar'), false);
  await page.uncheck('#show-line');
  // Another game opened is not analysed.
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelector('#eval-text')?.hidden && document.querySelector('#eval-bar')?.hidden);
  await page.close();
});

test('a position set up is made a puzzle: the proof search says whether its goal holds with one first move, and the puzzle is tried and copied', async () => {
  // Puzzle 1 of the committed set (classic, Blue wins in 2 with c6-d6 only; in 3, four first moves win).
  const position = '2s5s/9/2Css4/2S6/1s4sc1/3s3S1/4SSS2/7S1/1S7 b 0 1';
  const { page, problems } = await openPage(env, `?mode=two&variant=classic#position=${encodeURIComponent(position)}`);
  await openEditor(page);
  assert.equal(await code(page), position);
  const said = () => page.textContent('#editor .editor-puzzle-said');
  await page.selectOption('#editor-goal', 'win3');
  await page.click('#editor button[data-i18n="edit.puzzle.check"]');
  await page.waitForFunction(() => /first moves reach it/.test(document.querySelector('#editor .editor-puzzle-said')?.textContent ?? ''));
  assert.match(await said(), /^The goal holds, but 4 first moves reach it \(.*c6-d6.*\)/);
  assert.equal(await page.isVisible('#editor button[data-i18n="edit.puzzle.try"]'), false);
  await page.selectOption('#editor-goal', 'stop');
  await page.click('#editor button[data-i18n="edit.puzzle.check"]');
  await page.waitForFunction(() => /does not hold/.test(document.querySelector('#editor .editor-puzzle-said')?.textContent ?? ''));
  await page.selectOption('#editor-goal', 'win2');
  await page.click('#editor button[data-i18n="edit.puzzle.check"]');
  await page.waitForFunction(() => /^A puzzle/.test(document.querySelector('#editor .editor-puzzle-said')?.textContent ?? ''));
  assert.equal(await said(), translate('en', 'edit.puzzle.unique', { move: 'c6-d6', line: 'c6-d6 d7xd5 c7-d7' }));
  await page.evaluate(() => navigator.clipboard.writeText(''));
  await page.click('#editor button[data-i18n="edit.puzzle.copy"]');
  await page.waitForFunction(() => navigator.clipboard.readText().then((t) => t.length > 0));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `<blue-gray-game mode="puzzle" variant="classic" position="${position}" goal="win2"></blue-gray-game>`);
  // Tried at once on a board in puzzle mode, which answers the solver's first move.
  await page.click('#editor button[data-i18n="edit.puzzle.try"]');
  const board = '#editor .editor-puzzle-board blue-gray-game';
  await page.waitForFunction((sel) => document.querySelector(sel)?.state?.start === '2s5s/9/2Css4/2S6/1s4sc1/3s3S1/4SSS2/7S1/1S7 b 0 1', board);
  await playMove(page, 'c6-d6', { board });
  await page.waitForFunction((sel) => document.querySelector(sel)?.state?.history.length === 2, board);
  assert.deepEqual((await state(page, board))?.history, ['c6-d6', 'd7xd5']);
  // The board says what the ending move did and why; Try again puts the puzzle back.
  const tried = () => page.textContent('#editor .editor-puzzle-tried');
  await playMove(page, 'c7-d7', { board });
  await page.waitForFunction(() => /^Solved/.test(document.querySelector('#editor .editor-puzzle-tried')?.textContent ?? ''));
  assert.match(await tried(), /^Solved with c7-d7\. Blue wins by a lead of 3 steps, 9 to 6\.$/);
  await page.click('#editor button[data-i18n="edit.puzzle.again"]');
  await page.waitForFunction((sel) => document.querySelector(sel)?.state?.history.length === 0, board);
  assert.equal(await tried(), '');
  const wrong = (await state(page, board)).moves.map((m) => m.text).find((m) => m !== 'c6-d6');
  await playMove(page, wrong, { board });
  await page.waitForFunction(() => /^Not this one/.test(document.querySelector('#editor .editor-puzzle-tried')?.textContent ?? ''));
  assert.match(await tried(), new RegExp(`^Not this one: after ${wrong} comes [a-i1-9x -]+\\. (Gray holds|Gray wins)`));
  assert.equal(await page.isVisible('#editor button[data-i18n="edit.puzzle.again"]'), true);
  // A change of the position forgets the puzzle.
  await page.click(point('a1'));
  assert.equal(await said(), '');
  assert.deepEqual(problems, []);
  await page.close();
});

test('at 360 px, in every language, the editor cuts no text short', async () => {
  for (const lang of ['en', 'ru', 'hu']) {
    const { page, problems } = await openPage(env, `?mode=two&lang=${lang}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await openEditor(page);
    // With a reason shown: the longest texts.
    await page.click(point('e9'));
    assert.equal(await page.getAttribute('#editor .editor-verdict', 'data-ok'), 'false');
    assert.deepEqual(await cutOff(page), [], lang);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

// A page of someone else's with the element alone, in edit mode.
const HOST = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Set up a position</title>
  <link rel="icon" href="data:,">
  <script type="module" src="blue-gray-game.js"></script>
</head>
<body>
  <h1>Set up a position</h1>
  <blue-gray-game id="ed" mode="edit" variant="classic" position="4c4/9/9/9/9/9/9/9/4C4 b 0 1"></blue-gray-game>
</body>
</html>
`;

test('the element in mode="edit" shows the editor on its position, fires change with the code, and plays the code once the mode changes', async () => {
  const page = await env.context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  const url = `${env.url}edit-position.html`;
  await page.route(url, (r) => r.fulfill({ contentType: 'text/html', body: HOST }));
  await page.addInitScript(() => {
    window.changes = [];
    document.addEventListener('change', (e) => {
      if (e.detail && 'code' in e.detail) window.changes.push(JSON.parse(JSON.stringify(e.detail)));
    });
  });
  await page.goto(url);
  await page.waitForSelector('#ed .editor-point[data-point="e5"]', { state: 'visible' });
  assert.equal(await page.inputValue('#ed .editor-code'), '4c4/9/9/9/9/9/9/9/4C4 b 0 1');
  assert.equal(await page.inputValue('#ed .editor-variant'), 'classic');
  assert.equal(await page.isVisible('#ed [part~="frame"]'), false, 'the board gives way to the editor');
  await page.click('#ed .editor-tool[data-tool="blue-sergeant"]');
  await page.click('#ed .editor-point[data-point="d2"]');
  let last = await page.evaluate(() => window.changes.at(-1));
  assert.deepEqual(last, { code: '4c4/9/9/9/9/9/9/3S5/4C4 b 0 1', variant: 'classic', side: 'blue', ok: true, problems: [] });
  await page.click('#ed .editor-tool[data-tool="blue-captain"]');
  await page.click('#ed .editor-point[data-point="a1"]');
  last = await page.evaluate(() => window.changes.at(-1));
  assert.equal(last.ok, false);
  assert.deepEqual(last.problems.map((p) => p.code), ['extra-captains', 'captain-off-path']);
  assert.equal(await page.textContent('#ed .editor-verdict li[data-code="captain-off-path"]'), translate('en', 'edit.problem.captain-off-path', { color: 'blue', point: 'a1' }));
  await page.click('#ed .editor-point[data-point="a1"]');
  last = await page.evaluate(() => window.changes.at(-1));
  assert.equal(last.ok, true);
  // Another language: the editor speaks it, and keeps what was set up.
  await page.evaluate(() => document.getElementById('ed').setAttribute('lang', 'ru'));
  await page.waitForFunction(() => document.getElementById('ed').shadowRoot.querySelector('.editor-tool[data-tool="erase"]')?.textContent === 'Убрать');
  assert.equal(await page.inputValue('#ed .editor-code'), last.code);
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page, '#ed'), []);
  // The page plays what was set up: the editor gives way to the board, on that position.
  await page.evaluate((c) => {
    const ed = document.getElementById('ed');
    ed.setAttribute('position', c);
    ed.setAttribute('mode', 'two');
  }, last.code);
  await page.waitForFunction((c) => document.getElementById('ed').state?.start === c, last.code);
  assert.equal(await page.isVisible('#ed .editor'), false);
  assert.equal(await page.isVisible('#ed [part~="frame"]'), true);
  await playMove(page, 'd2-d3', { board: '#ed' });
  await page.close();
});
