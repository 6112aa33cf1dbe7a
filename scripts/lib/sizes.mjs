// What measure-web.mjs weighs: the responses a page's loading fetched (raw and gzip), and the npm
// package's tarball. gzip is node:zlib's at level 9 on each body, as a host that compresses well
// would send it; KB is 1024 bytes.
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';

/**
 * @import { BrowserContext, Request } from 'playwright-core'
 */
/**
 * One response a page fetched: its URL (relative to `base` when under it), its body's bytes
 * raw and gzip (0 for a response without a body, such as a redirect or a 304), its HTTP status.
 * @typedef {{ url: string, raw: number, gzip: number, status: number }} Fetched
 */
/**
 * What a page fetched up to a point, and what it asked for after it (their URLs: not counted).
 * @typedef {{ fetched: Fetched[], after: string[] }} Fetches
 */

/** @type {(bytes: number) => string} */
export const kb = (bytes) => (bytes / 1024).toFixed(1);

/**
 * @param {Uint8Array} data
 * @returns {number} its size gzipped at level 9
 */
export const gzipSize = (data) => zlib.gzipSync(data, { level: 9 }).length;

/** @type {(xs: { raw: number, gzip: number }[], k: 'raw' | 'gzip') => number} */
export const sum = (xs, k) => xs.reduce((s, f) => s + f[k], 0);

/**
 * Records every request of `context`'s pages and their workers (http and https only: not
 * data: or blob: URLs, whose bytes are already counted where they were written). `take(until)`
 * then waits for the responses to the requests sent up to `until` (ms since 1970, the clock
 * Playwright's request timing uses) and weighs each body; the later requests are only named.
 * @param {BrowserContext} context
 * @param {string} base URLs under it are printed relative to it
 * @param {(url: string) => boolean} [skip] requests not counted (a host page that is no part
 *   of what is measured)
 * @returns {{ take: (until: number) => Promise<Fetches> }}
 */
export function recordRequests(context, base, skip = () => false) {
  /** @type {Request[]} */
  const requests = [];
  /** @type {Map<Request, number>} when each was seen here: for one Playwright has no start time of */
  const seen = new Map();
  context.on('request', (r) => {
    if (!/^https?:/.test(r.url()) || skip(r.url())) return;
    requests.push(r);
    seen.set(r, Date.now());
  });
  const start = (/** @type {Request} */ r) => (r.timing().startTime > 0 ? r.timing().startTime : seen.get(r) ?? 0);
  const name = (/** @type {string} */ url) => (url.startsWith(base) ? decodeURIComponent(url.slice(base.length)) : url);
  return {
    async take(until) {
      const sent = requests.filter((r) => start(r) <= until);
      const fetched = await Promise.all(
        sent.map(async (r) => {
          const response = await r.response();
          if (!response) return { url: name(r.url()), raw: 0, gzip: 0, status: 0 };
          // A conditional request answered with no body is a 304: the server confirmed a file the
          // browser already had. Playwright reports it as the cached 200 and hands back the
          // cached body, which crossed the network once, not twice.
          if (await revalidated(r)) return { url: name(r.url()), raw: 0, gzip: 0, status: 304 };
          const body = await response.body().catch(() => Buffer.alloc(0));
          return { url: name(r.url()), raw: body.length, gzip: body.length ? gzipSize(body) : 0, status: response.status() };
        }),
      );
      return { fetched, after: requests.filter((r) => !sent.includes(r)).map((r) => name(r.url())) };
    },
  };
}

/**
 * Whether `request` was a revalidation that the server answered without a body (a 304).
 * @param {Request} request
 * @returns {Promise<boolean>}
 */
async function revalidated(request) {
  const headers = await request.allHeaders();
  if (!('if-none-match' in headers) && !('if-modified-since' in headers)) return false;
  return (await request.sizes().catch(() => null))?.responseBodySize === 0;
}

/**
 * What measure-web prints of `npm pack --json`'s report.
 * @typedef {{ filename: string, size: number, unpackedSize: number, entryCount: number }} PackReport
 */

/**
 * `npm pack --dry-run` of the package: {filename, size (the tarball), unpackedSize, entryCount};
 * throws with npm's complaint when it fails.
 * @param {string} npmDir
 * @returns {PackReport}
 */
export function packReport(npmDir) {
  /** @type {unknown} */
  let report;
  try {
    const out = execFileSync('npm', ['pack', npmDir, '--dry-run', '--json', '--loglevel=error'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    report = JSON.parse(out)[0];
  } catch (e) {
    // execFileSync's error carries npm's stderr (spawnSync's result); JSON.parse's has none.
    const { stderr, message } = /** @type {Error & { stderr?: string }} */ (e);
    throw new Error(`npm pack ${npmDir} failed: ${stderr || message}`, { cause: e });
  }
  if (!isPackReport(report)) throw new Error(`npm pack ${npmDir} reported no filename, size, unpackedSize and entryCount`);
  return report;
}

/**
 * @param {unknown} r
 * @returns {r is PackReport}
 */
function isPackReport(r) {
  return (
    typeof r === 'object' && r !== null &&
    'filename' in r && typeof r.filename === 'string' &&
    'size' in r && typeof r.size === 'number' &&
    'unpackedSize' in r && typeof r.unpackedSize === 'number' &&
    'entryCount' in r && typeof r.entryCount === 'number'
  );
}
