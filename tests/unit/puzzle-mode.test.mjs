// Unit tests of www/element/puzzle-mode.js and puzzle-runner.js (the board's puzzle mode): who may move, what a verdict of the
// rules core leads to, why a press is refused, and the goal attribute's validator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startPuzzle, solverToMove, whyNoMove } from '../../www/element/puzzle-mode.js';
import { afterVerdict, PuzzleRunner } from '../../www/element/puzzle-runner.js';
import { REPLY_DELAY_MS } from '../../www/lib/pace.js';
import { defaultState, canHumanMove, bottomSide } from '../../www/element/state.js';
import { parseSetting } from '../../www/lib/setting-reader.js';
import { applyAttribute } from '../../www/element/config.js';
import { whyNoMove as boardWhyNoMove } from '../../www/element/telling.js';

const gs = (side, extra = {}) => ({ side, code: `code ${side}`, result: null, history: [], ...extra });

function puzzleState(side = 'gray', goal = 'win2') {
  const s = defaultState();
  const g = gs(side);
  return { ...s, settings: { ...s.settings, mode: 'puzzle' }, goal, gs: g, puzzle: startPuzzle(g) };
}

test('the solver is the side to move at the start, and the board shows it at the bottom', () => {
  const s = puzzleState('gray');
  assert.deepEqual(s.puzzle, { side: 'gray', start: 'code gray', status: 'playing', queue: [], why: null });
  assert.ok(solverToMove(s));
  assert.ok(canHumanMove(s));
  assert.equal(bottomSide(s), 'gray');
  assert.equal(bottomSide({ ...s, orientation: 'blue' }), 'blue', 'the orientation attribute wins');
});

test('nobody moves while a reply plays, on the defender’s turn, after the end, without a goal or when locked', () => {
  const s = puzzleState('blue');
  assert.ok(!canHumanMove({ ...s, puzzle: { ...s.puzzle, status: 'replying' } }));
  assert.ok(!canHumanMove({ ...s, gs: gs('gray') }));
  assert.ok(!canHumanMove({ ...s, puzzle: { ...s.puzzle, status: 'solved' } }));
  assert.ok(!canHumanMove({ ...s, goal: null }));
  assert.ok(!canHumanMove({ ...s, locked: '' }));
  assert.deepEqual(whyNoMove({ ...s, goal: null }), { key: 'puzzles.board.noGoal' });
  assert.deepEqual(whyNoMove({ ...s, puzzle: { ...s.puzzle, status: 'solved' } }), { key: 'puzzles.board.solved' });
  assert.deepEqual(whyNoMove({ ...s, puzzle: { ...s.puzzle, status: 'failed' } }), { key: 'puzzles.board.failed' });
  assert.deepEqual(whyNoMove({ ...s, puzzle: { ...s.puzzle, status: 'replying' } }), { key: 'puzzles.board.wait' });
});

test('a verdict: solved fires puzzle-solved; continue queues the reply; wrong queues the refutation and fires puzzle-failed', () => {
  const p = startPuzzle(gs('blue'));
  assert.deepEqual(afterVerdict(p, { status: 'solved', reply: null, refutation: [] }), {
    puzzle: { ...p, status: 'solved', queue: [] },
    event: { type: 'puzzle-solved', refutation: [] },
  });
  assert.deepEqual(afterVerdict(p, { status: 'continue', reply: 'f8-f7', refutation: [] }), { puzzle: { ...p, status: 'replying', queue: ['f8-f7'] }, event: null });
  assert.deepEqual(afterVerdict(p, { status: 'wrong', reply: null, refutation: ['e9-e8', 1, 'e8-d8'] }), {
    puzzle: { ...p, status: 'failed', queue: ['e9-e8', 'e8-d8'] },
    event: { type: 'puzzle-failed', refutation: ['e9-e8', 'e8-d8'] },
  });
  // The verdict's decisive reason is kept in words (lib/puzzle-why.js), and said when a press is refused.
  const why = { winner: 'gray', how: 'lead', blue: 2, gray: 5, lead: 3, within: 0 };
  const failed = afterVerdict(p, { status: 'wrong', reply: null, refutation: ['e9-e8'], why, line: ['e9-e8'] }).puzzle;
  const reason = { key: 'puzzles.why.lead', params: { side: 'gray', lead: 3, ours: 5, theirs: 2 } };
  assert.deepEqual(failed.why, reason);
  // The line the verdict shows (the refutation, then the defender's win) is what the board plays.
  assert.deepEqual(afterVerdict(p, { status: 'wrong', reply: null, refutation: ['e9-e8'], why, line: ['e9-e8', 'a2-a3', 'e8-e7'] }).puzzle.queue, ['e9-e8', 'a2-a3', 'e8-e7']);
  assert.deepEqual(whyNoMove({ ...puzzleState('blue'), puzzle: failed }), { key: 'puzzles.board.failedWhy', params: { why: reason } });
  // No verdict (the rules core threw) or a continue without a reply: the attempt fails with nothing to play.
  for (const v of [null, { status: 'continue', reply: '' }]) assert.equal(afterVerdict(p, v).puzzle.status, 'failed');
});

test('the goal attribute: win2, win3 or stop, read into the state; anything else is refused', () => {
  for (const g of ['win2', 'win3', 'stop', ' WIN3 ']) assert.deepEqual(parseSetting('goal', g), { value: g.trim().toLowerCase() });
  for (const g of ['win4', '', 'mate']) assert.equal(parseSetting('goal', g).error.expected, 'puzzles.expectedGoal');
  const s = defaultState();
  assert.equal(applyAttribute(s, 'goal', 'stop', undefined).state.goal, 'stop');
  assert.equal(applyAttribute({ ...s, goal: 'stop' }, 'goal', null, undefined).state.goal, null);
  assert.equal(applyAttribute(s, 'mode', 'puzzle', undefined).state.settings.mode, 'puzzle');
});

test('a press on a solved or failed puzzle says so, even when its last move ended the game; a lock says its own words', () => {
  const s = puzzleState('blue');
  const over = { ...s, gs: { ...s.gs, result: { winner: 'blue', reason: 'breakthrough', token: '1-0' } } };
  assert.deepEqual(boardWhyNoMove({ ...over, puzzle: { ...s.puzzle, status: 'solved' } }), { key: 'puzzles.board.solved' });
  assert.deepEqual(boardWhyNoMove({ ...s, puzzle: { ...s.puzzle, status: 'failed' } }), { key: 'puzzles.board.failed' });
  assert.deepEqual(boardWhyNoMove({ ...s, locked: 'Wait' }), { text: 'Wait' });
});

/** A board around a PuzzleRunner: its state, the moves it plays, the events it fires. */
function fakeBoard(verdicts, { judge = true } = {}) {
  const board = { s: puzzleState('blue'), played: [], events: [], errors: [], judged: [], marked: [], takenBack: [], notices: [] };
  board.s = { ...board.s, connected: true, settings: { ...board.s.settings, variant: 'sackson' } };
  const core = judge
    ? {
        puzzleJudge: (variant, code, goal, moves) => {
          board.judged.push({ variant, code, goal, moves: [...moves] });
          const v = verdicts.shift();
          if (v instanceof Error) throw v;
          return v;
        },
      }
    : {};
  const move = (m) => (board.s = { ...board.s, gs: { ...board.s.gs, history: [...board.s.gs.history, m], side: board.s.gs.side === 'blue' ? 'gray' : 'blue' } });
  board.runner = new PuzzleRunner({
    state: () => board.s,
    setPuzzle: (puzzle) => (board.s = { ...board.s, puzzle }),
    markMistake: () => board.marked.push(board.s.gs.history.at(-1)),
    takeBack: (news) => {
      board.takenBack.push(news);
      const history = board.s.gs.history.slice(0, -1);
      board.s = { ...board.s, gs: { ...board.s.gs, history, side: board.s.gs.side === 'blue' ? 'gray' : 'blue' }, puzzle: { ...board.s.puzzle, status: 'playing', queue: [] } };
    },
    notice: (m) => board.notices.push(m),
    teaching: async () => core,
    play: (m) => {
      board.played.push(m);
      move(m);
      return m !== 'illegal';
    },
    emit: (type, detail) => board.events.push({ type, detail }),
    error: (message) => board.errors.push(message),
    t: (key) => key,
  });
  /** The person plays `m`: the board's move, then the runner's judgement (once the teaching module has answered). */
  board.human = async (m) => {
    move(m);
    await board.runner.judge();
  };
  return board;
}

test('PuzzleRunner: a right move gets the reply after a pause, then the person moves again; the last one fires puzzle-solved', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const b = fakeBoard([{ status: 'continue', reply: 'f8-f7', refutation: [] }, { status: 'solved', reply: null, refutation: [] }]);
  await b.human('d2-d3');
  assert.deepEqual(b.judged[0], { variant: 'sackson', code: 'code blue', goal: 'win2', moves: ['d2-d3'] });
  assert.equal(b.s.puzzle.status, 'replying');
  assert.ok(!canHumanMove(b.s));
  assert.deepEqual(b.played, [], 'not at once');
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(b.played, ['f8-f7']);
  assert.equal(b.s.puzzle.status, 'playing');
  assert.ok(canHumanMove(b.s));
  await b.human('d3-d4');
  assert.equal(b.s.puzzle.status, 'solved');
  assert.deepEqual(b.events, [{ type: 'puzzle-solved', detail: { moves: ['d2-d3', 'f8-f7', 'd3-d4'], refutation: [] } }]);
  assert.deepEqual(b.marked, []);
});

test('PuzzleRunner: a wrong move fires puzzle-failed and the refutation is played move by move; removal stops it, return resumes it', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const b = fakeBoard([{ status: 'wrong', reply: null, refutation: ['e9-e8', 'a2-a3', 'e8-e7'] }]);
  await b.human('a1-a2');
  assert.deepEqual(b.events, [{ type: 'puzzle-failed', detail: { moves: ['a1-a2'], refutation: ['e9-e8', 'a2-a3', 'e8-e7'] } }]);
  assert.deepEqual(b.marked, ['a1-a2'], 'the wrong move is marked as the mistake');
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(b.played, ['e9-e8']);
  // The board leaves the page: nothing more is played until it comes back.
  b.runner.cancel();
  b.s = { ...b.s, connected: false };
  t.mock.timers.tick(REPLY_DELAY_MS * 3);
  assert.deepEqual(b.played, ['e9-e8']);
  b.s = { ...b.s, connected: true };
  b.runner.resume();
  t.mock.timers.tick(REPLY_DELAY_MS);
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(b.played, ['e9-e8', 'a2-a3', 'e8-e7']);
  assert.equal(b.s.puzzle.status, 'failed');
  assert.ok(!canHumanMove(b.s));
  assert.deepEqual(b.notices, [{ key: 'puzzles.board.failed' }], 'said on the board once the refutation is played');
});

test('PuzzleRunner: a rules core without puzzles, or one that throws, is an error event and a failed puzzle, never an exception', async () => {
  const b = fakeBoard([], { judge: false });
  await b.human('d2-d3');
  assert.deepEqual(b.errors, ['puzzles.board.unsupported']);
  assert.equal(b.s.puzzle.status, 'failed');
  assert.equal(b.events[0].type, 'puzzle-failed');
  assert.deepEqual(b.marked, [], 'a move the rules core could not judge is no mistake');
  const c = fakeBoard([new Error('bad-puzzle: the goal does not hold')]);
  await c.human('d2-d3');
  assert.deepEqual(c.errors, ['bad-puzzle: the goal does not hold']);
  assert.equal(c.s.puzzle.status, 'failed');
  // Judged only on the person's turn in an attempt that goes on.
  await c.human('e2-e3');
  assert.equal(c.judged.length, 1);
});

test('PuzzleRunner: a verdict that arrives after the board moved on (a new game meanwhile) is dropped', async () => {
  const b = fakeBoard([{ status: 'solved', reply: null, refutation: [] }]);
  const s = b.s;
  const asked = b.human('d2-d3');
  // The teaching module is still loading: the board starts another game.
  b.s = { ...s, gs: { ...s.gs, history: [] } };
  await asked;
  assert.deepEqual(b.events, [], 'no puzzle-solved for a game that is gone');
  assert.equal(b.s.puzzle.status, 'playing');
});

test('PuzzleRunner: a slower move (wins too, not in the moves asked) fires puzzle-slower, is no mistake, and is taken back after a pause, saying so', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const p = startPuzzle(gs('blue'));
  assert.deepEqual(afterVerdict(p, { status: 'slower', reply: null, refutation: [] }), {
    puzzle: { ...p, status: 'slower', queue: [], why: null },
    event: { type: 'puzzle-slower', refutation: [] },
  });
  const b = fakeBoard([{ status: 'slower', reply: null, refutation: [] }, { status: 'continue', reply: 'f8-f7', refutation: [] }]);
  await b.human('a1-a2');
  assert.deepEqual(b.events, [{ type: 'puzzle-slower', detail: { moves: ['a1-a2'], refutation: [] } }]);
  assert.deepEqual(b.marked, [], 'no mistake marked');
  assert.equal(b.s.puzzle.status, 'slower');
  assert.ok(!canHumanMove(b.s));
  assert.deepEqual(boardWhyNoMove(b.s), { key: 'puzzles.board.slower', params: { n: 2 } });
  assert.deepEqual(b.takenBack, [], 'not at once');
  t.mock.timers.tick(REPLY_DELAY_MS);
  assert.deepEqual(b.takenBack, [[{ key: 'puzzles.board.slower', params: { n: 2 } }]]);
  assert.deepEqual(b.s.gs.history, []);
  assert.equal(b.s.puzzle.status, 'playing');
  assert.ok(canHumanMove(b.s));
  await b.human('d2-d3');
  assert.equal(b.s.puzzle.status, 'replying');
});
