// End-to-end: "How to play" and the interactive lessons (issue 10, items 2 and 3), in the served
// page in headless Chromium. Every lesson is completed by clicks on its board, as a learner would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { boardPicture, launch, openPage, waitText, CHROMIUM, CHROMIUM_ARGS, ROOT } from './helpers.mjs';
import en from '../../www/messages/en.js';

const M = en.messages;

/** The moves that complete each lesson (Gray's replies are the lesson's own). */
const SOLUTIONS = {
  walk: ['e1-e2', 'e2-d2', 'd2-c2', 'c2-b3'],
  unblock: ['e2-e3', 'e1-e2', 'e2-d2'],
  step: ['d4-e4', 'e4-f5', 'f5-f6'],
  capture: ['d4xf4'],
  multi: ['c3xc5xa5'],
  compulsory: ['c3xc5', 'e1-e2'],
  block: ['e2-f3'],
  breakthrough: ['f3xf5', 'g4-f4', 'f4-e4', 'e4-e5'],
  lead: ['b3-b4', 'b4-b5'],
};

let env;
before(async () => {
  env = await launch();
});
after(async () => {
  await env?.close();
});

const LESSON_BOARD = '#lessons blue-gray-game';

/** Clicks a point of the lesson board. */
async function clickLessonPoint(page, point) {
  const c = await page.evaluate(
    ([sel, p]) => document.querySelector(sel).pointCenter(p),
    [LESSON_BOARD, point],
  );
  if (!c) throw new Error(`no point ${point} on the lesson board`);
  await page.mouse.click(c.x, c.y);
}

/** Plays a move on the lesson board by clicking each of its points, then waits for it. */
async function playByClicks(page, move) {
  const before = await page.evaluate((sel) => document.querySelector(sel).state.history.length, LESSON_BOARD);
  for (const p of move.split(/[-x]/)) await clickLessonPoint(page, p);
  await page.waitForFunction(
    ([sel, n]) => document.querySelector(sel).state.history.length > n,
    [LESSON_BOARD, before],
  );
  const played = await page.evaluate(
    ([sel, n]) => document.querySelector(sel).state.history[n],
    [LESSON_BOARD, before],
  );
  assert.equal(played, move);
}

/** Waits until the lesson shows `status` (playing, done, wrong). */
function waitStatus(page, status) {
  return page.waitForFunction((s) => document.querySelector('#lessons .lesson').dataset.status === s, status, {
    timeout: 10000,
  });
}

async function openLesson(page, id) {
  if (!(await page.evaluate(() => document.getElementById('lessons').open))) await page.click('#open-lessons');
  if (await page.isVisible('#lessons .lessons-menu')) await page.click(`#lessons [data-lesson="${id}"]`);
  await page.waitForFunction((i) => document.querySelector('#lessons .lesson').dataset.lesson === i, id);
  await page.waitForFunction(
    (sel) => {
      const b = document.querySelector(sel);
      return b.state && b.state.history.length === 0 && b.settings.mode === 'two';
    },
    LESSON_BOARD,
  );
  await waitStatus(page, 'playing');
}

function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The message `key` with params, as a RegExp (parameters not given match anything). */
function said(key, params = {}) {
  const parts = M[key].split(/(\{\w+(?::\w+)?\})/);
  const src = parts
    .map((p) => {
      const m = /^\{(\w+)(?::(\w+))?\}$/.exec(p);
      if (!m) return escapeRe(p);
      const v = params[m[1]];
      if (v === undefined) return '.*?';
      return escapeRe(m[2] ? M[`${m[2]}.${v}`] : String(v));
    })
    .join('');
  return new RegExp(src);
}

test('How to play opens from the first screen, shows every section with diagrams, and closes', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await page.click('#open-howto');
  await page.waitForSelector('#howto[open]');
  const titles = await page.$$eval('#howto h3', (hs) => hs.map((h) => h.textContent));
  for (const id of ['goal', 'board', 'captain', 'sergeant', 'private', 'capture', 'multi', 'compulsory', 'block', 'win', 'variants']) {
    assert.ok(titles.includes(M[`howto.${id}.title`]), `section ${id}: ${titles.join(' | ')}`);
  }
  const text = await page.textContent('#howto');
  for (const key of ['howto.turbo.text', 'howto.win.breakthrough', 'howto.win.lead', 'howto.win.impasse', 'howto.win.sackson', 'howto.variants.pow']) {
    // Up to its first place, for a text with parameters (the impasse limit comes from the rules core).
    assert.ok(text.includes(M[key].split('{')[0]), key);
  }
  assert.ok(text.includes(M['variantName.classic-turbo-light-pow']), 'the named variants are listed');
  // The diagrams are drawn (something other than one colour on each canvas).
  const drawn = await page.$$eval('#howto canvas.diagram', (cs) =>
    cs.map((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]}`);
      return seen.size;
    }),
  );
  assert.ok(drawn.length >= 9, `${drawn.length} diagrams`);
  assert.ok(drawn.every((n) => n > 10), `every diagram is drawn: ${drawn}`);
  // Escape closes; the close button too.
  await page.keyboard.press('Escape');
  await page.waitForSelector('#howto:not([open])', { state: 'attached' });
  await page.click('#open-howto');
  await page.click('#howto .sheet-close');
  await page.waitForSelector('#howto:not([open])', { state: 'attached' });
  assert.deepEqual(problems, []);
  await page.close();
});

test('How to play is readable on a 360 px phone', async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const { page, problems } = await openPage({ context, url: env.url }, '?mode=two');
    await page.tap('#open-howto');
    await page.waitForSelector('#howto[open]');
    const fit = await page.evaluate(() => {
      const d = document.getElementById('howto');
      const widest = Math.max(...[...d.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return { right: d.getBoundingClientRect().right, widest, scroll: d.scrollWidth, client: d.clientWidth };
    });
    assert.ok(fit.right <= 360, `the sheet fits the screen (${fit.right})`);
    assert.ok(fit.scroll <= fit.client + 1, `no sideways scrolling in the sheet (${fit.scroll} > ${fit.client})`);
    assert.ok(fit.widest <= 360, `nothing sticks out (${fit.widest})`);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test('a first-time visitor is offered the lessons; No thanks is remembered', async () => {
  const { page, problems } = await openPage(env, '');
  await page.waitForSelector('#lesson-offer:not([hidden])');
  assert.match(await page.textContent('#lesson-offer'), new RegExp(escapeRe(M['lessons.offer.text'])));
  await page.click(`#lesson-offer button:has-text("${M['lessons.offer.dismiss']}")`);
  await page.waitForSelector('#lesson-offer[hidden]', { state: 'attached' });
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.isVisible('#lesson-offer'), false, 'not offered again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('every lesson can be completed by clicks, and progress survives a reload', async () => {
  const { page, problems } = await openPage(env, '');
  // Start from the offer: it opens the first lesson.
  await page.click(`#lesson-offer button:has-text("${M['lessons.offer.start']}")`);
  await page.waitForSelector('#lessons[open]');
  assert.ok(Object.keys(SOLUTIONS).length >= 8);
  for (const [i, [id, moves]] of Object.entries(SOLUTIONS).entries()) {
    if (i > 0) await page.click('#lessons .lesson-next');
    await openLesson(page, id);
    await waitText(page, '#lessons .lesson h3', new RegExp(escapeRe(M[`lesson.${id}.title`])));
    assert.match(await page.textContent('#lessons .lesson-text'), new RegExp(escapeRe(M[`lesson.${id}.text`])));
    for (const [k, move] of moves.entries()) {
      await playByClicks(page, move);
      if (k < moves.length - 1) {
        // Gray's reply, then the learner's turn again.
        await waitStatus(page, 'playing');
        await waitText(page, '#lessons .lesson-feedback', said('lessons.replied'));
      }
    }
    await waitStatus(page, 'done');
    await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M[`lesson.${id}.done`])));
  }
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('bluegray.lessons.v1')));
  assert.deepEqual([...saved.done].sort(), Object.keys(SOLUTIONS).sort());
  // After a reload every lesson is marked done.
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached' });
  assert.equal(await page.isVisible('#lesson-offer'), false, 'no offer once the lessons are taken');
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-list');
  const marks = await page.$$eval('#lessons .lessons-list li', (lis) => lis.map((li) => li.classList.contains('done')));
  const ids = await page.$$eval('#lessons .lessons-list [data-lesson]', (bs) => bs.map((b) => b.dataset.lesson));
  assert.deepEqual(ids, Object.keys(SOLUTIONS), 'every lesson, in teaching order');
  assert.ok(marks.length >= 8 && marks.every(Boolean), `all done: ${marks}`);
  await waitText(page, '#lessons .lessons-progress', said('lessons.progress', { done: marks.length, total: marks.length }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress of one lesson survives a reload', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await openLesson(page, 'capture');
  await playByClicks(page, 'd4xf4');
  await waitStatus(page, 'done');
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]', { state: 'attached' });
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-list');
  const done = await page.$$eval('#lessons .lessons-list li.done [data-lesson]', (bs) => bs.map((b) => b.dataset.lesson));
  assert.deepEqual(done, ['capture']);
  await waitText(page, '#lessons .lessons-progress', said('lessons.progress', { done: 1 }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a wrong move in a lesson says why in words; Try again takes it back', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await openLesson(page, 'capture');
  await playByClicks(page, 'd4xd6');
  await waitStatus(page, 'wrong');
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.jumped', { guard: 'd6', from: 'd7' }));
  // Gray shows the jump.
  await page.waitForFunction((sel) => document.querySelector(sel).state.history[1] === 'd7xd5', LESSON_BOARD);
  await page.click('#lessons .lesson-retry');
  await waitStatus(page, 'playing');
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).state.history.length, LESSON_BOARD), 0);
  // A hint names a move that works, and draws it on the board.
  const noArrow = await boardPicture(page, LESSON_BOARD);
  await page.click('#lessons .lesson-hint');
  await waitText(page, '#lessons .lesson-feedback', said('lessons.hintMove', { move: 'd4xf4' }));
  assert.notEqual(await boardPicture(page, LESSON_BOARD), noArrow, 'the hinted move is drawn as an arrow');
  // Another lesson, another reason: the enemy captain left free.
  await page.click('#lessons .lesson-back');
  await openLesson(page, 'block');
  await playByClicks(page, 'e2-e3');
  await waitStatus(page, 'wrong');
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.enemyFree', { point: 'f3' }));
  // A hint now says to try again, and keeps the reason.
  await page.click('#lessons .lesson-hint');
  await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M['lessons.noHint'])));
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.enemyFree', { point: 'f3' }));
  // A captain blocked by its own guard: the board itself says by which piece.
  await page.click('#lessons .lesson-back');
  await openLesson(page, 'unblock');
  await clickLessonPoint(page, 'e1');
  await waitText(page, `${LESSON_BOARD} >>> .notice`, /e2/);
  await playByClicks(page, 'e2-d2');
  await waitStatus(page, 'wrong');
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.ownOnPath', { point: 'd2', kind: 'sergeant' }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lessons are keyboard accessible and pass axe-core', async () => {
  const { page, problems } = await openPage(env, '');
  await page.focus('#open-lessons');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#lessons[open] .lessons-list');
  await page.click('#lessons [data-lesson="walk"]');
  await waitStatus(page, 'playing');
  // Checked before axe runs: axe's own inline styles are refused by the page's CSP, which is
  // no fault of the page.
  assert.deepEqual(problems, []);
  await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  const run = () =>
    page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ['violations'] });
      return r.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  assert.deepEqual(await run(), [], 'lessons dialog');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#lessons:not([open])', { state: 'attached' });
  await page.click('#open-howto');
  await page.waitForSelector('#howto[open]');
  assert.deepEqual(await run(), [], 'how to play');
  await page.keyboard.press('Escape');
  assert.deepEqual(await run(), [], 'page with the offer');
  await page.close();
});
