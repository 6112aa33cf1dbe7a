// The static server (scripts/serve.mjs) and the test prerequisites, without a browser. Every test
// serves a temporary root of its own, so none needs the built dist/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer, resolvePath, normalizePrefix, DEFAULT_ROOT, STRICT_CSP } from '../../scripts/serve.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One request with the path sent byte for byte as given. */
function get(port, rawPath, method = 'GET', headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method, headers, maxHeaderSize: 1 << 21 }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

function write(root, rel, text = rel) {
  const file = path.join(root, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

// tmp/repo: a repository-like tree with its built site in tmp/repo/dist.
let tmp, repo, site;
before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-serve-'));
  repo = path.join(tmp, 'repo');
  site = path.join(repo, 'dist');
  for (const f of ['Cargo.toml', 'package.json', 'README.md', '.env', '.git/config', 'target/release/bluegray', 'node_modules/playwright-core/package.json']) {
    write(repo, f, `SECRET ${f}`);
  }
  write(site, 'index.html', '<!doctype html><script type="module" src="app.js"></script>');
  for (const f of ['app.js', 'style.css', 'bluegray_wasm_bg.wasm', 'data.json', 'manifest.webmanifest', 'icons/icon-192.png', 'icon.svg', 'notes.txt', 'blob.bin']) write(site, f);
  write(site, 'www/index.html', 'www index');
  write(site, 'x/index.html', 'x index');
  write(site, 'evil.example/index.html', 'a directory called evil.example');
  write(site, 'examples/embed.html', 'embed');
  write(site, 'a b/index.html', 'spaced');
  for (const f of ['.env', '.git/config', '.well-known/x', 'www/.hidden', 'icons/.DS_Store']) write(site, f, `SECRET ${f}`);
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function withServer(opts, fn) {
  const srv = await startServer({ port: 0, root: site, ...opts });
  try {
    await fn(srv);
  } finally {
    await srv.close();
  }
}

test('serves the site with the right MIME types, no-cache, nosniff', () =>
  withServer({}, async (srv) => {
    assert.match(srv.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await get(srv.port, '/');
    assert.equal(index.status, 200);
    assert.match(index.body, /app\.js/);
    const types = {
      '/': 'text/html; charset=utf-8',
      '/index.html?x=1': 'text/html; charset=utf-8',
      '/app.js': 'text/javascript; charset=utf-8',
      '/style.css': 'text/css; charset=utf-8',
      '/bluegray_wasm_bg.wasm': 'application/wasm',
      '/data.json': 'application/json; charset=utf-8',
      '/manifest.webmanifest': 'application/manifest+json',
      '/icons/icon-192.png': 'image/png',
      '/icon.svg': 'image/svg+xml',
      '/notes.txt': 'text/plain; charset=utf-8',
      '/blob.bin': 'application/octet-stream',
    };
    for (const [p, type] of Object.entries(types)) {
      for (const method of ['GET', 'HEAD']) {
        const r = await get(srv.port, p, method);
        assert.equal(r.status, 200, `${method} ${p}`);
        assert.equal(r.type, type, `${method} ${p}`);
        assert.equal(r.headers['cache-control'], 'no-cache', p);
        assert.equal(r.headers['x-content-type-options'], 'nosniff', p);
        if (method === 'HEAD') assert.equal(r.body, '');
      }
    }
    assert.equal((await get(srv.port, '/examples/embed.html')).body, 'embed');
    assert.equal((await get(srv.port, '/a%20b/')).body, 'spaced');
    assert.equal((await get(srv.port, '/nope.js')).status, 404);
    const www = await get(srv.port, '/www');
    assert.equal(www.status, 301);
    assert.equal(www.headers.location, '/www/');
    assert.equal((await get(srv.port, '/www?x=1')).headers.location, '/www/?x=1');
    assert.equal((await get(srv.port, '/a%20b')).headers.location, '/a%20b/');
    const post = await get(srv.port, '/', 'POST');
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
  }));

test('a file the browser already has is confirmed by its ETag with a bodiless 304', () =>
  withServer({}, async ({ port }) => {
    const first = await get(port, '/app.js');
    const etag = first.headers.etag;
    assert.match(String(etag), /^W\/".+"$/);
    const again = await get(port, '/app.js', 'GET', { 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.body, '');
    const other = await get(port, '/style.css', 'GET', { 'If-None-Match': etag });
    assert.equal(other.status, 200, "another file's ETag does not match");
    assert.equal(other.body, 'style.css');
    write(site, 'changed.js', 'one');
    const before1 = await get(port, '/changed.js');
    write(site, 'changed.js', 'two, longer');
    const changed = await get(port, '/changed.js', 'GET', { 'If-None-Match': before1.headers.etag });
    assert.equal(changed.status, 200, 'a changed file is sent again');
    assert.equal(changed.body, 'two, longer');
  }));

test('a file that grows while it is sent is sent as long as the length says, and the next response on the connection is whole', () =>
  withServer({}, async ({ port }) => {
    const file = path.join(site, 'growing.js');
    fs.writeFileSync(file, 'x'.repeat(1 << 16));
    // Grows the file as a rebuild would, between the server's stat and the end of its read.
    const grow = setInterval(() => fs.appendFileSync(file, 'y'.repeat(4096)), 0);
    try {
      for (let i = 0; i < 30; i++) {
        const r = await get(port, '/growing.js');
        assert.equal(r.status, 200);
        assert.equal(Buffer.byteLength(r.body), Number(r.headers['content-length']));
      }
    } finally {
      clearInterval(grow);
    }
  }));

test('serves dist/ by default, and refuses to start without it', async () => {
  assert.equal(DEFAULT_ROOT, path.join(REPO, 'dist'));
  // Whatever the state of the build, nothing of the repository outside dist/ is reachable.
  for (const p of ['/../Cargo.toml', '/../.git/config', '/..%2ftarget/release/bluegray', '/../node_modules/playwright-core/package.json']) {
    const file = resolvePath(DEFAULT_ROOT, p);
    assert.ok(file === null || file.startsWith(DEFAULT_ROOT + path.sep), `${p} -> ${file}`);
  }
  let srv;
  try {
    srv = await startServer({ port: 0 });
  } catch (e) {
    assert.ok(!fs.existsSync(DEFAULT_ROOT), `dist/ exists but the server did not start: ${e.message}`);
    assert.match(e.message, /dist.*bash scripts\/build-web\.sh/);
    return;
  }
  try {
    assert.equal(srv.root, DEFAULT_ROOT);
    for (const p of ['/.git/config', '/.git/HEAD', '/Cargo.toml', '/Cargo.lock', '/package.json', '/target/release/bluegray', '/node_modules/playwright-core/package.json', '/crates/bluegray-core/Cargo.toml', '/scripts/serve.mjs', '/dist/index.html']) {
      assert.equal((await get(srv.port, p)).status, 404, p);
    }
  } finally {
    await srv.close();
  }
});

test('repository files and dotfiles are not served', async () => {
  // The site root inside a repository-like tree: nothing above it is reachable.
  await withServer({}, async (srv) => {
    for (const p of [
      '/Cargo.toml', '/package.json', '/README.md', '/target/release/bluegray', '/node_modules/playwright-core/package.json',
      '/.env', '/.git/config', '/.git/', '/.git', '/.well-known/x', '/www/.hidden', '/icons/.DS_Store', '/%2egit/config', '/%2Eenv',
      '/www/..%2F.git/config', '/www/%2e%2e/.env', '/x/../.env', '/./.env', '/.%2e/.env', '/..', '/www/.', '/.',
    ]) {
      const r = await get(srv.port, p);
      assert.ok(r.status === 404 || (r.status === 301 && !/\.|\/\//.test(r.headers.location.slice(1))), `${p} -> ${r.status} ${r.headers.location}`);
      assert.doesNotMatch(r.body, /SECRET/, p);
    }
  });
  // Even when someone serves a repository itself, its dotfiles stay hidden.
  await withServer({ root: repo }, async (srv) => {
    for (const p of ['/.git/config', '/.env', '/dist/.git/config', '/%2Egit/config', '/dist/..%2f.env']) {
      const r = await get(srv.port, p);
      assert.equal(r.status, 404, p);
      assert.doesNotMatch(r.body, /SECRET/, p);
    }
    assert.equal((await get(srv.port, '/dist/index.html')).status, 200);
  });
  assert.equal(resolvePath('/srv/site', '/.git/config'), null);
  assert.equal(resolvePath('/srv/site', '/a/.b/c'), null);
  assert.equal(resolvePath('/srv/site', '/a/b..c'), '/srv/site/a/b..c');
});

test('never serves files outside the root', () =>
  withServer({}, async (srv) => {
    for (const p of [
      '/../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/www/..%5c..%5cetc/passwd',
      '/%00', '/index.html%00.txt', '/..\\..\\etc\\passwd', '/%252e%252e/etc/passwd', '/%E0%A4%A', '//etc/passwd', '/www/../../../../etc/passwd',
    ]) {
      const r = await get(srv.port, p);
      assert.ok(r.status === 404 || r.status === 400, `${p} -> ${r.status}`);
      assert.doesNotMatch(r.body, /root:|SECRET/);
    }
    assert.equal(resolvePath('/srv/site', '/../secret'), '/srv/site/secret');
    assert.equal(resolvePath('/srv/site', '/%E0%A4%A'), null);
    assert.equal(resolvePath('/srv/site', '/a%00b'), null);
  }));

const REDIRECT_PAYLOADS = [
  '//evil.example/x%2F..%2F..%2Fwww',
  '//evil.example/x%2F..%2F..%2Fwww?q=//evil.example',
  '//evil.example/..',
  '//evil.example',
  '///evil.example/..',
  '///evil.example',
  '/\\evil.example',
  '/\\/evil.example',
  '/\\\\evil.example/x/..%2F..%2F..%2Fwww',
  '/%2F%2Fevil.example',
  '/%2F%2Fevil.example/..%2F..%2Fx',
  '/%5C%5Cevil.example',
  '/%2f%5cevil.example',
  '/www/..%2F%2Fevil.example',
  '/x/..%2F..%2F..%2F%2Fevil.example',
  '/%09/evil.example',
  '/https:%2F%2Fevil.example/..%2F..',
  '/http:/evil.example/../../www',
  '//',
  '/%2F',
];

function assertSameSite(srv, p, r) {
  const loc = r.headers.location;
  if (loc === undefined) return;
  assert.ok(loc.startsWith('/'), `${p} -> Location ${loc}`);
  assert.ok(!loc.startsWith('//') && !loc.startsWith('/\\'), `${p} -> Location ${loc}`);
  assert.doesNotMatch(loc.split('?')[0], /:|\\|\/\//, `${p} -> Location ${loc}`);
  const target = new URL(loc, srv.url);
  assert.equal(target.host, `127.0.0.1:${srv.port}`, `${p} -> Location ${loc}`);
}

test('directory redirects never leave the site (open redirect)', async () => {
  await withServer({}, async (srv) => {
    for (const p of REDIRECT_PAYLOADS) {
      const r = await get(srv.port, p);
      assert.ok([200, 301, 404, 400].includes(r.status), `${p} -> ${r.status}`);
      assertSameSite(srv, p, r);
    }
    // The payload is resolved first, then redirected to the canonical path.
    const r = await get(srv.port, '//evil.example/x%2F..%2F..%2Fwww');
    assert.equal(r.status, 301);
    assert.equal(r.headers.location, '/www/');
    assert.equal((await get(srv.port, '///evil.example/..')).headers.location, '/');
    assert.equal((await get(srv.port, '/%2F%2Fevil.example')).headers.location, '/evil.example/');
    assert.equal((await get(srv.port, '/\\evil.example')).headers.location, '/evil.example/');
  });
  await withServer({ prefix: '/games/bg/' }, async (srv) => {
    for (const p of REDIRECT_PAYLOADS.flatMap((payload) => [payload, '/games/bg' + payload, '/games/bg/' + payload.slice(1)])) {
      const r = await get(srv.port, p);
      assert.ok([200, 301, 404, 400].includes(r.status), `${p} -> ${r.status}`);
      assertSameSite(srv, p, r);
      if (r.status === 301) assert.ok(r.headers.location.startsWith('/games/bg/'), `${p} -> ${r.headers.location}`);
    }
  });
});

test('--csp sends the strict policy on every response; CORS is always open', async () => {
  assert.equal(
    STRICT_CSP,
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self' ws: wss:",
  );
  const paths = ['/', '/app.js', '/bluegray_wasm_bg.wasm', '/nope', '/www', '/.git/config', '/%E0%A4%A'];
  await withServer({ csp: true }, async (srv) => {
    for (const p of paths) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const r = await get(srv.port, p, method);
        assert.equal(r.headers['content-security-policy'], STRICT_CSP, `${method} ${p} (${r.status})`);
        assert.equal(r.headers['access-control-allow-origin'], '*', `${method} ${p}`);
      }
    }
  });
  await withServer({}, async (srv) => {
    for (const p of paths) {
      const r = await get(srv.port, p);
      assert.equal(r.headers['content-security-policy'], undefined, p);
      assert.equal(r.headers['access-control-allow-origin'], '*', p);
    }
  });
});

test('a 100 KB query string is served (no 431)', () =>
  withServer({}, async (srv) => {
    const record = encodeURIComponent('1. e2-e3 d8-d7 '.repeat(7000));
    assert.ok(record.length > 100_000);
    const r = await get(srv.port, '/?record=' + record);
    assert.equal(r.status, 200);
    assert.match(r.body, /app\.js/);
    assert.equal((await get(srv.port, '/index.html?variant=sackson&record=' + record, 'HEAD')).status, 200);
    const redirect = await get(srv.port, '/www?record=' + record);
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.location, '/www/?record=' + record);
  }));

test('--prefix serves the root under a sub-path only', async () => {
  assert.equal(normalizePrefix('/'), '/');
  assert.equal(normalizePrefix(''), '/');
  assert.equal(normalizePrefix('games/blue-and-gray'), '/games/blue-and-gray/');
  assert.equal(normalizePrefix('//games//bg/'), '/games/bg/');
  assert.throws(() => normalizePrefix('/games/../etc/'), /bad prefix/);
  assert.throws(() => normalizePrefix('/.git/'), /bad prefix/);
  await withServer({ prefix: '/games/blue-and-gray/', csp: true }, async (srv) => {
    assert.equal(srv.prefix, '/games/blue-and-gray/');
    assert.equal(srv.url, `http://127.0.0.1:${srv.port}/games/blue-and-gray/`);
    assert.equal(srv.origin, `http://127.0.0.1:${srv.port}`);
    const index = await get(srv.port, '/games/blue-and-gray/');
    assert.equal(index.status, 200);
    assert.match(index.body, /app\.js/);
    assert.equal(index.headers['content-security-policy'], STRICT_CSP);
    assert.equal((await get(srv.port, '/games/blue-and-gray/app.js')).type, 'text/javascript; charset=utf-8');
    assert.equal((await get(srv.port, '/games/blue-and-gray/index.html?mode=ai')).status, 200);
    assert.equal((await get(srv.port, '/games/blue-and-gray/examples/embed.html')).body, 'embed');
    for (const [p, loc] of [
      ['/games/blue-and-gray', '/games/blue-and-gray/'],
      ['/games/blue-and-gray?mode=ai', '/games/blue-and-gray/?mode=ai'],
      ['/games/blue-and-gray/www', '/games/blue-and-gray/www/'],
      ['/games/blue-and-gray/x/..%2F..%2Fwww', '/games/blue-and-gray/www/'],
    ]) {
      const r = await get(srv.port, p);
      assert.equal(r.status, 301, p);
      assert.equal(r.headers.location, loc, p);
    }
    for (const p of ['/', '/index.html', '/app.js', '/games/', '/games/blue-and-gra/', '/games/blue-and-grayx/', '/GAMES/blue-and-gray/', '/games/blue-and-gray/.git/config', '/games/%62lue-and-gray/', '/x/', '/www']) {
      const r = await get(srv.port, p);
      assert.equal(r.status, 404, p);
      assert.equal(r.headers['content-security-policy'], STRICT_CSP, p);
    }
    // Traversal out of the prefix stays inside the root.
    const up = await get(srv.port, '/games/blue-and-gray/../../../Cargo.toml');
    assert.equal(up.status, 404);
    assert.doesNotMatch(up.body, /SECRET/);
  });
});

test('a missing root is refused with a message saying how to build it', async () => {
  const missing = path.join(tmp, 'no-such-dist');
  await assert.rejects(startServer({ port: 0, root: missing }), (e) => {
    assert.match(e.message, /no-such-dist/);
    assert.match(e.message, /bash scripts\/build-web\.sh/);
    return true;
  });
  await assert.rejects(startServer({ port: 0, root: path.join(site, 'app.js') }), /bash scripts\/build-web\.sh/);
  const { code, stdout, stderr } = await runCli(['--port', '0', '--root', missing]);
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.match(stderr, /^serve: .*no-such-dist.*bash scripts\/build-web\.sh/);
});

test('a busy port falls back to a free one', async () => {
  const blocker = net.createServer();
  await new Promise((r) => blocker.listen(0, '127.0.0.1', r));
  const busy = blocker.address().port;
  const srv = await startServer({ port: busy, root: site });
  try {
    assert.notEqual(srv.port, busy);
    assert.equal((await get(srv.port, '/')).status, 200);
  } finally {
    await srv.close();
    blocker.close();
  }
});

test('a missing Chromium fails with a clear message', async () => {
  const { checkPrerequisites } = await import('../e2e/helpers.mjs');
  assert.throws(() => checkPrerequisites('/nonexistent/chromium'), /Chromium not found at \/nonexistent\/chromium.*apt-get install chromium/);
});

function runCli(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/serve.mjs', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('node scripts/serve.mjs prints its URL and serves', async () => {
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--host', '127.0.0.1', '--root', site, '--prefix', '/sub/path', '--csp'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\/sub\/path\/\n/);
        if (m) resolve(m);
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      setTimeout(() => reject(new Error('no URL printed')), 10000).unref();
    });
    const r = await get(Number(url[1]), '/sub/path/');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-security-policy'], STRICT_CSP);
    assert.equal(r.headers['access-control-allow-origin'], '*');
    assert.equal((await get(Number(url[1]), '/index.html')).status, 404);
  } finally {
    child.kill();
  }
  for (const bad of [['--port', 'x'], ['--bogus'], ['--prefix', '/../'], ['--csp=1']]) {
    const { code, stderr } = await runCli([...bad, '--root', site]);
    assert.equal(code, 2, bad.join(' '));
    assert.match(stderr, /^serve: /, bad.join(' '));
  }
});
