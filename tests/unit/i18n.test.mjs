// Unit tests of www/lib/i18n.js and the message tables: templates, fallbacks, and that every key the
// sources use exists (a missing key would show the key itself to the player).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, pickLanguage, template, translate, say, groupDigits, loadLanguage, loadMessages, languageName } from '../../www/lib/i18n.js';
import { FALLBACK, FALLBACK_TABLE, LANGUAGES as KNOWN, PARTS, loadAllTables } from '../../www/lib/languages.js';
import en from '../../www/element/i18n/en.js';
import playEn from '../../www/play/i18n/en.js';
import reviewEn from '../../www/review/i18n/en.js';
import liveEn from '../../www/live/i18n/en.js';
import learnEn from '../../www/learn/i18n/en.js';
import howtoEn from '../../www/learn/i18n/howto-en.js';
import editorEn from '../../www/editor/i18n/en.js';
import friendsEn from '../../www/friends/i18n/en.js';
import { frontEndModules } from '../lib/modules.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WWW = path.join(ROOT, 'www');
/** English, every package's table but the rules core's errors (loaded with other languages only). */
const EN = { ...en.messages, ...playEn.messages, ...reviewEn.messages, ...liveEn.messages, ...learnEn.messages, ...howtoEn.messages, ...editorEn.messages, ...friendsEn.messages };
const TABLES = await loadAllTables();
// The page's messages and the review's, as the page has them once it has shown a review (the
// board's are there from the start).
await loadMessages('play', FALLBACK);
await loadMessages('review', FALLBACK);

/** Every .js source of the page and the element (not the message tables, not generated code). */
function sources() {
  return frontEndModules().map((f) => ({ file: `www/${f}`, text: fs.readFileSync(path.join(WWW, f), 'utf8') }));
}

/**
 * The places of a template, sorted and each once: `{name}` and `{name:ns}`, and `{name}` for a
 * plural block `{name, plural, …}` (whose forms differ between languages by design).
 */
function places(t) {
  const simple = [...t.matchAll(/\{(\w+)(?::(\w+))?\}/g)].map((m) => m[0]);
  const plural = [...t.matchAll(/\{(\w+),\s*plural,/g)].map((m) => `{${m[1]}}`);
  return [...new Set([...simple, ...plural])].sort();
}

test('the fallback is English and every language listed has a table', () => {
  assert.equal(FALLBACK, 'en');
  assert.ok(LANGUAGES.includes('en'));
  assert.deepEqual([...LANGUAGES], Object.keys(TABLES));
  assert.ok(Object.isFrozen(LANGUAGES));
  for (const code of LANGUAGES) {
    assert.match(code, /^[a-z]{2,3}$/, code);
    assert.ok(languageName(code).length > 0 && languageName(code) !== code, `${code} has a name in its own language`);
  }
  assert.deepEqual(TABLES.en.messages, EN);
  assert.equal(FALLBACK_TABLE, en);
});

test('each language’s tables hold the same keys as English’s, each package’s words in its own', async () => {
  const english = { main: en, play: playEn, review: reviewEn, live: liveEn, learn: learnEn, howto: howtoEn, editor: editorEn, friends: friendsEn };
  const keysOf = (/** @type {{messages: object}} */ t) => Object.keys(t.messages).sort();
  const all = Object.values(english).flatMap(keysOf);
  assert.equal(new Set(all).size, all.length, 'no key in two tables');
  for (const l of KNOWN) {
    assert.deepEqual(keysOf(await l.load()), keysOf(en), `element/i18n/${l.code}.js`);
    for (const p of PARTS) assert.deepEqual(keysOf(await l.parts[p]()), keysOf(english[p]), `${p} ${l.code}`);
  }
  // Each table fetched later holds only what its package says once fetched: the buttons that
  // open it, and what the first visit shows, are the page's.
  for (const k of keysOf(learnEn)) assert.match(k, /^(lesson|lessons|puzzles)\./, k);
  for (const k of keysOf(howtoEn)) assert.match(k, /^howto\./, k);
  for (const k of keysOf(reviewEn)) assert.match(k, /^(review|learn|mark|explorer)\./, k);
  for (const k of keysOf(liveEn)) assert.match(k, /^live\./, k);
  for (const k of keysOf(editorEn)) assert.match(k, /^edit\./, k);
  for (const k of keysOf(friendsEn)) assert.match(k, /^(friend|live|handOver|ending|lobby)\./, k);
});

/**
 * The modules a page with only the element runs: blue-gray-game.js and what it imports, static
 * or dynamic, but the message tables (paths relative to www/).
 */
function elementModules() {
  const seen = new Set();
  const walk = (/** @type {string} */ m) => {
    if (seen.has(m) || m.includes('/i18n/') || m.startsWith('pkg/') || m.startsWith('vendor/')) return;
    // A type's `import('…')` in the JSDoc reads as an import here: the rules core's shapes are
    // declarations only (core/core-types.d.ts), which say nothing.
    if (m === 'core/core-types.js') return;
    seen.add(m);
    const text = fs.readFileSync(path.join(WWW, m), 'utf8');
    const specs = [...text.matchAll(/^\s*import\s[^'"]*?['"](\.[^'"]+\.js)['"]/gm), ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+\.js)['"]\s*\)/g)];
    for (const x of specs) walk(path.posix.normalize(path.posix.join(path.posix.dirname(m), x[1])));
  };
  walk('blue-gray-game.js');
  return [...seen];
}

test('the board’s part has every message the element says: a page with only the element needs no other', () => {
  const modules = elementModules();
  for (const m of ['element/controller.js', 'element/telling.js', 'lib/settings.js', 'lib/result.js', 'live/live.js']) assert.ok(modules.includes(m), `the walk misses ${m}`);
  const namespaces = new Set(Object.keys(EN).map((k) => k.split('.')[0]));
  const missing = [];
  for (const m of modules) {
    const text = fs.readFileSync(path.join(WWW, m), 'utf8');
    for (const x of text.matchAll(/'([a-z][A-Za-z]*(?:\.[A-Za-z0-9-]+)+)'/g)) {
      // The element's puzzle mode speaks learn/'s words, which a page with puzzles has loaded,
      // a live session live/'s, which the board loads with the session's code, and the edit mode
      // the editor's, which it loads with the editor.
      const loaded = [en, learnEn, liveEn, editorEn].some((part) => Object.hasOwn(part.messages, x[1]));
      if (namespaces.has(x[1].split('.')[0]) && !loaded) missing.push(`${x[1]} (${m})`);
    }
  }
  assert.deepEqual(missing, []);
  // Keys made at run time: a result, a move the rules core refuses, and the namespaces a board message names.
  for (const k of ['result.breakthrough', 'result.draw', 'side.blue', 'piece.captain', 'number.groupSeparator']) assert.ok(Object.hasOwn(en.messages, k), k);
  assert.ok(Object.keys(en.messages).some((k) => k.startsWith('why.')), 'the rules core’s reasons');
  for (const [k, t] of Object.entries(en.messages)) {
    for (const x of t.matchAll(/\{\w+:(\w+)\}/g)) assert.ok(Object.keys(en.messages).some((key) => key.startsWith(`${x[1]}.`)), `${k} names ${x[1]}, which the board's part lacks`);
  }
});

test('the teaching messages join a table when asked for, in the fallback language too', async () => {
  const key = Object.keys(learnEn.messages)[0];
  const other = LANGUAGES.find((c) => c !== FALLBACK);
  assert.equal(await loadMessages('learn', other), true);
  assert.equal(translate(other, key), TABLES[other].messages[key]);
  assert.equal(translate(FALLBACK, key), learnEn.messages[key]);
});

test('a language is said in the fallback until its table is loaded, then in itself', async () => {
  const other = LANGUAGES.find((c) => c !== FALLBACK);
  assert.equal(await loadLanguage('xx'), false);
  assert.equal(await loadLanguage(other), true);
  assert.equal(translate(other, 'controls.undo'), TABLES[other].messages['controls.undo']);
});

test('every table has exactly the keys of en, each a non-empty string with the same places', () => {
  const enKeys = Object.keys(EN).sort();
  const faults = [];
  for (const [code, table] of Object.entries(TABLES)) {
    const keys = Object.keys(table.messages).sort();
    const missing = enKeys.filter((k) => !Object.hasOwn(table.messages, k));
    const extra = keys.filter((k) => !Object.hasOwn(EN, k));
    if (missing.length) faults.push(`${code} lacks ${missing.length} keys: ${missing.join(', ')}`);
    if (extra.length) faults.push(`${code} has ${extra.length} keys en does not: ${extra.join(', ')}`);
    for (const k of keys) {
      const t = table.messages[k];
      if (typeof t !== 'string') faults.push(`${code} ${k} is not a string`);
      else if (k !== 'number.groupSeparator' && !t.trim()) faults.push(`${code} ${k} is empty`);
      else if (Object.hasOwn(EN, k) && places(t).join() !== places(EN[k]).join()) {
        faults.push(`${code} ${k}: places ${places(t).join(' ')} differ from en's ${places(EN[k]).join(' ')}`);
      }
    }
  }
  assert.deepEqual(faults, []);
});

test('each language addresses the player one way in all its tables: Hungarian informally, Russian formally', () => {
  // The words of the other way of address, which a table of that language must not hold.
  const other = {
    hu: /(?<![\p{L}])(?:Ön|Önnek|Önt|Önök|Tegyen|Kattintson|Válasszon|Próbálja|Nyissa|Küldje|Várjon|Adja meg)(?![\p{L}])/u,
    ru: /(?<![\p{L}])(?:ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей|твоих|твою|твоим)(?![\p{L}])/iu,
  };
  const faults = [];
  for (const [code, re] of Object.entries(other)) {
    for (const [k, t] of Object.entries(TABLES[code].messages)) if (re.test(t)) faults.push(`${code} ${k}: ${t.match(re)?.[0]}`);
  }
  assert.deepEqual(faults, []);
});

test('every {name:ns} place names a namespace whose messages exist', () => {
  const values = { side: ['blue', 'gray'], piece: ['captain', 'sergeant', 'private'] };
  for (const [k, t] of Object.entries(EN)) {
    for (const m of t.matchAll(/\{(\w+):(\w+)\}/g)) {
      const ns = m[2];
      // A namespace has messages; the two every page uses have one for each of their values.
      assert.ok(Object.keys(EN).some((key) => key.startsWith(`${ns}.`)), `${k} uses the namespace ${ns}, which has no message`);
      for (const v of values[ns] || []) assert.equal(typeof EN[`${ns}.${v}`], 'string', `${ns}.${v} (used by ${k})`);
    }
  }
});

test('every message key used in the front end\'s modules and index.html exists in en', () => {
  const namespaces = new Set(Object.keys(EN).map((k) => k.split('.')[0]));
  const used = new Map(); // key -> where
  const add = (key, where) => {
    if (!used.has(key)) used.set(key, where);
  };
  let explicit = 0;
  for (const { file, text } of sources()) {
    // Keys in the calls that take one: t('…'), this._t('…'), translate(lang, '…'), and the
    // message objects {key: '…'} and the validator's expected: '…'.
    const patterns = [
      /(?:^|[^\w.])(?:this\._)?t\(\s*'([^']+)'/g,
      /\btranslate\(\s*[\w.]+\s*,\s*'([^']+)'/g,
      /\bkey:\s*'([^']+)'/g,
      /\bexpected:\s*'([^']+)'/g,
    ];
    for (const re of patterns) {
      for (const m of text.matchAll(re)) {
        explicit++;
        add(m[1], `${file}: ${m[0].trim()}`);
      }
    }
    // Any other quoted key of a known namespace (the branches of `t(cond ? 'a.b' : 'c.d')`); a
    // file's name ('puzzles.txt') is none.
    for (const m of text.matchAll(/'([a-z][A-Za-z]*(?:\.[A-Za-z0-9-]+)+)'/g)) {
      if (/\.(?:txt|js|css|json|wasm)$/.test(m[1])) continue;
      if (namespaces.has(m[1].split('.')[0])) add(m[1], `${file}: '${m[1]}'`);
    }
  }
  const html = fs.readFileSync(path.join(ROOT, 'index.html'), 'utf8');
  for (const m of html.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)) add(m[1], `index.html: ${m[0]}`);
  assert.ok(explicit >= 40, `found only ${explicit} keys in calls: has the code's style changed?`);
  assert.ok(used.size >= 60, `found only ${used.size} keys`);
  for (const k of ['board.label', 'refuse.captureCompulsory', 'settings.expected.level', 'desc.redDot', 'controls.resume', 'page.title']) {
    assert.ok(used.has(k), `the scan misses ${k}`);
  }
  const missing = [...used].filter(([k]) => EN[k] === undefined).map(([k, where]) => `${k} (${where})`);
  assert.deepEqual(missing, []);
});

test('keys made at run time exist: levels, variants, results', () => {
  for (let n = 1; n <= 8; n++) assert.equal(typeof EN[`level.${n}`], 'string', `level.${n}`);
  const variants = ['sackson'];
  for (const base of ['classic', 'super'])
    for (const turbo of ['', '-turbo'])
      for (const light of ['', '-light'])
        for (const pow of ['', '-pow']) variants.push(base + turbo + light + pow);
  assert.equal(variants.length, 17);
  for (const v of variants) {
    assert.equal(typeof EN[`variant.${v}`], 'string', `variant.${v}`);
    assert.equal(typeof EN[`variantName.${v}`], 'string', `variantName.${v}`);
  }
  for (const k of ['result.breakthrough', 'result.lead', 'result.draw']) assert.equal(typeof EN[k], 'string', k);
  // The players' endings (lib/result.js, play/recent.js).
  for (const how of ['resignation', 'agreement', 'aborted']) {
    assert.equal(typeof EN[`result.${how}`], 'string', `result.${how}`);
    assert.equal(typeof EN[`recent.ended.${how}`], 'string', `recent.ended.${how}`);
  }
  for (const cause of ['no-moves', 'repetition', 'no-progress']) {
    assert.equal(typeof EN[`result.impasse.${cause}`], 'string', `result.impasse.${cause}`);
    assert.equal(typeof EN[`result.draw.${cause}`], 'string', `result.draw.${cause}`);
  }
  // The form's think-time choices in index.html.
  for (const ms of ['level', '500', '1000', '3000', '10000']) assert.equal(typeof EN[`form.movetime.${ms}`], 'string');
});

test('translate puts parameters in, and says sides and pieces by their own messages', () => {
  assert.equal(translate('en', 'status.toMove', { side: 'blue' }), 'Blue to move.');
  assert.equal(translate('en', 'status.toMove', { side: 'gray' }), 'Gray to move.');
  assert.equal(translate('en', 'desc.piece', { point: 'e1', color: 'gray', kind: 'captain' }), 'e1: Gray captain');
  assert.equal(
    translate('en', 'settings.bad', { name: 'level', value: '99', expected: 'x' }),
    'level “99”: expected x.',
  );
  assert.equal(translate('en', 'settings.expected.level', { min: 1, max: 8 }), 'a whole number from 1 to 8');
  // Numbers and zero are put in as they are.
  assert.equal(translate('en', 'progress.label', { side: 'blue', n: 0, of: 17 }), 'Blue captain 0/17');
  // A missing parameter leaves its place visible rather than printing "undefined".
  assert.equal(translate('en', 'status.toMove', {}), '{side:side} to move.');
  assert.equal(translate('en', 'progress.label', { side: 'blue', n: null, of: 17 }), 'Blue captain {n}/17');
  assert.equal(translate('en', 'status.toMove'), '{side:side} to move.');
  // A parameter is not itself read as a template.
  assert.equal(translate('en', 'refuse.gameOver', { result: '{side:side}' }), 'The game is over: {side:side}');
  // An unknown value in a namespace shows its key.
  assert.equal(translate('en', 'status.toMove', { side: 'red' }), 'side.red to move.');
});

test('unknown keys show as themselves; unknown languages fall back to English', () => {
  assert.equal(translate('en', 'no.such.key'), 'no.such.key');
  assert.equal(translate('xx', 'no.such.key'), 'no.such.key');
  assert.equal(translate('xx', 'controls.undo'), 'Undo');
  assert.equal(translate(undefined, 'controls.undo'), 'Undo');
  assert.equal(template('en', 'controls.undo'), 'Undo');
  assert.equal(template('xx', 'controls.redo'), 'Redo');
  assert.equal(template('en', 'nope'), undefined);
});

test('pickLanguage: the first preference that has a table, by its primary subtag', () => {
  assert.equal(pickLanguage(['en-US']), 'en');
  assert.equal(pickLanguage(['EN-gb', 'fr']), 'en');
  assert.equal(pickLanguage(['xx', 'yy-ZZ']), FALLBACK);
  assert.equal(pickLanguage([]), FALLBACK);
  assert.equal(pickLanguage(undefined), FALLBACK);
  assert.equal(pickLanguage(null), FALLBACK);
  assert.equal(pickLanguage([undefined, 'en']), 'en');
  for (const code of LANGUAGES) {
    assert.equal(pickLanguage(['xx', `${code}-XX`, 'en']), code);
  }
});

test('say: a {key, params} message, a {text} message, or nothing', () => {
  assert.equal(say('en', { key: 'status.toMove', params: { side: 'gray' } }), 'Gray to move.');
  assert.equal(say('en', { key: 'controls.undo' }), 'Undo');
  assert.equal(say('en', { text: 'from the rules core' }), 'from the rules core');
  assert.equal(say('en', { text: 0 }), '0');
  assert.equal(say('en', {}), '');
  assert.equal(say('en', null), '');
  assert.equal(say('en', undefined), '');
});

test('groupDigits groups by thousands with the table separator', () => {
  const sep = EN['number.groupSeparator'];
  assert.equal(groupDigits('en', 0), '0');
  assert.equal(groupDigits('en', 999), '999');
  assert.equal(groupDigits('en', 1000), `1${sep}000`);
  assert.equal(groupDigits('en', 1500000), `1${sep}500${sep}000`);
  assert.equal(groupDigits('en', '123456'), `123${sep}456`);
  assert.equal(groupDigits('en', 1234.6), `1${sep}235`);
  assert.equal(groupDigits('en', 'junk'), '0');
  assert.equal(groupDigits('xx', 10000), `10${sep}000`);
});

test('a plural block takes the language’s own form of the count, with places inside', async () => {
  await loadLanguage('ru');
  const unchanged = { ...EN };
  const t = (lang, n) => translate(lang, 'eval.wins', { side: 'blue', n });
  assert.equal(t('en', 1), 'Blue wins in 1 move.');
  assert.equal(t('en', 2), 'Blue wins in 2 moves.');
  // Russian has three forms: 1, 21 (one); 2-4, 22 (few); 5-20, 25 (many).
  const ru = [1, 2, 5, 21, 22, 25].map((n) => t('ru', n));
  assert.equal(new Set(ru.map((s) => s.replace(/\d+/g, '#'))).size, 3, ru.join(' | '));
  assert.equal(ru[0].replace(/\d+/g, '#'), ru[3].replace(/\d+/g, '#'));
  assert.equal(ru[1].replace(/\d+/g, '#'), ru[4].replace(/\d+/g, '#'));
  assert.equal(ru[2].replace(/\d+/g, '#'), ru[5].replace(/\d+/g, '#'));
  // A block without its count is left as it is rather than guessed.
  assert.match(translate('en', 'eval.wins', {}), /\{n, plural/);
  assert.deepEqual(EN, unchanged, 'translating changes no table');
});

test('counts agree with their number: no “(s)”, and the review and the game over in each language’s forms', async () => {
  await loadLanguage('ru');
  await loadLanguage('hu');
  for (const [code, table] of Object.entries(TABLES)) {
    const lazy = Object.entries(table.messages).filter(([k, t]) => !/^lessons?\./.test(k) && /\(s\)/.test(t));
    assert.deepEqual(lazy.map(([k]) => `${code} ${k}`), [], 'a count written as “(s)”');
  }
  const side = (s, accuracy, inaccuracies, mistakes, blunders) => ({ key: 'review.side', params: { side: s, accuracy, inaccuracies, mistakes, blunders } });
  const summary = (lang, n) => translate(lang, 'review.summary', { blue: side('blue', 71, n, n, n), gray: side('gray', 98, 0, 0, 1) });
  const over = (lang, n) => translate(lang, 'over.after', { n });
  assert.equal(summary('en', 1), 'Blue: accuracy 71; 1 inaccuracy, 1 mistake, 1 blunder. Gray: accuracy 98; 0 inaccuracies, 0 mistakes, 1 blunder.');
  assert.equal(summary('en', 2), 'Blue: accuracy 71; 2 inaccuracies, 2 mistakes, 2 blunders. Gray: accuracy 98; 0 inaccuracies, 0 mistakes, 1 blunder.');
  assert.equal(over('en', 1), 'After 1 move.');
  assert.equal(over('en', 2), 'After 2 moves.');
  // Russian: 1 and 21 take one form, 2 (to 4) another, 5 (to 20) a third.
  assert.deepEqual(
    [1, 2, 5, 21].map((n) => summary('ru', n)),
    [
      'Синие: точность 71; 1 неточность, 1 ошибка, 1 грубая ошибка. Серые: точность 98; 0 неточностей, 0 ошибок, 1 грубая ошибка.',
      'Синие: точность 71; 2 неточности, 2 ошибки, 2 грубые ошибки. Серые: точность 98; 0 неточностей, 0 ошибок, 1 грубая ошибка.',
      'Синие: точность 71; 5 неточностей, 5 ошибок, 5 грубых ошибок. Серые: точность 98; 0 неточностей, 0 ошибок, 1 грубая ошибка.',
      'Синие: точность 71; 21 неточность, 21 ошибка, 21 грубая ошибка. Серые: точность 98; 0 неточностей, 0 ошибок, 1 грубая ошибка.',
    ],
  );
  assert.deepEqual(
    [1, 2, 5, 21].map((n) => over('ru', n)),
    ['После 1 хода.', 'После 2 ходов.', 'После 5 ходов.', 'После 21 хода.'],
  );
  // The verb agrees with the count as well: "остался 1 шаг", "осталось 2 шага".
  const race = (theirs) => translate('ru', 'lessons.why.raceLost', { point: 'e6', theirs, ours: 3 });
  assert.match(race(1), /ему остался 1 шаг, а вашему — 3 шага/);
  assert.match(race(2), /ему осталось 2 шага,/);
  assert.match(race(5), /ему осталось 5 шагов,/);
  // Hungarian: a noun after a number stays singular.
  assert.equal(summary('hu', 2), 'Kék: pontosság 71; 2 pontatlanság, 2 hiba, 2 durva hiba. Szürke: pontosság 98; 0 pontatlanság, 0 hiba, 1 durva hiba.');
  assert.equal(over('hu', 2), '2 lépés után.');
});
