// End-to-end: "How to play" and the interactive lessons (issues 10, 18 and 22), in the served page
// in headless Chromium. Every lesson of the rules core's catalogue is completed by clicks on its
// board, as a learner would, with the moves the lesson's Hint gives: lessons added later are
// covered without a change here. The tests wait on the lesson's own state (its id and status on
// the lesson's section) and click points where the visible board lies now; they never sleep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardPicture, clickPoint, cutOff, setUp, openPage, playMove, seriousA11y, waitReady, waitText, escapeRe } from './helpers.mjs';
import { loadCore } from '../unit/core.mjs';
import { loadAllTables } from '../../www/lib/languages.js';

const TABLES = await loadAllTables();
const M = TABLES.en.messages;
/** The lessons as the rules core lists them: [{id, kind, teaches, …}], in teaching order. */
const CATALOGUE = (await loadCore()).lessons();
const IDS = CATALOGUE.map((l) => l.id);

const env = setUp();

const LESSON = '#lessons .lesson';
const LESSON_BOARD = '#lessons blue-gray-game';

/** Progress with every lesson done, as the page keeps it. */
const ALL_DONE = JSON.stringify({ done: IDS, offer: null });

/** Opens the page with the lessons' progress `progress` (a JSON text) already kept. */
async function openWithProgress(query, progress) {
  const { page, problems } = await openPage(env, query);
  await page.evaluate((p) => localStorage.setItem('bluegray.lessons.v1', p), progress);
  await page.reload();
  await waitReady(page);
  return { page, problems };
}

/** The lesson on show and its status, as the lesson's section carries them. */
function lessonState(page) {
  return page.evaluate((sel) => {
    const s = document.querySelector(sel);
    return s ? { lesson: s.dataset.lesson, status: s.dataset.status } : null;
  }, LESSON);
}

/** Waits until lesson `id` (any, when null) shows `status`. */
async function waitLesson(page, id, status, timeout = 10000) {
  try {
    await page.waitForFunction(
      ([sel, i, st]) => {
        const s = document.querySelector(sel);
        return !!s && !s.hidden && (i === null || s.dataset.lesson === i) && s.dataset.status === st;
      },
      [LESSON, id, status],
      { timeout },
    );
  } catch {
    throw new Error(`lesson ${id} never showed ${status}: ${JSON.stringify(await lessonState(page))}`);
  }
}

/**
 * Opens lesson `id` from the list and waits for that lesson's own board, ready for the learner.
 * Picking a lesson sets its status to loading at once, so a status of the lesson shown before
 * is never taken for this one's.
 */
async function openLesson(page, id) {
  if (!(await page.evaluate(() => document.getElementById('lessons').open))) await page.click('#open-lessons');
  await page.waitForSelector('#lessons[open] .sheet-body');
  if (await page.isVisible(LESSON)) await page.click('#lessons .lesson-back');
  await page.click(`#lessons .lessons-list [data-lesson="${id}"]`);
  await waitLesson(page, id, 'playing');
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).state.history.length, LESSON_BOARD), 0);
}

/** Clicks point `p` of the lesson board, like a learner. */
const clickLessonPoint = (page, p) => clickPoint(page, p, { board: LESSON_BOARD });

/** The lesson board's moves. */
function history(page) {
  return page.evaluate((sel) => document.querySelector(sel).state.history, LESSON_BOARD);
}

/** Plays `move` on the lesson board by clicking each of its points, on the learner's turn. */
async function playByClicks(page, move) {
  await waitLesson(page, null, 'playing');
  await playMove(page, move, { board: LESSON_BOARD });
}

/** Opens the capture lesson, plays `move` in it and waits until the lesson says `status`. */
async function tryCapture(page, move, status) {
  await openLesson(page, 'capture');
  await playByClicks(page, move);
  await waitLesson(page, 'capture', status);
}

/**
 * From now on, notes each status the lesson's section takes, in order, in window.__statuses (the
 * one it has now first): read from the changes' records, so a status that lasted less than a
 * round trip to the page is not missed.
 */
function noteStatuses(page) {
  return page.evaluate((sel) => {
    const section = document.querySelector(sel);
    const seen = (window.__statuses = [section.dataset.status]);
    window.__statusObserver?.disconnect();
    window.__statusObserver = new MutationObserver((records) => {
      // Each record holds the value a change replaced: the value after it is the next one's.
      for (const v of [...records.slice(1).map((r) => r.oldValue), section.dataset.status]) if (seen.at(-1) !== v) seen.push(v);
    });
    window.__statusObserver.observe(section, { attributes: true, attributeFilter: ['data-status'], attributeOldValue: true });
  }, LESSON);
}

/** Presses Hint and reads the move it gives (the rules core's lessonHint). */
async function hintedMove(page) {
  await page.click('#lessons .lesson-hint');
  const re = hintRe();
  await waitText(page, '#lessons .lesson-feedback', re);
  return re.exec(await page.textContent('#lessons .lesson-feedback'))[1];
}

/** The hint's move in its sentence, captured. */
function hintRe() {
  return new RegExp(escapeRe(M['lessons.hintMove']).replace('\\{move\\}', '([a-i][1-9](?:[-x][a-i][1-9])+)'));
}

/** The message `key` with params, as a RegExp (parameters not given match anything). */
function said(key, params = {}, messages = M) {
  const parts = messages[key].split(/(\{\w+(?::\w+)?\})/);
  const src = parts
    .map((p) => {
      const m = /^\{(\w+)(?::(\w+))?\}$/.exec(p);
      if (!m) return escapeRe(p);
      const v = params[m[1]];
      if (v === undefined) return '.*?';
      return escapeRe(m[2] ? messages[`${m[2]}.${v}`] : String(v));
    })
    .join('');
  return new RegExp(src);
}

/** The words a press on the lesson board says now (its notice), once it says `re`. */
function waitNotice(page, re) {
  return waitText(page, `${LESSON_BOARD} >>> .notice`, re);
}

test('How to play opens from the first screen, shows every section with diagrams, and closes', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  // Its code is fetched at the first opening: when that fails, the page says so, and the next
  // click fetches it again.
  // Every fetch of the chunk, a retry's too (`?retry=…`): offline.
  const howtoCode = /\/howto-[\w-]+\.js(\?.*)?$/;
  await page.route(howtoCode, (r) => r.abort('aborted'));
  await page.click('#open-howto');
  await waitText(page, '#notice', /“How to play” could not be loaded .*: try again\./);
  await page.unroute(howtoCode);
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
  const context = await env.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  try {
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
    await context.close();
  }
});

test('a first-time visitor is offered the lessons; No thanks is remembered', async () => {
  const { page, problems } = await openPage(env, '');
  await page.waitForSelector('#lesson-offer:not([hidden])');
  assert.match(await page.textContent('#lesson-offer'), new RegExp(escapeRe(M['lessons.offer.text'])));
  await page.click(`#lesson-offer button:has-text("${M['lessons.offer.dismiss']}")`);
  await page.waitForSelector('#lesson-offer[hidden]', { state: 'attached' });
  await page.reload();
  await waitReady(page);
  assert.equal(await page.isVisible('#lesson-offer'), false, 'not offered again');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lessons are fetched at their first opening: the banner is there before; when they cannot be fetched, the page says so, and the next click opens them', async () => {
  const { page, problems } = await openPage(env, '');
  // Every fetch of the chunk, a retry's too (`?retry=…`): offline.
  const lessonsCode = /\/lessons-[\w-]+\.js(\?.*)?$/;
  await page.route(lessonsCode, (r) => r.abort('aborted'));
  await page.waitForSelector('#lesson-offer:not([hidden])');
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/lessons-/.test(e.name))), false, 'not fetched with the page');
  await page.click('#open-lessons');
  await waitText(page, '#notice', new RegExp(escapeRe(M['notice.notLoaded'].replace('{what}', M['lessons.open'])).replace('\\{error\\}', '.*')));
  assert.equal(await page.evaluate(() => document.getElementById('lessons').open), false);
  await page.unroute(lessonsCode);
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons[open] .lessons-list');
  assert.deepEqual(problems, []);
  await page.close();
});

test('every lesson of the catalogue is completed by clicks with the hinted moves; progress survives a reload', async () => {
  assert.ok(IDS.length >= 9, `${IDS.length} lessons`);
  const { page, problems } = await openPage(env, '');
  // Start from the offer: it opens the first lesson.
  await page.click(`#lesson-offer button:has-text("${M['lessons.offer.start']}")`);
  await page.waitForSelector('#lessons[open]');
  for (const [i, lesson] of CATALOGUE.entries()) {
    const { id } = lesson;
    if (i > 0) await page.click('#lessons .lesson-next');
    await waitLesson(page, id, 'playing');
    await waitText(page, `${LESSON} h3`, new RegExp(escapeRe(M[`lesson.${id}.title`])));
    assert.match(await page.textContent('#lessons .lesson-text'), new RegExp(escapeRe(M[`lesson.${id}.text`])));
    for (let turn = 0; ; turn++) {
      assert.ok(turn < lesson.budget, `${id}: within its ${lesson.budget} moves`);
      const move = await hintedMove(page);
      const played = (await history(page)).length;
      await noteStatuses(page);
      await playByClicks(page, move);
      // The lesson's answer to the move: done, or Gray to reply (Gray may have replied already).
      await page.waitForFunction(() => window.__statuses.length > 1);
      const answer = await page.evaluate(() => window.__statuses[1]);
      if (answer === 'done') break;
      assert.equal(answer, 'replying', `${id}: after ${move}`);
      // Gray's reply, then the learner's turn again.
      await waitLesson(page, id, 'playing');
      assert.equal((await history(page)).length, played + 2);
      await waitText(page, '#lessons .lesson-feedback', said('lessons.replied'));
    }
    await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M[`lesson.${id}.done`])));
  }
  // The last one done, every one done: no next lesson, the offer of a first game instead.
  assert.equal(await page.isVisible('#lessons .lesson-next'), false);
  await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M['lessons.doNext.allDone'])));
  assert.equal(await page.locator('#lessons .lesson .lesson-play').count(), 2);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('bluegray.lessons.v1')));
  assert.deepEqual([...saved.done].sort(), [...IDS].sort());
  // After a reload every lesson is marked done, in the list by kind.
  await page.reload();
  await waitReady(page);
  assert.equal(await page.isVisible('#lesson-offer'), false, 'no offer once the lessons are taken');
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-list');
  const ids = await page.$$eval('#lessons .lessons-list [data-lesson]', (bs) => bs.map((b) => b.dataset.lesson));
  const byKind = ['rules', 'strategy'].flatMap((k) => CATALOGUE.filter((l) => (l.kind || 'rules') === k).map((l) => l.id));
  assert.deepEqual(ids, byKind, 'every lesson, rules first, then strategy, each in teaching order');
  const marks = await page.$$eval('#lessons .lessons-list li', (lis) => lis.map((li) => li.classList.contains('done')));
  assert.ok(marks.every(Boolean), `all done: ${marks}`);
  await waitText(page, '#lessons .lessons-progress', said('lessons.progress', { done: IDS.length, total: IDS.length }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lessons list is grouped by kind, each group headed', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-list');
  const groups = await page.$$eval('#lessons .lessons-list ol', (ols) =>
    ols.map((ol) => ({ heading: document.getElementById(ol.getAttribute('aria-labelledby')).textContent, n: ol.children.length })),
  );
  const kinds = ['rules', 'strategy'].filter((k) => CATALOGUE.some((l) => (l.kind || 'rules') === k));
  assert.deepEqual(
    groups,
    kinds.map((k) => ({ heading: M[`lessons.kind.${k}`], n: CATALOGUE.filter((l) => (l.kind || 'rules') === k).length })),
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('progress of one lesson survives a reload', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await tryCapture(page, 'd4xf4', 'done');
  await page.reload();
  await waitReady(page);
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-list');
  const done = await page.$$eval('#lessons .lessons-list li.done [data-lesson]', (bs) => bs.map((b) => b.dataset.lesson));
  assert.deepEqual(done, ['capture']);
  await waitText(page, '#lessons .lessons-progress', said('lessons.progress', { done: 1 }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a wrong move says why, and what to do next: the board is locked until Try again', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await tryCapture(page, 'd4xd6', 'wrong');
  await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M['lessons.doNext.wrong'])));
  // Gray shows the jump, and the reason is then said in the past.
  await page.waitForFunction((sel) => document.querySelector(sel).state.history[1] === 'd7xd5', LESSON_BOARD);
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.jumped', { guard: 'd6', from: 'd7' }));
  assert.doesNotMatch(await page.textContent('#lessons .lesson-feedback'), said('lessons.why.hanging', { guard: 'd6' }));
  // The board refuses the learner's pieces and says what to do; its mode stays as it was.
  const board = await page.evaluate((sel) => {
    const b = document.querySelector(sel);
    return { locked: b.getAttribute('locked'), mode: b.settings.mode };
  }, LESSON_BOARD);
  assert.deepEqual(board, { locked: M['lessons.lock.wrong'], mode: 'two' });
  await clickLessonPoint(page, 'e1');
  await waitNotice(page, new RegExp(escapeRe(M['lessons.lock.wrong'])));
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).selection, LESSON_BOARD), null, 'nothing picked');
  assert.equal((await history(page)).length, 2);
  // The wrong move is marked on the board under Gray's reply.
  const marked = await boardPicture(page, LESSON_BOARD);
  await page.evaluate((sel) => document.querySelector(sel).showMistake(null), LESSON_BOARD);
  assert.notEqual(await boardPicture(page, LESSON_BOARD), marked, 'the wrong move was marked');
  // Try again: the move taken back, the board the learner's again.
  await page.click('#lessons .lesson-retry');
  await waitLesson(page, 'capture', 'playing');
  assert.deepEqual(await history(page), []);
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).hasAttribute('locked'), LESSON_BOARD), false);
  // A hint names a move that works, and draws it on the board.
  const noArrow = await boardPicture(page, LESSON_BOARD);
  assert.equal(await hintedMove(page), 'd4xf4');
  assert.notEqual(await boardPicture(page, LESSON_BOARD), noArrow, 'the hinted move is drawn as an arrow');
  // Another lesson, another reason: the enemy captain left free.
  await openLesson(page, 'block');
  await playByClicks(page, 'e2-e3');
  await waitLesson(page, 'block', 'wrong');
  // Gray's captain walks on, and the reason is said as what happened.
  await page.waitForFunction((sel) => document.querySelector(sel).state.history[1] === 'g3-f3', LESSON_BOARD);
  const walked = said('lessons.why.enemyWalked', { point: 'f3', move: 'g3-f3' });
  await waitText(page, '#lessons .lesson-feedback', walked);
  // No Hint now (the goal is out of reach): Try again is what there is to do.
  assert.equal(await page.isHidden('#lessons .lesson-hint'), true);
  assert.equal(await page.isVisible('#lessons .lesson-retry'), true);
  // A captain blocked by its own guard: the board itself says by which piece.
  await openLesson(page, 'unblock');
  await clickLessonPoint(page, 'e1');
  await waitNotice(page, /e2/);
  await playByClicks(page, 'e2-d2');
  await waitLesson(page, 'unblock', 'wrong');
  await waitText(page, '#lessons .lesson-feedback', said('lessons.why.ownOnPath', { point: 'd2', kind: 'sergeant' }));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the board refuses the learner while Gray replies and once the lesson is done', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await openLesson(page, 'walk');
  // At the learner's move, while Gray's reply is pending: a press on the learner's captain (by
  // the board's own pointer events, at once) picks nothing and plays nothing.
  await page.evaluate((sel) => {
    const b = document.querySelector(sel);
    window.__probe = null;
    b.addEventListener(
      'move',
      () => {
        const canvas = b.shadowRoot.querySelector('canvas');
        const c = b.pointCenter(b.state.history.at(-1).split('-')[1]);
        const seen = { status: document.querySelector('#lessons .lesson').dataset.status, locked: b.getAttribute('locked'), mode: b.settings.mode };
        const at = { clientX: c.x, clientY: c.y, button: 0, pointerId: 9, isPrimary: true, bubbles: true };
        canvas.dispatchEvent(new PointerEvent('pointerdown', at));
        canvas.dispatchEvent(new PointerEvent('pointerup', at));
        window.__probe = { ...seen, selection: b.selection, moves: b.state.history.length };
      },
      { once: true },
    );
  }, LESSON_BOARD);
  await playByClicks(page, 'e1-e2');
  const probe = await page.evaluate(() => window.__probe);
  assert.deepEqual(probe, { status: 'replying', locked: M['lessons.lock.replying'], mode: 'two', selection: null, moves: 1 });
  await waitLesson(page, 'walk', 'playing');
  assert.deepEqual(await history(page), ['e1-e2', 'i9-h9']);
  // Done: locked for good, and a press says so.
  for (const move of ['e2-d2', 'd2-c2']) {
    await playByClicks(page, move);
    await waitLesson(page, 'walk', 'playing');
  }
  await playByClicks(page, 'c2-b3');
  await waitLesson(page, 'walk', 'done');
  await clickLessonPoint(page, 'b3');
  await waitNotice(page, new RegExp(escapeRe(M['lessons.lock.done'])));
  assert.equal(await page.evaluate((sel) => document.querySelector(sel).selection, LESSON_BOARD), null);
  assert.equal((await history(page)).length, 7);
  await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M['lessons.doNext.done'])));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the offer to a first-time visitor goes as soon as a lesson is done, and stays gone once all are', async () => {
  const { page, problems } = await openPage(env, '');
  await page.waitForSelector('#lesson-offer:not([hidden])');
  // Taking the lessons by the header's button: the offer goes with the first lesson done.
  await tryCapture(page, 'd4xf4', 'done');
  assert.equal(await page.isVisible('#lesson-offer'), false, 'gone without a reload');
  await page.close();
  // Every lesson done (kept by an earlier visit): no offer, and the list offers a first game.
  const again = await openWithProgress('', ALL_DONE);
  assert.equal(await again.page.isVisible('#lesson-offer'), false);
  await again.page.click('#open-lessons');
  await waitText(again.page, '#lessons .lessons-menu', new RegExp(escapeRe(M['lessons.allDone'])));
  assert.equal(await again.page.locator('#lessons .lessons-menu .lesson-play').count(), 2);
  assert.deepEqual([...problems, ...again.problems], []);
  await again.page.close();
});

test('the end of the lessons starts a first game against the computer at level 1', async () => {
  const { page, problems } = await openWithProgress('?mode=two', ALL_DONE);
  await page.click('#open-lessons');
  await page.waitForSelector('#lessons .lessons-menu .lesson-play');
  const labels = await page.$$eval('#lessons .lessons-menu .lesson-play', (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(labels, [1, 2].map((level) => M['lessons.play'].replace('{level}', level).replace('{name}', M[`level.${level}`])));
  await page.click('#lessons .lessons-menu .lesson-play[data-level="1"]');
  await page.waitForSelector('#lessons:not([open])', { state: 'attached' });
  await page.waitForFunction(() => {
    const s = window.bluegray.settings;
    return s.mode === 'ai' && s.level === 1 && s.side === 'blue' && window.bluegray.state.history.length === 0;
  });
  // The New game form shows the game's own settings, so that the next game is the same kind.
  await page.waitForFunction(() => document.getElementById('level').value === '1' && document.getElementById('mode').value === 'ai');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the rules picker links each rule a lesson teaches to that lesson', async () => {
  const taught = CATALOGUE.filter((l) => l.teaches);
  // Every variant rule has its lesson (issue 22).
  const RULES = ['captain', 'guards', 'start', 'lead', 'impasse_plies', 'jumps'];
  assert.deepEqual(RULES.filter((o) => !taught.some((l) => l.teaches === o)), [], 'rules without a lesson');
  const { page, problems } = await openPage(env, '?mode=two');
  await page.click('#ingredients-box summary');
  await page.click('#ingredients-box .advanced summary');
  const links = await page.$$eval('#ingredients .lesson-link', (bs) =>
    bs.map((b) => ({ option: b.parentElement.querySelector('select').id.replace('option-', ''), lesson: b.dataset.lesson, label: b.getAttribute('aria-label') })),
  );
  const options = [...new Set(taught.map((l) => l.teaches))];
  assert.deepEqual(
    links.map((l) => l.option).sort(),
    options.sort(),
    'one link for each option taught',
  );
  for (const link of links) {
    const lesson = taught.find((l) => l.teaches === link.option);
    assert.equal(link.lesson, lesson.id);
    assert.equal(link.label, M['lessons.pickerLinkLabel'].replace('{title}', M[`lesson.${lesson.id}.title`]));
  }
  // Each link opens its lesson, ready to play, from wherever the lessons were.
  for (const { option, lesson } of links) {
    await page.click(`#option-${option} ~ .lesson-link`);
    await waitLesson(page, lesson, 'playing');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lessons:not([open])', { state: 'attached' });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lessons are keyboard accessible and pass axe-core', async () => {
  const { page, problems } = await openPage(env, '');
  await page.press('#open-lessons', 'Enter');
  await page.waitForSelector('#lessons[open] .lessons-list');
  // Checked before axe runs: axe's own inline styles are refused by the page's CSP, which is
  // no fault of the page.
  await page.click('#lessons [data-lesson="capture"]');
  await waitLesson(page, 'capture', 'playing');
  await playByClicks(page, 'd4xd6');
  await waitLesson(page, 'capture', 'wrong');
  await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(M['lessons.doNext.wrong'])));
  assert.deepEqual(problems, []);
  const run = () => seriousA11y(page);
  assert.deepEqual(await run(), [], 'a lesson after a wrong move');
  await page.click('#lessons .lesson-back');
  await page.waitForSelector('#lessons .lessons-menu:not([hidden])');
  assert.deepEqual(await run(), [], 'the list of lessons');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#lessons:not([open])', { state: 'attached' });
  await page.click('#ingredients-box summary');
  await page.click('#ingredients-box .advanced summary');
  assert.deepEqual(await run(), [], 'the rules picker with its lesson links');
  await page.click('#open-howto');
  await page.waitForSelector('#howto[open]');
  assert.deepEqual(await run(), [], 'how to play');
  await page.keyboard.press('Escape');
  assert.deepEqual(await run(), [], 'page with the offer');
  await page.close();
});

test('no text of the lessons is cut off at 360 px, in every language', async () => {
  // No service worker: it would answer the blank page each test starts from.
  const context = await env.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const found = [];
    for (const lang of Object.keys(TABLES)) {
      const m = TABLES[lang].messages;
      const { page, problems } = await openPage({ context, url: env.url }, `?mode=two&lang=${lang}`);
      const look = async (what) => {
        for (const fault of await cutOff(page)) found.push(`${lang}, ${what}: ${fault}`);
      };
      await page.waitForSelector('#lesson-offer:not([hidden])');
      await look('the offer');
      await page.click('#ingredients-box summary');
      await page.click('#ingredients-box .advanced summary');
      await look('the rules picker');
      await tryCapture(page, 'd4xd6', 'wrong');
      await waitText(page, '#lessons .lesson-feedback', new RegExp(escapeRe(m['lessons.doNext.wrong'])));
      await look('a wrong move');
      await page.click('#lessons .lesson-back');
      await look('the list');
      await page.evaluate((p) => localStorage.setItem('bluegray.lessons.v1', p), ALL_DONE);
      await page.reload();
      await waitReady(page);
      await page.click('#open-lessons');
      await page.waitForSelector('#lessons .lessons-menu .lesson-play');
      await look('the offer of a first game');
      assert.deepEqual(problems, [], lang);
      await page.close();
    }
    assert.deepEqual(found, []);
  } finally {
    await context.close();
  }
});
