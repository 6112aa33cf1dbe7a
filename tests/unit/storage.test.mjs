// Unit tests of www/storage.js over fake Web Storage objects: saving, skipping unchanged writes,
// the size cap, unreadable saves, and storage that throws or is missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GameStore, SAVE_KEY, PREFS_KEY, MAX_SAVED_RECORD, loadPrefs, savePrefs } from '../../www/storage.js';

/** A Web Storage stand-in that counts its writes. */
function fakeStorage(initial = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    writes: 0,
    removes: 0,
    getItem(k) {
      return data.has(k) ? data.get(k) : null;
    },
    setItem(k, v) {
      this.writes++;
      data.set(k, String(v));
    },
    removeItem(k) {
      this.removes++;
      data.delete(k);
    },
  };
}

/** Storage that refuses everything, as a browser with storage disabled does. */
function throwingStorage() {
  const no = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  return { getItem: no, setItem: no, removeItem: no };
}

/** Storage that reads but is full. */
function fullStorage(initial = {}) {
  const s = fakeStorage(initial);
  s.setItem = () => {
    throw new DOMException('quota exceeded', 'QuotaExceededError');
  };
  return s;
}

const SETTINGS = { variant: 'classic', mode: 'ai', side: 'gray', level: 2, movetime: 0 };
const RECORD = '[Variant "classic"]\n[Blue "Human"]\n\n1. e2-e3 e8-e7 *';

test('keys are versioned and distinct', () => {
  assert.equal(SAVE_KEY, 'bluegray.game.v1');
  assert.equal(PREFS_KEY, 'bluegray.prefs.v1');
  assert.notEqual(SAVE_KEY, PREFS_KEY);
  assert.ok(MAX_SAVED_RECORD >= 100_000);
});

test('save then load gives back the settings and the record, in a versioned JSON', () => {
  const storage = fakeStorage();
  const store = new GameStore(storage);
  assert.equal(store.save(SETTINGS, RECORD), 'saved');
  const raw = JSON.parse(storage.getItem(SAVE_KEY));
  assert.deepEqual(raw, { version: 1, settings: SETTINGS, record: RECORD });
  // A new store (the next visit) reads it back.
  assert.deepEqual(new GameStore(storage).load(), { settings: SETTINGS, record: RECORD });
  assert.equal(storage.writes, 1);
});

test('an unchanged game is not written again; any change is', () => {
  const storage = fakeStorage();
  const store = new GameStore(storage);
  assert.equal(store.save(SETTINGS, RECORD), 'saved');
  assert.equal(store.save({ ...SETTINGS }, RECORD), 'unchanged');
  assert.equal(storage.writes, 1);
  assert.equal(store.save({ ...SETTINGS, level: 3 }, RECORD), 'saved');
  assert.equal(store.save({ ...SETTINGS, level: 3 }, RECORD + ' '), 'saved');
  assert.equal(storage.writes, 3);
  assert.equal(JSON.parse(storage.getItem(SAVE_KEY)).settings.level, 3);
});

test('what was loaded counts as written: saving it back is a no-op', () => {
  const storage = fakeStorage();
  new GameStore(storage).save(SETTINGS, RECORD);
  const store = new GameStore(storage);
  const loaded = store.load();
  assert.equal(store.save(loaded.settings, loaded.record), 'unchanged');
  assert.equal(storage.writes, 1);
});

test('the size cap: a record over MAX_SAVED_RECORD is not written, one at the cap is', () => {
  const storage = fakeStorage();
  const store = new GameStore(storage);
  store.save(SETTINGS, RECORD);
  const huge = 'x'.repeat(MAX_SAVED_RECORD + 1);
  assert.equal(store.save(SETTINGS, huge), 'too-large');
  assert.equal(storage.writes, 1, 'nothing written for a record over the cap');
  assert.equal(JSON.parse(storage.getItem(SAVE_KEY)).record, RECORD, 'the last good save is kept');
  const atCap = 'y'.repeat(MAX_SAVED_RECORD);
  assert.equal(store.save(SETTINGS, atCap), 'saved');
  assert.equal(new GameStore(storage).load().record.length, MAX_SAVED_RECORD);
});

test('a record that is not text is not saved', () => {
  const storage = fakeStorage();
  const store = new GameStore(storage);
  for (const bad of [null, undefined, 42, {}]) assert.equal(store.save(SETTINGS, bad), 'unavailable');
  assert.equal(storage.writes, 0);
});

test('storage that throws: save, load and forget never throw', () => {
  const store = new GameStore(throwingStorage());
  assert.equal(store.save(SETTINGS, RECORD), 'unavailable');
  assert.equal(store.load(), null);
  assert.doesNotThrow(() => store.forget());
  // A failed write is not remembered as written: the next save tries again.
  assert.equal(store.save(SETTINGS, RECORD), 'unavailable');
});

test('full storage: the save is reported unavailable and tried again next time', () => {
  const storage = fullStorage();
  const store = new GameStore(storage);
  assert.equal(store.save(SETTINGS, RECORD), 'unavailable');
  assert.equal(store.save(SETTINGS, RECORD), 'unavailable', 'not "unchanged": it was never written');
  assert.equal(storage.getItem(SAVE_KEY), null);
});

test('nothing saved loads as null', () => {
  assert.equal(new GameStore(fakeStorage()).load(), null);
  assert.equal(new GameStore(fakeStorage({ [SAVE_KEY]: '' })).load(), null);
});

test('an unreadable save is reported and removed', () => {
  const cases = [
    'not json {',
    'null',
    '42',
    '{"version":2,"settings":{},"record":"x"}',
    '{"version":1,"settings":{}}',
    '{"version":1,"record":7}',
  ];
  for (const raw of cases) {
    const storage = fakeStorage({ [SAVE_KEY]: raw, other: 'kept' });
    const r = new GameStore(storage).load();
    assert.ok(r && typeof r.error === 'string' && r.error.length > 0, `${raw}: ${JSON.stringify(r)}`);
    assert.equal(storage.getItem(SAVE_KEY), null, `${raw} removed`);
    assert.equal(storage.getItem('other'), 'kept', 'nothing else is touched');
  }
});

test('a save without settings, or with settings that are not an object, loads with {}', () => {
  for (const settings of [undefined, null, '"level"', '5']) {
    const raw = `{"version":1,${settings === undefined ? '' : `"settings":${settings},`}"record":"r"}`;
    const r = new GameStore(fakeStorage({ [SAVE_KEY]: raw })).load();
    assert.deepEqual(r, { settings: {}, record: 'r' }, raw);
  }
});

test('forget removes the save, and the next identical save writes again', () => {
  const storage = fakeStorage();
  const store = new GameStore(storage);
  store.save(SETTINGS, RECORD);
  store.forget();
  assert.equal(storage.getItem(SAVE_KEY), null);
  assert.equal(store.save(SETTINGS, RECORD), 'saved');
  assert.equal(storage.writes, 2);
});

test('preferences: merged, kept apart from the game, tolerant of junk and of throwing storage', () => {
  const storage = fakeStorage();
  assert.deepEqual(loadPrefs(storage), {});
  savePrefs(storage, { lang: 'en' });
  savePrefs(storage, { sound: false });
  assert.deepEqual(loadPrefs(storage), { lang: 'en', sound: false });
  savePrefs(storage, { lang: 'hu' });
  assert.deepEqual(loadPrefs(storage), { lang: 'hu', sound: false });
  assert.equal(storage.getItem(SAVE_KEY), null);
  for (const junk of ['not json', '[1,2]', '"text"', 'null', '7']) {
    assert.deepEqual(loadPrefs(fakeStorage({ [PREFS_KEY]: junk })), {}, junk);
  }
  assert.deepEqual(loadPrefs(throwingStorage()), {});
  assert.doesNotThrow(() => savePrefs(throwingStorage(), { lang: 'en' }));
  assert.doesNotThrow(() => savePrefs(fullStorage(), { lang: 'en' }));
});
