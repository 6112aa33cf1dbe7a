// A player's name under its one set of rules (www/lib/player-name.js), and in a challenge
// (www/live/lobby-protocol.js): signed with it, out of shape when it breaks the rules.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkName, isName, keepName, myName, NAME_MAX } from '../../www/lib/player-name.js';
import { signedChallenge, checkedChallenge, challengeShape } from '../../www/live/lobby-protocol.js';
import { newIdentity, signer } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';

test('a name is trimmed, its spaces made one, limited in length, and refused with markup, control or bidi characters', () => {
  assert.deepEqual(checkName('  Anna   K.  '), { name: 'Anna K.' });
  assert.deepEqual(checkName(''), { name: '' });
  assert.deepEqual(checkName('Ё'.repeat(NAME_MAX)), { name: 'Ё'.repeat(NAME_MAX) });
  assert.equal(checkName('x'.repeat(NAME_MAX + 1)).error, 'tooLong');
  for (const bad of ['<b>x</b>', 'a&b', 'a\u0000b', 'a\u202eb', 'a\nb', '{name}']) assert.equal(checkName(bad).error, 'refused', bad);
  assert.equal(isName('Anna'), true);
  assert.equal(isName(' Anna'), false);
});

test('a name is kept on the device, changed, and forgotten', () => {
  const m = new Map();
  const storage = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, v), removeItem: (k) => m.delete(k) };
  assert.equal(myName(storage), '');
  assert.deepEqual(keepName(' Anna ', storage), { name: 'Anna' });
  assert.equal(myName(storage), 'Anna');
  assert.equal(keepName('<i>', storage).error, 'refused');
  assert.equal(myName(storage), 'Anna');
  keepName('', storage);
  assert.equal(myName(storage), '');
});

test('a challenge carries its poster’s name under the host key’s signature; a changed or bad name is not taken', async () => {
  const host = await newIdentity();
  const id = newGameId();
  const c = await signedChallenge({ id, game: newGameId(), key: host.key, variant: 'standard', side: 'random', clock: '5+3', at: Date.now(), name: 'Anna' }, await signer(host.privateJwk));
  assert.equal((await checkedChallenge(JSON.stringify(c), id, Date.now()))?.name, 'Anna');
  assert.equal(await checkedChallenge(JSON.stringify({ ...c, name: 'Boris' }), id, Date.now()), null);
  assert.equal(challengeShape(JSON.stringify({ ...c, name: '<b>x</b>' }), id), null);
  const nameless = { ...c };
  delete nameless.name;
  assert.equal(await checkedChallenge(JSON.stringify(nameless), id, Date.now()), null);
});
