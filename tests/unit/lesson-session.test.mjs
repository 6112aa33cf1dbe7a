// Unit tests of www/learn/lesson-session.js: the lessons' catalogue as the page reads it, progress, and
// one lesson's session as a state machine; and, over the rules core's own lessons (the built wasm
// package), every lesson played to its end through the session with lessonHint's moves.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as L from '../../www/learn/lesson-session.js';
import { translate, loadMessages, LANGUAGES } from '../../www/lib/i18n.js';
import { loadCore } from './core.mjs';

let wasm = null;
before(async () => {
  wasm = await loadCore();
  for (const lang of LANGUAGES) await loadMessages('learn', lang);
});

const WALK = L.lessonInfo({ id: 'walk', variant: 'sackson', code: 'X', learner: 'blue', budget: 4 });
const CAPTURE = L.lessonInfo({ id: 'capture', variant: 'sackson', code: 'Y', learner: 'blue', budget: 1, kind: 'rules', teaches: null });
const PLAN = L.lessonInfo({ id: 'plan', variant: 'classic', code: 'Z', learner: 'blue', budget: 3, kind: 'strategy' });
const LIST = [WALK, CAPTURE, PLAN];

/** A session playing lesson `lesson` (index `i`), its board loaded. */
function playing(lesson = WALK, i = 0) {
  const s = L.start(L.idle(), lesson, i);
  return L.loaded(s, s.seq);
}

test('lessonInfo: missing kind and teaches read as a rules lesson that teaches no option', () => {
  assert.equal(WALK.kind, 'rules');
  assert.equal(WALK.teaches, null);
  assert.equal(PLAN.kind, 'strategy');
  assert.equal(L.lessonInfo({ id: 'x', kind: 'puzzle', teaches: '' }).kind, 'rules');
  assert.equal(L.lessonInfo({ id: 'x', teaches: 'captain' }).teaches, 'captain');
  assert.deepEqual(L.readCatalogue([{ id: 'a' }, null, { variant: 'v' }, 7]).map((l) => l.id), ['a']);
  assert.deepEqual(L.readCatalogue(undefined), []);
});

test('groupByKind: rules first, then strategy, each lesson with its place; empty kinds left out', () => {
  const groups = L.groupByKind([PLAN, WALK, CAPTURE]);
  assert.deepEqual(
    groups.map((g) => [g.kind, g.lessons.map((x) => `${x.lesson.id}@${x.index}`)]),
    [
      ['rules', ['walk@1', 'capture@2']],
      ['strategy', ['plan@0']],
    ],
  );
  assert.deepEqual(L.groupByKind([WALK]).map((g) => g.kind), ['rules']);
  assert.deepEqual(L.groupByKind([]), []);
});

test('lessonFor: the lesson that teaches a rules option', () => {
  const turbo = L.lessonInfo({ id: 'turbo', teaches: 'captain' });
  assert.equal(L.lessonFor([WALK, turbo], 'captain'), turbo);
  assert.equal(L.lessonFor([WALK, turbo], 'lead'), null);
});

test('progress: read from storage, marked, counted; the offer goes once every lesson is done', () => {
  const store = new Map();
  const storage = { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => store.set(k, v) };
  assert.deepEqual(L.loadProgress(storage), { done: [], offer: null });
  store.set(L.STORAGE_KEY, '{not json');
  assert.deepEqual(L.loadProgress(storage), { done: [], offer: null });
  store.set(L.STORAGE_KEY, JSON.stringify({ done: ['walk', 'walk', 3], offer: 'maybe' }));
  assert.deepEqual(L.loadProgress(storage), { done: ['walk'], offer: null });
  let p = { done: [], offer: null };
  assert.equal(L.offerShown(p), true);
  p = L.markDone(p, 'capture');
  assert.deepEqual(p, { done: ['capture'], offer: 'started' });
  assert.equal(L.markDone(p, 'capture').done.length, 1);
  assert.equal(L.offerShown(p), false);
  assert.equal(L.firstNotDone(LIST, p), 0);
  assert.equal(L.doneCount(LIST, p), 1);
  assert.equal(L.allDone(LIST, p), false);
  p = L.markDone(L.markDone(p, 'walk'), 'plan');
  assert.equal(L.allDone(LIST, p), true);
  assert.equal(L.firstNotDone(LIST, p), 0);
  // Every lesson done, even with the offer never answered: no banner.
  assert.equal(L.offerShown({ done: ['walk', 'capture', 'plan'], offer: null }), false);
  assert.equal(L.allDone([], p), false);
  L.saveProgress(storage, p);
  assert.deepEqual(L.loadProgress(storage), p);
  // Storage that refuses is no error.
  L.saveProgress({ setItem: () => { throw new Error('full'); } }, p);
});

test('start sets loading at once, whatever the previous lesson was doing; a stale load is ignored', () => {
  const first = L.start(L.idle(), WALK, 0);
  assert.equal(first.status, 'loading');
  assert.equal(L.locked(first), true);
  // The learner picks another lesson before the first one's board is ready.
  const second = L.start(first, CAPTURE, 1);
  assert.equal(second.status, 'loading');
  assert.notEqual(second.seq, first.seq);
  assert.equal(L.loaded(second, first.seq), second, 'the first lesson’s load is stale');
  const ready = L.loaded(second, second.seq);
  assert.equal(ready.status, 'playing');
  assert.equal(L.locked(ready), false);
  assert.deepEqual(ready.feedback, { key: 'lessons.yourMove', params: { n: 1 } });
  // A lesson that was done, wrong or replying starts afresh too.
  for (const s of [
    { ...ready, status: 'done' },
    { ...ready, status: 'wrong', moves: ['a'] },
    { ...ready, status: 'replying', pending: 'b' },
  ]) {
    const again = L.start(s, WALK, 0);
    assert.equal(again.status, 'loading');
    assert.deepEqual(again.moves, []);
    assert.equal(again.pending, null);
  }
  const broken = L.failed(second, second.seq, 'no wasm');
  assert.equal(broken.status, 'error');
  assert.deepEqual(broken.feedback, { text: 'no wasm' });
  assert.equal(L.failed(ready, ready.seq, 'late'), ready, 'a failure after loading is stale');
});

test('a move that goes on: Gray replies while the board is locked, then the learner’s turn', () => {
  const s0 = playing();
  const s1 = L.moved(s0, 'e1-e2', { status: 'continue', reply: 'i9-h9', feedback: null, movesLeft: 3 });
  assert.equal(s1.status, 'replying');
  assert.equal(s1.pending, 'i9-h9');
  assert.deepEqual(s1.moves, ['e1-e2']);
  assert.equal(L.locked(s1), true);
  assert.deepEqual(s1.feedback, { key: 'lessons.replying' });
  // No other move is taken meanwhile, and another reply than the pending one changes nothing.
  assert.equal(L.moved(s1, 'e2-d2', { status: 'continue', reply: 'x', movesLeft: 2 }), s1);
  assert.equal(L.replied(s1, 'h9-i9'), s1);
  const s2 = L.replied(s1, 'i9-h9');
  assert.equal(s2.status, 'playing');
  assert.deepEqual(s2.moves, ['e1-e2', 'i9-h9']);
  assert.equal(s2.pending, null);
  assert.deepEqual(s2.feedback, { key: 'lessons.replied', params: { move: 'i9-h9', n: 3 } });
  // The same reply arriving twice is played once.
  assert.equal(L.replied(s2, 'i9-h9'), s2);
});

test('a move that reaches the goal: done, locked, and the next step is the next lesson', () => {
  const s = L.moved(playing(CAPTURE, 1), 'd4xf4', {
    status: 'done',
    reply: null,
    feedback: { key: 'lesson.capture.done', params: {} },
    movesLeft: 0,
  });
  assert.equal(s.status, 'done');
  assert.equal(L.locked(s), true);
  assert.deepEqual(s.feedback, { key: 'lesson.capture.done', params: {} });
  const v = L.sessionView(s, LIST, { done: ['capture'], offer: 'started' });
  assert.deepEqual(v.next, { key: 'lessons.doNext.done' });
  assert.deepEqual(v.lock, { key: 'lessons.lock.done' });
  assert.equal(v.nextPrimary, true);
  assert.equal(v.playOffer, false);
  assert.equal(L.nextIndex(s, LIST), 2);
  // Try again after done: the lesson from its start.
  const again = L.tryAgain(s);
  assert.equal(again.status, 'loading');
  assert.deepEqual(again.moves, []);
});

test('the last lesson done with every lesson done: the page offers a first game', () => {
  const s = L.moved(playing(PLAN, 2), 'a1-a2', { status: 'done', reply: null, feedback: { key: 'lesson.plan.done' }, movesLeft: 2 });
  assert.equal(L.nextIndex(s, LIST), -1);
  const all = L.sessionView(s, LIST, { done: ['walk', 'capture', 'plan'], offer: 'started' });
  assert.equal(all.playOffer, true);
  assert.deepEqual(all.next, { key: 'lessons.doNext.allDone' });
  assert.equal(all.nextPrimary, false);
  const some = L.sessionView(s, LIST, { done: ['plan'], offer: 'started' });
  assert.equal(some.playOffer, false);
  assert.deepEqual(some.next, { key: 'lessons.doNext.doneLast' });
});

test('a wrong move: the reason, the instruction to try again, the reason in the past once Gray jumped', () => {
  const why = { key: 'lessons.why.hanging', params: { guard: 'd6', from: 'd7' } };
  const s1 = L.moved(playing(CAPTURE, 1), 'd4xd6', { status: 'wrong', reply: 'd7xd5', feedback: why, movesLeft: 0 });
  assert.equal(s1.status, 'wrong');
  assert.equal(s1.pending, 'd7xd5');
  assert.deepEqual(s1.why, why);
  assert.deepEqual(s1.feedback, { key: 'lessons.replying' }, 'the reason waits for the reply that shows it');
  assert.equal(L.locked(s1), true);
  const v = L.sessionView(s1, LIST, { done: [], offer: null });
  assert.deepEqual(v.next, { key: 'lessons.doNext.wrong' });
  assert.deepEqual(v.lock, { key: 'lessons.lock.wrong' });
  assert.equal(v.retryPrimary, true);
  // Gray's reply jumps the guard: now it "was jumped".
  const s2 = L.replied(s1, 'd7xd5', { kind: 'capture', points: ['d7', 'd5'], captured: ['d6'] });
  assert.equal(s2.status, 'wrong');
  assert.deepEqual(s2.moves, ['d4xd6', 'd7xd5']);
  assert.deepEqual(s2.feedback, { key: 'lessons.why.jumped', params: { guard: 'd6', from: 'd7', move: 'd7xd5' } });
  // A reply that takes another guard keeps the warning as it was.
  assert.deepEqual(L.replied(s1, 'd7xd5', { kind: 'capture', points: ['d7', 'd5'], captured: ['c4'] }).feedback, why);
  // The rules core may say it in the past already: then it stays as it is.
  const said = { key: 'lessons.why.jumped', params: { guard: 'd6', from: 'd7' } };
  const s4 = L.moved(playing(CAPTURE, 1), 'd4xd6', { status: 'wrong', reply: 'd7xd5', feedback: said, movesLeft: 0 });
  assert.deepEqual(L.replied(s4, 'd7xd5', { kind: 'capture', points: ['d7', 'd5'], captured: ['d6'] }).feedback, said);
  // No reply to show the mistake: the reason at once.
  const s5 = L.moved(playing(CAPTURE, 1), 'd4xd6', { status: 'wrong', reply: null, feedback: why, movesLeft: 0 });
  assert.deepEqual(s5.feedback, why);
  assert.deepEqual(L.replied(s1, 'd7xd5').feedback, why, 'nothing known of the reply');
  // No hint after a wrong move: Try again is what to do.
  assert.equal(L.hinted(s2, null), s2);
  assert.equal(L.sessionView(s2, [], { done: [] }).hint, false);
  // Try again: the position before the wrong move, the moves left as they were.
  const s3 = L.tryAgain(s2);
  assert.equal(s3.status, 'playing');
  assert.deepEqual(s3.moves, []);
  assert.equal(s3.movesLeft, 1);
  assert.equal(s3.pending, null);
  assert.deepEqual(s3.feedback, { key: 'lessons.yourMove', params: { n: 1 } });
});

test('pastTense: a free enemy captain that stepped where the warning said; other warnings as they were', () => {
  const free = { key: 'lessons.why.enemyFree', params: { point: 'f3' } };
  assert.deepEqual(L.pastTense(free, { text: 'g3-f3', kind: 'captain', points: ['g3', 'f3'], captured: [] }), {
    key: 'lessons.why.enemyWalked',
    params: { point: 'f3', move: 'g3-f3' },
  });
  assert.equal(L.pastTense(free, { text: 'i9-h9', kind: 'step', points: ['i9', 'h9'], captured: [] }), free);
  const idle = { key: 'lessons.why.captainIdle', params: { point: 'd2' } };
  assert.equal(L.pastTense(idle, { text: 'd7xd5', kind: 'capture', points: ['d7', 'd5'], captured: ['d6'] }), idle);
  assert.equal(L.pastTense(null, {}), null);
  assert.deepEqual(L.pastTense({ text: 'x' }, {}), { text: 'x' });
});

test('try again after a wrong move later in a lesson goes back one move only', () => {
  let s = playing();
  s = L.moved(s, 'e1-e2', { status: 'continue', reply: 'i9-h9', movesLeft: 3 });
  s = L.replied(s, 'i9-h9');
  s = L.moved(s, 'e2-e3', { status: 'wrong', reply: null, feedback: { key: 'lessons.why.captainIdle', params: { point: 'd2' } }, movesLeft: 2 });
  assert.equal(s.pending, null);
  s = L.tryAgain(s);
  assert.deepEqual(s.moves, ['e1-e2', 'i9-h9']);
  assert.equal(s.movesLeft, 3);
  assert.equal(s.status, 'playing');
  // Try again while Gray replies takes the learner's move back as well.
  s = L.moved(s, 'e2-d2', { status: 'continue', reply: 'h9-i9', movesLeft: 2 });
  s = L.tryAgain(s);
  assert.deepEqual(s.moves, ['e1-e2', 'i9-h9']);
  assert.equal(s.status, 'playing');
  assert.equal(L.replied(s, 'h9-i9'), s, 'the reply that was pending is stale');
});

test('a verdict that could not be made, and a reply the board refused, stop the lesson as wrong', () => {
  const s = L.moved(playing(), 'e1-e2', { error: 'bad move' });
  assert.equal(s.status, 'wrong');
  assert.deepEqual(s.feedback, { text: 'bad move' });
  const r = L.replyFailed(L.moved(playing(), 'e1-e2', { status: 'continue', reply: 'zz', movesLeft: 3 }), 'refused');
  assert.equal(r.status, 'wrong');
  assert.equal(r.pending, null);
  assert.deepEqual(L.tryAgain(r).moves, []);
});

test('hints: the lesson’s hint and the move on the learner’s first turn, the move alone later; nothing while locked', () => {
  const s = playing();
  assert.deepEqual(L.hinted(s, 'e1-e2').feedback, [{ key: 'lesson.walk.hint' }, { key: 'lessons.hintMove', params: { move: 'e1-e2' } }]);
  assert.deepEqual(L.hinted(s, null).feedback, { key: 'lessons.noHint' });
  const replying = L.moved(s, 'e1-e2', { status: 'continue', reply: 'i9-h9', movesLeft: 3 });
  assert.equal(L.hinted(replying, 'x'), replying);
  // The lesson's own words are about its start: after a move, only the move is said.
  const later = L.replied(replying, 'i9-h9');
  assert.equal(later.status, 'playing');
  assert.deepEqual(L.hinted(later, 'e2-d2').feedback, { key: 'lessons.hintMove', params: { move: 'e2-d2' } });
});

test('stop: back to the list, and whatever the lesson had under way is stale', () => {
  const s = L.moved(playing(), 'e1-e2', { status: 'continue', reply: 'i9-h9', movesLeft: 3 });
  const idle = L.stop(s);
  assert.equal(idle.status, 'idle');
  assert.equal(idle.lesson, null);
  assert.equal(L.replied(idle, 'i9-h9'), idle);
  assert.equal(L.loaded(idle, s.seq), idle);
  assert.ok(idle.seq > s.seq);
});

test('sessionView: which buttons serve, and what the locked board says, in each status', () => {
  const progress = { done: [], offer: null };
  const loading = L.start(L.idle(), WALK, 0);
  const fresh = L.loaded(loading, loading.seq);
  const replying = L.moved(fresh, 'e1-e2', { status: 'continue', reply: 'i9-h9', movesLeft: 3 });
  const later = L.replied(replying, 'i9-h9');
  const pick = (s) => {
    const v = L.sessionView(s, LIST, progress);
    return [v.status, v.locked, v.lock && v.lock.key, v.hint, v.retry, v.next && v.next.key];
  };
  assert.deepEqual(pick(L.idle()), ['idle', true, null, false, false, null]);
  assert.deepEqual(pick(loading), ['loading', true, 'lessons.lock.loading', false, false, null]);
  assert.deepEqual(pick(fresh), ['playing', false, null, true, false, null]);
  assert.deepEqual(pick(replying), ['replying', true, 'lessons.lock.replying', false, true, null]);
  assert.deepEqual(pick(later), ['playing', false, null, true, true, null], 'Try again restarts a lesson under way');
  assert.deepEqual(L.sessionView(fresh, LIST, progress).lesson, 'walk');
  assert.equal(L.sessionView(fresh, LIST, progress).last, false);
  assert.equal(L.sessionView(L.start(fresh, PLAN, 2), LIST, progress).last, true);
});

test('every message the session and its view name exists in every language', () => {
  const keys = new Set([
    'lessons.yourMove', 'lessons.replying', 'lessons.replied', 'lessons.noHint', 'lessons.hintMove', 'lessons.why.jumped', 'lessons.why.enemyWalked',
    'lessons.doNext.wrong', 'lessons.doNext.done', 'lessons.doNext.doneLast', 'lessons.doNext.allDone',
    'lessons.lock.loading', 'lessons.lock.replying', 'lessons.lock.wrong', 'lessons.lock.done',
  ]);
  for (const lang of LANGUAGES) {
    for (const key of keys) {
      const text = translate(lang, key, { n: 2, move: 'd7xd5', guard: 'd6', from: 'd7' });
      assert.ok(text && text !== key, `${lang}: ${key}`);
    }
  }
});

test('every lesson of the rules core is completed through the session with lessonHint’s moves', () => {
  const list = L.readCatalogue(wasm.lessons());
  assert.ok(list.length >= 9, `${list.length} lessons`);
  let progress = { done: [], offer: null };
  for (const [i, lesson] of list.entries()) {
    for (const lang of LANGUAGES) {
      for (const part of ['title', 'text', 'goal', 'hint', 'done']) {
        const key = `lesson.${lesson.id}.${part}`;
        assert.notEqual(translate(lang, key), key, `${lang}: ${key}`);
      }
    }
    let s = L.start(L.idle(), lesson, i);
    s = L.loaded(s, s.seq);
    for (let turn = 0; s.status === 'playing'; turn++) {
      assert.ok(turn < 20, `${lesson.id}: too many turns`);
      const move = wasm.lessonHint(lesson.id, s.moves);
      assert.ok(move, `${lesson.id}: a hint after ${s.moves.join(' ')}`);
      s = L.moved(s, move, wasm.lessonJudge(lesson.id, [...s.moves, move]));
      if (s.status === 'replying') s = L.replied(s, s.pending);
    }
    assert.equal(s.status, 'done', `${lesson.id}: ${JSON.stringify(s.feedback)}`);
    assert.deepEqual(s.feedback.key, `lesson.${lesson.id}.done`);
    progress = L.markDone(progress, lesson.id);
  }
  assert.equal(L.allDone(list, progress), true);
  assert.equal(L.offerShown(progress), false);
});
