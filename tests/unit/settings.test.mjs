// Unit tests of www/lib/settings.js: the one validator for links, attributes and saved games.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULTS, MODES, MAX_MOVETIME, SIDES, movesFinal, undoBarred, isHuman } from '../../www/lib/settings.js';
import { NO_LIMITS, limitsOf, SETTING_NAMES, parseSetting, readSettings, linkParams } from '../../www/lib/setting-reader.js';

test('the defaults are frozen and valid under their own validator', () => {
  assert.ok(Object.isFrozen(DEFAULTS));
  assert.deepEqual(DEFAULTS, { variant: 'sackson', mode: 'ai', side: 'blue', level: 3, movetime: 0, help: 'on', clock: 'none' });
  for (const [name, value] of Object.entries(DEFAULTS)) {
    assert.deepEqual(parseSetting(name, value), { value }, name);
    assert.deepEqual(parseSetting(name, String(value)), { value }, `${name} as text`);
  }
  assert.deepEqual([...MODES], ['ai', 'two', 'demo', 'view', 'puzzle', 'edit', 'friend', 'live', 'analysis']);
  assert.deepEqual([...SIDES], ['blue', 'gray']);
  for (const n of ['variant', 'mode', 'side', 'level', 'movetime', 'clock', 'position', 'record', 'orientation', 'coordinates', 'lang']) {
    assert.ok(SETTING_NAMES.includes(n), n);
  }
});

test('modes: the four names, any case, and their aliases', () => {
  for (const m of MODES) assert.deepEqual(parseSetting('mode', m), { value: m });
  assert.deepEqual(parseSetting('mode', '  TWO '), { value: 'two' });
  const aliases = { computer: 'ai', human: 'two', humans: 'two', hotseat: 'two', '2p': 'two', auto: 'demo', replay: 'view' };
  for (const [alias, m] of Object.entries(aliases)) assert.deepEqual(parseSetting('mode', alias), { value: m }, alias);
  for (const bad of ['x', '', 'a i', 3, null, undefined, {}]) {
    const r = parseSetting('mode', bad);
    assert.ok(r.error, `mode ${String(bad)} should be refused, got ${JSON.stringify(r)}`);
    assert.equal(r.error.name, 'mode');
    assert.equal(r.error.expected, 'settings.expected.mode');
  }
});

test('the message that says which modes there are names every mode, in every language', async () => {
  // The message is written by hand in each table: this keeps it in step with MODES.
  for (const lang of ['en', 'ru', 'hu']) {
    const { default: table } = await import(`../../www/element/i18n/${lang}.js`);
    const said = table.messages['settings.expected.mode'];
    assert.equal(typeof said, 'string', lang);
    const named = said.split(/[\s,]+/).filter((w) => /^[a-z]+$/.test(w));
    for (const m of MODES) assert.ok(named.includes(m), `${lang}: ${m} missing from "${said}"`);
    // Beside the modes, at most the language's "or" ("or", "vagy"; Russian's is not Latin).
    const others = named.filter((w) => !MODES.includes(w));
    assert.ok(others.length <= 1, `${lang}: ${others.join(', ')} in "${said}" are not modes`);
  }
});

test('names of Object.prototype are not modes, nor settings', () => {
  // `mode=constructor` in a link must be refused like any other unknown word, not taken from
  // the prototype of the alias table.
  for (const bad of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    const r = parseSetting('mode', bad);
    assert.ok(r.error, `mode ${bad} should be refused, got value ${typeof r.value}`);
    assert.equal(r.error.expected, 'settings.expected.mode');
  }
  for (const name of ['constructor', 'toString', '__proto__']) {
    let r;
    assert.doesNotThrow(() => {
      r = parseSetting(name, 'x');
    }, `parseSetting('${name}', …) threw`);
    assert.equal(r?.error?.expected, 'settings.expected.known', name);
  }
});

test('sides and orientations: blue, gray, grey, any case', () => {
  for (const name of ['side', 'orientation']) {
    assert.deepEqual(parseSetting(name, 'blue'), { value: 'blue' });
    assert.deepEqual(parseSetting(name, ' Gray'), { value: 'gray' });
    assert.deepEqual(parseSetting(name, 'GREY'), { value: 'gray' });
    for (const bad of ['red', '', 1, null]) {
      const r = parseSetting(name, bad);
      assert.equal(r.error?.expected, 'settings.expected.side', `${name} ${bad}`);
    }
  }
});

/** A catalogue's levels as the rules core lists them (only their numbers matter here). */
const LIMITS = limitsOf({ minLevel: 1, maxLevel: 8, levels: [] });

test('levels: whole numbers in the rules core’s range, from numbers or text', () => {
  assert.deepEqual(LIMITS, { minLevel: 1, maxLevel: 8 });
  for (let n = LIMITS.minLevel; n <= LIMITS.maxLevel; n++) {
    assert.deepEqual(parseSetting('level', n, LIMITS), { value: n });
    assert.deepEqual(parseSetting('level', ` ${n} `, LIMITS), { value: n });
  }
  for (const bad of [0, 9, 99, '0', '9', '99', '3.5', 3.5, '-1', -1, '', ' ', 'three', '1e0', '0x3', 'Infinity', NaN, null, true]) {
    const r = parseSetting('level', bad, LIMITS);
    assert.ok(r.error, `level ${String(bad)} should be refused, got ${JSON.stringify(r)}`);
    assert.equal(r.error.expected, 'settings.expected.level');
    assert.deepEqual(r.error.limits, LIMITS, 'the error says the range it was checked against');
  }
  assert.equal(parseSetting('level', '99', LIMITS).error.value, '99');
  // Before the catalogue is known, only the form is checked; the board checks again once it is.
  assert.deepEqual(parseSetting('level', '99'), { value: 99 });
  assert.ok(parseSetting('level', '0').error);
  assert.deepEqual(limitsOf(null), NO_LIMITS);
  assert.deepEqual(limitsOf({ levels: [] }), NO_LIMITS);
  assert.deepEqual(limitsOf({ minLevel: 2, maxLevel: 'x' }), NO_LIMITS);
});

test('movetime: milliseconds 0 to MAX_MOVETIME, rounded', () => {
  assert.deepEqual(parseSetting('movetime', '0'), { value: 0 });
  assert.deepEqual(parseSetting('movetime', 1500), { value: 1500 });
  assert.deepEqual(parseSetting('movetime', '250.6'), { value: 251 });
  assert.deepEqual(parseSetting('movetime', MAX_MOVETIME), { value: MAX_MOVETIME });
  assert.deepEqual(parseSetting('movetime', String(MAX_MOVETIME)), { value: MAX_MOVETIME });
  for (const bad of [MAX_MOVETIME + 1, '-5', -5, 'fast', '', Infinity, NaN, '1e3']) {
    const r = parseSetting('movetime', bad);
    assert.equal(r.error?.expected, 'settings.expected.movetime', `movetime ${String(bad)}`);
  }
});

test('coordinates: on/off words and booleans', () => {
  for (const on of ['', 'on', 'true', 'YES', '1', true]) assert.deepEqual(parseSetting('coordinates', on), { value: true }, String(on));
  for (const off of ['off', 'False', 'no', '0', false]) assert.deepEqual(parseSetting('coordinates', off), { value: false }, String(off));
  for (const bad of ['maybe', 2, null]) assert.equal(parseSetting('coordinates', bad).error?.expected, 'settings.expected.onOff');
});

test('variant, position, record and lang: text, trimmed where it matters', () => {
  assert.deepEqual(parseSetting('variant', '  classic-turbo,lead=2 '), { value: 'classic-turbo,lead=2' });
  assert.ok(parseSetting('variant', '   ').error);
  assert.ok(parseSetting('variant', 7).error);
  assert.deepEqual(parseSetting('position', ' 4c4/9/9/9/9/9/9/9/4C4 b 0 1 '), { value: '4c4/9/9/9/9/9/9/9/4C4 b 0 1' });
  // A record keeps its own whitespace (its line breaks matter).
  const record = '[Variant "sackson"]\n\n1. e2-e3 *\n';
  assert.deepEqual(parseSetting('record', record), { value: record });
  assert.ok(parseSetting('record', '\n\n').error);
  assert.deepEqual(parseSetting('lang', 'EN'), { value: 'en' });
  assert.deepEqual(parseSetting('lang', 'pt-BR'), { value: 'pt-br' });
  for (const bad of ['e', 'english', 'en_US', '../x', '', 5]) assert.equal(parseSetting('lang', bad).error?.expected, 'settings.expected.lang', String(bad));
});

test('an unknown setting is refused, and a long bad value is shortened', () => {
  assert.deepEqual(parseSetting('colour', 'red'), { error: { name: 'colour', value: 'red', expected: 'settings.expected.known', limits: NO_LIMITS } });
  const long = 'x'.repeat(500);
  const r = parseSetting('level', long, LIMITS);
  assert.ok(r.error.value.length <= 60, `quoted ${r.error.value.length} characters`);
  assert.ok(r.error.value.endsWith('…'));
  assert.ok(r.error.value.startsWith('xxx'));
});

test('readSettings: from a plain object, only the names asked, absent ones absent', () => {
  const { settings, errors } = readSettings({ variant: 'super', level: '5', mode: 'x', side: null, extra: 'ignored' }, [
    'variant',
    'mode',
    'side',
    'level',
    'movetime',
  ]);
  assert.deepEqual(settings, { variant: 'super', level: 5 });
  assert.deepEqual(errors, [{ name: 'mode', value: 'x', expected: 'settings.expected.mode', limits: NO_LIMITS }]);
  // Only the names asked are read.
  assert.deepEqual(readSettings({ level: '2', mode: 'two' }, ['mode']), { settings: { mode: 'two' }, errors: [] });
  // Every name by default.
  assert.deepEqual(readSettings({ orientation: 'grey', coordinates: 'off' }).settings, { orientation: 'gray', coordinates: false });
  assert.deepEqual(readSettings({}), { settings: {}, errors: [] });
});

test('readSettings: from URLSearchParams (has/get), where an empty value is present', () => {
  const params = new URLSearchParams('variant=classic&level=99&coordinates&movetime=1000');
  const { settings, errors } = readSettings(params, undefined, LIMITS);
  assert.deepEqual(settings, { variant: 'classic', coordinates: true, movetime: 1000 });
  assert.equal(errors.length, 1);
  assert.deepEqual(errors[0], { name: 'level', value: '99', expected: 'settings.expected.level', limits: LIMITS });
  // An empty variant is an error, not an absence.
  const empty = readSettings(new URLSearchParams('variant='), ['variant']);
  assert.deepEqual(empty.settings, {});
  assert.equal(empty.errors[0].name, 'variant');
});

test('linkParams: the query for short links, the fragment wins where both give a setting', () => {
  const p = linkParams('?variant=classic&level=2', '#level=7&record=%5BVariant%20%22super%22%5D');
  assert.equal(p.get('variant'), 'classic');
  assert.equal(p.get('level'), '7');
  assert.equal(p.get('record'), '[Variant "super"]');
  assert.equal(linkParams('', '').toString(), '');
  assert.equal(linkParams(undefined, undefined).toString(), '');
  assert.equal(linkParams('', 'mode=two').get('mode'), 'two', 'a fragment without its # still reads');
  assert.equal(linkParams('mode=demo', '#').get('mode'), 'demo');
  // A long record in the fragment arrives whole.
  const long = '[Variant "sackson"]\n\n' + '1. e2-e3 e8-e7 '.repeat(5000) + '*';
  const q = linkParams('', '#' + new URLSearchParams({ record: long }).toString());
  assert.equal(q.get('record'), long);
  assert.deepEqual(readSettings(q, ['record']).settings, { record: long });
});

test('engineHelpBarred: the engine keeps out of a game against a person until it is over, and only there', async () => {
  const { engineHelpBarred } = await import('../../www/lib/fair-play.js');
  const going = { result: undefined };
  const over = { result: { winner: 'blue' } };
  for (const mode of ['friend', 'live']) {
    assert.equal(engineHelpBarred({ mode }, going), true, mode);
    assert.equal(engineHelpBarred({ mode }, over), false, `${mode}, over`);
    assert.equal(engineHelpBarred({ mode }, null), false, `${mode}, no game yet`);
  }
  for (const mode of ['ai', 'two', 'demo', 'view', 'puzzle']) assert.equal(engineHelpBarred({ mode }, going), false, mode);
  // Two players on one device who chose no help: barred until the game is over, as against a
  // person elsewhere; the setting changes nothing in the other modes (a person elsewhere is
  // barred whatever it says).
  assert.equal(engineHelpBarred({ mode: 'two', help: 'none' }, going), true, 'two, no help');
  assert.equal(engineHelpBarred({ mode: 'two', help: 'none' }, over), false, 'two, no help, over');
  assert.equal(engineHelpBarred({ mode: 'two', help: 'on' }, going), false, 'two, help');
  for (const mode of ['ai', 'demo', 'view']) assert.equal(engineHelpBarred({ mode, help: 'none' }, going), false, `${mode}, no help`);
  assert.equal(engineHelpBarred({ mode: 'live', help: 'on' }, going), true, 'live, help asked for');
});

test('help: none (and off, no) or on; anything else is refused with what is valid', () => {
  assert.deepEqual(readSettings({ help: 'none' }, ['help']).settings, { help: 'none' });
  assert.deepEqual(readSettings({ help: ' OFF ' }, ['help']).settings, { help: 'none' });
  assert.deepEqual(readSettings({ help: 'on' }, ['help']).settings, { help: 'on' });
  const { settings, errors } = readSettings({ help: 'some' }, ['help']);
  assert.deepEqual(settings, {});
  assert.deepEqual(errors.map((e) => [e.name, e.expected]), [['help', 'settings.expected.help']]);
});

test('a time control is read as the rules core writes it, and a bad one is said', () => {
  assert.deepEqual(parseSetting('clock', ' 5+3 '), { value: '5+3' });
  assert.deepEqual(parseSetting('clock', '0.50+0'), { value: '0.5+0' });
  assert.deepEqual(parseSetting('clock', 'NONE'), { value: 'none' });
  assert.deepEqual(parseSetting('clock', '3D'), { value: '3d' });
  for (const bad of ['5', '0+3', '181+0', '5+181', '31d', 'x']) assert.equal(parseSetting('clock', bad).error?.expected, 'settings.expected.clock', bad);
});

test('a finished game’s moves are final but on an analysis board; the page refuses Undo after the end against the computer and two on one device, the element only against the computer', () => {
  for (const mode of MODES) assert.equal(movesFinal(mode, false), false, mode);
  for (const mode of MODES) assert.equal(movesFinal(mode, true), mode !== 'analysis', mode);
  assert.deepEqual(
    MODES.filter((m) => undoBarred(m, true)),
    ['ai', 'two'],
  );
  assert.deepEqual(
    MODES.filter((m) => undoBarred(m, true, { byBoard: true })),
    ['ai'],
  );
  assert.equal(undoBarred('ai', false), false, 'Undo against the computer before the end stays');
  // On an analysis board the person moves for both sides.
  assert.equal(isHuman({ mode: 'analysis', side: 'blue' }, 'gray'), true);
});
