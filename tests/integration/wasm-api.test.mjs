// The WebAssembly package as any page or script sees it (www/pkg, built by
// `bash scripts/build-web.sh`: the play module, whose Game is the one Game, and the teaching
// module), loaded in node without a browser. Every exported function and
// method is called with arbitrary JS values, and with hostile ones (throwing getters, iterators
// and conversions, Proxies, a throwing Math.random, setters on Object.prototype): each call
// either returns or throws a real `Error` with a string `code` and a message, never a
// `WebAssembly.RuntimeError`, and the module, every Game and the wasm memory stay sound
// afterwards. Built-ins replaced by ones that throw or answer what wasm cannot convert may cost
// an error its code, but never let an exception into wasm. The codes are documented in
// crates/bluegray-wasm/src/error.rs and docs/WASM-API.md.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PKG = path.join(REPO, 'www', 'pkg');
const JS = path.join(PKG, 'bluegray_wasm.js');
const WASM = path.join(PKG, 'bluegray_wasm_bg.wasm');
const TEACH_JS = path.join(PKG, 'bluegray_teach.js');
const TEACH_WASM = path.join(PKG, 'bluegray_teach_bg.wasm');
/** The committed puzzle set, which the page fetches as data and gives to `puzzles(set)`. */
const PUZZLE_SET = fs.readFileSync(path.join(REPO, 'crates', 'bluegray-puzzles', 'puzzles.txt'), 'utf8');

const CODES = new Set([
  'bad-argument', 'bad-variant', 'bad-position', 'bad-record', 'bad-move-text', 'illegal-move',
  'game-over', 'too-late', 'bad-tag', 'bad-puzzle', 'bad-data', 'busy', 'js-exception', 'freed', 'internal',
]);

/** The modules' exports to JS, as one: the play module's and the teaching module's. */
let m = null;
/** Each instance's exports (its `memory`, its externref table): the play and teaching modules'. */
let instances = [];
before(async () => {
  if (![JS, WASM, TEACH_JS, TEACH_WASM].every((f) => fs.existsSync(f))) return;
  const play = await import(JS);
  const teach = await import(TEACH_JS);
  instances = [
    await play.default({ module_or_path: fs.readFileSync(WASM) }),
    await teach.default({ module_or_path: fs.readFileSync(TEACH_WASM) }),
  ];
  m = { ...play, ...teach };
});

/** The loaded modules' exports, or a clear failure when the package was not built. */
function pkg() {
  assert.ok(m, `${path.relative(REPO, PKG)} lacks a module: build them with 'bash scripts/build-web.sh' (npm run build)`);
  return m;
}

const START = 'sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1';
const JUMP = '1sssc2s1/s1sss1ss1/3s2s2/2S2s3/3S1SS2/2S3S2/4S3S/8S/SS1SCS1SS b 0 1';
const RECORD = '[Variant "sackson"]\n[Result "*"]\n\n1. e2-e3 e8-e7 *\n';

// Values of every JS type (no symbols: the glue reads strings with a conversion symbols refuse
// by design), with strings near and far from valid input.
const ANY = [
  undefined, null, true, false, 0, 1, -1, 2.5, 8, 256, -0, NaN, Infinity, -Infinity,
  2 ** 53, 2 ** 64, 10n, {}, [], [1, 2], { toString: () => 'sackson' }, () => 'sackson',
  new Date(0), '', ' ', 'sackson', 'classic-turbo,lead=2', 'chess', 'e2-e3', 'e1-e2', 'zz',
  START, JUMP, RECORD, '[', '\u0000', '\ud800', 'é'.repeat(50), 'x'.repeat(1 << 20),
  `[Blue "${'y'.repeat(1 << 16)}"]\n\n*`,
];

/** Calls `fn`; checks that it returned or threw an Error with a code; returns what happened. */
function attempt(label, fn) {
  try {
    return { value: fn() };
  } catch (e) {
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `${label}: RuntimeError ${e && e.message}`);
    assert.ok(e instanceof Error, `${label}: threw a non-Error ${String(e)}`);
    assert.equal(typeof e.code, 'string', `${label}: no code on '${e.message}'`);
    assert.ok(CODES.has(e.code), `${label}: unknown code '${e.code}'`);
    assert.ok(typeof e.message === 'string' && e.message.length > 0, `${label}: no message`);
    assert.ok(e.message.length < 2000, `${label}: a ${e.message.length}-character message`);
    return { error: e };
  }
}

/** The module still answers after whatever came before. */
function stillWorks() {
  const g = new (pkg().Game)('sackson');
  assert.equal(g.code(), START);
  assert.equal(g.state().moves.length, 25);
}

const show = (v) => {
  if (typeof v === 'string') return JSON.stringify(v.length > 20 ? `${v.slice(0, 20)}…` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'function';
  try { return JSON.stringify(v) ?? String(v); } catch { /* a hostile value */ }
  try { return String(v); } catch { return typeof v; }
};

test('the package loads and plays', () => {
  const { Game, variants } = pkg();
  const g = new Game('sackson');
  assert.equal(g.play('E2-E3'), 'e2-e3');
  assert.equal(g.state().side, 'gray');
  assert.equal(variants().variants.length, 17);
  // The one Game writes records and reads them, variations and all (docs/RULES.md R29).
  assert.equal(Game.fromRecord(new Game('classic').record()).state().variant, 'classic');
  const kept = Game.fromRecord('1. e2-e3 (1. d2-d3 {tried}) 1... e8-e7 *');
  assert.deepEqual(kept.state().tree.children.map((c) => c.move), ['e2-e3', 'd2-d3']);
  assert.match(kept.record(), /\(1\. d2-d3 \{tried\}\)/);
});

test('constructors and static functions take any value', () => {
  const { Game } = pkg();
  for (const a of ANY) {
    attempt(`Game.fromRecord(${show(a)})`, () => Game.fromRecord(a));
    attempt(`new Game(${show(a)})`, () => new Game(a));
    for (const b of ANY.slice(0, 30)) attempt(`Game.fromCode(${show(a)}, ${show(b)})`, () => Game.fromCode(a, b));
  }
  attempt('new Game()', () => new Game());
  attempt('Game.fromCode()', () => Game.fromCode());
  stillWorks();
});

test('every method takes any value', () => {
  const { Game } = pkg();
  for (const a of ANY) {
    const g = new Game('classic');
    attempt(`play(${show(a)})`, () => g.play(a));
    attempt(`playIndex(${show(a)})`, () => g.playIndex(a));
    attempt(`setTag(${show(a)}, 'x')`, () => g.setTag(a, 'x'));
    attempt(`setTag('Blue', ${show(a)})`, () => g.setTag('Blue', a));
    attempt(`legalMove(${show(a)})`, () => g.legalMove(a));
    attempt(`setComment(${show(a)}, 'x')`, () => g.setComment(a, 'x'));
    attempt(`setComment('', ${show(a)})`, () => g.setComment('', a));
    attempt(`end(${show(a)}, 'blue')`, () => g.end(a, 'blue'));
    attempt(`end('resign', ${show(a)})`, () => g.end('resign', a));
    const tag = attempt(`tag(${show(a)})`, () => g.tag(a));
    if (typeof a !== 'string') assert.equal(tag.error && tag.error.code, 'bad-argument', `tag(${show(a)})`);
    for (const name of ['state', 'undo', 'redo', 'record', 'code']) attempt(`${name}(${show(a)})`, () => g[name](a));
    // Whatever was refused, the game is still whole: its record reads back to the same code.
    const back = attempt('fromRecord(record())', () => Game.fromRecord(g.record()));
    assert.ok(back.value, `after ${show(a)}: ${back.error && back.error.message}`);
    assert.equal(back.value.code(), g.code());
  }
  stillWorks();
});

test('think takes any value and searches only with good ones', () => {
  const { think } = pkg();
  const small = [undefined, null, 0, 1, 2, -1, 256, NaN, 2.5, '1', {}, [], 10n, ''];
  for (const level of small) {
    for (const t of [undefined, null, 0, 5, -1, NaN, Infinity, '5', {}]) {
      const r = attempt(`think('sackson', '', '', ${show(level)}, ${show(t)})`, () => think('sackson', '', '', level, t));
      if (r.value) assert.ok([1, 2].includes(level), `level ${show(level)} searched`);
    }
  }
  for (const a of ANY) {
    attempt(`think(${show(a)}, '', '', 1)`, () => think(a, '', '', 1));
    attempt(`think('sackson', ${show(a)}, '', 1)`, () => think('sackson', a, '', 1));
    attempt(`think('sackson', '', ${show(a)}, 1)`, () => think('sackson', '', a, 1));
  }
  stillWorks();
});

test('any other export takes any value', () => {
  const known = new Set(['default', 'initSync', 'Game', 'think', 'analyse', 'variants', 'start']);
  const mod = pkg();
  for (const [name, fn] of Object.entries(mod)) {
    if (known.has(name) || typeof fn !== 'function') continue;
    for (const a of ANY.slice(0, 24)) {
      for (const b of [undefined, [], ['e2-e3'], 'x', 3, {}]) attempt(`${name}(${show(a)}, ${show(b)})`, () => fn(a, b));
    }
  }
  stillWorks();
});

/** Asserts that `fn` throws an error of `code` whose message has each of `words`. */
function bad(fn, code, ...words) {
  const { error } = attempt(String(fn), fn);
  assert.ok(error, `${fn} did not throw`);
  assert.equal(error.code, code, error.message);
  for (const w of words) assert.ok(error.message.includes(w), `'${error.message}' lacks '${w}'`);
}

test('wrong types say which argument and what was expected', () => {
  const { Game, think } = pkg();
  bad(() => new Game(1), 'bad-argument', 'spec', 'a string', 'the number 1');
  bad(() => new Game(), 'bad-argument', 'spec', 'undefined');
  bad(() => Game.fromCode('sackson', {}), 'bad-argument', 'code', 'an object');
  bad(() => Game.fromRecord([]), 'bad-argument', 'text', 'an array');
  bad(() => new Game('sackson').play(12), 'bad-argument', 'text');
  bad(() => new Game('sackson').playIndex('0'), 'bad-argument', 'index', 'a string');
  bad(() => new Game('sackson').playIndex(-1), 'bad-argument', 'index');
  bad(() => new Game('sackson').playIndex(1.5), 'bad-argument', 'index');
  bad(() => new Game('sackson').setTag('Blue', 3), 'bad-argument', 'value');
  bad(() => new Game('sackson').setComment([0], 'x'), 'bad-argument', 'Game.setComment: path', 'an array');
  bad(() => new Game('sackson').setComment('0', 'x'), 'bad-argument', "no move at path '0'");
  bad(() => new Game('sackson').setComment('', 'x'.repeat(pkg().variants().maxComment + 1)), 'bad-argument', 'more than 400');
  for (const level of [256, -1, NaN, 0, 9, 1.5, '3', undefined]) bad(() => think('sackson', '', '', level), 'bad-argument', 'level', '1 to 8');
  bad(() => think('sackson', '', '', 8.0000001), 'bad-argument', 'level must be a whole number from 1 to 8', '8.0000001');
  bad(() => new Game('sackson').playIndex(2 ** 53 - 1), 'bad-argument', 'no legal move number 9007199254740991');
  bad(() => new Game('sackson').playIndex(2 ** 53), 'bad-argument', 'index', '9007199254740992');
  bad(() => think('sackson', '', '', 1, -5), 'bad-argument', 'movetimeMs');
  bad(() => think(5, '', '', 1), 'bad-argument', 'think: spec');
  bad(() => think('sackson', 5, '', 1), 'bad-argument', 'think: start');
  bad(() => think('sackson', '', ['e2-e3'], 1), 'bad-argument', 'think: moves', 'an array');
  bad(() => think('sackson', '', 'e2-e3 e2-e3', 1), 'illegal-move', 'moves[1]');
  bad(() => think('sackson', '', 'e2-e3 '.repeat(20001), 1), 'bad-argument', '20001 moves, more than 20000');
  const { lessons, lessonJudge, lessonHint } = pkg();
  const lesson = lessons()[0].id;
  for (const moves of [[1], ['e2-e3', {}], [undefined]]) bad(() => lessonJudge(lesson, moves), 'bad-argument', 'moves[', 'must be a string');
  bad(() => lessonJudge('nope', ['e1-e2']), 'bad-argument', "unknown lesson 'nope'", lesson);
  bad(() => lessonJudge(lesson, ['e1-e3']), 'illegal-move', 'move 1');
  bad(() => lessonJudge(lesson, ['zz']), 'bad-move-text', 'move 1');
  bad(() => lessonJudge(lesson, []), 'bad-argument', 'no move to judge');
  bad(() => lessonHint(lesson, 'e2-e3'), 'bad-argument', 'moves', 'an array');
  bad(() => lessonHint(lesson, new Array(5000).fill('e2-e3')), 'bad-argument', 'moves', 'at most 64 moves, not 5000');
});

test('the players end a game: resignation, agreement, abort, a claim; the state and the record say how', () => {
  const { Game } = pkg();
  const g = new Game('sackson');
  g.play('e2-f3');
  const r = g.end('resign', 'gray');
  assert.deepEqual({ ...r }, { winner: 'blue', reason: 'resignation', text: 'Blue wins by resignation: Gray resigned', token: '1-0', halfWin: false, byPlayers: true });
  assert.deepEqual(g.state().result, r);
  assert.deepEqual(g.state().moves, []);
  assert.match(g.record(), /\[Result "1-0"\]\n\[Termination "resignation"\]/);
  assert.deepEqual(Game.fromRecord(g.record()).state().result, r);
  bad(() => g.end('draw'), 'game-over', 'Game.end', 'the game is over');
  bad(() => g.play('e8-d7'), 'game-over');
  const d = new Game('classic');
  assert.equal(d.end('draw').reason, 'agreement');
  assert.equal(d.state().result.token, '1/2-1/2');
  const a = new Game('sackson');
  a.play('e2-f3');
  a.play('e8-d7');
  bad(() => a.end('abort'), 'too-late', 'too late to abort');
  assert.equal(a.state().result, undefined);
  a.undo();
  assert.deepEqual({ ...a.end('abort') }, { reason: 'aborted', text: 'Game aborted: no result', token: '*', halfWin: false, byPlayers: true });
  const c = new Game('sackson');
  c.play('e2-f3');
  assert.deepEqual({ ...c.end('claim', 'blue') }, { winner: 'blue', reason: 'abandoned', text: 'Blue wins: Gray left the game', token: '1-0', halfWin: false, byPlayers: true });
  assert.match(c.record(), /\[Result "1-0"\]\n\[Termination "abandoned"\]/);
  assert.deepEqual(Game.fromRecord(c.record()).state().result, c.state().result);
  assert.equal(new Game('classic').end('claim-draw').token, '1/2-1/2');
  bad(() => new Game('sackson').end('claim-draw', 'gray'), 'bad-argument', 'side', 'undefined for a draw');
  assert.equal(new Game('sackson').state().result, undefined);
  bad(() => new Game('sackson').end('resign'), 'bad-argument', 'Game.end: side', "'blue' or 'gray'", 'undefined');
  bad(() => new Game('sackson').end('draw', 'blue'), 'bad-argument', 'side', 'undefined for a draw');
  bad(() => new Game('sackson').end('quit'), 'bad-argument', 'how', "'resign', 'draw', 'abort', 'time', 'claim' or 'claim-draw'", "'quit'");
  bad(() => new Game('sackson').end({ toString: () => 'draw' }), 'bad-argument', 'how', 'an object');
  bad(() => new Game('sackson').end('time'), 'bad-argument', 'Game.end: side', "'blue' or 'gray'");
  stillWorks();
});

test('a flag fall ends a game on time, and the record keeps the time control and each move’s time', () => {
  const { Game } = pkg();
  const g = new Game('sackson');
  g.setTag('TimeControl', '1+0');
  g.setClock(1); // before any move: nothing
  g.play('e2-f3');
  g.setClock(59_500);
  g.play('e8-d7');
  g.setClock(58_000);
  assert.deepEqual(g.clocks(), [59_500, 58_000]);
  const r = g.end('time', 'blue');
  assert.deepEqual({ ...r }, { winner: 'gray', reason: 'time', text: "Gray wins on time: Blue's flag fell", token: '0-1', halfWin: false, byPlayers: true });
  const text = g.record();
  assert.match(text, /\[TimeControl "1\+0"\]/);
  assert.match(text, /\[Termination "time forfeit"\]/);
  assert.match(text, /e2-f3 \{\[%clk 0:00:59\.5\]\} 1\.\.\. e8-d7 \{\[%clk 0:00:58\]\}/);
  const back = Game.fromRecord(text);
  assert.deepEqual(back.state().result, r);
  assert.deepEqual(back.clocks(), [59_500, 58_000]);
  bad(() => back.setClock(-1), 'bad-argument', 'Game.setClock: ms');
  bad(() => back.setClock(1.5), 'bad-argument', 'Game.setClock: ms');
  stillWorks();
});

// A stop puzzle made by hand (classic-turbo): Gray's turbo captain on c5 would slide to the red
// dot; only b6-c6 blocks its path.
const STOP = '8s/9/9/1S7/2c6/9/9/4S4/4C4 b 0 1';
// A win in 2 by hand (sackson): Blue's captain on f4 steps to e4, then to the red dot.
const WIN2 = 's3c4/9/9/9/9/5C3/9/9/9 b 0 1';

test('puzzles: the set, judging, refutations and solutions', () => {
  const { puzzles, puzzleJudge, puzzleSolution } = pkg();
  const set = puzzles(PUZZLE_SET);
  assert.ok(set.length >= 10, `${set.length} puzzles`);
  const ids = new Set();
  for (const p of set) {
    assert.deepEqual(Object.keys(p).sort(), ['code', 'goal', 'id', 'length', 'side', 'theme', 'variant']);
    assert.ok(['breakthrough', 'lead', 'sacrifice', 'capture-chain', 'block', 'race', 'stop'].includes(p.theme), `${p.id}: ${p.theme}`);
    assert.ok(['blue', 'gray'].includes(p.side), p.side);
    assert.ok(['win2', 'win3', 'stop'].includes(p.goal), p.goal);
    assert.equal(p.length, { win2: 2, win3: 3, stop: 1 }[p.goal], p.id);
    assert.ok(!ids.has(p.id), `duplicate ${p.id}`);
    ids.add(p.id);
  }
  for (const goal of ['win2', 'win3', 'stop']) assert.ok(set.some((p) => p.goal === goal), goal);
  /** A verdict without what it says why (`why`, `line`). @param {any} v */
  const judged = ({ why: _why, line: _line, ...rest }) => rest;
  // Every puzzle of each goal plays through its solution; the first of each is played here.
  for (const goal of ['win2', 'win3', 'stop']) {
    const p = set.find((q) => q.goal === goal);
    const line = puzzleSolution(p.variant, p.code, p.goal, []);
    assert.equal(line.length, 2 * p.length - 1, `${p.id}: ${line}`);
    const played = [];
    for (let i = 0; i < line.length; i += 2) {
      played.push(line[i]);
      assert.deepEqual(puzzleSolution(p.variant, p.code, p.goal, played.slice(0, -1)), line.slice(i), `${p.id} hint ${i}`);
      const v = puzzleJudge(p.variant, p.code, p.goal, played);
      const last = i === line.length - 1;
      // What the verdict says why (its `why` and `line`) is tested below and in the puzzles' crate.
      const { ending, ...rest } = judged(v);
      assert.deepEqual(rest, { status: last ? 'solved' : 'continue', reply: last ? null : line[i + 1], refutation: [] }, p.id);
      // Once solved, how: the rules core's outcome (a win's) or a stopped win.
      if (!last) assert.equal(ending, null, p.id);
      else if (goal === 'stop') assert.deepEqual(ending, { reason: 'stopped' }, p.id);
      else assert.ok(ending.reason === 'breakthrough' || (ending.reason === 'lead' && ending.ours - ending.theirs >= ending.needed), `${p.id}: ${JSON.stringify(ending)}`);
      if (!last) played.push(v.reply);
    }
  }

  // Hand-made: a wrong move in a stop puzzle is refuted by the opponent's winning move.
  assert.deepEqual(puzzleSolution('classic-turbo', STOP, 'stop', []), ['b6-c6']);
  assert.deepEqual(judged(puzzleJudge('classic-turbo', STOP, 'stop', ['b6-c6'])), { status: 'solved', reply: null, refutation: [], ending: { reason: 'stopped' } });
  assert.deepEqual(judged(puzzleJudge('classic-turbo', STOP, 'stop', ['e2-f2'])), { status: 'wrong', reply: null, refutation: ['c5-e5'], ending: null });
  assert.deepEqual(puzzleSolution('classic-turbo', STOP, 'stop', ['b6-c6']), []);
  // A win in 2: the defender's reply, then the win; a solution from any point of the line.
  assert.deepEqual(judged(puzzleJudge('sackson', WIN2, 'win2', ['f4-e4'])), { status: 'continue', reply: 'e9-e8', refutation: [], ending: null });
  assert.deepEqual(judged(puzzleJudge('sackson', WIN2, 'win2', ['f4-e4', 'a9-a8', 'e4-e5'])), { status: 'solved', reply: null, refutation: [], ending: { reason: 'breakthrough' } });
  // A wrong move says why: the refuting side wins, its line on the board from the refutation on.
  const wrong = puzzleJudge('classic-turbo', STOP, 'stop', ['e2-f2']);
  assert.ok(wrong.why, JSON.stringify(wrong));
  assert.deepEqual(wrong.line.slice(0, 1), ['c5-e5']);
  // Puzzle 1 of the set's file (issue 33): won by a lead, Gray's captain on c4, 12 steps to 9.
  const first = set.find((p) => p.id === 'win2-0f679be1');
  assert.deepEqual(puzzleJudge(first.variant, first.code, first.goal, puzzleSolution(first.variant, first.code, first.goal, [])).ending, { reason: 'lead', point: 'c4', ours: 12, theirs: 9, needed: 3 });
  assert.deepEqual(puzzleSolution('sackson', WIN2, 'win2', ['f4-e4']), ['e9-e8', 'e4-e5']);
  assert.deepEqual(puzzleSolution('sackson', WIN2, 'win2', ['f4-e4', 'e9-e8']), ['e4-e5']);
});

test('puzzles: bad arguments and impossible puzzles are coded errors', () => {
  const { puzzles, puzzleJudge, puzzleSolution } = pkg();
  // The set is data the page fetches: any set file reads, and one that does not says which line.
  const two = PUZZLE_SET.split('\n').filter((l) => l && !l.startsWith('#')).slice(0, 2);
  assert.deepEqual(puzzles(`# two\n\n${two.join('\n')}\n`).map((p) => p.id).sort(), two.map((l) => l.split(' | ')[0]).sort());
  assert.deepEqual(puzzles(''), []);
  bad(() => puzzles(`${two[0]}\nnot a puzzle`), 'bad-data', 'line 2');
  bad(() => puzzles(`${two[0]}\n${two[0]}`), 'bad-data', 'line 2', 'duplicate id');
  bad(() => puzzles(), 'bad-argument', 'set', 'a string');
  bad(() => puzzleJudge('sackson', WIN2, 'win4', ['f4-e4']), 'bad-argument', "bad goal 'win4'");
  bad(() => puzzleJudge('sackson', WIN2, 2, ['f4-e4']), 'bad-argument', 'goal', 'a string');
  bad(() => puzzleJudge('chess', WIN2, 'win2', ['f4-e4']), 'bad-variant');
  bad(() => puzzleJudge('sackson', 'nope', 'win2', ['f4-e4']), 'bad-position');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', 'f4-e4'), 'bad-argument', 'moves', 'an array');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', [3]), 'bad-argument', 'moves[0]', 'must be a string');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', []), 'bad-argument', 'no move to judge');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', ['f4-e4', 'e9-e8']), 'bad-argument', 'not the solver');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', ['f4-e4', 'e9-e8', 'e4-e5', 'a9-a8']), 'bad-argument', 'at most 3 moves');
  bad(() => puzzleSolution('sackson', WIN2, 'win3', new Array(5000).fill('e2-e3')), 'bad-argument', 'at most 5 moves for a win3 puzzle, not 5000');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', ['e1-e3']), 'illegal-move', 'move 1');
  bad(() => puzzleJudge('sackson', WIN2, 'win2', ['zz']), 'bad-move-text', 'move 1');
  bad(() => puzzleJudge('sackson', START, 'win2', ['e2-e3']), 'bad-puzzle', 'impossible puzzle', 'Blue cannot force a win within 2 moves');
  bad(() => puzzleSolution('sackson', START, 'stop', []), 'bad-puzzle', 'impossible puzzle');
});

test('errors carry stable codes, and a refused move its rule and points', () => {
  const { Game, think } = pkg();
  const err = (fn) => attempt(String(fn), fn).error;
  const g = new Game('sackson');
  let e = err(() => g.play('e1-e2'));
  assert.equal(e.code, 'illegal-move');
  assert.equal(e.reason, 'captain-blocked');
  assert.deepEqual(e.points, ['e2']);
  e = err(() => Game.fromCode('sackson', JUMP).play('d5-d6'));
  assert.equal(e.reason, 'capture-compulsory');
  assert.deepEqual(e.points, ['f5']);
  assert.equal(err(() => g.play('zz')).code, 'bad-move-text');
  assert.equal(err(() => new Game('chess')).code, 'bad-variant');
  assert.equal(err(() => Game.fromCode('sackson', 'nope')).code, 'bad-position');
  e = err(() => Game.fromRecord('[Variant "sackson"]\n\n1. e1-e2 *'));
  assert.equal(e.code, 'bad-record');
  assert.equal(e.reason, 'captain-blocked');
  assert.equal(err(() => g.setTag('Result', '1-0')).code, 'bad-tag');
  assert.equal(err(() => g.playIndex(999)).code, 'bad-argument');
  const over = 's3c4/9/9/9/4C4/9/9/9/S8 g 0 30';
  assert.equal(err(() => Game.fromCode('sackson', over).play('a9-a8')).code, 'game-over');
  assert.equal(err(() => think('sackson', over, '', 1)).code, 'game-over');
  // The play module's errors of the rules core's are said as messages of the page's tables too,
  // `i18n`, every one of them (docs/WASM-API.md, Errors).
  const said = (fn) => err(fn).i18n;
  assert.deepEqual(said(() => Game.fromCode('sackson', 'nope')), { key: 'core.badPosition', params: { error: { key: 'core.position.fieldCount', params: { found: 1 } } } });
  // What an unknown variant expects is every variant's name, as data (no grammar of names).
  const names = pkg().variants().variants.map((v) => v.name);
  const unknown = said(() => new Game('chess'));
  assert.deepEqual({ ...unknown, params: { ...unknown.params, names: undefined } }, { key: 'core.variant.unknownName', params: { name: 'chess', names: undefined } });
  assert.deepEqual(unknown.params.names.split(', ').sort(), [...names].sort());
  assert.equal(said(() => Game.fromRecord('[Variant "sackson"]\n\n1. e1-e2 *')).key, 'core.badRecord');
  for (const fn of [() => g.play('e1-e2'), () => g.play('zz'), () => g.setTag('Result', '1-0'), () => Game.fromCode('sackson', over).playIndex(0), () => think('sackson', over, '', 1)]) {
    assert.equal(typeof said(fn)?.key, 'string', String(fn));
  }
});

test('checkPosition says whether a set-up position can be played, every reason coded, and a code it accepts plays', () => {
  const { Game, checkPosition } = pkg();
  const start = checkPosition('', START);
  assert.deepEqual(start, { ok: true, code: START, problems: [] });
  const two = checkPosition('sackson', '9/9/9/9/9/9/9/4C4/4C4   B 0 1');
  assert.equal(two.ok, false);
  assert.equal(two.code, '9/9/9/9/9/9/9/4C4/4C4 b 0 1');
  assert.deepEqual(
    two.problems.map((p) => [p.code, p.params]),
    [
      ['extra-captains', { color: 'blue', count: 2 }],
      ['no-captain', { color: 'gray' }],
    ],
  );
  assert.match(two.problems[0].text, /^two Blue captains/);
  // What Game.fromCode accepts but leaves nothing to play is refused too.
  const home = checkPosition('sackson', '9/9/9/9/4c4/9/9/9/4C4 b 0 1');
  assert.deepEqual(home.problems.map((p) => p.code), ['captain-home']);
  assert.ok(Game.fromCode('sackson', '9/9/9/9/4c4/9/9/9/4C4 b 0 1').state().result);
  const ok = checkPosition('classic', '4c4/9/9/4s4/9/9/9/9/4C4 g 0 1');
  assert.equal(ok.ok, true);
  assert.ok(Game.fromCode('classic', ok.code).state().moves.length > 0);
  const err = (fn) => attempt(String(fn), fn).error;
  assert.equal(err(() => checkPosition('chess', START)).code, 'bad-variant');
  assert.equal(err(() => checkPosition('sackson', 'nope')).code, 'bad-position');
  assert.equal(err(() => checkPosition('sackson', 3)).code, 'bad-argument');
});

test('explorer counts the moves an explorer file played after the moves so far, from its variant\'s start only', () => {
  const { explorer } = pkg();
  const games = '# made by hand\nvariant sackson\n1-0 e2-f3 e8-d7\n0-1 e2-f3 e8-e7\n1/2-1/2 c2-d3\n';
  const move = (text, n, wins, draws, losses) => ({ move: text, games: n, wins, draws, losses });
  assert.deepEqual(explorer(games, START, []), [move('e2-f3', 2, 1, 0, 1), move('c2-d3', 1, 0, 1, 0)]);
  // Gray's moves, scored for Gray; as many games, the one won first.
  assert.deepEqual(explorer(games, START, ['e2-f3']), [move('e8-e7', 1, 1, 0, 0), move('e8-d7', 1, 0, 0, 1)]);
  assert.deepEqual(explorer(games, START, ['c2-d3']), []);
  assert.equal(explorer(games, '9/9/9/9/4c4/9/9/9/4C4 b 0 1', []), null);
  bad(() => explorer('variant sackson\nwin e2-f3\n', START, []), 'bad-data', 'line 2', "'win' is no result");
  bad(() => explorer('variant sackson\n1-0 e2-f3 e1-e3\n', START, []), 'bad-data', "line 2, move 2 'e1-e3'");
  bad(() => explorer(games, START, ['e1-e3']), 'bad-argument', "move 1 'e1-e3' asked about");
  bad(() => explorer(games, START, 'e2-f3'), 'bad-argument', 'moves', 'an array');
  bad(() => explorer(games, 3, []), 'bad-argument', 'start');
});

test('tag values with line breaks and control characters survive the record', () => {
  const { Game } = pkg();
  const g = new Game('sackson');
  g.play('e2-e3');
  for (const v of ['a\nb', 'a\r\nb', 'tab\there', '\u0000\u001b\u007f\u0085', 'quote " \\ end\\', '', 'z'.repeat(100000)]) {
    g.setTag('Blue', v);
    assert.equal(g.tag('Blue'), v);
    const back = Game.fromRecord(g.record());
    assert.equal(back.record(), g.record());
    assert.equal(back.tag(' blue '), v, 'a tag reads back by its name, in any case');
    assert.ok(back.record().includes('[Blue "'));
  }
  assert.equal(g.tag('Gray'), undefined);
  assert.equal(g.tag('Variant'), undefined, 'reserved tags are the game itself, not tags of it');
  const commented = Game.fromRecord('[Variant "sackson"]\n\n1. e2-e3 {a quiet start} e8-e7 {and a reply} *');
  assert.match(commented.record(), /\{a quiet start\} 1\.\.\. e8-e7 \{and a reply\}/);
});

test('a freed Game, or a method called on anything but a Game, throws a coded Error in JS', () => {
  const { Game } = pkg();
  const names = ['state', 'play', 'legalMove', 'playIndex', 'undo', 'redo', 'end', 'setTag', 'tag', 'setClock', 'clocks', 'record', 'code'];
  const g = new Game('sackson');
  g.play('e2-e3');
  g.free();
  for (const name of names) {
    const { error } = attempt(`freed ${name}`, () => g[name]('e8-e7', 'x'));
    assert.equal(error && error.code, 'freed', `${name} after free()`);
    assert.match(error.message, new RegExp(`Game.${name}: this Game was freed`));
  }
  assert.equal(attempt('second free()', () => g.free()).value, undefined, 'a second free() does nothing');
  const notGames = [undefined, null, 3, 'x', {}, [], () => 0, Object.create(Game.prototype), new Proxy(new Game('sackson'), {}),
    { __wbg_ptr: 8 }, new Proxy({}, { get() { throw new Error('trap'); }, getPrototypeOf() { throw new Error('trap'); } })];
  for (const self of notGames) {
    for (const name of [...names, 'free']) {
      const { error } = attempt(`${name} on ${show(self)}`, () => Game.prototype[name].call(self, 'e2-e3', 'x'));
      assert.equal(error && error.code, 'bad-argument', `${name} on ${show(self)}`);
    }
  }
  // The guard keeps each Game's pointer itself: a field written over from JS is never used.
  const h = new Game('sackson');
  h.__wbg_ptr = 8;
  assert.equal(h.code(), START);
  h.free();
  assert.equal(attempt('free after a forged field', () => h.code()).error.code, 'freed');
  // Each refused call used to leak wasm stack until every call trapped (about 50,000 of them).
  for (let i = 0; i < 60000; i++) {
    try { g.code(); } catch { /* freed */ }
  }
  stillWorks();
  // `using` and explicit disposal free the game the same way.
  if (typeof Symbol.dispose === 'symbol') {
    const d = new Game('sackson');
    d[Symbol.dispose]();
    assert.equal(attempt('disposed', () => d.code()).error.code, 'freed');
  }
});

test('the catalogue gives the level range, each level, and the analysis budget', () => {
  const c = pkg().variants();
  assert.equal(c.minLevel, 1);
  assert.ok(Number.isInteger(c.maxLevel) && c.maxLevel > c.minLevel);
  assert.deepEqual(c.levels.map((l) => l.number), Array.from({ length: c.maxLevel - c.minLevel + 1 }, (_, i) => c.minLevel + i));
  for (const l of c.levels) assert.ok(typeof l.name === 'string' && l.name.length > 0);
  assert.ok(Number.isInteger(c.analysisNodes) && c.analysisNodes > 0 && c.analysisNodes <= c.maxAnalysisNodes);
});

test('the lessons catalogue says each lesson\'s kind and the rules option it teaches', () => {
  const { lessons } = pkg();
  const all = lessons();
  const options = [null, 'captain', 'guards', 'start', 'lead', 'impasse_plies', 'jumps'];
  for (const l of all) {
    assert.deepEqual(Object.keys(l).sort(), ['budget', 'code', 'id', 'kind', 'learner', 'teaches', 'variant']);
    assert.ok(['rules', 'strategy'].includes(l.kind), `${l.id}: kind ${l.kind}`);
    assert.ok(options.includes(l.teaches), `${l.id}: teaches ${l.teaches}`);
  }
  const lead = all.find((l) => l.id === 'lead');
  assert.equal(lead.kind, 'rules');
  assert.equal(lead.teaches, 'lead');
  assert.equal(all.find((l) => l.id === 'walk').teaches, null);
});

test('analyse is deterministic, full strength, and shaped like think', () => {
  const { analyse, think, variants, Game } = pkg();
  const g = new Game('classic');
  g.play('e2-e3');
  g.play('e8-e7');
  const line = ['classic', '', 'e2-e3 e8-e7'];
  const first = analyse(...line, 30000);
  assert.deepEqual(analyse(...line, 30000), first, 'the same twice in a row');
  assert.deepEqual(analyse('classic', g.code(), '', 30000).best !== undefined, true, 'the position alone is searched too');
  think('sackson', '', '', 3, undefined);
  analyse('sackson', JUMP, '', 5000);
  think('super-turbo', START, '', 6, 20);
  assert.deepEqual(analyse(...line, 30000), first, 'the same after unrelated searches');
  assert.deepEqual(Object.keys(first).sort(), ['best', 'depth', 'nodes', 'pv', 'score', 'scoreText', 'side', 'winChance']);
  assert.ok(Number.isInteger(first.winChance) && first.winChance >= 0 && first.winChance <= 1000);
  assert.equal(first.pv[0], first.best);
  assert.equal(first.side, 'blue');
  assert.ok(first.nodes <= 30000);
  const t = think(...line, 1);
  for (const r of [t, first]) assert.equal(r.pv[0], r.best, 'a line starts with its move');
  // The default budget is the catalogue's.
  const d = analyse('sackson', JUMP, '');
  assert.ok(d.nodes > 30000 && d.nodes <= variants().analysisNodes, `${d.nodes} nodes`);
  assert.equal(d.best, 'f5xf7xh7');
  assert.ok(d.depth > 1, 'a single reply is searched, not answered at once');
  // A win with the next move: mate in one ply.
  const win = analyse('sackson', 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30', '', null);
  assert.equal(win.best, 'e4-e5');
  assert.equal(win.mateIn, 1);
  assert.match(win.scoreText, /\b1 ply\b/);
  const err = (fn) => attempt(String(fn), fn).error;
  assert.equal(err(() => analyse('sackson', 's3c4/9/9/9/4C4/9/9/9/S8 g 0 30', '')).code, 'game-over');
  for (const nodes of [0, -1, 1.5, '100', {}, 1e12]) assert.equal(err(() => analyse('sackson', '', '', nodes)).code, 'bad-argument');
  assert.match(err(() => analyse('sackson', '', '', 0)).message, /analyse: nodes must be a whole number/);
  assert.equal(err(() => analyse(5, '', '')).code, 'bad-argument');
});

/** A seeded random generator (mulberry32): the hostile calls are the same on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('10,000 hostile calls leave the module, its games and its memory sound, then a whole game plays', () => {
  const mod = pkg();
  const { Game, think, analyse, variants, lessons, lessonJudge, lessonHint, puzzles, puzzleJudge, puzzleSolution } = mod;
  const rnd = random(19);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const boom = () => { throw new Error('hostile'); };
  const throwingHandler = new Proxy({}, { get: () => boom });
  const revoked = (target) => { const r = Proxy.revocable(target, {}); r.revoke(); return r.proxy; };
  const lessonId = lessons()[0].id;
  const puzzle = puzzles(PUZZLE_SET)[0];

  // Every field name of every object the module returns, for setters on Object.prototype, and
  // the names a property descriptor reads. (Not wasm-bindgen's own `__wbg_ptr`, which its glue
  // assigns to each new Game.)
  const fields = new Set(['code', 'reason', 'points', 'message', 'get', 'set', 'value', 'writable', 'enumerable', 'configurable']);
  const collect = (v) => {
    if (v === null || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) { fields.add(k); collect(x); }
  };
  const sample = new Game('classic');
  sample.play('e2-e3');
  sample.play('e8-e7');
  collect(sample.state());
  collect(think('classic', '', sample.state().history.join(' '), 2));
  collect(variants());
  collect(lessons());
  collect(lessonJudge(lessonId, ['e1-e2']));
  collect(puzzles(PUZZLE_SET));
  collect(puzzleJudge('classic-turbo', STOP, 'stop', ['e2-f2']));
  collect(puzzleJudge(puzzle.variant, puzzle.code, puzzle.goal, puzzleSolution(puzzle.variant, puzzle.code, puzzle.goal, [])));
  collect(Game.fromCode('sackson', 's3c4/9/9/9/9/4C4/9/9/S8 b 0 30').state());

  // Values whose reading runs JS that throws (and plain bad values among them), made before any
  // hostile environment is set up.
  const hostile = (() => {
    const arr = ['e1-e2', 'e9-e8'];
    Object.defineProperty(arr, 1, { get: boom });
    const iter = ['e1-e2'];
    iter[Symbol.iterator] = boom;
    const holes = [, 'e1-e2']; // eslint-disable-line no-sparse-arrays
    return [
      { toString: boom, valueOf: boom, [Symbol.toPrimitive]: boom },
      Object.defineProperty({}, 'length', { get: boom }),
      new Proxy({}, throwingHandler),
      new Proxy([], throwingHandler),
      new Proxy(['e1-e2'], { get: (t, k) => (k === 'length' ? 2 ** 40 : boom()) }),
      new Proxy(['e1-e2'], { get: (t, k) => (k === 'length' ? -1 : t[k]) }),
      new Proxy(() => 0, throwingHandler),
      revoked({}),
      revoked([]),
      arr,
      iter,
      holes,
      Symbol('s'),
      10n,
      Object.create(null),
      new String('sackson'),
      'e2-e3',
      '\ud800',
      NaN,
      -0,
      2 ** 53 - 1,
    ];
  })();

  // Ways the environment turns hostile around a call; each returns its undo.
  const realRandom = Math.random;
  const realParse = JSON.parse;
  const perf = globalThis.performance;
  const environments = [
    () => () => {},
    () => { Math.random = boom; return () => { Math.random = realRandom; }; },
    () => { Math.random = () => ({ valueOf: boom }); return () => { Math.random = realRandom; }; },
    () => {
      Object.defineProperty(globalThis, 'performance', { __proto__: null, get: boom, configurable: true });
      return () => Object.defineProperty(globalThis, 'performance', { __proto__: null, value: perf, configurable: true, writable: true });
    },
    () => {
      const names = [...fields];
      // Null-prototype descriptors: once `get` or `value` is on Object.prototype, a plain one breaks.
      for (const k of names) Object.defineProperty(Object.prototype, k, { __proto__: null, set: boom, get: boom, configurable: true });
      return () => { for (const k of names) delete Object.prototype[k]; };
    },
    () => {
      for (const k of ['0', '1', '2']) Object.defineProperty(Array.prototype, k, { __proto__: null, set: boom, get: boom, configurable: true });
      return () => { for (const k of ['0', '1', '2']) delete Array.prototype[k]; };
    },
    () => {
      // A clock that calls back into the module while a search reads it.
      const now = () => { reenter(); return perf.now(); };
      Object.defineProperty(globalThis, 'performance', { __proto__: null, value: { now }, configurable: true, writable: true });
      return () => Object.defineProperty(globalThis, 'performance', { __proto__: null, value: perf, configurable: true, writable: true });
    },
    () => {
      // A replaced JSON.parse that calls back into the module before it answers.
      JSON.parse = function (text) {
        reenter();
        return realParse(text);
      };
      return () => { JSON.parse = realParse; };
    },
  ];

  const games = [new Game('sackson'), new Game('classic-turbo'), Game.fromRecord(RECORD)];
  const innerErrors = [];
  // Calls made from inside the module's own calls (a Proxy's trap, a replaced built-in), one
  // level deep: endless recursion would only test how JS runs out of stack.
  let inside = false;
  function reenter() {
    if (inside) return;
    inside = true;
    try {
      reenterOnce();
    } finally {
      inside = false;
    }
  }
  function reenterOnce() {
    const g = pick(games);
    for (const fn of [() => g.play('e2-e3'), () => g.state(), () => think('sackson', '', '', 1), () => g.undo()]) {
      try { fn(); } catch (e) { innerErrors.push(e); }
    }
    if (rnd() < 0.05) {
      try { g.free(); } catch (e) { innerErrors.push(e); }
    }
  }
  const reentrant = () => new Proxy(['e1-e2'], { get(t, k) { reenter(); return t[k]; } });

  const good = () => pick(['', 'sackson', 'classic', 'e2-e3', START, RECORD, 1, 2, 0, undefined, null, ['e1-e2']]);
  const arg = () => {
    const r = rnd();
    if (r < 0.55) return pick(hostile);
    if (r < 0.6) return reentrant();
    return good();
  };
  const calls = [
    () => new Game(arg()),
    () => Game.fromCode(arg(), arg()),
    () => Game.fromRecord(arg()),
    () => pick(games).state(),
    () => pick(games).play(arg()),
    () => pick(games).legalMove(arg()),
    () => pick(games).playIndex(arg()),
    () => pick(games).undo(),
    () => pick(games).redo(),
    // On a copy: an ended game takes no more moves, and the other calls need games that do.
    () => {
      const g = Game.fromRecord(pick(games).record());
      try {
        return g.end(pick(['resign', 'draw', 'abort', arg()]), pick(['blue', 'gray', undefined, arg()]));
      } finally {
        g.free();
      }
    },
    () => pick(games).setTag(arg(), arg()),
    () => pick(games).tag(arg()),
    () => pick(games).record(),
    () => pick(games).code(),
    () => variants(),
    () => think(arg(), arg(), arg(), pick([1, 2, arg()]), pick([undefined, 5, arg()])),
    () => think('sackson', '', '', 1, undefined),
    () => analyse(arg(), arg(), arg(), pick([300, arg()])),
    () => lessons(),
    () => lessonJudge(pick([lessonId, arg()]), arg()),
    () => lessonHint(pick([lessonId, arg()]), arg()),
    () => puzzles(pick([PUZZLE_SET, arg()])),
    () => puzzleJudge(pick([puzzle.variant, arg()]), pick([puzzle.code, arg()]), pick([puzzle.goal, arg()]), arg()),
    () => puzzleSolution(pick([puzzle.variant, arg()]), pick([puzzle.code, arg()]), pick([puzzle.goal, arg()]), arg()),
  ];

  const memory = () => instances.reduce((sum, x) => sum + x.memory.buffer.byteLength, 0);
  const table = () => instances.reduce((sum, x) => sum + x.__wbindgen_externrefs.length, 0);
  let baseline = null;
  const WARM_UP = 1000;
  const CALLS = 10000;
  for (let i = 0; i < CALLS; i++) {
    if (i === WARM_UP) baseline = { memory: memory(), table: table() };
    const call = pick(calls);
    const undo = pick(environments)();
    let outcome;
    try {
      outcome = { value: call() };
    } catch (error) {
      outcome = { error };
    } finally {
      undo();
    }
    if ('error' in outcome) {
      const e = outcome.error;
      assert.ok(!(e instanceof WebAssembly.RuntimeError), `call ${i}: RuntimeError ${e && e.message}`);
      assert.ok(e instanceof Error, `call ${i}: threw a non-Error ${String(e)}`);
      assert.equal(typeof e.code, 'string', `call ${i} (${call}): no code on '${e.message}'\n${e.stack}`);
      assert.ok(CODES.has(e.code), `call ${i}: unknown code '${e.code}'`);
    }
    // A game freed by a re-entrant call is replaced, so that the games stay in play.
    for (let k = 0; k < games.length; k++) {
      try { games[k].code(); } catch (e) {
        assert.equal(e.code, 'freed');
        games[k] = new Game(pick(['sackson', 'classic', 'super']));
      }
    }
  }
  for (const e of innerErrors) {
    assert.ok(e instanceof Error && typeof e.code === 'string' && CODES.has(e.code), `re-entrant call: ${e && e.message}`);
  }
  assert.ok(innerErrors.some((e) => e.code === 'busy'), 're-entrant searches were refused as busy');

  // Then a whole normal game, on the same module.
  const g = new Game('classic');
  const play = random(7);
  let plies = 0;
  for (let st = g.state(); !st.result; st = g.state()) {
    assert.ok(plies < 2000, 'the game ends');
    const i = Math.floor(play() * st.moves.length);
    if (plies % 2) assert.equal(g.play(st.moves[i].text), st.moves[i].text);
    else assert.equal(g.playIndex(i), st.moves[i].text);
    plies += 1;
    if (plies === 20) {
      const r = think('classic', '', g.state().history.join(' '), 4);
      assert.ok(st.moves.length === 0 || g.legalMove(r.best) === r.best);
    }
  }
  const back = Game.fromRecord(g.record());
  assert.equal(back.code(), g.code());
  assert.equal(back.record(), g.record());
  assert.deepEqual(back.state().history, g.state().history);
  assert.ok(g.state().result.token);
  assert.equal(think('sackson', '', '', 2).side, 'blue');
  stillWorks();

  // No growth of the wasm memory after the warm-up beyond a few pages. (wasm-bindgen 0.2.130 loses one slot of its
  // externref table, 4 bytes of wasm memory, for each JS exception a catching import meets: at
  // most one a call here, since a call stops at its first.)
  const grown = memory() - baseline.memory;
  assert.ok(grown <= 4 * 65536, `wasm memory grew by ${grown} bytes after the warm-up`);
  assert.ok(table() - baseline.table < CALLS - WARM_UP, `the externref table grew by ${table() - baseline.table}`);
});

test('built-ins replaced by ones that throw or answer what wasm cannot convert never throw into wasm', () => {
  // What js-sys and web-sys bind without a catch, or answering a bool or a number that wasm
  // converts after the catch, the binding imports itself (crates/bluegray-wasm/src/js.rs): with
  // any of them, each of these calls would throw into wasm, and a couple of thousand such calls
  // would leave the module trapping at every call.
  const { Game, think } = pkg();
  const hostile = new Error('hostile');
  const boom = () => { throw hostile; };
  const real = { set: Reflect.set, defineProperty: Reflect.defineProperty, Error: globalThis.Error, dateNow: Date.now };
  const perf = globalThis.performance;
  const setPerformance = (value) => Object.defineProperty(globalThis, 'performance', { __proto__: null, value, configurable: true, writable: true });
  const cases = [
    ['Reflect.set answers an object whose valueOf throws', () => { Reflect.set = () => ({ valueOf: boom }); }, () => { Reflect.set = real.set; }],
    ['Reflect.set answers a symbol', () => { Reflect.set = () => Symbol('s'); }, () => { Reflect.set = real.set; }],
    ['Reflect.defineProperty answers an object whose valueOf throws', () => { Reflect.defineProperty = () => ({ valueOf: boom }); }, () => { Reflect.defineProperty = real.defineProperty; }],
    ['Error throws', () => { globalThis.Error = boom; }, () => { globalThis.Error = real.Error; }],
    ['performance.now throws and Date.now answers a symbol', () => { setPerformance({ now: boom }); Date.now = () => Symbol('t'); }, () => { setPerformance(perf); Date.now = real.dateNow; }],
  ];
  for (const [name, install, undo] of cases) {
    for (let i = 0; i < 3000; i++) {
      install();
      try {
        // An error to make (its properties defined), and now and then a timed search (the clock).
        if (i % 100 === 0) think('sackson', '', '', 1, 5);
        else new Game('chess');
      } catch (e) {
        assert.notEqual(e, hostile, `${name}: the replacement's exception came through`);
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `${name}: RuntimeError ${e.message}`);
      } finally {
        undo();
      }
    }
    const e = attempt(`${name}, then a bad variant`, () => new Game('chess')).error;
    assert.equal(e.code, 'bad-variant', name);
    stillWorks();
  }
});

test('a list of moves is read whole before any element is judged', () => {
  const { lessons, lessonJudge, puzzleSolution } = pkg();
  const id = lessons()[0].id;
  const throwsAt1 = Object.defineProperty([1], 1, { get() { throw new Error('hostile'); } });
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  for (const [moves, code, words] of [
    [throwsAt1, 'js-exception', 'lessonJudge: reading moves threw'],
    [[3, revoked.proxy], 'js-exception', 'lessonJudge: reading moves threw'],
    [['e1-e2', 3, {}], 'bad-argument', 'lessonJudge: moves[1] must be a string, not the number 3'],
  ]) {
    const { error } = attempt(`lessonJudge(${show(moves)})`, () => lessonJudge(id, moves));
    assert.equal(error && error.code, code, error && error.message);
    assert.ok(error.message.startsWith(words), error.message);
  }
  assert.deepEqual(puzzleSolution('sackson', WIN2, 'win2', new Proxy(['f4-e4'], {})), ['e9-e8', 'e4-e5']);
});
