// Unit tests of www/remote/live-protocol.js (what a device accepts from the relay, with Web Crypto and
// the rules core as the page has them), www/remote/friend.js (how a link's moves stand to this
// device's) and the settings a friend's game adds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayWith, newIdentity, signer, firstSnapshot, sealed, withMove, parseSnapshot, checkSnapshot, compare, isKeyText, topics } from '../../www/remote/live-protocol.js';
import { compareMoves, linkOrder, linkNotice, offersLink, friendStatus } from '../../www/remote/friend.js';
import { newGameId, GAME_ID } from '../../www/lib/game-id.js';
import { readSettings } from '../../www/lib/settings.js';
import { readLink } from '../../www/page/address.js';
import { loadCore } from './core.mjs';

const core = await loadCore();

/** The side that made each move, from the rules core, as the board answers `replay`. */
const replay = replayWith(core.Game);

/** A game started by Blue, with Gray seated: ids, keys, signers and its first snapshot. */
async function game() {
  const id = newGameId();
  const blue = await newIdentity();
  const gray = await newIdentity();
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const first = await firstSnapshot({ id, variant: 'sackson', host: 'blue', key: blue.key, sign: signBlue });
  const snap = await sealed(first, gray.key, signBlue);
  const expect = { id, host: 'blue', hostKey: blue.key, known: null, replay };
  return { id, blue, gray, signBlue, signGray, first, snap, expect };
}

/** A snapshot as it travels: through JSON and back. */
const wire = (snap) => parseSnapshot(JSON.stringify(snap));

test('a game id is 128 random bits, and the settings read it, a relay and a host key', () => {
  const a = newGameId();
  assert.match(a, GAME_ID);
  assert.notEqual(a, newGameId());
  const key = 'A'.repeat(87);
  const { settings, errors } = readSettings({ mode: 'live', 'game-id': a.toUpperCase(), relay: 'wss://relay.example.org/mqtt', 'host-key': key }, ['mode', 'game-id', 'relay', 'host-key']);
  assert.deepEqual(errors, []);
  assert.deepEqual(settings, { mode: 'live', 'game-id': a, relay: 'wss://relay.example.org/mqtt', 'host-key': key });
  for (const [name, value] of [
    ['game-id', 'abc'],
    ['relay', 'http://example.org'],
    ['relay', 'not a url'],
    ['host-key', 'short'],
  ]) {
    assert.equal(readSettings({ [name]: value }, [name]).errors.length, 1, `${name}=${value} is refused`);
  }
});

test('a relay alone in a link configures the page, and is a game’s only in a live invitation', () => {
  const id = newGameId();
  const alone = readLink('?relay=ws://127.0.0.1:9001', '', undefined);
  assert.equal(alone.request, null);
  assert.equal(alone.relay, 'ws://127.0.0.1:9001/');
  const invite = readLink('', `#mode=live&side=gray&relay=ws://127.0.0.1:9001&game-id=${id}`, undefined);
  assert.deepEqual(invite.request, { from: 'invitation', mode: 'live', side: 'gray', relay: 'ws://127.0.0.1:9001/', gameId: id });
  const ai = readLink('?relay=ws://127.0.0.1:9001&mode=ai', '', undefined);
  assert.deepEqual(ai.request, { from: 'query', mode: 'ai' });
});

test('a snapshot holds when the host, the seal and every move are signed by the right seat', async () => {
  const g = await game();
  assert.ok(isKeyText(g.blue.key));
  assert.equal(topics(g.id).game, `bluegray/v1/${g.id}/game`);
  assert.equal(await checkSnapshot(wire(g.first), g.expect), null);
  assert.equal(await checkSnapshot(wire(g.snap), g.expect), null);
  let s = await withMove(g.snap, ['e2-e3'], g.signBlue);
  s = await withMove(s, ['e2-e3', 'e8-e7'], g.signGray);
  assert.equal(await checkSnapshot(wire(s), g.expect), null);
  assert.equal(compare(s, g.snap), 'newer');
  assert.equal(compare(g.snap, s), 'older');
  assert.equal(compare(g.snap, g.first), 'newer', 'the seat given is news');
});

test('forged snapshots are refused: out of turn, a stranger’s key, a changed move, an illegal move, another game', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-e3'], g.signBlue);
  // Gray signs a move of Blue's.
  assert.match(await checkSnapshot(wire(await withMove(g.snap, ['e2-e3'], g.signGray)), g.expect), /not signed by blue/);
  // Gray plays two moves in a row: the second is Blue's turn again.
  const two = await withMove(one, ['e2-e3', 'e8-e7'], g.signGray);
  assert.match(await checkSnapshot(wire(await withMove(two, ['e2-e3', 'e8-e7', 'd2-d3'], g.signGray)), g.expect), /move 3 is not signed by blue/);
  // A stranger poses as the host with a key of its own.
  const stranger = await newIdentity();
  const signStranger = await signer(stranger.privateJwk);
  const posed = await firstSnapshot({ id: g.id, variant: 'sackson', host: 'blue', key: stranger.key, sign: signStranger });
  assert.match(await checkSnapshot(wire(posed), g.expect), /not the host/);
  // A stranger gives itself the second seat.
  const seized = await sealed(g.first, stranger.key, signStranger);
  assert.match(await checkSnapshot(wire(seized), g.expect), /not sealed by the host/);
  // A move changed after it was signed, known moves or not.
  const changed = { ...two, moves: ['e2-e3', 'd8-d7'] };
  assert.match(await checkSnapshot(wire(changed), g.expect), /move 2 is not signed/);
  assert.match(await checkSnapshot(wire(changed), { ...g.expect, known: two }), /move 2 is not signed/);
  // Other rules than the host signed.
  assert.match(await checkSnapshot(wire({ ...g.snap, variant: 'classic' }), g.expect), /rules are not signed/);
  // An illegal move, however signed.
  assert.match(await checkSnapshot(wire(await withMove(g.snap, ['e2-e5'], g.signBlue)), g.expect), /illegal move/);
  // Another game's snapshot, and junk.
  assert.equal(await checkSnapshot(wire(g.snap), { ...g.expect, id: newGameId() }), 'another game');
  for (const junk of ['', 'null', '{}', '[]', '{"v":1}', JSON.stringify({ ...g.snap, moves: 'e2-e3' }), JSON.stringify({ ...g.snap, moves: ['x'], sigs: [] })]) {
    assert.equal(parseSnapshot(junk), null, junk);
  }
});

test('how a link’s moves stand to this device’s game', () => {
  assert.deepEqual(compareMoves(['a', 'b'], ['a', 'b']), { order: 'same' });
  assert.deepEqual(compareMoves(['a'], ['a', 'b']), { order: 'newer' });
  assert.deepEqual(compareMoves(['a', 'b'], ['a']), { order: 'older' });
  assert.deepEqual(compareMoves(['a', 'b', 'c'], ['a', 'x', 'c', 'd']), { order: 'differs', ply: 2 });
  // A link adds only the friend's moves: after Blue's move (Gray to move), at Gray's seat.
  const gs = { history: ['a'], side: 'gray' };
  assert.deepEqual(linkOrder(gs, 'blue', ['a', 'b']), { order: 'newer' });
  assert.deepEqual(linkOrder(gs, 'gray', ['a', 'b']), { order: 'own', ply: 2 });
  assert.deepEqual(linkOrder({ history: ['a', 'b'], side: 'blue' }, 'gray', ['a', 'b', 'c', 'd']), { order: 'own', ply: 4 });
  assert.deepEqual(linkOrder({ history: ['a', 'b'], side: 'blue' }, 'gray', ['a', 'b', 'c']), { order: 'newer' });
  assert.deepEqual(linkOrder(gs, 'gray', ['x']), { order: 'differs', ply: 1 });
  assert.deepEqual(linkNotice({ history: ['a'], side: 'gray', moveRows: [] }, ['a', 'b'], { order: 'own', ply: 2 }), { key: 'friend.ownMove', params: { move: 'b', side: 'gray' } });
});

test('the link is offered after the player’s move, and in a live game only while the relay is away', () => {
  const gs = (side, result = null) => ({ side, result, captureRequired: false });
  const b = (mode, side, seat, live = null) => ({ settings: { mode }, gs: gs(side), seat, live });
  assert.equal(offersLink(b('friend', 'gray', 'blue')), true);
  assert.equal(offersLink(b('friend', 'blue', 'blue')), false);
  assert.equal(offersLink(b('live', 'gray', 'blue', { relay: 'connected' })), false);
  assert.equal(offersLink(b('live', 'gray', 'blue', { relay: 'unreachable' })), true);
  assert.equal(offersLink(b('live', 'gray', 'watch', { relay: 'unreachable' })), false);
  assert.deepEqual(friendStatus(b('friend', 'gray', 'blue')), { key: 'friend.waiting', params: { side: 'gray' } });
  assert.deepEqual(friendStatus(b('live', 'gray', 'watch')), { key: 'live.watching', params: { side: 'gray' } });
  assert.equal(friendStatus(b('ai', 'gray', null)), null);
});
