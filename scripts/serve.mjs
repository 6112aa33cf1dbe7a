#!/usr/bin/env node
// A small static file server for the web page: serves the repository root.
//
//   node scripts/serve.mjs [--port N] [--host H] [--root DIR]
//
// Defaults: 127.0.0.1, port 8080; port 0 or a busy port picks a free one. Prints the URL
// `http://HOST:PORT/`. Correct MIME types (application/wasm, text/javascript, ...), no
// directory traversal, GET and HEAD only. Also importable: `startServer({port, host, root})`.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

function send(res, status, text, head) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
  res.end(head ? undefined : text + '\n');
}

/** Resolves a URL path to a file under root, or null if it would escape root. */
export function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded.replace(/\\/g, '/')));
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

function handler(root) {
  return (req, res) => {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(res, 405, 'method not allowed', head);
    }
    let file = resolvePath(root, req.url || '/');
    if (!file) return send(res, 400, 'bad path', head);
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        if (!(req.url || '/').split('?')[0].endsWith('/')) {
          const [p, q] = (req.url || '/').split('?');
          res.writeHead(301, { Location: p + '/' + (q !== undefined ? '?' + q : '') });
          return res.end();
        }
        file = path.join(file, 'index.html');
        return fs.stat(file, (err2, st2) => serveFile(err2, st2));
      }
      serveFile(err, st);
    });
    function serveFile(err, st) {
      if (err || !st.isFile()) return send(res, 404, 'not found', head);
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': st.size,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
      });
      if (head) return res.end();
      const stream = fs.createReadStream(file);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    }
  };
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (e) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * Starts the server. Resolves to `{server, url, port, host, close()}`.
 * A busy port falls back to a free one.
 */
export async function startServer({ port = 8080, host = '127.0.0.1', root = ROOT } = {}) {
  const absRoot = path.resolve(root);
  const server = http.createServer(handler(absRoot));
  try {
    await listen(server, port, host);
  } catch (e) {
    if (e.code !== 'EADDRINUSE' && e.code !== 'EACCES') throw e;
    await listen(server, 0, host);
  }
  const actual = server.address().port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    server,
    port: actual,
    host,
    url: `http://${shownHost}:${actual}/`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

function parseArgs(argv) {
  const opts = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.includes('=') ? a.split(/=(.*)/s) : [a, undefined];
    const value = () => {
      const v = inline !== undefined ? inline : argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--port' || flag === '-p') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`bad port: expected 0-65535`);
      opts.port = n;
    } else if (flag === '--host') opts.host = value();
    else if (flag === '--root') opts.root = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('usage: node scripts/serve.mjs [--port N] [--host H] [--root DIR]');
      process.exit(0);
    } else throw new Error(`unknown argument '${a}'`);
  }
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`serve: ${e.message}`);
    process.exit(2);
  }
  const { url } = await startServer(opts);
  console.log(url);
  const stop = () => process.exit(0);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
