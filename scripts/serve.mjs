#!/usr/bin/env node
// A small static file server for the built site: serves `dist/` (what `bash scripts/build-web.sh`
// writes), never the repository.
//
//   node scripts/serve.mjs [--port N] [--host H] [--root DIR] [--prefix /sub/path/] [--csp]
//
// Defaults: 127.0.0.1, port 8080, root dist/; port 0 or a busy port picks a free one. Prints the
// URL `http://HOST:PORT/PREFIX/`. A missing root exits with code 2 (API: rejects).
// - GET and HEAD only; correct MIME types (application/wasm, text/javascript, ...);
//   `Cache-Control: no-cache` with an `ETag` (a request whose `If-None-Match` matches gets a
//   bodiless 304), `Access-Control-Allow-Origin: *` (the element can be embedded in a page of
//   another origin) and, with `--csp`, the strict `STRICT_CSP` header on every response.
// - No directory traversal; no path with a segment starting with '.' (`.git`, `.env`): 404.
// - A directory without its trailing '/' redirects to its own canonical path, built from the
//   resolved path and re-encoded: always one leading '/', never another host.
// - `--prefix /sub/path/` serves the root under that sub-path (everything else 404), to check
//   that the site works from a sub-path of a host.
// - Request lines and headers up to 1 MiB (long `record` query parameters).
// Also importable: `startServer({port, host, root, prefix, csp})`.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * What startServer takes: each has its default (see above).
 * @typedef {object} ServerOptions
 * @property {number} [port]
 * @property {string} [host]
 * @property {string} [root]
 * @property {string} [prefix]
 * @property {boolean} [csp]
 */
/**
 * A server started by startServer.
 * @typedef {object} StartedServer
 * @property {http.Server} server
 * @property {number} port the port it listens on
 * @property {string} host
 * @property {string} root absolute
 * @property {string} prefix normalised: '/' or '/sub/path/'
 * @property {string} origin `http://HOST:PORT`
 * @property {string} url `origin + prefix`
 * @property {() => Promise<void>} close
 */

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The default root: the built site. */
export const DEFAULT_ROOT = path.join(REPO, 'dist');

/** The Content-Security-Policy sent with `--csp` / `csp: true` (issue 9). */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
  "img-src 'self' data: blob:; worker-src 'self' blob:; connect-src 'self' ws: wss:";

const MAX_HEADER_SIZE = 1 << 20;

/** @type {Readonly<Record<string, string>>} */
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

/**
 * Resolves a URL path (relative to the served root) to a file under root, or null if it is
 * malformed, would escape root, or has a segment starting with '.'.
 * @param {string} root absolute
 * @param {string} urlPath
 * @returns {string | null}
 */
export function resolvePath(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const normal = path.posix.normalize('/' + decoded.replace(/\\/g, '/'));
  if (normal.split('/').some((seg) => seg.startsWith('.'))) return null;
  const full = path.resolve(root, '.' + normal);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

/**
 * '/sub/path/' from 'sub/path', '/sub/path/' or '/' (segments taken literally, then percent-encoded); throws on '.'-segments.
 * @param {string} [prefix]
 * @returns {string}
 */
export function normalizePrefix(prefix = '/') {
  const segs = String(prefix).split('/').filter(Boolean);
  if (segs.some((s) => s.startsWith('.'))) throw new Error(`bad prefix '${prefix}': no segment may start with '.'`);
  return '/' + segs.map((s) => encodeURIComponent(s) + '/').join('');
}

/**
 * @param {string} root absolute
 * @param {string} prefix normalised
 * @param {boolean} csp
 * @returns {http.RequestListener}
 */
function handler(root, prefix, csp) {
  return (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (csp) res.setHeader('Content-Security-Policy', STRICT_CSP);
    const head = req.method === 'HEAD';
    /** @type {(status: number, text: string) => void} */
    const send = (status, text) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(head ? undefined : text + '\n');
    };
    if (req.method !== 'GET' && !head) {
      res.setHeader('Allow', 'GET, HEAD');
      return send(405, 'method not allowed');
    }
    const url = req.url || '/';
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    const query = q < 0 ? '' : url.slice(q);
    /** @type {(location: string) => void} */
    const redirect = (location) => {
      try {
        res.writeHead(301, { Location: location + query });
      } catch {
        return send(400, 'bad request'); // a query no header may carry
      }
      res.end();
    };
    if (rawPath + '/' === prefix) return redirect(prefix);
    if (!rawPath.startsWith(prefix)) return send(404, 'not found');
    const resolved = resolvePath(root, rawPath.slice(prefix.length - 1));
    if (!resolved) return send(404, 'not found');
    let file = resolved;
    fs.stat(file, (err, st) => {
      if (!err && st.isDirectory()) {
        if (!rawPath.endsWith('/')) {
          // Canonical: the prefix, then the resolved path's segments re-encoded, so the Location
          // is always '/' followed by a non-empty segment (or just the prefix): never '//'.
          const rel = path.relative(root, file);
          const segs = rel ? rel.split(path.sep).map((s) => encodeURIComponent(s) + '/') : [];
          return redirect(prefix + segs.join(''));
        }
        file = path.join(file, 'index.html');
        return fs.stat(file, (err2, st2) => serveFile(err2, st2));
      }
      serveFile(err, st);
    });
    /**
     * @param {NodeJS.ErrnoException | null} err
     * @param {fs.Stats} st
     */
    function serveFile(err, st) {
      if (err || !st.isFile()) return send(404, 'not found');
      const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
      // A validator, as static hosts send: a file the browser already has (the bindings' chunk,
      // which the page and then its worker import) is confirmed with a bodiless 304 instead of
      // being sent again.
      const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
      res.setHeader('ETag', etag);
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304);
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': st.size });
      if (head || st.size === 0) return res.end();
      // Exactly the bytes the length announced: a file that grows while it is sent (a rebuild)
      // would otherwise put its new bytes on the kept-alive connection, where the browser reads
      // them as the start of the next response.
      const stream = fs.createReadStream(file, { start: 0, end: st.size - 1 });
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    }
  };
}

/**
 * Listens; rejects with the server's error (an errno exception: EADDRINUSE, EACCES, …).
 * @param {http.Server} server
 * @param {number} port
 * @param {string} host
 * @returns {Promise<void>}
 */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (/** @type {Error} */ e) => {
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
 * Starts the server. Resolves to `{server, url, origin, prefix, port, host, root, close()}`,
 * `url` being `origin + prefix`. A busy port falls back to a free one. Rejects when root is not
 * a directory.
 * @param {ServerOptions} [options]
 * @returns {Promise<StartedServer>}
 */
export async function startServer({ port = 8080, host = '127.0.0.1', root = DEFAULT_ROOT, prefix = '/', csp = false } = {}) {
  const absRoot = path.resolve(root);
  if (!fs.statSync(absRoot, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${absRoot} does not exist or is not a directory: run \`bash scripts/build-web.sh\` to build the site`);
  }
  const pre = normalizePrefix(prefix);
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_SIZE }, handler(absRoot, pre, csp));
  try {
    await listen(server, port, host);
  } catch (e) {
    const { code } = /** @type {NodeJS.ErrnoException} */ (e);
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw e;
    await listen(server, 0, host);
  }
  const address = server.address();
  // A server listening on a port has an address with the port (a string is a pipe's or socket's).
  if (!address || typeof address === 'string') throw new Error(`the server listens on no port (${address})`);
  const actual = address.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shownHost}:${actual}`;
  return {
    server,
    port: actual,
    host,
    root: absRoot,
    prefix: pre,
    origin,
    url: origin + pre,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

const USAGE = 'usage: node scripts/serve.mjs [--port N] [--host H] [--root DIR] [--prefix /sub/path/] [--csp]';

/**
 * @param {string[]} argv the command line's arguments
 * @returns {ServerOptions}
 */
function parseArgs(argv) {
  /** @type {ServerOptions} */
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
    else if (flag === '--prefix') opts.prefix = value();
    else if (flag === '--csp' && inline === undefined) opts.csp = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown argument '${a}'`);
  }
  return opts;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  let url;
  try {
    ({ url } = await startServer(parseArgs(process.argv.slice(2))));
  } catch (e) {
    console.error(`serve: ${e instanceof Error ? e.message : e}`);
    process.exit(2);
  }
  console.log(url);
  const stop = () => process.exit(0);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
