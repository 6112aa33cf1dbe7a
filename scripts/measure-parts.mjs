#!/usr/bin/env node
// What each part of the page weighs, to know where bytes go before cutting any (issue 34):
//   - the wasm modules by crate and module of ours (and the standard library, the allocator,
//     serde, the bindings, the data), from the function names of a copy of the module that keeps
//     them (its `name` section, read here: wasmItems);
//   - the JavaScript by source module: the minified bytes each module puts in what the page
//     (www/app.js) and the npm package's element (www/blue-gray-game.js) load at once, and in what
//     they load on demand, in the chunks the build makes of them (scripts/build.config.mjs), not
//     written: each chunk's bytes shared among its modules by their size before minifying.
//
//   node scripts/measure-parts.mjs [--top N]
//
// The wasm part reads rustc's output as scripts/build-web.sh left it in target/ (the play module,
// and the teaching module in target/wasm-teach),
// shrinks it as that script does (the project's wasm-opt -Oz, before and after the binding) but
// keeping the names (-g), binds it with wasm-bindgen (which drops the code only the binding
// generator runs) and weighs each function by its name (no twiggy needed);
// it is skipped, saying why, when one of those tools or the module is missing. The figures are
// raw bytes: a part's share of the gzip is about its share of the raw bytes. The JS part needs
// nothing but the project's npm packages. A report: the exit code is 0 unless an argument is bad.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { reachable } from './lib/reachable.mjs';
import { pageBuild, elementBuild } from './build.config.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = process.env.CARGO_TARGET_DIR || path.join(REPO, 'target');
/** The modules build-web.sh builds, by the name the page knows them by. */
const MODULES = [
  { name: 'play', file: path.join(TARGET, 'wasm32-unknown-unknown/wasm/bluegray_wasm.wasm') },
  { name: 'teaching', file: path.join(TARGET, 'wasm-teach/wasm32-unknown-unknown/wasm/bluegray_wasm.wasm') },
];
/** The project's binaryen (npm), as build-web.sh uses it. */
const WASM_OPT = path.join(REPO, 'node_modules/.bin/wasm-opt');
/** The wasm-opt features build-web.sh enables. */
const FEATURES = ['--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals'];
/**
 * The part an item of a module (wasmItems) belongs to, by its (demangled) name: our crates by module,
 * the rest by library. First match wins.
 * @type {[RegExp, (m: RegExpMatchArray) => string][]}
 */
const PARTS = [
  [/^custom section/, () => ''],
  [/^\(section\) /, () => 'sections (types, imports, exports, tables)'],
  [/^data segment/, () => 'data (read-only tables, strings)'],
  [/bluegray_(\w+)::(\w+)/, (m) => `${m[1]}::${m[2]}`],
  [/dlmalloc|__rust_(?:alloc|realloc|dealloc)/, () => 'allocator (dlmalloc)'],
  [/serde|itoa|ryu/, () => 'serde, serde_json'],
  // An export's wrapper, which the second wasm-opt pass (build-web.sh) inlines into wasm-bindgen's
  // shims of it, named after them.
  [/^[a-z]\w*(?: externref shim)?(?: multivalue shim)$|^[a-z]\w* externref shim$/, () => 'wasm::exports (the #[wasm_bindgen] wrappers)'],
  [/wasm_bindgen|js_sys|web_sys|__wbindgen|__wbg|externref|console_error/, () => 'bindings (wasm-bindgen, js-sys)'],
  [/\b(?:core|alloc|std)\b|^<?(?:u8|u16|u32|u64|i32|char|str)\b|memcpy|memset|memcmp|memmove/, () => 'std (core, alloc: fmt, panics, collections)'],
  [/^[a-z]\w*(?:_[a-zA-Z]\w*)*$/, () => 'wasm::exports (the #[wasm_bindgen] wrappers)'],
];

const args = process.argv.slice(2);
let top = 25;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--top' && /^\d+$/.test(args[i + 1] ?? '')) top = Number(args[++i]);
  else {
    console.error(`measure-parts: unknown argument ${args[i]} (usage: node scripts/measure-parts.mjs [--top N])`);
    process.exit(2);
  }
}

/** @type {(n: number) => string} */
const kb = (n) => (n / 1024).toFixed(1).padStart(7);

/**
 * Prints rows of [bytes, what] largest first, the first `top`, and the total.
 * @param {Map<string, number>} sizes
 * @param {string} total
 */
function table(sizes, total) {
  const rows = [...sizes].sort((a, b) => b[1] - a[1]);
  const all = rows.reduce((s, [, n]) => s + n, 0);
  for (const [what, n] of rows.slice(0, top)) console.log(`  ${kb(n)} KB  ${((100 * n) / all).toFixed(1).padStart(5)} %  ${what}`);
  if (rows.length > top) console.log(`  ${kb(rows.slice(top).reduce((s, [, n]) => s + n, 0))} KB          ${rows.length - top} more`);
  console.log(`  ${kb(all)} KB  ${total}`);
}

/**
 * Whether `tool` runs.
 * @param {string} tool
 */
function have(tool) {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * What a wasm module's bytes are, as twiggy's `top` counts them but read here (no tool to
 * install): each function body (code section) under its name from the `name` section (named
 * `code[N]` where it has none), all data segments as one item, the custom sections as one
 * (`custom section`, which PARTS leaves out: the shipped module has none but the bindings'
 * schema) and every other section under its kind (`(section) export`).
 * @param {Uint8Array} bytes
 * @returns {Map<string, number>} bytes by item
 */
function wasmItems(bytes) {
  let p = 8; // the magic number and the version
  const leb = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[p++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  const name = () => {
    const n = leb();
    p += n;
    return new TextDecoder().decode(bytes.subarray(p - n, p));
  };
  const KINDS = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
  /** @type {number[]} */
  const bodies = [];
  /** @type {Map<number, string>} */
  const names = new Map();
  let imported = 0;
  /** @type {Map<string, number>} */
  const items = new Map();
  const add = (/** @type {string} */ what, /** @type {number} */ n) => items.set(what, (items.get(what) ?? 0) + n);
  while (p < bytes.length) {
    const id = bytes[p++];
    const size = leb();
    const end = p + size;
    if (id === 2) {
      // Imported functions come first in the function index space.
      for (let n = leb(); n > 0; n--) {
        name();
        name();
        const kind = bytes[p++];
        if (kind === 0) {
          leb();
          imported++;
        } else if (kind === 1 || kind === 2) {
          if (kind === 1) p++; // the table's element type
          if (leb() & 1) leb(); // limits: min, and max when flagged
          leb();
        } else p += 2; // a global: its type and mutability
      }
      add('(section) import', size);
    } else if (id === 10) {
      for (let n = leb(); n > 0; n--) {
        const body = leb();
        bodies.push(body);
        p += body;
      }
    } else if (id === 0) {
      if (name() === 'name') {
        while (p < end) {
          const sub = bytes[p++];
          const subEnd = leb() + p;
          if (sub === 1) for (let n = leb(); n > 0; n--) names.set(leb(), name());
          p = subEnd;
        }
      }
      add('custom section', size);
    } else add(id === 11 ? 'data segment' : `(section) ${KINDS[id] ?? id}`, size);
    p = end;
  }
  bodies.forEach((n, i) => add(names.get(imported + i) ?? `code[${i}]`, n));
  return items;
}

/** Weighs each wasm module by part (see PARTS). */
function wasmParts() {
  const missing = [WASM_OPT, 'wasm-bindgen'].filter((t) => !have(t));
  if (missing.length) {
    console.log(`wasm: skipped, ${missing.join(', ')} not found`);
    return;
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'parts-'));
  try {
    for (const { name, file } of MODULES) {
      if (!fs.existsSync(file)) {
        console.log(`wasm ${name}: skipped, ${path.relative(REPO, file)} not built (bash scripts/build-web.sh)`);
        continue;
      }
      const named = path.join(tmp, `${name}.wasm`);
      execFileSync(WASM_OPT, ['-Oz', '-g', ...FEATURES, file, '-o', named]);
      execFileSync('wasm-bindgen', ['--target', 'web', '--omit-default-module-path', '--out-dir', tmp, '--out-name', name, named]);
      const bound = path.join(tmp, `${name}_bg.wasm`);
      execFileSync(WASM_OPT, ['-Oz', '-g', ...FEATURES, '--enable-reference-types', '--enable-multivalue', bound, '-o', bound]);
      /** @type {Map<string, number>} */
      const sizes = new Map();
      for (const [item, n] of wasmItems(fs.readFileSync(bound))) {
        const part = partOf(item);
        if (part) sizes.set(part, (sizes.get(part) ?? 0) + n);
      }
      console.log(`wasm ${name} module, by part (raw bytes, names left out):`);
      table(sizes, 'in all');
      console.log('');
    }
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The part of a wasm item (wasmItems) called `name` ('' for what the shipped module does not have).
 * @param {string} name
 */
function partOf(name) {
  for (const [re, part] of PARTS) {
    const m = name.match(re);
    if (m) return part(m);
  }
  return 'other';
}

/** Weighs the JS each entry loads at once and on demand, by source module. */
async function jsParts() {
  const missing = ['pkg/bluegray_wasm.js', 'vendor/mqtt.js'].filter((f) => !fs.existsSync(path.join(REPO, 'www', f)));
  if (missing.length) {
    console.log(`js: skipped, www/${missing[0]} not built (bash scripts/build-web.sh; npm ci for www/vendor)`);
    return;
  }
  for (const [entry, options] of /** @type {const} */ ([['www/app.js', pageBuild], ['www/blue-gray-game.js', elementBuild]])) {
    const chunks = new Map((await build(options({ write: false }))).output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o]] : [])));
    const start = [...chunks.values()].find((c) => c.facadeModuleId === path.join(REPO, entry));
    if (!start) continue;
    const chunk = (/** @type {string} */ f) => chunks.get(f) ?? { imports: [], dynamicImports: [] };
    const atOnce = reachable([start.fileName], (f) => chunk(f).imports);
    const all = reachable([start.fileName], (f) => [...chunk(f).imports, ...chunk(f).dynamicImports]);
    for (const [what, files] of [['at once', atOnce], ['on demand', [...all].filter((f) => !atOnce.has(f))]]) {
      /** @type {Map<string, number>} */
      const sizes = new Map();
      for (const f of files) {
        const c = chunks.get(f);
        if (!c) continue;
        const modules = Object.entries(c.modules);
        const rendered = modules.reduce((n, [, m]) => n + m.renderedLength, 0);
        for (const [id, m] of modules) {
          const name = path.relative(REPO, id).split(path.sep).join('/');
          sizes.set(name, (sizes.get(name) ?? 0) + (rendered ? (c.code.length * m.renderedLength) / rendered : 0));
        }
      }
      console.log(`${entry}, loaded ${what} (minified bytes by source module):`);
      table(sizes, 'in all');
      console.log('');
    }
  }
}

wasmParts();
await jsParts();
