// Unit tests of www/live/lobby-protocol.js: what a device shows of the lobby of open games and
// what a poster's device takes as an acceptance (with Web Crypto as the page has it): a challenge
// signed by the key it announces, under its own poster's topic, within the lobby's time; anything
// else (forged, unsigned, another poster's, stale, malformed) is ignored, never thrown at.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signedChallenge, checkedChallenge, signedAcceptance, checkedAcceptance, posterOf, lobbyTopics, LOBBY_ALL, LOBBY_EXPIRY_S, BIGGEST_CHALLENGE } from '../../www/live/lobby-protocol.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';

const NOW = Date.now();

/** A challenge posted now by a new poster, its host key's pair, and its text as the relay carries it. */
async function posted(at = NOW) {
  const host = await newIdentity();
  const id = newGameId();
  const c = await signedChallenge({ id, game: newGameId(), key: host.key, variant: 'sackson', side: 'random', clock: '', at }, await signer(host.privateJwk));
  return { c, host, id, text: JSON.stringify(c) };
}

test('the lobby’s topics: a poster’s challenge under lobby/<id>, its acceptances below it, and the one wildcard', () => {
  const id = newGameId();
  assert.deepEqual(lobbyTopics(id), { challenge: `bluegray/v1/lobby/${id}`, accept: `bluegray/v1/lobby/${id}/accept` });
  assert.equal(LOBBY_ALL, 'bluegray/v1/lobby/+');
  assert.equal(posterOf(lobbyTopics(id).challenge), id);
  for (const topic of [lobbyTopics(id).accept, `bluegray/v1/${id}/game`, 'bluegray/v1/lobby/x', 'bluegray/v1/lobby/']) assert.equal(posterOf(topic), null, topic);
});

test('a challenge signed by the key it announces, under its poster’s topic, is shown', async () => {
  const { c, id, text } = await posted();
  assert.deepEqual(await checkedChallenge(text, id, NOW), c);
  assert.ok(Buffer.byteLength(text) < BIGGEST_CHALLENGE);
});

test('a forged, re-signed, misplaced, stale or malformed challenge is ignored', async () => {
  const { c, id, text } = await posted();
  const other = await newIdentity();
  const forged = [
    // Another key's signature over the same challenge, or the challenge changed after signing.
    { ...c, key: other.key },
    { ...c, side: 'blue' },
    { ...c, variant: 'classic' },
    { ...c, sig: undefined },
  ];
  for (const f of forged) assert.equal(await checkedChallenge(JSON.stringify(f), id, NOW), null, JSON.stringify(f).slice(0, 60));
  // Under another poster's topic (copied there by someone else).
  assert.equal(await checkedChallenge(text, newGameId(), NOW), null);
  // Older than the lobby's time (and a minute), or from far ahead.
  assert.equal(await checkedChallenge(text, id, NOW + (LOBBY_EXPIRY_S + 61) * 1000), null);
  assert.equal(await checkedChallenge(text, id, NOW - 2 * 60_000), null);
  // Not a challenge at all.
  for (const junk of ['', 'null', '[]', '{"v":1}', 'not json', JSON.stringify({ ...c, v: 2 }), JSON.stringify({ ...c, variant: 'v'.repeat(501) }), JSON.stringify({ ...c, game: 'nope' }), JSON.stringify({ ...c, at: 'now' })]) {
    assert.equal(await checkedChallenge(junk, id, NOW), null, junk.slice(0, 40));
  }
});

test('an acceptance counts only when signed by the key it names, for this game', async () => {
  const { c } = await posted();
  const guest = await newIdentity();
  const a = await signedAcceptance(c.game, guest.key, await signer(guest.privateJwk));
  assert.deepEqual(await checkedAcceptance(JSON.stringify(a), c.game), a);
  const other = await newIdentity();
  assert.equal(await checkedAcceptance(JSON.stringify({ ...a, key: other.key }), c.game), null, 'another key');
  assert.equal(await checkedAcceptance(JSON.stringify(a), newGameId()), null, 'another game');
  for (const junk of ['', '{}', 'x', JSON.stringify({ ...a, sig: 5 })]) assert.equal(await checkedAcceptance(junk, c.game), null, junk);
});
