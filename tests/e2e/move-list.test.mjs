// End-to-end: the move list as a player uses it (issue 47): the step keys pressed on a move of
// the list step the board itself (← →, ↑ ↓ between a move and its variation, Home, End), the
// focus going with the move shown; a comment written at a move is shown there, kept over a
// reload and written in the downloaded record; the move shown stays in view in a long game;
// and on a touch phone the step buttons and the moves are big enough for a finger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { setUp, openPage, waitReady, clickPoint, frames, waitText, q } from './helpers.mjs';

/** Guard steps from the start that leave no capture to make. */
const OPENING = ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7', 'f2-f3', 'f8-f7'];

const env = setUp({});

/** Plays `moves` through the element and waits until the list has a button for each. */
async function play(page, moves) {
  await page.evaluate((ms) => {
    for (const m of ms) window.bluegray.element.play(m);
  }, moves);
  await page.waitForFunction((n) => document.querySelectorAll('#moves button[data-ply]').length === n, moves.length);
}

/** Waits until the board looks at `path` (null: the game itself). */
const waitPath = (page, path) =>
  page.waitForFunction((p) => JSON.stringify(window.bluegray.element.viewPath) === JSON.stringify(p), path);

/** The `data-path` of the focused element, or null. */
const focusedPath = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-path') ?? null);

/** Waits until the focus is on the move at `path` (the list follows the board in its next frame); fails with where it is. */
async function focusWhen(page, path, message = undefined) {
  try {
    await page.waitForFunction((p) => (document.activeElement?.getAttribute('data-path') ?? null) === p, path, { timeout: 10000 });
  } catch {
    assert.equal(await focusedPath(page), path, message);
  }
}

/** Presses `key` with the focus where it is, and waits until the board looks at `path`. */
async function press(page, key, path) {
  await page.keyboard.press(key);
  await waitPath(page, path);
}

test('the step keys on a move of the list step the board, the focus going with the move shown', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await play(page, OPENING);
  await page.click('#moves button[data-ply="2"]');
  await waitPath(page, [0, 0]);
  await focusWhen(page, '0.0');

  await press(page, 'ArrowLeft', [0]);
  await waitText(page, '#viewing-text', /^Position after 1\. e2-e3$/);
  await focusWhen(page, '0', 'the focus follows the move shown');
  await press(page, 'ArrowRight', [0, 0]);
  await press(page, 'ArrowRight', [0, 0, 0]);
  await focusWhen(page, '0.0.0');

  // A variation at the position after 1… e8-e7: ↓ and ↑ between it and the game's move.
  await page.click('#moves button[data-ply="2"]');
  await clickPoint(page, 'f2');
  await clickPoint(page, 'f3');
  await waitPath(page, [0, 0, 1]);
  await page.click('#moves button[data-path="0.0.1"]');
  await press(page, 'ArrowUp', [0, 0, 0]);
  await focusWhen(page, '0.0.0');
  await press(page, 'ArrowDown', [0, 0, 1]);
  await focusWhen(page, '0.0.1');
  await press(page, 'ArrowUp', [0, 0, 0]);

  // Home: the start (no move shown, the focus stays in the list); End: the game itself.
  await press(page, 'Home', []);
  assert.ok(await page.evaluate(() => document.getElementById('moves').contains(document.activeElement)), 'the focus stays in the list');
  await press(page, 'End', null);
  await focusWhen(page, OPENING.map(() => 0).join('.'));
  assert.equal(await page.getAttribute(`#moves button[data-ply="${OPENING.length}"]`, 'aria-current'), 'step');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a comment written at a move is shown, kept over a reload and in the downloaded record', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  await play(page, OPENING);
  await page.click('#moves button[data-ply="3"]');
  await waitPath(page, [0, 0, 0]);
  await waitText(page, '#comment-open', /^Add a comment$/);
  await page.click('#comment-open');
  await page.locator('#comment-text').waitFor();
  assert.equal(await page.textContent('#comment-label'), 'Comment after 2. d2-d3');
  // The limit is the rules core's (the catalogue's maxComment), said where the player types.
  const max = await page.evaluate(() => window.bluegray.element.catalogue.maxComment);
  assert.equal(max, 400);
  assert.match(await page.textContent('#comment-limit'), /At most 400 characters/);
  assert.equal(await page.getAttribute('#comment-text', 'maxlength'), '400');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'comment-text');
  await page.fill('#comment-text', '  A quiet   move,\nkeeping the centre  ');
  await page.click('#comment-save');
  await waitText(page, '#moves li.comment', /A quiet move, keeping the centre$/);
  assert.ok(await page.locator('#comment-form').isHidden(), 'the editor closes');
  // Under the row of its move, the reply after it; the board still looks where it did.
  const texts = await page.locator('#moves > li').allTextContents();
  const at = texts.findIndex((x) => x.includes('A quiet move'));
  assert.ok(texts[at - 1].includes('d2-d3') && texts[at + 1].includes('d8-d7'), texts.join(' | '));
  assert.deepEqual(await page.evaluate(() => window.bluegray.element.viewPath), [0, 0, 0]);
  await waitText(page, '#comment-open', /^Edit the comment$/);

  // In a variation too; the rules core refuses a text over the limit, changing nothing.
  await page.click('#moves button[data-ply="2"]');
  await waitPath(page, [0, 0]);
  assert.deepEqual(await page.evaluate(() => window.bluegray.element.explore('f2-f3')), [0, 0, 1]);
  await page.click('#comment-open');
  assert.equal(await page.textContent('#comment-label'), 'Comment after 2. f2-f3');
  await page.fill('#comment-text', 'Too early');
  await page.click('#comment-save');
  await waitText(page, '#moves li.variation .comment', /^Too early$/);
  const refused = await page.evaluate(() => {
    const el = window.bluegray.element;
    const before = el.state.record;
    try {
      el.setComment([0, 0, 1], 'x'.repeat(el.catalogue.maxComment + 1));
    } catch (e) {
      return { message: e.message, same: el.state.record === before };
    }
    return null;
  });
  assert.match(refused?.message ?? '', /401 characters, more than 400/);
  assert.ok(refused.same, 'nothing changed');

  // A comment before the first move, at the start.
  await page.keyboard.press('Home');
  await waitPath(page, []);
  await page.click('#comment-open');
  assert.equal(await page.textContent('#comment-label'), 'Comment before the first move');
  await page.fill('#comment-text', 'Played at the club');
  await page.keyboard.press('Control+Enter');
  await page.waitForFunction(() => document.querySelector('#moves > li')?.textContent?.includes('Played at the club'));

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-record')]);
  const text = fs.readFileSync(await download.path(), 'utf8').replace(/\n/g, ' ');
  assert.ok(text.includes('{Played at the club} 1. e2-e3'), text);
  assert.ok(text.includes('2. d2-d3 {A quiet move, keeping the centre} (2. f2-f3 {Too early}) 2... d8-d7'), text);

  await page.reload();
  await waitReady(page);
  await frames(page);
  await waitText(page, '#moves li.comment', /Played at the club$/);
  const after = await page.locator('#moves li.comment').allTextContents();
  assert.equal(after.length, 2, after.join(' | '));
  assert.ok(after[1].endsWith('A quiet move, keeping the centre'), after.join(' | '));
  assert.equal(await page.textContent('#moves li.variation .comment'), 'Too early');

  // Edited to nothing: the comment is gone, from the list and the record.
  await page.click('#moves button[data-ply="3"]');
  await waitText(page, '#comment-open', /^Edit the comment$/);
  await page.click('#comment-open');
  assert.equal(await page.inputValue('#comment-text'), 'A quiet move, keeping the centre');
  await page.fill('#comment-text', '');
  await page.click('#comment-save');
  await page.waitForFunction(() => document.querySelectorAll('#moves li.comment').length === 1);
  const record = await page.evaluate(() => window.bluegray.element.state.record);
  assert.ok(!record.includes('quiet') && record.includes('{Too early}'), record);
  assert.deepEqual(problems, []);
  await page.close();
});

test('in a long game the move shown is kept in view in the list, stepped from the list', async () => {
  const { page, problems } = await openPage(env, q({ mode: 'two' }));
  // 120 plies of guard moves (the captains stay home): a list far taller than its box.
  const plies = await page.evaluate(() => {
    const el = window.bluegray.element;
    for (let turn = 0; turn < 120; turn++) {
      const s = el.state;
      if (s.result) break;
      const guards = s.moves.filter((m) => m.kind !== 'captain');
      const pool = guards.length ? guards : s.moves;
      el.play(pool[turn % pool.length].text);
    }
    return el.state.history.length;
  });
  assert.ok(plies > 60, `${plies} plies`);
  await page.waitForFunction((n) => document.querySelectorAll('#moves button[data-ply]').length === n, plies);
  const list = page.locator('#moves');
  assert.ok(await list.evaluate((l) => l.scrollHeight > 3 * l.clientHeight), 'the list scrolls');

  /** Whether the move at `ply` is wholly inside the list's visible box. */
  const inView = (ply) =>
    page.evaluate((n) => {
      const box = document.getElementById('moves').getBoundingClientRect();
      const r = document.querySelector(`#moves button[data-ply="${n}"]`).getBoundingClientRect();
      return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
    }, ply);

  await page.locator(`#moves button[data-ply="${plies}"]`).focus();
  await press(page, 'Home', []);
  await press(page, 'ArrowRight', [0]);
  await page.waitForFunction(() => {
    const box = document.getElementById('moves').getBoundingClientRect();
    const r = document.querySelector('#moves button[data-ply="1"]').getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  });
  assert.ok(await inView(1));
  assert.ok(!(await inView(plies)));
  await press(page, 'End', null);
  await page.waitForFunction((n) => {
    const box = document.getElementById('moves').getBoundingClientRect();
    const r = document.querySelector(`#moves button[data-ply="${n}"]`).getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  }, plies);
  assert.ok(!(await inView(1)));
  // The page itself stayed where it was: only the list scrolled.
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('on a touch phone the step buttons, the moves and the comment button are at least 44 px tall', async () => {
  const context = await env.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const { page, problems } = await openPage({ context, url: env.url }, q({ mode: 'two' }));
    await play(page, OPENING);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.moves-box .nav button, #moves button.mv, #comment-open')]
        .map((b) => ({ name: b.id || b.textContent, ...b.getBoundingClientRect().toJSON() }))
        .filter((r) => r.height < 44 || r.width < 44)
        .map((r) => `${r.name} ${r.width.toFixed(0)}×${r.height.toFixed(0)}`),
    );
    assert.deepEqual(small, []);
    // A tap on a move shows it.
    await page.tap('#moves button[data-ply="2"]');
    await waitPath(page, [0, 0]);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'nothing wider than the screen');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
