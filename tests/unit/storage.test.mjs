// Unit tests of www/play/storage.js over fake Web Storage objects: the recent games (each under its
// own key, never one written over another, two tabs, the limit, the old single save moved in),
// unchanged writes skipped, the size cap, junk, and storage that throws or is full.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  GameLibrary,
  LIST_KEY,
  GAME_KEY_PREFIX,
  LEGACY_KEY,
  PREFS_KEY,
  MAX_GAMES,
  MAX_SAVED_RECORD,
  SAVE,
  loadPrefs,
  savePrefs,
} from '../../www/play/storage.js';

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
const SUMMARY = { variant: 'classic', plies: 2, result: null };

/** A clock that moves on a second at each call. */
function clock(start = 1_000_000) {
  let t = start;
  return () => (t += 1000);
}

const game = (over = {}) => ({ id: null, settings: SETTINGS, record: RECORD, ply: null, summary: SUMMARY, ...over });

test('keys are versioned and distinct; the limits are generous', () => {
  assert.equal(LIST_KEY, 'bluegray.games.v2');
  assert.ok(GAME_KEY_PREFIX.startsWith(LIST_KEY));
  assert.equal(LEGACY_KEY, 'bluegray.game.v1');
  assert.equal(PREFS_KEY, 'bluegray.prefs.v1');
  assert.ok(MAX_GAMES >= 10);
  assert.ok(MAX_SAVED_RECORD >= 100_000);
});

test('a new game gets an id of its own; load gives it back; the list has it first', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const r = lib.save(game({ ply: 1 }));
  assert.equal(r.status, SAVE.saved);
  assert.match(r.id, /^[a-z0-9-]+$/);
  assert.deepEqual(lib.load(r.id), { id: r.id, rev: 1, settings: SETTINGS, record: RECORD, ply: 1 });
  const list = lib.list();
  assert.equal(list.length, 1);
  assert.equal(list[0].id, r.id);
  assert.deepEqual(list[0].summary, SUMMARY);
  const other = lib.save(game({ record: RECORD + ' ' }));
  assert.notEqual(other.id, r.id, 'a second new game is a second entry');
  assert.deepEqual(lib.list().map((e) => e.id), [other.id, r.id], 'newest first');
});

test('saving a game again writes only when it changed, and never touches another game', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const a = lib.save(game()).id;
  const b = lib.save(game({ record: 'other' })).id;
  const before = storage.getItem(GAME_KEY_PREFIX + b);
  const writes = storage.writes;
  assert.deepEqual(lib.save(game({ id: a })), { status: SAVE.unchanged, id: a });
  assert.equal(storage.writes, writes);
  const changed = lib.save(game({ id: a, record: RECORD + ' f2-f3' }));
  assert.deepEqual(changed, { status: SAVE.saved, id: a });
  assert.equal(lib.load(a).rev, 2);
  assert.equal(storage.getItem(GAME_KEY_PREFIX + b), before, 'the other game is untouched');
});

test('two tabs: a game changed by another tab is not overwritten; this tab’s moves become a new game', () => {
  const storage = fakeStorage();
  const tabA = new GameLibrary(storage, { now: clock() });
  const tabB = new GameLibrary(storage, { now: clock(5_000_000) });
  const id = tabA.save(game()).id;
  assert.equal(tabB.load(id).record, RECORD);
  assert.equal(tabB.save(game({ id, record: 'B moved' })).status, SAVE.saved);
  assert.equal(tabA.changedElsewhere(id), true);
  const r = tabA.save(game({ id, record: 'A moved' }));
  assert.equal(r.status, SAVE.saved);
  assert.equal(r.forked, true);
  assert.notEqual(r.id, id);
  assert.equal(tabA.load(id).record, 'B moved', 'B’s game is kept');
  assert.equal(tabA.load(r.id).record, 'A moved', 'and so is A’s');
  // A tab never claims a game it did not load: an id it never read is a new entry too.
  const tabC = new GameLibrary(storage, { now: clock(9_000_000) });
  const c = tabC.save(game({ id, record: 'C guessed the id' }));
  assert.notEqual(c.id, id);
  assert.equal(tabC.load(id).record, 'B moved');
  // A game deleted in another tab comes back as a new entry when this tab plays on.
  tabB.remove(r.id);
  const back = tabA.save(game({ id: r.id, record: 'A moved on' }));
  assert.notEqual(back.id, r.id);
  assert.equal(tabA.load(back.id).record, 'A moved on');
});

test('the list keeps MAX_GAMES: finished games are let go, oldest first, with their keys', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const ids = [];
  const finished = { result: '1-0' };
  for (let i = 0; i < MAX_GAMES + 3; i++) ids.push(lib.save(game({ record: `game ${i}`, summary: finished })).id);
  const kept = lib.list().map((e) => e.id);
  assert.equal(kept.length, MAX_GAMES);
  assert.deepEqual(kept, ids.slice(3).reverse());
  for (const gone of ids.slice(0, 3)) assert.equal(storage.getItem(GAME_KEY_PREFIX + gone), null);
});

test('a game in progress is never let go to make room: a new game is then not kept, and the player makes room', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const mine = lib.save(game({ record: 'my game in progress', summary: { result: null } })).id;
  const done = lib.save(game({ record: 'a finished game', summary: { result: '0-1' } })).id;
  const others = [];
  for (let i = 0; i < MAX_GAMES - 2; i++) others.push(lib.save(game({ record: `opened by a link ${i}`, summary: {} })).id);
  assert.equal(lib.list().length, MAX_GAMES);
  // One more: the finished game makes room, the games in progress stay.
  const next = lib.save(game({ record: 'one more', summary: {} }));
  assert.equal(next.status, SAVE.saved);
  assert.equal(storage.getItem(GAME_KEY_PREFIX + done), null);
  assert.equal(lib.list().length, MAX_GAMES);
  // Every kept game is in progress now: a new one is refused, nothing is let go.
  const refused = lib.save(game({ record: 'and another', summary: {} }));
  assert.equal(refused.status, SAVE.full);
  assert.equal(refused.id, null);
  assert.equal(lib.list().length, MAX_GAMES);
  assert.equal(lib.load(mine).record, 'my game in progress');
  for (const id of others) assert.ok(lib.load(id), id);
  // A game already kept still saves its moves.
  assert.equal(lib.save(game({ id: mine, record: 'my game, a move later', summary: {} })).status, SAVE.saved);
  assert.equal(lib.load(mine).record, 'my game, a move later');
});

test('games opened by links and never played here go first; they never push out a game the player played', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const done = [];
  for (let i = 0; i < MAX_GAMES - 2; i++) done.push(lib.save(game({ record: `my finished game ${i}`, summary: { result: '1-0', played: true } })).id);
  const mine = lib.save(game({ record: 'my game in progress', summary: { result: null, played: true } })).id;
  // Twenty links to new games, opened from another site: they take only the room there is,
  // then each pushes out the oldest of its kind, and the player's games all stay.
  const links = [];
  for (let i = 0; i < 20; i++) links.push(lib.save(game({ record: `opened by a link ${i}`, summary: { result: null, played: false } })));
  assert.equal(lib.list().length, MAX_GAMES);
  for (const id of [...done, mine]) assert.ok(lib.load(id), id);
  assert.deepEqual(links.map((r) => r.status), Array(20).fill(SAVE.saved));
  const kept = lib.list().filter((e) => e.summary.played === false).map((e) => e.id);
  assert.deepEqual(kept, [links[19].id]);
  // A game the player plays makes room from those first, then from the finished ones.
  const next = lib.save(game({ record: 'my new game', summary: { result: null, played: true } }));
  assert.equal(next.status, SAVE.saved);
  assert.equal(storage.getItem(GAME_KEY_PREFIX + links[19].id), null);
  for (const id of [...done, mine]) assert.ok(lib.load(id), id);
  const after = lib.save(game({ record: 'another of mine', summary: { result: null, played: true } }));
  assert.equal(after.status, SAVE.saved);
  assert.equal(storage.getItem(GAME_KEY_PREFIX + done[0]), null, 'then the oldest finished game goes');
  // Every game kept is the player's now: a link's new game is not kept, and nothing goes.
  const refused = lib.save(game({ record: 'one link more', summary: { result: null, played: false } }));
  assert.equal(refused.status, SAVE.full);
  assert.equal(lib.list().length, MAX_GAMES);
});

test('remove deletes one game and its key, nothing else', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const a = lib.save(game()).id;
  const b = lib.save(game({ record: 'b' })).id;
  assert.equal(lib.remove(a), true);
  assert.deepEqual(lib.list().map((e) => e.id), [b]);
  assert.equal(storage.getItem(GAME_KEY_PREFIX + a), null);
  assert.equal(lib.load(b).record, 'b');
});

test('the size cap: a record over MAX_SAVED_RECORD is refused, one at the cap is kept', () => {
  const lib = new GameLibrary(fakeStorage(), { now: clock() });
  assert.equal(lib.save(game({ record: 'x'.repeat(MAX_SAVED_RECORD + 1) })).status, SAVE.tooLarge);
  assert.equal(lib.list().length, 0);
  assert.equal(lib.save(game({ record: 'x'.repeat(MAX_SAVED_RECORD) })).status, SAVE.saved);
  assert.equal(lib.save(game({ record: 7 })).status, SAVE.failed);
});

test('full or refusing storage: saving fails without throwing and changes nothing; it works again later', () => {
  const storage = fakeStorage();
  const lib = new GameLibrary(storage, { now: clock() });
  const id = lib.save(game()).id;
  const full = storage.setItem;
  storage.setItem = () => {
    throw new DOMException('quota exceeded', 'QuotaExceededError');
  };
  assert.deepEqual(lib.save(game({ id, record: 'more' })), { status: SAVE.failed, id });
  assert.equal(lib.load(id).record, RECORD, 'the stored copy is the last one saved');
  storage.setItem = full;
  assert.deepEqual(lib.save(game({ id, record: 'more' })), { status: SAVE.saved, id });
  const none = new GameLibrary(throwingStorage());
  assert.deepEqual(none.list(), []);
  assert.equal(none.load('x'), null);
  assert.equal(none.save(game()).status, SAVE.failed);
  assert.equal(none.remove('x'), false);
  assert.equal(none.migrate(() => ({})), null);
});

test('junk in storage: a bad list is empty, a bad game is reported, never thrown', () => {
  for (const junk of ['not json', '{}', '7', 'null', '[1, "x", {"id": 5}, {"id": "../etc"}]']) {
    assert.deepEqual(new GameLibrary(fakeStorage({ [LIST_KEY]: junk })).list(), [], junk);
  }
  const dup = JSON.stringify([{ id: 'a', rev: 1, updated: 2 }, { id: 'a', rev: 1, updated: 1 }]);
  assert.equal(new GameLibrary(fakeStorage({ [LIST_KEY]: dup })).list().length, 1);
  for (const raw of ['not json {', 'null', '{"version":1,"id":"a","record":"x"}', '{"version":2,"id":"b","record":"x"}', '{"version":2,"id":"a"}']) {
    const r = new GameLibrary(fakeStorage({ [GAME_KEY_PREFIX + 'a']: raw })).load('a');
    assert.ok(r && r.id === 'a' && typeof r.error === 'string' && r.error.length > 0, `${raw}: ${JSON.stringify(r)}`);
  }
});

test('the game saved by earlier versions moves into the list once, ply and all', () => {
  const legacy = JSON.stringify({ version: 1, settings: { ...SETTINGS, ply: 1 }, record: RECORD });
  const storage = fakeStorage({ [LEGACY_KEY]: legacy });
  const lib = new GameLibrary(storage, { now: clock() });
  const summarise = (settings, record) => ({ variant: settings.variant, length: record.length });
  const id = lib.migrate(summarise);
  assert.ok(id);
  assert.deepEqual(lib.load(id), { id, rev: 1, settings: SETTINGS, record: RECORD, ply: 1 });
  assert.deepEqual(lib.list()[0].summary, { variant: 'classic', length: RECORD.length });
  assert.equal(storage.getItem(LEGACY_KEY), null);
  assert.equal(lib.migrate(summarise), null, 'once');
  assert.equal(lib.list().length, 1);
  // Full storage: the old game stays where it was, to be moved next time.
  const kept = fullStorage({ [LEGACY_KEY]: legacy });
  assert.equal(new GameLibrary(kept).migrate(summarise), null);
  assert.equal(kept.getItem(LEGACY_KEY), legacy);
  // Junk under the old key is left alone.
  assert.equal(new GameLibrary(fakeStorage({ [LEGACY_KEY]: 'junk' })).migrate(summarise), null);
});

test('preferences: merged, kept apart from the games, tolerant of junk and of throwing storage', () => {
  const storage = fakeStorage();
  assert.deepEqual(loadPrefs(storage), {});
  savePrefs(storage, { lang: 'en' });
  savePrefs(storage, { muted: true });
  assert.deepEqual(loadPrefs(storage), { lang: 'en', muted: true });
  savePrefs(storage, { lang: 'hu' });
  assert.deepEqual(loadPrefs(storage), { lang: 'hu', muted: true });
  assert.equal(storage.getItem(LIST_KEY), null);
  for (const junk of ['not json', '[1,2]', '"text"', 'null', '7']) {
    assert.deepEqual(loadPrefs(fakeStorage({ [PREFS_KEY]: junk })), {}, junk);
  }
  assert.deepEqual(loadPrefs(throwingStorage()), {});
  assert.doesNotThrow(() => savePrefs(throwingStorage(), { lang: 'en' }));
  assert.doesNotThrow(() => savePrefs(fullStorage(), { lang: 'en' }));
});
