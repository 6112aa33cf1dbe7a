// Unit test of www/page/games.js's linkGame: a link's mode=puzzle is refused for the page's board
// (puzzles are the Puzzles view's), and the rest of the link still counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkGame } from '../../www/page/games.js';

test('a link asking the page’s board for puzzle mode is told the modes it has; its other settings count', () => {
  const r = linkGame('?mode=puzzle&variant=classic', '', undefined);
  assert.deepEqual(r.attrs, { variant: 'classic' });
  assert.deepEqual(r.errors.map((e) => [e.name, e.value, e.expected]), [['mode', 'puzzle', 'puzzles.expectedPageMode']]);
  assert.deepEqual(linkGame('?mode=two', '', undefined).attrs, { mode: 'two' });
  assert.deepEqual(linkGame('?mode=puzzle', '', undefined).attrs, undefined, 'nothing else: no game asked for');
});
