// End-to-end: alerts (issue 48, item 4) between two devices through a real relay. While the
// receiving page's tab is hidden (document.visibilityState overridden, visibilitychange sent, as a
// browser does when another tab is brought to front), the friend's move and the friend's draw
// offer change its title and sound the alert (its notes seen on the Web Audio API); the title goes
// back when the tab is shown; with the Sound preference off the title still changes but nothing
// sounds. By link, the friend's reply opened in a tab in the background changes that tab's title.
// And a challenge posted in the lobby alerts its poster when it is accepted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitText, waitReady, copyLink } from './helpers.mjs';
import { setUpDevices, setUpRelay, startFromForm, waitPresence, playAMove, waitConnected, liveMove } from './devices.mjs';

const VARIANT = 'super-light';
/** The alert's first note (play/sound.js), which no move's sound has. */
const ALERT_HZ = 880;

const env = setUpDevices();
const relay = setUpRelay();

/**
 * In the page: records the frequency of every note it starts (`window.notes`) and lets the test
 * hide and show its tab (`window.setShown`); `hidden`: the tab starts hidden.
 * @param {boolean} hidden
 */
function spy(hidden) {
  window.notes = [];
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.notes.push(this.frequency.value);
    return start.apply(this, args);
  };
  let shown = !hidden;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (shown ? 'visible' : 'hidden') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
  window.setShown = (s) => {
    shown = s;
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

/** Spies on `page` (spy()) and lets its sounds play (a key press is the gesture browsers ask for). */
async function listen(page) {
  await page.evaluate(spy, false);
  await page.keyboard.press('Shift');
}

const setShown = (page, shown) => page.evaluate((s) => window.setShown(s), shown);
const alerted = (page) => page.evaluate((hz) => window.notes.includes(hz), ALERT_HZ);
const clearNotes = (page) => page.evaluate(() => (window.notes = []));
const waitTitle = (page, title) => page.waitForFunction((t) => document.title === t, title, { timeout: 20000 });

test('live, a hidden tab: the friend’s move and draw offer change its title and sound the alert; shown, the title goes back; with Sound off nothing sounds', async () => {
  const a = await env.device(`?relay=${encodeURIComponent(relay.url)}`);
  await startFromForm(a.page, 'live', 'blue', VARIANT);
  await waitConnected(a.page);
  const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
  const b = await env.device(invite);
  await waitConnected(b.page);
  await listen(a.page);
  const own = await a.page.title();

  // Blue's own move, its tab shown: no alert.
  await liveMove(a, b, 0, { walk: false });
  assert.equal(await alerted(a.page), false);
  // Gray moves while Blue's tab is hidden: its title says so, the alert sounds.
  await setShown(a.page, false);
  await liveMove(b, a, 1, { walk: false });
  await waitTitle(a.page, 'Your move — Blue and Gray');
  assert.equal(await alerted(a.page), true, 'the alert sounded');
  // Shown again, the tab has its own title back.
  await setShown(a.page, true);
  await waitTitle(a.page, own);

  // Blue moves; Gray offers a draw while Blue's tab is hidden.
  await liveMove(a, b, 2, { walk: false });
  await clearNotes(a.page);
  await setShown(a.page, false);
  await b.page.click('#offer-draw');
  await waitText(a.page, '#draw-offer-text', /Gray offers a draw\./);
  await waitTitle(a.page, 'Draw offered — Blue and Gray');
  assert.equal(await alerted(a.page), true, 'the draw offer sounded');
  await setShown(a.page, true);
  await waitTitle(a.page, own);

  // Sound off (kept with the preferences): Gray's move changes the hidden tab's title, silently.
  await a.page.evaluate(() => {
    const box = document.querySelector('#sound');
    box.checked = false;
    box.dispatchEvent(new Event('change'));
  });
  assert.equal(await a.page.evaluate(() => Object.values(localStorage).some((v) => v.includes('"muted":true'))), true, 'the choice is kept');
  await liveMove(b, a, 3, { walk: false });
  await setShown(a.page, true);
  await liveMove(a, b, 4, { walk: false });
  await clearNotes(a.page);
  await setShown(a.page, false);
  await liveMove(b, a, 5, { walk: false });
  await waitTitle(a.page, 'Your move — Blue and Gray');
  assert.equal(await alerted(a.page), false, 'no sound with Sound off');
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('the lobby: a challenge accepted while its poster’s tab is hidden changes that tab’s title and sounds the alert', async () => {
  const query = `?relay=${encodeURIComponent(relay.url)}`;
  const [a, b] = await Promise.all([env.device(query), env.device(query)]);
  await listen(a.page);
  const own = await a.page.title();
  await a.page.selectOption('#variant', VARIANT);
  for (const d of [a, b]) {
    await d.page.click('#open-lobby');
    await d.page.waitForFunction(() => document.querySelector('#lobby')?.open && !/Connecting/.test(document.querySelector('#lobby-status')?.textContent ?? ''));
  }
  await a.page.selectOption('#lobby-side', 'blue');
  await a.page.click('#lobby-post');
  await waitText(a.page, '#lobby-status', /Your challenge is open/);
  await b.page.waitForSelector('#lobby-list [data-accept]:not([disabled])');
  await setShown(a.page, false);
  await b.page.click('#lobby-list [data-accept]');
  await waitPresence(a.page, { seat: 'blue', gray: 'online' });
  await waitTitle(a.page, 'Challenge accepted — Blue and Gray');
  assert.equal(await alerted(a.page), true, 'the acceptance sounded');
  await setShown(a.page, true);
  await waitTitle(a.page, own);
});

test('by link: the friend’s reply opened in a background tab says “Your move” in its title until it is shown', async () => {
  const a = await env.device();
  await startFromForm(a.page, 'friend', 'blue', VARIANT);
  await playAMove(a.page, 0);
  const b = await env.device(await copyLink(a.page, '#send-link'));
  await b.page.waitForFunction(() => window.bluegray.state.history.length === 1);
  await playAMove(b.page, 1);
  const reply = await copyLink(b.page, '#send-link');
  // No gesture was made in that tab, so no browser lets it sound: its title is what tells.
  const tab = await a.context.newPage();
  await tab.addInitScript(spy, true);
  await tab.goto(reply);
  await waitReady(tab);
  await tab.waitForFunction(() => window.bluegray.state.history.length === 2);
  await waitTitle(tab, 'Your move — Blue and Gray');
  await setShown(tab, true);
  await waitTitle(tab, await a.page.title());
  for (const d of [a, b]) assert.deepEqual(d.problems, []);
});

test('the takeback and rematch offers other parts of the board will send (`takebackoffer`, `rematchoffer`) alert when the other seat makes them, not this one', async () => {
  const a = await env.device();
  await startFromForm(a.page, 'friend', 'blue', VARIANT);
  await listen(a.page);
  const own = await a.page.title();
  await setShown(a.page, false);
  const offer = (name, side) => a.page.evaluate(([n, s]) => window.bluegray.element.dispatchEvent(new CustomEvent(n, { detail: { side: s } })), [name, side]);
  await offer('rematchoffer', 'blue');
  assert.equal(await a.page.title(), own, 'this seat’s own offer is no news');
  await offer('takebackoffer', 'gray');
  await waitTitle(a.page, 'Takeback asked — Blue and Gray');
  await offer('rematchoffer', 'gray');
  await waitTitle(a.page, 'Rematch offered — Blue and Gray');
  assert.equal(await alerted(a.page), true);
  await setShown(a.page, true);
  await waitTitle(a.page, own);
});
