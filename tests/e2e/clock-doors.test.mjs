// End-to-end: a guest's board takes a live game's time control from the host's signed game, not
// from what its tab showed before. Host and guest each on a device of their own (browser
// contexts) through a real relay (relay/relay.mjs): the guest's tab first shows a live game
// without a clock, then opens a clocked game's invitation (the same tab, the address bar: only
// the fragment changes), and its board has both clocks, shown, running as the host's do; a
// reload keeps them; and a guest's first visit shows them whichever part of the board loads first
// (the clocks' code held back until the game is on the board). These pass on the code before the
// fix as well: the bug's order is pinned by tests/unit/live-link-clock.test.mjs and
// lazy-parts.test.mjs; these keep the whole path true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { state, playMove, pickMove, copyLink } from './helpers.mjs';
import { setUpDevices, setUpRelay, startFromForm, waitConnected } from './devices.mjs';

const env = setUpDevices();
const relay = setUpRelay();

/** Whether the board's two clock faces are shown. */
function facesShown(page) {
  return page.evaluate(() => {
    const root = document.querySelector('#game').shadowRoot;
    return ['.clock-top', '.clock-bottom'].map((sel) => !root.querySelector(sel).hidden);
  });
}

/** A live game with the time control `control` that Blue hosts from the form: its device and the invitation for Gray. */
async function hostLiveGame(control) {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}&clock=${encodeURIComponent(control)}&mode=two`);
  await a.page.waitForFunction((c) => (window.bluegray.element.clocks?.control ?? 'none') === c, control);
  await startFromForm(a.page, 'live', 'blue');
  await waitConnected(a.page);
  return { a, invite: await copyLink(a.page, '#invite-link', /Invitation copied/) };
}

/** Waits until `d`'s board has the clocks of `control`, Gray's running after Blue's first move, both faces shown. */
async function clocked(d, control) {
  await d.page.waitForFunction((c) => window.bluegray?.element?.clocks?.control === c && window.bluegray.element.clocks.running === 'gray', control, { timeout: 15000 });
  await d.page.waitForFunction(() => {
    const root = document.querySelector('#game').shadowRoot;
    return ['.clock-top', '.clock-bottom'].every((sel) => !root.querySelector(sel).hidden);
  }, null, { timeout: 5000 }).catch(async () => assert.fail(`the clock faces shown: ${JSON.stringify(await facesShown(d.page))}`));
  assert.match((await state(d.page)).record, new RegExp(`\\[TimeControl "${control.replace('+', '\\+')}"\\]`));
}

for (const control of ['3+2', '1+0']) {
  test(`a guest whose tab shows a live game without a clock opens a ${control} invitation: its board has the host's clocks, and after a reload too`, async () => {
    const { a, invite } = await hostLiveGame(control);
    await playMove(a.page, pickMove(await state(a.page), 0, { walk: false }));
    // The guest's tab shows a live game without a clock, whose invitation it opened.
    const other = await hostLiveGame('none');
    const b = await env.device(other.invite);
    await waitConnected(b.page);
    assert.equal(await b.page.evaluate(() => window.bluegray.element.clocks), null);
    // The invitation opened in the same tab: only the fragment changes, the document stays.
    await b.page.evaluate(() => (window.sameDocument = true));
    await b.page.goto(invite);
    await b.page.waitForFunction(() => window.bluegray.state.history.length === 1, null, { timeout: 15000 });
    assert.equal(await b.page.evaluate(() => window.sameDocument), true);
    await clocked(b, control);
    await b.page.reload();
    await clocked(b, control);
    assert.deepEqual(b.problems, []);
  });
}

test('a guest’s first visit shows the clocks of the invitation, whether the clocks’ code or the game comes first', async () => {
  const { a, invite } = await hostLiveGame('3+2');
  await playMove(a.page, pickMove(await state(a.page), 0, { walk: false }));
  // The clocks' code held back until the game is on the board, then let through: the order that
  // hid them.
  for (const hold of [false, true]) {
    // A page of the site that has no clock to fetch, then the invitation: a new document.
    const b = await env.device('?mode=two&clock=none');
    /** @type {(() => void)[]} */
    const held = [];
    if (hold) {
      await b.page.route(/\/clocks[-.][^/]*\.js$/, async (route) => {
        await new Promise((r) => held.push(r));
        await route.continue();
      });
    }
    await b.page.goto(invite);
    if (hold) {
      await b.page.waitForFunction(() => window.bluegray?.state?.history.length === 1, null, { timeout: 15000 });
      await b.page.waitForTimeout(300);
      held.splice(0).forEach((r) => r());
    }
    await clocked(b, '3+2');
    assert.deepEqual(b.problems, [], `hold ${hold}`);
  }
});
