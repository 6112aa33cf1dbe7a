// End-to-end: a game by link between devices that share nothing but the links they send (each a
// browser context of its own): a 20-ply game sent back and forth, a link that changes a move
// already played, a link that is behind, a link that plays the receiver's own move, several games in the recent list, the
// player's choices in the form while a link's game is being drawn, and the single file, where a link is of no use to a friend.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SINGLE_FILE, copyLink, state, status, waitText } from './helpers.mjs';
import { setUpDevices, startFromForm, playAMove, follow, sendMoves } from './devices.mjs';
import { engineHelp, BARRED } from './fair-play.mjs';

const env = setUpDevices();


test('a 20-ply game by link: each device opens the link the other sent, at its own seat', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await waitText(a.page, '#status', /Your move \(Blue\)/);
  assert.equal(await a.page.isHidden('#send-link'), true, 'no link to send before the first move');
  const links = [];
  const played = [];
  let [mover, other] = [a, b];
  for (let ply = 0; ply < 20; ply++) {
    played.push(await playAMove(mover.page, ply));
    await waitText(mover.page, '#status', /Waiting for (Blue|Gray)/);
    const link = await copyLink(mover.page, '#send-link');
    assert.match(link, /#mode=friend&side=(blue|gray)&game-id=[0-9a-f]{32}&record=/);
    links.push(link);
    await follow(other.page, link, ply + 1);
    await waitText(other.page, '#status', /Your move/);
    [mover, other] = [other, mover];
  }
  const [sa, sb] = [await state(a.page), await state(b.page)];
  assert.deepEqual(sa.history, played);
  assert.deepEqual(sb.history, played);
  assert.equal(await a.page.evaluate(() => window.bluegray.element.seat), 'blue');
  assert.equal(await b.page.evaluate(() => window.bluegray.element.seat), 'gray');
  // Each device keeps the game once, whatever number of links it opened.
  for (const d of [a, b]) {
    const list = await d.page.evaluate(() => JSON.parse(localStorage.getItem('bluegray.games.v2')));
    assert.equal(list.length, 1, 'one kept game per device');
  }
  // A move the friend has seen is not taken back on one device: Undo asks the friend instead
  // (ruling R38), open only to the seat whose move is the last (Gray's, the 20th). The engine
  // keeps out of the game, on the player's turn and on the friend's.
  assert.equal(await a.page.isDisabled('#undo'), true);
  await waitText(b.page, '#undo', /^Ask to take back$/);
  assert.deepEqual(await engineHelp(a.page), BARRED);
  assert.deepEqual(await engineHelp(b.page), BARRED);
  assert.equal(await b.page.evaluate(() => window.bluegray.element.undo()), false);

  // A link that is behind: the device keeps its newer game and says so.
  await follow(b.page, links[5], 20);
  await waitText(b.page, '#notice', /behind your game \(6 plies; you have 20\)/);
  assert.deepEqual((await state(b.page)).history, played);

  // A link that changes a move already played: a third device takes the game at ply 6 and plays
  // another move than was played; the link it sends back is refused with the move it changes.
  const c = await env.device();
  await follow(c.page, links[5], 6);
  const s6 = await state(c.page);
  const alternative = s6.moves.find((m) => m.text !== played[6] && m.kind !== 'captain');
  await c.page.evaluate((m) => window.bluegray.element.play(m), alternative.text);
  const forked = await copyLink(c.page, '#send-link');
  await follow(b.page, forked, 20);
  await waitText(b.page, '#notice', new RegExp(`This link changes move 4: you have ${played[6]}, the link has ${alternative.text}`));
  assert.deepEqual((await state(b.page)).history, played, 'the game is kept as it was');

  for (const d of [a, b, c]) assert.deepEqual(d.problems, []);
});

test('a link that plays a move of the receiver’s own seat is refused with a message, the game kept', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await sendMoves(a, b, 2);
  // Blue plays its move, then a move for Gray too, and sends both in one link.
  await playAMove(a.page, 2);
  const honest = await copyLink(a.page, '#send-link');
  const forgedMove = await a.page.evaluate(() => {
    const el = window.bluegray.element;
    return el.play(el.state.moves[0].text);
  });
  const forged = new URL(honest);
  const fragment = new URLSearchParams(forged.hash.slice(1));
  fragment.set('record', await a.page.evaluate(() => window.bluegray.element.record));
  forged.hash = fragment.toString();
  const before = await state(b.page);
  await b.page.goto(forged.href);
  await waitText(b.page, '#notice', new RegExp(`plays ${forgedMove} for Gray, your side`));
  assert.deepEqual((await state(b.page)).history, before.history, 'not even Blue’s move of the forged link is taken');
  await b.page.reload();
  await b.page.waitForFunction((n) => window.bluegray?.state?.history.length === n, before.history.length);
  // The honest link still brings Blue's move.
  await follow(b.page, honest, 3);
  await waitText(b.page, '#status', /Your move \(Gray\)/);
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('several games by link in the recent list say where it is the player’s move', async () => {
  const a = await env.device();
  const b = await env.device();
  // First game: Blue (a) moves, sends it; b (Gray) has the move.
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  await follow(b.page, await copyLink(a.page, '#send-link'), 1);
  // Second game: a plays Gray; b starts as Blue and moves, then sends it.
  await startFromForm(b.page, 'friend', 'blue');
  await playAMove(b.page, 1);
  await follow(a.page, await copyLink(b.page, '#send-link'), 1);
  await a.page.click('#recent-summary');
  const rows = await a.page.$$eval('#recent-list .recent-open', (els) => els.map((e) => e.textContent));
  assert.equal(rows.length, 2);
  assert.ok(rows.some((r) => /you \(Gray\) against a friend, by link.*your move/.test(r)), rows.join('\n'));
  assert.ok(rows.some((r) => /you \(Blue\) against a friend, by link.*waiting for Gray/.test(r)), rows.join('\n'));
  // The older game opens from the list at its seat, where it stands.
  await a.page.click('#recent-list li:not(.here) .recent-open');
  await waitText(a.page, '#status', /Waiting for Gray/);
  assert.equal(await a.page.evaluate(() => window.bluegray.element.seat), 'blue');
  assert.deepEqual(a.problems, []);
  assert.deepEqual(b.problems, []);
});

test('choices made in the form while the page is still drawing a link’s game stay', async () => {
  const a = await env.device();
  const b = await env.device();
  await startFromForm(a.page, 'friend', 'blue');
  await playAMove(a.page, 0);
  const link = await copyLink(a.page, '#send-link');
  // The friend's box comes late to b, and the page draws a game by link only once it is there.
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((/** @type {(v?: unknown) => void} */ r) => (release = r));
  await b.page.route(/\/friend-box[-.][^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await b.page.goto(link);
  await b.page.waitForFunction(() => window.bluegray?.element?.settings.mode === 'friend');
  // The form already shows the link's game; the player chooses another before the page draws.
  assert.equal(await b.page.inputValue('#mode'), 'friend');
  assert.equal(await b.page.inputValue('#side'), 'gray');
  await b.page.selectOption('#mode', 'ai');
  await b.page.selectOption('#side', 'blue');
  release();
  await b.page.waitForSelector('#friend-box:not([hidden])', { state: 'attached' });
  await waitText(b.page, '#status', /Your move \(Gray\)/);
  assert.equal(await b.page.inputValue('#mode'), 'ai', 'the draw left the player’s choice of mode');
  assert.equal(await b.page.inputValue('#side'), 'blue', 'the draw left the player’s choice of side');
  assert.deepEqual(a.problems, []);
  assert.deepEqual(b.problems, []);
});

test('from the single file, the page offers the record instead of a link', async () => {
  const a = await env.device(SINGLE_FILE);
  await startFromForm(a.page, 'friend', 'gray');
  await waitText(a.page, '#status', /Waiting for Blue/);
  // Blue is the friend: their move comes in as the page would take it from a record.
  await a.page.evaluate(() => window.bluegray.element.play('e2-e3'));
  await playAMove(a.page, 0);
  await a.page.click('#send-link');
  await waitText(a.page, '#notice', /opened from a file/);
  const record = await a.page.inputValue('#io-text');
  assert.match(record, /1\. e2-e3 /);
  assert.match(record, /\[GameId "[0-9a-f]{32}"\]/);
  assert.match(await status(a.page), /Waiting for Blue/);
  assert.deepEqual(a.problems, []);
  await a.context.close();
  // The friend opens the record (Open record, or the text box): the game by link, at their seat.
  const friend = await env.device();
  await friend.page.click('.io summary');
  await friend.page.fill('#io-text', record);
  await friend.page.click('#import');
  // The game by link, once the record is read (the first game's status says "Your move" too).
  await friend.page.waitForFunction(() => window.bluegray.element.seat === 'blue');
  await waitText(friend.page, '#status', /Your move \(Blue\)/);
  assert.equal((await state(friend.page)).history.length, 2);
  // The status above and this button come from the same render of the panel.
  assert.equal(await friend.page.isHidden('#send-link'), true);
  await playAMove(friend.page, 3);
  // The panel follows the board at its next animation frame, which can come after the move is seen.
  await friend.page.waitForSelector('#send-link', { state: 'visible' });
  assert.deepEqual(friend.problems, []);
  await friend.context.close();
  // The file cannot reach a relay: its form offers no live game even with one named, and a live
  // game's link says it needs the page served.
  const relay = encodeURIComponent('ws://127.0.0.1:9');
  const b = await env.device(`${SINGLE_FILE}?relay=${relay}`);
  assert.equal(await b.page.$eval('#mode option[value="live"]', (o) => /** @type {HTMLOptionElement} */ (o).disabled), true);
  await b.page.goto(`${SINGLE_FILE}?mode=live&side=blue&relay=${relay}`);
  await waitText(b.page, '#notice', /served from a web address/);
  assert.deepEqual(b.problems, []);
  await b.context.close();
});
