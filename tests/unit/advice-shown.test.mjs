// Unit tests of www/play/page-state.js adviceShown and analysingGame: the evaluation and best
// line follow the reader's two boxes and nothing else, a game the board editor opened for
// analysis included; that game, while a game from its rules and start is on the board, is one
// being analysed (play/endings.js offers it no ending by the players' word).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adviceShown, analysingGame, defaultPageState, withPref } from '../../www/play/page-state.js';

const START = '4c4/9/9/9/9/9/1C7/9/9 b 0 1';
/** A board's game: only its rules and start matter here. */
const game = (variant, start) => /** @type {any} */ ({ variant, start, history: [] });

test('the preferences decide', () => {
  const p = defaultPageState();
  assert.deepEqual(adviceShown(p), { showEval: false, showLine: false });
  assert.deepEqual(adviceShown(withPref(p, 'showLine', true)), { showEval: false, showLine: true });
  assert.deepEqual(adviceShown(withPref(p, 'showEval', true)), { showEval: true, showLine: false });
});

test('a game opened for analysis shows what the boxes say, and is analysed for that game only', () => {
  const p = { ...defaultPageState(), analysing: { variant: 'sackson', start: START } };
  assert.deepEqual(adviceShown(p), { showEval: false, showLine: false });
  assert.equal(analysingGame(p, game('sackson', START)), true);
  assert.equal(analysingGame(p, game('classic', START)), false);
  assert.equal(analysingGame(p, game('sackson', '9/9/9/9/4c4/9/9/9/4C4 b 0 1')), false);
  assert.equal(analysingGame(p, null), false);
  assert.equal(analysingGame(defaultPageState(), game('sackson', START)), false);
});
