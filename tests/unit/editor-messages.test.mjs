// The editor says every reason the rules core can give, in every language: each code of
// crates/bluegray-core/src/validity.rs's Problem::code has its message, and docs/WASM-API.md lists it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAllTables } from '../../www/lib/languages.js';
import { translate, loadMessages } from '../../www/lib/i18n.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const rust = fs.readFileSync(path.join(ROOT, 'crates/bluegray-core/src/validity.rs'), 'utf8');
const body = rust.slice(rust.indexOf('pub fn code(&self)'), rust.indexOf('pub fn color(&self)'));
const CODES = [...body.matchAll(/=> "([a-z-]+)"/g)].map((m) => m[1]);

test('every problem code of the rules core has its message in every language, and is documented', async () => {
  assert.equal(CODES.length, 10, `found ${CODES.join(', ')}`);
  const tables = await loadAllTables();
  for (const [lang, table] of Object.entries(tables)) {
    for (const c of CODES) assert.equal(typeof table.messages[`edit.problem.${c}`], 'string', `${lang}: edit.problem.${c}`);
  }
  const doc = fs.readFileSync(path.join(ROOT, 'docs/WASM-API.md'), 'utf8');
  for (const c of CODES) assert.match(doc, new RegExp(`^\\| \`${c}\` \\|`, 'm'), `docs/WASM-API.md lists ${c}`);
});

test('a problem is said with its parameters in each language', async () => {
  for (const lang of ['en', 'ru', 'hu']) await loadMessages('editor', lang);
  assert.equal(translate('en', 'edit.problem.extra-captains', { color: 'blue', count: 2 }), 'There are 2 Blue captains: each side has exactly one.');
  assert.equal(translate('en', 'edit.problem.captain-home', { color: 'gray' }), 'The Gray captain is already home on the red dot: the game is over.');
  assert.match(translate('ru', 'edit.problem.no-captain', { color: 'gray' }), /^Серые: /);
  assert.match(translate('hu', 'edit.problem.lead-reached', { color: 'blue', ahead: 4, behind: 0, limit: 3 }), /^Kék: .*4–0.* 3 /);
  for (const lang of ['en', 'ru', 'hu']) {
    for (const c of CODES) assert.doesNotMatch(translate(lang, `edit.problem.${c}`, { color: 'blue', point: 'a1', count: 2, ahead: 4, behind: 0, limit: 3, plies: 60 }), /\{/, `${lang} ${c}`);
  }
});
