// Unit tests of www/engine/evaluation.js over the rules core's own answers (the built wasm package in
// www/pkg): a score's forced result comes from the rules core's `mateIn`, never decoded again in
// JS, and is said in the winner's own moves; a score is said with the side named and the rules
// core's own figure without its sign, in every language.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { describeScore, describeAfterMove, searchDetails, aboutSteps, lostSteps } from '../../www/engine/evaluation.js';
import { winnerMoves } from '../../www/lib/moves.js';
import { say, loadMessages } from '../../www/lib/i18n.js';
import { loadCore } from './core.mjs';

/** Blue's captain one free step from the red dot, Blue to move: a win in one ply. */
const WIN_IN_ONE = 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30';

let wasm = null;
before(async () => {
  wasm = await loadCore();
  // The engine's words are a part of their own, loaded with them.
  for (const lang of ['ru', 'hu']) await loadMessages('play', lang);
});

test('a win in one ply is a win in one move: the rules core says so and the page says it in moves', () => {
  for (const result of [wasm.think('sackson', WIN_IN_ONE, '', 8, undefined), wasm.analyse('sackson', WIN_IN_ONE, '', undefined)]) {
    assert.equal(result.mateIn, 1, JSON.stringify(result));
    assert.deepEqual(describeScore(result, result.side), { key: 'eval.wins', params: { side: 'blue', n: 1 } });
    assert.equal(say('en', describeScore(result, result.side)), 'Blue wins in 1 move.');
    assert.equal(say('ru', describeScore(result, result.side)), 'Синие выигрывают за 1 ход.');
    assert.equal(say('hu', describeScore(result, result.side)), 'Kék 1 lépésben nyer.');
    // The computer's winning move leaves nothing to say of the position: the game is over.
    assert.equal(describeAfterMove({ ...result, side: 'blue' }), null);
  }
});

test('a forced result is counted in the winner’s own moves, from the side to move’s plies', () => {
  // The side to move wins in 1, 3, 5 plies: its 1st, 2nd, 3rd move; loses in 2, 4: the other's 1st, 2nd.
  assert.deepEqual([1, 3, 5, -2, -4].map(winnerMoves), [1, 2, 3, 1, 2]);
  const say3 = (mateIn) => say('en', describeScore({ score: 0, mateIn, scoreText: '' }, 'gray'));
  assert.equal(say3(3), 'Gray wins in 2 moves.');
  assert.equal(say3(-2), 'Blue wins in 1 move.');
  // After the computer's move, one ply nearer: Gray won in 3 plies with its move, 2 are left (1 of Gray's).
  assert.equal(say('en', describeAfterMove({ side: 'gray', score: 0, mateIn: 3, scoreText: '' })), 'Gray wins in 1 move.');
  assert.equal(say('en', describeAfterMove({ side: 'gray', score: 0, mateIn: -4, scoreText: '' })), 'Blue wins in 2 moves.');
  // Russian and Hungarian forms of the count.
  assert.deepEqual(
    [1, 3, 9, 41].map((mateIn) => say('ru', describeScore({ score: 0, mateIn, scoreText: '' }, 'blue'))),
    ['Синие выигрывают за 1 ход.', 'Синие выигрывают за 2 хода.', 'Синие выигрывают за 5 ходов.', 'Синие выигрывают за 21 ход.'],
  );
  assert.equal(say('hu', describeScore({ score: 0, mateIn: 3, scoreText: '' }, 'gray')), 'Szürke 2 lépésben nyer.');
});

test('an ordinary score names the side ahead by about how many steps (aboutSteps), never a bare figure', () => {
  const result = wasm.analyse('sackson', 'sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1', '', undefined);
  assert.equal(result.mateIn ?? null, null);
  const m = describeScore(result, result.side);
  const n = aboutSteps(result.score);
  if (result.score === 0) assert.deepEqual(m, { key: 'eval.level' });
  else if (n === 0) assert.deepEqual(m, { key: 'eval.aboutLevel' });
  else assert.equal(say('en', m), `${result.score > 0 ? 'Blue' : 'Gray'} is ahead by about ${n} step${n === 1 ? '' : 's'}.`);
  // Scores are hundredths of a step, rounded to whole steps, for either side.
  assert.deepEqual([0, 49, 50, 149, 383, -383, -1000].map(aboutSteps), [0, 0, 1, 1, 4, 4, 10]);
  // A move the review says lost something lost at least a step.
  assert.deepEqual([10, 149, 150, 383].map(lostSteps), [1, 1, 2, 4]);
  // The same score from either side's view says the same thing.
  const blue = { score: 383, mateIn: null };
  const gray = { score: -383, mateIn: null };
  assert.equal(say('en', describeScore(blue, 'blue')), 'Blue is ahead by about 4 steps.');
  assert.equal(say('en', describeScore(gray, 'gray')), 'Blue is ahead by about 4 steps.');
  assert.equal(say('en', describeScore({ score: -100 }, 'blue')), 'Gray is ahead by about 1 step.');
  assert.equal(say('en', describeScore({ score: -40 }, 'blue')), 'The game is about level.');
  assert.equal(say('ru', describeScore(gray, 'gray')), 'Синие впереди примерно на 4 шага.');
  assert.equal(say('ru', describeScore({ score: 500 }, 'gray')), 'Серые впереди примерно на 5 шагов.');
  assert.equal(say('hu', describeScore(gray, 'gray')), 'Kék nagyjából 4 lépés előnyben van.');
  assert.equal(say('hu', describeScore({ score: 30 }, 'gray')), 'Az állás nagyjából kiegyenlített.');
  assert.equal(say('en', describeScore({ score: 0 }, 'gray')), 'The game is level.');
  // The computer's score holds after its move.
  assert.equal(say('en', describeAfterMove({ ...gray, side: 'gray' })), 'Blue is ahead by about 4 steps.');
});

test('the search’s depth and size are said for a tooltip, with plural forms', () => {
  const d = (lang, nodes) => say(lang, searchDetails({ depth: 3, nodes }, String(nodes)));
  assert.equal(d('en', 1), 'Depth 3, 1 node searched.');
  assert.equal(d('en', 46), 'Depth 3, 46 nodes searched.');
  assert.deepEqual([1, 2, 5].map((n) => d('ru', n)), ['Глубина 3, просмотрено 1 узел.', 'Глубина 3, просмотрено 2 узла.', 'Глубина 3, просмотрено 5 узлов.']);
  assert.equal(d('hu', 46), 'Mélység: 3, 46 csomópont átnézve.');
});
