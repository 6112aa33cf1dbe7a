// The page in each language: chosen by a link, switched in the page and kept across visits;
// no message key ever shows instead of its text; the rules core's errors in the reader's words; screen-reader descriptions follow the game; the
// rules picker and How to play say what the rules are (who moves first, what a spec changes, the
// piece in a turbo captain's way, the impasse limit) in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, waitText, waitReady, waitPly, playMove, state, deepText, seriousA11y, escapeRe, NEAR_WIN } from './helpers.mjs';
import { loadAllTables } from '../../www/lib/languages.js';
import { languageName, translate, loadMessages } from '../../www/lib/i18n.js';
import { SECTIONS } from '../../www/learn/howto.js';
import { loadCore } from '../unit/core.mjs';

const TABLES = await loadAllTables();
for (const lang of Object.keys(TABLES)) for (const part of ['play', 'review', 'live', 'learn']) await loadMessages(part, lang);

/** The rules core, for facts the tests read from a position. */
const core = await loadCore();

const env = setUp();

/** Every text on the page and in the board's shadow tree, attributes that people hear included. */
async function allText(page) {
  return page.evaluate(() => {
    const out = [];
    const walk = (root) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.shadowRoot) walk(el.shadowRoot);
        for (const a of ['aria-label', 'title', 'placeholder']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
        for (const n of el.childNodes) if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
      }
    };
    walk(document);
    out.push(document.title);
    return out;
  });
}

/** Texts that are message keys (a key shows itself when no table has it). */
function rawKeys(texts) {
  const keys = new Set(Object.keys(TABLES.en.messages));
  return texts.filter((t) => keys.has(t) || /^[a-z]+(\.[A-Za-z0-9-]+)+$/.test(t));
}

for (const lang of Object.keys(TABLES)) {
  test(`the page in ${languageName(lang)} (${lang}): from a link, with no untranslated key`, async () => {
    const { page, problems } = await openPage(env, `?lang=${lang}&mode=ai&level=1`);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await page.getAttribute('#game', 'lang'), lang);
    const m = TABLES[lang].messages;
    await waitText(page, '#form-legend, legend', new RegExp(escapeRe(m['form.legend'])));
    await waitText(page, '#status', new RegExp(escapeRe(m['status.yourMove'].split('{')[0].trim())));
    // A move and the computer's reply: the announcement is in the language too.
    await playMove(page, 'e2-e3');
    await waitPly(page, 2);
    await page.waitForFunction(() => !window.bluegray.thinking);
    const texts = await allText(page);
    assert.deepEqual(rawKeys(texts), [], 'message keys shown instead of text');
    // Every text of the table that the page shows statically is in this language, not English.
    if (lang !== 'en') {
      assert.ok(texts.includes(m['controls.undo']), `Undo says ${m['controls.undo']}`);
      assert.ok(!texts.includes(TABLES.en.messages['form.legend']), 'no English legend');
    }
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`a result and a lesson in ${lang}`, async () => {
    const { page, problems } = await openPage(env, `?lang=${lang}&mode=two&variant=sackson&position=${encodeURIComponent(NEAR_WIN)}`);
    await playMove(page, 'e4-e5');
    const said = await page.evaluate(() => window.bluegray.element.resultText());
    const m = TABLES[lang].messages;
    const expected = m['result.breakthrough'].replace('{winner:side}', m['side.blue']);
    assert.equal(said, expected);
    await waitText(page, '#status', new RegExp(escapeRe(expected)));
    await page.waitForSelector('#game-over:not([hidden])');
    // The lessons open in the same language.
    await page.click('#open-lessons');
    await page.waitForSelector('#lessons[open]');
    const lessonTexts = await allText(page);
    assert.deepEqual(rawKeys(lessonTexts), [], 'message keys shown in the lessons');
    assert.ok(lessonTexts.some((t) => t.includes(m['lessons.title'])), 'the lessons title is translated');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('switching the language in the page keeps it across visits', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await page.selectOption('#lang', 'hu');
  await waitText(page, '#new-game', new RegExp(escapeRe(TABLES.hu.messages['form.start'])));
  await page.goto(env.url);
  await waitReady(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'hu');
  await page.selectOption('#lang', 'ru');
  await waitText(page, '#undo', new RegExp(escapeRe(TABLES.ru.messages['controls.undo'])));
  assert.deepEqual(problems, []);
  await page.close();
});

/** How many wasm modules the page has fetched. */
const wasmFetched = (page) => page.evaluate(() => new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((f) => f.endsWith('.wasm'))).size);

test('the rules core’s errors are said in the reader’s language: a link’s position, variant and record, and a record pasted in', async () => {
  /** The page's notice: in Russian or Hungarian words, with none of the rules core's English. */
  const said = async (page, letters) => {
    const text = await waitText(page, '#notice', /\S/).then(() => page.textContent('#notice'));
    assert.match(text ?? '', letters, text ?? '');
    assert.doesNotMatch(text ?? '', /bad |position code|game record|illegal|unknown|expected|move \d/i, text ?? '');
    return text ?? '';
  };
  const CYRILLIC = /[а-яё]{4}/i;
  for (const [query, key, params] of [
    ['?lang=ru&position=garbage', 'core.position.fieldCount', { found: 1 }],
    ['?lang=ru&variant=chess', 'core.variant.unknownName', { name: 'chess' }],
  ]) {
    const { page, problems } = await openPage(env, query);
    // The play module's errors say every detail (their `i18n`): no other module is asked. Each is
    // a sentence of its own (its first letter a capital); the list of names is the rules core's.
    const words = translate('ru', key, params).split('{names}')[0].toLowerCase();
    assert.ok((await said(page, CYRILLIC)).toLowerCase().includes(words), query);
    assert.equal(await wasmFetched(page), 1, query);
    assert.deepEqual(problems, []);
    await page.close();
  }
  // A record is read by the same module, whose errors say every detail.
  const { page, problems } = await openPage(env, '?lang=ru&record=' + encodeURIComponent('1. e2-e4 *'));
  const text = await said(page, CYRILLIC);
  assert.ok(text.includes(translate('ru', 'core.illegal', { move: 'e2-e4' })), text);
  assert.equal(await wasmFetched(page), 1);
  // Hungarian, through the page's box for a position code or a record.
  await page.selectOption('#lang', 'hu');
  await waitText(page, '#new-game', new RegExp(escapeRe(TABLES.hu.messages['form.start'])));
  await page.click('details.io summary');
  await page.fill('#io-text', '[Variant "sackson"]\n1. e2-e3 {never closed *');
  await page.click('#import');
  await waitText(page, '#notice', new RegExp(escapeRe(translate('hu', 'core.badRecord', { error: '' }))));
  const hu = await said(page, /[áéíóöőúüű]/);
  assert.ok(hu.includes(translate('hu', 'core.record.unclosedComment', { line: 2, column: 10 })), hu);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the board description follows the game, the computer’s move included', async () => {
  const { page, problems } = await openPage(env, '?mode=ai&side=blue&level=1&lang=en');
  await page.focus('#game canvas');
  // The cursor starts on e5; down twice is e3, empty at the start.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await waitText(page, '#game >>> .desc', /e3: empty/);
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  await page.waitForFunction(() => !window.bluegray.thinking);
  const s = await state(page);
  // The computer's move is announced, and the cursor's point is described as it now stands.
  await waitText(page, '#game >>> .desc', new RegExp(`The computer \\(Gray\\) played ${escapeRe(s.history[1])}`));
  // The last press left the cursor on e2, now empty; one step up is the guard that moved.
  await waitText(page, '#game >>> .desc', /e2: empty/);
  await page.keyboard.press('ArrowUp');
  await waitText(page, '#game >>> .desc', /e3: Blue sergeant/);
  assert.doesNotMatch(await deepText(page, '#game >>> .desc'), /e3: empty/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('no serious accessibility violations in any language', async () => {
  for (const lang of Object.keys(TABLES)) {
    const { page, problems } = await openPage(env, `?lang=${lang}&mode=ai`);
    assert.deepEqual(problems, []);
    assert.deepEqual((await seriousA11y(page)).map((fault) => `${lang} ${fault}`), []);
    await page.close();
  }
});

for (const lang of Object.keys(TABLES)) {
  test(`the side menu says who moves first under the chosen rules (${lang})`, async () => {
    const t = (key, params) => translate(lang, key, params);
    const { page, problems } = await openPage(env, `?lang=${lang}&mode=ai&variant=classic,first=gray`);
    const sides = () => page.$$eval('#side option', (list) => Object.fromEntries(list.map((o) => [o.value, o.textContent])));
    assert.deepEqual(await sides(), { blue: t('side.blue'), gray: t('form.side.first', { side: 'gray' }) });
    // A named variant: Blue moves first again.
    await page.selectOption('#variant', 'classic');
    assert.deepEqual(await sides(), { blue: t('form.side.first', { side: 'blue' }), gray: t('side.gray') });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`rules that are no named variant have a readable name and say what they change (${lang})`, async () => {
    const t = (key, params) => translate(lang, key, params);
    const spec = 'classic-turbo,lead=2';
    const { page, problems } = await openPage(env, `?lang=${lang}&mode=two&variant=${encodeURIComponent(spec)}`);
    assert.equal(await page.inputValue('#variant'), spec);
    const name = await page.$eval('#variant', (s) => s.selectedOptions[0].textContent);
    assert.notEqual(name, spec);
    assert.ok(name.includes(t('variantName.classic-turbo')), `“${name}” names the variant it changes`);
    const about = await page.textContent('#variant-desc');
    assert.ok(!about.includes(spec), `the description is no code: “${about}”`);
    assert.ok(about.includes(t('variantName.classic-turbo')), `the description names the variant: “${about}”`);
    assert.ok(about.includes(`${t('option.lead')}: 2`), `the description names the change: “${about}”`);
    assert.ok(about.includes(t('option.off')), `and what the variant has instead: “${about}”`);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test(`How to play names the piece in the turbo captain's way, and says the impasse limit as the picker does (${lang})`, async () => {
    // The diagram's position, as How to play draws it, and the first piece on the captain's path.
    const fig = SECTIONS.flatMap((s) => [...(s.figs || []), ...(s.figs2 || [])]).find((f) => f.caption === 'howto.turbo.fig');
    const game = core.Game.fromCode(fig.variant, fig.code);
    const gs = game.state();
    game.free();
    const from = fig.select[0];
    const walk = gs.paths[gs.board.find((p) => p.point === from).color];
    const occupied = new Set(gs.board.map((p) => p.point));
    const blocker = walk.slice(walk.indexOf(from) + 1).find((p) => occupied.has(p));
    assert.ok(blocker, `a piece stands on the turbo captain's path in ${fig.code}`);

    const { page, problems } = await openPage(env, `?lang=${lang}&mode=two`);
    await page.click('#open-howto');
    await page.waitForSelector('#howto[open] figcaption[data-i18n="howto.turbo.fig"]');
    const caption = await page.textContent('#howto figcaption[data-i18n="howto.turbo.fig"]');
    assert.deepEqual(caption.match(/\b[a-i][1-9]\b/g), [blocker], `the caption names ${blocker}: “${caption}”`);
    // The impasse limit: one number in How to play, the one the picker shows for the default rules.
    const impasse = await page.textContent('#howto [data-i18n="howto.win.impasse"]');
    await page.keyboard.press('Escape');
    await page.click('#ingredients-box summary');
    await page.click('#ingredients-box .advanced summary');
    const shown = await page.$eval('#option-impasse_plies', (s) => s.selectedOptions[0].textContent);
    assert.deepEqual(impasse.match(/\d+/g), [shown], `How to play says “${impasse}”, the picker ${shown}`);
    assert.deepEqual(problems, []);
    await page.close();
  });
}
