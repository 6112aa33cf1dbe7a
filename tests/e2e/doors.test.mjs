// End-to-end: every door into a game × every mode it opens, through the same checks (the page's
// one door, play/doors.js): the board's mode and seat, the game's id where the mode needs one
// (a game by link or live always has one, wherever it starts), the kept entry (from the start
// against a friend, after the first move otherwise), the address once the game is set up (a
// link's game dropped from it, or followed when a link carried a whole game), and a reload that
// shows the same game. Then the element's attributes as a door, in every mode, on a page of
// someone else's; and a friend's newer link opened as a new page load, kept before a reload.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { state, waitReady, waitText, frames, copyLink, settle } from './helpers.mjs';
import { devices, playAMove } from './devices.mjs';
import { LOOPBACK_LIMITS, startRelay } from '../../relay/processes.mjs';
import { loadCore } from '../unit/core.mjs';
import { engineHelp, BARRED } from './fair-play.mjs';

const core = await loadCore();
/** Every lesson done, as the page keeps the lessons' progress: the lessons then offer a first game. */
const ALL_LESSONS_DONE = JSON.stringify({ done: core.lessons().map((l) => l.id), offer: null });

/** A finished game's record: the captain walks whenever it can, else the first legal move. */
function finishedRecord() {
  const game = new core.Game('sackson');
  try {
    for (let i = 0; i < 400 && !game.state().result; i++) {
      const s = game.state();
      game.play((s.moves.find((m) => m.kind === 'captain') || s.moves[0]).text);
    }
    return game.record();
  } finally {
    game.free();
  }
}

const GAME_ID = /^[0-9a-f]{32}$/;
/** What a link's game puts in the address. */
const GAME_SETTINGS = ['mode', 'side', 'variant', 'level', 'movetime', 'position', 'record', 'game-id', 'host-key', 'ply', 'view'];
/** A record of two moves, for the doors that open one. */
const RECORD = '[Variant "sackson"]\n\n1. e2-e3 e8-e7 *';

let env;
let relay;
before(async () => {
  relay = await startRelay({ args: [...LOOPBACK_LIMITS] });
  env = await devices();
});
afterEach(() => env.closeDevices());
after(async () => {
  await env?.close();
  await relay?.dispose();
});

const relayQuery = () => `relay=${encodeURIComponent(relay.url)}`;
const element = (page) => page.evaluate(() => ({ mode: window.bluegray.settings.mode, seat: window.bluegray.element.seat, gameId: window.bluegray.element.gameId }));
const keptList = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('bluegray.games.v2') || '[]'));

/** The game settings left in the page's address. */
function addressSettings(page) {
  const url = new URL(page.url());
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  return GAME_SETTINGS.filter((k) => url.searchParams.has(k) || fragment.has(k));
}

/**
 * Starts a game of `mode` from the New game form, at side Blue where the mode has a side; returns
 * once the board plays it (a game against a friend waits for its part of the page to be fetched).
 */
async function startFromForm(page, mode, side = 'blue') {
  await page.selectOption('#mode', mode);
  if (await page.isVisible('#side')) await page.selectOption('#side', side);
  await page.click('#new-game');
  await page.waitForFunction((m) => window.bluegray.element.settings.mode === m, mode);
}

/** Waits until a live game's relay has seated this device. */
function seated(page) {
  return page.waitForFunction(() => {
    const p = window.bluegray.element.presence;
    return p && p.relay === 'connected' && p.seat && window.bluegray.element.gameId;
  });
}

/**
 * The doors, each a way a player opens a game of `mode` on a fresh device; returns the device's
 * page, the game set up. `follows`: the address then carries the game.
 */
const DOORS = {
  form: {
    modes: ['ai', 'two', 'demo', 'friend', 'live'],
    async open(mode) {
      const d = await env.device(mode === 'live' ? `?${relayQuery()}` : '');
      await startFromForm(d.page, mode, 'blue');
      return d.page;
    },
  },
  query: {
    modes: ['ai', 'two', 'demo', 'view', 'friend', 'live'],
    async open(mode) {
      return (await env.device(`?mode=${mode}&side=blue&variant=classic${mode === 'live' ? `&${relayQuery()}` : ''}`)).page;
    },
  },
  fragment: {
    modes: ['ai', 'two', 'demo', 'view', 'friend'],
    follows: (mode) => mode !== 'friend',
    async open(mode) {
      return (await env.device(`#mode=${mode}&side=blue&record=${encodeURIComponent(RECORD)}`)).page;
    },
  },
  'friend link': {
    modes: ['friend'],
    async open() {
      const a = await env.device('?mode=friend&side=blue');
      await playAMove(a.page, 0);
      const link = await copyLink(a.page, '#send-link', /Link copied/);
      return (await env.device(link.slice(env.url.length))).page;
    },
    seat: 'gray',
  },
  invitation: {
    modes: ['live'],
    async open() {
      const a = await env.device(`?${relayQuery()}`);
      await startFromForm(a.page, 'live', 'blue');
      await seated(a.page);
      const invite = await copyLink(a.page, '#invite-link', /Invitation copied/);
      return (await env.device(invite.slice(env.url.length))).page;
    },
    seat: 'gray',
  },
  'recent list': {
    modes: ['ai', 'two', 'friend'],
    async open(mode) {
      const d = await env.device(`?mode=${mode}&side=blue`);
      await playAMove(d.page, 0);
      await startFromForm(d.page, 'two', 'blue');
      await d.page.waitForFunction(() => window.bluegray.state.history.length === 0);
      await d.page.click('#recent-summary');
      await d.page.click('#recent-list li:not(.here) .recent-open');
      await d.page.waitForFunction((m) => window.bluegray.settings.mode === m, mode);
      return d.page;
    },
  },
  'record file': {
    // A record opens with the players of the game in progress: a fresh page's is against the computer.
    modes: ['ai'],
    async open() {
      const d = await env.device('');
      await d.page.setInputFiles('#record-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(RECORD) });
      await d.page.waitForFunction(() => window.bluegray.state.history.length === 2);
      return d.page;
    },
  },
  "friend's record": {
    modes: ['friend'],
    async open() {
      const a = await env.device('?mode=friend&side=blue');
      await playAMove(a.page, 0);
      const record = await a.page.evaluate(() => window.bluegray.element.record);
      const d = await env.device('');
      await d.page.setInputFiles('#record-file', { name: 'game.txt', mimeType: 'text/plain', buffer: Buffer.from(record) });
      await d.page.waitForFunction(() => window.bluegray.settings.mode === 'friend');
      return d.page;
    },
    seat: 'gray',
  },
  'first game after the lessons': {
    modes: ['ai'],
    async open() {
      const d = await env.device('');
      await d.page.evaluate((p) => localStorage.setItem('bluegray.lessons.v1', p), ALL_LESSONS_DONE);
      await d.page.reload();
      await waitReady(d.page);
      await d.page.click('#open-lessons');
      await d.page.click('#lessons .lessons-menu .lesson-play[data-level="1"]');
      await d.page.waitForFunction(() => window.bluegray.settings.mode === 'ai' && window.bluegray.settings.level === 1);
      return d.page;
    },
  },
  rematch: {
    modes: ['ai', 'two', 'friend'],
    async open(mode) {
      // A finished game of this mode (Gray's seat), and the game-over panel's Rematch.
      const d = await env.device(`#mode=${mode}&side=gray&record=${encodeURIComponent(finishedRecord())}`);
      await d.page.waitForSelector('#rematch', { state: 'visible' });
      const finished = await element(d.page);
      await d.page.click('#rematch');
      await d.page.waitForFunction(
        ([id, remote]) => window.bluegray.state.history.length === 0 && (!remote || window.bluegray.element.gameId !== id),
        [finished.gameId, mode === 'friend'],
      );
      return d.page;
    },
    seat: 'blue',
  },
  // The Analysis board of a finished game (play/analysis.js): a copy kept as a game of its own.
  'analysis board': {
    modes: ['analysis'],
    async open() {
      const d = await env.device(`#mode=ai&record=${encodeURIComponent(finishedRecord())}`);
      await d.page.waitForSelector('#analysis-board', { state: 'visible' });
      await d.page.click('#analysis-board');
      await d.page.waitForFunction(() => window.bluegray.settings.mode === 'analysis');
      return d.page;
    },
  },
  // The board editor's Play buttons, on the position it opens with (the board's).
  editor: {
    modes: ['ai', 'two'],
    async open(mode) {
      const d = await env.device('?mode=two');
      await d.page.click('#open-editor');
      await d.page.waitForSelector('#editor .editor-point', { state: 'visible' });
      await d.page.click(`#editor button[data-i18n="${mode === 'ai' ? 'edit.playAi' : 'edit.playTwo'}"]`);
      await d.page.waitForFunction((m) => !document.querySelector('#editor')?.hasAttribute('open') && window.bluegray.settings.mode === m, mode);
      return d.page;
    },
  },
  'position box': {
    modes: ['two'],
    async open() {
      const d = await env.device('?mode=two');
      await playAMove(d.page, 0);
      const code = await d.page.evaluate(() => window.bluegray.state.code);
      await d.page.click('details.io > summary');
      await d.page.fill('#io-text', code);
      await d.page.click('#import');
      await d.page.waitForFunction((c) => window.bluegray.state.start === c && window.bluegray.state.history.length === 0, code);
      return d.page;
    },
  },
};

/** The seat a mode's game gives the person who opened it with side Blue (null: no seat). */
function expectedSeat(mode, door) {
  if (mode !== 'friend' && mode !== 'live') return null;
  return door.seat ?? 'blue';
}

for (const [name, door] of Object.entries(DOORS)) {
  for (const mode of door.modes) {
    test(`door "${name}" × mode ${mode}: mode, seat, id, kept entry, address, reload`, async () => {
      const page = await door.open(mode);
      await waitReady(page);
      if (mode === 'live') await seated(page);
      const seen = await element(page);
      assert.equal(seen.mode, mode, 'the board plays the mode asked for');
      assert.equal(seen.seat, expectedSeat(mode, door), 'this device sits at its seat');
      if (mode === 'friend' || mode === 'live') {
        assert.match(String(seen.gameId), GAME_ID, 'a game against a friend has its id');
        // Kept from the start, under its id.
        await page.waitForFunction((id) => JSON.parse(localStorage.getItem('bluegray.games.v2') || '[]').some((e) => e.summary.gameId === id), seen.gameId);
      } else {
        assert.equal(seen.gameId, null, 'no id outside games against a friend');
      }
      const follows = door.follows ? door.follows(mode) : false;
      assert.deepEqual(addressSettings(page).length > 0, follows, `the address after set-up: ${page.url()}`);
      // The first move (where a person moves here) is kept.
      const s = await state(page);
      const canMove = ['ai', 'two', 'friend', 'live'].includes(mode) && (mode === 'two' || s.side === seen.seat || (mode === 'ai' && s.side === (await page.evaluate(() => window.bluegray.settings.side))));
      if (canMove && !s.result) {
        const played = await playAMove(page, 0);
        await page.waitForFunction((m) => {
          const list = JSON.parse(localStorage.getItem('bluegray.games.v2') || '[]');
          return list.some((e) => e.summary.line && e.summary.line.includes(m));
        }, played);
      }
      if (mode === 'demo') await page.click('#pause');
      // The computer's reply is in before the game is compared across the reload.
      if (mode === 'ai') await settle(page);
      await frames(page);
      const beforeReload = await state(page);
      const kept = await keptList(page);
      await page.reload();
      await waitReady(page);
      if (mode === 'live') await seated(page);
      const afterReload = await state(page);
      const again = await element(page);
      assert.equal(again.mode, mode, 'a reload shows the same mode');
      assert.equal(again.gameId, seen.gameId, 'a reload shows the same game id');
      assert.deepEqual(afterReload.history.slice(0, beforeReload.history.length), beforeReload.history, 'a reload shows the same moves');
      if (mode !== 'demo') assert.equal(afterReload.history.length, beforeReload.history.length);
      assert.ok((await keptList(page)).length >= kept.length, 'a reload drops no kept game');
    });
  }
}

test('door "element attributes" × every mode: the board sets up its own game, a game by link with its id', async () => {
  // Each mode on a page of its own, all at once (they share nothing but the relay).
  const check = async (/** @type {string} */ mode) => {
    const extra = mode === 'live' ? ` relay="${relay.url}"` : mode === 'puzzle' ? ' goal="win2" position="4c3s/ss1s1ss2/2S6/2s6/9/2S6/9/SS1S1SS2/2S1C4 b 0 1"' : '';
    const html = `<!doctype html><meta charset="utf-8"><script type="module" src="${env.url}blue-gray-game.js"></script>
<blue-gray-game id="b" mode="${mode}" side="blue"${extra}></blue-gray-game>`;
    const d = await env.device(`doors-${mode}.html`, { html });
    await d.page.waitForFunction(() => document.getElementById('b').state !== null, null, { timeout: 15000 });
    if (mode === 'live') await d.page.waitForFunction(() => document.getElementById('b').gameId, null, { timeout: 15000 });
    const got = await d.page.evaluate(() => {
      const b = document.getElementById('b');
      return { mode: b.settings.mode, gameId: b.gameId, attr: b.getAttribute('game-id'), tag: b.record.match(/\[GameId "([0-9a-f]+)"\]/)?.[1] ?? null };
    });
    await d.context.close();
    assert.equal(got.mode, mode);
    if (mode === 'friend' || mode === 'live') {
      assert.match(String(got.gameId), GAME_ID, `${mode}: the board names its game`);
      assert.equal(got.attr, got.gameId, `${mode}: and reflects it`);
      assert.equal(got.tag, got.gameId, `${mode}: and its record carries it`);
    } else {
      assert.equal(got.gameId, null, `${mode}: no id`);
    }
  };
  await Promise.all(['ai', 'two', 'demo', 'view', 'friend', 'puzzle', 'live', 'analysis'].map(check));
});

test('help=none: two players on one device without the engine’s help, by link, the form and the element’s attribute, until the game is over', async () => {
  const d = await env.device('?mode=two&help=none');
  assert.deepEqual(await engineHelp(d.page), BARRED, 'the link');
  assert.equal(await d.page.inputValue('#help'), 'none', 'the form shows it');
  // The game over (Blue resigns), all of it is back.
  await d.page.evaluate(() => window.bluegray.element.resign('blue'));
  // The panel is drawn in the next frame after the board's change.
  await d.page.waitForFunction(() => !document.getElementById('hint').hidden);
  assert.deepEqual(await engineHelp(d.page), { ...(await engineHelp(d.page)), hint: true, saysWhy: false }, 'over: Hint is back');
  // The form: no help, then help as usual.
  for (const [help, barred] of [['none', true], ['on', false]]) {
    await d.page.selectOption('#mode', 'two');
    await d.page.selectOption('#help', help);
    await d.page.click('#new-game');
    await d.page.waitForFunction((h) => window.bluegray.element.settings.help === h && window.bluegray.state.history.length === 0, help);
    // The panel is drawn in the next frame after the board's change.
    await d.page.waitForFunction((b) => !document.getElementById('fair-play').hidden === b, barred).catch(() => {});
    assert.equal((await engineHelp(d.page)).saysWhy, barred, `the form, help ${help}`);
  }
  // The element on a page of its own: hint() refuses while the attribute says none.
  const html = `<!doctype html><meta charset="utf-8"><script type="module" src="${env.url}blue-gray-game.js"></script>
<blue-gray-game id="b" mode="two" help="none"></blue-gray-game>`;
  const e = await env.device('doors-help.html', { html });
  await e.page.waitForFunction(() => document.getElementById('b').state !== null, null, { timeout: 15000 });
  const refusal = await e.page.evaluate(() => document.getElementById('b').hint().then(() => null, (err) => err.message));
  assert.equal(refusal, BARRED.refusal);
});

test('the form shows a link’s game once the page is ready, not at a later frame that would undo a choice made at once', async () => {
  const d = await env.device();
  // A slow machine: each frame comes a second late.
  await d.page.addInitScript(() => {
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => setTimeout(() => raf(cb), 1000);
  });
  await d.page.goto(`${env.url}?mode=two&clock=10%2B0`);
  await waitReady(d.page);
  assert.equal(await d.page.inputValue('#mode'), 'two', 'the link’s mode is in the form when the page is ready');
  await d.page.selectOption('#mode', 'ai');
  assert.equal(await d.page.isVisible('#side'), true, 'a game against the computer asks for a side');
  // A frame asked for now comes after the one the page asked for before the choice.
  await d.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
  assert.equal(await d.page.inputValue('#mode'), 'ai', 'the frame drawn later keeps the player’s choice');
  assert.equal(await d.page.isVisible('#side'), true);
});

test('a friend’s newer link opened as a new page load is kept before it is shown: a reload still has the move', async () => {
  const a = await env.device('?mode=friend&side=blue');
  await playAMove(a.page, 0);
  const first = await copyLink(a.page, '#send-link', /Link copied/);
  const b = await env.device(first.slice(env.url.length));
  await playAMove(b.page, 1);
  const reply = await copyLink(b.page, '#send-link', /Link copied/);
  await a.page.goto(reply);
  await a.page.waitForFunction(() => window.bluegray.state.history.length === 2);
  await a.page.reload();
  await waitReady(a.page);
  assert.equal((await state(a.page)).history.length, 2, 'the friend’s move survives the reload');
  // An older link changes nothing and says so.
  await a.page.goto(first);
  await waitText(a.page, '#notice', /behind|older/i);
  assert.equal((await state(a.page)).history.length, 2);
});

test('a page of another site that opens link after link cannot push the player’s game in progress out', async () => {
  const d = await env.device('?mode=two');
  const mine = await playAMove(d.page, 0);
  for (let i = 0; i < 21; i++) {
    const id = i.toString(16).padStart(32, 'a');
    await d.page.goto(`${env.url}#mode=friend&side=gray&game-id=${id}&record=${encodeURIComponent(RECORD)}`);
    await waitReady(d.page);
  }
  const games = await d.page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem('bluegray.games.v2') || '[]');
    return list.map((e) => localStorage.getItem(`bluegray.games.v2.${e.id}`));
  });
  assert.ok(games.some((g) => g && JSON.parse(g).record.includes(mine) && JSON.parse(g).settings.mode === 'two'), 'the game in progress is still kept');
  assert.ok(games.length <= 20, `${games.length} games kept`);
  await waitText(d.page, '#save-status', /not kept|every kept game/i);
});
