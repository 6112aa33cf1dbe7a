// Unit tests of www/live/live-protocol.js, live-keys.js and live-presence.js (what a device
// accepts from the relay, with Web Crypto and the rules core as the page has them),
// www/friends/friend.js (how a link's moves stand to this device's) and the settings a friend's
// game adds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { replayWith, firstSnapshot, withMove, withEnd, withOffer, withOfferAnswered, topics } from '../../www/live/live-protocol.js';
import { parseSnapshot, isOldSnapshot, checkSnapshot, compare, standingOffer, withSignedOf, CLAIM_GRACE_MS, CLAIM_REFUSED } from '../../www/live/live-check.js';
import { claimOpensAt, CLAIM_AFTER_MS } from '../../www/live/claims.js';
import { newIdentity, signer, isKeyText, secretOf, identityOf } from '../../www/live/live-keys.js';
import { signedPresence, parsePresence, presenceHolds } from '../../www/live/live-presence.js';
import { inviteLink, watchLink } from '../../www/friends/friend-links.js';
import { compareMoves, linkOrder, linkNotice, offersLink, friendStatus } from '../../www/friends/friend.js';
import { newGameId, GAME_ID } from '../../www/lib/game-id.js';
import { readSettings } from '../../www/lib/setting-reader.js';
import { readLink } from '../../www/play/address.js';
import { loadCore } from './core.mjs';

const core = await loadCore();

/** The side that made each move, from the rules core, as the board answers `replay`. */
const replay = replayWith(core.Game);

/** A game started by Blue, both seats' keys made by Blue's device: ids, keys, signers and its first snapshot. */
async function game() {
  const id = newGameId();
  const blue = await newIdentity();
  const gray = await newIdentity();
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const snap = await firstSnapshot({ id, variant: 'sackson', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: signBlue });
  const expect = { id, hostKey: blue.key, known: null, replay };
  return { id, blue, gray, signBlue, signGray, snap, expect };
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
  const seatKey = 'k'.repeat(184);
  const withKey = readLink('', `#mode=live&side=gray&relay=ws://127.0.0.1:9001&game-id=${id}&seat-key=${seatKey}`, undefined);
  assert.equal(withKey.request.seatKey, seatKey);
  const ai = readLink('?relay=ws://127.0.0.1:9001&mode=ai', '', undefined);
  assert.deepEqual(ai.request, { from: 'query', mode: 'ai' });
});

test('a snapshot holds when the host signed its rules and both keys, and every move is signed by the right seat', async () => {
  const g = await game();
  assert.ok(isKeyText(g.blue.key));
  assert.equal(topics(g.id).game, `bluegray/v1/${g.id}/game`);
  assert.equal(await checkSnapshot(wire(g.snap), g.expect), null);
  let s = await withMove(g.snap, ['e2-e3'], g.signBlue);
  s = await withMove(s, ['e2-e3', 'e8-e7'], g.signGray);
  assert.equal(await checkSnapshot(wire(s), g.expect), null);
  assert.equal(await checkSnapshot(wire(s), { ...g.expect, known: g.snap }), null);
  assert.equal(compare(s, g.snap), 'newer');
  assert.equal(compare(g.snap, s), 'older');
  assert.equal(compare(s, s), 'same');
});

test('forged snapshots are refused: out of turn, a stranger’s key, a changed move, an illegal move, another game, an old version', async () => {
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
  const posed = await firstSnapshot({ id: g.id, variant: 'sackson', host: 'blue', keys: { blue: stranger.key, gray: g.gray.key }, sign: signStranger });
  assert.match(await checkSnapshot(wire(posed), g.expect), /not the host/);
  // A stranger puts its own key at the guest's seat, signed by itself or not re-signed at all.
  const seized = { ...g.snap, keys: { blue: g.blue.key, gray: stranger.key } };
  assert.match(await checkSnapshot(wire(seized), g.expect), /not signed by the host/);
  assert.match(await checkSnapshot(wire(seized), { ...g.expect, known: g.snap }), /not signed by the host/);
  const seizedMove = await withMove(seized, ['e2-e3'], signStranger);
  assert.match(await checkSnapshot(wire(seizedMove), g.expect), /not signed by the host/);
  // The host's seat moved to the other side.
  assert.match(await checkSnapshot(wire({ ...g.snap, host: 'gray' }), g.expect), /not the host/);
  // A move changed after it was signed, known moves or not.
  const changed = { ...two, moves: ['e2-e3', 'd8-d7'] };
  assert.match(await checkSnapshot(wire(changed), g.expect), /move 2 is not signed/);
  assert.match(await checkSnapshot(wire(changed), { ...g.expect, known: two }), /move 2 is not signed/);
  // Other rules than the host signed.
  assert.match(await checkSnapshot(wire({ ...g.snap, variant: 'classic' }), g.expect), /not signed by the host/);
  // An illegal move, however signed.
  assert.match(await checkSnapshot(wire(await withMove(g.snap, ['e2-e5'], g.signBlue)), g.expect), /illegal move/);
  // Another game's snapshot, and junk.
  assert.equal(await checkSnapshot(wire(g.snap), { ...g.expect, id: newGameId() }), 'another game');
  for (const junk of ['', 'null', '{}', '[]', '{"v":1}', '{"v":2}', JSON.stringify({ ...g.snap, moves: 'e2-e3' }), JSON.stringify({ ...g.snap, moves: ['x'], sigs: [] }), JSON.stringify({ ...g.snap, keys: { blue: g.blue.key } })]) {
    assert.equal(parseSnapshot(junk), null, junk);
  }
  // A snapshot of the first version (a seal for whoever asked first) is refused, and told apart.
  const old = JSON.stringify({ ...g.snap, v: 1, keys: { blue: g.blue.key }, seal: null });
  assert.equal(parseSnapshot(old), null);
  assert.equal(isOldSnapshot(old, g.id), true);
  assert.equal(isOldSnapshot(JSON.stringify(g.snap), g.id), false);
});

test('a seat’s resignation or abort holds signed by that seat; forged, late or contradicted endings are refused', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  const two = await withMove(one, ['e2-f3', 'e8-d7'], g.signGray);
  // Gray resigns, on Blue's turn: signed by Gray's key.
  const resigned = wire(await withEnd(two, 'resign', 'gray', g.signGray));
  assert.deepEqual(resigned?.end && [resigned.end.how, resigned.end.side], ['resign', 'gray']);
  assert.equal(await checkSnapshot(resigned, g.expect), null);
  assert.equal(compare(resigned, two), 'newer', 'an ending brings a game without one up to date');
  assert.equal(compare(two, resigned), 'older');
  assert.equal(compare(resigned, wire(await withEnd(two, 'resign', 'gray', g.signGray))), 'same', 'signed again, the same ending');
  // Blue's device resigns for Gray: not Gray's key, refused.
  const forged = wire(await withEnd(two, 'resign', 'gray', g.signBlue));
  assert.equal(await checkSnapshot(forged, g.expect), 'the ending is not signed by gray');
  // An ending moved to another point of the game (a signature over other moves) is refused.
  const moved = wire({ ...(await withEnd(one, 'resign', 'gray', g.signGray)), moves: two.moves, sigs: two.sigs });
  assert.equal(await checkSnapshot(moved, g.expect), 'the ending is not signed by gray');
  // An abort holds before both sides have moved, not after.
  assert.equal(await checkSnapshot(wire(await withEnd(one, 'abort', 'gray', g.signGray)), g.expect), null);
  assert.equal(await checkSnapshot(wire(await withEnd(two, 'abort', 'gray', g.signGray)), g.expect), 'an abort after both sides have moved');
  // No move goes on from an ending, and two endings of one game are two games.
  const three = await withMove(two, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue);
  assert.equal(three.end, undefined);
  assert.equal(compare(three, resigned), 'different');
  assert.equal(compare(resigned, three), 'different');
  assert.equal(compare(wire(await withEnd(two, 'resign', 'blue', g.signBlue)), resigned), 'different');
  // A malformed ending makes no snapshot.
  for (const end of [null, 'resign', { how: 'quit', side: 'gray', sig: 'x' }, { how: 'resign', side: 'red', sig: 'x' }, { how: 'resign', side: 'gray' }]) {
    assert.equal(parseSnapshot(JSON.stringify({ ...two, end })), null, JSON.stringify(end));
  }
});

test('a claim of a game the other seat left holds signed by the claimant, with its time, and not against a device that was connected', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  const at = 1_800_000_000_000;
  // Gray's turn began a day before the claim, by what this device saw; the claim is not in its future.
  g.expect = { ...g.expect, starts: [at - 2 * CLAIM_AFTER_MS.none, at - CLAIM_AFTER_MS.none], now: at + 1000 };
  // Blue claims the win while Gray is away on its turn.
  const claimed = wire(await withEnd(one, 'claim', 'blue', g.signBlue, at));
  assert.deepEqual(claimed?.end, { how: 'claim', side: 'blue', sig: claimed?.end?.sig, at });
  assert.equal(await checkSnapshot(claimed, g.expect), null, 'an onlooker takes it');
  assert.equal(compare(claimed, one), 'newer');
  // Gray's device takes it when it connected after the claim (it was away), or just before it.
  assert.equal(await checkSnapshot(claimed, { ...g.expect, present: { seat: 'gray', since: at + 1000 } }), null);
  assert.equal(await checkSnapshot(claimed, { ...g.expect, present: { seat: 'gray', since: at - CLAIM_GRACE_MS } }), null);
  // ... but not when it had been connected for longer: it was there.
  assert.equal(await checkSnapshot(claimed, { ...g.expect, present: { seat: 'gray', since: at - CLAIM_GRACE_MS - 1 } }), CLAIM_REFUSED.present);
  // The claimant's own device, another of its seat, takes its own claim.
  assert.equal(await checkSnapshot(claimed, { ...g.expect, present: { seat: 'blue', since: 0 } }), null);
  // The time is signed: moved earlier, the claim no longer holds; by Gray's key for Blue, neither.
  assert.equal(await checkSnapshot(wire({ ...claimed, end: { ...claimed.end, at: at - 3_600_000 } }), g.expect), 'the ending is not signed by blue');
  assert.equal(await checkSnapshot(wire(await withEnd(one, 'claim', 'blue', g.signGray, at)), g.expect), 'the ending is not signed by blue');
  // A claim back-dated, before Gray's turn had gone on for the set time, or in this device's future, is refused.
  for (const when of [1000, at - 60_000, at + 60_000]) {
    const bad = wire(await withEnd(one, 'claim', 'blue', g.signBlue, when));
    assert.equal(await checkSnapshot(bad, g.expect), CLAIM_REFUSED.soon, String(when));
  }
  // Blue cannot claim on its own turn.
  const two = await withMove(one, ['e2-f3', 'e8-d7'], g.signGray);
  assert.equal(await checkSnapshot(wire(await withEnd(two, 'claim', 'blue', g.signBlue, at)), { ...g.expect, starts: [0, 1, 2] }), 'a claim on the claimant’s own turn');
  const draw = wire(await withEnd(one, 'claim-draw', 'blue', g.signBlue, at));
  assert.equal(await checkSnapshot(draw, g.expect), null);
  assert.equal(compare(draw, claimed), 'different');
  // A claim without its time, or another ending with one, makes no snapshot.
  const timeless = { how: 'claim', side: 'blue', sig: claimed?.end?.sig };
  assert.equal(parseSnapshot(JSON.stringify({ ...one, end: timeless })), null);
  assert.equal(parseSnapshot(JSON.stringify({ ...one, end: { how: 'resign', side: 'gray', sig: 'x', at } })), null);
  assert.equal(parseSnapshot(JSON.stringify({ ...one, end: { ...timeless, at: -1 } })), null);
});

test('a live game can be claimed once the other seat has been away for the set time on its own turn', () => {
  const away = { blue: null, gray: 1000 };
  const live = { seat: /** @type {'blue'} */ ('blue'), away };
  const grayToMove = { side: /** @type {'gray'} */ ('gray'), result: undefined };
  assert.equal(claimOpensAt({ gs: grayToMove, live, clocked: false }), 1000 + CLAIM_AFTER_MS.none);
  assert.equal(claimOpensAt({ gs: grayToMove, live, clocked: true }), 1000 + CLAIM_AFTER_MS.clock);
  assert.equal(CLAIM_AFTER_MS.clock, 2 * 60 * 1000);
  assert.equal(CLAIM_AFTER_MS.none, 24 * 3600 * 1000);
  // Not on this seat's own turn, not while the other is here, not for an onlooker, not once over.
  assert.equal(claimOpensAt({ gs: { ...grayToMove, side: 'blue' }, live, clocked: false }), null);
  assert.equal(claimOpensAt({ gs: grayToMove, live: { ...live, away: { blue: null, gray: null } }, clocked: false }), null);
  assert.equal(claimOpensAt({ gs: grayToMove, live: { ...live, seat: 'watch' }, clocked: false }), null);
  assert.equal(claimOpensAt({ gs: { ...grayToMove, result: { winner: 'blue' } }, live, clocked: false }), null);
  assert.equal(claimOpensAt({ gs: grayToMove, live: null, clocked: false }), null);
});

test('a live draw: an offer signed by its seat stands until the other seat moves, and a draw holds only as the answer to the other’s offer', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  // Blue offers after one move, on Gray's turn.
  const offered = wire(await withOffer(one, 'blue', g.signBlue));
  assert.deepEqual(offered?.offer && [offered.offer.side, offered.offer.ply], ['blue', 1]);
  assert.equal(await checkSnapshot(offered, g.expect), null);
  assert.equal(compare(offered, one), 'newer', 'an offer is news');
  assert.equal(compare(one, offered), 'older');
  assert.equal(await checkSnapshot(wire(await withOffer(one, 'blue', g.signGray)), g.expect), 'the draw offer is not signed by blue');
  // Gray accepts: a draw signed by Gray answering Blue's offer holds.
  const drawn = wire(await withEnd(offered, 'draw', 'gray', g.signGray));
  assert.equal(await checkSnapshot(drawn, g.expect), null);
  assert.equal(compare(drawn, offered), 'newer');
  // Nobody accepts their own offer, nor one that was never made.
  assert.equal(await checkSnapshot(wire(await withEnd(offered, 'draw', 'blue', g.signBlue)), g.expect), 'a draw no offer of the other seat stands for');
  assert.equal(await checkSnapshot(wire(await withEnd(one, 'draw', 'gray', g.signGray)), g.expect), 'a draw no offer of the other seat stands for');
  // Gray moves instead: the offer is answered and goes; Blue's own offer goes on with Blue's move.
  const two = await withMove(offered, ['e2-f3', 'e8-d7'], g.signGray, 'gray');
  assert.equal(two.offer, undefined);
  assert.equal(await checkSnapshot(wire(await withEnd({ ...two, offer: offered.offer }, 'draw', 'gray', g.signGray)), g.expect), 'a draw no offer of the other seat stands for');
  const gray = wire(await withOffer(one, 'gray', g.signGray));
  const blueOffers = wire(await withOffer(two, 'blue', g.signBlue));
  const three = await withMove(blueOffers, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue, 'blue');
  assert.deepEqual(three.offer && [three.offer.side, three.offer.ply], ['blue', 2]);
  assert.equal(await checkSnapshot(wire(await withEnd(three, 'draw', 'gray', g.signGray)), g.expect), null);
  // Two offers of one moment cross: neither device takes the other's.
  assert.equal(compare(gray, offered), 'different');
  // A malformed offer makes no snapshot.
  for (const offer of [null, { side: 'red', ply: 1, sig: 'x' }, { side: 'blue', ply: '1', sig: 'x' }, { side: 'blue', ply: 1 }]) {
    assert.equal(parseSnapshot(JSON.stringify({ ...one, offer })), null, JSON.stringify(offer));
  }
});

test('a live draw offer declined by the other seat’s signature: it no longer stands, is news to its maker, and no offer follows it after the same moves', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  const offered = wire(await withOffer(one, 'blue', g.signBlue));
  const declined = wire(await withOfferAnswered(offered, offered.offer, 'decline', g.signGray));
  assert.equal(await checkSnapshot(declined, g.expect), null);
  assert.equal(standingOffer(declined, ['blue']), null, 'a declined offer stands no more');
  assert.equal(standingOffer(offered, ['blue']), 'blue');
  assert.equal(compare(declined, offered), 'newer', 'the decline is news');
  assert.equal(compare(offered, declined), 'older');
  assert.equal(compare(declined, one), 'newer');
  // Declined twice (another device of the seat): one answer.
  assert.equal(compare(wire(await withOfferAnswered(offered, offered.offer, 'decline', g.signGray)), declined), 'same');
  // Only the other seat declines, and no draw answers a declined offer.
  assert.equal(await checkSnapshot(wire(await withOfferAnswered(offered, offered.offer, 'decline', g.signBlue)), g.expect), 'the draw offer is not declined by gray');
  assert.equal(await checkSnapshot(wire(await withEnd(declined, 'draw', 'gray', g.signGray)), g.expect), 'a draw no offer of the other seat stands for');
  // After the same moves an offer in place of the declined one is no news; after more moves it is.
  assert.equal(compare(wire(await withOffer(declined, 'gray', g.signGray)), declined), 'different');
  const two = await withMove(declined, ['e2-f3', 'e8-d7'], g.signGray, 'gray');
  assert.equal(two.offer, undefined, 'the move does not carry it');
  // Blue offers after Gray's move, moves, and Gray declines it then: Gray may offer again.
  const blueOffers = wire(await withOffer(two, 'blue', g.signBlue));
  const three = wire(await withMove(blueOffers, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue, 'blue'));
  const threeDeclined = wire(await withOfferAnswered(three, three.offer, 'decline', g.signGray));
  assert.equal(await checkSnapshot(threeDeclined, g.expect), null);
  const grayOffers = wire(await withOffer(threeDeclined, 'gray', g.signGray));
  assert.equal(compare(grayOffers, threeDeclined), 'newer');
  assert.equal(compare(threeDeclined, grayOffers), 'older');
  // A decline that is not a signature makes no snapshot.
  assert.equal(parseSnapshot(JSON.stringify({ ...offered, offer: { ...offered.offer, decline: 5 } })), null);
});

test('a decline signed as its offer’s maker moved is carried into the move, on which the offer rode: it stands no more there, and the move is kept', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  const two = await withMove(one, ['e2-f3', 'e8-d7'], g.signGray, 'gray');
  // Blue offers on its turn; Gray declines it while Blue moves, the offer riding on that move.
  const offered = wire(await withOffer(two, 'blue', g.signBlue));
  const declined = wire(await withOfferAnswered(offered, offered.offer, 'decline', g.signGray));
  const moved = wire(await withMove(offered, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue, 'blue'));
  assert.equal(standingOffer(moved, ['blue', 'gray', 'blue']), 'blue', 'the move carries the offer');
  assert.equal(compare(moved, declined), 'newer', 'the move is news to the decliner');
  const carried = withSignedOf(moved, declined);
  assert.ok(carried);
  assert.deepEqual([carried.moves, carried.sigs], [moved.moves, moved.sigs]);
  assert.equal(carried.offer?.decline, declined.offer?.decline);
  assert.equal(await checkSnapshot(wire(carried), g.expect), null);
  assert.equal(standingOffer(carried, ['blue', 'gray', 'blue']), null);
  // The maker's device takes it as news (its offer declined), and the decliner's has it.
  assert.equal(compare(carried, moved), 'newer');
  assert.equal(compare(moved, carried), 'older');
  // Nothing to carry: no answer here, another offer, an answer already there, another game's moves.
  assert.equal(withSignedOf(moved, offered), null);
  assert.equal(withSignedOf(carried, declined), null);
  assert.equal(withSignedOf(moved, { ...declined, offer: { ...declined.offer, ply: 1 } }), null);
  assert.equal(withSignedOf(moved, { ...declined, moves: ['e2-f3', 'e8-e7'] }), null);
});

test('a live draw offer withdrawn by its own seat’s signature: it no longer stands, no draw answers it, and a decline crossing it wins', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  const offered = wire(await withOffer(one, 'blue', g.signBlue));
  const withdrawn = wire(await withOfferAnswered(offered, offered.offer, 'withdraw', g.signBlue));
  assert.equal(await checkSnapshot(withdrawn, g.expect), null);
  assert.equal(standingOffer(withdrawn, ['blue']), null, 'a withdrawn offer stands no more');
  assert.equal(compare(withdrawn, offered), 'newer', 'the withdrawal is news');
  assert.equal(compare(offered, withdrawn), 'older');
  // Only its own seat withdraws it, and the other seat's draw over it is refused.
  assert.equal(await checkSnapshot(wire(await withOfferAnswered(offered, offered.offer, 'withdraw', g.signGray)), g.expect), 'the draw offer is not withdrawn by blue');
  assert.equal(await checkSnapshot(wire(await withEnd(withdrawn, 'draw', 'gray', g.signGray)), g.expect), 'a draw no offer of the other seat stands for');
  // Gray's draw signed over the offer before the withdrawal reached it still ends the game.
  const drawn = wire(await withEnd(offered, 'draw', 'gray', g.signGray));
  assert.equal(await checkSnapshot(drawn, g.expect), null);
  assert.equal(compare(drawn, withdrawn), 'newer');
  // A decline and a withdrawal of one offer crossed: both devices keep the decline.
  const declined = wire(await withOfferAnswered(offered, offered.offer, 'decline', g.signGray));
  assert.equal(compare(declined, withdrawn), 'newer');
  assert.equal(compare(withdrawn, declined), 'older');
  // After the same moves no offer follows a withdrawn one; after Gray's move Blue's is news.
  assert.equal(compare(wire(await withOffer(withdrawn, 'gray', g.signGray)), withdrawn), 'different');
  const two = await withMove(withdrawn, ['e2-f3', 'e8-d7'], g.signGray, 'gray');
  assert.equal(two.offer, undefined, 'the move does not carry it');
  // Blue's withdrawn offer does not go on with Blue's own move either.
  const blueOffers = wire(await withOffer(two, 'blue', g.signBlue));
  const blueWithdraws = wire(await withOfferAnswered(blueOffers, blueOffers.offer, 'withdraw', g.signBlue));
  assert.equal((await withMove(blueWithdraws, ['e2-f3', 'e8-d7', 'e1-e2'], g.signBlue, 'blue')).offer, undefined);
  // One answer at most, each a signature.
  assert.equal(parseSnapshot(JSON.stringify({ ...offered, offer: { ...offered.offer, withdraw: 5 } })), null);
  assert.equal(parseSnapshot(JSON.stringify({ ...offered, offer: { ...declined.offer, withdraw: withdrawn.offer.withdraw } })), null);
});

test('two acceptances of a draw that crossed: both devices keep Blue’s, whichever comes first', async () => {
  const g = await game();
  const one = await withMove(g.snap, ['e2-f3'], g.signBlue);
  // Each seat accepts the other's offer of one moment (the offers crossed).
  const blueAccepts = wire(await withEnd(wire(await withOffer(one, 'gray', g.signGray)), 'draw', 'blue', g.signBlue));
  const grayAccepts = wire(await withEnd(wire(await withOffer(one, 'blue', g.signBlue)), 'draw', 'gray', g.signGray));
  assert.equal(await checkSnapshot(blueAccepts, g.expect), null);
  assert.equal(await checkSnapshot(grayAccepts, g.expect), null);
  assert.equal(compare(blueAccepts, grayAccepts), 'newer', 'Gray’s device takes Blue’s');
  assert.equal(compare(grayAccepts, blueAccepts), 'older', 'Blue’s device keeps its own, and gives it to the relay again');
  // A resignation against a draw is still another game's end.
  assert.equal(compare(wire(await withEnd(one, 'resign', 'gray', g.signGray)), blueAccepts), 'different');
});

test('an invitation carries the guest seat’s key pair, compactly and in the fragment; a watch link carries none', async () => {
  const g = await game();
  const secret = await secretOf(g.gray.privateJwk);
  assert.match(secret, /^[A-Za-z0-9_-]{100,300}$/);
  const back = await identityOf(secret);
  assert.equal(back.key, g.gray.key);
  // The key read back signs for the seat.
  const s = await withMove(await withMove(g.snap, ['e2-e3'], g.signBlue), ['e2-e3', 'e8-e7'], await signer(back.privateJwk));
  assert.equal(await checkSnapshot(wire(s), g.expect), null);
  await assert.rejects(identityOf('not a key'));
  await assert.rejects(identityOf('A'.repeat(184)));
  const live = { relay: 'ws://127.0.0.1:9001/', gameId: g.id, hostKey: g.blue.key, variant: 'sackson' };
  const invite = new URL(inviteLink('https://example.org/', { ...live, to: 'gray', seatKey: secret }));
  assert.equal(invite.search, '');
  assert.equal(new URLSearchParams(invite.hash.slice(1)).get('seat-key'), secret);
  const watch = new URL(watchLink('https://example.org/', live));
  assert.equal(watch.search, '');
  assert.equal(new URLSearchParams(watch.hash.slice(1)).get('seat-key'), null);
  assert.equal(new URLSearchParams(watch.hash.slice(1)).get('side'), null);
  // The rebuilt invitation: everything the relay's snapshot shows, which gives no seat.
  assert.ok(!JSON.stringify(g.snap).includes(secret));
});

test('a presence holds only signed by its seat, for its game, seat and words', async () => {
  const g = await game();
  const note = await signedPresence(g.id, 'gray', { state: 'online', at: 1000, since: 900, device: 'ab'.repeat(8) }, g.signGray);
  const wired = parsePresence(JSON.stringify(note));
  assert.deepEqual(wired, note);
  assert.equal(await presenceHolds(wired, { id: g.id, seat: 'gray', key: g.gray.key }), true);
  assert.equal(await presenceHolds(wired, { id: g.id, seat: 'blue', key: g.gray.key }), false, 'another seat');
  assert.equal(await presenceHolds(wired, { id: newGameId(), seat: 'gray', key: g.gray.key }), false, 'another game');
  assert.equal(await presenceHolds(wired, { id: g.id, seat: 'gray', key: g.blue.key }), false, 'another key');
  assert.equal(await presenceHolds({ ...wired, state: 'offline' }, { id: g.id, seat: 'gray', key: g.gray.key }), false, 'another word');
  assert.equal(await presenceHolds({ ...wired, at: 2000 }, { id: g.id, seat: 'gray', key: g.gray.key }), false, 'another time');
  for (const junk of ['offline', 'online', '', '{}', JSON.stringify({ ...note, sig: 'x' }), JSON.stringify({ ...note, at: -1 }), JSON.stringify({ ...note, device: 'NOPE' })]) {
    assert.equal(parsePresence(junk), null, junk);
  }
  assert.equal(await presenceHolds(parsePresence('offline'), { id: g.id, seat: 'gray', key: g.gray.key }), false);
});

test('a presence’s name: signed with the rest by its seat, under the name rules, or the presence is dropped whole', async () => {
  const g = await game();
  const base = { state: 'online', at: 1000, since: 900, device: 'ab'.repeat(8) };
  const note = await signedPresence(g.id, 'gray', { ...base, name: 'Boris B.' }, g.signGray);
  const wired = parsePresence(JSON.stringify(note));
  assert.deepEqual(wired, note);
  assert.equal(wired?.name, 'Boris B.');
  assert.equal(await presenceHolds(wired, { id: g.id, seat: 'gray', key: g.gray.key }), true);
  // The name is signed: another name, or none, under the same signature does not hold.
  assert.equal(await presenceHolds({ ...note, name: 'Mallory' }, { id: g.id, seat: 'gray', key: g.gray.key }), false, 'another name');
  const nameless = { ...note };
  delete nameless.name;
  assert.equal(await presenceHolds(nameless, { id: g.id, seat: 'gray', key: g.gray.key }), false, 'the name taken off');
  // Signed by the other seat's key: it names the wrong seat.
  const forged = await signedPresence(g.id, 'gray', { ...base, name: 'Mallory' }, g.signBlue);
  assert.equal(await presenceHolds(parsePresence(JSON.stringify(forged)), { id: g.id, seat: 'gray', key: g.gray.key }), false, 'the wrong key');
  // A presence without a name signs what it always did (a device of before names reads it).
  const plain = await signedPresence(g.id, 'gray', { ...base, name: '' }, g.signGray);
  assert.equal('name' in plain, false);
  assert.equal(await presenceHolds(parsePresence(JSON.stringify(plain)), { id: g.id, seat: 'gray', key: g.gray.key }), true);
  // A name out of the rules, even signed by the right key, makes the presence out of shape.
  for (const name of ['<b>x</b>', 'a&b', 'x'.repeat(25), ' Boris', 'Boris  B.', 'bi\u202edi', '', 7]) {
    const signed = await signedPresence(g.id, 'gray', { ...base, name: typeof name === 'string' ? name : 'x' }, g.signGray);
    assert.equal(parsePresence(JSON.stringify({ ...signed, name })), null, JSON.stringify(name));
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

test('a modified client’s claim that Blue left, stamped 1000, is refused by Blue’s device, connected and on its turn with its time', async () => {
  const id = newGameId();
  const blue = await newIdentity();
  const gray = await newIdentity();
  const signBlue = await signer(blue.privateJwk);
  const signGray = await signer(gray.privateJwk);
  const snap = await firstSnapshot({ id, variant: 'sackson', host: 'blue', keys: { blue: blue.key, gray: gray.key }, sign: signBlue, clock: '1+0' });
  const one = await withMove(snap, ['e2-f3'], signBlue, 'blue', 60_000, 1_000_000);
  const two = await withMove(one, ['e2-f3', 'e8-d7'], signGray, 'gray', 59_000, 1_003_000);
  const expect = { id, hostKey: blue.key, known: two, replay, present: { seat: /** @type {const} */ ('blue'), since: 900_000 }, starts: [900_000, 1_000_000, 1_003_100], now: 1_003_600 };
  for (const how of /** @type {const} */ (['claim', 'claim-draw'])) {
    const claim = wire(await withEnd(two, how, 'gray', signGray, 1000));
    assert.equal(await checkSnapshot(claim, expect), CLAIM_REFUSED.soon, how);
    // Stamped two minutes after Blue's turn began, it is still refused: Blue's device was here.
    const later = wire(await withEnd(two, how, 'gray', signGray, 1_003_100 + CLAIM_AFTER_MS.clock));
    assert.equal(await checkSnapshot(later, { ...expect, now: 1_003_100 + CLAIM_AFTER_MS.clock }), CLAIM_REFUSED.present, how);
    // A device that came after it (Blue was away) takes it.
    assert.equal(await checkSnapshot(later, { ...expect, present: { seat: 'blue', since: 1_003_100 + CLAIM_AFTER_MS.clock }, now: 1_003_100 + CLAIM_AFTER_MS.clock + 5000 }), null, how);
  }
});
