// Unit tests of the rules core's errors said in the reader's language: the binding's `i18n` on an
// error (crates/bluegray-wasm/src/said.rs), the `core` part of the message tables that says each
// key, and lib/errors.js errorText, which prefers them to the English message in other languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCore } from './core.mjs';
import { loadLanguage, loadMessages, translate } from '../../www/lib/i18n.js';
import { errorText } from '../../www/lib/errors.js';
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

for (const [what, make] of Object.entries(BAD)) {
  test(`${what}: the error carries its words, said in every language without a place left`, () => {
    const e = thrown(make);
    assert.equal(typeof e.message, 'string');
    assert.ok(e.i18n && typeof e.i18n.key === 'string', `${what}: no i18n on ${e.message}`);
    // (English is the rules core's own message, below: the page loads no English core part.)
    for (const lang of ['ru', 'hu']) {
      const text = translate(lang, e.i18n.key, e.i18n.params);
      assert.doesNotMatch(text, /\{\w+(:\w+)?\}|core\./, `${lang}: ${text}`);
    }
    // A Russian reader gets Russian, an English one the rules core's own message.
    const ru = errorText(e, (k, p) => translate('ru', k, p));
    assert.notEqual(ru, e.message);
    assert.match(ru, /[а-яё]/i);
    assert.equal(errorText(e, (k, p) => translate('en', k, p)), e.message);
  });
}

test('a nested error says each level: the record, the move and its side, what is wrong with it', () => {
  const e = thrown(BAD['a record with a bad move']);
  assert.equal(translate('ru', e.i18n.key, e.i18n.params), 'Неверная запись партии: ход 2. (Синие): неверный ход «zz»: «zz» — не пункт доски');
});

test('an error without words is said by its message, whatever its code', () => {
  // Every rules core's error a player meets has its words (above); one without them, such as a
  // `busy`, is said as it is, in every language.
  for (const code of ['busy', 'bad-position']) {
    const e = Object.assign(new Error(`${code}: the message`), { code });
    for (const lang of ['en', 'ru', 'hu']) assert.equal(errorText(e, (k, p) => translate(lang, k, p)), e.message);
  }
});
