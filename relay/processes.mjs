// Real processes for live games' tests (the relay's own, test/, and the page's end-to-end ones)
// and the relay's load test (load.mjs): a throwaway redis-server and relays (relay.mjs), each on a port of its own that a restart keeps, so a client
// can come back to the same address. Nothing outlives the process that started them: dispose()
// ends what was started, and an 'exit' handler kills whatever a failed test left behind.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RELAY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'relay.mjs');

/**
 * A child process with what it printed so far and how it exited.
 * @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> & { out: string, err: string, exited: Promise<{ code: number | null, signal: NodeJS.Signals | null }> }} Launched
 */

/** @type {Set<Launched>} */
const alive = new Set();
process.on('exit', () => {
  for (const child of alive) child.kill('SIGKILL');
});

/**
 * A port free on 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns a process that is killed with this process at the latest; keeps its output for errors.
 * @param {string} cmd
 * @param {string[]} args
 * @returns {Launched}
 */
function launch(cmd, args) {
  const child = /** @type {Launched} */ (spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  child.out = '';
  child.err = '';
  child.stdout.on('data', (d) => (child.out += d));
  child.stderr.on('data', (d) => (child.err += d));
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // A missing executable is reported by `exited` (code null); without a listener it would throw.
  child.once('error', (err) => {
    child.err += String(err.message);
    child.emit('exit', null, null);
  });
  alive.add(child);
  child.exited.then(() => alive.delete(child));
  return child;
}

/**
 * SIGTERM, then SIGKILL if it is still there after `ms`; resolves to how it exited.
 * @param {Launched | undefined} child
 * @param {number} [ms]
 */
async function terminate(child, ms = 10000) {
  if (!child || !alive.has(child)) return child ? child.exited : undefined;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/**
 * Resolves to the first match of `re` in what `child` prints on stdout; rejects when it exits
 * first or prints none within `ms`.
 * @param {Launched} child
 * @param {RegExp} re
 * @param {number} ms
 * @returns {Promise<RegExpExecArray>}
 */
function printed(child, re, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line matching ${re} within ${ms / 1000} s`)), ms);
    const look = () => {
      const m = re.exec(child.out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout.off('data', look);
      resolve(m);
    };
    child.stdout.on('data', look);
    look();
    child.exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`exited (code ${code}, signal ${signal}) before printing a line matching ${re}`));
    });
  });
}

/**
 * A redis-server of its own on a free port, writing every change to disk so a restart keeps it
 * (unless `durable: false`: in memory only, as fast as it goes, for a load test).
 * @param {{ durable?: boolean }} [options]
 */
export async function startRedis({ durable = true } = {}) {
  if (spawnSync('redis-server', ['--version']).error) {
    throw new Error("redis-server is not installed: run 'bash scripts/setup.sh --test' (Debian's redis-server package)");
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-redis-'));
  const port = await freePort();
  /** @type {Launched | undefined} */
  let child;
  const start = async () => {
    const keep = durable ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    const launched = launch('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...keep, '--save', '', '--daemonize', 'no']);
    child = launched;
    // It says so once it has loaded what it kept and listens.
    try {
      await printed(launched, /Ready to accept connections/, 15000);
    } catch (err) {
      await terminate(launched);
      throw new Error(`redis-server on port ${port} did not start: ${messageOf(err)}; ${launched.out}${launched.err}`.trim(), { cause: err });
    }
  };
  const stop = () => terminate(child);
  await start();
  return {
    url: `redis://127.0.0.1:${port}`, port, dir, start, stop,
    get pid() { return child?.pid; },
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The relay's limits for one address (relay.mjs --max-per-address, --rate) raised for clients that
 * all come from this machine's loopback: the browsers of a test and its bare MQTT clients, or
 * the load test's hundreds, are one address to the relay, where real players are one each.
 */
export const LOOPBACK_LIMITS = Object.freeze(['--max-per-address', '100000', '--max-connections', '100000', '--rate', '1000000', '--lobby-rate', '100000']);

/**
 * relay.mjs as a process on a free port (with Redis when `redis` is its URL), with `args`
 * (its limits' options) after those.
 * @param {{ redis?: string, args?: string[] }} [options]
 */
export async function startRelay({ redis, args = [] } = {}) {
  const port = await freePort();
  /** @type {Launched | undefined} */
  let child;
  let url = '';
  const start = async () => {
    const launched = launch(process.execPath, [RELAY, '--port', String(port), ...(redis ? ['--redis', redis] : []), ...args]);
    child = launched;
    try {
      [, url] = await printed(launched, /^relay listening on (ws:\/\/\S+)$/m, 20000);
    } catch (err) {
      await terminate(launched);
      throw new Error(`relay on port ${port} did not start: ${messageOf(err)}; stderr: ${launched.err.trim() || '(empty)'}`, { cause: err });
    }
  };
  await start();
  return {
    get url() { return url; },
    get stderr() { return child?.err ?? ''; },
    get pid() { return child?.pid; },
    start,
    stop: () => terminate(child),
    dispose: () => terminate(child),
  };
}

/**
 * What a thrown value says.
 * @param {unknown} err
 */
function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}
