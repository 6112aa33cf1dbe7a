// Unit tests of www/play/address.js's readLink: which door a link is, the request it makes, and
// a link's mode=puzzle refused for the page's board (puzzles are the Puzzles view's) while the
// rest of the link still counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLink } from '../../www/play/address.js';

test('a link asking the page’s board for puzzle mode is told the modes it has; its other settings count', () => {
  const r = readLink('?mode=puzzle&variant=classic', '', undefined);
  assert.deepEqual(r.request, { from: 'query', variant: 'classic' });
  assert.deepEqual(r.errors.map((e) => [e.name, e.value, e.expected]), [['mode', 'puzzle', 'puzzles.expectedPageMode']]);
  assert.deepEqual(readLink('?mode=two', '', undefined).request, { from: 'query', mode: 'two' });
  assert.equal(readLink('?mode=puzzle', '', undefined).request, null, 'nothing else: no game asked for');
});

test('the door a link is: the query, the fragment, a friend’s link, an invitation', () => {
  const id = 'ab'.repeat(16);
  assert.equal(readLink('?mode=two', '', undefined).request?.from, 'query');
  assert.equal(readLink('?lang=ru', '#mode=two&record=x', undefined).request?.from, 'fragment');
  assert.deepEqual(readLink('', `#mode=friend&side=gray&game-id=${id}&record=x`, undefined).request, { from: 'friend-link', mode: 'friend', side: 'gray', gameId: id, record: 'x' });
  assert.equal(readLink('', `#mode=live&side=gray&game-id=${id}&relay=ws://h:1`, undefined).request?.from, 'invitation');
  // A friend's game without an id is a new game by link (the door gives it one), not a link of a game.
  assert.deepEqual(readLink('?mode=friend&side=blue', '', undefined).request, { from: 'query', mode: 'friend', side: 'blue' });
});

test('where a link asks the game to stand is its place, with or without a game', () => {
  assert.deepEqual(readLink('?ply=3&view=1', '', undefined), { request: null, place: { ply: 3, view: 1 }, relay: undefined, errors: [] });
  assert.deepEqual(readLink('?mode=two&view=2', '', undefined).request, { from: 'query', mode: 'two', view: 2 });
});
