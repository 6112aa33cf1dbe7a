// The relay a host sets for every visitor of its site, at build time: `build-dist.mjs --relay
// wss://…` writes it into dist/index.html as `<meta name="bluegray-relay">`, which the page reads
// (play/page-state.js `siteRelay`) to offer live games to everyone, and narrows the page's CSP to
// that relay: its `connect-src` names the relay's origin instead of any `ws:` and `wss:`.

import { readSettings } from '../../www/lib/setting-reader.js';

/** What the page's CSP allows to connect to when no relay is set: any WebSocket. */
export const ANY_RELAY = "connect-src 'self' ws: wss:";

/**
 * The relay named by `--relay URL` (or `--relay=URL`) in `argv`, or null when none is.
 * @param {string[]} argv
 * @returns {string|null}
 * @throws {Error} saying what is wrong: an unknown argument, a missing or bad address
 */
export function relayArgument(argv) {
  /** @type {string|null} */
  let relay = null;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--relay=') ? ['--relay', argv[i].slice('--relay='.length)] : [argv[i], undefined];
    if (flag !== '--relay') throw new Error(`unknown argument '${argv[i]}' (usage: --relay wss://relay.example.org)`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error('--relay needs the relay\'s address, e.g. --relay wss://relay.example.org');
    relay = relayAddress(value);
  }
  return relay;
}

/**
 * `text` as a relay's address, as the page reads it (lib/settings.js, which `siteRelay` applies
 * to the meta tag: what the build writes, the page takes), or an error saying why not.
 * @param {string} text
 * @returns {string}
 */
function relayAddress(text) {
  const { settings } = readSettings({ relay: text }, ['relay']);
  if (typeof settings.relay !== 'string') {
    throw new Error(`--relay '${text}' is not a WebSocket address the page takes; give one such as wss://relay.example.org (at most 500 characters)`);
  }
  const url = new URL(settings.relay);
  if (url.username || url.password) throw new Error(`--relay '${text}' carries a user name or password, which every visitor would see`);
  return url.href;
}

/** @type {(text: string) => string} the text safe inside a double-quoted HTML attribute */
const attribute = (text) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page `html` with `relay` set for every visitor: the meta tag the page reads, put right
 * after the CSP's, and the CSP's `connect-src` narrowed to the relay's origin.
 * @param {string} html the page, with the strict CSP (its `connect-src` is ANY_RELAY)
 * @param {string} relay a relay address (relayArgument's)
 * @returns {string}
 */
export function withSiteRelay(html, relay) {
  const csp = /<meta http-equiv="Content-Security-Policy" content="[^"]*">/;
  const meta = html.match(csp);
  if (!meta || !meta[0].includes(ANY_RELAY)) throw new Error(`the page's CSP has no "${ANY_RELAY}" to narrow to the relay`);
  const narrowed = meta[0].replace(ANY_RELAY, `connect-src 'self' ${new URL(relay).origin}`);
  return html.replace(csp, `${narrowed}\n  <meta name="bluegray-relay" content="${attribute(relay)}">`);
}
