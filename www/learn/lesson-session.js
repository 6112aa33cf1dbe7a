// One lesson's session, with no DOM and no wasm, as a small state machine. Every change is a
// pure function `(session, …) → session`; lessons.js draws the session and turns the page's
// events into these changes, the rules core (lessonJudge, lessonHint) judges the moves. The
// catalogue as the page reads it and the learner's progress are lesson-catalogue.js's, exported
// here too.
//
//   idle ─start→ loading ─loaded→ playing ─moved(continue)→ replying ─replied→ playing
//                   │                 │ ─moved(done)→ done
//                   └─failed→ error   └─moved(wrong)→ wrong ─(replied)→ wrong ─tryAgain→ playing
//
// `start` is the only way into a lesson and sets `loading` at once, with a new `seq`: whatever
// was under way for the previous lesson (its board loading, its reply) is recognised as stale by
// its `seq` and ignored.
import { allDone } from './lesson-catalogue.js';

export * from './lesson-catalogue.js';

/**
 * @import { Move } from '../core/core-types.js'
 * @import { Lesson, LessonProgress } from './lesson-catalogue.js'
 */

/**
 * Something said to the learner: a message of the page's tables with its parameters, or text
 * already in the reader's words (the rules core's refusals). The same shape as lib/i18n.js's
 * `Message`, said by its `translate`.
 * @typedef {import('../lib/i18n.js').Message} Message
 */

/**
 * The rules core's judgement of the learner's last move (`lessonJudge`): `reply` is Gray's
 * answer to play (null: none), `feedback` what to say (the lesson's success, or why the move is
 * wrong), `movesLeft` the learner's moves left within the budget.
 * @typedef {{status: 'done'|'continue'|'wrong', reply: string|null, feedback: {key: string, params: Record<string, string>}|null, movesLeft: number}} LessonVerdict
 */

/** @typedef {'idle'|'loading'|'playing'|'replying'|'wrong'|'done'|'error'} LessonStatus */

/**
 * One lesson's session: the lesson (null when idle) and its place in the list, the start number
 * `seq`, the moves played from the lesson's start (Gray's replies included), how many of them
 * there were before the learner's last move (`before`), Gray's reply still to play (`pending`),
 * the learner's moves left, what is said (`feedback`, one message or several in turn) and, after
 * a wrong move, why it was wrong (`why`).
 * @typedef {{
 *   lesson: Lesson|null,
 *   index: number,
 *   seq: number,
 *   status: LessonStatus,
 *   moves: string[],
 *   before: number,
 *   pending: string|null,
 *   movesLeft: number,
 *   feedback: Message|Message[]|null,
 *   why: Message|null,
 * }} LessonSession
 */

/**
 * A session's statuses.
 * @type {readonly LessonStatus[]}
 */
export const STATUSES = Object.freeze(['idle', 'loading', 'playing', 'replying', 'wrong', 'done', 'error']);

/**
 * No lesson on the board.
 * @returns {LessonSession}
 */
export function idle(seq = 0) {
  return {
    lesson: null,
    index: -1,
    seq,
    status: 'idle',
    moves: [],
    before: 0,
    pending: null,
    movesLeft: 0,
    feedback: null,
    why: null,
  };
}

/**
 * The learner's moves among the first `n` moves of a lesson (the learner moves first).
 * @param {number} n
 */
export function learnerMoves(n) {
  return Math.ceil(n / 2);
}

/**
 * Starts lesson `lesson` (a lessonInfo, number `index` of the list): `loading` at once.
 * @param {LessonSession} s
 * @param {Lesson} lesson
 * @param {number} index
 * @returns {LessonSession}
 */
export function start(s, lesson, index) {
  return { ...idle(s.seq + 1), lesson, index, status: 'loading', movesLeft: lesson.budget };
}

/**
 * The board of start number `seq` is set up: the learner's turn (stale starts are ignored).
 * @param {LessonSession} s
 * @param {number} seq
 * @returns {LessonSession}
 */
export function loaded(s, seq) {
  if (s.seq !== seq || s.status !== 'loading') return s;
  return { ...s, status: 'playing', feedback: { key: 'lessons.yourMove', params: { n: s.movesLeft } } };
}

/**
 * Setting up the board of start `seq` failed, with `text` saying why.
 * @param {LessonSession} s
 * @param {number} seq
 * @param {string} text
 * @returns {LessonSession}
 */
export function failed(s, seq, text) {
  if (s.seq !== seq || s.status !== 'loading') return s;
  return { ...s, status: 'error', feedback: { text: String(text) } };
}

/**
 * The learner played `move`; `verdict` is the rules core's judgement ({status: 'done' |
 * 'continue' | 'wrong', reply, feedback, movesLeft}), or `{error: text}` when it could not
 * judge. Moves are only taken while `playing`. After `continue`, `pending` is Gray's reply to
 * play; after `wrong`, the reply that shows the mistake, if any (the reason, `why`, is then said
 * once the reply is played).
 * @param {LessonSession} s
 * @param {string} move
 * @param {LessonVerdict|{error: string}|null|undefined} verdict
 * @returns {LessonSession}
 */
export function moved(s, move, verdict) {
  if (s.status !== 'playing') return s;
  const base = { ...s, moves: [...s.moves, move], before: s.moves.length, pending: null };
  if (!verdict || 'error' in verdict) {
    const text = verdict ? verdict.error : '';
    const why = { text: String(text) };
    return { ...base, status: 'wrong', why, feedback: why };
  }
  const movesLeft = Number.isInteger(verdict.movesLeft) ? verdict.movesLeft : s.movesLeft;
  const feedback = verdict.feedback || null;
  if (verdict.status === 'done') return { ...base, status: 'done', movesLeft, feedback, why: null };
  if (verdict.status === 'continue') {
    if (!verdict.reply) return { ...base, status: 'playing', movesLeft, feedback: { key: 'lessons.yourMove', params: { n: movesLeft } } };
    return { ...base, status: 'replying', movesLeft, pending: verdict.reply, feedback: { key: 'lessons.replying' } };
  }
  // When Gray's reply is to show the mistake, the reason is said once it is on the board, so
  // that it never speaks of a jump (say) before the jump is seen.
  const why = feedback || { key: 'lessons.noHint' };
  const pending = verdict.reply || null;
  return { ...base, status: 'wrong', movesLeft, pending, why, feedback: pending ? { key: 'lessons.replying' } : why };
}

/**
 * What a warning says once the reply it warned of has been played (`played`: the board's view of
 * the reply, {kind, points, captured}): said in the past ("was jumped", "stepped"), or the
 * warning as it was when the reply did something else.
 * @param {Message|null} why
 * @param {Move|null|undefined} played
 * @returns {Message|null}
 */
export function pastTense(why, played) {
  if (!why || !('key' in why) || !why.key || !played) return why;
  const p = why.params || {};
  const captured = played.captured || [];
  const points = played.points || [];
  if (why.key === 'lessons.why.hanging' && typeof p.guard === 'string' && captured.includes(p.guard)) {
    return { key: 'lessons.why.jumped', params: { ...p, move: played.text } };
  }
  if (why.key === 'lessons.why.enemyFree' && played.kind === 'captain' && points[points.length - 1] === p.point) {
    return { key: 'lessons.why.enemyWalked', params: { ...p, move: played.text } };
  }
  return why;
}

/**
 * Gray's reply `move` was played on the board; `played` is the board's view of it ({text, kind,
 * points, captured}, its `lastMove`). While replying, the learner's turn comes back. After a
 * wrong move, the reason is said again in the past when the reply has done what it warned of.
 * @param {LessonSession} s
 * @param {string} move
 * @param {Omit<Move, 'text'>|null} [played]
 * @returns {LessonSession}
 */
export function replied(s, move, played = null) {
  if (!s.pending || move !== s.pending) return s;
  const moves = [...s.moves, move];
  if (s.status === 'replying') {
    return {
      ...s,
      moves,
      pending: null,
      status: 'playing',
      feedback: { key: 'lessons.replied', params: { move, n: s.movesLeft } },
    };
  }
  if (s.status === 'wrong') {
    const why = pastTense(s.why, played && { ...played, text: move });
    return { ...s, moves, pending: null, why, feedback: why };
  }
  return s;
}

/**
 * The reply could not be played (`text` says why): the lesson stops there, to be tried again.
 * @param {LessonSession} s
 * @param {string} text
 * @returns {LessonSession}
 */
export function replyFailed(s, text) {
  if (!s.pending) return s;
  const why = { text: String(text) };
  return { ...s, pending: null, status: 'wrong', why, feedback: why };
}

/**
 * Try again: after a wrong move (or while Gray replies), back to the position before the
 * learner's last move; otherwise (done, error) the lesson from its start, `loading` again.
 * The board is then made to show `moves`.
 * @param {LessonSession} s
 * @returns {LessonSession}
 */
export function tryAgain(s) {
  if (!s.lesson) return s;
  if (s.status === 'wrong' || s.status === 'replying') {
    const moves = s.moves.slice(0, s.before);
    const movesLeft = Math.max(0, s.lesson.budget - learnerMoves(moves.length));
    return {
      ...s,
      moves,
      before: moves.length,
      pending: null,
      why: null,
      status: 'playing',
      movesLeft,
      feedback: { key: 'lessons.yourMove', params: { n: movesLeft } },
    };
  }
  if (s.status === 'playing' && !s.moves.length) return s;
  return start(s, s.lesson, s.index);
}

/**
 * A hint was asked for: `move` is lessonHint's answer (null when the goal is out of reach). On
 * the learner's turn it says the move, and before the learner's first move also the lesson's own
 * hint, whose words are about the start (later they would describe a move already made). After
 * a wrong move there is no hint: the view offers Try again instead.
 * @param {LessonSession} s
 * @param {string|null} move
 * @returns {LessonSession}
 */
export function hinted(s, move) {
  // (A session is only ever playing a lesson; the check says so to the type checker.)
  if (s.status !== 'playing' || !s.lesson) return s;
  if (!move) return { ...s, feedback: { key: 'lessons.noHint' } };
  const next = { key: 'lessons.hintMove', params: { move } };
  return { ...s, feedback: s.moves.length ? next : [{ key: `lesson.${s.lesson.id}.hint` }, next] };
}

/**
 * Back to the list: no lesson. Anything still under way for the lesson is now stale.
 * @param {LessonSession} s
 * @returns {LessonSession}
 */
export function stop(s) {
  return idle(s.seq + 1);
}

/**
 * The index of the lesson after the session's in `list`, or -1 after the last one.
 * @param {LessonSession} s
 * @param {Lesson[]} list
 */
export function nextIndex(s, list) {
  const i = s.index + 1;
  return i > 0 && i < list.length ? i : -1;
}

/**
 * Whether the board refuses the learner's moves: always but on the learner's turn.
 * @param {LessonSession} s
 */
export function locked(s) {
  return s.status !== 'playing';
}

/**
 * What the session shows, as message references ({key, params} or {text}; `feedback` may be a
 * list of them, said one after the other; null for nothing): `feedback` (what happened), `next`
 * (what to do now), `lock` (what a press on the locked board says), which buttons the learner
 * can use, and `playOffer`: every lesson is done, so the page offers a first game.
 * @param {LessonSession} s
 * @param {Lesson[]} list
 * @param {LessonProgress} progress
 */
export function sessionView(s, list, progress) {
  const everyDone = allDone(list, progress);
  const last = !!s.lesson && nextIndex(s, list) < 0;
  /** @type {Message|null} */
  let next = null;
  if (s.status === 'wrong' || s.status === 'error') next = { key: 'lessons.doNext.wrong' };
  else if (s.status === 'done') next = { key: everyDone ? 'lessons.doNext.allDone' : last ? 'lessons.doNext.doneLast' : 'lessons.doNext.done' };
  /** @type {Partial<Record<LessonStatus, Message>>} */
  const locks = {
    loading: { key: 'lessons.lock.loading' },
    replying: { key: 'lessons.lock.replying' },
    wrong: { key: 'lessons.lock.wrong' },
    error: { key: 'lessons.lock.wrong' },
    done: { key: 'lessons.lock.done' },
  };
  const lock = locks[s.status] || null;
  return {
    status: s.status,
    lesson: s.lesson ? s.lesson.id : null,
    feedback: s.feedback,
    next,
    lock,
    locked: locked(s),
    hint: s.status === 'playing',
    retry: ['wrong', 'replying', 'done', 'error'].includes(s.status) || (s.status === 'playing' && s.moves.length > 0),
    retryPrimary: s.status === 'wrong' || s.status === 'error',
    nextPrimary: s.status === 'done' && !everyDone,
    last,
    playOffer: s.status === 'done' && everyDone,
  };
}
