// Smoke tests of the engine's measuring scripts (they run for hours when used for real; here
// each plays a couple of tiny games): scripts/baseline-match.sh against a baseline binary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'target', 'release', 'bluegray');

function baselineMatch(args, env = {}) {
  return spawnSync('bash', ['scripts/baseline-match.sh', ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env } });
}

test('baseline-match plays this checkout’s strongest level against the baseline engine', () => {
  const r = baselineMatch(['HEAD', '--games', '2', '--nodes', '300', '--variant', 'classic-turbo'], { BASELINE_BIN: BIN });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^8 vs cmd:\S+ engine: 2 games, A wins \d, draws \d, A losses \d/);
  assert.match(r.stderr, /B = [0-9a-f]{40}'s engine/);
});

test('baseline-match refuses what is no commit, before building anything', () => {
  const r = baselineMatch(['no-such-commit']);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /'no-such-commit' is no commit/);
  assert.equal(baselineMatch([]).status, 2);
});
