// Unit tests of a live rematch (www/live/live-protocol.js withRematch/-Answer, and live-check.js
// checkSnapshot and compare): offered once the game is over by a seat of it, signed by that seat's
// key over this game, answered by the other seat (or cancelled by the offerer); a forged rematch
// changes nothing on an honest device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayWith, firstSnapshot, withMove, withEnd, withRematch, withRematchAnswer } from '../../www/live/live-protocol.js';
import { parseSnapshot, checkSnapshot, compare } from '../../www/live/live-check.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';
import { loadCore } from './core.mjs';

const core = await loadCore();
const replay = replayWith(core.Game);

/** A game of 3+2 started by Blue, after one move each and Gray's resignation; and the keys of a rematch. */
async function resigned() {
  const id = newGameId();
  const [blue, gray, next, next2] = await Promise.all([newIdentity(), newIdentity(), newIdentity(), newIdentity()]);
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const first = await firstSnapshot({ id, variant: 'sackson', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: signBlue, clock: '3+2' });
  const one = await withMove(first, ['e2-f3'], signBlue, 'blue', 179_000, 1_000_000);
  const two = await withMove(one, ['e2-f3', 'e8-d7'], signGray, 'gray', 175_000, 1_005_000);
  const over = await withEnd(two, 'resign', 'gray', signGray, 1_006_000);
  return { id, signBlue, signGray, two, over, next, next2, expect: { id, hostKey: blue.key, known: over, replay, now: 1_010_000 } };
}

/** A snapshot as it travels: through JSON and back. */
const wire = (/** @type {unknown} */ snap) => parseSnapshot(JSON.stringify(snap));

test('a rematch offered by a seat of the finished game and accepted by the other holds, each step newer', async () => {
  const g = await resigned();
  const newId = newGameId();
  const offered = wire(await withRematch(g.over, 'gray', newId, g.next.key, g.signGray));
  assert.ok(offered);
  assert.deepEqual([offered.rematch?.side, offered.rematch?.n, offered.rematch?.id], ['gray', 1, newId]);
  assert.equal(await checkSnapshot(offered, g.expect), null);
  assert.equal(compare(offered, g.over), 'newer', 'an offer is news');
  assert.equal(compare(g.over, offered), 'older');
  const accepted = wire(await withRematchAnswer(offered, 'accept', g.signBlue, g.next2.key));
  assert.ok(accepted);
  assert.equal(await checkSnapshot(accepted, g.expect), null);
  assert.equal(accepted.rematch?.answer?.key, g.next2.key);
  assert.equal(compare(accepted, offered), 'newer', 'the answer is news');
  assert.equal(compare(offered, accepted), 'older');
  assert.equal(withRematchAnswer(accepted, 'decline', g.signBlue), null, 'an answered offer takes no other answer');
  // Declined, then offered again by the other seat: a second offer, newer still.
  const declined = wire(await withRematchAnswer(offered, 'decline', g.signBlue));
  assert.ok(declined);
  assert.equal(await checkSnapshot(declined, g.expect), null);
  assert.equal(compare(declined, accepted), 'different', 'two answers to one offer');
  const again = wire(await withRematch(declined, 'blue', newGameId(), g.next2.key, g.signBlue));
  assert.equal(again?.rematch?.n, 2);
  assert.equal(await checkSnapshot(again, g.expect), null);
  assert.equal(compare(again, declined), 'newer');
  // The offerer cancels its own.
  const cancelled = wire(await withRematchAnswer(offered, 'cancel', g.signGray));
  assert.equal(await checkSnapshot(cancelled, g.expect), null);
});

test('a forged rematch changes nothing: the wrong key, a game not over, this game again, another game’s offer, an answer by the wrong seat', async () => {
  const g = await resigned();
  const newId = newGameId();
  // Gray's offer signed with Blue's key.
  const forged = wire(await withRematch(g.over, 'gray', newId, g.next.key, g.signBlue));
  assert.equal(await checkSnapshot(forged, g.expect), 'the rematch is not offered by gray');
  // Offered while the game goes on.
  const early = wire(await withRematch(g.two, 'gray', newId, g.next.key, g.signGray));
  assert.equal(await checkSnapshot(early, { ...g.expect, known: g.two }), 'a rematch of a game not over');
  // The new game is this one.
  const same = wire(await withRematch(g.over, 'gray', g.id, g.next.key, g.signGray));
  assert.equal(await checkSnapshot(same, g.expect), 'a rematch that is this game');
  // Another game's offer, signed by a seat of that game over that game, put on this one.
  const other = await resigned();
  const theirs = await withRematch(other.over, 'gray', newId, g.next.key, other.signGray);
  const carried = wire({ ...g.over, rematch: theirs.rematch });
  assert.equal(await checkSnapshot(carried, g.expect), 'the rematch is not offered by gray');
  // The offerer accepts its own offer; the other seat cancels it.
  const offered = await withRematch(g.over, 'gray', newId, g.next.key, g.signGray);
  const self = wire(await withRematchAnswer(offered, 'accept', g.signGray, g.next2.key));
  assert.equal(await checkSnapshot(self, g.expect), "the rematch's accept is not signed by blue");
  const notTheirs = wire(await withRematchAnswer(offered, 'cancel', g.signBlue));
  assert.equal(await checkSnapshot(notTheirs, g.expect), "the rematch's cancel is not signed by gray");
  // An acceptance whose key was swapped after signing.
  const accepted = /** @type {any} */ (await withRematchAnswer(offered, 'accept', g.signBlue, g.next2.key));
  const swapped = wire({ ...accepted, rematch: { ...accepted.rematch, answer: { ...accepted.rematch.answer, key: (await newIdentity()).key } } });
  assert.equal(await checkSnapshot(swapped, g.expect), "the rematch's accept is not signed by blue");
  // A malformed rematch makes no snapshot.
  const r = /** @type {any} */ (offered.rematch);
  for (const rematch of [null, { ...r, side: 'red' }, { ...r, n: 0 }, { ...r, id: 'abc' }, { ...r, key: 3 }, { ...r, answer: { how: 'maybe', sig: 'x' } }, { ...r, answer: { how: 'accept', sig: 'x' } }, { ...r, answer: { how: 'accept', key: r.key, sig: 'x' } }]) {
    assert.equal(parseSnapshot(JSON.stringify({ ...offered, rematch })), null, JSON.stringify(rematch));
  }
});

test('a game the rules ended (no `end`) takes a rematch too; one offered a move before the end does not hold', async () => {
  const id = newGameId();
  const [blue, gray, next] = await Promise.all([newIdentity(), newIdentity(), newIdentity()]);
  const sign = { blue: await signer(blue.privateJwk), gray: await signer(gray.privateJwk) };
  let snap = await firstSnapshot({ id, variant: 'super-light', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: sign.blue });
  const game = new core.Game('super-light');
  let before = snap;
  try {
    for (let i = 0; i < 400 && !game.state().result; i++) {
      const s = game.state();
      game.play((s.moves.find((m) => m.kind === 'captain') || s.moves[0]).text);
      before = snap;
      snap = await withMove(snap, game.state().history, sign[s.side], s.side);
    }
    assert.ok(game.state().result, 'the rules ended the game');
  } finally {
    game.free();
  }
  const expect = { id, hostKey: blue.key, known: null, replay };
  assert.equal(snap.end, undefined);
  const offered = wire(await withRematch(snap, 'blue', newGameId(), next.key, sign.blue));
  assert.equal(await checkSnapshot(offered, expect), null);
  assert.equal(compare(/** @type {any} */ (offered), snap), 'newer');
  const early = wire(await withRematch(before, 'blue', newGameId(), next.key, sign.blue));
  assert.equal(await checkSnapshot(early, expect), 'a rematch of a game not over');
});
