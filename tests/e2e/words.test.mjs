// Switches that mean what they say, and errors a person reads (issue 47, items 2 and 7): with
// Show evaluation off the page says no evaluation in any words (the computer's moves, a hint, a
// review); with it on, the evaluation is said in steps ("about 4 steps"); the editor's Analyse
// follows the two boxes and offers no Resign, draw or Abort; a bad link, record or position is
// told in sentences of the reader's language that quote the bad value and say what is expected
// in words, never a grammar of names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setUp, openPage, playMove, waitPly, waitText } from './helpers.mjs';
import { translate, loadMessages } from '../../www/lib/i18n.js';
import { loadAllTables } from '../../www/lib/languages.js';

await loadAllTables();
for (const lang of ['en', 'ru', 'hu']) await loadMessages('play', lang);

const env = setUp();

/** Where the page says the engine's judgement, or could: the computer's line, the evaluation, the hint, the review, the notice, the status. */
const JUDGED = ['#ai-info', '#eval-text', '#hint-text', '#review-summary', '#notice', '#status'];

/** The text of each of JUDGED, and the evaluation bar's label. */
async function judgedTexts(page) {
  return page.evaluate((ids) => {
    const out = ids.map((id) => document.querySelector(id)?.textContent ?? '');
    out.push(document.querySelector('#eval-bar')?.getAttribute('aria-label') ?? '');
    return out;
  }, JUDGED);
}

/** Words that judge a position: who is ahead, by how much, a score's figure. */
const JUDGEMENT = /\bahead\b|\babout \d+ steps?\b|\blevel\b|\bwins in\b|[+-]?\d+\.\d\d/;

/** The English sentence of an evaluation: who wins by force, who is ahead by about how many steps, or level. */
const IN_STEPS = /(Blue|Gray) is ahead by about \d+ steps?\.|The game is (about )?level\.|(Blue|Gray) wins in \d+ moves?\./;

/**
 * `text` is sentences a person reads: it starts with a capital and ends with a full stop, no
 * sentence starts in lowercase, and it has no grammar of names ({a|b}, [-x]).
 */
function assertSentences(text, what) {
  assert.match(text, /^\p{Lu}/u, `${what}: ${text}`);
  assert.match(text, /[.!?]$/, `${what}: ${text}`);
  assert.doesNotMatch(text, /[.!?]\s+\p{Ll}/u, `${what}: a sentence starts in lowercase: ${text}`);
  assert.doesNotMatch(text, /\{[^}]*\|[^}]*\}|\[-\w+\]/, `${what}: a grammar: ${text}`);
}

test('with Show evaluation off, no evaluation in any words: the computer’s moves, a hint, a review', async () => {
  const { page, problems } = await openPage(env, '?mode=ai&level=1');
  assert.equal(await page.isChecked('#show-eval'), false);
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  await page.waitForFunction(() => !window.bluegray.thinking);
  await waitText(page, '#ai-info', /^Gray played \S+\.$/);
  await page.click('#hint');
  await waitText(page, '#hint-text', /Hint: /, 30000);
  await page.click('#review');
  await waitText(page, '#review-summary', /Blue: .*Gray: /, 60000);
  for (const text of await judgedTexts(page)) assert.doesNotMatch(text, JUDGEMENT, text);
  assert.equal(await page.isVisible('#eval-bar'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('with Show evaluation on, the evaluation is said in steps, the same in the computer’s line and beside the bar', async () => {
  const { page, problems } = await openPage(env, '?mode=ai&level=1');
  await page.check('#show-eval');
  await playMove(page, 'e2-e3');
  await waitPly(page, 2);
  await page.waitForFunction(() => !window.bluegray.thinking);
  await waitText(page, '#ai-info', new RegExp(`^Gray played \\S+\\. (${IN_STEPS.source})$`));
  await waitText(page, '#eval-text', new RegExp(`^(${IN_STEPS.source})$`), 30000);
  assert.equal(await page.isVisible('#eval-bar'), true);
  assert.match(await page.getAttribute('#eval-bar', 'aria-label'), IN_STEPS);
  for (const text of await judgedTexts(page)) assert.doesNotMatch(text, /\d+\.\d\d/, text);
  // In Russian, the same unit.
  await page.selectOption('#lang', 'ru');
  await waitText(page, '#eval-text', /(впереди примерно на \d+ шаг|Позиция (примерно )?равная|выигрывают за)/, 30000);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the editor’s Analyse follows the two boxes and offers no Resign, draw or Abort', async () => {
  const { page, problems } = await openPage(env, '?mode=two');
  await page.click('#open-editor');
  await page.waitForSelector('#editor .editor-point[data-point="e5"]', { state: 'visible' });
  await page.click('#editor button.editor-analyse');
  await page.waitForFunction(() => !document.querySelector('#editor')?.hasAttribute('open'));
  await page.waitForFunction(() => window.bluegray.state && document.querySelector('#game')?.getAttribute('mode') === 'two');
  for (const id of ['#resign', '#offer-draw', '#abort']) assert.equal(await page.isVisible(id), false, id);
  assert.equal(await page.isVisible('#eval-bar'), false);
  assert.equal(await page.isVisible('#eval-text'), false);
  await page.check('#show-eval');
  await waitText(page, '#eval-text', new RegExp(`^(${IN_STEPS.source})$`), 30000);
  assert.equal(await page.isVisible('#eval-bar'), true);
  assert.doesNotMatch(await page.textContent('#eval-text'), /Best line/);
  // A move on: still analysed, still no ending offered.
  await playMove(page, 'e2-e3');
  await waitPly(page, 1);
  for (const id of ['#resign', '#offer-draw', '#abort']) assert.equal(await page.isVisible(id), false, id);
  assert.deepEqual(problems, []);
  await page.close();
});

/** What each language quotes a value with. */
const QUOTES = { en: ['“', '”'], ru: ['«', '»'], hu: ['„', '”'] };

for (const lang of ['en', 'ru', 'hu']) {
  test(`a bad link in ${lang} is sentences that quote each bad value and say what is expected in words`, async () => {
    const [open, close] = QUOTES[lang];
    const { page } = await openPage(env, `?lang=${lang}&level=99&clock=abc&variant=nonsense`);
    await page.waitForFunction(() => document.querySelector('#notice')?.textContent);
    const text = (await page.textContent('#notice')).trim();
    assertSentences(text, lang);
    assert.ok(text.startsWith(translate(lang, 'notice.badLink', { errors: '' }).trim()), text);
    for (const value of ['99', 'abc', 'nonsense']) assert.ok(text.includes(`${open}${value}${close}`), `${lang}: ${value} quoted in ${text}`);
    // What is expected: the range of levels, and every rules' name in a list.
    assert.match(text, /\b1\b.*\b8\b/);
    for (const name of ['sackson', 'classic', 'super-turbo-light-pow']) assert.match(text, new RegExp(`[ ,:]${name}[,.]`), `${lang}: ${name} in ${text}`);
    await page.close();
  });
}

test('a bad record in a link, a bad record or position pasted, and a bad record file are sentences that say what is expected', async () => {
  const record = '1. e2-e3 e8-e7 2. zz *';
  for (const lang of ['en', 'ru']) {
    const [open, close] = QUOTES[lang];
    const { page } = await openPage(env, `?lang=${lang}#record=${encodeURIComponent(record)}`);
    await page.waitForFunction(() => document.querySelector('#notice')?.textContent);
    const linked = (await page.textContent('#notice')).trim();
    assertSentences(linked, `${lang} link`);
    assert.ok(linked.includes(`${open}zz${close}`), linked);
    assert.match(linked, /e5\.$/, linked);
    await page.click('.io summary');
    await page.fill('#io-text', record);
    await page.click('#import');
    await page.waitForFunction((t) => document.querySelector('#notice')?.textContent !== t, linked);
    const pasted = (await page.textContent('#notice')).trim();
    assertSentences(pasted, `${lang} record`);
    assert.ok(pasted.includes(`${open}zz${close}`), pasted);
    await page.fill('#io-text', 'nonsense');
    await page.click('#import');
    await page.waitForFunction((t) => document.querySelector('#notice')?.textContent !== t, pasted);
    const position = (await page.textContent('#notice')).trim();
    assertSentences(position, `${lang} position`);
    assert.match(position, lang === 'en' ? /^Bad position code: a position code has 4 fields \(board, side to move, no-progress counter, move number\), found 1\.$/ : /^Неверный код позиции: .*найдено 1\.$/);
    // A record file opened: its name, then the record's error, each a sentence.
    await page.setInputFiles('#record-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
    await page.waitForFunction(() => document.querySelector('#notice')?.textContent?.includes('bad.txt'));
    const file = (await page.textContent('#notice')).trim();
    assertSentences(file, `${lang} file`);
    assert.ok(file.includes(`${open}zz${close}`), file);
    await page.close();
  }
});
