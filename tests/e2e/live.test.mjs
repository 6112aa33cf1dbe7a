// End-to-end: live games between devices (browser contexts of their own) through real relays
// (relay/relay.mjs, sharing one throwaway Redis): a whole game with a reload in the middle, an
// onlooker (by the watch link) who cannot move, forged messages published straight to the game's
// topic, presence (a silent device shown offline within 15 s), the relay and Redis stopped and
// started again mid-game, and two relays behind
// which the two players sit; and a hostile relay user (a plain MQTT client, a device with an
// invitation rebuilt from the relay's snapshot) who takes no seat, fakes no presence and makes
// junk cost nothing, a guest seated while the host is away, and the seat moved to another device
// by the same invitation. The move latency through the relay is measured and printed, not asserted.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { state, waitText, playMove, pickMove, copyLink, seriousA11y, DIST } from './helpers.mjs';
import { qrImage } from '../../www/friends/hand-over.js';
import { setUpDevices, startFromForm, waitConnected } from './devices.mjs';
import { engineHelp, BARRED } from './fair-play.mjs';
import { LOOPBACK_LIMITS, startRedis, startRelay } from '../../relay/processes.mjs';
import { topics, withMove, firstSnapshot } from '../../www/live/live-protocol.js';
import { parseSnapshot } from '../../www/live/live-check.js';
import { signer, newIdentity } from '../../www/live/live-keys.js';
import { newGameId } from '../../www/lib/game-id.js';
import { REPUBLISH_MS } from '../../www/live/live-republish.js';
import { parsePresence } from '../../www/live/live-presence.js';
import { relayArgument, withSiteRelay } from '../../scripts/lib/site-relay.mjs';
import { startServer } from '../../scripts/serve.mjs';

/**
 * The variant of the games played here: a light army and the lead rule make a whole game short
 * (about 20 plies when the captains walk whenever they can, against 165 in Sackson's rules).
 */
const VARIANT = 'super-light';

const env = setUpDevices();
let redis;
let relayA;
let relayB;
before(async () => {
  redis = await startRedis();
  // Every device and bare client here is one address to the relays.
  relayA = await startRelay({ redis: redis.url, args: [...LOOPBACK_LIMITS] });
  relayB = await startRelay({ redis: redis.url, args: [...LOOPBACK_LIMITS] });
});
after(async () => {
  await relayA?.dispose();
  await relayB?.dispose();
  await redis?.dispose();
});

const seatOf = (page) => page.evaluate(() => window.bluegray.element.seat);
const presence = (page) => page.evaluate(() => window.bluegray.element.presence);

/** Starts a live game of VARIANT on a new device as Blue through `relay`, and returns it with the invitation. */
async function host(relay) {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`);
  await startFromForm(a.page, 'live', 'blue', VARIANT);
  await waitConnected(a.page);
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  assert.match(invite, new RegExp(`#mode=live&side=gray&variant=${VARIANT}&relay=ws.*&game-id=[0-9a-f]{32}&host-key=[\\w-]{87}&seat-key=[\\w-]{100,300}$`));
  return { a, invite, id: new URL(invite).hash.match(/game-id=(\w+)/)[1] };
}

/** Opens the invitation on a new device (through `relay` instead of the one it names, if given). */
async function join(invite, relay) {
  const link = relay ? invite.replace(/relay=[^&]+/, `relay=${encodeURIComponent(relay.url)}`) : invite;
  const d = await env.device(link);
  await waitConnected(d.page);
  return d;
}

/**
 * Plays one move by clicks on the device whose turn it is (the captain walks when it can, so the
 * game ends), and waits until every device in `watchers` shows it. Returns the move's latency:
 * from the mover's move to the other device's board having it, in ms.
 */
async function liveMove(mover, watchers, turn) {
  const s = await state(mover.page);
  const move = pickMove(s, turn);
  for (const d of watchers) {
    await d.page.evaluate(() => {
      window.arrived = null;
      window.bluegray.element.addEventListener('move', () => (window.arrived = Date.now()), { once: true });
    });
  }
  await mover.page.evaluate(() => window.bluegray.element.addEventListener('move', () => (window.sent = Date.now()), { once: true }));
  await playMove(mover.page, move);
  for (const d of watchers) await d.page.waitForFunction((n) => window.bluegray.state.history.length === n, s.history.length + 1, { timeout: 10000 });
  const sent = await mover.page.evaluate(() => window.sent);
  const arrived = await watchers[0].page.evaluate(() => window.arrived);
  return arrived - sent;
}

/** Plays until the game ends or `plies` more have been played; returns the latencies. */
async function playOn(players, onlookers, plies) {
  const latencies = [];
  for (let i = 0; i < plies; i++) {
    const s = await state(players[0].page);
    if (s.result) break;
    const [mover, other] = (await seatOf(players[0].page)) === s.side ? players : [players[1], players[0]];
    latencies.push(await liveMove(mover, [other, ...onlookers], i));
  }
  return latencies;
}

/** The game's retained snapshot on the relay, read by a plain MQTT client. */
async function retained(relay, id) {
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  try {
    const got = new Promise((resolve) => client.on('message', (t, payload) => resolve(parseSnapshot(payload.toString()))));
    await client.subscribeAsync(topics(id).game, { qos: 1 });
    return await got;
  } finally {
    await client.endAsync();
  }
}

/**
 * The retained snapshot once `holds(snap)` (the relay stores a retained message while it passes
 * it on, so a reader right after a move may still get the one before): read again, each read a
 * new reader's round trip to the relay, until it holds or 10 s have passed.
 */
async function retainedWhen(relay, id, holds) {
  const deadline = Date.now() + 10000;
  let snap = await retained(relay, id);
  while (!(snap && holds(snap)) && Date.now() < deadline) snap = await retained(relay, id);
  return snap;
}

async function publish(relay, id, snap) {
  await publishRaw(relay, topics(id).game, JSON.stringify(snap));
}

/** Publishes `payloads` to `topic` as a bare MQTT client: retained unless told otherwise. */
async function publishRaw(relay, topic, payloads, { retain = true } = {}) {
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  for (const payload of [payloads].flat()) await client.publishAsync(topic, payload, { qos: 1, retain });
  await client.endAsync();
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

test('live games are offered only with a relay: the address’s, or the one in the preferences', async () => {
  const d = await env.device();
  const live = '#mode option[value="live"]';
  assert.equal(await d.page.$eval(live, (o) => o.disabled), true);
  await d.page.fill('#relay', 'not an address');
  await d.page.press('#relay', 'Enter');
  await waitText(d.page, '#notice', /Relay “not an address”: expected a WebSocket address/);
  assert.equal(await d.page.$eval(live, (o) => o.disabled), true);
  await d.page.fill('#relay', relayA.url);
  await d.page.press('#relay', 'Tab');
  await d.page.waitForFunction((sel) => !document.querySelector(sel).disabled, live);
  // Kept for the next visit.
  await d.page.reload();
  assert.equal(await d.page.inputValue('#relay'), relayA.url.replace(/\/?$/, '/'));
  await startFromForm(d.page, 'live', 'gray');
  await waitConnected(d.page);
  assert.equal(await seatOf(d.page), 'gray');
  assert.match(await d.page.evaluate(() => window.bluegray.element.gameId), /^[0-9a-f]{32}$/);
  assert.deepEqual(d.problems, []);
  await d.context.close();
  // An invitation cut short (no host key) says what is missing.
  const cut = await env.device(`#mode=live&side=gray&relay=${encodeURIComponent(relayA.url)}&game-id=${'ab'.repeat(16)}`);
  await waitText(cut.page, '#notice', /lacks the key of the game’s host/);
  assert.equal(await seatOf(cut.page), null);
});

test('a site built with a relay (build-dist --relay) offers live games to every visitor, its CSP narrowed to that relay', async () => {
  // The site as `node scripts/build-dist.mjs --relay URL` writes it: dist/ with its page's relay set.
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'bluegray-site-relay-'));
  fs.cpSync(DIST, site, { recursive: true, filter: (f) => !f.startsWith(path.join(DIST, 'npm')) });
  const page = path.join(site, 'index.html');
  fs.writeFileSync(page, withSiteRelay(fs.readFileSync(page, 'utf8'), relayArgument(['--relay', relayA.url]) ?? ''));
  const server = await startServer({ port: 0, host: '127.0.0.1', root: site });
  try {
    const a = await env.device(server.url);
    const csp = await a.page.$eval('meta[http-equiv="Content-Security-Policy"]', (m) => m.getAttribute('content'));
    assert.match(csp, new RegExp(`connect-src 'self' ${new URL(relayA.url).origin}(;|$)`));
    assert.doesNotMatch(csp, /ws: wss:/);
    assert.equal(await a.page.$eval('#mode option[value="live"]', (o) => o.disabled || o.hidden), false, 'live offered with no relay in the address or the preferences');
    assert.equal(await a.page.inputValue('#relay'), '', "the site's relay is not the reader's own");
    await a.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    await startFromForm(a.page, 'live', 'blue', VARIANT);
    await waitConnected(a.page);
    const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
    assert.ok(invite.startsWith(server.url), invite);
    const b = await env.device(invite);
    await waitConnected(b.page);
    await liveMove(a, [b], 0);
    await liveMove(b, [a], 1);
    assert.deepEqual([...a.problems, ...b.problems], [], 'no CSP violation, no error');
  } finally {
    await env.closeDevices();
    await server.close();
    fs.rmSync(site, { recursive: true, force: true });
  }
});

test('a whole live game: a reload resumes, an onlooker cannot move, forged messages are ignored', async (t) => {
  const { a, invite, id } = await host(relayA);
  const b = await join(invite);
  assert.equal(await seatOf(b.page), 'gray');
  await waitText(a.page, '#live-status', /Gray is online/);
  await waitText(b.page, '#status', /Waiting for Blue/);
  // Gray's seat is taken: the host's device offers the watch link now, as the guest's does.
  await waitText(a.page, '#invite-link', /^Copy watch link$/);
  await waitText(b.page, '#invite-link', /^Copy watch link$/);
  const latencies = await playOn([a, b], [], 6);
  // Against a person the engine keeps out until the game is over.
  assert.deepEqual(await engineHelp(a.page), BARRED);

  // A reload of one player resumes where the game stands, at the same seat.
  await b.page.reload();
  await waitConnected(b.page);
  assert.equal(await seatOf(b.page), 'gray');
  assert.deepEqual((await state(b.page)).history, (await state(a.page)).history);

  // A third device with the watch link (copied from the guest's) watches.
  const watchLink = await copyLink(b.page, '#invite-link', /Watch link copied/);
  assert.doesNotMatch(watchLink, /seat-key|side=/);
  const c = await join(watchLink);
  assert.equal(await seatOf(c.page), 'watch');
  await waitText(c.page, '#status', /You are watching/);
  // A new device has only the relay's copy of the game, which may come just after its seat.
  const now = (await state(a.page)).history;
  await c.page.waitForFunction((n) => window.bluegray.state.history.length === n, now.length, { timeout: 10000 });
  assert.deepEqual((await state(c.page)).history, now);
  const refused = await c.page.evaluate((m) => {
    try {
      window.bluegray.element.play(m);
      return null;
    } catch (e) {
      return e.message;
    }
  }, (await state(c.page)).moves[0].text);
  assert.match(refused, /watching/);

  // Forged messages: Gray signs a move for Blue (out of turn), and a stranger re-signs the game
  // with a key of its own. Neither is taken; the players put the game back on the relay.
  const played = (await state(a.page)).history;
  const good = await retainedWhen(relayA, id, (snap) => snap.moves.length === played.length);
  assert.deepEqual(good.moves, played);
  const s = await state(a.page);
  assert.equal(s.side, 'blue');
  const grayKey = await b.page.evaluate((key) => JSON.parse(localStorage.getItem(key)).privateJwk, `bluegray.live.v1.${id}`);
  const outOfTurn = await withMove(good, [...good.moves, s.moves[0].text], await signer(grayKey));
  await publish(relayA, id, outOfTurn);
  const stranger = await newIdentity();
  const strangerSign = await signer(stranger.privateJwk);
  const posed = await firstSnapshot({ id, variant: VARIANT, host: 'blue', keys: { blue: stranger.key, gray: good.keys.gray }, sign: strangerSign });
  await publish(relayA, id, await withMove(posed, [s.moves[0].text], strangerSign));
  // The players answer each forgery with the game as it stands.
  const back = await retainedWhen(relayA, id, (snap) => snap.sigs.join() === good.sigs.join());
  assert.deepEqual(back.moves, played, 'the relay has the game back');
  for (const d of [a, b, c]) assert.deepEqual((await state(d.page)).history, played, 'no device took a forged move');

  latencies.push(...(await playOn([a, b], [c], 400)));
  const end = await state(a.page);
  assert.ok(end.result, 'the game ended');
  // Once it is over, the review is there again (a hint has nothing left to suggest).
  const helpAfter = await engineHelp(a.page);
  assert.deepEqual({ ...helpAfter, refusal: null }, { hint: true, evaluation: true, review: true, saysWhy: false, refusal: null });
  assert.match(String(helpAfter.refusal), /game is over/);
  for (const d of [b, c]) assert.deepEqual((await state(d.page)).history, end.history);
  t.diagnostic(`move latency through the relay: median ${median(latencies)} ms, max ${Math.max(...latencies)} ms over ${latencies.length} moves`);

  // Presence: Gray's device goes away without a word; Blue's sees it.
  await b.context.close();
  await waitText(a.page, '#live-status', /Gray is not online/);
  for (const d of [a, c]) assert.deepEqual(d.problems, []);
});

test('the element alone: two bare boards play live through their attributes, properties and events', async () => {
  const bare = (attrs) => `<!doctype html><title>live</title><link rel="icon" href="data:,">
<script type="module" src="${env.url}blue-gray-game.js"></script>
<blue-gray-game id="b" mode="live" relay="${relayA.url}" ${attrs}></blue-gray-game>
<script type="module">
  const b = document.getElementById('b');
  window.seen = [];
  for (const type of ['presence', 'opponentmove']) b.addEventListener(type, (e) => window.seen.push({ type, ...e.detail }));
</script>`;
  const blue = await env.device('bare-blue.html', { html: bare('side="blue"') });
  await blue.page.waitForFunction(() => {
    const b = document.getElementById('b');
    return b.gameId && b.hostKey && b.presence && b.presence.relay === 'connected';
  });
  const { gameId, hostKey } = await blue.page.evaluate(() => ({ gameId: document.getElementById('b').gameId, hostKey: document.getElementById('b').hostKey }));
  assert.match(gameId, /^[0-9a-f]{32}$/);
  const inviteKey = await blue.page.evaluate(() => document.getElementById('b').inviteKey);
  assert.match(inviteKey, /^[\w-]{100,300}$/);
  const gray = await env.device('bare-gray.html', { html: bare(`side="gray" game-id="${gameId}" host-key="${hostKey}" seat-key="${inviteKey}"`) });
  await gray.page.waitForFunction(() => document.getElementById('b').seat === 'gray');
  await blue.page.waitForFunction(() => window.seen.some((e) => e.type === 'presence' && e.opponent === 'online'));
  // Gray cannot play Blue's move; Blue's move reaches Gray as the friend's.
  const refused = await gray.page.evaluate(() => {
    try {
      document.getElementById('b').play('e2-e3');
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(refused, /friend’s turn \(Blue\)/);
  await blue.page.evaluate(() => document.getElementById('b').play('e2-e3'));
  await gray.page.waitForFunction(() => window.seen.some((e) => e.type === 'opponentmove'));
  const arrived = await gray.page.evaluate(() => window.seen.find((e) => e.type === 'opponentmove'));
  assert.equal(arrived.text, 'e2-e3');
  assert.equal(arrived.by, 'remote');
  assert.equal(arrived.side, 'blue');
  assert.equal(await blue.page.evaluate(() => document.getElementById('b').undo()), false);
  assert.deepEqual(blue.problems, []);
  assert.deepEqual(gray.problems, []);
});

test('the relay and Redis stop and start again mid-game: no move is lost', async () => {
  const { a, invite, id } = await host(relayA);
  const b = await join(invite);
  await playOn([a, b], [], 4);
  await relayA.stop();
  await redis.stop();
  await waitText(a.page, '#live-status', /cannot be reached/);
  await waitText(b.page, '#live-status', /cannot be reached/);
  // Blue moves while the relay is away: the move stays on Blue's board and is said to wait.
  const s = await state(a.page);
  assert.equal((await presence(a.page)).unsent, 0);
  await playMove(a.page, pickMove(s, 0, { walk: false }));
  await waitText(a.page, '#live-status', /your move waits on this device/);
  assert.equal((await presence(a.page)).unsent, 1);
  // The way by link stays open meanwhile (the panel shows it at its next animation frame).
  await a.page.waitForSelector('#send-link', { state: 'visible' });
  await redis.start();
  await relayA.start();
  await b.page.waitForFunction((n) => window.bluegray.state.history.length === n, s.history.length + 1, { timeout: 20000 });
  await waitConnected(a.page);
  await waitConnected(b.page);
  // The relay has it: nothing waits any more.
  await a.page.waitForFunction(() => window.bluegray.element.presence.unsent === 0);
  assert.doesNotMatch(await a.page.textContent('#live-status'), /waits|Sending/);
  await playOn([a, b], [], 2);
  assert.deepEqual((await state(b.page)).history, (await state(a.page)).history);
  const kept = await retainedWhen(relayA, id, (snap) => snap.moves.length === s.history.length + 3);
  assert.equal(kept.moves.length, s.history.length + 3);
});

test('a device that falls silent (asleep: its page paused) shows offline to the other within 15 s, and online again when it wakes', async () => {
  const { a, invite } = await host(relayA);
  const b = await join(invite);
  await a.page.waitForFunction(() => window.bluegray.element.presence.gray === 'online');
  // Gray's page stops dead, its connection left open: nothing more goes out, not even a ping.
  const cdp = await b.context.newCDPSession(b.page);
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.pause');
  const paused = Date.now();
  await a.page.waitForFunction(() => window.bluegray.element.presence.gray === 'offline', null, { timeout: 25000 });
  const seconds = (Date.now() - paused) / 1000;
  console.log(`# a silent device showed offline after ${seconds.toFixed(1)} s`);
  // The relay drops it 15 s after its last packet, which came before the pause (KEEPALIVE_S);
  // up to 3 s more for timers late on a loaded machine, against the 90 s of a 60 s keep-alive.
  assert.ok(seconds <= 18, `offline after ${seconds} s`);
  await cdp.send('Debugger.resume');
  await cdp.detach();
  await waitConnected(b.page);
  await a.page.waitForFunction(() => window.bluegray.element.presence.gray === 'online', null, { timeout: 15000 });
});

test('two relays sharing one Redis: each player on a different one plays a whole game', async () => {
  const { a, invite } = await host(relayA);
  const b = await join(invite, relayB);
  assert.equal(await b.page.evaluate(() => window.bluegray.element.relay), relayB.url.replace(/\/?$/, '/'));
  await waitText(a.page, '#live-status', /Gray is online/);
  await playOn([a, b], [], 400);
  const end = await state(a.page);
  assert.ok(end.result, 'the game ended');
  assert.deepEqual((await state(b.page)).history, end.history);
  assert.deepEqual(a.problems, []);
  assert.deepEqual(b.problems, []);
  assert.deepEqual(await presence(b.page).then((p) => p.seat), 'gray');
});

test('a hostile relay user takes no seat, fakes no presence, and its junk costs nothing', async () => {
  const { a, invite, id } = await host(relayA);
  const t = topics(id);
  const snap = await retained(relayA, id);
  // An invitation rebuilt from everything the relay holds: it gives a watcher's place.
  const rebuilt = `#mode=live&side=gray&variant=${snap.variant}&relay=${encodeURIComponent(relayA.url)}&game-id=${id}&host-key=${snap.keys[snap.host]}`;
  const thief = await join(rebuilt);
  assert.equal(await seatOf(thief.page), 'watch');
  // A bare MQTT client puts its own key at Gray's seat, in the host's snapshot and in a game of
  // its own signing. (Asking for the seat the old way, on a `join` topic, is refused by this
  // project's relay: relay/test/limits.test.mjs. Elsewhere the page has no such topic.)
  const stranger = await newIdentity();
  const strangerSign = await signer(stranger.privateJwk);
  await publish(relayA, id, { ...snap, keys: { blue: snap.keys.blue, gray: stranger.key } });
  await publish(relayA, id, await firstSnapshot({ id, variant: VARIANT, host: 'blue', keys: { blue: stranger.key, gray: stranger.key.replace(/^./, 'B') }, sign: strangerSign }));
  // The real friend opens the invitation: the seat is theirs, and they play.
  const b = await join(invite);
  assert.equal(await seatOf(b.page), 'gray');
  await waitText(a.page, '#live-status', /Gray is online/);
  await playOn([a, b], [thief], 2);
  assert.equal(await seatOf(thief.page), 'watch');
  assert.deepEqual((await state(thief.page)).history, (await state(a.page)).history);

  // Faked presence: Gray "offline", unsigned and retained, and signed by the stranger.
  // Gray's device answers each by putting its signed presence back: once that is on the relay,
  // both fakes have reached every device.
  const listener = await mqtt.connectAsync(relayA.url, { protocolVersion: 4 });
  let faked = false;
  const putBack = new Promise((resolve) =>
    listener.on('message', (_topic, payload) => {
      const note = parsePresence(payload.toString());
      if (faked && note && note.state === 'online') resolve(undefined);
    }),
  );
  await listener.subscribeAsync(t.presence('gray'), { qos: 1 });
  await publishRaw(relayA, t.presence('gray'), ['offline', JSON.stringify({ state: 'offline', at: Date.now() + 60000, since: Date.now() + 60000, device: 'ab'.repeat(8), sig: 'A'.repeat(86) })]);
  faked = true;
  await putBack;
  await listener.endAsync();
  for (const d of [a, thief]) assert.equal((await presence(d.page)).gray, 'online', 'Gray still shows online');
  await waitText(a.page, '#live-status', /Gray is online/);
  // A newcomer after the fake sees what the players put back, not the fake.
  const late = await join(rebuilt);
  await late.page.waitForFunction(() => window.bluegray.element.presence.gray === 'online', null, { timeout: 10000 });

  // Junk on the game's topic: at most one republish per player per REPUBLISH_MS, not one per message.
  const observer = await mqtt.connectAsync(relayA.url, { protocolVersion: 4 });
  let republished = 0;
  observer.on('message', (topic, payload, packet) => {
    const x = parseSnapshot(payload.toString());
    if (!packet.retain && x && x.moves.length === 2 && x.sigs.join() !== 'y') republished++;
  });
  await observer.subscribeAsync(t.game, { qos: 1 });
  const junk = Array.from({ length: 60 }, (_, i) => (i % 3 ? `junk ${i}` : JSON.stringify({ ...snap, moves: ['x'], sigs: ['y'] })));
  const started = Date.now();
  await publishRaw(relayA, t.game, junk);
  await new Promise((resolve) => setTimeout(resolve, 2 * REPUBLISH_MS + 500));
  const windows = Math.ceil((Date.now() - started) / REPUBLISH_MS) + 1;
  await observer.endAsync();
  assert.ok(republished >= 1, 'the players put the game back');
  assert.ok(republished <= 2 * windows, `${republished} republishes for 60 junk messages (at most ${2 * windows})`);
  const back = await retainedWhen(relayA, id, (x) => x.moves.length === 2);
  assert.equal(back.keys.gray, snap.keys.gray);
  for (const d of [a, b, thief, late]) assert.deepEqual(d.problems, []);
});

test('the guest is seated while the host is away; the same invitation on another device moves the seat there', async () => {
  const first = await host(relayA);
  await first.a.context.close();
  const alone = await join(first.invite);
  assert.equal(await seatOf(alone.page), 'gray');
  await waitText(alone.page, '#live-status', /Blue is not online/);
  await alone.context.close();

  const { a, invite } = await host(relayA);
  const b1 = await join(invite);
  assert.equal(await seatOf(b1.page), 'gray');
  await playOn([a, b1], [], 1);
  const b2 = await join(invite);
  assert.equal(await seatOf(b2.page), 'gray');
  await b1.page.waitForFunction(() => window.bluegray.element.seat === 'watch', null, { timeout: 10000 });
  await waitText(b1.page, '#notice', /now played on another device/);
  // The seat plays from the new device; the old one follows, and cannot move.
  await playOn([a, b2], [b1], 2);
  assert.deepEqual((await state(b1.page)).history, (await state(a.page)).history);
  await waitText(a.page, '#live-status', /Gray is online/);
  // A reload of the old device stays a watcher.
  await b1.page.reload();
  await waitConnected(b1.page);
  assert.equal(await seatOf(b1.page), 'watch');
});

test('Continue on another device: the host’s seat’s link, as text and QR code, moves the seat to the device that opens it', async () => {
  const { a, invite } = await host(relayA);
  const b = await join(invite);
  await playOn([a, b], [], 2);
  await a.page.click('#continue-elsewhere');
  await a.page.waitForSelector('#hand-over[open]');
  assert.match(await a.page.textContent('#hand-over'), /whoever opens it plays as you/);
  const link = await copyLink(a.page, '#hand-over-copy', /seat’s link is copied/);
  assert.equal(await a.page.inputValue('#hand-over-link'), link);
  assert.match(link, /#mode=live&side=blue&.*&seat-key=[\w-]{100,300}$/);
  assert.notEqual(link, invite, "Blue's own seat, not Gray's");
  // The QR code is the link's, and nothing else.
  assert.equal(await a.page.getAttribute('#hand-over-qr', 'src'), qrImage(link));
  // axe's own inline styles are refused by the page's CSP, and logged: not the page's fault.
  const logged = a.problems.length;
  assert.deepEqual(await seriousA11y(a.page, '#hand-over'), []);
  a.problems.splice(logged);
  await a.page.keyboard.press('Escape');
  // The other device takes the seat; the first one watches, and cannot move any more.
  const a2 = await env.device(link);
  await waitConnected(a2.page);
  assert.equal(await seatOf(a2.page), 'blue');
  await a.page.waitForFunction(() => window.bluegray.element.seat === 'watch', null, { timeout: 10000 });
  // The panel follows the board at its next frame, which may come after the seat changed.
  await a.page.waitForSelector('#continue-elsewhere', { state: 'hidden' });
  // Watching, it connects again (as an onlooker) before it can follow the moves.
  await waitConnected(a.page);
  await playOn([a2, b], [a], 2);
  assert.deepEqual((await state(a.page)).history, (await state(b.page)).history);
  assert.deepEqual([...a.problems, ...a2.problems, ...b.problems], []);
});

test('a watch link to a game the relay does not have yet says it waits for the game, and shows it once it comes', async () => {
  const { a, invite, id } = await host(relayA);
  // The same game under another id, which no host has put on the relay: nothing to watch yet.
  const other = newGameId();
  const watch = invite.replace(/&seat-key=[\w-]+$/, '').replace(/side=gray&/, '').replace(id, other);
  const c = await env.device(watch);
  await waitText(c.page, '#live-status', /waiting for the game to reach the relay/);
  await waitText(c.page, '#status', /Joining the game/);
  assert.equal(await seatOf(c.page), null, 'no seat, not even an onlooker’s, before there is a game');
  // The real game's watch link: the onlooker's seat comes with the game.
  const d = await join(invite.replace(/&seat-key=[\w-]+$/, '').replace(/side=gray&/, ''));
  assert.equal(await seatOf(d.page), 'watch');
  assert.deepEqual((await state(d.page)).history, (await state(a.page)).history);
  for (const x of [a, c, d]) assert.deepEqual(x.problems, []);
});
