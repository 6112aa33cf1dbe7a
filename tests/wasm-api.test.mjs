// The WebAssembly package as any page or script sees it (www/pkg, built by
// `bash scripts/build-web.sh`), loaded in node without a browser. Every exported function and
// method is called with arbitrary JS values: each call either returns or throws a real `Error`
// with a string `code` and a message, never a `WebAssembly.RuntimeError`, and the module keeps
// working afterwards. The codes are documented in crates/bluegray-wasm/src/error.rs.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = path.join(REPO, 'www', 'pkg');
const JS = path.join(PKG, 'bluegray_wasm.js');
const WASM = path.join(PKG, 'bluegray_wasm_bg.wasm');

const CODES = new Set([
  'bad-argument', 'bad-variant', 'bad-position', 'bad-record', 'bad-move-text', 'illegal-move',
  'game-over', 'bad-tag', 'busy', 'internal',
]);

let m = null;
before(async () => {
  if (!fs.existsSync(JS) || !fs.existsSync(WASM)) return;
  m = await import(JS);
  await m.default({ module_or_path: fs.readFileSync(WASM) });
});

/** The loaded module, or a clear failure when the package was not built. */
function pkg() {
  assert.ok(m, `${path.relative(REPO, JS)} and ${path.relative(REPO, WASM)} are missing: build them with 'bash scripts/build-web.sh' (npm run build)`);
  return m;
}

const START = 'sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1';
const JUMP = '1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1';
const RECORD = '[Variant "sackson"]\n[Result "*"]\n\n1. e2-e3 e8-e7 *\n';

// Values of every JS type (no symbols: the glue reads strings with a conversion symbols refuse
// by design), with strings near and far from valid input.
const ANY = [
  undefined, null, true, false, 0, 1, -1, 2.5, 8, 256, -0, NaN, Infinity, -Infinity,
  2 ** 53, 2 ** 64, 10n, {}, [], [1, 2], { toString: () => 'sackson' }, () => 'sackson',
  new Date(0), '', ' ', 'sackson', 'classic-turbo,lead=2', 'chess', 'e2-e3', 'e1-e2', 'zz',
  START, JUMP, RECORD, '[', '\u0000', '\ud800', 'é'.repeat(50), 'x'.repeat(1 << 20),
  `[Blue "${'y'.repeat(1 << 16)}"]\n\n*`,
];

/** Calls `fn`; checks that it returned or threw an Error with a code; returns what happened. */
function attempt(label, fn) {
  try {
    return { value: fn() };
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${label}: RuntimeError ${e && e.message}`);
    assert.ok(e instanceof Error, `${label}: threw a non-Error ${String(e)}`);
    assert.equal(typeof e.code, 'string', `${label}: no code on '${e.message}'`);
    assert.ok(CODES.has(e.code), `${label}: unknown code '${e.code}'`);
    assert.ok(typeof e.message === 'string' && e.message.length > 0, `${label}: no message`);
    assert.ok(e.message.length < 2000, `${label}: a ${e.message.length}-character message`);
    return { error: e };
  }
}

/** The module still answers after whatever came before. */
function stillWorks() {
  const g = new (pkg().Game)('sackson');
  assert.equal(g.code(), START);
  assert.equal(g.state().moves.length, 25);
}

const show = (v) => {
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'function';
  try { return JSON.stringify(v) ?? String(v); } catch { return String(v); }
};

test('the package loads and plays', () => {
  const { Game, variants } = pkg();
  const g = new Game('sackson');
  assert.equal(g.play('E2-E3'), 'e2-e3');
  assert.equal(g.state().side, 'gray');
  assert.equal(variants().variants.length, 17);
});

test('constructors and static functions take any value', () => {
  const { Game } = pkg();
  for (const a of ANY) {
    attempt(`new Game(${show(a)})`, () => new Game(a));
    attempt(`Game.fromRecord(${show(a)})`, () => Game.fromRecord(a));
    for (const b of ANY.slice(0, 30)) attempt(`Game.fromCode(${show(a)}, ${show(b)})`, () => Game.fromCode(a, b));
  }
  attempt('new Game()', () => new Game());
  attempt('Game.fromCode()', () => Game.fromCode());
  stillWorks();
});

test('every method takes any value', () => {
  const { Game } = pkg();
  for (const a of ANY) {
    const g = new Game('classic');
    attempt(`play(${show(a)})`, () => g.play(a));
    attempt(`playIndex(${show(a)})`, () => g.playIndex(a));
    attempt(`setTag(${show(a)}, 'x')`, () => g.setTag(a, 'x'));
    attempt(`setTag('Blue', ${show(a)})`, () => g.setTag('Blue', a));
    attempt(`legalMove(${show(a)})`, () => g.legalMove(a));
    const tag = attempt(`tag(${show(a)})`, () => g.tag(a));
    if (typeof a !== 'string') assert.equal(tag.error && tag.error.code, 'bad-argument', `tag(${show(a)})`);
    for (const name of ['state', 'undo', 'redo', 'record', 'code']) attempt(`${name}(${show(a)})`, () => g[name](a));
    // Whatever was refused, the game is still whole: its record reads back to the same code.
    const back = attempt('fromRecord(record())', () => Game.fromRecord(g.record()));
    assert.ok(back.value, `after ${show(a)}: ${back.error && back.error.message}`);
    assert.equal(back.value.code(), g.code());
  }
  stillWorks();
});

test('think takes any value and searches only with good ones', () => {
  const { think } = pkg();
  const small = [undefined, null, 0, 1, 2, -1, 256, NaN, 2.5, '1', {}, [], 10n, ''];
  for (const level of small) {
    for (const t of [undefined, null, 0, 5, -1, NaN, Infinity, '5', {}]) {
      const r = attempt(`think('', 'sackson', ${show(level)}, ${show(t)})`, () => think('', 'sackson', level, t));
      if (r.value) assert.ok([1, 2].includes(level), `level ${show(level)} searched`);
    }
  }
  for (const a of ANY) {
    attempt(`think(${show(a)}, 'sackson', 1)`, () => think(a, 'sackson', 1));
    attempt(`think('', ${show(a)}, 1)`, () => think('', a, 1));
  }
  stillWorks();
});

test('any other export takes any value', () => {
  const known = new Set(['default', 'initSync', 'Game', 'think', 'variants', 'start']);
  const mod = pkg();
  for (const [name, fn] of Object.entries(mod)) {
    if (known.has(name) || typeof fn !== 'function') continue;
    for (const a of ANY.slice(0, 24)) {
      for (const b of [undefined, [], ['e2-e3'], 'x', 3, {}]) attempt(`${name}(${show(a)}, ${show(b)})`, () => fn(a, b));
    }
  }
  stillWorks();
});

test('wrong types say which argument and what was expected', () => {
  const { Game, think } = pkg();
  const bad = (fn, code, ...words) => {
    const { error } = attempt(String(fn), fn);
    assert.ok(error, `${fn} did not throw`);
    assert.equal(error.code, code, error.message);
    for (const w of words) assert.ok(error.message.includes(w), `'${error.message}' lacks '${w}'`);
  };
  bad(() => new Game(1), 'bad-argument', 'spec', 'a string', 'the number 1');
  bad(() => new Game(), 'bad-argument', 'spec', 'undefined');
  bad(() => Game.fromCode('sackson', {}), 'bad-argument', 'code', 'an object');
  bad(() => Game.fromRecord([]), 'bad-argument', 'text', 'an array');
  bad(() => new Game('sackson').play(12), 'bad-argument', 'text');
  bad(() => new Game('sackson').playIndex('0'), 'bad-argument', 'index', 'a string');
  bad(() => new Game('sackson').playIndex(-1), 'bad-argument', 'index');
  bad(() => new Game('sackson').playIndex(1.5), 'bad-argument', 'index');
  bad(() => new Game('sackson').setTag('Blue', 3), 'bad-argument', 'value');
  for (const level of [256, -1, NaN, 0, 9, 1.5, '3', undefined]) bad(() => think('', 'sackson', level), 'bad-argument', 'level', '1 to 8');
  bad(() => think('', 'sackson', 1, -5), 'bad-argument', 'movetimeMs');
  bad(() => think(5, 'sackson', 1), 'bad-argument', 'recordOrCode');
  const { lessons, lessonJudge, lessonHint } = pkg();
  const lesson = lessons()[0].id;
  for (const moves of [[1], ['e2-e3', {}], [undefined]]) bad(() => lessonJudge(lesson, moves), 'bad-argument', 'moves', 'must be a string');
  bad(() => lessonHint(lesson, 'e2-e3'), 'bad-argument', 'moves', 'an array');
  bad(() => lessonHint(lesson, new Array(5000).fill('e2-e3')), 'bad-argument', 'moves', 'at most 64 moves, not 5000');
});

test('errors carry stable codes, and a refused move its rule and points', () => {
  const { Game, think } = pkg();
  const err = (fn) => attempt(String(fn), fn).error;
  const g = new Game('sackson');
  let e = err(() => g.play('e1-e2'));
  assert.equal(e.code, 'illegal-move');
  assert.equal(e.reason, 'captain-blocked');
  assert.deepEqual(e.points, ['e2']);
  e = err(() => Game.fromCode('sackson', JUMP).play('d5-d6'));
  assert.equal(e.reason, 'capture-compulsory');
  assert.deepEqual(e.points, ['f5']);
  assert.equal(err(() => g.play('zz')).code, 'bad-move-text');
  assert.equal(err(() => new Game('chess')).code, 'bad-variant');
  assert.equal(err(() => Game.fromCode('sackson', 'nope')).code, 'bad-position');
  e = err(() => Game.fromRecord('[Variant "sackson"]\n\n1. e1-e2 *'));
  assert.equal(e.code, 'bad-record');
  assert.equal(e.reason, 'captain-blocked');
  assert.equal(err(() => g.setTag('Result', '1-0')).code, 'bad-tag');
  assert.equal(err(() => g.playIndex(999)).code, 'bad-argument');
  const over = 's3c4/9/9/9/4C4/9/9/9/S8 g 0 30';
  assert.equal(err(() => Game.fromCode('sackson', over).play('a9-a8')).code, 'game-over');
  assert.equal(err(() => think(over, 'sackson', 1)).code, 'game-over');
});

test('tag values with line breaks and control characters survive the record', () => {
  const { Game } = pkg();
  const g = new Game('sackson');
  g.play('e2-e3');
  for (const v of ['a\nb', 'a\r\nb', 'tab\there', '\u0000\u001b\u007f\u0085', 'quote " \\ end\\', '', 'z'.repeat(100000)]) {
    g.setTag('Blue', v);
    assert.equal(g.tag('Blue'), v);
    const back = Game.fromRecord(g.record());
    assert.equal(back.record(), g.record());
    assert.equal(back.tag(' blue '), v, 'a tag reads back by its name, in any case');
    assert.ok(back.record().includes('[Blue "'));
  }
  assert.equal(g.tag('Gray'), undefined);
  assert.equal(g.tag('Variant'), undefined, 'reserved tags are the game itself, not tags of it');
  const commented = Game.fromRecord('[Variant "sackson"]\n\n1. e2-e3 {a quiet start} e8-e7 {and a reply} *');
  assert.match(commented.record(), /\{a quiet start\} 1\.\.\. e8-e7 \{and a reply\}/);
});
