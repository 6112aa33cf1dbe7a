// Unit tests of www/learn/exercise.js on node's mocked timers: moves played one pause apart
// and in order, busy while anything waits, stopped, a move the board refuses, and one pause.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MoveQueue } from '../../www/learn/exercise.js';
import { REPLY_DELAY_MS } from '../../www/lib/pace.js';

/** A queue whose board records what it plays (and refuses `refuse`), with what it was told. */
function queue(refuse = '') {
  const log = [];
  const q = new MoveQueue({
    play: (m) => {
      if (m === refuse) throw new Error(`refused ${m}`);
      log.push(m);
    },
    failed: (e) => log.push(`failed: ${e.message}`),
    finished: () => log.push('finished'),
  });
  return { q, log };
}

test('moves are played one pause apart, in order, then done and finished; busy until then', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { q, log } = queue();
  q.run(['a', 'b'], () => log.push('done'));
  assert.equal(q.busy, true);
  t.mock.timers.tick(REPLY_DELAY_MS - 1);
  assert.deepEqual(log, [], 'nothing before the pause');
  t.mock.timers.tick(1);
  assert.deepEqual(log, ['a']);
  assert.equal(q.busy, true);
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(log, ['a', 'b', 'done', 'finished']);
  assert.equal(q.busy, false);
});

test('no moves: done and finished at once; stop forgets what waits', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { q, log } = queue();
  q.run([], () => log.push('done'));
  assert.deepEqual(log, ['done', 'finished']);
  q.run(['a', 'b'], () => log.push('never'));
  q.stop();
  assert.equal(q.busy, false);
  for (let i = 0; i < 5; i++) t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(log, ['done', 'finished']);
});

test('a move the board refuses drops the rest, and says so instead of done', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { q, log } = queue('b');
  q.run(['a', 'b', 'c'], () => log.push('done'));
  for (let i = 0; i < 5; i++) t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(log, ['a', 'failed: refused b']);
  assert.equal(q.busy, false);
});

test('later waits one pause, replacing whatever waited; a new run replaces it in turn', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { q, log } = queue();
  q.run(['a'], null);
  q.later(() => log.push('later'));
  assert.equal(q.busy, true);
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(log, ['later'], 'the queued move was dropped');
  assert.equal(q.busy, false);
  q.later(() => log.push('never'));
  q.run(['x'], null);
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(log, ['later', 'x', 'finished']);
});
