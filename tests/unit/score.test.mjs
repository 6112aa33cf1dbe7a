// Unit tests of www/review/evaluation.js over the rules core's own answers (the built wasm package in
// www/pkg): a score's forced result comes from the rules core's `mateIn`, never decoded again in
// JS, so a win in one ply reads as one ply in every language.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { scoreMessage, describeScore } from '../../www/review/evaluation.js';
import { say, loadLanguage } from '../../www/lib/i18n.js';
import { loadCore } from './core.mjs';

/** Blue's captain one free step from the red dot, Blue to move: a win in one ply. */
const WIN_IN_ONE = 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30';

let wasm = null;
before(async () => {
  wasm = await loadCore();
  await loadLanguage('ru');
  await loadLanguage('hu');
});

test('a win in one ply is one ply: the rules core says so and the page says it as it is', () => {
  for (const result of [wasm.think(WIN_IN_ONE, 'sackson', 8, undefined), wasm.analyse(WIN_IN_ONE, 'sackson', undefined)]) {
    assert.equal(result.mateIn, 1, JSON.stringify(result));
    assert.equal(say('en', scoreMessage(result)), 'a forced result in 1 ply');
    assert.match(say('ru', scoreMessage(result)), /(^| )1 полуход$/);
    assert.match(say('hu', scoreMessage(result)), /\b1\b/);
    assert.deepEqual(describeScore(result, result.side), { key: 'eval.forced', params: { side: 'blue' } });
  }
});

test('an ordinary score is the rules core’s own figure, unchanged', () => {
  const result = wasm.analyse('sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1', 'sackson', undefined);
  assert.equal(result.mateIn ?? null, null);
  assert.deepEqual(scoreMessage(result), { text: result.scoreText });
  assert.match(result.scoreText, /^[+-]\d+\.\d\d$/);
});
