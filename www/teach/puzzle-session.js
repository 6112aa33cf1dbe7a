// The puzzle view's state and its changes, pure: which puzzle is on the board, the moves played
// in it (the defender's replies included), where the attempt stands, and the player's progress
// (the puzzles solved, the current and best streak), which the page keeps on the device. Whether
// a move is right is the rules core's word (puzzleJudge, through the page); this module only
// records the verdicts.
//
// A streak counts puzzles solved in a row at the first try with no help: a wrong move or asking
// for the solution ends it; a puzzle solved after a wrong move, a hint or "Try again" is
// remembered as solved but adds nothing to the streak (a hint alone does not end it).

/** Where progress is kept: {solved: [puzzle ids], streak, best}. */
export const STORAGE_KEY = 'bluegray.puzzles.v1';

/** The goals a puzzle may have: win in 2 or 3 of one's own moves, or stop the other side's win. */
export const GOALS = Object.freeze(['win2', 'win3', 'stop']);

/** Progress with nothing done. */
export function noProgress() {
  return { solved: [], streak: 0, best: 0 };
}

const count = (v) => (Number.isInteger(v) && v >= 0 && v <= 1e9 ? v : 0);

/** Progress read from stored data (any value): anything unreadable counts as none. */
export function readProgress(data) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return noProgress();
  const solved = Array.isArray(data.solved) ? [...new Set(data.solved.filter((x) => typeof x === 'string' && x.length <= 200))] : [];
  const streak = count(data.streak);
  return { solved, streak, best: Math.max(count(data.best), streak) };
}

/** The progress kept in `storage` (a Web Storage object); unreadable or refused storage counts as none. */
export function loadProgress(storage) {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    return readProgress(raw ? JSON.parse(raw) : null);
  } catch {
    return noProgress();
  }
}

/** Keeps `progress` in `storage`; returns false, and throws nothing, when storage is full or refused. */
export function saveProgress(storage, progress) {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify({ solved: progress.solved, streak: progress.streak, best: progress.best }));
    return true;
  } catch {
    return false;
  }
}

/** A puzzle of the set as the rules core gives it, or null when it is not one. */
function checkPuzzle(p) {
  if (!p || typeof p !== 'object') return null;
  const { id, variant, code, side, goal, length } = p;
  if (typeof id !== 'string' || typeof variant !== 'string' || typeof code !== 'string') return null;
  if (side !== 'blue' && side !== 'gray') return null;
  if (!GOALS.includes(goal) || !Number.isInteger(length) || length < 1) return null;
  return { id, variant, code, side, goal, length };
}

/** A session before the puzzles are known. */
export function loading(progress = noProgress()) {
  return { puzzles: [], progress, puzzle: null, moves: [], status: 'loading', reply: null, refutation: [], solution: [], hint: null, clean: true, error: null };
}

/**
 * The session once the set is known (`puzzles()` of the rules core; entries that are not
 * puzzles are left out), on the first puzzle not solved yet.
 */
export function withPuzzles(session, puzzles) {
  const list = (Array.isArray(puzzles) ? puzzles : []).map(checkPuzzle).filter(Boolean);
  return next({ ...session, puzzles: list });
}

/** Whether puzzle `id` has been solved. */
export function isSolved(session, id) {
  return session.progress.solved.includes(id);
}

/**
 * The puzzle after the current one (in the set's order, coming round to the start) that is not
 * solved yet; when every one is solved, simply the next one.
 */
export function nextPuzzle(session) {
  const list = session.puzzles;
  if (!list.length) return null;
  const at = session.puzzle ? list.findIndex((p) => p.id === session.puzzle.id) : -1;
  for (let k = 1; k <= list.length; k++) {
    const p = list[(at + k) % list.length];
    if (!isSolved(session, p.id)) return p;
  }
  return list[(at + 1) % list.length];
}

/** A fresh attempt at `puzzle`. */
function attempt(session, puzzle, clean) {
  return { ...session, puzzle, moves: [], status: puzzle ? 'playing' : 'empty', reply: null, refutation: [], solution: [], hint: null, clean, error: null };
}

/** The session on the next puzzle (nextPuzzle); 'empty' when the set has none. */
export function next(session) {
  return attempt(session, nextPuzzle(session), true);
}

/** The session on puzzle `id` (unchanged when there is no such puzzle). */
export function choose(session, id) {
  const p = session.puzzles.find((x) => x.id === id);
  return p ? attempt(session, p, true) : session;
}

/** The same puzzle again from its start, after a wrong move or its solution (adds nothing to the streak). */
export function tryAgain(session) {
  return session.puzzle ? attempt(session, session.puzzle, false) : session;
}

/** Whether the player may move on the board now. */
export function canMove(session) {
  return session.status === 'playing';
}

function withProgress(session, change) {
  const p = { ...session.progress, ...change };
  return { ...session, progress: { ...p, best: Math.max(p.best, p.streak) } };
}

/**
 * The session after the player's move `move` and the rules core's verdict on it (puzzleJudge:
 * {status: 'solved'|'continue'|'wrong', reply, refutation}). A move made while no move was
 * expected, or a verdict that is not one, changes nothing but `error`.
 */
export function played(session, move, verdict) {
  if (!canMove(session) || typeof move !== 'string') return session;
  const moves = [...session.moves, move];
  const status = verdict && verdict.status;
  if (status === 'solved') {
    const id = session.puzzle.id;
    const solved = isSolved(session, id) ? session.progress.solved : [...session.progress.solved, id];
    const streak = session.clean ? session.progress.streak + 1 : session.progress.streak;
    return withProgress({ ...session, moves, status: 'solved', hint: null }, { solved, streak });
  }
  if (status === 'continue' && typeof verdict.reply === 'string' && verdict.reply) {
    return { ...session, moves, status: 'replying', reply: verdict.reply, hint: null };
  }
  if (status === 'wrong') {
    const refutation = Array.isArray(verdict.refutation) ? verdict.refutation.filter((m) => typeof m === 'string') : [];
    return withProgress({ ...session, moves, status: 'wrong', refutation, hint: null, clean: false }, { streak: 0 });
  }
  return { ...session, error: 'verdict' };
}

/**
 * The rules core could not judge the move (`message` says why): the attempt stops there, the
 * streak untouched, until "Try again" or the next puzzle.
 */
export function broken(session, message) {
  if (!session.puzzle) return session;
  return { ...session, status: 'error', error: String(message), reply: null, hint: null };
}

/** The defender's reply is on the board: the player's turn again. */
export function replied(session) {
  if (session.status !== 'replying' || !session.reply) return session;
  return { ...session, moves: [...session.moves, session.reply], status: 'playing', reply: null };
}

/** A hint: `move`, the next move of the solution (the attempt no longer adds to the streak). */
export function hinted(session, move) {
  if (!canMove(session) || typeof move !== 'string' || !move) return session;
  return { ...session, hint: move, clean: false };
}

/**
 * The player gave up: `solution` (the rest of the solution from where the attempt stands) is
 * played on the board; the streak ends.
 */
export function shown(session, solution) {
  if (!session.puzzle || session.status === 'solved' || session.status === 'loading') return session;
  const rest = Array.isArray(solution) ? solution.filter((m) => typeof m === 'string') : [];
  return withProgress({ ...session, status: 'shown', solution: rest, hint: null, clean: false, reply: null }, { streak: 0 });
}

/**
 * What the player is asked to do, as a message: `{key, params}` of the message tables
 * (`puzzles.goal.win` with the side and the number of moves, or the side's `puzzles.goal.stop…`),
 * or null with no puzzle.
 */
export function goalMessage(puzzle) {
  if (!puzzle) return null;
  if (puzzle.goal === 'stop') return { key: puzzle.side === 'blue' ? 'puzzles.goal.stopBlue' : 'puzzles.goal.stopGray', params: {} };
  return { key: 'puzzles.goal.win', params: { side: puzzle.side, n: puzzle.goal === 'win3' ? 3 : 2 } };
}

/** How many of the set's puzzles are solved. */
export function solvedCount(session) {
  return session.puzzles.filter((p) => isSolved(session, p.id)).length;
}
