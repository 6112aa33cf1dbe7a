// Unit tests of www/learn/puzzle-words.js and the themes of puzzle-session.js: how a solved
// puzzle was won in words (from the rules core's ending), graded hints, themes chosen, and every
// theme named in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as P from '../../www/learn/puzzle-session.js';
import { endingMessage, hintMessage, themeKey, words } from '../../www/learn/puzzle-words.js';
import { LANGUAGES } from '../../www/lib/languages.js';
import { translate, loadLanguage, loadMessages } from '../../www/lib/i18n.js';

for (const lang of LANGUAGES) {
  await loadLanguage(lang);
  await loadMessages('learn', lang);
}

const puzzle = (id, theme, goal = 'win2') => ({ id, variant: 'classic', code: `code-${id}`, side: 'gray', goal, length: goal === 'stop' ? 1 : 2, theme });
const SET = [puzzle('a', 'lead'), puzzle('b', 'sacrifice'), puzzle('c', 'block', 'stop'), puzzle('d', 'sacrifice'), puzzle('e', 'fancy')];

test('a lead is said with the captain’s point, both captains’ progress and the lead the rules ask for', () => {
  const m = endingMessage({ reason: 'lead', point: 'c4', ours: 12, theirs: 9, needed: 3 }, 'gray');
  assert.deepEqual(m, { key: 'puzzles.won.lead', params: { side: 'gray', other: 'blue', point: 'c4', ours: 12, theirs: 9, lead: 3, needed: 3 } });
  const said = translate('en', m.key, m.params);
  for (const part of ['Gray', 'c4', '12', '9', '3 steps', 'Blue']) assert.ok(said.includes(part), `${part} in “${said}”`);
  for (const lang of LANGUAGES) assert.ok(translate(lang, m.key, m.params).includes('c4'), lang);
  assert.deepEqual(endingMessage({ reason: 'breakthrough' }, 'blue'), { key: 'puzzles.won.breakthrough', params: { side: 'blue' } });
  // A stop puzzle: the defender's win is what is gone.
  assert.deepEqual(endingMessage({ reason: 'stopped' }, 'blue'), { key: 'puzzles.won.stopped', params: { side: 'gray' } });
});

test('an ending that is not one says nothing', () => {
  for (const bad of [null, undefined, 3, 'lead', {}, { reason: 'impasse' }, { reason: 'lead', point: 'z9', ours: 5, theirs: 2, needed: 3 }, { reason: 'lead', point: 'c4', ours: 2, theirs: 5, needed: 3 }, { reason: 'lead', point: 'c4', ours: '9', theirs: 6, needed: 3 }]) {
    assert.equal(endingMessage(bad, 'blue'), null, JSON.stringify(bad));
  }
});

test('the first hint names the piece on the move’s first point, the second the move', () => {
  const state = { board: [{ point: 'c5', color: 'blue', kind: 'sergeant' }, { point: 'c7', color: 'blue', kind: 'captain' }] };
  const first = hintMessage(1, 'c5-d6', state);
  assert.deepEqual(first, { key: 'puzzles.hintPiece', params: { kind: 'sergeant', point: 'c5' } });
  assert.equal(translate('en', first.key, first.params), 'Move the sergeant on c5.');
  assert.ok(!translate('en', first.key, first.params).includes('d6'), 'the first hint keeps the move');
  assert.deepEqual(hintMessage(1, 'c7xe7xg7', state), { key: 'puzzles.hintPiece', params: { kind: 'captain', point: 'c7' } });
  assert.deepEqual(hintMessage(2, 'c5-d6', state), { key: 'puzzles.hintMove', params: { move: 'c5-d6' } });
  // No board to read: the move itself.
  assert.deepEqual(hintMessage(1, 'c5-d6', null), { key: 'puzzles.hintMove', params: { move: 'c5-d6' } });
  assert.deepEqual(hintMessage(1, 'a1-a2', state), { key: 'puzzles.hintMove', params: { move: 'a1-a2' } });
});

test('hints are graded in the session: the piece, then the move; a new position starts again', () => {
  let s = P.withPuzzles(P.loading(), SET);
  s = P.hinted(s, 'd2-d3');
  assert.equal(s.hintLevel, 1);
  s = P.hinted(s, 'd2-d3');
  assert.equal(s.hintLevel, 2);
  assert.equal(P.hinted(s, 'd2-d3').hintLevel, 2, 'the move is as far as a hint goes');
  s = P.played(s, 'd2-d3', { status: 'continue', reply: 'e9-e8', refutation: [] });
  s = P.replied(s);
  s = P.hinted(s, 'd3-d4');
  assert.equal(s.hintLevel, 1, 'the next move’s hint names its piece first');
  assert.equal(P.hinted(s, 'e4-e5').hintLevel, 1, 'another move (another position) starts again');
});

test('themes: read from the set, listed with their counts, and chosen', () => {
  let s = P.withPuzzles(P.loading(), SET);
  assert.equal(s.puzzles[4].theme, null, 'a theme not known here is none');
  assert.deepEqual(P.themes(s), [
    { theme: 'lead', count: 1 },
    { theme: 'sacrifice', count: 2 },
    { theme: 'block', count: 1 },
  ]);
  assert.equal(s.puzzle.id, 'a');
  s = P.withTheme(s, 'sacrifice');
  assert.equal(s.theme, 'sacrifice');
  assert.equal(s.puzzle.id, 'b', 'the theme’s first puzzle');
  s = P.next(s);
  assert.equal(s.puzzle.id, 'd', 'Next stays in the theme');
  s = P.next(s);
  assert.equal(s.puzzle.id, 'b', 'and comes round in it');
  // A solved puzzle of the theme is skipped while the theme has others.
  s = P.played(s, 'x', { status: 'solved', reply: null, refutation: [] });
  assert.equal(P.next(s).puzzle.id, 'd');
  // Choosing the theme of the puzzle on the board keeps it there.
  assert.equal(P.withTheme(s, 'sacrifice').puzzle, s.puzzle);
  assert.equal(P.withTheme(s, null).theme, null);
  assert.equal(P.withTheme(s, null).puzzle, s.puzzle);
  // What is no theme of the set changes nothing.
  for (const bad of ['race', 'fancy', 3, undefined]) assert.equal(P.withTheme(s, bad), s, String(bad));
  s = P.withTheme(s, 'block');
  assert.equal(s.puzzle.id, 'c');
});

test('every theme has a name in every language', () => {
  for (const theme of P.THEMES) {
    for (const lang of LANGUAGES) {
      const key = themeKey(theme);
      assert.notEqual(translate(lang, key), key, `${lang} ${key}`);
    }
  }
});

test('a message or a list of them in words', () => {
  const t = (key, params) => `${key}${params ? JSON.stringify(params) : ''}`;
  assert.equal(words(null, t), '');
  assert.equal(words({ text: 'plain' }, t), 'plain');
  assert.equal(words([{ key: 'a' }, { text: 'b' }, { key: 'c', params: { n: 1 } }], t), 'a b c{"n":1}');
});
