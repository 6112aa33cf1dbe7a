// The board editor's state, pure: which piece stands on each point, the piece the palette puts
// down, the rules, the side to move and the point the keyboard is on. Every change is a function
// of a state to a new one, so the view (editor-dialog.js) only draws and the tests need no page.
// The rules core judges the position (checkPosition); this module only writes its code.
import { FILES } from '../board/draw-layout.js';
/** @import { Piece, Side } from '../core/core-types.js' */

export { FILES };

/** @typedef {Piece['kind']} Kind */
/** A piece as the palette puts it down. @typedef {{color: Side, kind: Kind}} Man */
/** What a click on a point does: put a piece down, or take one away. @typedef {Man|'erase'} Tool */

/**
 * The editor's state. `pieces` by point name; `focus` the point the keyboard is on.
 * @typedef {{
 *   variant: string,
 *   side: Side,
 *   pieces: Readonly<Record<string, Man>>,
 *   tool: Tool,
 *   focus: string,
 * }} EditorState
 */

/** The palette in its order: each side's captain, sergeant and private, then the eraser. */
export const TOOLS = /** @type {readonly Tool[]} */ (
  Object.freeze([
    ...['blue', 'gray'].flatMap((color) => ['captain', 'sergeant', 'private'].map((kind) => Object.freeze({ color, kind }))),
    'erase',
  ])
);

const LETTERS = /** @type {Record<Kind, string>} */ ({ captain: 'c', sergeant: 's', private: 'p' });
const KINDS = /** @type {Record<string, Kind>} */ ({ c: 'captain', s: 'sergeant', p: 'private' });

/**
 * A new state: `variant`, `side` to move and the pieces of `board` (the rules core's list).
 * @param {string} variant
 * @param {Side} side
 * @param {readonly Piece[]} board
 * @returns {EditorState}
 */
export function editorState(variant, side, board) {
  return { variant, side, pieces: piecesOf(board), tool: TOOLS[1], focus: 'e5' };
}

/**
 * The pieces of a rules core's board list, by point.
 * @param {readonly Piece[]} board
 * @returns {Record<string, Man>}
 */
function piecesOf(board) {
  /** @type {Record<string, Man>} */
  const out = {};
  for (const p of board) out[p.point] = { color: p.color, kind: p.kind };
  return out;
}

/**
 * The state after a click (or Enter) on `point`: the tool's piece put there, or, when that very
 * piece is there already or the tool is the eraser, the point emptied (a second click undoes the first).
 * @param {EditorState} s
 * @param {string} point
 * @returns {EditorState}
 */
export function applyTool(s, point) {
  const here = manAt(s, point);
  return dropTool(s, here && sameTool(s.tool, here) ? 'erase' : s.tool, point);
}

/**
 * The state after `tool` is dragged from the palette onto `point`: its piece stands there
 * (whatever stood there is gone), or the eraser empties it. Unlike a click, a drop never takes
 * its own piece away: the player put it there on purpose. The palette's choice stays.
 * @param {EditorState} s
 * @param {Tool} tool
 * @param {string} point
 * @returns {EditorState}
 */
export function dropTool(s, tool, point) {
  if (!isPoint(point)) return s;
  const pieces = { ...s.pieces };
  if (tool === 'erase') delete pieces[point];
  else pieces[point] = { color: tool.color, kind: tool.kind };
  return { ...s, pieces, focus: point };
}

/**
 * The state after the piece on `point` is dragged off the board: gone. Nothing changes when
 * the point is empty.
 * @param {EditorState} s
 * @param {string} point
 * @returns {EditorState}
 */
export function removePiece(s, point) {
  if (!manAt(s, point)) return s;
  const pieces = { ...s.pieces };
  delete pieces[point];
  return { ...s, pieces, focus: point };
}

/**
 * The state after a piece is dragged from `from` to `to`: it stands there instead, whatever stood
 * there before is gone. Nothing changes when `from` is empty or either is not a point.
 * @param {EditorState} s
 * @param {string} from
 * @param {string} to
 * @returns {EditorState}
 */
export function movePiece(s, from, to) {
  const man = manAt(s, from);
  if (!man || !isPoint(to) || from === to) return s;
  const pieces = { ...s.pieces, [to]: man };
  delete pieces[from];
  return { ...s, pieces, focus: to };
}

/**
 * @param {EditorState} s
 * @param {Tool} tool
 * @returns {EditorState}
 */
export function chooseTool(s, tool) {
  return { ...s, tool };
}

/**
 * @param {EditorState} s
 * @param {Side} side
 * @returns {EditorState}
 */
export function setSide(s, side) {
  return { ...s, side };
}

/**
 * The rules changed: the pieces stay (the player may want the same position under other rules).
 * @param {EditorState} s
 * @param {string} variant
 * @returns {EditorState}
 */
export function setVariant(s, variant) {
  return { ...s, variant };
}

/**
 * @param {EditorState} s
 * @returns {EditorState}
 */
export function clearBoard(s) {
  return { ...s, pieces: {} };
}

/**
 * The board put back to a start: `board` and `side` (the rules core's start of the variant).
 * @param {EditorState} s
 * @param {Side} side
 * @param {readonly Piece[]} board
 * @returns {EditorState}
 */
export function resetBoard(s, side, board) {
  return { ...s, side, pieces: piecesOf(board) };
}

/** @type {Readonly<Record<string, [number, number]>>} */
const ARROWS = Object.freeze({ ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] });

/**
 * The state after an arrow key (as Blue sees the board: up is towards rank 9); null for any other key.
 * Home and End go to the rank's ends. The focus stays on the board's edge.
 * @param {EditorState} s
 * @param {string} key
 * @returns {EditorState|null}
 */
export function moveFocus(s, key) {
  const file = FILES.indexOf(s.focus[0]);
  const rank = Number(s.focus[1]) - 1;
  /** @type {[number, number]|undefined} */
  let to = ARROWS[key] ? [file + ARROWS[key][0], rank + ARROWS[key][1]] : undefined;
  if (key === 'Home') to = [0, rank];
  if (key === 'End') to = [8, rank];
  if (!to) return null;
  const clamp = (/** @type {number} */ n) => Math.max(0, Math.min(8, n));
  return { ...s, focus: FILES[clamp(to[0])] + String(clamp(to[1]) + 1) };
}

/**
 * @param {string} point
 * @returns {boolean}
 */
function isPoint(point) {
  return typeof point === 'string' && /^[a-i][1-9]$/.test(point);
}

/**
 * The piece on `point`, or undefined (a name that is no point, such as `toString`, has none).
 * @param {EditorState} s
 * @param {string} point
 * @returns {Man|undefined}
 */
function manAt(s, point) {
  return isPoint(point) ? s.pieces[point] : undefined;
}

/**
 * The position code of the state (docs/RULES.md §6.3). A set-up position starts afresh: no plies
 * without progress yet, move 1.
 * @param {EditorState} s
 * @returns {string}
 */
export function positionCode(s) {
  const ranks = [];
  for (let rank = 9; rank >= 1; rank--) {
    let text = '';
    let empty = 0;
    for (const f of FILES) {
      const man = s.pieces[f + rank];
      if (!man) {
        empty++;
        continue;
      }
      if (empty) text += String(empty);
      empty = 0;
      const letter = LETTERS[man.kind];
      text += man.color === 'blue' ? letter.toUpperCase() : letter;
    }
    ranks.push(empty ? text + String(empty) : text);
  }
  return `${ranks.join('/')} ${s.side === 'blue' ? 'b' : 'g'} 0 1`;
}

/**
 * The pieces and side of a position code's first two fields, or null when it is not one: the
 * editor opens with the board's position (which the rules core wrote, so this reads only that).
 * @param {string} code
 * @returns {{side: Side, pieces: Record<string, Man>}|null}
 */
export function readCode(code) {
  const [board, side] = String(code).trim().split(/\s+/);
  const ranks = (board || '').split('/');
  if (ranks.length !== 9 || (side !== 'b' && side !== 'g')) return null;
  /** @type {Record<string, Man>} */
  const pieces = {};
  for (let i = 0; i < 9; i++) {
    let file = 0;
    for (const c of ranks[i]) {
      if (/[1-9]/.test(c)) file += Number(c);
      else if (KINDS[c.toLowerCase()] && file < 9) {
        pieces[FILES[file] + String(9 - i)] = { color: c === c.toUpperCase() ? 'blue' : 'gray', kind: KINDS[c.toLowerCase()] };
        file++;
      } else return null;
    }
    if (file !== 9) return null;
  }
  return { side: side === 'b' ? 'blue' : 'gray', pieces };
}

/**
 * The rules core's board list of the state, for the board's drawing.
 * @param {EditorState} s
 * @returns {Piece[]}
 */
export function boardList(s) {
  return Object.entries(s.pieces).map(([point, m]) => ({ point, color: m.color, kind: m.kind }));
}

/**
 * The link that opens the position on the page: `base` (the page's address without query or
 * fragment) with the rules and the code in the fragment, as the page's links have their game.
 * @param {string} base
 * @param {EditorState} s
 * @returns {string}
 */
export function positionLink(base, s) {
  const params = new URLSearchParams({ variant: s.variant, position: positionCode(s) });
  return `${base}#${params.toString()}`;
}

/**
 * Whether two tools are the same.
 * @param {Tool} a
 * @param {Tool} b
 */
export function sameTool(a, b) {
  if (a === 'erase' || b === 'erase') return a === b;
  return a.color === b.color && a.kind === b.kind;
}
