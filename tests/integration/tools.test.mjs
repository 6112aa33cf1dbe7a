// Smoke tests of the engine's measuring scripts (they run for minutes to hours when used for
// real; here each does a tiny share of the work): scripts/baseline-match.sh against a baseline
// binary, scripts/ladder.sh on the lowest levels, scripts/wasm-speed.mjs on each of its wasm
// modules, in node and in Chromium, and scripts/boundary-speed.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
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

test('ladder plays each pair of neighbouring levels from FROM on both seeds, then the round robin', () => {
  const r = spawnSync('bash', ['scripts/ladder.sh'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, TOP: '3', FROM: '3', GAMES: '2', RR_GAMES: '1' },
  });
  // Exit 1 only says a level missed 60% of two games, which two games cannot decide.
  assert.ok(r.status === 0 || r.status === 1, r.stderr);
  const pairs = r.stdout.match(/^seed \d+: \d+ vs \d+: 2 games, A wins \d/gm) || [];
  assert.deepEqual(
    pairs.map((l) => l.replace(/: 2 games.*/, '')),
    ['seed 7: 3 vs 2', 'seed 11: 3 vs 2'],
    r.stdout,
  );
  assert.match(r.stdout, /^round robin of 3 players: 3 pairs of 1 games$/m, r.stdout);
  assert.match(r.stdout, /^ratings relative to 1 /m, r.stdout);
});

/** Nodes a position: enough for both searches to be compared, few enough for a quick check. */
const NODES = 50000;

function wasmSpeed(args) {
  return spawnSync(process.execPath, ['scripts/wasm-speed.mjs', '--runs', '1', '--nodes', String(NODES), ...args], { cwd: ROOT, encoding: 'utf8' });
}

for (const [args, module, where] of [
  [[], 'SIMD', ''],
  [['--baseline'], 'baseline', ''],
  [['--browser'], 'SIMD', ', in headless Chromium'],
]) {
  test(`wasm-speed ${args.join(' ') || '(no options)'} measures the ${module} build${where} against the native engine`, () => {
    const r = wasmSpeed(args);
    assert.equal(r.status, 0, r.stderr);
    const file = module === 'SIMD' ? 'bluegray_wasm_simd_bg.wasm' : 'bluegray_wasm_bg.wasm';
    assert.ok(r.stdout.startsWith(`wasm: the ${module} build, ${path.join(ROOT, 'www', 'pkg', file)}${where}\n`), r.stdout);
    // A line per position, each with both speeds: the same search was made by both (the script
    // checks the node counts and the best moves agree).
    const positions = new RegExp(String.raw`^\S+ +\d+ plies {2}${NODES} nodes {2}native \d+ n/s {2}wasm \d+ n/s {2}ratio \d+\.\d\d$`, 'gm');
    assert.equal(r.stdout.match(positions)?.length, 5, r.stdout);
    assert.match(r.stdout, /^all: native \d+\.\d\d M nodes\/s, wasm \d+\.\d\d M nodes\/s, ratio \d+\.\d\d$/m);
    assert.match(r.stdout, /^median of the 1 rounds' ratios: \d+\.\d\d/m);
  });
}

test('boundary-speed times each kind of data the package returns, in µs a call', () => {
  const r = spawnSync(process.execPath, ['scripts/boundary-speed.mjs', '--runs', '1', '--ms', '20', '--baseline'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.stdout.startsWith(`wasm: the baseline build, ${path.join(ROOT, 'www', 'pkg', 'bluegray_wasm_bg.wasm')};`), r.stdout);
  for (const kind of ['state()', 'think() answer', 'variants()', 'lessons()', 'lessonJudge()', 'puzzles(set)', 'puzzleJudge()']) {
    const line = r.stdout.split('\n').find((l) => l.startsWith(`${kind} `));
    assert.match(line ?? '', /fastest +\d+\.\d µs {2}median +\d+\.\d µs a call$/, `${kind}: ${r.stdout}`);
  }
});
