// The static server (scripts/serve.mjs) and the test prerequisites, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { startServer, resolvePath } from '../scripts/serve.mjs';
import { checkPrerequisites } from './e2e/helpers.mjs';

function get(port, rawPath, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'], body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves the page with the right MIME types', async () => {
  const srv = await startServer({ port: 0 });
  try {
    assert.match(srv.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
    const index = await get(srv.port, '/');
    assert.equal(index.status, 200);
    assert.match(index.type, /^text\/html/);
    assert.match(index.body, /www\/app\.js/);
    assert.match((await get(srv.port, '/www/app.js')).type, /^text\/javascript/);
    assert.match((await get(srv.port, '/www/style.css')).type, /^text\/css/);
    assert.equal((await get(srv.port, '/www/pkg/bluegray_wasm_bg.wasm', 'HEAD')).type, 'application/wasm');
    assert.equal((await get(srv.port, '/index.html?x=1')).status, 200);
    assert.equal((await get(srv.port, '/nope.js')).status, 404);
    assert.equal((await get(srv.port, '/www')).status, 301);
    assert.equal((await get(srv.port, '/', 'POST')).status, 405);
  } finally {
    await srv.close();
  }
});

test('never serves files outside the root', async () => {
  const srv = await startServer({ port: 0 });
  try {
    for (const p of ['/../../etc/passwd', '/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/www/..%5c..%5cetc/passwd', '/%00']) {
      const r = await get(srv.port, p);
      assert.ok(r.status === 404 || r.status === 400, `${p} -> ${r.status}`);
      assert.doesNotMatch(r.body, /root:/);
    }
    assert.equal(resolvePath('/srv/site', '/../secret'), '/srv/site/secret');
    assert.equal(resolvePath('/srv/site', '/%E0%A4%A'), null);
  } finally {
    await srv.close();
  }
});

test('a busy port falls back to a free one', async () => {
  const blocker = net.createServer();
  await new Promise((r) => blocker.listen(0, '127.0.0.1', r));
  const busy = blocker.address().port;
  const srv = await startServer({ port: busy });
  try {
    assert.notEqual(srv.port, busy);
    assert.equal((await get(srv.port, '/')).status, 200);
  } finally {
    await srv.close();
    blocker.close();
  }
});

test('a missing Chromium fails with a clear message', () => {
  assert.throws(() => checkPrerequisites('/nonexistent/chromium'), /Chromium not found at \/nonexistent\/chromium.*apt-get install chromium/);
});

test('node scripts/serve.mjs prints its URL and serves', async () => {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['scripts/serve.mjs', '--port', '0', '--host', '127.0.0.1'], {
    cwd: new URL('..', import.meta.url),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
        if (m) resolve(m);
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
      setTimeout(() => reject(new Error('no URL printed')), 10000);
    });
    assert.equal((await get(Number(url[1]), '/')).status, 200);
  } finally {
    child.kill();
  }
  const bad = spawn(process.execPath, ['scripts/serve.mjs', '--port', 'x'], { cwd: new URL('..', import.meta.url) });
  const code = await new Promise((r) => bad.on('exit', r));
  assert.equal(code, 2);
});
