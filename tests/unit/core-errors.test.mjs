// Unit tests of the rules core's errors said in the reader's language: the binding's `i18n` on an
// error (crates/bluegray-wasm/src/said.rs), the `core` part of the message tables that says each
// key, and lib/errors.js errorText, which prefers them to the rules core's English message, and
// errorMessage, which says one as a sentence of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from './core.mjs';
import { loadLanguage, loadMessages, translate } from '../../www/lib/i18n.js';
import { errorText, errorMessage, asSentence } from '../../www/lib/errors.js';
import coreEn from '../../www/core/i18n/en.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAID = fs.readFileSync(path.join(ROOT, 'crates/bluegray-wasm/src/said.rs'), 'utf8');
const core = await loadCore();
await loadMessages('play', 'en');
for (const lang of ['ru', 'hu']) assert.ok(await loadLanguage(lang), lang);

/** A finished game's position: Blue's captain is home. */
const OVER = 's3c4/9/9/9/4C4/9/9/9/S8 g 0 30';

/** Every error the tests make, with the input that makes it. */
const BAD = {
  'a position code of 2 ranks': () => core.Game.fromCode('sackson', '9/9 b 0 1'),
  'a guard on the red dot': () => core.Game.fromCode('sackson', 'sssscssss/sssssssss/9/9/4s4/9/9/SSSSSSSSS/SSSSCSSSS b 0 1'),
  'an unknown variant': () => new core.Game('chess'),
  'a bad option value': () => new core.Game('sackson,lead=x'),
  'a record with a bad move': () => core.Game.fromRecord('1. e2-e3 e8-e7 2. zz *'),
  'a record with an illegal move': () => core.Game.fromRecord('1. e2-e4 *'),
  'a record with an unclosed comment': () => core.Game.fromRecord('1. e2-e3 {a note *'),
  'a record with a bad Position tag': () => core.Game.fromRecord('[Position "garbage"]\n*'),
  'a bad move played': () => new core.Game('sackson').play('e2-e3-e4'),
  'a reserved tag': () => new core.Game('sackson').setTag('Result', '1-0'),
  'a move asked for in a finished game': () => core.Game.fromCode('sackson', OVER).playIndex(0),
  'a search of a finished game': () => core.think('sackson', OVER, '', 1),
};

/** The error `make` throws. */
function thrown(make) {
  try {
    make();
  } catch (e) {
    return e;
  }
  assert.fail('no error');
}

test('every key the binding can give is said in the core part of the English table', () => {
  const keys = [...new Set([...SAID.matchAll(/"(core\.[\w.]+)"/g)].map((m) => m[1]))];
  assert.ok(keys.length > 30, keys.join(' '));
  for (const k of keys) assert.ok(k in coreEn.messages, `${k} (said.rs) is missing from core/i18n/en.js`);
});

/** The reader's text of `e` in `lang`, as the page says an error shown alone. */
const said = (e, lang) => errorMessage(e, (k, p) => translate(lang, k, p), lang);

for (const [what, make] of Object.entries(BAD)) {
  test(`${what}: the error carries its words, said in every language as a sentence without a place left or a grammar`, () => {
    const e = thrown(make);
    assert.equal(typeof e.message, 'string');
    assert.ok(e.i18n && typeof e.i18n.key === 'string', `${what}: no i18n on ${e.message}`);
    for (const lang of ['en', 'ru', 'hu']) {
      const text = said(e, lang);
      assert.doesNotMatch(text, /\{\w+(:\w+)?\}|core\./, `${lang}: ${text}`);
      // Words, not a grammar of names: no {a|b}, no [-x].
      assert.doesNotMatch(text, /\{[^}]*\|[^}]*\}|\[-\w+\]/, `${lang}: ${text}`);
      assert.match(text, /^\p{Lu}/u, `${lang}: ${text} starts with a capital`);
      assert.match(text, /[.!?]$/, `${lang}: ${text} ends as a sentence`);
    }
    // A Russian reader gets Russian; an English one the tables' English, not the rules core's.
    assert.match(said(e, 'ru'), /[а-яё]/i);
    assert.equal(errorText(e, (k, p) => translate('en', k, p)), translate('en', e.i18n.key, e.i18n.params));
  });
}

test('an unknown variant quotes the name and lists every name in words, in every language', () => {
  const e = thrown(BAD['an unknown variant']);
  const names = core.variants().variants.map((v) => v.name);
  assert.ok(names.length > 10, names.join(' '));
  for (const lang of ['en', 'ru', 'hu']) {
    const text = said(e, lang);
    assert.match(text, /[“«„]chess[”»]/, `${lang}: ${text}`);
    for (const name of names) assert.match(text, new RegExp(`(^|[ ,:])${name}([,.]|$)`), `${lang}: ${text} names ${name}`);
  }
  assert.match(said(e, 'en'), /^There are no rules called “chess”: expected one of sackson, classic, /);
});

test('a bad rules option says its words or that it is a number, and an unknown one every option', () => {
  const choice = thrown(() => new core.Game('sackson,start=x'));
  assert.equal(said(choice, 'en'), 'The rules option start cannot be “x”: expected one of home, pow.');
  assert.match(said(choice, 'ru'), /^Параметр правил start не может быть «x»: .*home, pow\.$/);
  assert.match(said(choice, 'hu'), /^A\(z\) start szabálybeállítás nem lehet „x”: .*home, pow\.$/);
  assert.match(said(thrown(BAD['a bad option value']), 'en'), /^The rules option lead cannot be “x”: expected a whole number/);
  const option = thrown(() => new core.Game('sackson,colour=1'));
  assert.match(said(option, 'en'), /^There is no rules option “colour”: expected one of captain, guards, .*first\.$/);
});

test('asSentence makes a piece a sentence: a capital in the reader’s language, a full stop once', () => {
  assert.equal(asSentence('bad move “zz”'), 'Bad move “zz”.');
  assert.equal(asSentence('already one.'), 'Already one.');
  assert.equal(asSentence('«x» — не ход?'), '«x» — не ход?');
  assert.equal(asSentence('неверный ход', 'ru'), 'Неверный ход.');
  assert.equal(asSentence('ismeretlen: „x”', 'hu'), 'Ismeretlen: „x”.');
  assert.equal(asSentence('  '), '');
});

test('a nested error says each level: the record, the move and its side, what is wrong with it', () => {
  const e = thrown(BAD['a record with a bad move']);
  assert.equal(
    translate('ru', e.i18n.key, e.i18n.params),
    'Неверная запись партии: ход 2. (Синие): неверный ход «zz»: «zz» — не пункт доски: ожидается вертикаль от a до i и горизонталь от 1 до 9, например e5',
  );
});

test('an error without words is said by its message, whatever its code', () => {
  // Every rules core's error a player meets has its words (above); one without them, such as a
  // `busy`, is said as it is, in every language.
  for (const code of ['busy', 'bad-position']) {
    const e = Object.assign(new Error(`${code}: the message`), { code });
    for (const lang of ['en', 'ru', 'hu']) assert.equal(errorText(e, (k, p) => translate(lang, k, p)), e.message);
  }
});
