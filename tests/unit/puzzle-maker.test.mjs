// Unit tests of www/editor/puzzle-maker.js's judgement, on a stand-in for the rules core: a goal
// that does not hold, one that holds with one first move, and one with several.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findPuzzle, puzzleElement, GOALS } from '../../www/editor/puzzle-maker.js';

/** A rules core whose position has the moves `moves`, and a proof search that finds `winners` win. */
function stand(moves, winners, { throws = false, slower = [] } = {}) {
  let freed = 0;
  const core = {
    Game: {
      fromCode: () => ({ state: () => ({ moves: moves.map((text) => ({ text })) }), free: () => freed++ }),
    },
  };
  const teaching = {
    puzzleSolution: () => {
      if (throws) throw Object.assign(new Error('impossible puzzle'), { code: 'bad-puzzle' });
      return winners.length ? [winners[0], 'x1-x2'] : [];
    },
    puzzleJudge: (_v, _c, _g, [m]) => ({ status: winners.includes(m) ? 'continue' : slower.includes(m) ? 'slower' : 'wrong' }),
  };
  return { core, teaching, freed: () => freed };
}

const P = { variant: 'classic', code: 'code', goal: /** @type {const} */ ('win2') };

test('a goal the proof search refutes does not hold', () => {
  const s = stand(['a1-a2'], [], { throws: true });
  assert.deepEqual(findPuzzle(s.teaching, s.core, P), { holds: false });
  const empty = stand(['a1-a2'], []);
  assert.deepEqual(findPuzzle(empty.teaching, empty.core, P), { holds: false });
});

test('one first move that reaches the goal is a puzzle; a slower win does not count', () => {
  const s = stand(['a1-a2', 'b1-b2', 'c1-c2'], ['b1-b2'], { slower: ['c1-c2'] });
  assert.deepEqual(findPuzzle(s.teaching, s.core, P), { holds: true, solution: ['b1-b2', 'x1-x2'], correct: ['b1-b2'], unique: true });
  assert.equal(s.freed(), 1, 'the game made to list the moves is freed');
});

test('several first moves that reach the goal make no puzzle', () => {
  const s = stand(['a1-a2', 'b1-b2', 'c1-c2'], ['c1-c2', 'a1-a2']);
  const f = findPuzzle(s.teaching, s.core, P);
  assert.equal(f.holds && f.unique, false);
  assert.deepEqual(f.holds && f.correct, ['a1-a2', 'c1-c2']);
});

test('the element of a puzzle carries its rules, position and goal, quoted', () => {
  assert.deepEqual([...GOALS], ['win2', 'win3', 'stop']);
  assert.equal(
    puzzleElement({ variant: 'sackson,lead="2"&', code: '4c4/9/9/9/9/9/9/9/4C4 b 0 1', goal: 'stop' }),
    '<blue-gray-game mode="puzzle" variant="sackson,lead=&quot;2&quot;&amp;" position="4c4/9/9/9/9/9/9/9/4C4 b 0 1" goal="stop"></blue-gray-game>',
  );
});
