// The relay's package.json beside the root's. npm reads overrides from the root's package.json
// only, so the root repeats the relay's pin of aedes-persistence-redis for Aedes, whose peer range
// (^11) is below the relay's version; and the root's own tests pin mqtt, as the relay does. A
// package pinned in both places must be pinned to one version.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RELAY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

test('a package pinned both by the relay and at the root has one version', () => {
  const relay = read(RELAY);
  const root = read(path.join(RELAY, '..'));
  const mine = { ...relay.dependencies, ...relay.devDependencies };
  assert.ok(root.workspaces.includes(path.basename(RELAY)), 'the relay is a workspace of the root');
  assert.equal(root.overrides.aedes['aedes-persistence-redis'], mine['aedes-persistence-redis'], "the root's override of Aedes's aedes-persistence-redis");
  for (const [name, version] of Object.entries({ ...root.dependencies, ...root.devDependencies })) {
    if (name in mine) assert.equal(version, mine[name], `${name}: the root pins ${version}, the relay ${mine[name]}`);
  }
});
