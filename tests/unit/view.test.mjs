// Unit tests of www/element/view.js: what the board draws is a pure function of its state, and the key
// changes exactly when the picture does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardView, noticeMessage, resultOverlay, boardSize, MIN_BOARD_PX, clockView, playersView } from '../../www/element/view.js';
import { defaultState } from '../../www/element/state.js';
import { playerTags, tagNames } from '../../www/element/players.js';
import { withNewGame } from '../../www/element/board.js';
import { step, capture, game } from '../lib/games.mjs';

const ENV = { size: 400, dpr: 2, now: 0 };

function board(gs = game(), settings = { mode: 'two' }) {
  const s = defaultState();
  return withNewGame({ ...s, connected: true, settings: { ...s.settings, ...settings } }, gs);
}

test('the same state draws the same picture with the same key', () => {
  const s = board();
  const a = boardView(s, ENV);
  const b = boardView(structuredClone(s), ENV);
  assert.equal(a.key, b.key);
  assert.deepEqual(a.draw.gs, b.draw.gs);
  assert.equal(a.animating, false);
  assert.equal(a.draw.layout.size, 400);
});

test('the key changes with what is drawn, not with what is not', () => {
  const s = board();
  const base = boardView(s, ENV).key;
  const changes = {
    theme: { ...s, theme: 'dark' },
    orientation: { ...s, orientation: 'gray' },
    coordinates: { ...s, coordinates: false },
    selection: { ...s, ui: { ...s.ui, path: ['d2'] } },
    cursor: { ...s, focused: true },
    hint: { ...s, hint: { code: 'start', points: ['d2', 'd3'] } },
    position: { ...s, gs: game({ code: 'other', ply: 1 }) },
  };
  for (const [what, next] of Object.entries(changes)) assert.notEqual(boardView(next, ENV).key, base, what);
  assert.notEqual(boardView(s, { ...ENV, size: 300 }).key, base, 'size');
  // Not drawn: the computer's info, a notice, the thinking flag.
  for (const next of [{ ...s, aiInfo: { move: 'x' } }, { ...s, notice: { key: 'k' } }, { ...s, thinking: false }]) {
    assert.equal(boardView(next, ENV).key, base);
  }
});

test('a hint arrow is drawn only for its own position and not while looking back', () => {
  const s = { ...board(), hint: { code: 'start', points: ['d2', 'd3'] } };
  assert.deepEqual(boardView(s, ENV).draw.arrows, [['d2', 'd3']]);
  assert.deepEqual(boardView({ ...s, hint: { code: 'elsewhere', points: ['d2', 'd3'] } }, ENV).draw.arrows, []);
  assert.deepEqual(boardView({ ...s, view: { ply: 0, gs: game() } }, ENV).draw.arrows, []);
  // A game over (resigned, say, where the hint was asked) has no move left to hint at.
  const over = board(game({ result: { winner: 'gray', reason: 'resignation' } }));
  assert.deepEqual(boardView({ ...over, hint: { code: 'start', points: ['d2', 'd3'] } }, ENV).draw.arrows, []);
});

test('clockView: a clock under ten seconds is low, running or not, a fallen flag’s 0:00 too', () => {
  const control = { text: '1+0', baseMs: 60_000, incrementMs: 0 };
  const clocked = (/** @type {number} */ blue, /** @type {number} */ gray) => ({ ...board(), clocks: { control, blue, gray, running: null, since: 0 } });
  const faces = (/** @type {any} */ s) => {
    const v = clockView(s, 0);
    return v && [v.top.low, v.bottom.low];
  };
  assert.deepEqual(faces(clocked(60_000, 9_999)), [true, false]);
  assert.deepEqual(faces(clocked(8_000, 0)), [true, true]);
  assert.deepEqual(faces(clocked(10_000, 30_000)), [false, false]);
  assert.equal(clockView(board(), 0), null);
});

test('playersView: who plays each side, the top side’s and the bottom side’s', () => {
  const ai = { ...board(game(), { mode: 'ai', side: 'blue', level: 3 }) };
  assert.deepEqual(playersView(ai), {
    top: { side: 'gray', who: { key: 'player.computer', params: { level: 3, name: { key: 'level.3' } } } },
    bottom: { side: 'blue', who: { key: 'player.you' } },
  });
  assert.deepEqual(playersView(board()), { top: { side: 'gray', who: null }, bottom: { side: 'blue', who: null } });
  const friend = board(game(), { mode: 'friend', side: 'gray' });
  assert.deepEqual(playersView(friend), { top: { side: 'blue', who: { key: 'player.friend' } }, bottom: { side: 'gray', who: { key: 'player.you' } } });
});

test('playersView: a friend’s name as text in their strip, both to a watcher, none in other modes; playerTags and tagNames', () => {
  const names = { blue: 'Anna', gray: 'Boris' };
  const friend = { ...board(game(), { mode: 'friend', side: 'gray' }), names };
  assert.deepEqual(playersView(friend), { top: { side: 'blue', who: { text: 'Anna' } }, bottom: { side: 'gray', who: { key: 'player.you' } } });
  const live = (seat) => ({ ...board(game(), { mode: 'live', side: 'blue' }), names, live: { seat } });
  assert.deepEqual(playersView(live('watch')), { top: { side: 'gray', who: { text: 'Boris' } }, bottom: { side: 'blue', who: { text: 'Anna' } } });
  assert.deepEqual(playersView(live('blue')).top, { side: 'gray', who: { text: 'Boris' } });
  assert.deepEqual(playersView({ ...live('watch'), names: { blue: '', gray: '' } }).top, { side: 'gray', who: null });
  // Names left from a game by link say nothing at one board or against the computer.
  assert.deepEqual(playersView({ ...board(), names }).top, { side: 'gray', who: null });
  assert.equal(playersView({ ...board(game(), { mode: 'ai', side: 'blue' }), names }).bottom.who?.key, 'player.you');

  const date = new Date(2026, 11, 3);
  const settings = (mode, side) => ({ ...defaultState().settings, mode, side });
  assert.deepEqual(playerTags(settings('friend', 'gray'), null, null, date, 'Boris').slice(0, 2), [['Blue', 'Human'], ['Gray', 'Boris']]);
  assert.deepEqual(playerTags(settings('friend', 'gray'), null, null, date).slice(0, 2), [['Blue', 'Human'], ['Gray', 'Human']]);
  assert.deepEqual(playerTags(settings('two', 'blue'), null, null, date, 'Anna').slice(0, 2), [['Blue', 'Human'], ['Gray', 'Human']], 'two at one board: whose name?');
  const tags = { Blue: 'Anna', Gray: 'Human' };
  assert.deepEqual(tagNames((n) => tags[n]), { blue: 'Anna', gray: '' });
  for (const bad of ['<b>x</b>', 'x'.repeat(25), ' Anna', 'a\u202eb', undefined]) {
    assert.deepEqual(tagNames((n) => (n === 'Blue' ? bad : 'Boris')), { blue: '', gray: 'Boris' }, String(bad));
  }
});

test('a move marked as a mistake is drawn while the game shown holds it there, through the moves after it', () => {
  const after = game({ code: 'after', ply: 2, history: ['d2-d3', 'e8-e7'], lastMove: step('e8', 'e7') });
  const s = { ...board(after), mistake: { ply: 0, text: 'd2-d3', points: ['d2', 'd3'] } };
  assert.deepEqual(boardView(s, ENV).draw.mistakes, [['d2', 'd3']]);
  assert.notEqual(boardView(s, ENV).key, boardView({ ...s, mistake: null }, ENV).key);
  // Taken back, or another move played there: not drawn.
  assert.deepEqual(boardView({ ...s, gs: game({ history: [] }) }, ENV).draw.mistakes, []);
  assert.deepEqual(boardView({ ...s, gs: game({ ply: 1, history: ['d2-c3'] }) }, ENV).draw.mistakes, []);
  // Looking back: drawn from the move on, not before it.
  assert.deepEqual(boardView({ ...s, view: { ply: 1, gs: game({ ply: 1, history: ['d2-d3'] }) } }, ENV).draw.mistakes, [['d2', 'd3']]);
  assert.deepEqual(boardView({ ...s, view: { ply: 0, gs: game({ history: [] }) } }, ENV).draw.mistakes, []);
});

test('selection, movable guards and drag show only when a person may move', () => {
  const gs = game({ captureRequired: true, moves: [capture(['d2', 'd4'], ['d3'])] });
  const mine = board(gs);
  assert.deepEqual(boardView(mine, ENV).draw.movable, ['d2']);
  const theirs = board(gs, { mode: 'ai', side: 'gray' });
  assert.deepEqual(boardView(theirs, ENV).draw.movable, []);
  const picked = { ...mine, ui: { ...mine.ui, path: ['d2'], drag: { x: 1, y: 1 } } };
  assert.deepEqual(boardView(picked, ENV).draw.selection.targets, ['d4']);
  assert.deepEqual(boardView({ ...picked, locked: '' }, ENV).draw.selection, null, 'a locked board shows no selection');
  assert.equal(boardView({ ...picked, locked: '' }, ENV).draw.drag, null);
});

test('the winner’s captain is marked once the game is over; a past position is drawn while looking back', () => {
  const over = board(game({ result: { winner: 'gray', reason: 'breakthrough' } }));
  assert.equal(boardView(over, ENV).draw.winnerCaptain, 'e9');
  const past = game({ code: 'past' });
  assert.equal(boardView({ ...board(), view: { ply: 0, gs: past } }, ENV).draw.gs, past);
});

test('a glide animates while it lasts, for its own position only', () => {
  const glide = { code: 'start', points: ['d2', 'd3'], captured: [], start: 0, duration: 170 };
  const s = { ...board(), glide };
  assert.equal(boardView(s, { ...ENV, now: 85 }).animating, true);
  assert.equal(boardView(s, { ...ENV, now: 200 }).animating, false);
  assert.equal(boardView({ ...s, gs: game({ code: 'next' }) }, { ...ENV, now: 85 }).animating, false);
});

test('noticeMessage: a refusal first, then a notice while its position is on the board', () => {
  const s = board();
  assert.equal(noticeMessage(s), null);
  const refusal = { key: 'refuse.demo' };
  assert.equal(noticeMessage({ ...s, ui: { ...s.ui, notice: refusal }, notice: { key: 'x' } }), refusal);
  assert.deepEqual(noticeMessage({ ...s, notice: { key: 'x', code: 'start' } }), { key: 'x', code: 'start' });
  assert.equal(noticeMessage({ ...s, notice: { key: 'x', code: 'gone' } }), null);
  assert.deepEqual(noticeMessage({ ...s, notice: { key: 'x' } }), { key: 'x' }, 'a notice without a position stays');
});

test('boardSize: never under the smallest board, whatever the frame', () => {
  assert.equal(boardSize(0), MIN_BOARD_PX);
  assert.equal(boardSize(500.7), 500);
});

test('resultOverlay: the result sentence once the game is over, at its end, until it is closed there', () => {
  const result = { winner: 'gray', reason: 'breakthrough' };
  const over = board(game({ code: 'end', result, progress: { blue: 3, gray: 8 } }));
  assert.equal(resultOverlay(board()), null);
  assert.deepEqual(resultOverlay(over), { key: 'result.breakthrough', params: { winner: 'gray', blue: 3, gray: 8, lead: 5 } });
  assert.equal(resultOverlay({ ...over, view: { ply: 0, gs: game() } }), null);
  assert.equal(resultOverlay({ ...over, resultClosed: 'end' }), null);
  assert.notEqual(resultOverlay({ ...over, resultClosed: 'an earlier end' }), null);
});
