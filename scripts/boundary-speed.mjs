// How long the wasm package's calls take that return plain data, in node: each kind of data that
// crosses the boundary (a game's state, a search's answer, the catalogue, the lessons and puzzles,
// a lesson's and a puzzle's verdict) is asked for N times in a row, and the CPU time of node's
// main thread (where the wasm runs, read in nanoseconds from Linux's /proc/…/schedstat) is divided
// by N. Each call's Rust work is the same whatever way its answer is made into JS objects, so two
// builds of the binding that differ only in that way (say, JSON text read by JSON.parse against
// serde-wasm-bindgen) are compared by running this script on each.
//
// The thread's CPU time moves on only when the kernel next accounts for it (at a timer tick, a few
// ms apart), so each kind is called for at least --ms milliseconds a round, whatever number of
// calls that takes, and the tick is a small part of the round. A first round, not counted, lets
// V8 compile the glue and the wasm with its optimising tier; then R rounds, and for each kind the
// fastest round and the median round are printed, in µs a call.
//
//   node scripts/boundary-speed.mjs [--ms T (400)] [--runs R (5)] [--root CHECKOUT] [--baseline]
//
// Needs `bash scripts/build-web.sh` (www/pkg) first. The module is the one a browser with SIMD
// loads, or the baseline with --baseline, as for scripts/wasm-speed.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WASM, TEACHING_WASM } from './build.config.mjs';
import { simdSupported } from '../www/core/wasm-simd.js';
import { option, threadSeconds } from './measuring.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--root DIR` measures another checkout's build (say, a baseline's) with this script. */
const BUILT = process.argv.includes('--root') ? path.resolve(process.argv[process.argv.indexOf('--root') + 1]) : ROOT;
const PKG = path.join(BUILT, 'www/pkg');

const ms = option('ms', 400);
const runs = option('runs', 5);
const js = path.join(PKG, 'bluegray_wasm.js');
if (!fs.existsSync(js)) throw new Error('www/pkg is missing: bash scripts/build-web.sh');
const simd = !process.argv.includes('--baseline') && simdSupported() && fs.existsSync(path.join(BUILT, 'www', WASM.simd));
const file = path.join(BUILT, 'www', simd ? WASM.simd : WASM.baseline);
console.log(`wasm: the ${simd ? 'SIMD' : 'baseline'} build, ${file}; each kind ${ms} ms a round, ${runs} rounds`);
const play = await import(js);
await play.default({ module_or_path: fs.readFileSync(file) });
// The lessons and puzzles are the teaching module's (one build).
const teach = await import(path.join(PKG, 'bluegray_teach.js'));
await teach.default({ module_or_path: fs.readFileSync(path.join(BUILT, 'www', TEACHING_WASM)) });
const wasm = { ...play, ...teach };

// A game in its middle: 24 plies of classic, so that the state has a score sheet, a history and
// a last move as well as the board and the legal moves.
const game = new wasm.Game('classic');
for (let i = 0; i < 24 && !game.state().result; i++) game.playIndex((i * 7) % game.state().moves.length);
const code = game.code();
const lesson = wasm.lessons()[0];
// The committed puzzle set, as the page fetches it.
const set = fs.readFileSync(path.join(BUILT, 'crates', 'bluegray-puzzles', 'puzzles.txt'), 'utf8');
const puzzle = /** @type {{variant: string, code: string, goal: string}[]} */ (wasm.puzzles(set)).find((p) => p.goal === 'win2');
if (!puzzle) throw new Error('the puzzle set has no win2');
const [firstMove] = wasm.puzzleSolution(puzzle.variant, puzzle.code, puzzle.goal, []);

/**
 * Each kind of data, and a call that returns it.
 * @type {[string, () => unknown][]}
 */
const KINDS = [
  ['state()', () => game.state()],
  // Level 7 (no noise, so its transposition table is not cleared at each call) with a budget of
  // a microsecond stops after its first iteration: the answer's making is a good part of the call.
  ['think() answer', () => wasm.think('classic', code, '', 7, 0.001)],
  ['variants()', () => wasm.variants()],
  ['lessons()', () => wasm.lessons()],
  ['lessonJudge()', () => wasm.lessonJudge(lesson.id, ['e1-e2'])],
  ['puzzles(set)', () => wasm.puzzles(set)],
  ['puzzleJudge()', () => wasm.puzzleJudge(puzzle.variant, puzzle.code, puzzle.goal, [firstMove])],
];

const times = KINDS.map(() => /** @type {number[]} */ ([]));
for (let round = -1; round < runs; round++) {
  for (const [k, [, call]] of KINDS.entries()) {
    let n = 0;
    const end = process.hrtime.bigint() + BigInt(ms) * 1_000_000n;
    const t0 = threadSeconds(process.pid, process.pid);
    do {
      if (!call()) throw new Error(`${KINDS[k][0]} returned nothing`);
      n += 1;
    } while (process.hrtime.bigint() < end);
    const us = ((threadSeconds(process.pid, process.pid) - t0) * 1e6) / n;
    if (round >= 0) times[k].push(us);
  }
}
for (const [k, [name]] of KINDS.entries()) {
  const sorted = [...times[k]].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  console.log(`${name.padEnd(16)} fastest ${sorted[0].toFixed(1).padStart(8)} µs  median ${median.toFixed(1).padStart(8)} µs a call`);
}
