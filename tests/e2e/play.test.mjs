// End-to-end: the served page in a real headless Chromium, played by clicking the canvas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import {
  setUp,
  openPage,
  state,
  clickPoint,
  dragPoint,
  playMove,
  playMoves,
  waitPly,
  waitIdle,
  waitReady,
  waitText,
  playToTheEnd,
  frames,
  seriousA11y,
  escapeRe,
  q,
  DIST,
  JUMP,
  NEAR_WIN,
} from './helpers.mjs';

const env = setUp();

test('the page loads, lists every variant and draws the start', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  const s = await state(page);
  assert.equal(s.variant, 'sackson');
  assert.equal(s.board.length, 36);
  assert.equal(s.moves.length, 25);
  const options = await page.$$eval('#variant option', (list) => list.map((o) => o.value));
  assert.equal(options.length, 17);
  assert.ok(options.includes('sackson') && options.includes('super-turbo-light-pow'));
  await waitText(page, '#status', /Blue to move/);
  await waitText(page, '#progress-blue-label', /Blue captain 0\/17/);
  // The canvas is drawn at device resolution (HiDPI).
  const dims = await page.$eval('#game canvas', (c) => ({ w: c.width, css: c.getBoundingClientRect().width }));
  assert.ok(Math.abs(dims.w - dims.css * 2) <= 2, `canvas ${dims.w}px for ${dims.css} CSS px at DPR 2`);
  // ... and resizes with the window.
  await page.setViewportSize({ width: 700, height: 900 });
  await page.waitForFunction((w) => document.getElementById('game').shadowRoot.querySelector('canvas').width !== w, dims.w);
  await page.setViewportSize({ width: 1200, height: 820 });
  assert.deepEqual(problems, []);
  await page.close();
});

test('any variant spec with options can be played from the URL', async () => {
  const spec = 'classic-turbo,lead=2,first=gray';
  const { page, problems } = await openPage(env, q({ variant: spec, mode: 'two' }));
  const s = await state(page);
  assert.equal(s.variant, spec);
  assert.equal(s.side, 'gray');
  assert.equal(await page.inputValue('#variant'), spec);
  await waitText(page, '#status', /Gray to move/);
  await playMove(page, s.moves[0]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a human move by clicking, then the AI replies', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /Your move \(Blue\)/);
  await clickPoint(page, 'e2');
  const sel = await page.evaluate(() => window.bluegray.selection);
  assert.deepEqual(sel.path, ['e2']);
  assert.ok(sel.targets.includes('e3'));
  await clickPoint(page, 'e3');
  await waitPly(page, 2);
  await waitIdle(page);
  const s = await state(page);
  assert.equal(s.history[0], 'e2-e3');
  assert.equal(s.side, 'blue');
  assert.equal(s.lastMove.text, s.history[1]);
  await waitText(page, '#status', /Your move \(Blue\)/);
  await waitText(page, '#ai-info', /Gray played/);
  // Drag and drop works too.
  await dragPoint(page, 'd2', 'd3');
  await waitPly(page, 4);
  assert.equal((await state(page)).history[2], 'd2-d3');
  // Undo takes back the AI's reply and the human's move.
  await waitIdle(page);
  await page.click('#undo');
  assert.equal((await state(page)).history.length, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a compulsory multi-jump is entered hop by hop', async () => {
  const { page, problems } = await openPage(env, q({ variant: 'sackson', position: JUMP, mode: 'ai', side: 'blue', level: 1 }));
  await waitText(page, '#status', /capture is compulsory/);
  // A guard that cannot capture cannot be picked, and the page says why.
  await clickPoint(page, 'd5');
  assert.equal(await page.evaluate(() => window.bluegray.selection), null);
  await waitText(page, '#game >>> .notice', /capture is compulsory/i);
  await clickPoint(page, 'f5');
  let sel = await page.evaluate(() => window.bluegray.selection);
  assert.deepEqual(sel.targets, ['f7']);
  await clickPoint(page, 'f7');
  sel = await page.evaluate(() => window.bluegray.selection);
  assert.deepEqual(sel.path, ['f5', 'f7']);
  assert.deepEqual(sel.captured, ['f6']);
  assert.deepEqual(sel.targets, ['h7'], 'only the legal continuation is offered');
  assert.equal((await state(page)).history.length, 0, 'nothing played before the last hop');
  await clickPoint(page, 'h7');
  await waitPly(page, 1);
  const s = await state(page);
  assert.equal(s.history[0], 'f5xf7xh7');
  assert.ok(!s.board.some((p) => p.point === 'f6' || p.point === 'g7'));
  await waitPly(page, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the computer's capture glides hop by hop, then the picture settles", async () => {
  // The glide is watched from the page's first frame: on a busy machine the computer may move
  // before the page says it is ready.
  const init = () => {
    window.sawGlide = false;
    const tick = () => {
      if (window.bluegray && window.bluegray.animating) window.sawGlide = true;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  };
  const { page, problems } = await openPage(env, q({ variant: 'sackson', position: JUMP, mode: 'ai', side: 'gray', level: 1 }), { init, motion: true });
  await page.waitForFunction(() => window.sawGlide, null, { timeout: 20000 });
  const s = await state(page);
  assert.equal(s.lastMove.kind, 'capture');
  assert.ok(s.lastMove.points.length >= 2);
  await page.waitForFunction(() => !window.bluegray.animating, null, { timeout: 5000, polling: 'raf' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('finishing a game shows who won and how', async () => {
  const { page, problems } = await openPage(env, q({ variant: 'sackson', position: NEAR_WIN, mode: 'two' }));
  await waitText(page, '#progress-blue-label', /Blue captain 16\/17/);
  await playMove(page, 'e4-e5');
  const s = await state(page);
  assert.equal(s.result.winner, 'blue');
  assert.equal(s.result.reason, 'breakthrough');
  await waitText(page, '#status', /Blue wins by breakthrough/);
  await waitText(page, '#progress-blue-label', /17\/17/);
  await waitText(page, '#result-token', /^1-0$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a whole game against the computer, played by clicks from the start', async (t) => {
  const { page, problems } = await openPage(env, q({ variant: 'classic', mode: 'ai', side: 'gray', level: 1 }));
  // The human walks its captain whenever it can, captures when it must, and otherwise cycles
  // through its guard steps, until the game is over whichever way it ends.
  const s = await playToTheEnd(page, 'gray');
  assert.ok(s.result, `no result after ${s.history.length} plies`);
  assert.ok(s.history.length >= 4);
  t.diagnostic(`${s.result.text} after ${s.history.length} plies`);
  // The page says the result in the reader's language, from the board's own result text.
  const said = await page.evaluate(() => window.bluegray.element.resultText());
  assert.match(said, new RegExp(`^(Blue|Gray) wins|^Draw`));
  await waitText(page, '#status', new RegExp(escapeRe(said)));
  await waitText(page, '#result-token', new RegExp(`^${s.result.token.replace('/', '\\/')}$`));
  // Nothing more can be played once the game is over.
  assert.equal(s.moves.length, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the move list numbers moves from the position the game began at', async () => {
  const { page, problems } = await openPage(env, q({ position: '4c4/9/9/9/9/9/9/s7S/4C4 g 0 12', mode: 'two' }));
  await playMoves(page, ['a2-a1', 'i2-i3']);
  // The list is drawn on the next animation frame, after the state has the move.
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
  const rows = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
  assert.deepEqual(rows, ['12.…a2-a1', '13.i2-i3']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('keyboard: arrows move the cursor, Enter picks and drops', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.focus('#game canvas');
  // The cursor starts on e5; three steps down reaches e2.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.deepEqual((await page.evaluate(() => window.bluegray.selection)).path, ['e2']);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await waitPly(page, 1);
  assert.equal((await state(page)).history[0], 'e2-e3');
  assert.deepEqual(problems, []);
  await page.close();
});

test('AI against AI demo plays on by itself', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'demo', level: 1, variant: 'classic-turbo-light' }));
  await waitPly(page, 4, 30000);
  assert.equal((await state(page)).variant, 'classic-turbo-light');
  // Pause holds it still, and Undo then steps back through it.
  await page.click('#pause');
  await waitText(page, '#status', /Paused/);
  // Paused, the computer neither waits to move nor thinks: nothing can come.
  await page.waitForFunction(() => !window.bluegray.thinking && window.bluegray.element.paused);
  const held = (await state(page)).history.length;
  await frames(page);
  assert.equal((await state(page)).history.length, held);
  await page.click('#undo');
  assert.equal((await state(page)).history.length, held - 1);
  assert.equal(await page.evaluate(() => window.bluegray.thinking), false, 'undo while paused does not wake the computer');
  await frames(page);
  assert.equal((await state(page)).history.length, held - 1);
  // Resume lets it play on.
  await page.click('#pause');
  await waitPly(page, held, 30000);
  // New game interrupts it cleanly.
  await page.selectOption('#mode', 'two');
  await page.click('#new-game');
  await page.waitForFunction(() => window.bluegray.state.history.length === 0 && !window.bluegray.thinking);
  await frames(page);
  assert.equal((await state(page)).history.length, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

/**
 * Runs in the page before its scripts: notes each search request posted to a worker
 * (`window.searches`, `{ended}` each) and whether that worker was terminated since. The page runs
 * more than one worker (the computer's and the analysis's), started in no fixed order, so a test
 * follows the request, not the order the workers appeared in.
 */
function traceSearches() {
  const searches = (window.searches = []);
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'think') searches.push({ worker: this, ended: false });
    return post.call(this, message, ...rest);
  };
  const terminate = Worker.prototype.terminate;
  Worker.prototype.terminate = function () {
    for (const s of searches) if (s.worker === this) s.ended = true;
    return terminate.call(this);
  };
}

/** Each search request's fate so far: true once its worker was terminated. */
const searchesEnded = (page) => page.evaluate(() => window.searches.map((s) => s.ended));

test('New game and Undo interrupt a search; stale replies are ignored', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai', side: 'gray', level: 8, movetime: 3000 }), { init: traceSearches });
  await page.waitForFunction(
    () =>
      window.searches.length === 1 &&
      window.bluegray.thinking &&
      document.getElementById('game').dataset.thinking === 'true' &&
      /Blue \(computer, level 8.*\) is thinking/.test(document.getElementById('status').textContent),
  );
  // The search cannot be stopped inside its worker: the worker itself is ended, so its answer
  // can never arrive.
  assert.deepEqual(await searchesEnded(page), [false]);
  await page.selectOption('#side', 'blue');
  await page.click('#new-game');
  assert.equal(await page.evaluate(() => window.bluegray.thinking), false);
  await waitText(page, '#status', /Your move \(Blue\)/);
  await page.waitForFunction(() => window.searches[0].ended);
  await frames(page);
  assert.equal((await state(page)).history.length, 0, 'no move arrived from the interrupted search');
  // Undo while the computer thinks about its reply.
  await page.selectOption('#movetime', '3000');
  await playMove(page, 'e2-e3');
  await page.waitForFunction(() => window.searches.length === 2 && window.bluegray.lastSearch && window.bluegray.lastSearch.replied === null);
  assert.deepEqual(await searchesEnded(page), [true, false]);
  await page.click('#undo');
  assert.equal(await page.evaluate(() => window.bluegray.thinking), false);
  assert.equal((await state(page)).history.length, 0);
  await page.waitForFunction(() => window.searches[1].ended);
  await frames(page);
  assert.equal((await state(page)).history.length, 0, 'the interrupted reply was not played');
  assert.equal(await page.evaluate(() => window.searches.length), 2, 'no new search after Undo');
  await waitText(page, '#status', /Your move \(Blue\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('bad URL parameters and bad saved data fall back with a message', async () => {
  const { page, problems } = await openPage(env, q({ variant: 'chess', level: '99', mode: 'x', position: 'junk' }));
  await waitText(page, '#notice', /Ignored bad link settings/);
  for (const bad of [/Level “99”/, /Mode “x”/, /chess/]) await waitText(page, '#notice', bad);
  const s = await state(page);
  assert.equal(s.variant, 'sackson');
  assert.equal(s.moves.length, 25);
  // Corrupt saved game (of an earlier version, in a tab with no game of its own): the page still starts.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.setItem('bluegray.game.v1', '{"version":1,"record":"[Variant \\"nope\\"]\\n\\n*"}');
  });
  await page.goto(env.url);
  await waitReady(page);
  await waitText(page, '#notice', /saved game could not be restored/i);
  assert.equal((await state(page)).moves.length, 25);
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.setItem('bluegray.game.v1', 'not json {');
  });
  await page.goto(env.url);
  await waitReady(page);
  assert.equal((await state(page)).moves.length, 25);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a game in progress survives a reload', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two', variant: 'super' }));
  await playMove(page, 'e2-e3');
  await page.goto(env.url);
  await waitReady(page);
  const s = await state(page);
  assert.equal(s.variant, 'super');
  assert.deepEqual(s.history, ['e2-e3']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('position and record import, and record export', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.click('.io summary');
  await page.fill('#io-text', NEAR_WIN);
  await page.click('#import');
  assert.equal((await state(page)).code, NEAR_WIN);
  await page.fill('#io-text', 'nonsense');
  await page.click('#import');
  await waitText(page, '#notice', /position code/);
  await page.click('#export-record');
  assert.match(await page.inputValue('#io-text'), /\[Position "s3c4/);
  // A record without tags is a record (Sackson's game), not a position code: read as one, and
  // its errors are a record's.
  await page.fill('#io-text', '1. e2-e3 e8-e7 *');
  await page.click('#import');
  await page.waitForFunction(() => window.bluegray.state?.history.join(' ') === 'e2-e3 e8-e7');
  assert.equal((await state(page)).variant, 'sackson');
  await page.fill('#io-text', '1. e2-e3 e8-e7 2. zz *');
  await page.click('#import');
  await waitText(page, '#notice', /Bad game record: move 2\. \(Blue\)/);
  assert.deepEqual((await state(page)).history, ['e2-e3', 'e8-e7'], 'a bad record changes nothing');
  // A new game's record names the players and the date.
  await page.click('#new-game');
  await page.click('#export-record');
  const record = await page.inputValue('#io-text');
  assert.match(record, /\[Blue "Human"\]/);
  assert.match(record, /\[Gray "Human"\]/);
  assert.match(record, /\[Date "\d{4}\.\d{2}\.\d{2}"\]/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('works from a sub-path of a static host (relative URLs only)', async () => {
  const srv = await startServer({ port: 0, root: DIST, prefix: '/games/blue-and-gray/' });
  try {
    const { page, problems } = await openPage(env, q({ mode: 'ai', level: 1 }), { base: srv.url });
    await playMove(page, 'e2-e3');
    await waitPly(page, 2);
    assert.deepEqual(problems, []);
    await page.close();
  } finally {
    await srv.close();
  }
});

test('a missing wasm build shows a message instead of a blank page', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-nowasm-'));
  fs.cpSync(DIST, dir, { recursive: true });
  fs.rmSync(path.join(dir, 'pkg'), { recursive: true });
  const srv = await startServer({ port: 0, root: dir });
  const page = await env.context.newPage();
  try {
    await page.goto(srv.url);
    await waitText(page, '#status', /Could not load the game/);
  } finally {
    await page.close();
    await srv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('no serious accessibility violations (axe-core)', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'ai' }));
  assert.deepEqual(problems, []);
  assert.deepEqual(await seriousA11y(page), []);
  await page.close();
});

test('the rules chosen by their ingredients name the variant they make', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  // A measured named variant says how its rules lean between strong players.
  await waitText(page, '#variant-balance', /^Between strong players, the side that moves first wins \d+% of games/);
  await page.click('#ingredients-box summary');
  await page.selectOption('#option-captain', 'turbo');
  // Sackson's rules with a turbo captain are exactly the classic turbo variant (no lead rule).
  assert.equal(await page.inputValue('#variant'), 'classic-turbo');
  await page.selectOption('#option-lead', '2');
  assert.equal(await page.inputValue('#variant'), 'classic-turbo,lead=2');
  // Said in words: the variant it changes, and how.
  await waitText(page, '#variant-desc', /^“Classic, turbo captain” with changes: Win by a lead of: 2 \(originally off\)\.$/);
  // Changed rules were never measured: no word on their balance, and none left from before.
  assert.equal(await page.isHidden('#variant-balance'), true);
  // A named variant sets every ingredient.
  await page.selectOption('#variant', 'super-light-pow');
  assert.equal(await page.inputValue('#option-guards'), 'privates');
  assert.equal(await page.inputValue('#option-army'), 'light');
  assert.equal(await page.inputValue('#option-start'), 'pow');
  await page.click('#ingredients-box .advanced summary');
  await page.selectOption('#option-first', 'gray');
  assert.equal(await page.inputValue('#variant'), 'super-light-pow,first=gray');
  await page.click('#new-game');
  await page.waitForFunction(() => window.bluegray.state.variant === 'super-light-pow,first=gray');
  assert.equal((await state(page)).side, 'gray');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a click where the piece cannot go says why, in words', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await clickPoint(page, 'e2');
  await clickPoint(page, 'e4');
  await waitText(page, '#game >>> .notice', /e4 is not next to e2/);
  await clickPoint(page, 'd2');
  await clickPoint(page, 'e5');
  await waitText(page, '#game >>> .notice', /not next to d2|red dot/);
  // A blocked captain names what blocks it.
  await clickPoint(page, 'e1');
  await waitText(page, '#game >>> .notice', /captain on e1 cannot move: the Blue sergeant on e2 blocks its path/);
  assert.equal((await state(page)).history.length, 0, 'nothing was played');
  assert.deepEqual(problems, []);
  await page.close();
});
