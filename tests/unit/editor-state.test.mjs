// Unit tests of www/editor/editor-state.js: the palette's clicks, clearing and resetting, the side
// and rules, the keyboard's focus, and the position code and link the editor writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as E from '../../www/editor/editor-state.js';

const SACKSON = 'sssscssss/sssssssss/9/9/9/9/9/SSSSSSSSS/SSSSCSSSS b 0 1';
const startBoard = () => {
  const read = E.readCode(SACKSON);
  assert.ok(read);
  return E.boardList({ ...E.editorState('sackson', 'blue', []), pieces: read.pieces });
};
const tool = (color, kind) => E.TOOLS.find((t) => t !== 'erase' && t.color === color && t.kind === kind);

test('the start read from its code writes the same code back', () => {
  const s = E.editorState('sackson', 'blue', startBoard());
  assert.equal(startBoard().length, 36);
  assert.equal(E.positionCode(s), SACKSON);
  assert.equal(E.positionCode(E.setSide(s, 'gray')), SACKSON.replace(' b ', ' g '));
});

test('an empty board is nine empty ranks, and a piece is written where it stands, Blue uppercase', () => {
  let s = E.clearBoard(E.editorState('sackson', 'blue', startBoard()));
  assert.equal(E.positionCode(s), '9/9/9/9/9/9/9/9/9 b 0 1');
  s = E.applyTool(E.chooseTool(s, tool('blue', 'captain')), 'e1');
  s = E.applyTool(E.chooseTool(s, tool('gray', 'private')), 'a9');
  s = E.applyTool(E.chooseTool(s, tool('gray', 'sergeant')), 'i5');
  assert.equal(E.positionCode(s), 'p8/9/9/9/8s/9/9/9/4C4 b 0 1');
  assert.equal(s.focus, 'i5');
});

test('a click puts the tool’s piece down, replaces another piece, and a second click takes it away', () => {
  let s = E.chooseTool(E.editorState('sackson', 'blue', []), tool('blue', 'sergeant'));
  s = E.applyTool(s, 'c3');
  assert.deepEqual(s.pieces.c3, { color: 'blue', kind: 'sergeant' });
  s = E.applyTool(E.chooseTool(s, tool('gray', 'captain')), 'c3');
  assert.deepEqual(s.pieces.c3, { color: 'gray', kind: 'captain' });
  s = E.applyTool(s, 'c3');
  assert.equal(s.pieces.c3, undefined);
  // The eraser empties a point, and leaves an empty one empty.
  s = E.applyTool(E.applyTool(s, 'd4'), 'd5');
  s = E.chooseTool(s, 'erase');
  s = E.applyTool(E.applyTool(s, 'd4'), 'h8');
  assert.deepEqual(Object.keys(s.pieces), ['d5']);
  // Not a point: nothing changes.
  assert.equal(E.applyTool(s, 'j1'), s);
});

test('changes make new states and leave the old one as it was', () => {
  const s = E.editorState('sackson', 'blue', []);
  const t = E.applyTool(s, 'e4');
  assert.deepEqual(s.pieces, {});
  assert.notEqual(t, s);
  assert.equal(E.setVariant(t, 'super').variant, 'super');
  assert.deepEqual(E.setVariant(t, 'super').pieces, t.pieces, 'the rules change, the pieces stay');
});

test('reset puts back a start and its side; clear empties the board', () => {
  const s = E.clearBoard(E.editorState('classic', 'blue', startBoard()));
  assert.equal(Object.keys(s.pieces).length, 0);
  const r = E.resetBoard(s, 'gray', startBoard());
  assert.equal(Object.keys(r.pieces).length, 36);
  assert.equal(r.side, 'gray');
});

test('the arrow keys move the focus as Blue sees the board, and stop at its edge', () => {
  let s = E.editorState('sackson', 'blue', []);
  assert.equal(s.focus, 'e5');
  s = /** @type {E.EditorState} */ (E.moveFocus(s, 'ArrowUp'));
  assert.equal(s.focus, 'e6');
  s = /** @type {E.EditorState} */ (E.moveFocus(s, 'ArrowLeft'));
  assert.equal(s.focus, 'd6');
  s = /** @type {E.EditorState} */ (E.moveFocus(s, 'End'));
  assert.equal(s.focus, 'i6');
  s = /** @type {E.EditorState} */ (E.moveFocus(s, 'ArrowRight'));
  assert.equal(s.focus, 'i6');
  s = /** @type {E.EditorState} */ (E.moveFocus(s, 'Home'));
  assert.equal(s.focus, 'a6');
  for (let i = 0; i < 10; i++) s = /** @type {E.EditorState} */ (E.moveFocus(s, 'ArrowDown'));
  assert.equal(s.focus, 'a1');
  assert.equal(E.moveFocus(s, 'Enter'), null);
});

test('readCode reads what the rules core writes and refuses what is not a code', () => {
  const r = E.readCode('4c4/9/9/9/9/9/1C7/9/9 g 12 30');
  assert.ok(r);
  assert.equal(r.side, 'gray');
  assert.deepEqual(r.pieces, { e9: { color: 'gray', kind: 'captain' }, b3: { color: 'blue', kind: 'captain' } });
  for (const bad of ['', 'x', '9/9 b 0 1', '9/9/9/9/9/9/9/9/8 b 0 1', '9/9/9/9/9/9/9/9/9 w 0 1', '9/9/9/9/9/9/9/9/8Q b 0 1', '9/9/9/9/9/9/9/9/SSSSSSSSSS b 0 1']) {
    assert.equal(E.readCode(bad), null, bad);
  }
});

test('the link carries the rules and the code in the fragment, which the page reads back', () => {
  const s = E.applyTool(E.chooseTool(E.editorState('classic-turbo,lead=2', 'gray', []), tool('blue', 'captain')), 'e1');
  const link = E.positionLink('https://example.org/bg/', s);
  assert.ok(link.startsWith('https://example.org/bg/#'));
  const params = new URLSearchParams(link.split('#')[1]);
  assert.equal(params.get('variant'), 'classic-turbo,lead=2');
  assert.equal(params.get('position'), '9/9/9/9/9/9/9/9/4C4 g 0 1');
});

test('the palette has each side’s three pieces and the eraser, and tools compare by what they put down', () => {
  assert.equal(E.TOOLS.length, 7);
  assert.ok(E.sameTool(tool('blue', 'private'), { color: 'blue', kind: 'private' }));
  assert.ok(!E.sameTool(tool('blue', 'private'), tool('gray', 'private')));
  assert.ok(E.sameTool('erase', 'erase'));
  assert.ok(!E.sameTool('erase', tool('blue', 'captain')));
});

test('a piece dragged to another point stands there instead, taking the place of what stood there', () => {
  let s = E.applyTool(E.chooseTool(E.editorState('sackson', 'blue', []), tool('gray', 'captain')), 'e9');
  s = E.applyTool(E.chooseTool(s, tool('blue', 'sergeant')), 'e8');
  const moved = E.movePiece(s, 'e9', 'e8');
  assert.deepEqual(moved.pieces, { e8: { color: 'gray', kind: 'captain' } });
  assert.equal(moved.focus, 'e8');
  // From an empty point, onto itself, or off the board: nothing changes.
  assert.equal(E.movePiece(s, 'a1', 'a2'), s);
  assert.equal(E.movePiece(s, 'e9', 'e9'), s);
  assert.equal(E.movePiece(s, 'e9', 'z0'), s);
});

test('a palette piece dragged onto a point stands there, replacing what stood there, even the same piece; the eraser dragged empties it', () => {
  const gray = tool('gray', 'sergeant');
  let s = E.chooseTool(E.editorState('sackson', 'blue', []), tool('blue', 'captain'));
  s = E.dropTool(s, gray, 'c7');
  assert.deepEqual(s.pieces, { c7: { color: 'gray', kind: 'sergeant' } });
  assert.equal(s.focus, 'c7');
  assert.ok(E.sameTool(s.tool, tool('blue', 'captain')), 'the palette’s choice stays');
  // Unlike a second click, a second drop of the same piece leaves it (it was put there on purpose).
  assert.deepEqual(E.dropTool(s, gray, 'c7').pieces, s.pieces);
  s = E.dropTool(s, tool('blue', 'private'), 'c7');
  assert.deepEqual(s.pieces, { c7: { color: 'blue', kind: 'private' } });
  assert.deepEqual(E.dropTool(s, 'erase', 'c7').pieces, {});
  // Not a point: nothing changes.
  assert.equal(E.dropTool(s, gray, 'c0'), s);
  assert.equal(E.dropTool(s, gray, '__proto__'), s);
});

test('a piece dragged off the board is gone; an empty point or a name that is none changes nothing', () => {
  let s = E.applyTool(E.chooseTool(E.editorState('sackson', 'blue', []), tool('gray', 'captain')), 'e9');
  s = E.applyTool(s, 'a1');
  const off = E.removePiece(s, 'e9');
  assert.deepEqual(off.pieces, { a1: { color: 'gray', kind: 'captain' } });
  assert.deepEqual(s.pieces.e9, { color: 'gray', kind: 'captain' }, 'the old state is as it was');
  assert.equal(E.removePiece(off, 'e9'), off);
  assert.equal(E.removePiece(off, 'toString'), off);
});

test('a name that is no point holds no piece to move or to click away', () => {
  const s = E.editorState('sackson', 'blue', []);
  assert.equal(E.movePiece(s, 'toString', 'e5'), s);
  assert.equal(E.applyTool(s, 'constructor'), s);
});
