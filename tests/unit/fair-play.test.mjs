// Fair play (lib/fair-play.js, docs/RULES.md R36): which kept games bar the engine, and
// that a game this browser plays elsewhere bars it on a board of any mode until it is over.
import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { engineHelpBarred, barWhile, keptGameBars } from '../../www/lib/fair-play.js';

afterEach(() => barWhile(() => false));

test('a kept game bars the engine when it is against a person elsewhere, at a seat of this browser, and not over', () => {
  assert.equal(keptGameBars({ mode: 'friend', seat: 'blue', result: null }), true);
  assert.equal(keptGameBars({ mode: 'live', seat: 'gray', result: null }), true);
  assert.equal(keptGameBars({ mode: 'live', seat: 'gray', result: '1-0' }), false, 'over');
  assert.equal(keptGameBars({ mode: 'live', seat: 'watch', result: null }), false, 'watching is not playing');
  assert.equal(keptGameBars({ mode: 'friend', seat: null, result: null }), false, 'no seat');
  assert.equal(keptGameBars({ mode: 'ai', seat: null, result: null }), false);
  assert.equal(keptGameBars({ mode: 'two', result: null }), false);
  assert.equal(keptGameBars({}), false, 'junk read back from storage');
});

test('the board’s own game against a person bars the engine until it is over', () => {
  const going = { result: undefined };
  assert.equal(engineHelpBarred({ mode: 'live' }, going), true);
  assert.equal(engineHelpBarred({ mode: 'friend' }, going), true);
  assert.equal(engineHelpBarred({ mode: 'two', help: 'none' }, going), true);
  assert.equal(engineHelpBarred({ mode: 'friend' }, { result: { token: '1-0' } }), false);
  assert.equal(engineHelpBarred({ mode: 'two' }, going), false);
  assert.equal(engineHelpBarred({ mode: 'ai' }, going), false);
});

test('a game against a person this browser plays elsewhere bars the engine on every board, whatever its mode, until it is over', () => {
  let playing = true;
  barWhile(() => playing);
  for (const mode of ['ai', 'two', 'demo', 'view', 'puzzle']) {
    assert.equal(engineHelpBarred({ mode }, { result: undefined }), true, mode);
    assert.equal(engineHelpBarred({ mode }, { result: { token: '1-0' } }), true, `${mode}, a finished game reviewed`);
    assert.equal(engineHelpBarred({ mode }, null), true, `${mode}, before its state`);
  }
  playing = false;
  assert.equal(engineHelpBarred({ mode: 'ai' }, { result: undefined }), false, 'the game elsewhere over: help is back');
});
