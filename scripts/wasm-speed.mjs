// How fast the engine searches in WebAssembly against natively: the same positions searched to
// the same node budget by the native engine (`bluegray engine`, the engine protocol) and by the
// wasm package's `analyse` in node, at full strength with cleared tables, so both search the same
// tree: both stop at exactly the budget (the wasm says how many it searched; the protocol reports
// only finished iterations), and their best moves are checked equal. Each search is repeated and the fastest run kept,
// which makes the figures tolerable on a shared machine. Prints each speed and their ratio.
//
//   node scripts/wasm-speed.mjs [--nodes N] [--runs R]
//
// Needs `cargo build --release -p bluegray-cli` and `bash scripts/build-web.sh` (www/pkg) first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PKG = path.join(ROOT, 'www/pkg');
const CLI = path.join(ROOT, 'target/release/bluegray');

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
    /** Searches; resolves to {nodes, ms} (wall time from the request to the answer). */
    search(variant, moves, nodes) {
      const t0 = process.hrtime.bigint();
      return new Promise((resolve, reject) => {
        waiting.push((out) => {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
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
  await wasm.default({ module_or_path: fs.readFileSync(path.join(PKG, 'bluegray_wasm_bg.wasm')) });
  return {
    search(variant, moves, nodes) {
      const game = new wasm.Game(variant);
      for (const m of moves) game.play(m);
      const record = game.record();
      game.free();
      const t0 = process.hrtime.bigint();
      const r = JSON.parse(JSON.stringify(wasm.analyse(record, '', nodes)));
      return { nodes: r.nodes, best: r.best, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
    },
  };
}

const nodes = option('nodes', 300_000);
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
