// End-to-end: the npm package as web developers use it. dist/npm (scripts/build-package.mjs) is
// packed with `npm pack`, and each test installs the tarball into a fresh consumer project in a
// temporary folder (its other packages from the npm registry, at the versions of this
// repository's package-lock.json, through npm's cache), builds it the consumer's way, serves
// it, and checks in headless Chromium that the element becomes ready, plays a move with play(),
// fires `move`, and gets the computer's reply (so the wasm, the worker and the stylesheet all
// made it into the build). The TypeScript test type-checks a consumer's use of the types.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { startServer } from '../../scripts/serve.mjs';
import { ROOT, startBrowser, watch } from './helpers.mjs';

const PACKAGE_DIR = path.join(ROOT, 'dist', 'npm');
const LOCK = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

/** `name@version` as package-lock.json has it. */
function locked(name) {
  const entry = LOCK.packages[`node_modules/${name}`];
  if (!entry) throw new Error(`package-lock.json has no ${name}: add it to the devDependencies`);
  return `${name}@${entry.version}`;
}

let tmp;
let tarball;
let browser;

/** Runs a command in `cwd`; throws with its output when it fails. */
function run(cmd, args, cwd) {
  try {
    return execFileSync(cmd, args, { cwd, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });
  } catch (e) {
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}:\n${e.stdout}${e.stderr}`, { cause: e });
  }
}

/** A fresh consumer project with the package and `deps` installed; `files` written into it. */
function consumer(name, deps, files) {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: `consumer-${name}`, private: true, type: 'module' }, null, 2));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball, ...deps], dir);
  return dir;
}

/** The host page of the bundled consumers: one board against the computer, and the app's script. */
const PAGE = (script) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>A consumer of blue-gray-game</title>
  <link rel="icon" href="data:,">
  ${script}
</head>
<body>
  <blue-gray-game mode="ai" side="blue" level="1" style="display: block; width: 360px"></blue-gray-game>
</body>
</html>
`;

/** The consumer's app: imports the element (defining it) and keeps its move events. */
const APP = `import 'blue-gray-game';

window.moves = [];
document.querySelector('blue-gray-game').addEventListener('move', (e) => window.moves.push(e.detail));
`;

/**
 * Serves `root`, opens `file` and checks the element: ready, a move by play(), its `move` event,
 * the computer's reply, the stylesheet in the shadow root (themed by the host's custom property
 * when `radius` is given). Nothing may fail to load, and every request stays on the server.
 * `also(page)` may look further before the page closes.
 */
async function checkInBrowser(root, file = 'index.html', { radius = '12px', also = async () => {} } = {}) {
  const server = await startServer({ port: 0, host: '127.0.0.1', root });
  const page = await browser.newPage();
  try {
    const problems = watch(page);
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(server.url + file);
    // A bundler that drops the element's module (as unused: see package.json's sideEffects)
    // leaves it undefined forever; say so rather than wait for ever.
    await page.waitForFunction(() => customElements.get('blue-gray-game'), null, { timeout: 20000 }).catch(() => {
      throw new Error(`<blue-gray-game> was never defined; problems: ${problems.join(' | ') || 'none'}`);
    });
    const played = await page.evaluate(async () => {
      await customElements.whenDefined('blue-gray-game');
      const b = document.querySelector('blue-gray-game');
      await b.ready;
      return b.play('e2-e3');
    });
    assert.equal(played, 'e2-e3');
    // On a timeout, what the page said on the way (a worker that failed to start says it there).
    await page.waitForFunction(() => window.moves.length === 2, null, { timeout: 20000 }).catch((e) => {
      throw new Error(`${e.message}; problems: ${problems.join(' | ') || 'none'}`);
    });
    const seen = await page.evaluate(() => ({
      moves: window.moves,
      radius: getComputedStyle(document.querySelector('blue-gray-game').shadowRoot.querySelector('canvas')).borderRadius,
      wasmFetches: performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.wasm')).length,
    }));
    assert.deepEqual(
      seen.moves.map((m) => [m.text, m.side, m.by]),
      [
        ['e2-e3', 'blue', 'api'],
        [seen.moves[1].text, 'gray', 'computer'],
      ],
    );
    assert.equal(seen.wasmFetches, 1, 'the wasm is fetched once');
    assert.equal(seen.radius, radius, 'the stylesheet reached the shadow root');
    assert.deepEqual(problems, []);
    assert.deepEqual(requests.filter((u) => !u.startsWith(server.origin) && !u.startsWith('blob:') && !u.startsWith('data:')), []);
    await also(page);
  } finally {
    await page.close();
    await server.close();
  }
}

before(async () => {
  if (!fs.existsSync(path.join(PACKAGE_DIR, 'package.json'))) {
    throw new Error('dist/npm is not built: run `bash scripts/build-web.sh` before `npm test`.');
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-package-'));
  const [packed] = JSON.parse(run('npm', ['pack', PACKAGE_DIR, '--json', '--pack-destination', tmp, '--loglevel=error'], tmp));
  tarball = path.join(tmp, packed.filename);
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the tarball holds the package and nothing else', () => {
  const [packed] = JSON.parse(run('npm', ['pack', PACKAGE_DIR, '--dry-run', '--json', '--loglevel=error'], tmp));
  const files = packed.files.map((f) => f.path).sort();
  for (const f of ['package.json', 'README.md', 'blue-gray-game.js', 'blue-gray-game.d.ts', 'react.d.ts', 'ai-worker.js', 'blue-gray-game.css', 'pkg/bluegray_wasm_bg.wasm', 'pkg/bluegray_wasm_simd_bg.wasm', 'pkg/bluegray_teach_bg.wasm', 'types/api-types.d.ts', 'custom-elements.json']) {
    assert.ok(files.includes(f), `${f} is packed: ${files.join(' ')}`);
  }
  const others = files.filter((f) => !/^(package\.json|README\.md|[\w-]+\.(js|d\.ts|css)|pkg\/bluegray_(wasm(_simd)?|teach)_bg\.wasm|types\/([\w-]+\/)*[\w-]+\.d\.ts|custom-elements\.json)$/.test(f));
  assert.deepEqual(others, []);
  assert.equal(packed.name, 'blue-gray-game');
  assert.match(packed.filename, /^blue-gray-game-\d+\.\d+\.\d+\.tgz$/);
});

test('imported in Node, the package throws an Error that says it is a browser custom element', () => {
  // A child process: the import's failure must not depend on what this test process has loaded.
  const script = `import(${JSON.stringify(path.join(PACKAGE_DIR, 'blue-gray-game.js'))}).then(() => console.log('imported'), (e) => console.log(e instanceof Error, e.message))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.match(out, /^true <blue-gray-game> is a browser custom element/);
  assert.match(out, /does not render on a server/);
});

test('esbuild: a bundle of `import "blue-gray-game"`, with the package’s files copied beside it', async () => {
  const dir = consumer('esbuild', [locked('esbuild')], { 'src/main.js': APP, 'public/index.html': PAGE('<script type="module" src="main.js"></script>') });
  run(path.join(dir, 'node_modules', '.bin', 'esbuild'), ['src/main.js', '--bundle', '--format=esm', '--splitting', '--minify', '--outdir=public'], dir);
  // What the package's README tells an esbuild user to copy: esbuild leaves new URL(…) alone.
  const pkg = path.join(dir, 'node_modules', 'blue-gray-game');
  for (const f of ['ai-worker.js', 'blue-gray-game.css', 'pkg']) fs.cpSync(path.join(pkg, f), path.join(dir, 'public', f), { recursive: true });
  await checkInBrowser(path.join(dir, 'public'));
});

test('Vite: a production build of an app using the element copies its worker, both wasm builds and stylesheet', async () => {
  const dir = consumer('vite', [locked('vite')], { 'main.js': APP, 'index.html': PAGE('<script type="module" src="/main.js"></script>') });
  run(path.join(dir, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], dir);
  const built = fs.readdirSync(path.join(dir, 'dist', 'assets'));
  for (const wasm of [/^bluegray_wasm_bg-.+\.wasm$/, /^bluegray_wasm_simd_bg-.+\.wasm$/, /^bluegray_teach_bg-.+\.wasm$/]) assert.ok(built.some((f) => wasm.test(f)), built.join(' '));
  await checkInBrowser(path.join(dir, 'dist'));
});

test('no bundler: the module straight from node_modules through an import map, themed by the host', async () => {
  const page = PAGE(`<script type="importmap">{"imports": {"blue-gray-game": "./node_modules/blue-gray-game/blue-gray-game.js"}}</script>
  <style>blue-gray-game { --blue-gray-game-radius: 3px; }</style>
  <script type="module" src="main.js"></script>`);
  const dir = consumer('plain', [], { 'main.js': APP, 'index.html': page });
  await checkInBrowser(dir, 'index.html', { radius: '3px', also: (p) => checkManifest(p, dir) });
});

/**
 * The installed package's manifest lists the element's whole public API as the browser sees it:
 * every property and method of its prototype (but the lifecycle callbacks), and every attribute
 * it observes.
 */
async function checkManifest(page, dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', 'blue-gray-game', 'custom-elements.json'), 'utf8'));
  const el = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'blue-gray-game');
  const live = await page.evaluate(() => {
    const C = customElements.get('blue-gray-game');
    return {
      members: Object.getOwnPropertyNames(C.prototype).filter((n) => n !== 'constructor' && !n.endsWith('Callback')),
      attributes: [...C.observedAttributes],
    };
  });
  assert.deepEqual(el.members.map((m) => m.name).sort(), live.members.sort());
  assert.deepEqual(el.attributes.map((a) => a.name).sort(), live.attributes.sort());
}

/** A consumer's TypeScript: the element's property, method, promise and event detail types. */
const TS_OK = `import 'blue-gray-game';
import type { BlueGrayGame, BlueGrayGameMoveDetail } from 'blue-gray-game';

const board = document.querySelector('blue-gray-game');
if (board) {
  board.level = 3;
  board.mode = 'two';
  board.orientation = null;
  const played: string = board.play('e2-e3');
  const settled: Promise<BlueGrayGame> = board.ready;
  board.addEventListener('move', (e) => {
    const detail: BlueGrayGameMoveDetail = e.detail;
    const who: 'human' | 'computer' | 'api' | 'remote' = detail.by;
    console.log(played, who, e.detail.ply + 1);
  });
  board.addEventListener('gameover', (e) => console.log(e.detail.token, e.detail.winner ?? 'draw'));
  board.addEventListener('click', (e) => console.log(e.clientX));
  void settled.then((b) => b.hint()).then((h) => console.log(h.move, h.pv.length));
}
const made: BlueGrayGame = document.createElement('blue-gray-game');
made.newGame({ variant: 'classic', mode: 'ai', level: 2 });
made.goal = 'win3';
made.newGame({ variant: 'sackson', mode: 'puzzle', position: 'CODE' });
made.addEventListener('puzzle-solved', (e) => console.log(e.detail.moves.join(' ')));
made.addEventListener('puzzle-failed', (e) => console.log(e.detail.refutation.length, e.detail.moves[0]));
`;

/** The same, misused: each line marked `// wrong` must be an error, and no other. */
const TS_BAD = `import 'blue-gray-game';

const board = document.createElement('blue-gray-game');
board.level = 'three'; // wrong
board.mode = 'solo'; // wrong
board.play(42); // wrong
board.addEventListener('move', (e) => console.log(e.detail.txt)); // wrong
board.addEventListener('thinking', (e) => { const s: string = e.detail.thinking; console.log(s); }); // wrong
board.newGame({ level: '2' }); // wrong
const n: number = board.code; // wrong
console.log(n);
board.goal = 'win4'; // wrong
board.addEventListener('puzzle-failed', (e) => console.log(e.detail.line)); // wrong
`;

/** React 19's JSX: properties as props, events as lower-case on<event> props. */
const TSX_OK = `import type {} from 'blue-gray-game/react';
import type { BlueGrayGame } from 'blue-gray-game';

export const board = (
  <blue-gray-game
    mode="ai"
    level={3}
    coordinates={false}
    className="board"
    onmove={(e) => console.log(e.detail.text)}
    onpuzzle-solved={(e) => console.log(e.detail.moves.length)}
    ref={(el: BlueGrayGame | null) => el?.flip()}
  />
);
`;

const TSX_BAD = `import type {} from 'blue-gray-game/react';

export const a = <blue-gray-game mode="solo" />; // wrong
export const b = <blue-gray-game onmove={(e) => e.detail.nope} />; // wrong
export const c = <blue-gray-game mode="puzzle" goal="win5" />; // wrong
`;

const TSCONFIG = (files) =>
  JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'es2022', lib: ['es2022', 'dom'], module: 'esnext', moduleResolution: 'bundler', jsx: 'react-jsx', types: [] },
    files,
  });

test('TypeScript: a consumer using the types passes `tsc --noEmit`, and one misusing them fails where it misuses them', () => {
  const dir = consumer('typescript', [locked('typescript'), locked('@types/react')], {
    'ok.ts': TS_OK,
    'bad.ts': TS_BAD,
    'ok.tsx': TSX_OK,
    'bad.tsx': TSX_BAD,
    'tsconfig.ok.json': TSCONFIG(['ok.ts', 'ok.tsx']),
    'tsconfig.bad.json': TSCONFIG(['bad.ts', 'bad.tsx']),
  });
  const tsc = path.join(dir, 'node_modules', '.bin', 'tsc');
  run(tsc, ['-p', 'tsconfig.ok.json'], dir);
  let output = '';
  assert.throws(() => {
    try {
      run(tsc, ['-p', 'tsconfig.bad.json', '--pretty', 'false'], dir);
    } catch (e) {
      output = e.message;
      throw e;
    }
  });
  const errors = new Set([...output.matchAll(/^(bad\.tsx?)\((\d+),\d+\): error/gm)].map((m) => `${m[1]}:${m[2]}`));
  const wanted = new Set(
    Object.entries({ 'bad.ts': TS_BAD, 'bad.tsx': TSX_BAD }).flatMap(([f, text]) =>
      text.split('\n').flatMap((line, i) => (line.endsWith('// wrong') ? [`${f}:${i + 1}`] : [])),
    ),
  );
  assert.deepEqual([...errors].sort(), [...wanted].sort(), output);
});
