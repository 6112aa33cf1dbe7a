// End-to-end: a live game ended by a player's word, between devices (browser contexts) through a
// real relay (relay/relay.mjs with a throwaway Redis): a resignation goes to the other device
// signed by its seat, as a move does, and stays on the relay; one forged by a stranger's key is
// ignored; an abort before both sides have moved; a draw offer accepted, one declined by a move
// and one by Decline, signed (its maker is told; no offer follows before another move), one
// withdrawn by its maker, signed, and two that cross (a draw on both devices, whose acceptances,
// crossing too, leave one record); a hostile link's seat key,
// which never replaces the kept one; a game claimed a day after the other player
// left, whose device learns of it when it comes back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import mqtt from 'mqtt';
import { state, waitText } from './helpers.mjs';
import { setUpDevices, setUpRelay, liveGame, liveMove } from './devices.mjs';
import { topics, withEnd, withOffer } from '../../www/live/live-protocol.js';
import { signer, newIdentity, identityOf, secretOf } from '../../www/live/live-keys.js';

const env = setUpDevices();
const relay = setUpRelay({ redis: true });

test('a live resignation reaches the other device signed by its seat; a forged one is ignored', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  // A stranger publishes a resignation of Blue's over the relay's own snapshot: not Blue's key.
  const snap = await relay.retainedWhen(id, (s) => s.moves.length === 2);
  const stranger = await signer((await newIdentity()).privateJwk);
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await client.publishAsync(topics(id).game, JSON.stringify(await withEnd(snap, 'resign', 'blue', stranger)), { qos: 1, retain: true });
  await client.endAsync();
  await b.page.waitForTimeout(1500);
  assert.equal((await state(a.page)).result, undefined, 'Blue’s device ignores it');
  assert.equal((await state(b.page)).result, undefined, 'Gray’s device ignores it');
  // Blue is to move, but Gray resigns, by the panel, asked first.
  await b.page.evaluate(() => {
    window.overs = [];
    window.bluegray.element.addEventListener('gameover', (e) => window.overs.push(e.detail));
  });
  await a.page.evaluate(() => {
    window.overs = [];
    window.bluegray.element.addEventListener('gameover', (e) => window.overs.push(e.detail));
  });
  await b.page.click('#resign');
  await waitText(b.page, '#end-confirm-text', /Resign this game\? Gray loses\./);
  await b.page.click('#end-confirm-yes');
  await waitText(b.page, '#status', /Blue wins: Gray resigned\./);
  await waitText(a.page, '#status', /Blue wins: Gray resigned\./);
  for (const d of [a, b]) {
    const s = await state(d.page);
    assert.deepEqual([s.result?.winner, s.result?.reason, s.result?.token], ['blue', 'resignation', '1-0']);
    assert.match(s.record, /\[Termination "resignation"\]/);
    await d.page.waitForFunction(() => window.overs.length > 0);
    assert.equal((await d.page.evaluate(() => window.overs))[0].reason, 'resignation');
  }
  // The relay keeps it for a device that comes later.
  const kept = await relay.retainedWhen(id, (s) => !!s.end);
  assert.deepEqual(kept?.end && [kept.end.how, kept.end.side], ['resign', 'gray']);
  // The other seat cannot be resigned from here: its ending comes from the relay.
  const refused = await a.page.evaluate(() => {
    try {
      window.bluegray.element.resign('gray');
      return null;
    } catch (e) {
      return e.message;
    }
  });
  assert.match(String(refused), /over already|cannot end/);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live game aborted before both sides have moved, by the element', async () => {
  const { a, b } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  assert.ok(await b.page.isVisible('#abort'));
  const aborted = await b.page.evaluate(() => window.bluegray.element.abort());
  assert.equal(aborted.reason, 'aborted');
  await waitText(a.page, '#status', /Game aborted: no result\./);
  assert.equal((await state(a.page)).result?.token, '*');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live draw: offered by one seat by the panel, seen and accepted on the other device', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await a.page.click('#offer-draw');
  await waitText(a.page, '#draw-offer-text', /You offered a draw: it stands until your friend moves\./);
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  assert.equal(await b.page.evaluate(() => window.bluegray.element.drawOffer), 'blue');
  // Blue cannot accept its own offer: Gray's word comes from the relay.
  assert.match(String(await a.page.evaluate(() => {
    try {
      window.bluegray.element.acceptDraw();
      return null;
    } catch (e) {
      return e.message;
    }
  })), /No draw offer stands/);
  await b.page.click('#accept-draw');
  await waitText(b.page, '#status', /Draw by agreement\./);
  await waitText(a.page, '#status', /Draw by agreement\./);
  // Nothing tells either player to send a link, nor that an offer still stands.
  for (const d of [a, b]) assert.doesNotMatch(await d.page.locator('#notice').innerText(), /send the link|You offer/);
  for (const d of [a, b]) {
    const s = await state(d.page);
    assert.deepEqual([s.result?.reason, s.result?.token], ['agreement', '1/2-1/2']);
  }
  const kept = await relay.retainedWhen(id, (s) => !!s.end);
  assert.deepEqual(kept?.end && [kept.end.how, kept.end.side], ['draw', 'gray']);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live game the other player left is claimed after a day on their turn, and their device takes the claim when it comes back', async () => {
  const { a, b, invite, id } = await liveGame(env, relay, { clock: Date.now() });
  await liveMove(a, b, 0);
  // Gray's device goes: the relay says so with its last will. It is Gray's turn.
  await b.page.close();
  await a.page.waitForFunction(() => window.bluegray.element.presence?.gray === 'offline', null, { timeout: 20000 });
  const opens = await a.page.evaluate(() => window.bluegray.element.claimableAt);
  assert.ok(opens > Date.now() + 23 * 3600 * 1000, 'a day to wait, without a clock');
  assert.equal(await a.page.isVisible('#claim'), false);
  assert.match(String(await a.page.evaluate(() => {
    try {
      window.bluegray.element.claim();
      return null;
    } catch (e) {
      return e.message;
    }
  })), /not been away long enough: you can claim the game in 24 hours/);
  // A day later, by Blue's clock: the panel offers the claim, and Blue takes the win.
  await a.page.clock.fastForward('24:00:01');
  await waitText(a.page, '#claim-text', /Gray has been away on their turn for long enough/);
  await a.page.click('#claim-win');
  await waitText(a.page, '#status', /Blue wins: Gray left the game\./);
  const s = await state(a.page);
  assert.deepEqual([s.result?.winner, s.result?.reason, s.result?.token], ['blue', 'abandoned', '1-0']);
  assert.match(s.record, /\[Termination "abandoned"\]/);
  const kept = await relay.retainedWhen(id, (k) => !!k.end);
  assert.deepEqual(kept?.end && [kept.end.how, kept.end.side], ['claim', 'blue']);
  // Gray comes back on the same browser, a day and a minute later by its clock too: the game is over.
  const page = await b.context.newPage();
  await page.clock.install({ time: (await a.page.evaluate(() => Date.now())) + 60000 });
  await page.goto(invite);
  await waitText(page, '#status', /Blue wins: Gray left the game\./);
  assert.equal((await state(page)).result?.reason, 'abandoned');
  assert.deepEqual(a.problems, []);
});

test('a live draw offer declined by a move is told to its maker', async () => {
  const { a, b } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await a.page.click('#offer-draw');
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  // Blue's offer goes on with its move; Gray plays on without a word: the move is the answer,
  // and Blue's device says so.
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await waitText(a.page, '#notice', /your draw offer was declined/);
  assert.equal(await a.page.locator('#draw-offer').isHidden(), true);
  assert.equal(await a.page.locator('#offer-draw').isVisible(), true, 'Blue may offer again after the move');
  assert.equal((await state(a.page)).result, undefined);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('a live draw offer declined by Decline is told to its maker at once, signed, and none is offered again before another move', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await a.page.click('#offer-draw');
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  await b.page.click('#decline-draw');
  await waitText(b.page, '#notice', /You declined the draw: your friend is told now/);
  // Blue's device hears the signed decline before any move.
  await waitText(a.page, '#notice', /your draw offer was declined/);
  const kept = await relay.retainedWhen(id, (s) => s.offer?.decline !== undefined);
  assert.deepEqual(kept && [kept.offer?.side, kept.offer?.ply, kept.moves.length], ['blue', 2, 2]);
  // Neither seat offers again after these moves: no button, and the element says why.
  for (const d of [a, b]) {
    await d.page.waitForFunction(() => window.bluegray.element.drawDeclined === true);
    assert.equal(await d.page.locator('#offer-draw').isHidden(), true);
    assert.equal(await d.page.evaluate(() => window.bluegray.element.drawOffer), null);
  }
  const refused = await a.page.evaluate(() => window.bluegray.element.offerDraw().then(() => 'offered', (e) => e.message));
  assert.match(refused, /A draw offer was declined or withdrawn after these moves: offer one again after the next move/);
  // After Blue's move, Gray may offer, through the element this time, and Blue declines by the element too.
  await liveMove(a, b, 2);
  await b.page.waitForFunction(() => window.bluegray.element.drawDeclined === false);
  assert.deepEqual(await b.page.evaluate(() => window.bluegray.element.offerDraw()), { accepted: false });
  await a.page.waitForFunction(() => window.bluegray.element.drawOffer === 'gray');
  await a.page.evaluate(() => window.bluegray.element.declineDraw());
  await waitText(b.page, '#notice', /your draw offer was declined/);
  await b.page.waitForFunction(() => window.bluegray.element.drawOffer === null && window.bluegray.element.drawDeclined === true);
  // A reload keeps it: the record says so.
  await b.page.reload();
  await b.page.waitForFunction(() => window.bluegray.element.presence?.relay === 'connected' && window.bluegray.state?.history.length === 3);
  await b.page.waitForFunction(() => window.bluegray.element.drawDeclined === true);
  for (const d of [a, b]) {
    assert.equal((await state(d.page)).result, undefined);
    assert.deepEqual(d.problems, []);
  }
});

test('a live draw offer declined as its maker moves: the decline, which reached the relay after the move, holds on both devices', async () => {
  const { a, b, id, frames } = await liveGame(env, relay, { holdGuest: true });
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await a.page.click('#offer-draw');
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  // Gray declines as Blue moves: Gray's decline reaches the relay only after Blue's move, on which
  // the offer rides.
  frames.hold();
  await b.page.click('#decline-draw');
  await liveMove(a, b, 2);
  await b.page.waitForTimeout(300);
  assert.equal(await b.page.evaluate(() => window.bluegray.element.drawOffer), null, 'Gray’s device keeps its decline with Blue’s move');
  frames.release();
  await waitText(a.page, '#notice', /your draw offer was declined/);
  const kept = await relay.retainedWhen(id, (s) => s.moves.length === 3 && s.offer?.decline !== undefined);
  assert.deepEqual(kept && [kept.offer?.side, kept.offer?.ply, kept.moves.length, typeof kept.offer?.decline], ['blue', 2, 3, 'string']);
  for (const d of [a, b]) {
    assert.equal(await d.page.evaluate(() => window.bluegray.element.drawOffer), null);
    assert.equal((await state(d.page)).result, undefined);
  }
  // The game goes on: Gray's move, and the offer does not come back.
  await liveMove(b, a, 3);
  assert.equal(await a.page.evaluate(() => window.bluegray.element.drawOffer), null);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('two live draw offers that cross end the game drawn on both devices', async () => {
  const { a, b, id, invite } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  const before = await relay.retainedWhen(id, (s) => s.moves.length === 2 && !s.offer);
  await a.page.click('#offer-draw');
  const blueOffers = await relay.retainedWhen(id, (s) => s.offer?.side === 'blue');
  // Gray's offer of the same moment, signed with Gray's key over the moves as they stood, before
  // Gray's device saw Blue's: the two cross on the relay.
  const grayKey = (await identityOf(new URL(invite).hash.match(/seat-key=([\w-]+)/)[1])).privateJwk;
  const crossing = await withOffer(before, 'gray', await signer(grayKey));
  const client = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await client.publishAsync(topics(id).game, JSON.stringify(crossing), { qos: 1, retain: true });
  await client.endAsync();
  await waitText(a.page, '#status', /Draw by agreement\./);
  await waitText(b.page, '#status', /Draw by agreement\./);
  const kept = await relay.retainedWhen(id, (s) => !!s.end);
  assert.deepEqual(kept?.end && [kept.end.how, kept.end.side, kept.offer?.side], ['draw', 'blue', 'gray']);
  // Gray's acceptance of Blue's offer, as Gray's device signs it when the two accept at once,
  // reaches the relay last: both devices keep Blue's acceptance, and give it to the relay again,
  // so that every record of the game is one.
  const graysToo = await withEnd(blueOffers, 'draw', 'gray', await signer(grayKey));
  const late = await mqtt.connectAsync(relay.url, { protocolVersion: 4 });
  await late.publishAsync(topics(id).game, JSON.stringify(graysToo), { qos: 1, retain: true });
  await late.endAsync();
  // (The relay acknowledged it: Blue's acceptance on it after this is given again.)
  const again = await relay.retainedWhen(id, (s) => s.end?.side === 'blue');
  assert.deepEqual(again?.end && [again.end.how, again.end.side, again.offer?.side], ['draw', 'blue', 'gray']);
  for (const d of [a, b]) {
    await waitText(d.page, '#status', /Draw by agreement\./);
    assert.deepEqual(d.problems, []);
  }
});

test('a live draw offer withdrawn by its maker is signed: the other device is told, cannot accept it, and none is offered again before another move', async () => {
  const { a, b, id } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await liveMove(b, a, 1);
  await a.page.click('#offer-draw');
  await waitText(b.page, '#draw-offer-text', /Blue offers a draw\./);
  await waitText(a.page, '#decline-draw', /Withdraw the offer/);
  await a.page.click('#decline-draw');
  await waitText(a.page, '#notice', /You withdrew your draw offer: your friend is told now/);
  await waitText(b.page, '#notice', /Your friend withdrew their draw offer\./);
  const kept = await relay.retainedWhen(id, (s) => s.offer?.withdraw !== undefined);
  assert.deepEqual(kept && [kept.offer?.side, kept.offer?.ply, kept.offer?.decline], ['blue', 2, undefined]);
  // Gray's device no longer shows it, and cannot accept it.
  await b.page.waitForFunction(() => window.bluegray.element.drawOffer === null);
  assert.equal(await b.page.locator('#accept-draw').isVisible(), false);
  const refused = await b.page.evaluate(() => {
    try {
      window.bluegray.element.acceptDraw();
      return 'accepted';
    } catch (e) {
      return e.message;
    }
  });
  assert.notEqual(refused, 'accepted');
  // No offer again after these moves, on either device; after Blue's move, Gray may offer.
  for (const d of [a, b]) await d.page.waitForFunction(() => window.bluegray.element.drawDeclined === true);
  assert.equal(await a.page.locator('#offer-draw').isHidden(), true);
  await liveMove(a, b, 2);
  await b.page.waitForFunction(() => window.bluegray.element.drawDeclined === false);
  await b.page.click('#offer-draw');
  await waitText(a.page, '#draw-offer-text', /Gray offers a draw\./);
  for (const d of [a, b]) {
    assert.equal((await state(d.page)).result, undefined);
    assert.deepEqual(d.problems, []);
  }
});

test('a link with the game’s id and another seat key never replaces the guest’s kept key unasked', async () => {
  const { a, b, invite } = await liveGame(env, relay);
  await liveMove(a, b, 0);
  await b.page.close();
  // Someone else's key under this game's id, opened on the guest's device: refused at once.
  const hostile = invite.replace(/seat-key=[\w-]+/, `seat-key=${await secretOf((await newIdentity()).privateJwk)}`);
  let page = await b.context.newPage();
  await page.goto(hostile);
  await waitText(page, '#notice', /This link’s seat key is not one of this game’s: it was refused/);
  await page.waitForFunction(() => window.bluegray.element.presence?.seat === 'gray' && window.bluegray.element.presence.relay === 'connected');
  // The host's own seat link, a key of the game: the player is asked, and says no.
  const hostSecret = await a.page.evaluate(() => window.bluegray.element.seatSecret());
  const asked = [];
  await page.close();
  page = await b.context.newPage();
  page.on('dialog', (d) => {
    asked.push(d.message());
    return d.dismiss();
  });
  await page.goto(invite.replace('side=gray', 'side=blue').replace(/seat-key=[\w-]+/, `seat-key=${hostSecret}`));
  await page.waitForFunction(() => window.bluegray.element.presence?.seat === 'gray' && window.bluegray.element.presence.relay === 'connected');
  assert.equal(asked.length, 1);
  assert.match(asked[0], /another seat key for a game this device already plays/);
  // Gray's next move is signed with Gray's own key: the host takes it, the games stay one.
  await liveMove({ page }, a, 1);
  assert.equal((await state(a.page)).history.length, 2);
  assert.deepEqual(a.problems, []);
});
