// Unit tests of www/element/board.js and intents.js: the board's pure changes and its intent handler, over states built
// from state.js's defaults and hand-made games shaped like the rules core's state().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as B from '../../www/element/board.js';
import { handleIntent } from '../../www/element/intents.js';
import * as T from '../../www/element/telling.js';
import { resultMessage } from '../../www/lib/result.js';
import { defaultState, resultShown } from '../../www/element/state.js';
import { step, capture, game as baseGame } from '../lib/games.mjs';

/** A game shaped like the rules core's state(), Blue to move with two plain moves. */
const game = (over = {}) =>
  baseGame({
    code: 'quiet',
    moves: [step('d2', 'd3'), step('d2', 'c3')],
    paths: { blue: ['e1', 'e2'], gray: ['e9', 'e8'] },
    progress: { blue: 0, gray: 0 },
    history: [],
    ...over,
  });

/** A board in `mode` showing `gs`, in a document. */
function boardWith(gs, settings = {}) {
  const s = defaultState();
  return B.withNewGame({ ...s, connected: true, settings: { ...s.settings, mode: 'two', ...settings } }, gs);
}

test('withNewGame keeps nothing of the last game but the settings and the cursor', () => {
  const s = {
    ...boardWith(game()),
    ui: { path: ['d2'], cursor: 'a1', drag: { x: 1, y: 2 }, notice: { key: 'x' }, armDeselect: true },
    aiInfo: { move: 'd2-d3' },
    notice: { key: 'ai.failed' },
    view: { ply: 0, gs: game() },
    hint: { code: 'quiet', points: ['d2', 'd3'] },
    mistake: { ply: 0, text: 'd2-d3', points: ['d2', 'd3'] },
    halted: true,
    paused: true,
    announced: 4,
    resultClosed: 'quiet',
  };
  const next = B.withNewGame(s, game({ code: 'other' }));
  assert.equal(next.gs.code, 'other');
  assert.deepEqual(next.ui, { path: null, cursor: 'a1', drag: null, notice: null, armDeselect: false });
  for (const k of ['aiInfo', 'notice', 'view', 'hint', 'mistake', 'announced', 'resultClosed']) assert.equal(next[k], null, k);
  assert.equal(next.halted, false);
  assert.equal(next.paused, false);
  assert.deepEqual(next.settings, s.settings);
});

test('withMistake marks the game’s last move where it was played, and nothing before the first move', () => {
  const played = boardWith(game({ code: 'after', ply: 2, history: ['d2-d3', 'e8-e7'], lastMove: step('e8', 'e7') }));
  assert.deepEqual(B.withMistake(played).mistake, { ply: 1, text: 'e8-e7', points: ['e8', 'e7'] });
  assert.equal(B.withMistake(boardWith(game())).mistake, null);
});

test('withGame drops a selection that leads nowhere and a notice about another position', () => {
  const s = { ...boardWith(game()), ui: { ...defaultState().ui, path: ['d2'] }, notice: { key: 'ai.failed', code: 'quiet' } };
  const same = B.withGame(s, game());
  assert.deepEqual(same.ui.path, ['d2'], 'd2 still has moves');
  assert.deepEqual(same.notice, s.notice, 'the notice is about this position');
  const moved = B.withGame(s, game({ code: 'after', moves: [step('e1', 'e2')] }));
  assert.equal(moved.ui.path, null);
  assert.equal(moved.notice, null);
  const sticky = B.withGame({ ...s, notice: { key: 'error.load' } }, game({ code: 'after' }));
  assert.deepEqual(sticky.notice, { key: 'error.load' }, 'a notice without a position stays until the next game');
});

test('afterMove clears the selection, the refusal and the view, and keeps the computer info only for its move', () => {
  const s = { ...boardWith(game()), ui: { ...defaultState().ui, path: ['d2'], notice: { key: 'refuse.demo' } }, view: { ply: 0, gs: game() } };
  const info = { move: 'd2-d3', score: 5 };
  const byComputer = B.afterMove(s, game({ code: 'c', ply: 1 }), { by: 'computer', aiInfo: info });
  assert.equal(byComputer.ui.path, null);
  assert.equal(byComputer.ui.notice, null);
  assert.equal(byComputer.view, null);
  assert.equal(byComputer.aiInfo, info);
  const byPerson = B.afterMove({ ...s, aiInfo: info }, game({ code: 'h', ply: 1 }), { by: 'human' });
  assert.equal(byPerson.aiInfo, info, 'a person’s move keeps the computer’s last search on show');
});

test('afterStep forgets the computer’s info and any view', () => {
  const s = { ...boardWith(game()), aiInfo: { move: 'x' }, view: { ply: 0, gs: game() }, halted: true };
  const next = B.afterStep(s, game({ code: 'back' }));
  assert.equal(next.aiInfo, null);
  assert.equal(next.view, null);
  assert.equal(next.halted, false);
});

test('resultMessage names the reason and cause, with both progresses and the lead', () => {
  assert.equal(resultMessage(game()), null);
  const won = game({ result: { winner: 'blue', reason: 'lead', cause: null }, progress: { blue: 9, gray: 6 } });
  assert.deepEqual(resultMessage(won), { key: 'result.lead', params: { winner: 'blue', blue: 9, gray: 6, lead: 3 } });
  const drawn = game({ result: { winner: null, reason: 'impasse', cause: 'repetition' }, progress: { blue: 4, gray: 4 } });
  assert.equal(resultMessage(drawn).key, 'result.draw.repetition');
  const blocked = game({ result: { winner: 'gray', reason: 'impasse', cause: 'no-moves' } });
  assert.equal(resultMessage(blocked).key, 'result.impasse.no-moves');
});

test('whyNoMove: the first reason that holds, the game over one carrying the result', () => {
  const two = boardWith(game());
  assert.deepEqual(T.whyNoMove({ ...two, view: { ply: 3 } }), { key: 'refuse.viewing', params: { ply: 3 } });
  const over = boardWith(game({ result: { winner: 'blue', reason: 'breakthrough', cause: null } }));
  assert.equal(T.whyNoMove(over).key, 'refuse.gameOver');
  assert.equal(T.whyNoMove(over).params.result.key, 'result.breakthrough');
  assert.deepEqual(T.whyNoMove({ ...two, locked: '' }), { key: 'refuse.locked' });
  assert.deepEqual(T.whyNoMove({ ...two, locked: 'Press Try again.' }), { text: 'Press Try again.' });
  assert.deepEqual(T.whyNoMove(boardWith(game(), { mode: 'view' })), { key: 'refuse.viewOnly' });
  assert.deepEqual(T.whyNoMove({ ...boardWith(game(), { mode: 'ai', side: 'gray' }), thinking: true }), { key: 'refuse.computerThinking' });
  assert.deepEqual(T.whyNoMove(boardWith(game(), { mode: 'demo' })), { key: 'refuse.demo' });
  assert.deepEqual(T.whyNoMove(boardWith(game(), { mode: 'ai', side: 'gray' })), { key: 'refuse.notYourTurn', params: { side: 'blue' } });
});

test('handleIntent: a press picks, a second press plays the index of the move', () => {
  const picked = handleIntent(boardWith(game()), { type: 'press', point: 'd2' });
  assert.deepEqual(picked.state.ui.path, ['d2']);
  assert.equal(picked.effect, null);
  assert.equal(picked.state.focused, false, 'a press hides the keyboard cursor');
  const { effect } = handleIntent(picked.state, { type: 'press', point: 'c3' });
  assert.deepEqual(effect, { type: 'play', index: 1 });
});

test('handleIntent: a press where the picked piece cannot go asks the rules core why', () => {
  const picked = handleIntent(boardWith(game()), { type: 'press', point: 'd2' }).state;
  const { state, effect } = handleIntent(picked, { type: 'press', point: 'd5' });
  assert.deepEqual(effect, { type: 'explain', from: 'd2', to: 'd5' });
  assert.equal(state.ui.path, null);
});

test('handleIntent: a locked board, a board looking back and the computer’s turn refuse with the reason', () => {
  for (const [s, key] of [
    [{ ...boardWith(game()), locked: '' }, 'refuse.locked'],
    [{ ...boardWith(game(), { mode: 'friend', side: 'blue' }), view: { ply: 0, path: [], gs: game() } }, 'refuse.viewing'],
    [boardWith(game(), { mode: 'ai', side: 'gray' }), 'refuse.notYourTurn'],
  ]) {
    const { state, effect } = handleIntent(s, { type: 'press', point: 'd2' });
    assert.equal(effect, null);
    assert.equal(state.ui.path, null, key);
    assert.equal(state.ui.notice.key, key);
  }
});

test('handleIntent: a move at a position looked back at (two on one device) tries it there, not on the game', () => {
  const s = { ...boardWith(game()), view: { ply: 0, path: [], gs: game() } };
  const picked = handleIntent(s, { type: 'press', point: 'd2' }).state;
  assert.deepEqual(picked.ui.path, ['d2']);
  const { effect } = handleIntent(picked, { type: 'press', point: 'd3' });
  assert.deepEqual(effect, { type: 'explore', move: 'd2-d3' });
  const far = handleIntent(picked, { type: 'press', point: 'd5' });
  assert.equal(far.effect, null, 'no refusal explained by the game’s own position');
});

test('handleIntent: keys move the cursor (turned with the board) and ask for a description', () => {
  const s = boardWith(game());
  let r = handleIntent(s, { type: 'cursor', dx: 1, dy: 0 });
  assert.equal(r.state.ui.cursor, 'f5');
  assert.equal(r.state.focused, true);
  assert.deepEqual(r.effect, { type: 'describe' });
  r = handleIntent({ ...s, orientation: 'gray' }, { type: 'cursor', dx: 1, dy: 0 });
  assert.equal(r.state.ui.cursor, 'd5', 'seen from Gray, right is towards a');
  r = handleIntent({ ...s, ui: { ...s.ui, cursor: 'd2' } }, { type: 'activate' });
  assert.deepEqual(r.state.ui.path, ['d2'], 'Enter picks the piece under the cursor');
  assert.deepEqual(r.effect, { type: 'describe' });
});

test('handleIntent: a drag follows the pointer; a drop on a target plays, elsewhere puts the piece back', () => {
  let s = handleIntent(boardWith(game()), { type: 'press', point: 'd2' }).state;
  s = handleIntent(s, { type: 'drag', x: 10, y: 20 }).state;
  assert.deepEqual(s.ui.drag, { x: 10, y: 20 });
  const off = handleIntent(s, { type: 'drop', point: 'h8' });
  assert.equal(off.effect, null);
  assert.deepEqual(off.state.ui.path, ['d2'], 'the selection is kept');
  assert.equal(off.state.ui.drag, null);
  const on = handleIntent(s, { type: 'drop', point: 'd3' });
  assert.deepEqual(on.effect, { type: 'play', index: 0 });
  assert.equal(handleIntent(s, { type: 'cancel' }).state.ui.path, null, 'Escape drops the selection');
});

test('handleIntent does nothing before the first game', () => {
  const s = defaultState();
  assert.deepEqual(handleIntent(s, { type: 'press', point: 'd2' }), { state: s, effect: null });
});

test('cursorMessages say the point, its piece and the selection', () => {
  const s = boardWith(game());
  assert.deepEqual(T.cursorMessages(s), [{ key: 'desc.redDot', params: { point: 'e5' } }]);
  const picked = handleIntent({ ...s, ui: { ...s.ui, cursor: 'd2' } }, { type: 'activate' }).state;
  const said = T.cursorMessages(picked);
  assert.deepEqual(said[0], { key: 'desc.piece', params: { point: 'd2', color: 'blue', kind: 'sergeant' } });
  assert.deepEqual(said[1], { key: 'desc.selected', params: { path: 'd2', targets: 'd3 c3' } });
});

test('moveNews: the move, its captures, and the result when it ended the game', () => {
  const jump = capture(['c3', 'c5'], ['c4']);
  const gs = game({ lastMove: jump, result: { winner: 'blue', reason: 'lead', cause: null }, progress: { blue: 5, gray: 2 } });
  const news = T.moveNews(gs, 'blue', 'computer');
  assert.deepEqual(news[0], { key: 'announce.computer', params: { side: 'blue', move: 'c3xc5' } });
  assert.deepEqual(news[1], { key: 'announce.captured', params: { points: 'c4' } });
  assert.equal(news[2].key, 'result.lead');
  assert.deepEqual(T.moveNews(game(), 'blue', 'human'), []);
});

test('the result over the board: shown at the end, closed by its button or Escape for that position, not for the next game', () => {
  const over = game({ code: 'won', result: { winner: 'blue', reason: 'breakthrough' }, moves: [], history: ['e4-e5'] });
  const s = boardWith(over);
  assert.equal(resultShown(boardWith(game())), false, 'not while the game goes on');
  assert.equal(resultShown(s), true);
  assert.equal(resultShown({ ...s, view: { ply: 0, gs: game() } }), false, 'not while looking back');
  const closed = handleIntent(s, { type: 'closeResult' }).state;
  assert.equal(closed.resultClosed, 'won');
  assert.equal(resultShown(closed), false);
  assert.equal(resultShown(B.afterStep(closed, over)), false, 'an undo and a redo back to the same end keep it closed');
  assert.equal(resultShown(B.withGame(closed, game({ code: 'won-otherwise', result: over.result }))), true, 'another end shows its own');
  assert.equal(resultShown(B.withNewGame(closed, over)), true, 'a new game shows its own');
  // Escape closes it when nothing is selected; a selection goes first.
  assert.equal(resultShown(handleIntent(s, { type: 'cancel' }).state), false);
  const picked = { ...boardWith(game()), ui: { ...s.ui, path: ['d2'] } };
  const cancelled = handleIntent(picked, { type: 'cancel' }).state;
  assert.equal(cancelled.ui.path, null);
  assert.equal(cancelled.resultClosed, null);
  assert.equal(B.closeResult(boardWith(game())).resultClosed, null, 'nothing to close while the game goes on');
});
