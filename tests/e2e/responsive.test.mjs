// The page at every size: the main thread stays responsive while the AI thinks (the search runs
// in a Web Worker); no text is cut off in any language at a phone's, a tablet's or a laptop's
// width; the whole board is in view on a laptop; looking back does not move the board; the move
// list is one stop for Tab; a phone fits the page and is not told to drop files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, waitPly, waitText, playMove, settle, state, frames, cutOff, q, NEAR_WIN } from './helpers.mjs';
import { loadAllTables } from '../../www/lib/languages.js';

const TABLES = await loadAllTables();
/** A phone, a tablet and a laptop, in CSS pixels. */
const SIZES = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
];

const env = setUp();

/**
 * The tasks the page's main thread ran while `during(page)` ran, from Chromium's trace: each with
 * its start and end on the page's clock (performance.now(), ms), its wall time `dur` and its
 * thread time `cpu` (ms): the time the thread ran, without the time it waited for a core.
 */
async function mainThreadTasks(page, browser, during) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  // A mark on both clocks: the trace's (µs) and the page's.
  const marked = await page.evaluate(() => {
    const now = performance.now();
    console.timeStamp('bluegray-clock');
    return now;
  });
  await during(page);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  const mark = events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === 'bluegray-clock');
  assert.ok(mark, 'the trace has the clock mark');
  const ms = (ts) => (ts - mark.ts) / 1000 + marked;
  return events
    .filter((e) => e.pid === mark.pid && e.tid === mark.tid && e.name === 'RunTask' && e.ph === 'X')
    .map((e) => ({ start: ms(e.ts), end: ms(e.ts + e.dur), dur: e.dur / 1000, cpu: (e.tdur ?? e.dur) / 1000 }));
}

test('no main-thread task over 50 ms during a search', async (t) => {
  // The computer plays Gray at full strength with 2 s a move.
  const { page, problems } = await openPage(env, '?mode=ai&side=blue&level=8&movetime=2000');
  // The page has settled after loading: the probe measures the search, not the start.
  await settle(page);
  await page.evaluate(() => {
    window.__beats = 0;
    // A heartbeat: timers keep firing while the computer thinks.
    const beat = () => {
      if (window.bluegray.thinking) window.__beats++;
      setTimeout(beat, 10);
    };
    beat();
  });
  const tasks = await mainThreadTasks(page, env.browser, async () => {
    await playMove(page, 'e2-e3');
    await waitPly(page, 2, 30000);
  });
  const { beats, search } = await page.evaluate(() => ({ beats: window.__beats, search: window.bluegray.lastSearch }));
  assert.ok(search && search.replied > search.requested, 'a search ran');
  const ms = search.replied - search.requested;
  assert.ok(ms >= 1000, `the search used its time budget (${ms.toFixed(0)} ms)`);
  assert.ok(beats > 20, `timers ran while the computer thought (${beats})`);
  // Every task that started after the request was posted and was over before the reply was taken
  // in: the task that takes it in (reading `replied`), plays the move and draws it comes after the
  // search, and any task before it had ended when it began. A task's length is the time the main
  // thread spent on it: on a machine shared with other work, the page's process also waits for a
  // core in the middle of a task, which says nothing about the page.
  const during = tasks.filter((x) => x.start >= search.requested && x.end <= search.replied);
  assert.ok(during.length > 20, `the trace has the main thread's tasks during the search (${during.length})`);
  const show = (x) => `+${(x.start - search.requested).toFixed(0)} ms: ${x.cpu.toFixed(0)} ms on the thread, ${x.dur.toFixed(0)} ms in all`;
  t.diagnostic(`${during.length} tasks in the ${ms.toFixed(0)} ms search; the longest: ${[...during].sort((x, y) => y.dur - x.dur).slice(0, 3).map(show).join('; ')}`);
  assert.deepEqual(during.filter((x) => x.cpu > 50).map(show), [], `tasks over 50 ms during the ${ms.toFixed(0)} ms search`);
  assert.deepEqual(problems, []);
  await page.close();
});

const PHONE = { width: 390, height: 844 };

test('on a phone: the page fits the screen and a tap moves a piece', async () => {
  // A touch device needs its own browser context; the page is the same server's.
  const context = await env.newContext({
    viewport: PHONE,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const { page, problems } = await openPage({ context, url: env.url }, '?mode=two');
    const fit = await page.evaluate(() => {
      const r = document.getElementById('game').shadowRoot.querySelector('canvas').getBoundingClientRect();
      return {
        scroll: document.documentElement.scrollWidth,
        left: r.left,
        right: r.right,
        css: r.width,
        px: document.getElementById('game').shadowRoot.querySelector('canvas').width,
      };
    });
    // Measured against the screen, not innerWidth: a mobile browser zooms out to show a page
    // that is too wide, and innerWidth grows with it.
    assert.ok(fit.scroll <= PHONE.width, `no sideways scrolling (${fit.scroll} px wide in ${PHONE.width})`);
    assert.ok(fit.left >= 0 && fit.right <= PHONE.width, `the board lies within the screen (${fit.left}..${fit.right})`);
    assert.ok(Math.abs(fit.px - fit.css * 3) <= 3, `canvas ${fit.px}px for ${fit.css} CSS px at DPR 3`);
    // Nothing is dropped on a touch screen, so the page does not suggest it.
    assert.equal(await page.isVisible('#drop-help'), false, 'no tip about dropping files');
    for (const p of ['d2', 'd3']) {
      const c = await page.evaluate((point) => window.bluegray.pointCenter(point), p);
      await page.touchscreen.tap(c.x, c.y);
    }
    await waitPly(page, 1);
    assert.equal((await state(page)).history[0], 'd2-d3');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

/** The board's picture (its frame and coordinates included) in page coordinates, and the window's. */
function boardBox(page) {
  return page.evaluate(() => {
    const r = document.getElementById('game').shadowRoot.querySelector('canvas').getBoundingClientRect();
    return {
      left: r.left + scrollX,
      top: r.top + scrollY,
      width: r.width,
      height: r.height,
      inView: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
      scrolled: scrollY,
    };
  });
}

test('at 1280×800 the whole board is in view without scrolling, with the lessons offer shown', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => !document.getElementById('lesson-offer').hidden);
  await frames(page);
  const box = await boardBox(page);
  assert.equal(box.scrolled, 0);
  assert.ok(box.inView, `the board lies within the window: ${JSON.stringify(box)}`);
  assert.ok(box.width >= 400, `the board is not shrunk to nothing (${box.width} px)`);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const size of SIZES) {
  test(`at ${size.width} px looking back neither moves nor resizes the board, and the game-over panel stays at hand`, async () => {
    const { page, problems } = await openPage(env, q({ mode: 'two', variant: 'sackson', position: NEAR_WIN }));
    await page.setViewportSize(size);
    await page.evaluate(() => window.bluegray.element.play('e4-e5'));
    await page.waitForFunction(() => !document.getElementById('game-over').hidden);
    await frames(page);
    const playing = await boardBox(page);
    await page.click('#nav-back');
    await page.waitForFunction(() => !document.getElementById('viewing').hidden);
    await frames(page);
    const viewing = await boardBox(page);
    for (const k of ['left', 'top', 'width', 'height']) {
      assert.ok(Math.abs(viewing[k] - playing[k]) < 0.5, `the board's ${k} is ${playing[k]} in the game and ${viewing[k]} looking back`);
    }
    // The game is over whatever position is looked at: Rematch, Review and the link stay there.
    const panel = page.locator('#game-over');
    assert.ok(await panel.isVisible(), 'the game-over panel is shown while looking back');
    await panel.scrollIntoViewIfNeeded();
    const seen = await page.evaluate(() => {
      const r = document.getElementById('rematch').getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
    });
    assert.ok(seen, 'Rematch can be brought into view');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('the game over and the move list count the same moves', async () => {
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two', variant: 'sackson', position: NEAR_WIN }));
  await page.evaluate(() => window.bluegray.element.play('e4-e5'));
  // The game began at move 30: its one move is move 30, as the list numbers it.
  await waitText(page, '#over-how', /After 30 moves\.$/);
  assert.equal((await page.textContent('#moves li .num')).trim(), '30.');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the move list is one stop for Tab, the move shown; arrows, Home and End on it step the board, Enter shows a move', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  const moves = ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7', 'f2-f3'];
  await page.evaluate((ms) => ms.forEach((m) => window.bluegray.element.play(m)), moves);
  await page.waitForFunction((n) => document.querySelectorAll('#moves [data-ply]').length === n, moves.length);
  await frames(page);
  const stops = () => page.$$eval('#moves [data-ply]', (cells) => cells.filter((c) => c.tabIndex >= 0).map((c) => c.dataset.ply));
  assert.deepEqual(await stops(), [String(moves.length)], 'one move takes the focus by Tab: the last one');
  const focused = () => page.evaluate(() => document.activeElement.dataset.ply ?? document.activeElement.id);
  const viewPly = () => page.evaluate(() => window.bluegray.element.viewPly);
  /** Presses `key` and waits until the board shows ply `ply` (null: the game) with the focus on move `on`. */
  const step = async (key, ply, on) => {
    await page.keyboard.press(key);
    await page.waitForFunction(
      ([p, f]) => window.bluegray.element.viewPly === p && (document.activeElement.dataset.ply ?? document.activeElement.id) === f,
      [ply, on],
    );
  };
  // Tab from the control before the list lands on that one move, and Tab again leaves the list.
  await page.focus('#nav-back');
  await page.keyboard.press('Tab');
  assert.equal(await focused(), '5');
  await step('ArrowLeft', 4, '4');
  await step('ArrowLeft', 3, '3');
  assert.deepEqual(await stops(), ['3']);
  // Home: the start, where no move is shown; the focus stays where it was.
  await step('Home', 0, '3');
  await step('ArrowRight', 1, '1');
  await step('ArrowRight', 2, '2');
  await page.keyboard.press('Enter');
  await frames(page);
  assert.equal(await viewPly(), 2, 'Enter shows the focused move');
  await step('End', null, '5');
  await page.keyboard.press('Tab');
  assert.ok(!(await page.evaluate(() => document.getElementById('moves').contains(document.activeElement))), 'Tab leaves the list');
  // Shift+Tab comes back to the move shown; once another move is shown, to that one.
  await frames(page);
  await page.keyboard.press('Shift+Tab');
  assert.equal(await focused(), '5');
  await page.focus('#nav-back');
  await page.keyboard.press('Enter');
  assert.equal(await viewPly(), 4);
  await frames(page);
  assert.deepEqual(await stops(), ['4']);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const lang of Object.keys(TABLES)) {
  test(`no text is cut off in ${lang} at ${SIZES.map((s) => s.width).join(', ')} px: the page, the rules picker, the game over`, async () => {
    // Rules that are no named variant: their name in the menu is made of their changes.
    const { page, problems } = await openPage(env, q({ lang, mode: 'two', variant: 'classic-turbo,lead=2' }));
    const found = [];
    const look = async (what) => {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await frames(page);
        for (const fault of await cutOff(page)) found.push(`${what} at ${size.width} px: ${fault}`);
      }
    };
    await look('the page');
    await page.click('#ingredients-box summary');
    await page.click('#ingredients-box .advanced summary');
    await look('the rules picker');
    // A game one move from its end, and its end (the form keeps the rules chosen above).
    await page.evaluate((position) => {
      const board = window.bluegray.element;
      board.newGame({ variant: 'sackson', position, mode: 'two' });
      board.play('e4-e5');
    }, NEAR_WIN);
    await page.waitForFunction(() => !document.getElementById('game-over').hidden);
    await look('the game over');
    await page.click('#nav-back');
    await page.waitForFunction(() => !document.getElementById('viewing').hidden);
    await look('looking back');
    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
