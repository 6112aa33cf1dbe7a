// The site's relay (scripts/lib/site-relay.mjs): build-dist's --relay argument, checked, and the
// page it writes: the meta tag the page reads and the CSP narrowed to the relay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { relayArgument, withSiteRelay, ANY_RELAY } from '../../scripts/lib/site-relay.mjs';

const PAGE = fs.readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

test('--relay takes a WebSocket address, in either form, and refuses anything else with a reason', () => {
  assert.equal(relayArgument([]), null);
  assert.equal(relayArgument(['--relay', 'wss://relay.example.org']), 'wss://relay.example.org/');
  assert.equal(relayArgument(['--relay=ws://127.0.0.1:9001/mqtt']), 'ws://127.0.0.1:9001/mqtt');
  assert.throws(() => relayArgument(['--relay']), /needs the relay's address/);
  assert.throws(() => relayArgument(['--relay', 'https://relay.example.org']), /not a WebSocket address/);
  assert.throws(() => relayArgument(['--relay', 'relay.example.org']), /not a WebSocket address/);
  // What the page would not take from its meta tag is refused here too, not written silently.
  assert.throws(() => relayArgument(['--relay', `wss://relay.example.org/${'x'.repeat(500)}`]), /not a WebSocket address the page takes/);
  assert.throws(() => relayArgument(['--relay', 'wss://me:secret@relay.example.org']), /user name or password/);
  assert.throws(() => relayArgument(['--relays', 'wss://x']), /unknown argument '--relays'/);
});

test('the page gets the relay for every visitor and a CSP that connects to it alone', () => {
  assert.ok(PAGE.includes(ANY_RELAY), "the page's CSP allows any relay until one is set");
  const html = withSiteRelay(PAGE, 'wss://relay.example.org/mqtt?x="1"&y=<2>');
  const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/)?.[1] ?? '';
  assert.match(csp, /connect-src 'self' wss:\/\/relay\.example\.org(;|$)/);
  assert.doesNotMatch(csp, /ws: wss:/);
  const meta = html.match(/<meta name="bluegray-relay" content="([^"]*)">/)?.[1];
  assert.equal(meta, 'wss://relay.example.org/mqtt?x=&quot;1&quot;&amp;y=&lt;2&gt;', 'the address is escaped in its attribute');
  const rest = html.replace(/\n\s*<meta name="bluegray-relay"[^>]*>/, '').replace(csp, csp.replace(/connect-src [^;]*/, ANY_RELAY));
  assert.equal(rest, PAGE, 'nothing else changes');
  assert.throws(() => withSiteRelay('<html></html>', 'wss://x/'), /CSP has no/);
});
