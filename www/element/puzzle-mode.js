// The board's puzzle mode (`mode="puzzle"` with `position` and `goal`): the person plays the side
// to move at the start, the rules core judges each of their moves (puzzleJudge), and the board
// plays the defender's replies, or after a wrong move the engine's refutation, itself. The pure
// part says who may move and what a verdict leads to; PuzzleRunner carries it out with timers
// that stop while the board is out of the page.

/** Pause before each move the board plays itself, so that the person sees the position it answers. */
export const REPLY_DELAY_MS = 400;

/** The goals a puzzle may have (the `goal` attribute). */
export const GOALS = Object.freeze(['win2', 'win3', 'stop']);

/**
 * A puzzle begun from the game state `gs`: the solver is the side to move, `start` the code.
 * `status`: 'playing' (the solver's turn), 'replying' (the board plays `queue`), 'solved' or
 * 'failed' (then `queue` is what is left of the refutation to play).
 */
export function startPuzzle(gs) {
  return { side: gs ? gs.side : 'blue', start: gs ? gs.code : '', status: 'playing', queue: [] };
}

/** Whether the person may move now in puzzle mode (the board's other conditions apart). */
export function solverToMove(state) {
  const p = state.puzzle;
  return !!p && !!state.goal && p.status === 'playing' && !!state.gs && state.gs.side === p.side;
}

/** Why the person may not move in puzzle mode, as a message. */
export function whyNoMove(state) {
  const p = state.puzzle;
  if (!state.goal) return { key: 'puzzles.board.noGoal' };
  if (p && p.status === 'solved') return { key: 'puzzles.board.solved' };
  if (p && p.status === 'failed') return { key: 'puzzles.board.failed' };
  return { key: 'puzzles.board.wait' };
}

/**
 * The puzzle after the rules core's verdict on the solver's move (puzzleJudge: {status:
 * 'solved'|'continue'|'wrong', reply, refutation}); `event` is the event to fire now, if any
 * ({type: 'puzzle-solved'|'puzzle-failed', refutation}).
 */
export function afterVerdict(puzzle, verdict) {
  const status = verdict && verdict.status;
  if (status === 'solved') return { puzzle: { ...puzzle, status: 'solved', queue: [] }, event: { type: 'puzzle-solved', refutation: [] } };
  if (status === 'continue' && typeof verdict.reply === 'string' && verdict.reply) {
    return { puzzle: { ...puzzle, status: 'replying', queue: [verdict.reply] }, event: null };
  }
  const refutation = verdict && Array.isArray(verdict.refutation) ? verdict.refutation.filter((m) => typeof m === 'string') : [];
  return { puzzle: { ...puzzle, status: 'failed', queue: refutation }, event: { type: 'puzzle-failed', refutation } };
}

/**
 * Runs a board's puzzle: `host` gives {state(), setPuzzle(p), markMistake() (the last move),
 * core(), play(move) → boolean, emit(type, detail), error(message), t(key, params)}.
 */
export class PuzzleRunner {
  #host;
  #timer = null;

  constructor(host) {
    this.#host = host;
  }

  /** Stops any move waiting to be played (a new game, or the board left the page). */
  cancel() {
    clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Plays what is queued again once the board is back in the page. */
  resume() {
    const p = this.#host.state().puzzle;
    if (p && p.queue.length && !this.#timer) this.#schedule();
  }

  /** The person moved: asks the rules core for its verdict and acts on it. */
  judge() {
    const h = this.#host;
    const s = h.state();
    if (!s.puzzle || s.puzzle.status !== 'playing') return;
    let verdict;
    try {
      const core = h.core();
      if (typeof core.puzzleJudge !== 'function') throw new Error(h.t('puzzles.board.unsupported'));
      verdict = core.puzzleJudge(s.settings.variant, s.puzzle.start, s.goal, s.gs.history);
    } catch (e) {
      h.error(String((e && e.message) || e));
      verdict = null;
    }
    const { puzzle, event } = afterVerdict(s.puzzle, verdict);
    h.setPuzzle(puzzle);
    // The wrong move stays marked while the refutation is played after it.
    if (verdict && verdict.status === 'wrong') h.markMistake();
    if (event) h.emit(event.type, { moves: [...s.gs.history], refutation: event.refutation });
    if (puzzle.queue.length) this.#schedule();
  }

  #schedule() {
    this.cancel();
    this.#timer = setTimeout(() => this.#playNext(), REPLY_DELAY_MS);
  }

  #playNext() {
    this.#timer = null;
    const h = this.#host;
    const p = h.state().puzzle;
    if (!p || !p.queue.length || !h.state().connected) return;
    const [move, ...rest] = p.queue;
    const status = p.status === 'replying' && !rest.length ? 'playing' : p.status;
    h.setPuzzle({ ...p, status, queue: rest });
    if (!h.play(move)) return h.setPuzzle({ ...h.state().puzzle, queue: [] });
    if (rest.length) this.#schedule();
  }
}
