// The relay's load test (load.mjs) at a small size: games and watchers through two
// relays on one Redis, every move delivered, the figures printed. Its full size (50 games, 500
// watchers) is a measurement for a quiet machine, reported in docs/RELAY.md, not a test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'load.mjs');

test('games and watchers through two relays on one Redis: every move arrives, latency and memory are reported', () => {
  const run = spawnSync(process.execPath, [SCRIPT, '--games', '6', '--watchers', '30', '--plies', '12', '--think', '10'], { encoding: 'utf8', timeout: 60000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /moves delivered: 72 of 72 to players, 360 to watchers; watchers short of the last move: 0/);
  assert.match(run.stdout, /^players\s+72\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+[\d.]+$/m);
  assert.match(run.stdout, /^relay A\s+[\d.]+\s+[\d.]+$/m);
  assert.match(run.stdout, /^redis\s+[\d.]+\s+[\d.]+$/m);
});

test('a bad or an unknown argument is refused with exit code 2', () => {
  for (const [args, why] of [[['--games', 'many'], /--games must be a whole number from 1, not 'many'/], [['--gmaes', '6'], /Unknown option '--gmaes'/]]) {
    const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
    assert.equal(run.status, 2, args.join(' '));
    assert.match(run.stderr, why);
  }
});
