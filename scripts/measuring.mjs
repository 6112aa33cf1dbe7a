// What the measuring scripts (wasm-speed.mjs, boundary-speed.mjs) share: their whole-number
// options and a thread's CPU clock.
import fs from 'node:fs';

/**
 * The whole number above 0 after `--name` on the command line, or `fallback` without one.
 * @param {string} name
 * @param {number} fallback
 * @returns {number}
 */
export function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const n = Number(process.argv[i + 1]);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} wants a whole number above 0`);
  return n;
}

/**
 * CPU seconds a thread has run so far: the first field of its /proc schedstat, in ns (Linux).
 * The kernel brings it up to date when it next accounts for the thread (a timer tick, a few ms
 * apart, or a switch), so a measured stretch should last far longer than a tick.
 * @param {number} pid
 * @param {number|string} tid
 * @returns {number}
 */
export function threadSeconds(pid, tid) {
  return Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
}
