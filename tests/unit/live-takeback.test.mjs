// Unit tests of a live takeback (www/live/live-protocol.js withTakebackRequest/-Accepted/-Withdrawn,
// and live-check.js checkSnapshot and compare): asked by the seat whose last move it is, taken back
// only with the other seat's signature, withdrawn only with the asker's; a forged takeback changes
// nothing on an honest device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayWith, firstSnapshot, withMove, withOffer, withTakebackRequest, withTakebackAccepted, withTakebackWithdrawn, takebackText } from '../../www/live/live-protocol.js';
import { parseSnapshot, checkSnapshot, compare } from '../../www/live/live-check.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';
import { loadCore } from './core.mjs';

const core = await loadCore();
const replay = replayWith(core.Game);

/** A game started by Blue with a clock (`clock`: none, no clock), after Blue's and Gray's first moves. */
async function twoMoves(clock = '3+2') {
  const id = newGameId();
  const blue = await newIdentity();
  const gray = await newIdentity();
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const first = await firstSnapshot({ id, variant: 'sackson', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: signBlue, clock });
  const one = await withMove(first, ['e2-f3'], signBlue, 'blue', 179_000, 1_000_000);
  const two = await withMove(one, ['e2-f3', 'e8-d7'], signGray, 'gray', 175_000, 1_005_000);
  return { id, signBlue, signGray, one, two, expect: { id, hostKey: blue.key, known: null, replay, now: 1_010_000 } };
}

/** A snapshot as it travels: through JSON and back. */
const wire = (/** @type {unknown} */ snap) => parseSnapshot(JSON.stringify(snap));

test('a takeback asked by the seat that made the last move and accepted by the other goes back one move, and is newer', async () => {
  const g = await twoMoves();
  const asked = wire(await withTakebackRequest(g.two, 'gray', g.signGray));
  assert.ok(asked);
  assert.equal(await checkSnapshot(asked, g.expect), null);
  assert.equal(compare(asked, g.two), 'newer', 'a request is news');
  assert.equal(compare(g.two, asked), 'older');
  const back = wire(await withTakebackAccepted(asked, g.signBlue));
  assert.ok(back);
  assert.deepEqual(back.moves, ['e2-f3']);
  assert.deepEqual([back.times, back.at], [[179_000], [1_000_000]], 'the clocks as they were before the move');
  assert.equal(await checkSnapshot(back, g.expect), null);
  // Fewer moves, yet newer: than the request, and than the game before it was asked.
  assert.equal(compare(back, asked), 'newer');
  assert.equal(compare(back, g.two), 'newer');
  assert.equal(compare(asked, back), 'older');
  assert.equal(compare(g.two, back), 'older');
  // Play goes on: Gray moves again (another move), and the takeback goes with it, so a device
  // that missed the acceptance still takes the game as newer than the one it has.
  const again = wire(await withMove(back, ['e2-f3', 'e8-e7'], g.signGray, 'gray', 170_000, 1_020_000));
  assert.equal(await checkSnapshot(again, g.expect), null);
  assert.equal(compare(again, g.two), 'newer');
  assert.equal(compare(again, back), 'newer');
  const three = wire(await withMove(again, ['e2-f3', 'e8-e7', 'e1-e2'], g.signBlue, 'blue', 178_000, 1_030_000));
  assert.equal(await checkSnapshot(three, g.expect), null);
  assert.equal(compare(three, again), 'newer');
});

test('a takeback without a clock, and a draw offer goes with the move taken back', async () => {
  const g = await twoMoves('none');
  const offered = await withOffer(g.two, 'gray', g.signGray);
  const asked = await withTakebackRequest(offered, 'gray', g.signGray);
  const back = wire(await withTakebackAccepted(asked, g.signBlue));
  assert.equal(await checkSnapshot(back, g.expect), null);
  assert.deepEqual(back?.moves, ['e2-f3']);
  assert.equal(back?.offer, undefined);
  assert.equal(back?.times, undefined);
});

test('a forged takeback changes nothing: the wrong key, the asker alone, the other seat’s move, a request answered by a move', async () => {
  const g = await twoMoves();
  // Blue asks to take back Gray's move: refused, by Blue's key or Gray's.
  assert.equal(await checkSnapshot(wire(await withTakebackRequest(g.two, 'blue', g.signBlue)), g.expect), 'a takeback of the other seat’s move');
  // Gray's request signed with Blue's key.
  const forgedAsk = wire(await withTakebackRequest(g.two, 'gray', g.signBlue));
  assert.equal(await checkSnapshot(forgedAsk, g.expect), 'the takeback is not asked by gray');
  const asked = await withTakebackRequest(g.two, 'gray', g.signGray);
  // The asker accepts its own request: refused, and an honest device keeps its game.
  const alone = wire(await withTakebackAccepted(asked, g.signGray));
  assert.equal(await checkSnapshot(alone, g.expect), 'the takeback is not accepted by blue');
  // An acceptance signed over other text (the request's) is not one either.
  const t = /** @type {NonNullable<typeof asked.takeback>} */ (asked.takeback);
  const misSigned = wire({ ...alone, takeback: { ...t, accept: await g.signBlue(takebackText(g.id, 'sackson', g.two.moves, 'gray', 2)) } });
  assert.equal(await checkSnapshot(misSigned, g.expect), 'the takeback is not accepted by blue');
  // Blue moves instead of answering: that is a no; the request goes, and put back it no longer stands.
  const answered = await withMove(asked, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue, 'blue', 178_000, 1_008_000);
  assert.equal(answered.takeback, undefined);
  assert.equal(await checkSnapshot(wire({ ...answered, takeback: t }), g.expect), 'a takeback request that no longer stands');
  assert.equal(withTakebackAccepted(answered, g.signBlue), null, 'no request stands to accept');
  // Taken back further than the game has gone: refused.
  const back = /** @type {import('../../www/live/live-protocol.js').Snapshot} */ (await withTakebackAccepted(asked, g.signBlue));
  assert.equal(await checkSnapshot(wire({ ...back, moves: [], sigs: [], times: [], at: [] }), g.expect), 'a takeback of a move the game has not reached');
  // A malformed takeback makes no snapshot.
  for (const takeback of [null, { ...t, side: 'red' }, { ...t, ply: 0 }, { ...t, ply: '2' }, { ...t, move: '' }, { ...t, accept: 3 }, { side: 'gray', ply: 2, move: 'e8-d7' }]) {
    assert.equal(parseSnapshot(JSON.stringify({ ...asked, takeback })), null, JSON.stringify(takeback));
  }
});

test('a takeback withdrawn by its asker stands no more, is newer than the request, and crossed by an acceptance the acceptance holds', async () => {
  const g = await twoMoves();
  const asked = await withTakebackRequest(g.two, 'gray', g.signGray);
  assert.equal(withTakebackWithdrawn(asked, 'blue', g.signBlue), null, 'only the asker withdraws');
  assert.equal(withTakebackWithdrawn(g.two, 'gray', g.signGray), null, 'none stands to withdraw');
  const withdrawn = wire(await withTakebackWithdrawn(asked, 'gray', g.signGray));
  assert.ok(withdrawn);
  assert.equal(await checkSnapshot(withdrawn, g.expect), null);
  assert.deepEqual(withdrawn.moves, g.two.moves);
  assert.equal(typeof withdrawn.takeback?.withdraw, 'string');
  // News after the request, and after the game before it: a device that has either takes it.
  assert.equal(compare(withdrawn, asked), 'newer');
  assert.equal(compare(asked, withdrawn), 'older', 'the request again after its withdrawal is no news');
  assert.equal(compare(withdrawn, g.two), 'newer');
  assert.equal(withTakebackAccepted(withdrawn, g.signBlue), null, 'a withdrawn request is not accepted');
  // Blue accepted as Gray withdrew: the acceptance is newer on both devices, so both take the move back.
  const back = wire(await withTakebackAccepted(asked, g.signBlue));
  assert.ok(back);
  assert.equal(compare(back, withdrawn), 'newer');
  assert.equal(compare(withdrawn, back), 'older');
  // The next move goes on without it.
  const on = await withMove(withdrawn, [...g.two.moves, 'e1-e2'], g.signBlue, 'blue', 177_000, 1_009_000);
  assert.equal(on.takeback, undefined);
});

test('a forged withdrawal changes nothing: signed by the other seat, over other text, with an acceptance, or after a move', async () => {
  const g = await twoMoves();
  const asked = await withTakebackRequest(g.two, 'gray', g.signGray);
  const t = /** @type {NonNullable<typeof asked.takeback>} */ (asked.takeback);
  const byBlue = wire({ ...asked, takeback: { ...t, withdraw: await g.signBlue(takebackText(g.id, 'sackson', g.two.moves, 'gray', 2, 'withdraw')) } });
  assert.equal(await checkSnapshot(byBlue, g.expect), 'the takeback is not withdrawn by gray');
  const misSigned = wire({ ...asked, takeback: { ...t, withdraw: await g.signGray(takebackText(g.id, 'sackson', g.two.moves, 'gray', 2)) } });
  assert.equal(await checkSnapshot(misSigned, g.expect), 'the takeback is not withdrawn by gray');
  const withdrawn = /** @type {import('../../www/live/live-protocol.js').Snapshot} */ (await withTakebackWithdrawn(asked, 'gray', g.signGray));
  const back = /** @type {import('../../www/live/live-protocol.js').Snapshot} */ (await withTakebackAccepted(asked, g.signBlue));
  // Both answers at once make no snapshot; a withdrawal that is not text neither.
  assert.equal(parseSnapshot(JSON.stringify({ ...back, takeback: { ...back.takeback, withdraw: withdrawn.takeback?.withdraw } })), null);
  assert.equal(parseSnapshot(JSON.stringify({ ...asked, takeback: { ...t, withdraw: 7 } })), null);
  // Put back after Blue's move, it no longer stands.
  const moved = await withMove(asked, [...g.two.moves, 'e1-e2'], g.signBlue, 'blue', 177_000, 1_009_000);
  assert.equal(await checkSnapshot(wire({ ...moved, takeback: withdrawn.takeback }), g.expect), 'a takeback request that no longer stands');
});
