// Unit tests of www/play/page-state.js adviceShown: the evaluation and best line follow the
// reader's preferences, and a game the board editor opened for analysis shows both while a game
// from its rules and start is on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adviceShown, defaultPageState, withPref } from '../../www/play/page-state.js';

const START = '4c4/9/9/9/9/9/1C7/9/9 b 0 1';
/** A board's game: only its rules and start matter here. */
const game = (variant, start) => /** @type {any} */ ({ variant, start, history: [] });

test('without an analysis the preferences decide', () => {
  const p = defaultPageState();
  assert.deepEqual(adviceShown(p, game('sackson', START)), { showEval: false, showLine: false });
  assert.deepEqual(adviceShown(withPref(p, 'showLine', true), null), { showEval: false, showLine: true });
});

test('a game opened for analysis shows both, for that game only, and leaves the preferences as they were', () => {
  const p = { ...defaultPageState(), analysing: { variant: 'sackson', start: START } };
  assert.deepEqual(adviceShown(p, game('sackson', START)), { showEval: true, showLine: true });
  assert.deepEqual(adviceShown(p, game('classic', START)), { showEval: false, showLine: false });
  assert.deepEqual(adviceShown(p, game('sackson', '9/9/9/9/4c4/9/9/9/4C4 b 0 1')), { showEval: false, showLine: false });
  assert.deepEqual(adviceShown(p, null), { showEval: false, showLine: false });
  assert.equal(p.prefs.showEval, false);
});
