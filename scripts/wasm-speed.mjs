// How fast the engine searches in WebAssembly against natively: the same positions searched to
// the same node budget by the native engine (`bluegray engine`, the engine protocol) and by the
// wasm package's `analyse` in node, at full strength with cleared tables, so both search the same
// tree: both stop at exactly the budget (the wasm says how many it searched; the protocol reports
// only finished iterations), and their best moves are checked equal. Speeds are nodes per second
// of CPU time (the engine process's, read from /proc; node's own for the wasm), not of wall time,
// so that other work on a shared machine matters less; each search is repeated and the fastest
// run kept. Prints which wasm module it measured, each speed and their ratio.
//
// The module is the one a browser with WebAssembly SIMD loads (www/wasm-simd.js): the SIMD build,
// or the baseline with --baseline (what browsers without SIMD run) or when the checkout built
// no SIMD module.
//
//   node scripts/wasm-speed.mjs [--nodes N (1,000,000)] [--runs R (3)] [--root CHECKOUT] [--baseline]
//
// Needs `cargo build --release -p bluegray-cli` and `bash scripts/build-web.sh` (www/pkg) first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { WASM } from './build-package.mjs';
import { simdSupported } from '../www/wasm-simd.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `--root DIR` measures another checkout's builds (say, a baseline's) with this script. */
const BUILT = process.argv.includes('--root') ? path.resolve(process.argv[process.argv.indexOf('--root') + 1]) : ROOT;
const PKG = path.join(BUILT, 'www/pkg');
const CLI = path.join(process.env.CARGO_TARGET_DIR || path.join(BUILT, 'target'), 'release/bluegray');

/** Positions of four variants, as variant spec and moves from its start. */
const POSITIONS = [
  { variant: 'sackson', moves: [] },
  { variant: 'sackson', moves: ['e2-e3', 'e8-e7', 'd2-d3', 'd8-d7', 'f2-f3', 'f8-f7'] },
  { variant: 'classic-turbo', moves: ['e2-e3', 'e8-e7'] },
  { variant: 'super-pow', moves: [] },
  { variant: 'classic-light', moves: [] },
];

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} wants a whole number above 0`);
  return n;
}

/** The kernel's clock ticks per second for /proc's times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU seconds (user and system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime, stime are 14, 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** The native engine as a line-by-line conversation. */
function nativeEngine() {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: cargo build --release -p bluegray-cli`);
  const child = spawn(CLI, ['engine'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  const lines = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (line.startsWith('bestmove') || line.startsWith('error')) waiting.shift()?.(lines.splice(0));
  });
  return {
    /** Searches; resolves to {nodes, best, ms} (the engine's CPU time for the search). */
    search(variant, moves, nodes) {
      const t0 = cpuSeconds(child.pid);
      return new Promise((resolve, reject) => {
        waiting.push((out) => {
          const ms = (cpuSeconds(child.pid) - t0) * 1000;
          const err = out.find((l) => l.startsWith('error'));
          if (err) return reject(new Error(err));
          const best = out.find((l) => l.startsWith('bestmove')).split(' ')[1];
          resolve({ nodes, best, ms });
        });
        const position = moves.length ? `position startpos moves ${moves.join(' ')}` : 'position startpos';
        child.stdin.write(`variant ${variant}\n${position}\nnewgame\ngo depth 64 nodes ${nodes} level 8\n`);
      });
    },
    close: () => child.stdin.end('quit\n'),
  };
}

async function wasmEngine() {
  const js = path.join(PKG, 'bluegray_wasm.js');
  if (!fs.existsSync(js)) throw new Error('www/pkg is missing: bash scripts/build-web.sh');
  const wasm = await import(js);
  const simd = !process.argv.includes('--baseline') && simdSupported() && fs.existsSync(path.join(BUILT, 'www', WASM.simd));
  const module = path.join(BUILT, 'www', simd ? WASM.simd : WASM.baseline);
  console.log(`wasm: the ${simd ? 'SIMD' : 'baseline'} build, ${module}`);
  await wasm.default({ module_or_path: fs.readFileSync(module) });
  return {
    search(variant, moves, nodes) {
      const game = new wasm.Game(variant);
      for (const m of moves) game.play(m);
      const record = game.record();
      game.free();
      const t0 = process.cpuUsage();
      const r = JSON.parse(JSON.stringify(wasm.analyse(record, '', nodes)));
      const used = process.cpuUsage(t0);
      return { nodes: r.nodes, best: r.best, ms: (used.user + used.system) / 1000 };
    },
  };
}

const nodes = option('nodes', 1_000_000);
const runs = option('runs', 3);
const native = nativeEngine();
const web = await wasmEngine();
let total = { native: { nodes: 0, ms: 0 }, wasm: { nodes: 0, ms: 0 } };
for (const p of POSITIONS) {
  const best = { native: null, wasm: null };
  for (let i = 0; i < runs; i++) {
    // Interleaved, so that a busy moment of the machine falls on both alike.
    const n = await native.search(p.variant, p.moves, nodes);
    const w = web.search(p.variant, p.moves, nodes);
    if (w.nodes !== nodes) throw new Error(`${p.variant}: the wasm searched ${w.nodes} nodes, not the budget ${nodes}`);
    if (n.best !== w.best) throw new Error(`${p.variant}: natively ${n.best}, in wasm ${w.best}: not the same search`);
    if (!best.native || n.ms < best.native.ms) best.native = n;
    if (!best.wasm || w.ms < best.wasm.ms) best.wasm = w;
  }
  for (const k of ['native', 'wasm']) {
    total[k].nodes += best[k].nodes;
    total[k].ms += best[k].ms;
  }
  const nps = (r) => Math.round(r.nodes / (r.ms / 1000));
  console.log(
    `${p.variant.padEnd(14)} ${String(p.moves.length).padStart(2)} plies  ${best.native.nodes} nodes  ` +
      `native ${nps(best.native)} n/s  wasm ${nps(best.wasm)} n/s  ratio ${(nps(best.wasm) / nps(best.native)).toFixed(2)}`,
  );
}
native.close();
const speed = (r) => r.nodes / (r.ms / 1000);
console.log(
  `all: native ${(speed(total.native) / 1e6).toFixed(2)} M nodes/s, wasm ${(speed(total.wasm) / 1e6).toFixed(2)} M nodes/s, ` +
    `ratio ${(speed(total.wasm) / speed(total.native)).toFixed(2)}`,
);
