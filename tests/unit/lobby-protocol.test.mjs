// Unit tests of www/live/lobby-protocol.js: what a device shows of the lobby of open games and
// what a poster's device takes as an acceptance (with Web Crypto as the page has it): a challenge
// signed by the key it announces, under its own poster's topic, within the lobby's time, of a
// clock the New game form offers and rules in a spec's characters; anything else (forged,
// unsigned, another poster's, stale, malformed, a clock or text the page never posts) is ignored,
// never thrown at. And the draw among acceptances, and friends/lobby-dialog.js's check of rules
// against the rules core's catalogue.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { signedChallenge, checkedChallenge, challengeShape, signedAcceptance, checkedAcceptance, acceptanceShape, pickAcceptance, posterOf, lobbyTopics, LOBBY_ALL, LOBBY_EXPIRY_S, LOBBY_CLOCKS, BIGGEST_CHALLENGE } from '../../www/live/lobby-protocol.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';
import { offeredRules } from '../../www/friends/lobby-dialog.js';
import { loadCore } from './core.mjs';

const NOW = Date.now();

/** A challenge posted now by a new poster, its host key's pair, and its text as the relay carries it. */
async function posted(at = NOW, fields = {}) {
  const host = await newIdentity();
  const id = newGameId();
  const c = await signedChallenge({ id, game: newGameId(), key: host.key, variant: 'sackson', side: 'random', clock: 'none', at, ...fields }, await signer(host.privateJwk));
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

test('the clocks of a challenge are the New game form’s for a live game: its menu’s minutes and none, no days a move', () => {
  const menu = [...fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8').match(/<select id="clock"[^]*?<\/select>/)[0].matchAll(/value="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(LOBBY_CLOCKS, menu.filter((c) => !c.endsWith('d')));
  assert.ok(LOBBY_CLOCKS.includes('none') && LOBBY_CLOCKS.includes('10+5'));
});

test('a challenge signed as posted but of a clock or rules text the page never posts is not shown: a 60 ms clock, text for a clock, days a move, a bidi override or a control character in its rules', async () => {
  for (const fields of [{ clock: '0.001+0' }, { clock: 'abc' }, { clock: '3d' }, { clock: '' }, { variant: 'classic\u202e' }, { variant: 'classic\u0007' }, { variant: 'Classic' }, { variant: 'classic, lead=2' }]) {
    const { id, text } = await posted(NOW, fields);
    assert.equal(challengeShape(text, id), null, JSON.stringify(fields));
    assert.equal(await checkedChallenge(text, id, NOW), null, JSON.stringify(fields));
  }
  for (const fields of [{ clock: '1+0' }, { variant: 'super-light,lead=2,impasse_plies=40' }]) {
    const { c, id, text } = await posted(NOW, fields);
    assert.deepEqual(await checkedChallenge(text, id, NOW), c, JSON.stringify(fields));
  }
});

test('an acceptance’s shape is checked without its game too (the relay’s check)', async () => {
  const guest = await newIdentity();
  const a = await signedAcceptance(newGameId(), guest.key, await signer(guest.privateJwk));
  assert.deepEqual(acceptanceShape(JSON.stringify(a)), a);
  for (const junk of ['yes', JSON.stringify({ ...a, game: 'x' }), JSON.stringify({ ...a, sig: 's' }), JSON.stringify({ ...a, v: 2 })]) assert.equal(acceptanceShape(junk), null, junk);
});

test('the poster’s device draws among the acceptances of its window: the first to come has no more chance than the last, and one key counts once', () => {
  const heard = [{ key: 'script' }, { key: 'script' }, { key: 'script' }, { key: 'player' }];
  assert.equal(pickAcceptance(heard, () => 0).key, 'script');
  assert.equal(pickAcceptance(heard, () => 0.5).key, 'player');
  assert.equal(pickAcceptance(heard, () => 0.999999).key, 'player');
  assert.equal(pickAcceptance([{ key: 'only' }], () => 0.7).key, 'only');
});

/** The rules core's catalogue. */
let catalogue;
before(async () => {
  catalogue = (await loadCore()).variants();
});

test('the sheet lists rules the New game form offers only: a named variant, each option at one of its offered values', () => {
  for (const spec of ['sackson', 'classic-turbo', 'super-light,lead=2', 'classic,first=gray,impasse_plies=40']) assert.ok(offeredRules(catalogue, spec), spec);
  for (const spec of ['sackson,lead=99', 'sackson,lead=', 'nonsense', 'sackson,bogus=1', 'sackson,first=red', '']) assert.ok(!offeredRules(catalogue, spec), spec);
});
