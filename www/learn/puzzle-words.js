// What the puzzle view says, pure: how a solved puzzle was won (the rules core's `ending`, so
// that a newcomer sees why the last move counts), the graded hints (the piece first, then the
// move, so that a hint need not give the puzzle away), a theme's name, and a message or a list
// of them put into words. puzzle-dialog.js says them.
/** @import { Translate } from '../lib/i18n.js' */
/** @import { Message } from './lesson-session.js' */
/** @import { GameState, Side } from '../core/core-types.js' */
import { whyMessage } from '../lib/puzzle-why.js';

export { whyMessage };

/** @param {Side} side */
export const other = (side) => (side === 'blue' ? 'gray' : 'blue');

/** @param {unknown} n */
const step = (n) => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 99;

/**
 * How the solver (`side`) reached the goal, as a message, from a verdict's `ending` (any value:
 * `{reason: 'breakthrough'}`, `{reason: 'lead', point, ours, theirs, needed}` or `{reason:
 * 'stopped'}`); null for anything else.
 * @param {unknown} ending
 * @param {Side} side
 * @returns {Message|null}
 */
export function endingMessage(ending, side) {
  if (!ending || typeof ending !== 'object') return null;
  const e = /** @type {Record<string, unknown>} */ (ending);
  if (e.reason === 'breakthrough') return { key: 'puzzles.won.breakthrough', params: { side } };
  if (e.reason === 'stopped') return { key: 'puzzles.won.stopped', params: { side: other(side) } };
  const { point, ours, theirs, needed } = e;
  if (e.reason !== 'lead' || typeof point !== 'string' || !/^[a-i][1-9]$/.test(point)) return null;
  if (!step(ours) || !step(theirs) || !step(needed) || Number(ours) <= Number(theirs)) return null;
  const lead = Number(ours) - Number(theirs);
  return { key: 'puzzles.won.lead', params: { side, other: other(side), point, ours: Number(ours), theirs: Number(theirs), lead, needed: Number(needed) } };
}

/**
 * What the page says of a verdict (any value) on the solver `side`'s move `move`, in a
 * `wrong` or `slower` session: what it is, then why, with the line shown on the board.
 * @param {'wrong'|'slower'} status
 * @param {unknown} verdict
 * @param {Side} side
 * @param {string} move
 * @param {number} n the solver's moves the puzzle asks for
 * @returns {Message[]}
 */
export function verdictMessages(status, verdict, side, move, n) {
  const v = /** @type {Record<string, unknown>} */ (verdict && typeof verdict === 'object' ? verdict : {});
  const line = lineOf(verdict);
  const why = whyMessage(v.why, side, line);
  if (status === 'slower') {
    /** @type {Message} */
    const said = { key: 'puzzles.slower', params: { n } };
    return why && line.length ? [said, { key: 'puzzles.slowerLine', params: { line: line.join(' ') } }, why] : [said];
  }
  const refutation = Array.isArray(v.refutation) ? v.refutation.filter((m) => typeof m === 'string') : [];
  const said = refutation.length ? { key: 'puzzles.wrong', params: { move, line: refutation.join(' ') } } : { key: 'puzzles.wrongNoLine', params: { move } };
  const rest = line.slice(refutation.length);
  return [said, rest.length ? { key: 'puzzles.whyThen', params: { line: rest.join(' ') } } : null, why].filter((m) => m !== null);
}

/**
 * A verdict's `line` (any value): the moves to show on the board, [] when it has none.
 * @param {unknown} verdict
 * @returns {string[]}
 */
export function lineOf(verdict) {
  const line = verdict && typeof verdict === 'object' ? /** @type {{line?: unknown}} */ (verdict).line : null;
  return Array.isArray(line) ? line.filter((m) => typeof m === 'string') : [];
}

/**
 * The hint at `level` for the solution's next `move` in the game `state`: at level 1 the piece
 * that moves (its kind and point), at level 2 (or when the piece cannot be told) the move itself.
 * @param {1|2} level
 * @param {string} move
 * @param {Pick<GameState, 'board'>|null} state
 * @returns {Message}
 */
export function hintMessage(level, move, state) {
  const from = move.split(/[-x]/)[0];
  const piece = level === 1 && state ? state.board.find((p) => p.point === from) : undefined;
  return piece ? { key: 'puzzles.hintPiece', params: { kind: piece.kind, point: from } } : { key: 'puzzles.hintMove', params: { move } };
}

/**
 * The message key of a theme's name.
 * @param {string} theme one of puzzle-session.js THEMES
 */
export const themeKey = (theme) => `puzzles.theme.${theme}`;

/**
 * A message, a list of them, or none, in words: `{key, params}` said by `t`, `{text}` as it is.
 * @param {Message|Message[]|null} m
 * @param {Translate} t
 * @returns {string}
 */
export function words(m, t) {
  if (!m) return '';
  if (Array.isArray(m)) return m.map((x) => words(x, t)).join(' ');
  if ('key' in m && m.key) return t(m.key, m.params);
  return 'text' in m ? String(m.text ?? '') : '';
}

/**
 * A variant spec's name in the page's language, or the spec itself when it has none.
 * @param {string} spec
 * @param {Translate} t
 */
export function variantName(spec, t) {
  const key = `variantName.${spec}`;
  const name = t(key);
  return name === key ? spec : name;
}
