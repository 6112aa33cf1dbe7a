// End-to-end: what a player sees, tried as a new user would (issue #30, item 8). The status line
// and the result come into view in the panel when a game starts, opens or ends; the board itself
// shows the result at the end (on the page and in an element on a bare page), and it can be
// closed by the keyboard; the engine's line says things people say, with one sign convention; a
// phone has no empty band under the board, no tip about dropping files, and no notice over the
// pieces; at 800 px of height a dialog's buttons are in view without scrolling it; after Escape
// a screen reader no longer hears of a selection.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { launch, openPage, waitText, deepText, state, clickPoint, frames, watch, CHROMIUM, CHROMIUM_ARGS, ROOT } from './helpers.mjs';
import { loadAllTables } from '../../www/lib/languages.js';

const TABLES = await loadAllTables();
const M = TABLES.en.messages;

/** Blue's captain one step from the red dot (move 30), Blue to move: e4-e5 wins. */
const NEAR_WIN = 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30';
/** A finished game: Blue moves a guard instead of winning, and Gray walks in (0-1). */
const FINISHED = `[Variant "sackson"]\n[Position "8s/9/9/4c4/9/4C4/9/9/S8 b 0 1"]\n\n1. a1-a2 e6-e5 0-1\n`;
const q = (params) => '?' + new URLSearchParams(params).toString();

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

// ---------------------------------------------------------------- the status and the result in view

/**
 * Run in the page: whether the element `sel` lies wholly inside the panel's visible part and the
 * window, as the page stands now (no scrolling done here).
 */
const IN_PANEL_VIEW = (sel) => {
  const el = document.querySelector(sel);
  const panel = document.querySelector('.panel');
  if (!el || !el.checkVisibility()) return false;
  const r = el.getBoundingClientRect();
  const p = panel.getBoundingClientRect();
  return r.top >= p.top - 0.5 && r.bottom <= p.bottom + 0.5 && r.top >= 0 && r.bottom <= innerHeight;
};

/** Whether the element `selector` is in the panel's view now (IN_PANEL_VIEW). */
function inPanelView(page, selector) {
  return page.evaluate(IN_PANEL_VIEW, selector);
}

/** Waits until `selector` is in the panel's view, or fails saying where it is. */
async function waitInPanelView(page, selector, timeout = 5000) {
  try {
    await page.waitForFunction(IN_PANEL_VIEW, selector, { timeout });
  } catch {
    const where = await page.evaluate((sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      const p = document.querySelector('.panel').getBoundingClientRect();
      return `${sel} at ${Math.round(r.top)}..${Math.round(r.bottom)}, the panel shows ${Math.round(p.top)}..${Math.round(p.bottom)}`;
    }, selector);
    assert.fail(`${selector} is not in view: ${where}`);
  }
}

/** Scrolls the panel (which scrolls on its own on a wide screen) down to the New game form. */
async function scrollPanelToForm(page) {
  await page.evaluate(() => document.getElementById('new-game').scrollIntoView({ block: 'end' }));
  await frames(page);
  assert.equal(await inPanelView(page, '#status'), false, 'the status line is scrolled out of the panel');
}

test('at 1200×820 a new game from the form brings the status line into view in the panel', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.evaluate(() => window.bluegray.element.play('e2-e3'));
  await scrollPanelToForm(page);
  await page.click('#new-game');
  await page.waitForFunction(() => window.bluegray.state.history.length === 0);
  await waitInPanelView(page, '#status');
  assert.deepEqual(problems, []);
  await page.close();
});

test('opening a game of the Recent games list brings its status line into view', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.evaluate(() => window.bluegray.element.play('e2-e3'));
  // A second game, so that the first is one to open from the list.
  await page.click('#new-game');
  await page.waitForFunction(() => window.bluegray.state.history.length === 0);
  await page.evaluate(() => window.bluegray.element.play('d2-d3'));
  await page.waitForFunction(() => document.querySelectorAll('#recent-list [data-open]').length >= 2);
  await page.click('#recent-summary');
  await scrollPanelToForm(page);
  const other = page.locator('#recent-list li:not(.here) [data-open]').first();
  await other.scrollIntoViewIfNeeded();
  assert.equal(await inPanelView(page, '#status'), false, 'the status line is out of view before');
  await other.click();
  await page.waitForFunction(() => window.bluegray.state.history[0] === 'e2-e3');
  await waitInPanelView(page, '#status');
  assert.deepEqual(problems, []);
  await page.close();
});

test('at the end of a game, and when a finished game is opened by its link, the game-over box is in view', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two', variant: 'sackson', position: NEAR_WIN }));
  await scrollPanelToForm(page);
  await clickPoint(page, 'e4');
  await clickPoint(page, 'e5');
  await page.waitForFunction(() => !document.getElementById('game-over').hidden);
  await waitInPanelView(page, '#game-over');
  await waitInPanelView(page, '#status');
  // A finished game's record link opened in this tab.
  await page.click('#over-new');
  await scrollPanelToForm(page);
  await page.evaluate((record) => {
    location.hash = new URLSearchParams({ record }).toString();
  }, FINISHED);
  await page.waitForFunction(() => window.bluegray.state.result && window.bluegray.state.history.length === 2);
  await waitText(page, '#status', /^Gray wins/);
  await waitInPanelView(page, '#game-over');
  assert.deepEqual(problems, []);
  await page.close();
});

// ---------------------------------------------------------------- the result on the board

/** The result overlay of the board `selector` as it stands: shown, its text, its close button's name. */
function resultOverlay(page, selector = '#game') {
  return page.evaluate((sel) => {
    const root = document.querySelector(sel).shadowRoot;
    const box = root.querySelector('[part~="result"]');
    if (!box) return null;
    const close = box.querySelector('button');
    return {
      shown: box.checkVisibility(),
      text: box.textContent.replace(/×/g, '').trim(),
      label: close && close.getAttribute('aria-label'),
    };
  }, selector);
}

/** The contrast ratio of the overlay's text against its background (WCAG's formula). */
function overlayContrast(page, selector = '#game') {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel).shadowRoot.querySelector('[part~="result"]');
    const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const text = box.querySelector('p') || box;
    const cs = getComputedStyle(box);
    const a = lum(getComputedStyle(text).color);
    const b = lum(cs.backgroundColor);
    const alpha = Number(cs.backgroundColor.match(/[\d.]+/g)[3] ?? '1');
    return { ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05), alpha };
  }, selector);
}

const waitOverlay = (page, shown, selector = '#game') =>
  page.waitForFunction(
    ([sel, on]) => {
      const box = document.querySelector(sel).shadowRoot.querySelector('[part~="result"]');
      return !!box && box.checkVisibility() === on;
    },
    [selector, shown],
  );

/**
 * A page that holds only a board (two players, Blue's captain a step from the red dot), as a
 * host page without a status line of its own shows it: the page's own board says the result
 * in its status line and hides the board's (play.css).
 * @param {import('playwright-core').Page} page
 */
async function bareElement(page) {
  const url = env.url + 'bare-element.html';
  await page.route(url, (r) =>
    r.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare</title><link rel="icon" href="data:,">
<script type="module" src="blue-gray-game.js"></script></head>
<body><blue-gray-game id="b" mode="two" variant="sackson" position="${NEAR_WIN}" style="width: 420px"></blue-gray-game></body></html>`,
    }),
  );
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('b').state);
}

test('the page says the result in its status line, not over the board', async () => {
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two', variant: 'sackson', position: NEAR_WIN }));
  await clickPoint(page, 'e4');
  await clickPoint(page, 'e5');
  await waitText(page, '#status', /^Blue wins by breakthrough/);
  await frames(page);
  assert.equal((await resultOverlay(page)).shown, false, 'no result over the page’s board');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the board shows the result at the end; × closes it for that game, the keyboard reaches it, the next game’s shows again', async () => {
  const page = await env.context.newPage();
  const problems = watch(page);
  await bareElement(page);
  assert.equal((await resultOverlay(page, '#b'))?.shown ?? false, false, 'no result while the game goes on');
  await clickPoint(page, 'e4', { board: '#b' });
  await clickPoint(page, 'e5', { board: '#b' });
  await waitOverlay(page, true, '#b');
  const shown = await resultOverlay(page, '#b');
  const sentence = await page.evaluate(() => document.getElementById('b').resultText());
  assert.match(sentence, /Blue wins by breakthrough/);
  assert.equal(shown.text, sentence, 'the overlay says the board’s result sentence');
  assert.equal(shown.label, M['board.closeResult'], 'the close button is named from the messages');
  const wood = await overlayContrast(page, '#b');
  assert.ok(wood.ratio >= 4.5 && wood.alpha >= 0.85, `readable on the wood theme: ${JSON.stringify(wood)}`);
  await page.evaluate(() => document.getElementById('b').setAttribute('theme', 'contrast'));
  const contrast = await overlayContrast(page, '#b');
  assert.ok(contrast.ratio >= 7 && contrast.alpha === 1, `readable on the high-contrast theme: ${JSON.stringify(contrast)}`);

  // Looking back hides it (the position looked at is in full view); back at the end, it is there.
  await page.evaluate(() => (document.getElementById('b').viewPly = 0));
  await waitOverlay(page, false, '#b');
  await page.evaluate(() => (document.getElementById('b').viewPly = null));
  await waitOverlay(page, true, '#b');

  // The keyboard: Tab from the board reaches the close button; Enter closes, and the focus goes back to the board.
  await page.evaluate(() => document.getElementById('b').shadowRoot.querySelector('canvas').focus());
  await page.keyboard.press('Tab');
  const focused = () => page.evaluate(() => {
    const a = document.getElementById('b').shadowRoot.activeElement;
    return a ? a.localName : null;
  });
  assert.equal(await focused(), 'button', 'Tab from the board lands on the close button');
  await page.keyboard.press('Enter');
  await waitOverlay(page, false, '#b');
  assert.equal(await focused(), 'canvas', 'the focus is back on the board');

  // Closed for this game: not back when looking back and forth, nor after an undo and a redo.
  await page.evaluate(() => {
    const b = document.getElementById('b');
    b.viewPly = 0;
    b.viewPly = null;
    b.undo();
    b.redo();
  });
  await page.waitForFunction(() => document.getElementById('b').state.result);
  await frames(page);
  assert.equal((await resultOverlay(page, '#b')).shown, false, 'a closed result stays closed for its game');

  // The next finished game shows its own.
  await page.evaluate((position) => {
    const b = document.getElementById('b');
    b.newGame({ variant: 'sackson', position, mode: 'two' });
    b.play('e4-e5');
  }, NEAR_WIN);
  await waitOverlay(page, true, '#b');
  assert.deepEqual(problems, []);
  await page.close();
});

test('an element on a bare page shows the result over its board too, and the mouse closes it', async () => {
  const page = await env.context.newPage();
  const problems = watch(page);
  await bareElement(page);
  await page.evaluate(() => document.getElementById('b').play('e4-e5'));
  await waitOverlay(page, true, '#b');
  const shown = await resultOverlay(page, '#b');
  assert.equal(shown.text, await page.evaluate(() => document.getElementById('b').resultText()));
  assert.ok(shown.label, 'the close button has a name');
  // The board with its result shown has no serious accessibility fault (axe-core).
  await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const axe = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
  const close = await page.evaluate(() => {
    const r = document.getElementById('b').shadowRoot.querySelector('[part~="result"] button').getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  await page.mouse.click(close.x, close.y);
  await waitOverlay(page, false, '#b');
  assert.deepEqual(problems, []);
  await page.close();
});

// ---------------------------------------------------------------- the engine's words

test('the computer’s line and the evaluation say who is ahead by about how many steps or wins in moves; depth and nodes only in a tooltip', async () => {
  // Blue wins in one move: the evaluation says so in moves, not plies.
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two', variant: 'sackson', position: NEAR_WIN }));
  await page.check('#show-eval');
  await waitText(page, '#eval-text', /\S/, 30000);
  const text = await page.textContent('#eval-text');
  assert.match(text, /^Blue wins in 1 move\./, text);
  const title = await page.getAttribute('#eval-text', 'title');
  assert.match(title || '', /depth \d+/i, 'depth in the tooltip');
  assert.match(title || '', /nodes?/i, 'nodes in the tooltip');

  // Against the computer: its line names the side and its lead in steps, like the bar.
  await page.evaluate(() => window.bluegray.element.newGame({ variant: 'sackson', mode: 'ai', side: 'blue', level: 1 }));
  await page.waitForFunction(() => window.bluegray.state.history.length === 0 && !window.bluegray.thinking);
  await clickPoint(page, 'e2');
  await clickPoint(page, 'e3');
  await page.waitForFunction(() => window.bluegray.state.history.length === 2 && !window.bluegray.thinking);
  await waitText(page, '#ai-info', /^Gray played/);
  const info = await page.textContent('#ai-info');
  assert.doesNotMatch(info, /depth|nodes|ply|plies/i, info);
  assert.doesNotMatch(info, /[+-]\d/, `no signed figure: ${info}`);
  assert.match(info, /^Gray played \S+\. (?:(?:Blue|Gray) is ahead by about \d+ steps?|The game is (?:about )?level|(?:Blue|Gray) wins in \d+ moves?)\.$/, info);
  assert.match((await page.getAttribute('#ai-info', 'title')) || '', /depth \d+/i);

  // The evaluation of the position on the board, and the bar beside it, lean the same way.
  await page.waitForFunction(() => {
    const t = document.getElementById('eval-text');
    return !t.hidden && /ahead|level|wins/.test(t.textContent) && window.bluegray.state.history.length === 2;
  }, null, { timeout: 30000 });
  const said = await page.textContent('#eval-text');
  assert.doesNotMatch(said, /[+-]\d/, `no signed figure: ${said}`);
  const share = await page.evaluate(() => parseFloat(document.getElementById('eval-fill').style.height));
  const who = /^(Blue|Gray) is ahead by about (\d+) steps?/.exec(said);
  if (who) assert.ok(who[1] === 'Blue' ? share > 50 : share < 50, `"${said}" and Blue's share of the bar ${share}%`);
  else assert.match(said, /^The game is (about )?level\./);
  assert.equal(await page.getAttribute('#eval-bar', 'aria-label'), `Evaluation: ${said.split(' Best line')[0]}`);
  assert.deepEqual(problems, []);
  await page.close();
});

// ---------------------------------------------------------------- a phone

const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
];

/** Whether the rect `r` meets any occupied point's circle of the page's board. */
function overPieces(page, selector) {
  return page.evaluate((sel) => {
    let node = document;
    for (const part of sel.split(' >>> ')) node = (node.shadowRoot || node).querySelector(part);
    const r = node.getBoundingClientRect();
    const board = window.bluegray.element;
    const cell = board.shadowRoot.querySelector('canvas').getBoundingClientRect().width / 10;
    const hit = [];
    for (const p of window.bluegray.state.board) {
      const c = window.bluegray.pointCenter(p.point);
      const radius = cell * 0.45;
      const x = Math.max(r.left, Math.min(c.x, r.right));
      const y = Math.max(r.top, Math.min(c.y, r.bottom));
      if ((x - c.x) ** 2 + (y - c.y) ** 2 < radius ** 2) hit.push(p.point);
    }
    return { hit, rect: [r.left, r.top, r.right, r.bottom].map(Math.round) };
  }, selector);
}

for (const size of PHONES) {
  test(`on a ${size.width}×${size.height} phone: no band under the board, no drop tip, no notice over the pieces`, async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ viewport: size, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
      const { page, problems } = await openPage({ context, url: env.url }, q({ lang: 'en', mode: 'two' }));
      await frames(page);
      // The board's element: the board and, under it, the bottom player's strip (not a band).
      const gap = await page.evaluate(() => {
        const board = document.getElementById('game').getBoundingClientRect();
        const panel = document.querySelector('.panel').getBoundingClientRect();
        return Math.round(panel.top - board.bottom);
      });
      assert.ok(gap <= 12, `${gap} px between the board and the panel`);
      assert.equal(await page.isVisible('#drop-help'), false, 'no tip about dropping files');
      // A tap on a captain that cannot move: the board says why, clear of every piece. (On a
      // short phone the board's foot, under the players' strip above it, is scrolled to first.)
      const c = await page.evaluate(() => {
        document.getElementById('game').scrollIntoView({ block: 'end' });
        return window.bluegray.pointCenter('e1');
      });
      await page.touchscreen.tap(c.x, c.y);
      await waitText(page, '#game >>> .notice', /cannot move/);
      const notice = await overPieces(page, '#game >>> .notice');
      assert.deepEqual(notice.hit, [], `the notice ${notice.rect} covers pieces`);
      // A notice of the page (a link copied, or not) is clear of the pieces too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.tap('#copy-link');
      await page.waitForFunction(() => !document.getElementById('notice').hidden);
      const pageNotice = await overPieces(page, '#notice');
      assert.deepEqual(pageNotice.hit, [], `the page's notice ${pageNotice.rect} covers pieces`);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });
}

test('a narrow window with a mouse is not told to drop files either', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await page.setViewportSize({ width: 700, height: 900 });
  await frames(page);
  assert.equal(await page.isVisible('#drop-help'), false);
  await page.setViewportSize({ width: 1200, height: 820 });
  await frames(page);
  assert.equal(await page.isVisible('#drop-help'), true, 'a wide screen with a mouse still has the tip');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the board’s notice lies clear of the pieces on a laptop as well', async () => {
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two' }));
  await clickPoint(page, 'e1');
  await waitText(page, '#game >>> .notice', /cannot move/);
  const notice = await overPieces(page, '#game >>> .notice');
  assert.deepEqual(notice.hit, [], `the notice ${notice.rect} covers pieces`);
  assert.deepEqual(problems, []);
  await page.close();
});

// ---------------------------------------------------------------- dialogs at 800 px of height

const SHORT_SCREENS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];

/**
 * Whether the buttons `selectors` of the open dialog `dialog` are all within the window and the
 * dialog's visible part, with the dialog scrolled to its top (as it opens).
 */
async function buttonsInView(page, dialog, selectors) {
  return page.evaluate(
    ([d, sels]) => {
      const box = document.querySelector(d);
      box.scrollTop = 0;
      const v = box.getBoundingClientRect();
      const out = {};
      for (const s of sels) {
        const b = box.querySelector(s);
        const r = b.getBoundingClientRect();
        out[s] = b.checkVisibility() && r.top >= Math.max(0, v.top) && r.bottom <= Math.min(innerHeight, v.bottom) ? 'in view' : `${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(v.top)}..${Math.round(Math.min(innerHeight, v.bottom))}`;
      }
      return out;
    },
    [dialog, selectors],
  );
}

/** Clicks point `p` of the board `selector` in a dialog where it lies now. */
async function clickDialogPoint(page, selector, p) {
  const c = await page.evaluate(
    ([sel, point]) => {
      const b = document.querySelector(sel);
      const at = b.pointCenter(point);
      if (at.y < 0 || at.y > innerHeight) b.scrollIntoView({ block: 'center' });
      return b.pointCenter(point);
    },
    [selector, p],
  );
  await page.mouse.click(c.x, c.y);
}

/**
 * Plays `move` (its legal move's points) by clicks on the board `selector`, once the board takes
 * a move (on a loaded machine the exercise may still be putting its position up: clicks before
 * then are refused), and waits for it.
 */
async function playInDialog(page, selector, move) {
  await page.waitForFunction(
    ([sel, text]) => {
      const b = document.querySelector(sel);
      return !!b && !b.locked && !!b.state && b.state.moves.some((m) => m.text === text);
    },
    [selector, move],
  );
  const { points, n } = await page.evaluate(
    ([sel, text]) => {
      const b = document.querySelector(sel);
      return { points: b.state.moves.find((m) => m.text === text).points, n: b.state.history.length };
    },
    [selector, move],
  );
  for (const p of points) await clickDialogPoint(page, selector, p);
  await page.waitForFunction(([sel, k]) => document.querySelector(sel).state.history.length > k, [selector, n]);
}

const all = (found) => Object.values(found).every((v) => v === 'in view');

for (const size of SHORT_SCREENS) {
  test(`at ${size.width}×${size.height} a solved lesson’s and a solved puzzle’s buttons are in view without scrolling`, async () => {
    // In Russian, whose sentences are the longest, a lesson with a long text and a long verdict.
    const { page, problems } = await openPage(env, q({ lang: 'ru', mode: 'two' }));
    await page.setViewportSize(size);
    await page.click('#open-lessons');
    await page.waitForSelector('#lessons[open] .lessons-list [data-lesson]');
    const lessons = page.locator('#lessons .lessons-list [data-lesson]');
    await lessons.nth(Math.min(11, (await lessons.count()) - 2)).click();
    const lessonStatus = () => page.evaluate(() => document.querySelector('#lessons .lesson').dataset.status);
    await page.waitForFunction(() => document.querySelector('#lessons .lesson').dataset.status === 'playing');
    assert.ok(all(await buttonsInView(page, '#lessons', ['.lesson-hint', '.lesson-back'])), 'the lesson’s buttons as it starts');
    for (let turn = 0; turn < 12 && (await lessonStatus()) !== 'done'; turn++) {
      await page.waitForFunction(() => document.querySelector('#lessons .lesson').dataset.status === 'playing');
      await page.click('#lessons .lesson-hint');
      await page.waitForFunction(() => /[a-i][1-9][-x][a-i][1-9]/.test(document.querySelector('#lessons .lesson-feedback').textContent));
      const move = /([a-i][1-9](?:[-x][a-i][1-9])+)/.exec(await page.textContent('#lessons .lesson-feedback'))[1];
      await playInDialog(page, '#lessons blue-gray-game', move);
      await page.waitForFunction(() => ['playing', 'done'].includes(document.querySelector('#lessons .lesson').dataset.status));
    }
    assert.equal(await lessonStatus(), 'done');
    const lesson = await buttonsInView(page, '#lessons', ['.lesson-next', '.lesson-feedback']);
    assert.ok(all(lesson), `the solved lesson: ${JSON.stringify(lesson)}`);
    await page.keyboard.press('Escape');

    // A puzzle, solved by clicks with the rules core's solution.
    await page.click('#open-puzzles');
    await page.waitForFunction(() => document.querySelector('#puzzles .puzzle')?.dataset.status === 'playing');
    assert.ok(all(await buttonsInView(page, '#puzzles', ['.puzzle-hint', '.puzzle-solution'])), 'the puzzle’s buttons as it starts');
    const board = '#puzzles blue-gray-game';
    for (let turn = 0; turn < 6; turn++) {
      await page.waitForFunction(() => {
        const v = document.querySelector('#puzzles .puzzle');
        return v.dataset.busy === 'false' && ['playing', 'solved'].includes(v.dataset.status);
      });
      if ((await page.evaluate(() => document.querySelector('#puzzles .puzzle').dataset.status)) === 'solved') break;
      const [move] = await page.evaluate((sel) => {
        const p = window.bluegray.puzzles.session.puzzle;
        return window.bluegray.puzzles.solution(p, document.querySelector(sel).state.history);
      }, board);
      await playInDialog(page, board, move);
    }
    await page.waitForFunction(() => document.querySelector('#puzzles .puzzle').dataset.status === 'solved');
    const puzzle = await buttonsInView(page, '#puzzles', ['.puzzle-next', '.puzzle-feedback']);
    assert.ok(all(puzzle), `the solved puzzle: ${JSON.stringify(puzzle)}`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`at ${size.width}×${size.height} Learn from your mistakes keeps its buttons in view`, async () => {
    const { page, problems } = await openPage(env, '#' + new URLSearchParams({ record: FINISHED }).toString());
    await page.setViewportSize(size);
    await page.waitForFunction(() => window.bluegray.state && window.bluegray.state.history.length === 2);
    await page.click('#review');
    await waitText(page, '#review-summary', /Blue: accuracy \d+/, 30000);
    await page.click('#learn-mistakes');
    await page.waitForFunction(() => document.getElementById('learn').dataset.status === 'trying');
    assert.ok(all(await buttonsInView(page, '#learn', ['.learn-line'])), 'the buttons as it starts');
    await playInDialog(page, '#learn blue-gray-game', 'e4-e5');
    await page.waitForFunction(() => document.getElementById('learn').dataset.status === 'good', null, { timeout: 30000 });
    const found = await buttonsInView(page, '#learn', ['.learn-next', '.learn-feedback']);
    assert.ok(all(found), `a right try: ${JSON.stringify(found)}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

// ---------------------------------------------------------------- the keyboard and a screen reader

test('after Escape a screen reader is no longer told of the selection', async () => {
  const { page, problems } = await openPage(env, q({ lang: 'en', mode: 'two' }));
  await page.evaluate(() => document.getElementById('game').shadowRoot.querySelector('canvas').focus());
  // The cursor starts on the red dot (e5); three steps down is e2, Blue's guard.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
  await waitText(page, '#game >>> .desc', /^e2: /);
  await page.keyboard.press('Enter');
  await waitText(page, '#game >>> .desc', /Selected e2/);
  assert.deepEqual((await page.evaluate(() => window.bluegray.selection)).path, ['e2']);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.bluegray.selection === null);
  await page.waitForFunction(() => !/Selected/.test(document.getElementById('game').shadowRoot.querySelector('.desc').textContent));
  assert.match(await deepText(page, '#game >>> .desc'), /^e2: /, 'it says what the cursor is on');
  assert.equal((await state(page)).history.length, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

